package overview_test

import (
	"context"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/overview"
)

// now is the fixture's clock: the window starts 30 days earlier, on
// 29 October at noon, and the month on 1 November.
var (
	now   = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	since = now.Add(-overview.Window)
)

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

func (f fixture) choir(id, calendarType string, created time.Time, storage int64) {
	f.exec(`INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at, storage_used_bytes)
		VALUES (?, ?, 'GB', '00000000-0000-4000-8000-000000000101', ?, 'Europe/London', ?, ?, ?)`, id, "Choir "+id, calendarType, created, created, storage)
}

func (f fixture) user(id string, lastSignIn *time.Time) {
	var at any
	if lastSignIn != nil {
		at = *lastSignIn
	}
	f.exec(`INSERT INTO users (id, email, created_at, updated_at, last_sign_in_at) VALUES (?, ?, ?, ?, ?)`, id, id+"@example.org", now, now, at)
}

func (f fixture) member(user, choir string, active bool) {
	status := "active"
	if !active {
		status = "inactive"
	}
	f.exec(`INSERT INTO user_choir_membership (user_id, choir_id, role, is_active, status, joined_date) VALUES (?, ?, 'member', ?, ?, ?)`,
		user, choir, active, status, now)
}

func (f fixture) event(id, choir, start, end string) {
	f.exec(`INSERT INTO events (id, choir_id, title, event_type, start_at, end_at, last_end_at, time_zone, status, created_at, updated_at)
		VALUES (?, ?, 'Rehearsal', 'rehearsal', ?, ?, ?, 'Europe/London', 'published', ?, ?)`, id, choir, start, end, end, now, now)
}

// mail queues one message for choir ("" for account mail), created at the
// given instant, in the given state.
func (f fixture) mail(id, choir string, created time.Time, state string) {
	var choirID, sent, failed any
	if choir != "" {
		choirID = choir
	}
	switch state {
	case "sent":
		sent = created
	case "failed":
		failed = created
	}
	f.exec(`INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body, created_at, next_attempt_at, sent_at, failed_at, choir_id)
		VALUES (?, 'test', 'a@example.org', 'Hello', 'Hello', '', ?, ?, ?, ?, ?)`, id, created, created, sent, failed, choirID)
}

func at(t time.Time) *time.Time { return &t }

// TestRead works the figures out by hand on a fixture with each edge: a
// sign-in exactly 30 days ago counts, one a second earlier does not; an
// event that ended a second before the window does not count, nor one yet
// to come; a choir created at midnight on the 1st is new this month.
func TestRead(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := fixture{t, d}
		f.choir("a", "general_roman_ordinary", time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC), 1000)
		f.choir("b", "general_roman_ordinary", time.Date(2026, 10, 31, 23, 59, 59, 0, time.UTC), 2500)
		f.choir("c", "roman_1962_extraordinary", time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), 0)
		f.choir("d", "roman_1962_extraordinary", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), 0)

		f.user("u1", at(since))                   // signed in exactly at the edge: a's members came
		f.user("u2", nil)                         // never signed in
		f.user("u3", at(since.Add(-time.Second))) // a second too early
		f.user("u4", at(now.Add(-time.Hour)))     // signed in today, but left c
		f.member("u1", "a", true)
		f.member("u2", "a", true)
		f.member("u3", "b", true)
		f.member("u3", "c", true)
		f.member("u4", "c", false)

		f.event("b-past", "b", "2026-11-10T18:00:00Z", "2026-11-10T20:00:00Z")                   // b had a rehearsal
		f.event("c-edge", "c", "2026-10-29T09:00:00Z", "2026-10-29T11:59:59Z")                   // ended a second before the window
		f.event("c-future", "c", "2026-12-05T18:00:00Z", "2026-12-05T20:00:00Z")                 // not yet
		f.event("d-now", "d", now.Format(time.RFC3339), now.Add(time.Hour).Format(time.RFC3339)) // starts now: not yet

		f.mail("m1", "a", now.Add(-time.Hour), "sent")
		f.mail("m2", "a", since, "sent")
		f.mail("m3", "a", now.Add(-48*time.Hour), "sent")
		f.mail("m4", "a", now.Add(-time.Hour), "failed")
		f.mail("m5", "a", now.Add(-time.Minute), "pending")
		f.mail("m6", "a", since.Add(-time.Second), "sent") // before the window
		f.mail("m7", "", now.Add(-time.Hour), "sent")
		f.mail("m8", "", now.Add(-2*time.Hour), "sent")
		f.mail("m9", "", now.Add(-3*time.Hour), "failed")

		f.exec(`INSERT INTO sign_in_days (day, sign_ins) VALUES ('2026-11-28', 5), ('2026-10-30', 2), ('2026-10-29', 7)`)

		o, err := overview.New(d, func() time.Time { return now }).Read(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if o.Total != 4 || o.NewThisMonth != 2 || o.Active != 2 || o.Sleepy != 2 {
			t.Errorf("choirs: total %d, new %d, active %d, sleepy %d; want 4, 2 (a, d), 2 (a, b), 2 (c, d)", o.Total, o.NewThisMonth, o.Active, o.Sleepy)
		}
		if o.Members != 3 {
			t.Errorf("members = %d, want 3 (u1, u2, u3; u4 left)", o.Members)
		}
		byID := map[string]overview.Choir{}
		for _, c := range o.Choirs {
			byID[c.ID] = c
		}
		for id, want := range map[string]struct {
			active               bool
			members, sent, fails int
			storage              int64
		}{
			"a": {true, 2, 3, 1, 1000},
			"b": {true, 1, 0, 0, 2500},
			"c": {false, 1, 0, 0, 0},
			"d": {false, 0, 0, 0, 0},
		} {
			c := byID[id]
			if c.Active != want.active || c.Members != want.members || c.MailSent != want.sent || c.MailFailed != want.fails || c.StorageBytes != want.storage {
				t.Errorf("choir %s = %+v, want %+v", id, c, want)
			}
		}
		if got := byID["a"].LastSignInAt; got == nil || !got.Equal(since) {
			t.Errorf("a's last sign-in = %v, want %v", got, since)
		}
		if got := byID["b"].LastEventAt; got == nil || !got.Equal(time.Date(2026, 11, 10, 18, 0, 0, 0, time.UTC)) {
			t.Errorf("b's last event = %v, want 10 November 18:00", got)
		}
		if byID["c"].LastEventAt != nil || byID["d"].LastSignInAt != nil {
			t.Errorf("c's last event %v, d's last sign-in %v; want none", byID["c"].LastEventAt, byID["d"].LastSignInAt)
		}
		if o.OtherMailSent != 2 || o.OtherMailFailed != 1 {
			t.Errorf("mail for no choir: %d sent, %d failed; want 2, 1", o.OtherMailSent, o.OtherMailFailed)
		}
		if o.StorageBytes != 3500 {
			t.Errorf("storage = %d, want 3500", o.StorageBytes)
		}
		if len(o.SignIns) != overview.Days || o.SignIns[0] != (overview.Day{Date: "2026-10-30", SignIns: 2}) ||
			o.SignIns[overview.Days-1] != (overview.Day{Date: "2026-11-28", SignIns: 5}) || o.SignIns[1] != (overview.Day{Date: "2026-10-31"}) {
			t.Errorf("sign-ins = %v, want 30 days from 30 October (2) to 28 November (5), zeros between", o.SignIns)
		}
		types := map[string]overview.CalendarType{}
		for _, ct := range o.CalendarTypes {
			types[ct.Key] = ct
		}
		if ct := types["roman_1962_extraordinary"]; !ct.Uploaded || ct.Choirs != 2 {
			t.Errorf("1962 calendar = %+v, want uploaded, 2 choirs", ct)
		}
		if ct := types["roman_1955_pre_reform"]; ct.Uploaded || ct.Choirs != 0 || ct.Name == "" {
			t.Errorf("1955 calendar = %+v, want named, not uploaded, no choir", ct)
		}
	})
}
