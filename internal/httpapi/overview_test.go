package httpapi_test

import (
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

// The overview counts what really happens: a sign-in adds to today's bar,
// an invitation is mail sent for its choir, and a choir whose members sign
// in is active.
func TestTheGlobalAdminOverviewCountsSignInsAndMailPerChoir(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		ada := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, ada, "St Cecilia's Schola").Str("id")
		member(t, h, ada, choirID, "bea@example.com", "member")
		admin := globalAdmin(t, h, "gail@example.com")

		res := admin.Do("GET", "/api/v1/admin/overview", nil)
		if res.Status != 200 || res.JSON["choirs"] != float64(1) || res.JSON["active"] != float64(1) || res.JSON["sleepy"] != float64(0) ||
			res.JSON["newThisMonth"] != float64(1) || res.JSON["members"] != float64(2) {
			t.Fatalf("overview: %d %s", res.Status, res.Raw)
		}
		choir := res.JSON["choirList"].([]any)[0].(map[string]any)
		if choir["id"] != choirID || choir["members"] != float64(2) || choir["mailSent"] != float64(1) || choir["mailFailed"] != float64(0) ||
			choir["lastSignInAt"] == nil || choir["active"] != true {
			t.Errorf("the choir's row: %v, want 2 members, the invitation sent, a sign-in", choir)
		}
		days := res.JSON["signIns"].([]any)
		today := days[len(days)-1].(map[string]any)
		if len(days) != 30 || today["date"] != h.Clock.Now().UTC().Format("2006-01-02") {
			t.Fatalf("sign-in days: %v", days)
		}
		signIn(t, h, "bea@example.com")
		again := admin.Do("GET", "/api/v1/admin/overview", nil).JSON["signIns"].([]any)
		if got := again[len(again)-1].(map[string]any)["signIns"].(float64); got != today["signIns"].(float64)+1 {
			t.Errorf("today's sign-ins after one more: %v, want %v + 1", got, today["signIns"])
		}
	})
}
