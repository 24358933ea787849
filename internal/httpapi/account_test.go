package httpapi_test

import (
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

func TestProfileUpdate(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		// Profile names stop at 50 characters, not registration's 100 (§5).
		long := strings.Repeat("x", 51)
		for _, tc := range []struct {
			field, value, message string
		}{
			{"firstName", "", "First name is required"},
			{"firstName", "  ", "First name is required"},
			{"firstName", long, "First name is too long"},
			{"lastName", "", "Last name is required"},
			{"lastName", long, "Last name is too long"},
			{"phoneNumber", "ring ring", "Please enter a valid phone number"},
		} {
			res := c.Do("PATCH", "/api/v1/account/profile", map[string]any{tc.field: tc.value})
			wantError(t, res, 400, "VALIDATION_ERROR")
			if d, _ := res.JSON["details"].(map[string]any); d[tc.field] != tc.message {
				t.Errorf("%s=%q: details %v, want %q", tc.field, tc.value, res.JSON["details"], tc.message)
			}
		}
		fifty := strings.Repeat("é", 50)
		if res := c.Do("PATCH", "/api/v1/account/profile", map[string]any{"firstName": fifty, "lastName": fifty}); res.Status != 200 {
			t.Fatalf("50-character names refused: %d %s", res.Status, res.Raw)
		}
		if res := c.Do("PATCH", "/api/v1/account/profile", map[string]any{"lastName": "Lovelace"}); res.Status != 200 {
			t.Fatalf("restore: %d %s", res.Status, res.Raw)
		}

		res := c.Do("PATCH", "/api/v1/account/profile", map[string]any{"firstName": " Augusta ", "phoneNumber": "+44 20 7946 0958"})
		if res.Status != 200 || res.Str("firstName") != "Augusta" || res.Str("lastName") != "Lovelace" || res.Str("phoneNumber") != "+44 20 7946 0958" {
			t.Fatalf("update: %d %s", res.Status, res.Raw)
		}
		res = c.Do("PATCH", "/api/v1/account/profile", map[string]any{"phoneNumber": "", "emailDigestEnabled": false})
		if res.JSON["phoneNumber"] != nil || res.JSON["emailDigestEnabled"] != false || res.Str("firstName") != "Augusta" {
			t.Fatalf("clearing the phone and the digest: %s", res.Raw)
		}
		if res := c.Do("GET", "/api/v1/account/profile", nil); res.JSON["emailDigestEnabled"] != false {
			t.Fatalf("not saved: %s", res.Raw)
		}
	})
}

func TestSessionsListAndEnd(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		confirmedUser(t, h, "bob@example.com")
		here := signIn(t, h, "ada@example.com")
		there := signIn(t, h, "ada@example.com")
		bob := signIn(t, h, "bob@example.com")

		res := here.Do("GET", "/api/v1/account/sessions", nil)
		if res.Status != 200 || len(res.List) != 2 {
			t.Fatalf("sessions: %d %s", res.Status, res.Raw)
		}
		var other string
		current := 0
		for _, s := range res.List {
			m := s.(map[string]any)
			if m["current"] == true {
				current++
			} else {
				other = m["id"].(string)
			}
			if m["userAgent"] != "apptest" || m["clientIp"] != "127.0.0.1" || m["method"] != "password" {
				t.Errorf("session %v", m)
			}
		}
		if current != 1 || other == "" {
			t.Fatalf("want one current session and one other: %s", res.Raw)
		}
		// Bob cannot end Ada's session.
		wantError(t, bob.Do("DELETE", "/api/v1/account/sessions/"+other, nil), 404, "NOT_FOUND")
		if signedInAs(t, there) != "ada@example.com" {
			t.Fatal("another user ended the session")
		}
		if res := here.Do("DELETE", "/api/v1/account/sessions/"+other, nil); res.Status != 204 {
			t.Fatalf("end: %d %s", res.Status, res.Raw)
		}
		if signedInAs(t, there) != "" {
			t.Fatal("the ended session still works")
		}
	})
}

func TestAccountNeedsSignIn(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := h.NewClient()
		for _, r := range [][2]string{
			{"GET", "/api/v1/account/profile"}, {"PATCH", "/api/v1/account/profile"}, {"POST", "/api/v1/account/password"},
			{"GET", "/api/v1/account/sessions"}, {"DELETE", "/api/v1/account/sessions/x"}, {"GET", "/api/v1/account/identities"},
			{"DELETE", "/api/v1/account/identities/x"}, {"GET", "/api/v1/account/mfa"}, {"POST", "/api/v1/account/mfa/totp/enroll"},
			{"POST", "/api/v1/account/mfa/totp/activate"}, {"POST", "/api/v1/account/mfa/totp/disable"}, {"POST", "/api/v1/account/mfa/recovery-codes"},
		} {
			res := c.Do(r[0], r[1], map[string]any{"code": "123456", "firstName": "X"})
			if res.Status != 401 || res.Str("code") != "AUTH_ERROR" || res.Str("message") != "Authentication error. Please log in again." {
				t.Errorf("%s %s: %d %s", r[0], r[1], res.Status, res.Raw)
			}
		}
	})
}
