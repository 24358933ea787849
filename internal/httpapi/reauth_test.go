package httpapi_test

import (
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/auth/oidc/oidctest"
)

// reauthenticate walks a signed-in browser through a fresh sign-in at the
// provider (mode=reauth) and returns where Cantica sent it back.
func reauthenticate(t *testing.T, h *apptest.Harness, c *apptest.Client, provider string) (path, confirmed, problem string) {
	t.Helper()
	u := socialSignIn(t, h, c, provider, "?mode=reauth")
	return u.Path, u.Query().Get("confirmed"), u.Query().Get("error_description")
}

// An account without a password is deleted after its provider confirms, by
// a sign-in of the last minutes, that the person at the keyboard owns it.
// The proof is this person's, this browser's, single-use and short-lived.
func TestDeletionConfirmedByAFreshProviderSignIn(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		const deletion = "/api/v1/account/privacy/deletion"
		grace := oidctest.User{Subject: "g-grace", Email: "grace@example.com", EmailVerified: true, GivenName: "Grace"}
		h.Google.SetUser(grace)
		c := h.NewClient()
		socialSignIn(t, h, c, "google", "")
		res := c.Do("GET", "/api/v1/account/privacy", nil)
		if res.JSON["hasPassword"] != false || !strings.Contains(res.Raw, `"confirmProviders":["google"]`) {
			t.Fatalf("your data: %s", res.Raw)
		}

		// Without a fresh sign-in there is nothing to confirm with.
		wantMessage(t, c.Do("POST", deletion, map[string]any{}), 409, "NO_PASSWORD", auth.MsgConfirmWithProvider("Google"))
		// Signed out, there is nobody to confirm.
		if res := h.NewClient().Do("GET", "/api/v1/auth/oidc/google/start?mode=reauth", nil); res.Status != 302 || res.Header.Get("Location") != "/login" {
			t.Fatalf("re-authentication signed out: %d %s", res.Status, res.Header.Get("Location"))
		}

		// Another Google account confirms nothing about this one.
		h.Google.SetUser(oidctest.User{Subject: "g-someone-else", Email: "else@example.com", EmailVerified: true})
		if path, ok, problem := reauthenticate(t, h, c, "google"); path != "/account/privacy" || ok != "" || !strings.Contains(problem, "not connected to your") {
			t.Fatalf("another Google account: %s confirmed=%q error=%q", path, ok, problem)
		}
		// Nor does a sign-in Google made long ago (its own running session).
		h.Google.SetUser(grace)
		h.Google.SetFaults(oidctest.Faults{StaleSignIn: time.Hour})
		if path, ok, problem := reauthenticate(t, h, c, "google"); path != "/account/privacy" || ok != "" || problem == "" {
			t.Fatalf("a stale sign-in: %s confirmed=%q error=%q", path, ok, problem)
		}
		h.Google.SetFaults(oidctest.Faults{})
		wantError(t, c.Do("POST", deletion, map[string]any{}), 409, "NO_PASSWORD")

		// A fresh sign-in: Google was asked to ask again, and the proof lasts minutes.
		if path, ok, problem := reauthenticate(t, h, c, "google"); path != "/account/privacy" || ok != "google" || problem != "" {
			t.Fatalf("re-authentication: %s confirmed=%q error=%q", path, ok, problem)
		}
		if q := h.Google.LastAuthorizeRequest(); q.Get("prompt") != "login" || q.Get("max_age") != "0" {
			t.Errorf("Google was not asked for a fresh sign-in: %v", q)
		}
		proof := c.Cookie("cantica_reauth")
		if proof == nil || proof.Value == "" {
			t.Fatal("no proof kept in the browser")
		}
		// Another person's browser holding the proof cannot use it.
		h.Google.SetUser(oidctest.User{Subject: "g-ada", Email: "ada@example.com", EmailVerified: true})
		ada := h.NewClient()
		socialSignIn(t, h, ada, "google", "")
		ada.SetCookie(&http.Cookie{Name: "cantica_reauth", Value: proof.Value, Path: "/"})
		wantError(t, ada.Do("POST", deletion, map[string]any{}), 409, "NO_PASSWORD")
		if signedInAs(t, ada) != "ada@example.com" {
			t.Fatal("Ada was signed out by Grace's proof")
		}
		// Ten minutes later it has lapsed.
		h.Clock.Advance(auth.ReauthProofLifetime + time.Second)
		wantError(t, c.Do("POST", deletion, map[string]any{}), 409, "NO_PASSWORD")

		// Sixteen requests racing with one proof: one is confirmed.
		h.Google.SetUser(grace)
		reauthenticate(t, h, c, "google")
		accounts := auth.New(h.DB, h.Config, nil, nil, slog.New(slog.DiscardHandler), h.Clock.Now)
		me := &auth.User{ID: c.Do("GET", "/api/v1/auth/session", nil).Str("user.id")}
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range 16 {
			wg.Go(func() {
				if ok, err := accounts.ConsumeReauthProof(t.Context(), me, c.Cookie("cantica_reauth").Value); err != nil {
					t.Error(err)
				} else if ok {
					wins.Add(1)
				}
			})
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("one proof confirmed %d times", wins.Load())
		}

		if _, ok, problem := reauthenticate(t, h, c, "google"); ok != "google" {
			t.Fatalf("re-authentication after the lapse: %q", problem)
		}
		if res := c.Do("POST", deletion, map[string]any{}); res.Status != 200 || res.Str("purgeAt") == "" {
			t.Fatalf("deletion with the proof: %d %s", res.Status, res.Raw)
		}
		if res := c.Do("GET", "/api/v1/account/profile", nil); res.Status != 401 {
			t.Errorf("still signed in after the deletion: %d", res.Status)
		}
		if m := h.Mail("grace@example.com"); !strings.Contains(m.TextBody, "Restore my account") {
			t.Errorf("the confirmation at the request: %q", m.TextBody)
		}
	})
}
