package analytics

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

// big is issue 28's choir: 200 members in four voice parts, five years of
// weekly rehearsals (Wednesday) and Sunday services (520 events), ≈100,000
// answers and 80,000 attendance marks, a library of 300 pieces with five
// planned at every service, 50,000 practice reports, and the RSVP emails
// of the last 30 days.
type big struct {
	choir   string
	members []Member
	parts   []Part
	now     time.Time
}

func insertRows(b testing.TB, d *db.DB, head string, cols int, rows [][]any) {
	b.Helper()
	const batch = 400
	for start := 0; start < len(rows); start += batch {
		end := min(start+batch, len(rows))
		tuple := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
		values := make([]string, 0, end-start)
		var args []any
		for _, r := range rows[start:end] {
			values = append(values, tuple)
			args = append(args, r...)
		}
		if _, err := d.ExecContext(context.Background(), head+" VALUES "+strings.Join(values, ", "), args...); err != nil {
			b.Fatal(err)
		}
	}
}

func seedBig(b testing.TB, d *db.DB) *big {
	g := &big{choir: uuid.NewString(), now: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}
	created := g.now.AddDate(-6, 0, 0)
	insertRows(b, d, `INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at)`, 8,
		[][]any{{g.choir, "Big", "GB", "00000000-0000-4000-8000-000000000101", "general_roman_ordinary", "Europe/London", created, created}})
	var roles, users, memberships, memberRoles [][]any
	for i, name := range []string{"Soprano", "Alto", "Tenor", "Bass"} {
		id := uuid.NewString()
		g.parts = append(g.parts, Part{ID: id, Name: name})
		roles = append(roles, []any{id, g.choir, name, i + 1})
	}
	for i := range 200 {
		id := uuid.NewString()
		part := g.parts[i%4]
		g.members = append(g.members, Member{UserID: id, Name: fmt.Sprintf("Singer %03d", i), PartIDs: []string{part.ID}, Parts: []string{part.Name}})
		users = append(users, []any{id, fmt.Sprintf("big%03d@example.com", i), created, created})
		memberships = append(memberships, []any{id, g.choir, "member", created})
		memberRoles = append(memberRoles, []any{id, g.choir, part.ID})
	}
	insertRows(b, d, `INSERT INTO musical_roles (id, choir_id, name, sort_order)`, 4, roles)
	insertRows(b, d, `INSERT INTO users (id, email, created_at, updated_at)`, 4, users)
	insertRows(b, d, `INSERT INTO user_choir_membership (user_id, choir_id, role, joined_date)`, 4, memberships)
	insertRows(b, d, `INSERT INTO member_musical_roles (user_id, choir_id, musical_role_id)`, 3, memberRoles)

	var music [][]any
	for i := range 300 {
		music = append(music, []any{fmt.Sprintf("%s-m%03d", g.choir[:8], i), g.choir, fmt.Sprintf("Piece %03d", i), created, created})
	}
	insertRows(b, d, `INSERT INTO music (id, choir_id, title, created_at, updated_at)`, 5, music)

	var events, rows, tokens, plans, slots [][]any
	sunday := time.Date(2021, 11, 28, 10, 0, 0, 0, time.UTC)
	n := 0
	for w := range 260 {
		for _, e := range []struct {
			typ   string
			start time.Time
		}{{"rehearsal", sunday.AddDate(0, 0, 7*w-4).Add(9 * time.Hour)}, {"service", sunday.AddDate(0, 0, 7*w)}} {
			id := uuid.NewString()
			start := e.start.Format(time.RFC3339)
			events = append(events, []any{id, g.choir, e.typ, e.typ, start, start, "Europe/London", "published", created, created})
			recent := g.now.Sub(e.start) < 30*24*time.Hour && e.start.Before(g.now)
			for i, m := range g.members {
				n++
				var status, answered, mark any
				if n%26 != 0 { // ≈96 % answer: 100,000 answers
					status = []string{"going", "going", "going", "maybe", "not_going"}[(i+w)%5]
					answered = e.start.Add(-time.Duration(24+i%72) * time.Hour)
				}
				if n%13 < 10 && e.start.Before(g.now) { // ≈77 % marked: 80,000 marks
					mark = []string{"present", "present", "present", "absent", "excused"}[(i*7+w)%5]
				}
				rows = append(rows, []any{m.UserID, g.choir, id, "", status, answered, mark})
				if recent {
					sent := e.start.Add(-7 * 24 * time.Hour)
					tokens = append(tokens, []any{uuid.NewString(), m.UserID, g.choir, "rsvp", id, sent, sent.Add(30 * 24 * time.Hour)})
				}
			}
			if e.typ == "service" {
				plan := uuid.NewString()
				plans = append(plans, []any{plan, g.choir, e.start.Format(dateForm), id, id, "service", created, created})
				for s := range 5 {
					slots = append(slots, []any{plan, s, g.choir, "Slot", music[(w*5+s*37)%300][0]})
				}
			}
		}
	}
	insertRows(b, d, `INSERT INTO events (id, choir_id, title, event_type, start_at, end_at, time_zone, status, created_at, updated_at)`, 10, events)
	insertRows(b, d, `INSERT INTO member_attendance (user_id, choir_id, event_id, occurrence_date, status, updated_at, mark)`, 7, rows)
	insertRows(b, d, `INSERT INTO email_action_tokens (token_hash, user_id, choir_id, action_type, resource_id, created_at, expires_at)`, 7, tokens)
	insertRows(b, d, `INSERT INTO music_plans (id, choir_id, plan_date, event_key, event_id, event_type, created_at, updated_at)`, 8, plans)
	insertRows(b, d, `INSERT INTO music_plan_slots (plan_id, position, choir_id, label, music_id)`, 5, slots)
	// 50,000 practice reports over the five years, some 27 a day.
	var practice [][]any
	first := sunday.AddDate(0, 0, -6)
	for i := range 50000 {
		day := first.AddDate(0, 0, i*1820/50000)
		practice = append(practice, []any{uuid.NewString(), g.choir, music[(i*7)%300][0], g.members[i%200].UserID, day.Format(dateForm),
			float64(300 + i%900), 1, 0.0, 1.0, day, day})
	}
	insertRows(b, d, `INSERT INTO practice_sessions (id, choir_id, music_id, user_id, day, played_seconds, loops, position, speed, started_at, updated_at)`, 11, practice)
	// A choir's five years of rows are long since vacuumed on PostgreSQL
	// (autovacuum), which marks their pages all-visible so that a query can
	// read an index alone; fresh rows are not yet, so the benchmark vacuums
	// them as the server would have.
	analyze := `ANALYZE`
	if d.Kind == config.Postgres {
		analyze = `VACUUM ANALYZE`
	}
	if _, err := d.ExecContext(context.Background(), analyze); err != nil {
		b.Fatal(err)
	}
	return g
}

// cpuClock reads the CPU time spent so far by this process and, on
// PostgreSQL, by the server process of d's one connection: what a section
// costs, which is its time on an idle machine, where the wall clock of a
// machine shared with other work says little. ok is false where /proc
// cannot tell.
func cpuClock(b *testing.B, d *db.DB) func() (time.Duration, bool) {
	backend := 0
	if d.Kind == config.Postgres {
		if err := d.QueryRowContext(context.Background(), `SELECT pg_backend_pid()`).Scan(&backend); err != nil {
			b.Fatal(err)
		}
	}
	ticks := func(pid string) (time.Duration, bool) {
		stat, err := os.ReadFile("/proc/" + pid + "/stat")
		if err != nil {
			return 0, false
		}
		// Fields 14 and 15, after the command in parentheses: user and system time in clock ticks (1/100 s).
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(fields) < 13 {
			return 0, false
		}
		user, err1 := strconv.Atoi(fields[11])
		system, err2 := strconv.Atoi(fields[12])
		return time.Duration(user+system) * 10 * time.Millisecond, err1 == nil && err2 == nil
	}
	return func() (time.Duration, bool) {
		var own syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &own); err != nil {
			return 0, false
		}
		total := time.Duration(own.Utime.Nano() + own.Stime.Nano())
		if backend == 0 {
			return total, true
		}
		server, ok := ticks(strconv.Itoa(backend))
		return total + server, ok
	}
}

// BenchmarkAnalyticsSections answers each section of a 12-month period for
// the big choir, and reports the SQL statements each one runs and the CPU
// time it takes (cpu-ms/op, see cpuClock).
func BenchmarkAnalyticsSections(b *testing.B) {
	for _, kind := range dbtest.Kinds {
		b.Run(kind, func(b *testing.B) {
			d := dbtest.OpenPool(b, kind, 1)
			g := seedBig(b, d)
			cpu := cpuClock(b, d)
			s, insights := New(d), NewInsights(d, nil, func() time.Time { return g.now })
			london := mustZone("Europe/London")
			p, err := ParsePeriod(url.Values{"period": {"last12m"}}, london, g.now)
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			for _, section := range []struct {
				name string
				run  func() error
			}{
				{"attendance", func() error { _, err := s.Attendance(ctx, g.choir, p, g.members, g.parts); return err }},
				{"answers", func() error { _, err := s.Answers(ctx, g.choir, p, g.members); return err }},
				{"music", func() error { _, err := s.Music(ctx, g.choir, p, "general_roman_ordinary", "2026-11-26"); return err }},
				{"practice", func() error { _, err := insights.Practice(ctx, g.choir, p, ""); return err }},
				{"mine", func() error { _, err := insights.Mine(ctx, g.choir, g.members[1].UserID, p); return err }},
			} {
				b.Run(section.name, func(b *testing.B) {
					before := d.Statements()
					if err := section.run(); err != nil {
						b.Fatal(err)
					}
					statements := d.Statements() - before
					cpuBefore, ok := cpu()
					b.ResetTimer()
					for b.Loop() {
						if err := section.run(); err != nil {
							b.Fatal(err)
						}
					}
					b.StopTimer()
					b.ReportMetric(float64(statements), "statements/op")
					if cpuAfter, ok2 := cpu(); ok && ok2 {
						b.ReportMetric(float64((cpuAfter-cpuBefore).Microseconds())/1000/float64(b.N), "cpu-ms/op")
					}
				})
			}
		})
	}
}

// TestBigChoirFigures checks the benchmark's choir is the one the issue
// describes, and that its figures add up: the marks of the members equal the
// marks of the events.
func TestBigChoirFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds 100,000 rows")
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		g := seedBig(t, d)
		var answers, marks, events int
		if err := d.QueryRowContext(context.Background(), `SELECT SUM(CASE WHEN status IS NOT NULL THEN 1 ELSE 0 END),
			SUM(CASE WHEN mark IS NOT NULL THEN 1 ELSE 0 END), COUNT(DISTINCT event_id) FROM member_attendance WHERE choir_id = ?`, g.choir).
			Scan(&answers, &marks, &events); err != nil {
			t.Fatal(err)
		}
		if events != 520 || answers < 99000 || answers > 101000 || marks < 79000 || marks > 81000 {
			t.Fatalf("events %d answers %d marks %d", events, answers, marks)
		}
		p, _ := ParsePeriod(url.Values{"period": {"last12m"}}, mustZone("Europe/London"), g.now)
		a, err := New(d).Attendance(context.Background(), g.choir, p, g.members, g.parts)
		if err != nil {
			t.Fatal(err)
		}
		var byMember, byEvent Counts
		for _, m := range a.Members {
			byMember.add(m.Counts)
		}
		for _, e := range a.Events {
			byEvent.add(e.Counts)
		}
		if byMember != byEvent || byMember.Marked() == 0 || len(a.Events) < 100 || len(a.Events) > 106 {
			t.Errorf("members %+v events %+v over %d events", byMember, byEvent, len(a.Events))
		}
	})
}

// TestSectionsTakeAConstantNumberOfStatements: each section runs as many
// statements for a choir of three members and four events as for one with
// a hundred more members and a year of weekly events — sums in SQL, never a
// statement per member or per event.
func TestSectionsTakeAConstantNumberOfStatements(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		s := New(d)
		ctx := context.Background()
		p := custom(t, "")
		parts := []Part{{f.soprano, "Soprano"}, {f.alto, "Alto"}}
		count := func() map[string]int64 {
			out := map[string]int64{}
			for name, run := range map[string]func() error{
				"attendance": func() error { _, err := s.Attendance(ctx, f.choir, p, f.members, parts); return err },
				"answers":    func() error { _, err := s.Answers(ctx, f.choir, p, f.members); return err },
				"music":      func() error { _, err := s.Music(ctx, f.choir, p, "general_roman_ordinary", "2026-02-10"); return err },
			} {
				before := d.Statements()
				if err := run(); err != nil {
					t.Fatal(name, err)
				}
				out[name] = d.Statements() - before
			}
			return out
		}
		small := count()
		if small["attendance"] != 3 || small["answers"] != 3 || small["music"] != 2 {
			t.Errorf("statements for the small choir: %v", small)
		}
		var users, members, events, rows [][]any
		now := ts("2025-06-01T00:00:00Z")
		for i := range 100 {
			id := uuid.NewString()
			users = append(users, []any{id, fmt.Sprintf("more%03d@example.com", i), now, now})
			members = append(members, []any{id, f.choir, "member", now})
			f.members = append(f.members, Member{UserID: id, Name: fmt.Sprintf("More %03d", i), PartIDs: []string{f.alto}, Parts: []string{"Alto"}})
			for w := range 5 {
				rows = append(rows, []any{id, f.choir, fmt.Sprintf("%s-w%02d", f.choir[:8], w), "", "going", now, "present"})
			}
		}
		for w := range 5 {
			start := ts("2026-01-03T15:00:00Z").AddDate(0, 0, 7*w).Format(time.RFC3339)
			events = append(events, []any{fmt.Sprintf("%s-w%02d", f.choir[:8], w), f.choir, "Weekly", "rehearsal", start, start, "America/New_York", "published", now, now})
		}
		insertRows(t, d, `INSERT INTO users (id, email, created_at, updated_at)`, 4, users)
		insertRows(t, d, `INSERT INTO user_choir_membership (user_id, choir_id, role, joined_date)`, 4, members)
		insertRows(t, d, `INSERT INTO events (id, choir_id, title, event_type, start_at, end_at, time_zone, status, created_at, updated_at)`, 10, events)
		insertRows(t, d, `INSERT INTO member_attendance (user_id, choir_id, event_id, occurrence_date, status, updated_at, mark)`, 7, rows)
		a, err := s.Attendance(ctx, f.choir, p, f.members, parts)
		if err != nil || len(a.Events) != 9 || len(a.Members) != 103 {
			t.Fatalf("the larger choir: %v, %d events, %d members", err, len(a.Events), len(a.Members))
		}
		if large := count(); !maps.Equal(large, small) {
			t.Errorf("statements: %v for 3 members and 4 events, %v for 103 members and 9", small, large)
		}
	})
}
