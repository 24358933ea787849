package httpapi_test

import (
	"context"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
)

// paying gives a choir a paid subscription whose payer is user (upserted:
// the choir may already have its trial row).
func paying(t *testing.T, h *apptest.Harness, choirID, plan, payerEmail string, since time.Time) {
	t.Helper()
	_, err := h.DB.ExecContext(context.Background(), `INSERT INTO choir_subscriptions (choir_id, plan, status, trial_ends_at, payer_user_id, created_at, updated_at)
		SELECT ?, ?, 'active', ?, id, ?, ? FROM users WHERE email = ?
		ON CONFLICT (choir_id) DO UPDATE SET plan = excluded.plan, status = excluded.status, payer_user_id = excluded.payer_user_id, created_at = excluded.created_at`,
		choirID, plan, since, since, since, payerEmail)
	if err != nil {
		t.Fatal(err)
	}
}

// The global admin sees every choir's plan, standing, members against the
// limit and price, the revenue after the multi-choir discount, and makes a
// choir free of charge, which takes it out of the revenue.
func TestGlobalAdminSubscriptions(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Billing: true}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		ada := signIn(t, h, "ada@example.com")
		schola := createChoir(t, ada, "St Cecilia's Schola").Str("id")
		consort := createChoir(t, ada, "Byrd Consort").Str("id")
		member(t, h, ada, schola, "bea@example.com", "member")
		now := h.Clock.Now()
		paying(t, h, schola, "medium", "ada@example.com", now.Add(-60*24*time.Hour))
		paying(t, h, consort, "small", "ada@example.com", now.Add(-30*24*time.Hour)) // her second: 10 % off
		admin := globalAdmin(t, h, "gail@example.com")

		res := admin.Do("GET", "/api/v1/admin/subscriptions", nil)
		if res.Status != 200 || res.JSON["enabled"] != true || res.JSON["monthlyRevenueCents"] != float64(1900+1080) {
			t.Fatalf("subscriptions: %d %s", res.Status, res.Raw)
		}
		choirs := res.JSON["choirs"].([]any)
		if len(choirs) != 2 {
			t.Fatalf("choirs: %s", res.Raw)
		}
		consortRow, scholaRow := choirs[0].(map[string]any), choirs[1].(map[string]any) // by name
		if scholaRow["choirId"] != schola || scholaRow["plan"] != "medium" || scholaRow["standing"] != "active" || scholaRow["members"] != float64(2) ||
			scholaRow["memberLimit"] != float64(30) || scholaRow["monthlyPriceCents"] != float64(1900) || scholaRow["discounted"] != false {
			t.Errorf("the schola: %v", scholaRow)
		}
		if consortRow["choirId"] != consort || consortRow["monthlyPriceCents"] != float64(1080) || consortRow["discounted"] != true || consortRow["storageLimitBytes"] != float64(500<<20) {
			t.Errorf("the consort: %v", consortRow)
		}

		// Only the global admin: a choir administrator is refused both.
		if res := ada.Do("GET", "/api/v1/admin/subscriptions", nil); res.Status != 403 {
			t.Errorf("a choir admin lists: %d", res.Status)
		}
		if res := ada.Do("PUT", "/api/v1/admin/subscriptions/"+consort+"/comped", map[string]any{"comped": true}); res.Status != 403 {
			t.Errorf("a choir admin comps her own choir: %d", res.Status)
		}

		res = admin.Do("PUT", "/api/v1/admin/subscriptions/"+consort+"/comped", map[string]any{"comped": true})
		if res.Status != 200 || res.JSON["comped"] != true || res.JSON["standing"] != "free" || res.JSON["monthlyPriceCents"] != float64(0) {
			t.Fatalf("comp the consort: %d %s", res.Status, res.Raw)
		}
		if got := admin.Do("GET", "/api/v1/admin/subscriptions", nil).JSON["monthlyRevenueCents"]; got != float64(1900) {
			t.Errorf("revenue with the consort free: %v, want 1900", got)
		}

		for _, c := range []struct {
			path   string
			body   any
			status int
		}{
			{"/api/v1/admin/subscriptions/no-such-choir/comped", map[string]any{"comped": true}, 404},
			{"/api/v1/admin/subscriptions/" + consort + "/comped", map[string]any{"comped": "yes"}, 400},
			{"/api/v1/admin/subscriptions/" + consort + "/comped", map[string]any{}, 400},
		} {
			if res := admin.Do("PUT", c.path, c.body); res.Status != c.status {
				t.Errorf("PUT %s %v: %d %s, want %d", c.path, c.body, res.Status, res.Raw, c.status)
			}
		}
	})
}

// A self-hosted server lists nothing and has no switch: every choir is
// already free and unlimited.
func TestGlobalAdminSubscriptionsBillingOff(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		ada := signIn(t, h, "ada@example.com")
		schola := createChoir(t, ada, "St Cecilia's Schola").Str("id")
		admin := globalAdmin(t, h, "gail@example.com")
		if res := admin.Do("GET", "/api/v1/admin/subscriptions", nil); res.Status != 200 || res.Raw != `{"choirs":[],"enabled":false,"monthlyRevenueCents":0}`+"\n" {
			t.Errorf("billing off: %d %s", res.Status, res.Raw)
		}
		if res := admin.Do("PUT", "/api/v1/admin/subscriptions/"+schola+"/comped", map[string]any{"comped": true}); res.Status != 409 {
			t.Errorf("comped with billing off: %d %s", res.Status, res.Raw)
		}
	})
}
