package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/db/dbtest"
)

const goodPassword = "Choir#Practice1"

func eachDB(t *testing.T, opts apptest.Options, fn func(t *testing.T, h *apptest.Harness)) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) { fn(t, apptest.Start(t, kind, opts)) })
	}
}

func register(t testing.TB, c *apptest.Client, email string) {
	t.Helper()
	res := c.Do("POST", "/api/v1/auth/register", map[string]any{
		"email": email, "password": goodPassword, "firstName": "Ada", "lastName": "Lovelace",
	})
	if res.Status != http.StatusCreated {
		t.Fatalf("register %s: %d %s", email, res.Status, res.Raw)
	}
}

// tokenOf reads the token out of an emailed link.
func tokenOf(t testing.TB, link, param string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	tok := u.Query().Get(param)
	if tok == "" {
		t.Fatalf("link %s has no %s", link, param)
	}
	return tok
}

// confirmedUser registers an account and confirms it from its email.
func confirmedUser(t testing.TB, h *apptest.Harness, email string) {
	t.Helper()
	c := h.NewClient()
	register(t, c, email)
	link := h.Link(h.Mail(email), "/auth/callback?confirm=")
	if res := c.Do("POST", "/api/v1/auth/confirm", map[string]any{"token": tokenOf(t, link, "confirm")}); res.Status != 200 {
		t.Fatalf("confirm: %d %s", res.Status, res.Raw)
	}
}

func login(c *apptest.Client, email, password string, remember bool) apptest.Response {
	return c.Do("POST", "/api/v1/auth/login", map[string]any{"email": email, "password": password, "rememberMe": remember})
}

func signIn(t testing.TB, h *apptest.Harness, email string) *apptest.Client {
	t.Helper()
	c := h.NewClient()
	if res := login(c, email, goodPassword, false); res.Status != 200 || res.Str("status") != "signed_in" {
		t.Fatalf("sign in %s: %d %s", email, res.Status, res.Raw)
	}
	return c
}

func signedInAs(t testing.TB, c *apptest.Client) string {
	t.Helper()
	res := c.Do("GET", "/api/v1/auth/session", nil)
	if res.Status != 200 {
		t.Fatalf("session: %d %s", res.Status, res.Raw)
	}
	return res.Str("user.email")
}

func wantError(t testing.TB, res apptest.Response, status int, code string) {
	t.Helper()
	if res.Status != status || res.Str("code") != code {
		t.Fatalf("want %d %s, got %d %s", status, code, res.Status, res.Raw)
	}
}

func TestRegistrationValidation(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := h.NewClient()
		long := strings.Repeat("a", 101)
		cases := []struct {
			field, message string
			change         map[string]any
		}{
			{"email", "Email is required", map[string]any{"email": "  "}},
			{"email", "Please enter a valid email address", map[string]any{"email": "ada@"}},
			{"email", "Please enter a valid email address", map[string]any{"email": "Ada Lovelace <ada@example.com>"}},
			{"password", "Password must be at least 8 characters long", map[string]any{"password": "Ab1!"}},
			{"password", "Password must contain at least one uppercase letter", map[string]any{"password": "choir#practice1"}},
			{"password", "Password must contain at least one lowercase letter", map[string]any{"password": "CHOIR#PRACTICE1"}},
			{"password", "Password must contain at least one number", map[string]any{"password": "Choir#Practice"}},
			{"password", "Password must contain at least one special character", map[string]any{"password": "ChoirPractice1"}},
			{"firstName", "First name is required", map[string]any{"firstName": " "}},
			{"firstName", "First name is too long", map[string]any{"firstName": long}},
			{"lastName", "Last name is required", map[string]any{"lastName": ""}},
			{"lastName", "Last name is too long", map[string]any{"lastName": long}},
			{"phoneNumber", "Please enter a valid phone number", map[string]any{"phoneNumber": "call me"}},
		}
		for _, tc := range cases {
			body := map[string]any{"email": "new@example.com", "password": goodPassword, "firstName": "Ada", "lastName": "Lovelace"}
			for k, v := range tc.change {
				body[k] = v
			}
			res := c.Do("POST", "/api/v1/auth/register", body)
			wantError(t, res, 400, "VALIDATION_ERROR")
			details, _ := res.JSON["details"].(map[string]any)
			if details[tc.field] != tc.message {
				t.Errorf("%v: details %v, want %s=%q", tc.change, details, tc.field, tc.message)
			}
		}
		// 100 characters is still a good name.
		body := map[string]any{"email": "hundred@example.com", "password": goodPassword, "firstName": strings.Repeat("é", 100), "lastName": "L", "phoneNumber": "+44 (0)20 7946 0958"}
		if res := c.Do("POST", "/api/v1/auth/register", body); res.Status != 201 {
			t.Fatalf("valid registration refused: %d %s", res.Status, res.Raw)
		}
		if h.MailCount("new@example.com") != 0 {
			t.Fatal("a refused registration sent mail")
		}
	})
}

func TestRegisterConfirmSignIn(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := h.NewClient()
		register(t, c, "Ada@Example.com")

		// Before confirmation, the right password is refused with a way forward.
		res := login(c, "ada@example.com", goodPassword, false)
		wantError(t, res, 403, "EMAIL_NOT_CONFIRMED")
		if c.Cookie("cantica_session") != nil {
			t.Fatal("an unconfirmed sign-in got a session cookie")
		}

		m := h.Mail("ada@example.com")
		if m.Subject != "Confirm your Cantica account" || !strings.Contains(m.TextBody, "Hello Ada,") {
			t.Fatalf("confirmation mail: %q %q", m.Subject, m.TextBody)
		}
		link := h.Link(m, "/auth/callback?confirm=")
		if !strings.Contains(m.HTMLBody, link) {
			t.Fatal("the HTML part lacks the confirmation link")
		}

		// Asking again sends a new link and retires the older one.
		if res := c.Do("POST", "/api/v1/auth/confirm/resend", map[string]any{"email": "ada@example.com"}); res.Status != 202 {
			t.Fatalf("resend: %d %s", res.Status, res.Raw)
		}
		second := h.Link(h.Mail("ada@example.com"), "/auth/callback?confirm=")
		wantError(t, c.Do("POST", "/api/v1/auth/confirm", map[string]any{"token": tokenOf(t, link, "confirm")}), 400, "INVALID_TOKEN")

		res = c.Do("POST", "/api/v1/auth/confirm", map[string]any{"token": tokenOf(t, second, "confirm")})
		if res.Status != 200 || res.Str("email") != "ada@example.com" {
			t.Fatalf("confirm: %d %s", res.Status, res.Raw)
		}
		// A confirmation link works once.
		wantError(t, c.Do("POST", "/api/v1/auth/confirm", map[string]any{"token": tokenOf(t, second, "confirm")}), 400, "INVALID_TOKEN")

		res = login(c, "ADA@example.com ", goodPassword, false)
		if res.Status != 200 || res.Str("status") != "signed_in" || res.Str("user.firstName") != "Ada" {
			t.Fatalf("sign in: %d %s", res.Status, res.Raw)
		}
		if got := signedInAs(t, c); got != "ada@example.com" {
			t.Fatalf("session user %q", got)
		}
		if !strings.Contains(h.Logs.String(), "event=sign_in ") || strings.Contains(h.Logs.String(), goodPassword) {
			t.Fatal("sign-in must be logged, without the password")
		}
	})
}

func TestConfirmationLinkExpires(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := h.NewClient()
		register(t, c, "late@example.com")
		link := h.Link(h.Mail("late@example.com"), "/auth/callback?confirm=")
		h.Clock.Advance(24*time.Hour + time.Minute)
		wantError(t, c.Do("POST", "/api/v1/auth/confirm", map[string]any{"token": tokenOf(t, link, "confirm")}), 400, "INVALID_TOKEN")
	})
}

func TestExistingAccounts(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := h.NewClient()
		res := c.Do("POST", "/api/v1/auth/check-provider", map[string]any{"email": "ada@example.com"})
		if res.Status != 200 || res.JSON["found"] != false || res.JSON["isOAuth"] != false {
			t.Fatalf("unknown address: %s", res.Raw)
		}
		register(t, c, "ada@example.com")
		res = c.Do("POST", "/api/v1/auth/check-provider", map[string]any{"email": "ADA@example.com"})
		if res.JSON["found"] != true || res.JSON["isOAuth"] != false || res.JSON["provider"] != nil {
			t.Fatalf("password account: %s", res.Raw)
		}
		res = c.Do("POST", "/api/v1/auth/register", map[string]any{
			"email": "ada@example.com", "password": goodPassword, "firstName": "Ada", "lastName": "Again",
		})
		wantError(t, res, 409, "ACCOUNT_EXISTS")
		want := `This email is already registered. Please sign in using your email and password, or use the "Forgot Password" option if needed.`
		if res.Str("message") != want {
			t.Fatalf("message %q", res.Str("message"))
		}
	})
}

func TestRememberMeCookie(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		for _, tc := range []struct {
			remember bool
			maxAge   int
		}{{false, 0}, {true, 30 * 24 * 3600}} {
			res := login(h.NewClient(), "ada@example.com", goodPassword, tc.remember)
			cookie := sessionCookie(t, res)
			if cookie.MaxAge != tc.maxAge {
				t.Errorf("remember=%v: Max-Age %d, want %d (0: a browser-session cookie)", tc.remember, cookie.MaxAge, tc.maxAge)
			}
			if !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Path != "/" {
				t.Errorf("cookie attributes: %+v", cookie)
			}
			if len(cookie.Value) < 43 {
				t.Errorf("session secret of %d characters is too short", len(cookie.Value))
			}
		}
		// The database holds only hashes of the secrets.
		res := login(h.NewClient(), "ada@example.com", goodPassword, true)
		secret := sessionCookie(t, res).Value
		var n int
		if err := h.DB.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM sessions WHERE secret_hash = ?", secret).Scan(&n); err != nil || n != 0 {
			t.Fatalf("a raw session secret is stored (%d, %v)", n, err)
		}
	})
}

func sessionCookie(t *testing.T, res apptest.Response) *http.Cookie {
	t.Helper()
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Name == "cantica_session" && c.Value != "" {
			return c
		}
	}
	t.Fatalf("no session cookie set: %d %s", res.Status, res.Raw)
	return nil
}

func TestSignOutRevokesTheSession(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		stolen := c.Cookie("cantica_session").Value
		if res := c.Do("POST", "/api/v1/auth/logout", nil); res.Status != 204 {
			t.Fatalf("logout: %d", res.Status)
		}
		if signedInAs(t, c) != "" {
			t.Fatal("still signed in after sign-out")
		}
		// Replaying the old cookie does not bring the session back.
		replay := h.NewClient()
		replay.Header.Set("Cookie", "cantica_session="+stolen)
		if got := signedInAs(t, replay); got != "" {
			t.Fatalf("a revoked session still works for %s", got)
		}
		wantError(t, replay.Do("GET", "/api/v1/account/profile", nil), 401, "AUTH_ERROR")
	})
}

// Signing in as someone else in the same browser ends the first person's
// session on the server, not only in the browser: its cookie, kept by
// anyone, no longer works.
func TestSigningInAsAnotherEndsTheFirstSession(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		confirmedUser(t, h, "bob@example.com")
		c := signIn(t, h, "ada@example.com")
		kept := c.Cookie("cantica_session").Value
		if res := login(c, "bob@example.com", goodPassword, false); res.Status != 200 || signedInAs(t, c) != "bob@example.com" {
			t.Fatalf("sign in as bob: %d %s", res.Status, res.Raw)
		}
		replay := h.NewClient()
		replay.Header.Set("Cookie", "cantica_session="+kept)
		if got := signedInAs(t, replay); got != "" {
			t.Fatalf("ada's session still works after bob signed in in the same browser (as %s)", got)
		}
		// A failed attempt ends nothing.
		bobs := c.Cookie("cantica_session").Value
		wantError(t, login(c, "ada@example.com", "Wrong#Guess1", false), 401, "AUTH_ERROR")
		if signedInAs(t, c) != "bob@example.com" || c.Cookie("cantica_session").Value != bobs {
			t.Fatal("a failed sign-in ended the session")
		}
	})
}
