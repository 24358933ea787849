package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cantica/cantica/internal/app/apptest"
)

// The landing page is prerendered HTML with no session check of its own: the
// server sends a signed-in visitor on to /dashboard (accounts §2.1).
func TestLandingPageSendsSignedInVisitorsToTheDashboard(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{WebApp: fstest.MapFS{
		"index.html":   {Data: []byte(indexHTML)},
		"landing.html": {Data: []byte(`<!doctype html><html><head></head><body><h1>Choir management, in harmony</h1><script>document.title='Cantica'</script></body></html>`)},
	}}, func(t *testing.T, h *apptest.Harness) {
		visitor := h.NewClient()
		res := visitor.Do("GET", "/", nil)
		if res.Status != http.StatusOK || !strings.Contains(res.Raw, "Choir management, in harmony") {
			t.Fatalf("signed out, GET /: %d %s", res.Status, res.Raw)
		}
		if vary := strings.Join(res.Header.Values("Vary"), ","); !strings.Contains(vary, "Cookie") {
			t.Errorf("GET / varies by %q, not by the cookie", vary)
		}
		// Its inline script may run, and no other: allowed by its hash (openssl dgst -sha256 -binary | base64).
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'sha256-OmrqugKoQeraKdckCAXg59KiPWKZ3CIkSjUouXOuQbY=';") {
			t.Errorf("GET / has the policy %q, which does not allow its inline script by its hash", csp)
		}
		if cache := res.Header.Get("Cache-Control"); !strings.Contains(cache, "private") {
			t.Errorf("GET / is cached as %q: a shared cache could keep one visitor's answer for another", cache)
		}

		confirmedUser(t, h, "ada@example.org")
		member := signIn(t, h, "ada@example.org")
		res = member.Do("GET", "/", nil)
		if res.Status != http.StatusFound || res.Header.Get("Location") != "/dashboard" {
			t.Fatalf("signed in, GET /: %d to %q, want 302 to /dashboard", res.Status, res.Header.Get("Location"))
		}

		// A cookie whose session has ended counts as signed out.
		if out := member.Do("POST", "/api/v1/auth/logout", nil); out.Status >= 300 {
			t.Fatalf("sign out: %d %s", out.Status, out.Raw)
		}
		stale := h.NewClient()
		stale.Header.Set("Cookie", "cantica_session=no-such-session")
		if res := stale.Do("GET", "/", nil); res.Status != http.StatusOK {
			t.Errorf("with a stale cookie, GET /: %d, want the landing page", res.Status)
		}
	})
}
