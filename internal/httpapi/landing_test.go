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

// With billing on the prerendered landing page, which shows no price, is not
// sent: the app's landing page reads the server's plans and shows them. The
// pages may then load Stripe's pricing table script and frame, and only
// then: a self-hosted server allows no script from elsewhere.
func TestBillingOnSendsTheAppsLandingPageAndAllowsStripesScript(t *testing.T) {
	t.Parallel()
	web := fstest.MapFS{
		"index.html":   {Data: []byte(indexHTML)},
		"landing.html": {Data: []byte(`<!doctype html><html><head></head><body><h1>Prerendered</h1></body></html>`)},
	}
	stripe := "https://js.stripe.com"
	eachDB(t, apptest.Options{WebApp: web, Billing: true}, func(t *testing.T, h *apptest.Harness) {
		res := h.NewClient().Do("GET", "/", nil)
		if res.Status != http.StatusOK || strings.Contains(res.Raw, "Prerendered") {
			t.Fatalf("billing on, GET /: %d %s", res.Status, res.Raw)
		}
		for _, path := range []string{"/", "/pricing", "/api/v1/billing/plans"} {
			csp := h.NewClient().Do("GET", path, nil).Header.Get("Content-Security-Policy")
			if !strings.Contains(csp, "script-src 'self' "+stripe+";") || !strings.Contains(csp, "frame-src "+stripe+";") {
				t.Errorf("billing on, GET %s has the policy %q, which does not allow Stripe's pricing table", path, csp)
			}
		}
	})
	eachDB(t, apptest.Options{WebApp: web}, func(t *testing.T, h *apptest.Harness) {
		for _, path := range []string{"/", "/pricing"} {
			res := h.NewClient().Do("GET", path, nil)
			if csp := res.Header.Get("Content-Security-Policy"); strings.Contains(csp, stripe) {
				t.Errorf("billing off, GET %s allows Stripe: %q", path, csp)
			}
		}
	})
}
