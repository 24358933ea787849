package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
)

const newPassword = "Anthem&Evensong9"

func requestReset(t *testing.T, h *apptest.Harness, email string) string {
	t.Helper()
	c := h.NewClient()
	if res := c.Do("POST", "/api/v1/auth/password/forgot", map[string]any{"email": email}); res.Status != 202 {
		t.Fatalf("forgot: %d %s", res.Status, res.Raw)
	}
	m := h.Mail(email)
	if m.Subject != "Reset your Cantica password" {
		t.Fatalf("subject %q", m.Subject)
	}
	return tokenOf(t, h.Link(m, "/reset-password?token="), "token")
}

func TestPasswordReset(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		phone := signIn(t, h, "ada@example.com")
		laptop := signIn(t, h, "ada@example.com")
		token := requestReset(t, h, "ada@example.com")
		c := h.NewClient()

		// The five rules, all failures listed, one per line (§5).
		for password, want := range map[string]string{
			"short": "Password must be at least 8 characters long\nPassword must contain at least one uppercase letter\n" +
				"Password must contain at least one number\n" +
				`Password must contain at least one special character (!@#$%^&*(),.?":{}|<>)`,
			"SHORT": "Password must be at least 8 characters long\nPassword must contain at least one lowercase letter\n" +
				"Password must contain at least one number\n" +
				`Password must contain at least one special character (!@#$%^&*(),.?":{}|<>)`,
			"ANTHEM&EVENSONG9": "Password must contain at least one lowercase letter",
		} {
			res := c.Do("POST", "/api/v1/auth/password/reset", map[string]any{"token": token, "password": password})
			wantError(t, res, 400, "VALIDATION_ERROR")
			details, _ := res.JSON["details"].(map[string]any)
			if details["password"] != want {
				t.Fatalf("messages for %q:\n%v\nwant:\n%s", password, details["password"], want)
			}
		}

		if res := c.Do("POST", "/api/v1/auth/password/reset", map[string]any{"token": token, "password": newPassword}); res.Status != 204 {
			t.Fatalf("reset: %d %s", res.Status, res.Raw)
		}
		// Nobody is signed in by the reset, and every session of the user ended.
		if signedInAs(t, c) != "" || signedInAs(t, phone) != "" || signedInAs(t, laptop) != "" {
			t.Fatal("a session survived the password reset (or the reset signed someone in)")
		}
		// The link works once.
		wantError(t, c.Do("POST", "/api/v1/auth/password/reset", map[string]any{"token": token, "password": "Other&Password9"}), 400, "INVALID_TOKEN")
		wantError(t, login(h.NewClient(), "ada@example.com", goodPassword, false), 401, "AUTH_ERROR")
		if res := login(h.NewClient(), "ada@example.com", newPassword, false); res.Status != 200 {
			t.Fatalf("sign in with the new password: %d %s", res.Status, res.Raw)
		}
	})
}

func TestResetLinkExpiresAfterAnHour(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		token := requestReset(t, h, "ada@example.com")
		h.Clock.Advance(61 * time.Minute)
		wantError(t, h.NewClient().Do("POST", "/api/v1/auth/password/reset", map[string]any{"token": token, "password": newPassword}), 400, "INVALID_TOKEN")
	})
}

// Sixteen browsers redeem one reset link at the same moment: exactly one wins.
func TestResetLinkRedeemedOnceUnderConcurrency(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		token := requestReset(t, h, "ada@example.com")
		var wg sync.WaitGroup
		statuses := make(chan int, 16)
		start := make(chan struct{})
		for i := range 16 {
			wg.Go(func() {
				c := h.NewClient()
				<-start
				password := newPassword + strings.Repeat("x", i)
				statuses <- c.Do("POST", "/api/v1/auth/password/reset", map[string]any{"token": token, "password": password}).Status
			})
		}
		close(start)
		wg.Wait()
		close(statuses)
		won := 0
		for s := range statuses {
			switch s {
			case 204:
				won++
			case 400:
			default:
				t.Errorf("unexpected status %d", s)
			}
		}
		if won != 1 {
			t.Fatalf("%d redemptions succeeded, want exactly 1", won)
		}
	})
}

func TestForgotPasswordOutcomes(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := h.NewClient()
		res := c.Do("POST", "/api/v1/auth/password/forgot", map[string]any{"email": "nobody@example.com"})
		wantError(t, res, 404, "NOT_FOUND")
		if res.Str("message") != "No account found with this email." {
			t.Fatalf("message %q", res.Str("message"))
		}
		if res := c.Do("POST", "/api/v1/auth/password/forgot", map[string]any{"email": "ada@example.com"}); res.Status != 202 {
			t.Fatalf("first request: %d", res.Status)
		}
		h.Clock.Advance(18 * time.Second)
		res = c.Do("POST", "/api/v1/auth/password/forgot", map[string]any{"email": "ada@example.com"})
		wantError(t, res, 429, "RATE_LIMITED")
		msg := res.Str("message")
		if !strings.Contains(msg, "security") || !strings.Contains(msg, "after 42 seconds") {
			t.Fatalf("the page needs 'security' and 'after N seconds': %q", msg)
		}
		if res.Header.Get("Retry-After") != "42" {
			t.Fatalf("Retry-After %q", res.Header.Get("Retry-After"))
		}
		if n := h.MailCount("ada@example.com"); n != 2 { // confirmation + one reset
			t.Fatalf("%d emails to the address, want 2", n)
		}
		h.Clock.Advance(43 * time.Second)
		if res := c.Do("POST", "/api/v1/auth/password/forgot", map[string]any{"email": "ada@example.com"}); res.Status != 202 {
			t.Fatalf("after the wait: %d %s", res.Status, res.Raw)
		}
	})
}

func TestEmailEndpointsLimitedPerClient(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := h.NewClient()
		limited := false
		for i := range 52 {
			res := c.Do("POST", "/api/v1/auth/register", map[string]any{
				"email": fmt.Sprintf("singer%d@example.com", i), "password": goodPassword, "firstName": "S", "lastName": "T",
			})
			if res.Status == 429 {
				limited = true
				if i < 50 {
					t.Fatalf("limited after only %d registrations: a choir on one network must be able to sign up", i)
				}
			}
		}
		if !limited {
			t.Fatal("one client registered 52 addresses in an hour without a limit")
		}
	})
}

func TestFailedSignInsSlowDownThenRecover(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := h.NewClient()
		for range 5 {
			wantError(t, login(c, "ada@example.com", "Wrong#Guess1", false), 401, "AUTH_ERROR")
		}
		// Paused now: even the right password waits.
		res := login(c, "ada@example.com", goodPassword, false)
		wantError(t, res, 429, "RATE_LIMITED")
		if !strings.Contains(res.Str("message"), "after 30 seconds") {
			t.Fatalf("message %q", res.Str("message"))
		}
		// A further failure after the pause doubles it.
		h.Clock.Advance(31 * time.Second)
		wantError(t, login(c, "ada@example.com", "Wrong#Guess2", false), 401, "AUTH_ERROR")
		res = login(c, "ada@example.com", goodPassword, false)
		wantError(t, res, 429, "RATE_LIMITED")
		if !strings.Contains(res.Str("message"), "after 60 seconds") {
			t.Fatalf("second pause: %q", res.Str("message"))
		}
		// The owner gets in after the pause, and success clears the count.
		h.Clock.Advance(61 * time.Second)
		if res := login(c, "ada@example.com", goodPassword, false); res.Status != 200 {
			t.Fatalf("owner locked out: %d %s", res.Status, res.Raw)
		}
		wantError(t, login(c, "ada@example.com", "Wrong#Guess3", false), 401, "AUTH_ERROR")
		if res := login(c, "ada@example.com", goodPassword, false); res.Status != 200 {
			t.Fatalf("one failure after a success paused the account: %d", res.Status)
		}
	})
}

// Failures are counted per client address too, across accounts: one address
// trying a password on many accounts (each staying under its own limit) is
// paused after 20 failures, while other addresses sign in as usual.
func TestFailedSignInsFromOneAddressAcrossAccountsArePaused(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{TrustedProxies: "127.0.0.1"}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		from := func(ip string) *apptest.Client {
			c := h.NewClient()
			c.Header.Set("X-Forwarded-For", ip)
			return c
		}
		spray := from("203.0.113.7")
		for i := range 21 {
			// Two tries per account: no account reaches its own pause.
			wantError(t, login(spray, fmt.Sprintf("singer%d@example.com", i/2), "Wrong#Guess1", false), 401, "AUTH_ERROR")
		}
		// The address is paused, for an account it never tried too…
		res := login(spray, "ada@example.com", goodPassword, false)
		wantError(t, res, 429, "RATE_LIMITED")
		if !strings.Contains(res.Str("message"), "after 30 seconds") {
			t.Fatalf("message %q", res.Str("message"))
		}
		wantError(t, login(from("203.0.113.7"), "ada@example.com", goodPassword, false), 429, "RATE_LIMITED")
		// …while another address is not, nor are the accounts it tried.
		if res := login(from("198.51.100.20"), "ada@example.com", goodPassword, false); res.Status != 200 {
			t.Fatalf("another address: %d %s", res.Status, res.Raw)
		}
		wantError(t, login(from("198.51.100.20"), "singer0@example.com", "Wrong#Guess1", false), 401, "AUTH_ERROR")
		// The pause ends.
		h.Clock.Advance(31 * time.Second)
		if res := login(spray, "ada@example.com", goodPassword, false); res.Status != 200 {
			t.Fatalf("after the pause: %d %s", res.Status, res.Raw)
		}
	})
}

func TestUnknownAccountsAreThrottledToo(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := h.NewClient()
		for range 5 {
			wantError(t, login(c, "ghost@example.com", "Wrong#Guess1", false), 401, "AUTH_ERROR")
		}
		// The answer for an unknown address looks like the one for a real one.
		wantError(t, login(c, "ghost@example.com", "Wrong#Guess1", false), 429, "RATE_LIMITED")
	})
}

func TestChangePasswordEndsOtherSessions(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		here := signIn(t, h, "ada@example.com")
		elsewhere := signIn(t, h, "ada@example.com")

		res := here.Do("POST", "/api/v1/account/password", map[string]any{"currentPassword": "Wrong#Guess1", "newPassword": newPassword})
		wantError(t, res, 400, "VALIDATION_ERROR")
		if d, _ := res.JSON["details"].(map[string]any); d["currentPassword"] != "Your current password is incorrect." {
			t.Fatalf("details %v", res.JSON["details"])
		}
		res = here.Do("POST", "/api/v1/account/password", map[string]any{"currentPassword": goodPassword, "newPassword": "weak"})
		wantError(t, res, 400, "VALIDATION_ERROR")

		if res := here.Do("POST", "/api/v1/account/password", map[string]any{"currentPassword": goodPassword, "newPassword": newPassword}); res.Status != 204 {
			t.Fatalf("change: %d %s", res.Status, res.Raw)
		}
		if signedInAs(t, here) != "ada@example.com" {
			t.Fatal("the session that changed the password was ended")
		}
		if signedInAs(t, elsewhere) != "" {
			t.Fatal("another session survived the password change")
		}
	})
}
