package billing_test

import (
	"testing"

	"github.com/cantica/cantica/internal/billing"
)

// The figures of accounts §9, which users read on the pricing cards.
func TestPlansAsSpecified(t *testing.T) {
	want := []struct {
		id, name      string
		price, limit  int
		storage       int64
		label         string
		recommended   bool
		advancedStats bool
	}{
		{"small", "Small Choir", 12, 15, 500 << 20, "500MB", false, false},
		{"medium", "Medium Choir", 19, 30, 1 << 30, "1GB", true, false},
		{"large", "Large Choir", 29, 50, 2 << 30, "2GB", false, true},
	}
	got := billing.Plans()
	if len(got) != len(want) {
		t.Fatalf("%d plans, want %d", len(got), len(want))
	}
	for i, w := range want {
		p := got[i]
		if p.ID != w.id || p.Name != w.name || p.MonthlyPrice != w.price || p.MemberLimit != w.limit ||
			p.StorageLimit != w.storage || p.StorageLabel != w.label || p.Recommended != w.recommended || p.AdvancedAnalytics != w.advancedStats {
			t.Errorf("plan %d: %+v, want %+v", i, p, w)
		}
		if p.Features[2] != "Unlimited music pieces" {
			t.Errorf("plan %s: features %v lack unlimited music pieces", p.ID, p.Features)
		}
	}
	if d, ok := billing.PlanByID(billing.DefaultPlan); !ok || !d.Recommended {
		t.Errorf("the default plan %q is not the recommended one", billing.DefaultPlan)
	}
	if _, ok := billing.PlanByID("huge"); ok {
		t.Error("an unknown plan id was found")
	}
}
