package attendance

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/liturgy"
)

// base is Thursday 26 November 2026, 18:00 in London.
var base = time.Date(2026, 11, 26, 18, 0, 0, 0, time.UTC)

// fixture is a database with choir A (its members in users) and choir B
// (one member, far), a single event of A at base+24h, a weekly series of A
// and a clock the test moves.
type fixture struct {
	t            testing.TB
	d            *db.DB
	s            *Service
	clock        *atomic.Int64 // seconds after base
	choir, other string
	event, serie string
	users        []string
	far          string
}

func newFixture(t testing.TB, d *db.DB, members int) *fixture {
	t.Helper()
	f := &fixture{t: t, d: d, clock: &atomic.Int64{}, choir: uuid.NewString(), other: uuid.NewString(),
		event: uuid.NewString(), serie: uuid.NewString(), far: uuid.NewString()}
	f.s = New(d, func() time.Time { return base.Add(time.Duration(f.clock.Load()) * time.Second) })
	now := time.Now().UTC()
	for _, c := range []string{f.choir, f.other} {
		f.exec(`INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone,
			created_at, updated_at) VALUES (?, ?, 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'Europe/London', ?, ?)`,
			c, "Choir "+c[:4], now, now)
	}
	add := func(id, choirID string, n int) {
		f.exec(`INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`, id, fmt.Sprintf("singer%02d@example.com", n), now, now)
		f.exec(`INSERT INTO user_profile (id, first_name, last_name, updated_at) VALUES (?, ?, ?, ?)`, id, "Singer", fmt.Sprintf("%02d", n), now)
		f.exec(`INSERT INTO user_choir_membership (user_id, choir_id, role, joined_date) VALUES (?, ?, 'member', ?)`, id, choirID, now)
	}
	for i := range members {
		f.users = append(f.users, uuid.NewString())
		add(f.users[i], f.choir, i)
	}
	add(f.far, f.other, 99)
	for _, e := range [][2]string{{f.event, ""}, {f.serie, `{"type":"weekly_on_days","weeklyDays":["thursday"]}`}} {
		var rule any
		if e[1] != "" {
			rule = e[1]
		}
		f.exec(`INSERT INTO events (id, choir_id, title, event_type, start_at, end_at, time_zone, status, recurrence_rule, created_at, updated_at)
			VALUES (?, ?, 'Rehearsal', 'rehearsal', '2026-11-27T19:00:00Z', '2026-11-27T21:00:00Z', 'Europe/London', 'published', ?, ?, ?)`,
			e[0], f.choir, rule, now, now)
	}
	return f
}

func (f *fixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.d.ExecContext(context.Background(), query, args...); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) count(query string, args ...any) int {
	f.t.Helper()
	var n int
	if err := f.d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		f.t.Fatal(err)
	}
	return n
}

// single is the single event: Friday 27 November, 19:00 to 21:00 UTC.
func (f *fixture) single() *calendar.Occurrence {
	start := base.Add(25 * time.Hour)
	return &calendar.Occurrence{Key: f.event, EventID: f.event, Shown: &calendar.Event{Title: "Rehearsal"}, Start: start, End: start.Add(2 * time.Hour)}
}

// occurrence is the series on a date, at 19:00 UTC.
func (f *fixture) occurrence(date string) *calendar.Occurrence {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		f.t.Fatal(err)
	}
	start := d.Add(19 * time.Hour)
	return &calendar.Occurrence{Key: calendar.OccurrenceID(f.serie, mustDate(f.t, date)), EventID: f.serie, Date: date,
		Shown: &calendar.Event{Title: "Rehearsal"}, Start: start, End: start.Add(2 * time.Hour)}
}

func (f *fixture) sheet(o *calendar.Occurrence) *Sheet {
	f.t.Helper()
	people := make([]Person, len(f.users))
	for i, u := range f.users {
		people[i] = Person{UserID: u, FirstName: "Singer", LastName: fmt.Sprintf("%02d", i), Parts: []string{"Soprano"}}
	}
	sh, err := f.s.Sheet(context.Background(), f.choir, "Europe/London", o, people, []string{"Soprano"})
	if err != nil {
		f.t.Fatal(err)
	}
	return sh
}

func wantKind(t *testing.T, err error, kind apperr.Kind, code string) *apperr.Error {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != kind || e.Code != code {
		t.Fatalf("got %v, want kind %d code %s", err, kind, code)
	}
	return e
}

func TestAnswersAreKeptPerOccurrenceAndOverwritten(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d, 1)
		anna := f.users[0]
		first, second := f.occurrence("2026-12-03"), f.occurrence("2026-12-10")
		if _, err := f.s.Answer(ctx, f.choir, anna, first, Going); err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.Answer(ctx, f.choir, anna, second, NotGoing); err != nil {
			t.Fatal(err)
		}
		prev, err := f.s.Answer(ctx, f.choir, anna, first, Maybe)
		if err != nil || prev != Going {
			t.Fatalf("changing the answer: previous %q, %v", prev, err)
		}
		for o, want := range map[*calendar.Occurrence]string{first: Maybe, second: NotGoing, f.single(): ""} {
			if got, err := f.s.MyAnswer(ctx, anna, o); err != nil || got != want {
				t.Errorf("%s: %q, %v; want %q", o.Key, got, err, want)
			}
		}
		if n := f.count(`SELECT COUNT(*) FROM member_attendance WHERE user_id = ?`, anna); n != 2 {
			t.Errorf("%d rows for two occurrences", n)
		}
	})
}

func TestAnswersStopWhenTheEventStarts(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d, 1)
		o := f.single()
		e := wantKind(t, func() error { _, err := f.s.Answer(ctx, f.choir, f.users[0], o, "yes"); return err }(), apperr.Invalid, apperr.CodeValidation)
		if e.Details["status"] != MsgInvalidAction {
			t.Errorf("details %v", e.Details)
		}
		f.clock.Store(int64(o.Start.Sub(base)/time.Second) - 1)
		if _, err := f.s.Answer(ctx, f.choir, f.users[0], o, Going); err != nil {
			t.Fatalf("a second before the start: %v", err)
		}
		f.clock.Add(1)
		wantKind(t, func() error { _, err := f.s.Answer(ctx, f.choir, f.users[0], o, NotGoing); return err }(), apperr.Conflict, apperr.CodeEventStarted)
		if got, _ := f.s.MyAnswer(ctx, f.users[0], o); got != Going {
			t.Errorf("the answer after the start is %q", got)
		}
	})
}

// Sixteen answers for the same member and event at once: one row remains,
// holding one of the answers sent.
func TestConcurrentAnswersOfOneMemberLeaveOneRow(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 1)
		o := f.single()
		statuses := []string{Going, Maybe, NotGoing}
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		for i := range 16 {
			wg.Go(func() {
				if _, err := f.s.Answer(context.Background(), f.choir, f.users[0], o, statuses[i%3]); err != nil {
					errs <- err
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if n := f.count(`SELECT COUNT(*) FROM member_attendance WHERE event_id = ?`, f.event); n != 1 {
			t.Fatalf("%d rows", n)
		}
		if got, _ := f.s.MyAnswer(context.Background(), f.users[0], o); !slices.Contains(statuses, got) {
			t.Errorf("answer %q", got)
		}
	})
}

// Sixteen members answering at once are all counted.
func TestConcurrentAnswersOfManyMembersAreAllCounted(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 16)
		o := f.occurrence("2026-12-03")
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		for i, u := range f.users {
			wg.Go(func() {
				status := Going
				if i%4 == 0 {
					status = Maybe
				}
				if _, err := f.s.Answer(context.Background(), f.choir, u, o, status); err != nil {
					errs <- err
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		if n := f.count(`SELECT COUNT(*) FROM member_attendance WHERE event_id = ? AND occurrence_date = '2026-12-03'`, f.serie); n != 16 {
			t.Fatalf("%d rows", n)
		}
		sh := f.sheet(o)
		want := Count{Part: AllMembers, Going: 12, Maybe: 4}
		if sh.Totals != want || sh.Parts[0].Going != 12 || sh.Parts[0].Maybe != 4 || len(sh.Parts) != 1 {
			t.Fatalf("totals %+v, parts %+v", sh.Totals, sh.Parts)
		}
		for _, l := range sh.Lines {
			if l.AnsweredAt == nil || !l.AnsweredAt.Equal(base) {
				t.Fatalf("answered at %v", l.AnsweredAt)
			}
		}
	})
}

func TestTallyCountsByVoicePart(t *testing.T) {
	t.Parallel()
	people := []Person{
		{UserID: "a", Parts: []string{"Soprano"}},
		{UserID: "b", Parts: []string{"Soprano", "Alto"}}, // counts in both
		{UserID: "c", Parts: []string{"Alto"}},
		{UserID: "d"}, // no part
		{UserID: "e", Parts: []string{"Tenor"}},
	}
	records := map[string]record{
		"a": {status: Going, mark: Present},
		"b": {status: Going},
		"c": {status: NotGoing, mark: Absent},
		"d": {status: Maybe, mark: Present},
		"x": {status: Going}, // a former member: not listed, not counted
	}
	two := 2
	sh := tally(people, []string{"Soprano", "Alto", "Tenor", "Bass"}, records, &two)
	want := []Count{
		{Part: "Soprano", Going: 2, Present: 1},                   // going == minimum: fine
		{Part: "Alto", Going: 1, NotGoing: 1, BelowMinimum: true}, // minimum-1 warns
		{Part: "Tenor", NoAnswer: 1, BelowMinimum: true},          //
		{Part: "Bass", BelowMinimum: true},                        // listed with nobody in it
		{Part: NoVoicePart, Maybe: 1, Present: 1},                 // never below the minimum
	}
	if !slices.Equal(sh.Parts, want) {
		t.Errorf("parts\n got %+v\nwant %+v", sh.Parts, want)
	}
	if sh.Totals != (Count{Part: AllMembers, Going: 2, Maybe: 1, NotGoing: 1, NoAnswer: 1, Present: 2}) {
		t.Errorf("totals %+v", sh.Totals)
	}
	if len(sh.Lines) != 5 || sh.Lines[4].Status != "" || sh.Lines[0].Mark != Present {
		t.Errorf("lines %+v", sh.Lines)
	}
	// Without a minimum nothing warns; with everyone in a part there is no 'No voice part'.
	sh = tally(people[:3], []string{"Soprano", "Alto"}, records, nil)
	if len(sh.Parts) != 2 || sh.Parts[1].BelowMinimum || sh.Min != nil {
		t.Errorf("without a minimum: %+v", sh.Parts)
	}
}

func TestMarksAreAllOrNothingAndKeepTheAnswer(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d, 3)
		o := f.single()
		if _, err := f.s.Answer(ctx, f.choir, f.users[0], o, Going); err != nil {
			t.Fatal(err)
		}
		marker := f.users[2]
		// The day before (Thursday in London): too early.
		err := f.s.Mark(ctx, f.choir, "Europe/London", marker, o, []MarkInput{{f.users[0], Present}})
		if e := wantKind(t, err, apperr.Conflict, apperr.CodeConflict); e.Message != MsgTooEarly {
			t.Errorf("message %q", e.Message)
		}
		// Friday 00:00 in London: the day has come, hours before the start.
		f.clock.Store(6 * 3600)
		if !f.s.Markable(o, "Europe/London") {
			t.Fatal("not markable on the day")
		}
		// One stranger (of choir B) and one bad mark: nothing is written.
		err = f.s.Mark(ctx, f.choir, "Europe/London", marker, o, []MarkInput{{f.users[0], Present}, {f.far, Absent}, {"nobody", Absent}})
		e := wantKind(t, err, apperr.Invalid, apperr.CodeValidation)
		if e.Details["marks.1"] != MsgNotMember || e.Details["marks.2"] != MsgNotMember || e.Details["marks.0"] != "" {
			t.Errorf("details %v", e.Details)
		}
		err = f.s.Mark(ctx, f.choir, "Europe/London", marker, o, []MarkInput{{f.users[0], Present}, {f.users[1], "tardy"}})
		if e := wantKind(t, err, apperr.Invalid, apperr.CodeValidation); e.Details["marks.1"] != MsgMarkInvalid {
			t.Errorf("details %v", e.Details)
		}
		err = f.s.Mark(ctx, f.choir, "Europe/London", marker, o, make([]MarkInput, MaxMarks+1))
		if e := wantKind(t, err, apperr.Invalid, apperr.CodeValidation); e.Details["marks"] != MsgTooManyMarks {
			t.Errorf("details %v", e.Details)
		}
		if n := f.count(`SELECT COUNT(*) FROM member_attendance WHERE mark IS NOT NULL`); n != 0 {
			t.Fatalf("%d marks written by refused requests", n)
		}
		// A late member came: the counts of those there include them.
		if err := f.s.Mark(ctx, f.choir, "Europe/London", marker, o, []MarkInput{{f.users[0], Present}, {f.users[1], Excused}, {f.users[2], Late}}); err != nil {
			t.Fatal(err)
		}
		sh := f.sheet(o)
		if sh.Lines[0].Status != Going || sh.Lines[0].Mark != Present || sh.Lines[1].Status != "" || sh.Lines[1].Mark != Excused ||
			sh.Lines[2].Mark != Late || sh.Totals.Present != 2 {
			t.Fatalf("lines %+v, %d present", sh.Lines, sh.Totals.Present)
		}
		if n := f.count(`SELECT COUNT(*) FROM member_attendance WHERE marked_by = ? AND marked_at IS NOT NULL`, marker); n != 3 {
			t.Errorf("%d rows say who marked", n)
		}
		// Clearing keeps the answer and leaves no empty row behind.
		if err := f.s.Mark(ctx, f.choir, "Europe/London", marker, o, []MarkInput{{f.users[0], ""}, {f.users[1], ""}, {f.users[2], ""}}); err != nil {
			t.Fatal(err)
		}
		if n := f.count(`SELECT COUNT(*) FROM member_attendance`); n != 1 {
			t.Errorf("%d rows after clearing", n)
		}
		if got, _ := f.s.MyAnswer(ctx, f.users[0], o); got != Going {
			t.Errorf("answer after clearing the mark: %q", got)
		}
		// Answering later keeps a mark.
		f.exec(`UPDATE member_attendance SET mark = 'present'`)
		if _, err := f.s.Answer(ctx, f.choir, f.users[0], o, Maybe); err != nil {
			t.Fatal(err)
		}
		if sh := f.sheet(o); sh.Lines[0].Mark != Present || sh.Lines[0].Status != Maybe {
			t.Errorf("after answering again: %+v", sh.Lines[0])
		}
	})
}

func TestMarkableFollowsTheChoirsDay(t *testing.T) {
	t.Parallel()
	s := New(nil, func() time.Time { return time.Date(2026, 11, 27, 23, 30, 0, 0, time.UTC) })
	// 23:30 UTC on the 27th is the 28th in Auckland.
	o := &calendar.Occurrence{Shown: &calendar.Event{}, Start: time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC)}
	if s.Markable(o, "Europe/London") {
		t.Error("markable in London the day before")
	}
	if !s.Markable(o, "Pacific/Auckland") {
		t.Error("not markable in Auckland on the day")
	}
	allDay := &calendar.Occurrence{Shown: &calendar.Event{AllDay: true}, Start: time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)}
	if s.Markable(allDay, "America/New_York") || !s.Markable(allDay, "Pacific/Auckland") {
		t.Error("an all-day event's day is its own date in the choir's zone")
	}
}

func TestMinimumPerPart(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d, 0)
		if n, err := f.s.MinPerPart(ctx, f.choir); err != nil || n != nil {
			t.Fatalf("at first: %v, %v", n, err)
		}
		for _, bad := range []int{0, -1, 201} {
			_, err := f.s.SetMinPerPart(ctx, f.choir, &bad)
			if e := wantKind(t, err, apperr.Invalid, apperr.CodeValidation); e.Details["minConfirmedPerPart"] != MsgMinimumRange {
				t.Errorf("%d: %v", bad, e.Details)
			}
		}
		for _, good := range []int{1, 200} {
			if _, err := f.s.SetMinPerPart(ctx, f.choir, &good); err != nil {
				t.Fatal(err)
			}
			if n, _ := f.s.MinPerPart(ctx, f.choir); n == nil || *n != good {
				t.Errorf("stored %v, want %d", n, good)
			}
		}
		if n, _ := f.s.MinPerPart(ctx, f.other); n != nil {
			t.Errorf("choir B's minimum changed to %d", *n)
		}
		if _, err := f.s.SetMinPerPart(ctx, f.choir, nil); err != nil {
			t.Fatal(err)
		}
		if n, _ := f.s.MinPerPart(ctx, f.choir); n != nil {
			t.Errorf("after clearing: %d", *n)
		}
	})
}

func TestCSVWordsAnswersAndGuardsFormulas(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 7, 1, 17, 5, 0, 0, time.UTC)
	sh := &Sheet{Lines: []Line{
		{Person: Person{UserID: "a", FirstName: "Anna", LastName: "Byrd", Email: "anna@example.com", Parts: []string{"Soprano", "Alto"}},
			Status: NotGoing, AnsweredAt: &at, Mark: Excused},
		{Person: Person{UserID: "c", FirstName: "Cat", LastName: "Dunn", Email: "cat@example.com"}, Status: Going, Mark: Late},
		{Person: Person{UserID: "b", FirstName: `=HYPERLINK("http://evil.example","x")`, LastName: "+Tallis", Email: "ben@example.com"}},
	}}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, sh, "Europe/London"); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"Last name,First name,Email,Voice parts,Answer,Answered at,Attendance",
		`Byrd,Anna,anna@example.com,"Soprano, Alto",Can't make it,2026-07-01 18:05,Excused`,
		`Dunn,Cat,cat@example.com,,Going,,Late`,
		`'+Tallis,"'=HYPERLINK(""http://evil.example"",""x"")",ben@example.com,,No answer,,`,
	}, "\n") + "\n"
	if buf.String() != want {
		t.Errorf("csv\n%s\nwant\n%s", buf.String(), want)
	}
}

func mustDate(t testing.TB, s string) liturgy.Date {
	t.Helper()
	d, err := liturgy.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
