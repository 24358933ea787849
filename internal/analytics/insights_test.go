package analytics_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/url"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/analytics"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/feast"
)

// The fixture choir sings in Los Angeles. "Now" is Thursday 26 November
// 2026 at 23:45 there, already Friday the 27th in UTC: every "today" below
// is the 26th. Its figures are worked out by hand beside each test.
var now = time.Date(2026, 11, 27, 7, 45, 0, 0, time.UTC)

type fixture struct {
	t                    *testing.T
	d                    *db.DB
	s                    *analytics.Insights
	choir, soprano, alto string
	service, concert     string
	ave, anthem          string
	a1, a2, a3, a4, a5   string // altos; a5's membership is inactive
	s1, s2, s3           string // sopranos
}

func newFixture(t *testing.T, d *db.DB) *fixture {
	clock := func() time.Time { return now }
	logger := slog.New(slog.DiscardHandler)
	cal := calendar.New(d, choir.New(d, logger, clock), feast.New(d, logger, clock), "http://localhost", logger, clock)
	id := uuid.NewString
	f := &fixture{t: t, d: d, s: analytics.NewInsights(d, cal, clock), choir: id(), soprano: id(), alto: id(), service: id(), concert: id(),
		ave: id(), anthem: id(), a1: id(), a2: id(), a3: id(), a4: id(), a5: id(), s1: id(), s2: id(), s3: id()}
	f.exec(`INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at)
		VALUES (?, 'Schola', 'US', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'America/Los_Angeles', ?, ?)`, f.choir, now, now)
	// Nobody sings tenor: the part has no readiness rows.
	f.exec(`INSERT INTO musical_roles (id, choir_id, name, sort_order) VALUES (?, ?, 'Soprano', 1), (?, ?, 'Alto', 2), (?, ?, 'Tenor', 3)`,
		f.soprano, f.choir, f.alto, f.choir, id(), f.choir)
	for _, m := range []struct {
		user, part string
		active     bool
	}{{f.a1, f.alto, true}, {f.a2, f.alto, true}, {f.a3, f.alto, true}, {f.a4, f.alto, true}, {f.a5, f.alto, false},
		{f.s1, f.soprano, true}, {f.s2, f.soprano, true}, {f.s3, f.soprano, true}} {
		f.exec(`INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`, m.user, m.user+"@example.com", now, now)
		f.exec(`INSERT INTO user_profile (id, first_name, last_name, updated_at) VALUES (?, 'Sam', 'Singer', ?)`, m.user, now)
		status := "active"
		if !m.active {
			status = "inactive"
		}
		f.exec(`INSERT INTO user_choir_membership (user_id, choir_id, role, is_active, status, joined_date) VALUES (?, ?, 'member', ?, ?, ?)`,
			m.user, f.choir, m.active, status, now)
		f.exec(`INSERT INTO member_musical_roles (user_id, choir_id, musical_role_id) VALUES (?, ?, ?)`, m.user, f.choir, m.part)
	}
	f.exec(`INSERT INTO music (id, choir_id, title, created_at, updated_at) VALUES (?, ?, 'Ave verum', ?, ?), (?, ?, 'Anthem', ?, ?)`,
		f.ave, f.choir, now, now, f.anthem, f.choir, now, now)
	// Sunday's service (10:30 local), a rehearsal before it and a concert
	// on Saturday 5 December at 19:00 local, the 6th in UTC.
	f.event(f.service, "Sunday Mass", "service", "2026-11-29T18:30:00Z", false)
	f.event(id(), "Rehearsal", "rehearsal", "2026-11-28T03:30:00Z", false)
	f.event(f.concert, "Advent concert", "concert", "2026-12-06T03:00:00Z", false)
	plan := id()
	f.exec(`INSERT INTO music_plans (id, choir_id, plan_date, event_key, event_id, event_type, event_title, created_at, updated_at)
		VALUES (?, ?, '2026-11-29', ?, ?, 'service', 'Sunday Mass', ?, ?)`, plan, f.choir, f.service, f.service, now, now)
	// Ave verum twice (counted once, where first planned) and an empty slot.
	for i, m := range []any{f.ave, f.anthem, f.ave, nil} {
		f.exec(`INSERT INTO music_plan_slots (plan_id, position, choir_id, label, music_id) VALUES (?, ?, ?, 'Slot', ?)`, plan, i, f.choir, m)
	}
	for _, p := range []struct {
		user, piece, day string
		secs             float64
	}{
		{f.a1, f.ave, "2026-11-26", 600},     // exactly 10 minutes, today
		{f.a2, f.ave, "2026-11-22", 300},     // a Sunday …
		{f.a2, f.ave, "2026-11-23", 299},     // … and the Monday after: 599 s in all
		{f.a3, f.ave, "2026-10-27", 700},     // 31 days ago: outside the readiness window
		{f.a5, f.ave, "2026-11-20", 900},     // inactive alto
		{f.s1, f.ave, "2026-11-16", 600},     //
		{f.s2, f.ave, "2026-11-10", 1200},    //
		{f.a1, f.anthem, "2026-11-24", 1200}, //
		{f.a2, f.anthem, "2026-11-25", 1200}, //
		{f.s1, f.anthem, "2026-11-08", 540},  // 9 minutes, a Sunday
	} {
		f.exec(`INSERT INTO practice_sessions (id, choir_id, music_id, user_id, day, played_seconds, loops, position, speed, started_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, 0, 0, 1, ?, ?)`, id(), f.choir, p.piece, p.user, p.day, p.secs, now, now)
	}
	return f
}

func (f *fixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.d.ExecContext(context.Background(), query, args...); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) event(id, title, kind, start string, allDay bool) {
	f.t.Helper()
	s, err := time.Parse(time.RFC3339, start)
	if err != nil {
		f.t.Fatal(err)
	}
	f.exec(`INSERT INTO events (id, choir_id, title, event_type, start_at, end_at, all_day, time_zone, status, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'America/Los_Angeles', 'published', ?, ?)`,
		id, f.choir, title, kind, s.Format("2006-01-02T15:04:05Z"), s.Add(time.Hour).Format("2006-01-02T15:04:05Z"), allDay, now, now)
}

func TestMark(t *testing.T) {
	for _, c := range []struct {
		members, ready int
		want           string
	}{{0, 0, "none"}, {4, 0, "none"}, {4, 1, "some"}, {4, 2, "some"}, {4, 3, "most"}, {3, 2, "most"}, {1, 1, "most"}, {3, 1, "some"}} {
		if got := analytics.Mark(c.members, c.ready); got != c.want {
			t.Errorf("Mark(%d, %d) = %s, want %s", c.members, c.ready, got, c.want)
		}
	}
}

func TestReadiness(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		r, err := f.s.Readiness(ctx, f.choir, "", "", "", true)
		if err != nil {
			t.Fatal(err)
		}
		// The next service or concert is Sunday's service, not Friday's rehearsal.
		if r.Event == nil || r.Event.EventID != f.service || r.Event.Date != "2026-11-29" || !r.Planned {
			t.Fatalf("event = %+v, planned %v", r.Event, r.Planned)
		}
		// The concert starts on the 6th in UTC but the 5th where the choir is.
		if len(r.Choices) != 2 || r.Choices[1].EventID != f.concert || r.Choices[1].Date != "2026-12-05" {
			t.Fatalf("choices = %+v", r.Choices)
		}
		if r.WindowFrom != "2026-10-28" || r.WindowTo != "2026-11-26" {
			t.Fatalf("window %s–%s", r.WindowFrom, r.WindowTo)
		}
		row := func(title, part string, members, practised, ready, minutes int, mark string) analytics.ReadinessRow {
			music, partID := f.ave, f.soprano
			if title == "Anthem" {
				music = f.anthem
			}
			if part == "Alto" {
				partID = f.alto
			}
			return analytics.ReadinessRow{MusicID: music, Title: title, VoicePartID: partID, VoicePart: part,
				Members: members, Practised: practised, Ready: ready, Minutes: minutes, Mark: mark}
		}
		want := []analytics.ReadinessRow{
			// s1 600 s and s2 1200 s: 2 of 3 ready, more than half.
			row("Ave verum", "Soprano", 3, 2, 2, 30, "most"),
			// a1 600 s (ready at exactly 10 minutes), a2 599 s (not);
			// a3's practice is 31 days old, a5 is inactive: 1 of 4.
			row("Ave verum", "Alto", 4, 2, 1, 19, "some"),
			// s1's 9 minutes are practice, not readiness.
			row("Anthem", "Soprano", 3, 1, 0, 9, "none"),
			// 2 of 4 ready is half, not most.
			row("Anthem", "Alto", 4, 2, 2, 40, "some"),
		}
		if !reflect.DeepEqual(r.Rows, want) {
			t.Fatalf("rows\n got %+v\nwant %+v", r.Rows, want)
		}
		var buf bytes.Buffer
		if err := analytics.ReadinessCSV(&buf, r); err != nil {
			t.Fatal(err)
		}
		if got := buf.String(); got != "Piece,Voice part,Singers,Practised,Ready (10 min or more),Minutes (30 days),Readiness\n"+
			"Ave verum,Soprano,3,2,2,30,Most\nAve verum,Alto,4,2,1,19,Some\nAnthem,Soprano,3,1,0,9,None\nAnthem,Alto,4,2,2,40,Some\n" {
			t.Fatalf("csv:\n%s", got)
		}

		// One voice part.
		r, err = f.s.Readiness(ctx, f.choir, f.service, "", f.alto, true)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r.Rows, []analytics.ReadinessRow{want[1], want[3]}) {
			t.Fatalf("alto rows %+v", r.Rows)
		}
		// The concert has no plan yet: it is named, with no rows.
		r, err = f.s.Readiness(ctx, f.choir, f.concert, "", "", true)
		if err != nil || r.Planned || r.Event.Title != "Advent concert" || len(r.Rows) != 0 {
			t.Fatalf("concert: %+v, %v", r, err)
		}
		// An event that is neither upcoming nor planned, or another choir's.
		if _, err := f.s.Readiness(ctx, f.choir, "nope", "", "", true); kindOf(err) != apperr.NotFound {
			t.Fatalf("unknown event: %v", err)
		}
	})
}

func TestPracticePerWeek(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		loc, _ := time.LoadLocation("America/Los_Angeles")
		p, err := analytics.ParsePeriod(url.Values{"period": {"custom"}, "from": {"2026-11-09"}, "to": {"2026-11-26"}}, loc, now)
		if err != nil {
			t.Fatal(err)
		}
		var tenor string
		if err := d.QueryRowContext(context.Background(), `SELECT id FROM musical_roles WHERE choir_id = ? AND name = 'Tenor'`, f.choir).Scan(&tenor); err != nil {
			t.Fatal(err)
		}
		before := d.Statements()
		got, err := f.s.Practice(context.Background(), f.choir, p, "")
		if err != nil {
			t.Fatal(err)
		}
		if n := d.Statements() - before; n != 4 {
			t.Errorf("%d statements, want 4", n)
		}
		// Weeks start on Monday. 9–15: s2 1200 s. 16–22: s1 600 + a5 900 +
		// a2 300 (Sunday 22nd). 23–29: a2 299 (Monday 23rd) + a1 600 + 1200
		// + a2 1200 = 3299 s, 54 minutes. s1's 540 s on the 8th is before.
		want := &analytics.Practice{
			Weeks: []string{"2026-11-09", "2026-11-16", "2026-11-23"},
			Choir: []int{20, 30, 54},
			Parts: []analytics.PracticePart{
				{ID: f.soprano, Name: "Soprano", Minutes: []int{20, 10, 0}},
				{ID: f.alto, Name: "Alto", Minutes: []int{0, 20, 54}},
				{ID: tenor, Name: "Tenor", Minutes: []int{0, 0, 0}},
			},
			Pieces: []analytics.PracticePiece{
				{MusicID: f.ave, Title: "Ave verum", Minutes: 64, Singers: 5}, // 3899 s
				{MusicID: f.anthem, Title: "Anthem", Minutes: 40, Singers: 2},
			},
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("practice\n got %+v\nwant %+v", got, want)
		}
		var buf bytes.Buffer
		if err := analytics.PracticeWeeksCSV(&buf, got); err != nil {
			t.Fatal(err)
		}
		if buf.String() != "Week starting,Choir,Soprano,Alto,Tenor\n2026-11-09,20,20,0,0\n2026-11-16,30,10,20,0\n2026-11-23,54,0,54,0\n" {
			t.Fatalf("weeks csv:\n%s", buf.String())
		}

		// The altos only: their pieces, most practised first.
		got, err = f.s.Practice(context.Background(), f.choir, p, f.alto)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Choir, []int{0, 20, 54}) || len(got.Parts) != 1 || got.Parts[0].Name != "Alto" ||
			!reflect.DeepEqual(got.Pieces, []analytics.PracticePiece{
				{MusicID: f.anthem, Title: "Anthem", Minutes: 40, Singers: 2},
				{MusicID: f.ave, Title: "Ave verum", Minutes: 34, Singers: 3}, // 600 + 599 + 900
			}) {
			t.Fatalf("altos: %+v", got)
		}
	})
}

func TestMineSeesOnlyTheSinger(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		mark := func(user, event, occurrence string, status, mark any) {
			f.exec(`INSERT INTO member_attendance (user_id, choir_id, event_id, occurrence_date, status, mark) VALUES (?, ?, ?, ?, ?, ?)`,
				user, f.choir, event, occurrence, status, mark)
		}
		e := func(start string, allDay bool) string {
			id := uuid.NewString()
			f.event(id, "Rehearsal", "rehearsal", start, allDay)
			return id
		}
		e1, e2, e3 := e("2026-11-19T03:00:00Z", false), e("2026-11-12T03:00:00Z", false), e("2026-11-05T03:00:00Z", false)
		mark(f.a2, e1, "", "going", "present")
		mark(f.a2, e2, "", "going", "absent")      // said yes, did not come
		mark(f.a2, e3, "", "not_going", "present") // said no, came
		series := e("2025-01-02T03:00:00Z", false)
		mark(f.a2, series, "2026-10-29", "maybe", "excused")
		mark(f.a2, series, "2025-11-26", "going", "present") // the day before the 12 months
		// 23:30 on the last day of the period where the choir is: the 27th in UTC.
		mark(f.a2, e("2026-11-27T07:30:00Z", false), "", "going", "present")
		// 23:30 on the day before the first: the 27th in UTC, a year earlier.
		mark(f.a2, e("2025-11-27T07:30:00Z", false), "", "going", "absent")
		mark(f.a2, e("2026-11-26T00:00:00Z", true), "", nil, "absent") // all day, today
		// Another singer's marks and answers.
		mark(f.a1, e1, "", "not_going", "absent")
		mark(f.a1, e2, "", "going", "present")

		loc, _ := time.LoadLocation("America/Los_Angeles")
		p, err := analytics.ParsePeriod(url.Values{"period": {"last12m"}}, loc, now)
		if err != nil {
			t.Fatal(err)
		}
		if p.FromDate != "2025-11-27" || p.ToDate != "2026-11-26" {
			t.Fatalf("period %s–%s", p.FromDate, p.ToDate)
		}
		got, err := f.s.Mine(context.Background(), f.choir, f.a2, p)
		if err != nil {
			t.Fatal(err)
		}
		fifty := 50 // present 3 of 6
		want := &analytics.Mine{FromDate: "2025-11-27", ToDate: "2026-11-26",
			Attendance: analytics.MyAttendance{Present: 3, Excused: 1, Absent: 2, PresentPercent: &fifty},
			Answers:    analytics.MyAnswers{Going: 3, Maybe: 1, NotGoing: 1, SaidYesAbsent: 1, SaidNoPresent: 1},
			Pieces: []analytics.MyPiece{
				{MusicID: f.anthem, Title: "Anthem", Minutes: 20, LastDay: "2026-11-25"},
				{MusicID: f.ave, Title: "Ave verum", Minutes: 9, LastDay: "2026-11-23"}, // 599 s
			}}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("mine\n got %+v %+v\nwant %+v %+v", got, got.Attendance, want, want.Attendance)
		}
		// A singer with nothing recorded has no rate, and sees nobody else's.
		got, err = f.s.Mine(context.Background(), f.choir, f.a4, p)
		if err != nil || got.Attendance != (analytics.MyAttendance{}) || got.Answers != (analytics.MyAnswers{}) || len(got.Pieces) != 0 {
			t.Fatalf("a4: %+v, %v", got, err)
		}
	})
}

func TestParsePeriod(t *testing.T) {
	loc, _ := time.LoadLocation("America/Los_Angeles")
	for _, c := range []struct {
		q        string
		from, to string
		bad      bool
	}{
		{"", "2026-08-29", "2026-11-26", false},
		{"period=season", "2026-09-01", "2027-08-31", false},
		{"period=last12m", "2025-11-27", "2026-11-26", false},
		{"period=custom&from=2026-01-01&to=2026-01-31", "2026-01-01", "2026-01-31", false},
		{"period=custom&from=2026-02-01&to=2026-01-31", "", "", true},
		{"period=custom&from=2016-01-01&to=2026-01-31", "", "", true},
		{"period=ever", "", "", true},
	} {
		q, _ := url.ParseQuery(c.q)
		p, err := analytics.ParsePeriod(q, loc, now)
		if c.bad {
			if kindOf(err) != apperr.Invalid {
				t.Errorf("%s: %v", c.q, err)
			}
			continue
		}
		if err != nil || p.FromDate != c.from || p.ToDate != c.to {
			t.Errorf("%s: %s–%s, %v", c.q, p.FromDate, p.ToDate, err)
		}
	}
	// The period's instants are the choir's midnights.
	p, _ := analytics.ParsePeriod(url.Values{}, loc, now)
	if !p.To.Equal(time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)) {
		t.Fatalf("to = %v", p.To)
	}
}

func kindOf(err error) apperr.Kind {
	if e, ok := apperr.As(err); ok {
		return e.Kind
	}
	return 0
}
