package analytics

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

var newYork = mustZone("America/New_York")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

func TestParsePeriod(t *testing.T) {
	// Tuesday 10 February 2026, 22:00 in New York (already the 11th in UTC).
	now := time.Date(2026, 2, 11, 3, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		q                string
		from, to, fromAt string
	}{
		{"", "2025-11-13", "2026-02-10", "2025-11-13T05:00:00Z"},
		{"period=last90", "2025-11-13", "2026-02-10", "2025-11-13T05:00:00Z"},
		{"period=season", "2025-09-01", "2026-08-31", "2025-09-01T04:00:00Z"},
		{"period=last12m", "2025-02-11", "2026-02-10", "2025-02-11T05:00:00Z"},
		{"period=custom&from=2026-01-01&to=2026-01-31", "2026-01-01", "2026-01-31", "2026-01-01T05:00:00Z"},
	} {
		q, _ := url.ParseQuery(c.q)
		p, err := ParsePeriod(q, newYork, now)
		if err != nil {
			t.Fatalf("%q: %v", c.q, err)
		}
		if p.FromDate != c.from || p.ToDate != c.to || p.From.UTC().Format(time.RFC3339) != c.fromAt {
			t.Errorf("%q: got %s..%s from %s, want %s..%s from %s", c.q, p.FromDate, p.ToDate, p.From.UTC().Format(time.RFC3339), c.from, c.to, c.fromAt)
		}
		wantTo, _ := time.ParseInLocation(dateForm, c.to, newYork)
		if !p.To.Equal(wantTo.AddDate(0, 0, 1)) {
			t.Errorf("%q: To = %s, want midnight after %s", c.q, p.To, c.to)
		}
	}
	// In September the season is the one starting this year.
	p, _ := ParsePeriod(url.Values{"period": {"season"}}, newYork, time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC))
	if p.FromDate != "2026-09-01" || p.ToDate != "2027-08-31" {
		t.Errorf("season on 1 September: %s..%s", p.FromDate, p.ToDate)
	}
	for _, bad := range []string{"period=week", "period=custom&from=2026-01-01", "period=custom&from=2026-02-01&to=2026-01-01",
		"period=custom&from=2000-01-01&to=2026-01-01", "period=custom&from=2026-1-1&to=2026-01-02", "eventType=party",
		"voicePart=" + strings.Repeat("x", 65)} {
		q, _ := url.ParseQuery(bad)
		if _, err := ParsePeriod(q, newYork, now); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}

// fixture is choir A in New York with three members (Alto: Ann and Bob,
// Soprano: Cat) and choir B with one member, whose rows must never count.
type fixture struct {
	t              *testing.T
	d              *db.DB
	choir, other   string
	ann, bob, cat  string
	far            string
	alto, soprano  string
	members        []Member
	series         string
	e0, e1, e2, e3 string
	p1, p2, p3, p4 string
	otherEvent     string
}

func (f *fixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.d.ExecContext(context.Background(), query, args...); err != nil {
		f.t.Fatal(err)
	}
}

func ts(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func newFixture(t *testing.T, d *db.DB) *fixture {
	f := &fixture{t: t, d: d, choir: uuid.NewString(), other: uuid.NewString(), ann: uuid.NewString(), bob: uuid.NewString(),
		cat: uuid.NewString(), far: uuid.NewString(), alto: uuid.NewString(), soprano: uuid.NewString(), series: uuid.NewString(),
		e0: uuid.NewString(), e1: uuid.NewString(), e2: uuid.NewString(), e3: uuid.NewString(), otherEvent: uuid.NewString(),
		p1: uuid.NewString(), p2: uuid.NewString(), p3: uuid.NewString(), p4: uuid.NewString()}
	now := ts("2025-06-01T00:00:00Z")
	for _, c := range []string{f.choir, f.other} {
		f.exec(`INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at)
			VALUES (?, 'Choir', 'US', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'America/New_York', ?, ?)`, c, now, now)
	}
	f.exec(`INSERT INTO musical_roles (id, choir_id, name, sort_order) VALUES (?, ?, 'Soprano', 1), (?, ?, 'Alto', 2)`, f.soprano, f.choir, f.alto, f.choir)
	for i, u := range []struct{ id, choir, part, name string }{{f.ann, f.choir, f.alto, "Ann"}, {f.bob, f.choir, f.alto, "Bob"},
		{f.cat, f.choir, f.soprano, "Cat"}, {f.far, f.other, "", "Far"}} {
		f.exec(`INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`, u.id, fmt.Sprintf("s%d@example.com", i), now, now)
		f.exec(`INSERT INTO user_choir_membership (user_id, choir_id, role, joined_date) VALUES (?, ?, 'member', ?)`, u.id, u.choir, now)
		if u.part != "" {
			f.exec(`INSERT INTO member_musical_roles (user_id, choir_id, musical_role_id) VALUES (?, ?, ?)`, u.id, u.choir, u.part)
			name := "Alto"
			if u.part == f.soprano {
				name = "Soprano"
			}
			f.members = append(f.members, Member{UserID: u.id, Name: u.name, PartIDs: []string{u.part}, Parts: []string{name}})
		}
	}
	event := func(id, choir, typ, start string, rule any) {
		f.exec(`INSERT INTO events (id, choir_id, title, event_type, start_at, end_at, time_zone, status, recurrence_rule, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, 'America/New_York', 'published', ?, ?, ?)`, id, choir, "Event "+typ, typ, start, start, rule, now, now)
	}
	// New York is five hours behind UTC in winter.
	event(f.e0, f.choir, "rehearsal", "2026-01-01T04:30:00Z", nil) // 31 December, 23:30: before the period
	event(f.e1, f.choir, "rehearsal", "2026-01-06T00:00:00Z", nil) // 5 January, 19:00
	event(f.e2, f.choir, "service", "2026-02-01T04:30:00Z", nil)   // 31 January, 23:30: the last day counts
	event(f.e3, f.choir, "rehearsal", "2026-02-01T05:30:00Z", nil) // 1 February, 00:30: after the period
	event(f.series, f.choir, "rehearsal", "2026-01-06T00:00:00Z", `{"type":"weekly_on_days","weeklyDays":["monday"]}`)
	event(f.otherEvent, f.other, "rehearsal", "2026-01-06T00:00:00Z", nil)
	row := func(user, eventID, date, status, answered, mark string) {
		var st, at, mk any
		if status != "" {
			st, at = status, ts(answered)
		}
		if mark != "" {
			mk = mark
		}
		choirID := f.choir
		if user == f.far {
			choirID = f.other
		}
		f.exec(`INSERT INTO member_attendance (user_id, choir_id, event_id, occurrence_date, status, updated_at, mark) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			user, choirID, eventID, date, st, at, mk)
	}
	day := "2026-01-01T00:00:00Z"
	row(f.ann, f.e1, "", "going", "2026-01-01T12:00:00Z", "present")
	row(f.bob, f.e1, "", "going", "2026-01-02T10:00:00Z", "absent")
	row(f.cat, f.e1, "", "", "", "present")
	row(f.ann, f.e2, "", "not_going", "2026-01-22T00:00:00Z", "present")
	row(f.bob, f.e2, "", "going", day, "present")
	row(f.cat, f.e2, "", "not_going", day, "excused")
	row(f.ann, f.series, "2026-01-12", "going", day, "present")
	row(f.bob, f.series, "2026-01-12", "going", day, "absent")
	row(f.cat, f.series, "2026-01-12", "maybe", "2026-01-05T01:00:00Z", "absent")
	row(f.ann, f.series, "2026-01-19", "going", day, "excused")
	row(f.bob, f.series, "2026-01-19", "", "", "absent")
	row(f.cat, f.series, "2026-01-19", "not_going", day, "present")
	for _, u := range []string{f.ann, f.bob, f.cat} { // outside the period on either side: all said yes and came
		row(u, f.e0, "", "going", day, "present")
		row(u, f.e3, "", "going", day, "present")
		row(u, f.series, "2026-02-02", "going", day, "present")
		row(u, f.series, "2025-12-29", "going", day, "present")
	}
	row(f.far, f.otherEvent, "", "going", day, "absent")
	token := func(user, resource, sent string) {
		f.exec(`INSERT INTO email_action_tokens (token_hash, user_id, choir_id, action_type, resource_id, created_at, expires_at)
			VALUES (?, ?, ?, 'rsvp', ?, ?, ?)`, uuid.NewString(), user, f.choir, resource, ts(sent), ts(sent).Add(30*24*time.Hour))
	}
	token(f.ann, f.e1, "2026-01-01T10:00:00Z")                              // answered 2 hours later
	token(f.bob, f.e1, "2026-01-01T10:00:00Z")                              // answered a day later
	token(f.bob, f.e1, "2026-01-02T09:00:00Z")                              // a reminder: the first email counts
	token(f.cat, f.series+"-occurrence-2026-01-12", "2026-01-05T00:00:00Z") // answered an hour later
	token(f.ann, f.e2, "2026-01-20T00:00:00Z")                              // answered two days later
	token(f.bob, f.e2, "2026-01-02T00:00:00Z")                              // answered before this email: not a wait
	return f
}

func custom(t *testing.T, extra string) Period {
	q, _ := url.ParseQuery("period=custom&from=2026-01-01&to=2026-01-31" + extra)
	p, err := ParsePeriod(q, newYork, ts("2026-02-10T15:00:00Z"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAttendanceFiguresWorkedByHand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		s := New(d)
		parts := []Part{{f.soprano, "Soprano"}, {f.alto, "Alto"}}
		a, err := s.Attendance(context.Background(), f.choir, custom(t, ""), f.members, parts)
		if err != nil {
			t.Fatal(err)
		}
		// Ann: present at E1, E2 and the 12th, excused on the 19th: 3 of 4, 75 %.
		// Bob: present only at E2: 1 of 4, 25 %. Cat: present at E1 and the 19th,
		// excused at E2, absent on the 12th: 2 of 4, 50 %. The threshold is 60 %:
		// Bob and Cat come first, lowest rate first.
		var got []string
		for _, m := range a.Members {
			got = append(got, fmt.Sprintf("%s %d/%d/%d %d%% %v", m.Name, m.Present, m.Excused, m.Absent, m.Rate(), m.Below))
		}
		want := []string{"Bob 1/0/3 25% true", "Cat 2/1/1 50% true", "Ann 3/1/0 75% false"}
		if strings.Join(got, "; ") != strings.Join(want, "; ") || a.Threshold != 60 {
			t.Errorf("members = %v (threshold %d), want %v", got, a.Threshold, want)
		}
		got = nil
		for _, p := range a.Parts {
			got = append(got, fmt.Sprintf("%s %d/%d/%d %d%%", p.Name, p.Present, p.Excused, p.Absent, p.Rate()))
		}
		if want := "Soprano 2/1/1 50%; Alto 4/1/3 50%"; strings.Join(got, "; ") != want {
			t.Errorf("parts = %v, want %s", got, want)
		}
		got = nil
		for _, e := range a.Events {
			got = append(got, fmt.Sprintf("%s %s %d/%d/%d", e.Date, e.Type, e.Present, e.Excused, e.Absent))
		}
		// The service at 23:30 on 31 January is in; the rehearsals at 23:30 on
		// 31 December and 00:30 on 1 February are not.
		if want := "2026-01-05 rehearsal 2/0/1; 2026-01-12 rehearsal 1/0/2; 2026-01-19 rehearsal 1/1/1; 2026-01-31 service 2/1/0"; strings.Join(got, "; ") != want {
			t.Errorf("events = %v, want %s", got, want)
		}
		// Rehearsals: 2 + 1 + 1 present over 3 = 1.33; the service: 2.
		if len(a.Types) != 2 || a.Types[0] != (TypeAverage{"rehearsal", 3, 133}) || a.Types[1] != (TypeAverage{"service", 1, 200}) {
			t.Errorf("types = %+v", a.Types)
		}

		// The Alto filter: the roster narrowed by the caller, the events by the query.
		alto := custom(t, "&voicePart="+f.alto)
		a, err = s.Attendance(context.Background(), f.choir, alto, f.members[:2], parts)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Parts) != 1 || a.Parts[0].Name != "Alto" || len(a.Members) != 2 || a.Events[0].Counts != (Counts{1, 0, 1}) {
			t.Errorf("alto: parts %+v members %d first event %+v", a.Parts, len(a.Members), a.Events[0])
		}
		// The service filter: only the 31st.
		a, err = s.Attendance(context.Background(), f.choir, custom(t, "&eventType=service"), f.members, parts)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Events) != 1 || a.Events[0].Date != "2026-01-31" || a.Members[0].Name != "Cat" || a.Members[0].Counts != (Counts{0, 1, 0}) {
			t.Errorf("service: events %+v members %+v", a.Events, a.Members)
		}

		if err := s.SetThreshold(context.Background(), f.choir, 20); err != nil {
			t.Fatal(err)
		}
		if err := s.SetThreshold(context.Background(), f.choir, 101); err == nil {
			t.Error("a threshold of 101 % was kept")
		}
		a, _ = s.Attendance(context.Background(), f.choir, custom(t, ""), f.members, parts)
		if a.Threshold != 20 || a.Members[0].Below || a.Members[0].Name != "Ann" {
			t.Errorf("threshold 20: %d, first %s below %v", a.Threshold, a.Members[0].Name, a.Members[0].Below)
		}
		var buf bytes.Buffer
		if ok, err := WriteAttendanceCSV(&buf, a, TableParts); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if want := "Voice part,Present,Excused,Absent,Events taken,Attendance rate\nSoprano,2,1,1,4,50 %\nAlto,4,1,3,8,50 %\n"; buf.String() != want {
			t.Errorf("parts CSV = %q", buf.String())
		}
	})
}

func TestAnswerFiguresWorkedByHand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		a, err := New(d).Answers(context.Background(), f.choir, custom(t, ""), f.members)
		if err != nil {
			t.Fatal(err)
		}
		// Four events in January: 12 pairs; Ann answered 4, Bob 3, Cat 3: 10 of 12, 83 %.
		if a.Events != 4 || a.Asked != 12 || a.Answered != 10 || a.ResponseRate() != 83 {
			t.Errorf("events %d asked %d answered %d rate %d", a.Events, a.Asked, a.Answered, a.ResponseRate())
		}
		// Waits: 1 h (Cat), 2 h (Ann), 24 h (Bob, from his first email), 48 h
		// (Ann); Bob's answer before his second email is not one. Median:
		// (2 h + 24 h) / 2 = 13 h.
		if a.MedianSeconds == nil || *a.MedianSeconds != 13*3600 || a.Timed != 4 {
			t.Errorf("median = %v over %d", a.MedianSeconds, a.Timed)
		}
		var got []string
		for _, m := range a.Members {
			got = append(got, fmt.Sprintf("%s %d/%d yes %d/%d %d%% no %d/%d %d%%", m.Name, m.Answered, m.Asked,
				m.YesAbsent, m.YesMarked, m.YesNoShowRate(), m.NoPresent, m.NoMarked, m.NoCameRate()))
		}
		// Ann said yes 3 times and came each time (excused once, not absent), said
		// no to the service and came. Bob said yes 3 times and was absent twice.
		// Cat said no twice: excused at the service, present on the 19th.
		want := []string{"Ann 4/4 yes 0/3 0% no 1/1 100%", "Bob 3/4 yes 2/3 66% no 0/0 -1%", "Cat 3/4 yes 0/0 -1% no 1/2 50%"}
		if strings.Join(got, "; ") != strings.Join(want, "; ") {
			t.Errorf("members = %v\nwant %v", got, want)
		}
		var buf bytes.Buffer
		if ok, err := WriteAnswersCSV(&buf, a, TableMembers); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if !strings.Contains(buf.String(), "\nBob,Alto,4,3,75 %,3,2,66 %,0,0,—\n") {
			t.Errorf("answers CSV = %q", buf.String())
		}
	})
}

func TestMusicFiguresWorkedByHand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		added := ts("2025-06-01T12:00:00Z")
		for _, m := range []struct {
			id, title string
			archived  bool
		}{{f.p1, "Ave verum", false}, {f.p2, "Ubi caritas", false},
			{f.p3, "=Never sung", false}, {f.p4, "Archived", true}} {
			f.exec(`INSERT INTO music (id, choir_id, title, is_archived, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, m.id, f.choir, m.title, m.archived, added, added)
		}
		plan := func(date, typ string, pieces ...string) {
			id := uuid.NewString()
			f.exec(`INSERT INTO music_plans (id, choir_id, plan_date, event_key, event_type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				id, f.choir, date, id, typ, added, added)
			for i, p := range pieces {
				f.exec(`INSERT INTO music_plan_slots (plan_id, position, choir_id, label, music_id) VALUES (?, ?, ?, 'Slot', ?)`, id, i, f.choir, p)
			}
		}
		plan("2025-12-25", "service", f.p2)       // before the period: only last sung
		plan("2026-01-04", "service", f.p1, f.p2) // Christmas season
		plan("2026-01-07", "rehearsal", f.p3)     // rehearsing is not singing it
		plan("2026-01-25", "service", f.p1)       // Ordinary Time
		plan("2026-02-15", "service", f.p3)       // not sung yet (today is 10 February)
		m, err := New(d).Music(context.Background(), f.choir, custom(t, ""), "general_roman_ordinary", "2026-02-10")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, u := range m.Sung {
			got = append(got, fmt.Sprintf("%s %d %s", u.Title, u.Times, u.LastSung))
		}
		if want := "Ave verum 2 2026-01-25; Ubi caritas 1 2026-01-04"; strings.Join(got, "; ") != want {
			t.Errorf("sung = %v, want %s", got, want)
		}
		if len(m.Never) != 1 || m.Never[0].Title != "=Never sung" || m.Never[0].Added != "2025-06-01" {
			t.Errorf("never = %+v", m.Never)
		}
		got = nil
		for _, u := range m.Season {
			got = append(got, fmt.Sprintf("%s %s %d", u.SeasonName, u.Title, u.Times))
		}
		if want := "Christmas Ave verum 1; Christmas Ubi caritas 1; Ordinary Time Ave verum 1"; strings.Join(got, "; ") != want {
			t.Errorf("seasons = %v, want %s", got, want)
		}
		var buf bytes.Buffer
		if ok, err := WriteMusicCSV(&buf, m, TableNever); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if want := "Piece,Composer,Added\n'=Never sung,,2025-06-01\n"; buf.String() != want {
			t.Errorf("never CSV = %q (formulas must be guarded)", buf.String())
		}
		// A secular calendar has no seasons.
		m, _ = New(d).Music(context.Background(), f.choir, custom(t, ""), "secular_general", "2026-02-10")
		if len(m.Season) != 0 {
			t.Errorf("secular seasons = %+v", m.Season)
		}
	})
}

// TestOwnRateRoundsAsTheDirectorsTable: a singer's own year and the
// director's members table round a rate the same way, down, as the figures
// worked by hand above: Cat, present at 2 of the 3 events of 1–19 January
// (the 5th, the 19th; absent on the 12th), reads 66 % on both.
func TestOwnRateRoundsAsTheDirectorsTable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		q, _ := url.ParseQuery("period=custom&from=2026-01-01&to=2026-01-19")
		p, err := ParsePeriod(q, newYork, ts("2026-02-10T15:00:00Z"))
		if err != nil {
			t.Fatal(err)
		}
		a, err := New(d).Attendance(ctx, f.choir, p, f.members, nil)
		if err != nil {
			t.Fatal(err)
		}
		mine, err := NewInsights(d, nil, nil).Mine(ctx, f.choir, f.cat, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range a.Members {
			if m.UserID == f.cat && (m.Counts != Counts{2, 0, 1} || m.Rate() != 66) {
				t.Errorf("director's table: Cat %+v, %d %%", m.Counts, m.Rate())
			}
		}
		if own := mine.Attendance.PresentPercent; own == nil || *own != 66 {
			t.Errorf("Cat's own year: %v %%, want 66", own)
		}
	})
}
