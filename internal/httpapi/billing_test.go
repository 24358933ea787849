package httpapi_test

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

// webBillingFixture is GET /billing/plans with billing on, as the web app's
// tests answer it.
const webBillingFixture = "../../web/src/test/billingPlans.json"

// A self-hosted server (billing off, the default) shows no price at all.
func TestBillingPlansOff(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		res := h.NewClient().Do("GET", "/api/v1/billing/plans", nil)
		if res.Status != 200 || res.Raw != `{"enabled":false,"plans":[]}`+"\n" {
			t.Fatalf("billing off: %d %s", res.Status, res.Raw)
		}
	})
}

// With billing on, the server's one definition of the plans reaches anyone.
func TestBillingPlansOn(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Billing: true}, func(t *testing.T, h *apptest.Harness) {
		res := h.NewClient().Do("GET", "/api/v1/billing/plans", nil)
		if res.Status != 200 || res.JSON["enabled"] != true {
			t.Fatalf("billing on: %d %s", res.Status, res.Raw)
		}
		raw, _ := res.JSON["plans"].([]any)
		var plans []map[string]any
		for _, p := range raw {
			m, _ := p.(map[string]any)
			plans = append(plans, m)
		}
		if len(plans) != 3 {
			t.Fatalf("plans: %s", res.Raw)
		}
		want := []struct {
			id          string
			price       float64
			members     float64
			storage     string
			recommended bool
		}{{"small", 12, 15, "500MB", false}, {"medium", 19, 30, "1GB", true}, {"large", 29, 50, "2GB", false}}
		for i, w := range want {
			p := plans[i]
			if p["id"] != w.id || p["monthlyPrice"] != w.price || p["memberLimit"] != w.members || p["storageLimit"] != w.storage || p["recommended"] != w.recommended {
				t.Errorf("plan %d: %v, want %+v", i, p, w)
			}
		}
		if _, ok := res.JSON["pricingTable"]; ok {
			t.Errorf("a pricing table without its settings: %s", res.Raw)
		}
		// The web app's tests answer with this fixture: it must be the
		// server's answer, so that they cannot drift from the plans.
		data, err := os.ReadFile(webBillingFixture)
		if err != nil {
			t.Fatal(err)
		}
		var fixture map[string]any
		if err := json.Unmarshal(data, &fixture); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fixture, res.JSON) {
			t.Errorf("%s differs from the server's answer:\n%s", webBillingFixture, res.Raw)
		}
	})
}
