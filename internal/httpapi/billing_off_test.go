package httpapi_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

// stripeCalls counts requests any test of this package sent to Stripe's
// servers: none may ever go there (tests use a local stand-in), and a
// self-hosted server never calls Stripe at all.
var stripeCalls atomic.Int64

// stripeGuard refuses, and counts, every request to *.stripe.com made
// through the default transport, which Stripe's Go library uses.
type stripeGuard struct{ next http.RoundTripper }

func (g stripeGuard) RoundTrip(r *http.Request) (*http.Response, error) {
	if host := r.URL.Hostname(); host == "stripe.com" || strings.HasSuffix(host, ".stripe.com") {
		stripeCalls.Add(1)
		return nil, http.ErrUseLastResponse
	}
	return g.next.RoundTrip(r)
}

func init() { http.DefaultTransport = stripeGuard{http.DefaultTransport} }

// With billing off, what a choir does most (start, invite, list) makes no
// call to Stripe and meets no limit.
func TestBillingOffCallsNoStripe(t *testing.T) {
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		before := stripeCalls.Load()
		confirmedUser(t, h, "director@example.com")
		admin := signIn(t, h, "director@example.com")
		choirID := createChoir(t, admin, "Free Singers").Str("id")
		// More invitations than the largest plan's 50 members: no limit applies.
		for i := range 52 {
			res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", map[string]any{
				"email": "singer" + string(rune('a'+i/26)) + string(rune('a'+i%26)) + "@example.com", "firstName": "Bea", "lastName": "Singer", "role": "member",
			})
			if res.Status != 201 {
				t.Fatalf("invitation %d on a self-hosted server: %d %s", i, res.Status, res.Raw)
			}
		}
		if res := admin.Do("GET", "/api/v1/billing/plans", nil); res.JSON["enabled"] != false {
			t.Fatalf("billing plans: %s", res.Raw)
		}
		if n := stripeCalls.Load() - before; n != 0 {
			t.Fatalf("%d calls to Stripe with billing off", n)
		}
	})
}
