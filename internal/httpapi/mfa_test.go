package httpapi_test

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/pquerna/otp/totp"

	"github.com/cantica/cantica/internal/app/apptest"
)

func code(t *testing.T, h *apptest.Harness, secret string) string {
	t.Helper()
	c, err := totp.GenerateCode(secret, h.Clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// enableTOTP turns two-factor authentication on and returns the secret and
// the recovery codes.
func enableTOTP(t *testing.T, h *apptest.Harness, c *apptest.Client) (string, []string) {
	t.Helper()
	res := c.Do("POST", "/api/v1/account/mfa/totp/enroll", nil)
	if res.Status != 200 || !strings.HasPrefix(res.Str("qrCode"), "data:image/png;base64,") ||
		!strings.HasPrefix(res.Str("otpauthUrl"), "otpauth://totp/Cantica:") {
		t.Fatalf("enroll: %d %.300s", res.Status, res.Raw)
	}
	secret := res.Str("secret")
	wantError(t, c.Do("POST", "/api/v1/account/mfa/totp/activate", map[string]any{"code": "000000"}), 400, "VALIDATION_ERROR")
	res = c.Do("POST", "/api/v1/account/mfa/totp/activate", map[string]any{"code": code(t, h, secret)})
	if res.Status != 200 {
		t.Fatalf("activate: %d %s", res.Status, res.Raw)
	}
	var codes []string
	for _, v := range res.JSON["recoveryCodes"].([]any) {
		codes = append(codes, v.(string))
	}
	if len(codes) != 10 {
		t.Fatalf("%d recovery codes", len(codes))
	}
	return secret, codes
}

func TestTwoFactorSignIn(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		secret, recovery := enableTOTP(t, h, c)
		if res := c.Do("GET", "/api/v1/account/mfa", nil); res.JSON["totpEnabled"] != true || res.JSON["recoveryCodesLeft"] != float64(10) {
			t.Fatalf("status: %s", res.Raw)
		}

		// A password is no longer enough.
		b := h.NewClient()
		res := login(b, "ada@example.com", goodPassword, true)
		if res.Status != 200 || res.Str("status") != "mfa_required" || res.JSON["user"] != nil {
			t.Fatalf("login: %d %s", res.Status, res.Raw)
		}
		if signedInAs(t, b) != "" {
			t.Fatal("signed in before the second factor")
		}
		if res := b.Do("GET", "/api/v1/auth/mfa", nil); res.JSON["pending"] != true {
			t.Fatalf("pending: %s", res.Raw)
		}
		wantError(t, b.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": "123456"}), 400, "VALIDATION_ERROR")

		// The code activation used is spent; wait for the next one.
		h.Clock.Advance(30 * time.Second)
		good := code(t, h, secret)
		res = b.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": good})
		if res.Status != 200 || res.Str("status") != "signed_in" {
			t.Fatalf("verify: %d %s", res.Status, res.Raw)
		}
		if sessionCookie(t, res).MaxAge != 30*24*3600 {
			t.Fatal("remember me was lost on the way through the second factor")
		}
		if signedInAs(t, b) != "ada@example.com" {
			t.Fatal("not signed in after the code")
		}

		// Each code works once, even in another browser.
		r := h.NewClient()
		login(r, "ada@example.com", goodPassword, false)
		wantError(t, r.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": good}), 400, "VALIDATION_ERROR")

		// A recovery code works, once.
		if res := r.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": strings.ToUpper(recovery[3])}); res.Status != 200 {
			t.Fatalf("recovery code: %d %s", res.Status, res.Raw)
		}
		x := h.NewClient()
		login(x, "ada@example.com", goodPassword, false)
		wantError(t, x.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": recovery[3]}), 400, "VALIDATION_ERROR")
		if res := c.Do("GET", "/api/v1/account/mfa", nil); res.JSON["recoveryCodesLeft"] != float64(9) {
			t.Fatalf("codes left: %s", res.Raw)
		}

		// The challenge expires.
		y := h.NewClient()
		login(y, "ada@example.com", goodPassword, false)
		h.Clock.Advance(11 * time.Minute)
		wantError(t, y.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": code(t, h, secret)}), 401, "AUTH_ERROR")
	})
}

func TestWrongCodesArePaused(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		secret, _ := enableTOTP(t, h, signIn(t, h, "ada@example.com"))
		h.Clock.Advance(30 * time.Second) // a fresh code, not the one activation used
		c := h.NewClient()
		login(c, "ada@example.com", goodPassword, false)
		for range 5 {
			wantError(t, c.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": "111111"}), 400, "VALIDATION_ERROR")
		}
		// Paused: even the right code waits.
		wantError(t, c.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": code(t, h, secret)}), 429, "RATE_LIMITED")
	})
}

func TestPasswordResetDoesNotBypassTwoFactor(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		enableTOTP(t, h, signIn(t, h, "ada@example.com"))
		h.Clock.Advance(time.Minute)
		token := requestReset(t, h, "ada@example.com")
		if res := h.NewClient().Do("POST", "/api/v1/auth/password/reset", map[string]any{"token": token, "password": newPassword}); res.Status != 204 {
			t.Fatalf("reset: %d", res.Status)
		}
		if res := login(h.NewClient(), "ada@example.com", newPassword, false); res.Str("status") != "mfa_required" {
			t.Fatalf("after a reset the code is still needed: %s", res.Raw)
		}
	})
}

func TestDisableTwoFactorNeedsACode(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		secret, _ := enableTOTP(t, h, c)
		wantError(t, c.Do("POST", "/api/v1/account/mfa/totp/disable", map[string]any{"code": ""}), 400, "VALIDATION_ERROR")
		wantError(t, c.Do("POST", "/api/v1/account/mfa/totp/disable", map[string]any{"code": "999999"}), 400, "VALIDATION_ERROR")
		h.Clock.Advance(30 * time.Second)
		if res := c.Do("POST", "/api/v1/account/mfa/totp/disable", map[string]any{"code": code(t, h, secret)}); res.Status != 204 {
			t.Fatalf("disable: %d %s", res.Status, res.Raw)
		}
		if res := login(h.NewClient(), "ada@example.com", goodPassword, false); res.Str("status") != "signed_in" {
			t.Fatalf("after disabling: %s", res.Raw)
		}
	})
}

func TestRegenerateRecoveryCodes(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		secret, old := enableTOTP(t, h, c)
		h.Clock.Advance(30 * time.Second)
		res := c.Do("POST", "/api/v1/account/mfa/recovery-codes", map[string]any{"code": code(t, h, secret)})
		if res.Status != 200 || len(res.JSON["recoveryCodes"].([]any)) != 10 {
			t.Fatalf("regenerate: %d %s", res.Status, res.Raw)
		}
		b := h.NewClient()
		login(b, "ada@example.com", goodPassword, false)
		wantError(t, b.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": old[0]}), 400, "VALIDATION_ERROR")
	})
}

// Recovery codes are shown as "abcde-fghij"; the dash, spaces and case are
// presentation, so the code works however it is typed — the account page
// sends it without the dash.
func TestRecoveryCodesTypedWithOrWithoutTheDash(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		_, recovery := enableTOTP(t, h, c)

		// Sign-in with a code typed without its dash, and one in capitals
		// with a space.
		for _, typed := range []string{
			strings.ReplaceAll(recovery[0], "-", ""),
			strings.ToUpper(strings.ReplaceAll(recovery[1], "-", " ")),
		} {
			b := h.NewClient()
			login(b, "ada@example.com", goodPassword, false)
			if res := b.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": typed}); res.Status != 200 || res.Str("status") != "signed_in" {
				t.Fatalf("sign in with recovery code %q: %d %s", typed, res.Status, res.Raw)
			}
		}

		// Turning two-factor off with a code without its dash…
		if res := c.Do("POST", "/api/v1/account/mfa/totp/disable", map[string]any{"code": strings.ReplaceAll(recovery[2], "-", "")}); res.Status != 204 {
			t.Fatalf("disable with an undashed recovery code: %d %s", res.Status, res.Raw)
		}
		if res := c.Do("GET", "/api/v1/account/mfa", nil); res.JSON["totpEnabled"] != false {
			t.Fatalf("status after disabling: %s", res.Raw)
		}
		// …and with one typed as shown.
		_, recovery = enableTOTP(t, h, c)
		if res := c.Do("POST", "/api/v1/account/mfa/totp/disable", map[string]any{"code": recovery[0]}); res.Status != 204 {
			t.Fatalf("disable with a dashed recovery code: %d %s", res.Status, res.Raw)
		}
	})
}

// Codes issued before recovery codes were normalised were stored as the
// hash of their dashed form; they keep working, typed either way.
func TestRecoveryCodesStoredWithTheirDashStillWork(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		enableTOTP(t, h, c)
		userID := c.Do("GET", "/api/v1/auth/session", nil).Str("user.id")
		for _, stored := range []string{"abcde-fghij", "klmno-pqrst"} {
			sum := sha256.Sum256([]byte(stored))
			if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO recovery_codes (id, user_id, code_hash) VALUES (?, ?, ?)`,
				uuid.NewString(), userID, hex.EncodeToString(sum[:])); err != nil {
				t.Fatal(err)
			}
		}
		b := h.NewClient()
		login(b, "ada@example.com", goodPassword, false)
		if res := b.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": "ABCDEFGHIJ"}); res.Status != 200 {
			t.Fatalf("old code typed without the dash: %d %s", res.Status, res.Raw)
		}
		if res := c.Do("POST", "/api/v1/account/mfa/totp/disable", map[string]any{"code": "klmno-pqrst"}); res.Status != 204 {
			t.Fatalf("old code typed as shown: %d %s", res.Status, res.Raw)
		}
	})
}

// Every place that takes a code counts wrong ones against the same pause
// as the sign-in step, so codes cannot be guessed through the account page.
func TestWrongCodesOnTheAccountPageArePaused(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		wrongFiveTimes := func(c *apptest.Client, path string) {
			t.Helper()
			for range 5 {
				wantError(t, c.Do("POST", path, map[string]any{"code": "111111"}), 400, "VALIDATION_ERROR")
			}
		}

		// Turning two-factor on.
		confirmedUser(t, h, "on@example.com")
		on := signIn(t, h, "on@example.com")
		res := on.Do("POST", "/api/v1/account/mfa/totp/enroll", nil)
		secret := res.Str("secret")
		wrongFiveTimes(on, "/api/v1/account/mfa/totp/activate")
		wantError(t, on.Do("POST", "/api/v1/account/mfa/totp/activate", map[string]any{"code": code(t, h, secret)}), 429, "RATE_LIMITED")

		// Turning it off.
		confirmedUser(t, h, "off@example.com")
		off := signIn(t, h, "off@example.com")
		secret, _ = enableTOTP(t, h, off)
		h.Clock.Advance(30 * time.Second)
		wrongFiveTimes(off, "/api/v1/account/mfa/totp/disable")
		res = off.Do("POST", "/api/v1/account/mfa/totp/disable", map[string]any{"code": code(t, h, secret)})
		wantError(t, res, 429, "RATE_LIMITED")
		if !strings.Contains(res.Str("message"), "after 30 seconds") {
			t.Fatalf("message %q", res.Str("message"))
		}
		// The pause is the account's, sign-in included…
		b := h.NewClient()
		login(b, "off@example.com", goodPassword, false)
		wantError(t, b.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": code(t, h, secret)}), 429, "RATE_LIMITED")
		// …and it ends: the owner is not locked out for good.
		h.Clock.Advance(31 * time.Second)
		if res := off.Do("POST", "/api/v1/account/mfa/totp/disable", map[string]any{"code": code(t, h, secret)}); res.Status != 204 {
			t.Fatalf("disable after the pause: %d %s", res.Status, res.Raw)
		}

		// New recovery codes.
		confirmedUser(t, h, "codes@example.com")
		cc := signIn(t, h, "codes@example.com")
		secret, _ = enableTOTP(t, h, cc)
		h.Clock.Advance(30 * time.Second)
		wrongFiveTimes(cc, "/api/v1/account/mfa/recovery-codes")
		wantError(t, cc.Do("POST", "/api/v1/account/mfa/recovery-codes", map[string]any{"code": code(t, h, secret)}), 429, "RATE_LIMITED")
	})
}
