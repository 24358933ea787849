package digest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/recurrence"
)

// weekly adds a rehearsal every Thursday evening to a choir.
func (f fixture) weekly(choirID, adminID, title string) {
	f.t.Helper()
	_, err := f.h.App.Calendar.Create(context.Background(), choirID, adminID, calendar.Input{Title: title, Type: "rehearsal",
		Start: "2026-11-05T19:30:00", End: "2026-11-05T21:30:00",
		Rule: &recurrence.Rule{Type: "weekly_on_days", WeeklyDays: []string{"thursday"}}})
	if err != nil {
		f.t.Fatal(err)
	}
}

// insertMany runs one INSERT of many rows in batches.
func (f fixture) insertMany(head string, cols int, rows [][]any) {
	f.t.Helper()
	err := f.h.DB.InTx(context.Background(), func(tx *db.Tx) error {
		for start := 0; start < len(rows); start += 500 {
			batch := rows[start:min(start+500, len(rows))]
			values := make([]string, len(batch))
			var args []any
			for i, r := range batch {
				values[i] = "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
				args = append(args, r...)
			}
			if _, err := tx.ExecContext(context.Background(), head+" VALUES "+strings.Join(values, ", "), args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		f.t.Fatal(err)
	}
}

// The digest's statements per member do not grow with the events, answers
// and pieces: two choirs of the same size, one with ten times the events
// and answers of the other, cost the same per member.
func TestStatementsPerMemberAreConstant(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, h *apptest.Harness) {
		f := fixture{t, h}
		const n = 10
		small := func(name, tz string, events int) string {
			director := f.user(name + "director")
			id := f.choir(director, name, tz)
			members := f.users(name, n)
			f.join(id, members...)
			piece := f.piece(id, "Rorate caeli")
			for i := range events {
				ev := f.event(id, director, fmt.Sprintf("Rehearsal %d", i), "rehearsal", time.Date(2026, 11, 24, 19, 0, 0, 0, time.UTC).Add(time.Duration(i)*7*time.Hour))
				for _, m := range members[:n/2] {
					f.answer(m, id, ev, "going")
				}
			}
			for _, m := range members {
				for d := range events {
					f.practised(m, id, piece, fmt.Sprintf("2026-11-%02d", 16+d%7), 60)
				}
			}
			return id
		}
		london := small("london", "Europe/London", 3)       // due at 08:00 UTC
		newYork := small("newyork", "America/New_York", 30) // due at 13:00 UTC
		// The feasts of the years around are worked out once, before.
		for _, id := range []string{london, newYork} {
			if _, _, err := h.App.Calendar.Header(t.Context(), id, "", false, liturgy.DateOf(h.Clock.Now()), liturgy.DateOf(h.Clock.Now()).AddDays(14)); err != nil {
				t.Fatal(err)
			}
		}
		// Only the digest's planner runs, so that the count is the digest's
		// alone (the reminders' planner has work at these hours too).
		runDigests := func() int {
			if err := h.App.Digest.Plan(t.Context(), h.Clock.Now()); err != nil {
				t.Fatal(err)
			}
			got, err := h.App.Jobs.RunDue(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		before := h.DB.Statements()
		if got := runDigests(); got != n+1 {
			t.Fatalf("%d digests ran at 10:00, want %d", got, n+1)
		}
		few := h.DB.Statements() - before
		h.Clock.Advance(3*time.Hour + 30*time.Minute)
		before = h.DB.Statements()
		if got := runDigests(); got != n+1 {
			t.Fatalf("%d digests ran at 13:30, want %d", got, n+1)
		}
		many := h.DB.Statements() - before
		t.Logf("statements for %d members: %d with 3 events, %d with 30 events", n+1, few, many)
		if few != many {
			t.Errorf("statements grow with events: %d for 3 events, %d for 30", few, many)
		}
		if perMember := many / (n + 1); perMember > 25 {
			t.Errorf("%d statements per member", perMember)
		}
	})
}

// BenchmarkBuildOneMember builds (as the preview does, with nothing kept
// from another member) one member's digest in a choir of 200 members with
// five years of weekly rehearsals, answers and practice behind it.
func BenchmarkBuildOneMember(b *testing.B) {
	h := apptest.Start(b, dbtest.Kinds[0], apptest.Options{ProductionLogs: true})
	f := fixture{b, h}
	director := f.user("director")
	choirID := f.choir(director, "St Cecilia Singers", "Europe/London")
	members := f.users("singer", 199)
	f.join(choirID, members...)
	start := time.Date(2021, 11, 25, 19, 30, 0, 0, time.UTC)
	var events []string
	for d := start; d.Before(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)); d = d.AddDate(0, 0, 7) {
		events = append(events, f.event(choirID, director, "Rehearsal", "rehearsal", d))
	}
	f.weekly(choirID, director, "Thursday rehearsal")
	mass := f.event(choirID, director, "Advent Sunday Mass", "service", time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC))
	var pieces []string
	for i := range 50 {
		p := f.piece(choirID, fmt.Sprintf("Piece %d", i))
		f.score(choirID, p)
		pieces = append(pieces, p)
	}
	f.plan(choirID, director, mass, "Advent I", pieces[:6]...)
	var answers, practice [][]any
	now := h.Clock.Now()
	for _, m := range members {
		for i, ev := range events {
			answers = append(answers, []any{m, choirID, ev, "", []string{"going", "maybe", "not_going"}[i%3], now})
		}
		for i := range 100 {
			day := start.AddDate(0, 0, i*18).Format(time.DateOnly)
			practice = append(practice, []any{uuid.NewString(), choirID, pieces[i%50], m, day, 300.0, 0, 0.0, 1.0, now, now})
		}
	}
	f.insertMany(`INSERT INTO member_attendance (user_id, choir_id, event_id, occurrence_date, status, updated_at)`, 6, answers)
	f.insertMany(`INSERT INTO practice_sessions (id, choir_id, music_id, user_id, day, played_seconds, loops, position, speed, started_at, updated_at)`, 11, practice)
	b.Logf("%d past events, %d answers, %d practice sessions", len(events), len(answers), len(practice))
	b.ResetTimer()
	for b.Loop() {
		p, err := h.App.Digest.Preview(b.Context(), choirID, members[7])
		if err != nil || p.Empty {
			b.Fatal(p, err)
		}
	}
}

// BenchmarkDigestRun2000 plans and runs the weekly digest of 2,000 members
// across 20 choirs: every job claimed, built, rendered and its mail put in
// the outbox.
func BenchmarkDigestRun2000(b *testing.B) {
	h := apptest.Start(b, dbtest.Kinds[0], apptest.Options{ProductionLogs: true})
	f := fixture{b, h}
	for c := range 20 {
		director := f.user(fmt.Sprintf("director%d-", c))
		choirID := f.choir(director, fmt.Sprintf("Choir %d", c), "Europe/London")
		members := f.users(fmt.Sprintf("c%dsinger", c), 99)
		f.join(choirID, members...)
		f.weekly(choirID, director, "Thursday rehearsal")
	}
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		h.Clock.Advance(7 * 24 * time.Hour) // a new week each round
		b.StartTimer()
		start := time.Now()
		if got := h.RunJobs(); got != 2000 {
			b.Fatalf("%d digests ran, want 2000", got)
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/run")
	}
}
