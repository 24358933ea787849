package httpapi_test

import (
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/billing"
)

// billingService is a billing service on the harness's database and clock,
// for what the API does not show (a switch's check, a choir's usage).
func billingService(h *apptest.Harness) *billing.Service {
	return billing.New(h.DB, h.Config, h.App.Mailer, nil, slog.New(slog.NewTextHandler(io.Discard, nil)), h.Clock.Now)
}

func inviteSinger(admin *apptest.Client, choirID, email string) apptest.Response {
	return admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", map[string]any{
		"email": email, "firstName": "Bea", "lastName": "Singer", "role": "member",
	})
}

// The small plan's 15 seats count the members and the pending invitations:
// with one seat left, 16 invitations at once give exactly one; the others
// name the plan and its limit; the CSV import is refused the same way.
func TestSeatLimitUnderConcurrency(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Billing: true}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h) // the director and one member
		setSubscription(t, h, l.id, "plan = 'small'")
		for i := range 12 { // 2 members + 12 pending = 14 of 15
			if res := inviteSinger(l.admin, l.id, fmt.Sprintf("early%d@example.com", i)); res.Status != 201 {
				t.Fatalf("invitation %d: %d %s", i, res.Status, res.Raw)
			}
		}
		var wg sync.WaitGroup
		var accepted atomic.Int32
		refusals := make(chan apptest.Response, 16)
		for i := range 16 {
			wg.Go(func() {
				res := inviteSinger(l.admin, l.id, fmt.Sprintf("racer%d@example.com", i))
				if res.Status == 201 {
					accepted.Add(1)
				} else {
					refusals <- res
				}
			})
		}
		wg.Wait()
		close(refusals)
		if n := accepted.Load(); n != 1 {
			t.Fatalf("%d invitations accepted for the last seat, want 1", n)
		}
		for res := range refusals {
			if res.Status != 403 || res.Str("code") != "PLAN_LIMIT" || !strings.Contains(res.Str("message"), "Small Choir plan allows 15 members") {
				t.Fatalf("refusal: %d %s", res.Status, res.Raw)
			}
		}
		res := l.admin.Do("POST", "/api/v1/choirs/"+l.id+"/invitations/import", map[string]any{
			"csv": "First name,Last name,Email,Role\nLate,Singer,late@example.com,member\n"})
		if res.Status != 200 || res.JSON["invited"] != float64(0) || !strings.Contains(res.Raw, "Small Choir plan allows 15 members") {
			t.Fatalf("import at the limit: %d %s", res.Status, res.Raw)
		}
		// A member taken back takes a seat again: with a seat freed and taken
		// by an invitation, the member cannot come back.
		altoID, err := h.App.Accounts.UserIDByEmail(t.Context(), "alto@example.com")
		if err != nil {
			t.Fatal(err)
		}
		membership := "/api/v1/choirs/" + l.id + "/members/" + altoID
		if res := l.admin.Do("PATCH", membership, map[string]any{"isActive": false}); res.Status != 200 {
			t.Fatalf("deactivate: %d %s", res.Status, res.Raw)
		}
		if res := inviteSinger(l.admin, l.id, "freed@example.com"); res.Status != 201 {
			t.Fatalf("invitation to the freed seat: %d %s", res.Status, res.Raw)
		}
		wantError(t, l.admin.Do("PATCH", membership, map[string]any{"isActive": true}), 403, "PLAN_LIMIT")
		// A downgrade must fit; the plan it already has does.
		b := billingService(h)
		if err := b.CanSwitch(t.Context(), l.id, "small"); err != nil {
			t.Fatalf("switch to the plan in use: %v", err)
		}
		// Free of charge: no limit.
		setSubscription(t, h, l.id, "comped = TRUE")
		if res := inviteSinger(l.admin, l.id, "comped@example.com"); res.Status != 201 {
			t.Fatalf("comped: %d %s", res.Status, res.Raw)
		}
		if err := b.CanSwitch(t.Context(), l.id, "small"); err == nil || !strings.Contains(err.Error(), "allows 15 members") {
			t.Fatalf("downgrade with 16 seats used: %v", err)
		}
		if err := b.CanSwitch(t.Context(), l.id, "medium"); err != nil {
			t.Fatalf("upgrade: %v", err)
		}
	})
}

// Uploads racing for the last bytes of the plan's storage never pass it:
// with room for one file, one of 8 is stored and the others get the
// specification's storage text.
func TestStorageLimitUnderConcurrency(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Billing: true}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Crucifixus")
		setSubscription(t, h, l.id, "plan = 'small'")
		const limit = 500 << 20
		if _, err := h.DB.ExecContext(t.Context(), `UPDATE choirs SET storage_used_bytes = ? WHERE id = ?`, limit-3000, l.id); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var stored atomic.Int32
		for i := range 8 {
			wg.Go(func() {
				res := l.admin.Do("POST", l.attachments(p), uploadForm(nil, fmt.Sprintf("part%d.pdf", i), padded("%PDF-", 2000)))
				switch {
				case res.Status == 201:
					stored.Add(1)
				case res.Status != 413 || res.Str("message") != billing.MsgStorageFull:
					t.Errorf("upload %d: %d %s", i, res.Status, res.Raw)
				}
			})
		}
		wg.Wait()
		if n, used := stored.Load(), l.used(t); n != 1 || used != limit-1000 {
			t.Fatalf("%d uploads stored, %d bytes used of %d", n, used, limit)
		}
		if keys := storedKeys(t, h); len(keys) != 1 {
			t.Fatalf("files left in the store: %v", keys)
		}
	})
}

// Advanced analytics come with the large plan (and free of charge).
func TestAdvancedAnalyticsFollowThePlan(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Billing: true}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		answers := func() int { return l.admin.Do("GET", "/api/v1/choirs/"+l.id+"/analytics/answers", nil).Status }
		if s := answers(); s != 403 {
			t.Fatalf("medium plan: %d", s)
		}
		setSubscription(t, h, l.id, "plan = 'large'")
		if s := answers(); s != 200 {
			t.Fatalf("large plan: %d", s)
		}
	})
}
