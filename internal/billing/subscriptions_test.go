package billing_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/billing"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

var now = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)

const day = 24 * time.Hour

type fixture struct {
	t *testing.T
	d *db.DB
}

func (f fixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.d.ExecContext(context.Background(), query, args...); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
}

func (f fixture) choir(id, name string, storage int64) {
	f.exec(`INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at, storage_used_bytes)
		VALUES (?, ?, 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'Europe/London', ?, ?, ?)`, id, name, now, now, storage)
}

func (f fixture) user(id string) {
	f.exec(`INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`, id, id+"@example.org", now, now)
}

func (f fixture) member(user, choir string, active bool) {
	status := "active"
	if !active {
		status = "inactive"
	}
	f.exec(`INSERT INTO user_choir_membership (user_id, choir_id, role, is_active, status, joined_date) VALUES (?, ?, 'member', ?, ?, ?)`,
		user, choir, active, status, now)
}

func (f fixture) invite(id, choir, status string, expires time.Time) {
	f.exec(`INSERT INTO choir_invites (id, choir_id, email, first_name, last_name, role, token_hash, status, created_at, sent_at, expires_at)
		VALUES (?, ?, ?, 'A', 'B', 'member', ?, ?, ?, ?, ?)`, id, choir, id+"@example.org", "hash-"+id, status, now, now, expires)
}

// subscription gives a choir its row; payer "" is none; created orders a
// payer's choirs (the first pays in full).
func (f fixture) subscription(choir, plan, status string, trialEnds time.Time, payer string, comped bool, created time.Time) {
	var payerID any
	if payer != "" {
		payerID = payer
	}
	f.exec(`INSERT INTO choir_subscriptions (choir_id, plan, status, trial_ends_at, payer_user_id, comped, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, choir, plan, status, trialEnds, payerID, comped, created, created)
}

func byID(t *testing.T, list []billing.ChoirStanding) map[string]billing.ChoirStanding {
	out := map[string]billing.ChoirStanding{}
	for _, c := range list {
		out[c.ChoirID] = c
	}
	return out
}

// TestList works each choir's standing, usage and price out by hand: one
// payer with two paying choirs pays the later one 10 % less; a comped choir
// pays nothing and is not the payer's first; past due still pays; a trial,
// a choir read-only after its trial and one without a row pay nothing.
func TestList(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := fixture{t, d}
		ctx := context.Background()
		for _, u := range []string{"u1", "u2", "u3", "p1", "p2"} {
			f.user(u)
		}
		f.choir("a", "Alto Schola", 300<<20)
		f.member("u1", "a", true)
		f.member("u2", "a", true)
		f.member("u3", "a", false) // left: not counted
		f.invite("i1", "a", "pending", now.Add(7*day))
		f.invite("i2", "a", "pending", now.Add(-time.Minute)) // expired: not counted
		f.invite("i3", "a", "accepted", now.Add(7*day))
		f.subscription("a", "small", "trialing", now.Add(5*day), "", false, now.Add(-25*day))

		f.choir("b", "Bass Ensemble", 0)
		f.subscription("b", "medium", "active", now.Add(-60*day), "p1", false, now.Add(-90*day))
		f.choir("c", "Cathedral Choir", 0)
		f.subscription("c", "small", "active", now.Add(-30*day), "p1", false, now.Add(-60*day))
		f.choir("d", "Descant Singers", 0)
		f.subscription("d", "large", "past_due", now.Add(-30*day), "p2", false, now.Add(-60*day))
		f.choir("e", "Evensong Choir", 0)
		f.subscription("e", "large", "active", now.Add(-30*day), "p1", true, now.Add(-120*day))
		f.choir("g", "Gregorian Schola", 0)
		f.subscription("g", "medium", "trialing", now.Add(-day), "", false, now.Add(-31*day))
		f.choir("h", "Hymn Circle", 0) // no row: created before billing was on

		s := billing.NewSubscriptions(d, func() time.Time { return now })
		list, err := s.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 7 || list[0].ChoirName != "Alto Schola" || list[6].ChoirName != "Hymn Circle" {
			t.Fatalf("list: %+v", list)
		}
		got := byID(t, list)
		for id, want := range map[string]struct {
			state      string
			daysLeft   int
			cents      int
			discounted bool
		}{
			"a": {billing.Trial, 5, 0, false},
			"b": {billing.Active, 0, 1900, false},
			"c": {billing.Active, 0, 1080, true},
			"d": {billing.PastDue, 0, 2900, false},
			"e": {billing.Free, 0, 0, false},
			"g": {billing.ReadOnly, 0, 0, false},
		} {
			c := got[id]
			if c.Standing == nil || c.Standing.Kind != want.state || c.Standing.TrialDaysLeft != want.daysLeft || c.MonthlyCents != want.cents || c.Discounted != want.discounted {
				t.Errorf("%s: standing %+v, %d cents, discounted %t; want %+v", id, c.Standing, c.MonthlyCents, c.Discounted, want)
			}
		}
		if a := got["a"]; a.Members != 3 || a.StorageBytes != 300<<20 || a.Subscription.Plan != "small" {
			t.Errorf("a: %d members (want 3: two active, one pending invitation), %d bytes, plan %s", a.Members, a.StorageBytes, a.Subscription.Plan)
		}
		if h := got["h"]; h.Subscription != nil || h.Standing != nil || h.MonthlyCents != 0 {
			t.Errorf("h has no row: %+v", h)
		}
		if r := billing.MonthlyRevenueCents(list); r != 1900+1080+2900 {
			t.Errorf("revenue %d cents, want 5880", r)
		}

		// Charging e again makes it p1's first paying choir (the oldest):
		// b and c are then the additional ones.
		if err := s.SetComped(ctx, "e", false); err != nil {
			t.Fatal(err)
		}
		// A choir without a row gets one, on the default plan, free.
		if err := s.SetComped(ctx, "h", true); err != nil {
			t.Fatal(err)
		}
		if err := s.SetComped(ctx, "nope", true); !errors.Is(err, billing.ErrNoChoir) {
			t.Errorf("unknown choir: %v", err)
		}
		list, err = s.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got = byID(t, list)
		if e := got["e"]; e.Standing.Kind != billing.Active || e.MonthlyCents != 2900 || e.Discounted {
			t.Errorf("e charged again: %+v %d", e.Standing, e.MonthlyCents)
		}
		if b := got["b"]; b.MonthlyCents != 1710 || !b.Discounted {
			t.Errorf("b after e: %d cents, discounted %t; want 1710, true", b.MonthlyCents, b.Discounted)
		}
		if h := got["h"]; h.Standing == nil || h.Standing.Kind != billing.Free || h.Subscription.Plan != billing.DefaultPlan || h.Subscription.Status != "trialing" {
			t.Errorf("h comped: %+v %+v", h.Subscription, h.Standing)
		}
		if r := billing.MonthlyRevenueCents(list); r != 2900+1710+1080+2900 {
			t.Errorf("revenue %d cents, want 8590", r)
		}
		// Turning it off again leaves h a trial from the moment it was comped.
		if err := s.SetComped(ctx, "h", false); err != nil {
			t.Fatal(err)
		}
		list, _ = s.List(ctx)
		if h := byID(t, list)["h"]; h.Standing.Kind != billing.Trial || h.Standing.TrialDaysLeft != 30 {
			t.Errorf("h no longer comped: %+v", h.Standing)
		}
	})
}
