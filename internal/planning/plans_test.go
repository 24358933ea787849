package planning_test

import (
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/feast"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/planning"
)

// now is Monday 23 November 2026.
var now = time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)

// fixture is a database with one choir (General Roman Calendar,
// Europe/London) and the planning service over it.
type fixture struct {
	t     *testing.T
	d     *db.DB
	s     *planning.Service
	feast *feast.Service
	choir string
}

func newFixture(t *testing.T, d *db.DB) fixture {
	clock := func() time.Time { return now }
	logger := slog.New(slog.DiscardHandler)
	feasts := feast.New(d, logger, clock)
	cal := calendar.New(d, choir.New(d, logger, clock), feasts, "http://localhost", logger, clock)
	f := fixture{t: t, d: d, s: planning.New(d, logger, clock), feast: feasts, choir: uuid.NewString()}
	f.s.UseCalendar(cal, feasts)
	f.exec(`INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at)
		VALUES (?, 'Schola', 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'Europe/London', ?, ?)`, f.choir, now, now)
	return f
}

func (f fixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.d.ExecContext(f.t.Context(), query, args...); err != nil {
		f.t.Fatal(err)
	}
}

func (f fixture) piece(title string) string {
	id := uuid.NewString()
	f.exec(`INSERT INTO music (id, choir_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`, id, f.choir, title, now, now)
	return id
}

func (f fixture) lastUsed(id string) string {
	f.t.Helper()
	var d *string
	if err := f.d.QueryRowContext(f.t.Context(), `SELECT last_used_date FROM music WHERE id = ?`, id).Scan(&d); err != nil {
		f.t.Fatal(err)
	}
	if d == nil {
		return ""
	}
	return *d
}

func date(s string) liturgy.Date {
	d, err := liturgy.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func TestDayFeastsHighestRankFirst(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		if err := f.feast.EnsureYears(t.Context(), "general_roman_ordinary", 2026, 2026); err != nil {
			t.Fatal(err)
		}
		// A local feast on the First Sunday of Advent whose name sorts first:
		// the Sunday, which the calendar ranks, still comes first.
		master := uuid.NewString()
		f.exec(`INSERT INTO master_feasts (id, calendar_type, feast_key, default_name, rank, type, created_at, updated_at)
			VALUES (?, 'general_roman_ordinary', 'local_patron', 'A local patron', 'memorial', 'saint', ?, ?)`, master, now, now)
		f.exec(`INSERT INTO feast_instances (id, master_feast_id, calendar_date, liturgical_year, source)
			VALUES (?, ?, '2026-11-29', 2027, 'general_roman_ordinary')`, uuid.NewString(), master)
		f.exec(`UPDATE data_versions SET version = version + 1 WHERE name = 'feasts'`)
		got, err := f.s.DayFeasts(t.Context(), f.choir, date("2026-11-29"))
		if err != nil {
			t.Fatal(err)
		}
		want := []planning.DayFeast{{Key: "first_sunday_of_advent", Name: "First Sunday of Advent", Rank: "sunday"},
			{Key: "local_patron", Name: "A local patron", Rank: "memorial"}}
		if !slices.Equal(got, want) {
			t.Errorf("feasts %v, want %v", got, want)
		}
		if got, err := f.s.DayFeasts(t.Context(), f.choir, date("2026-11-30")); err != nil || len(got) != 1 || got[0].Key != "st_andrew" {
			t.Errorf("30 November: %v %v", got, err)
		}
		p, err := f.s.Create(t.Context(), f.choir, planning.NewPlan{Date: date("2026-11-29")})
		if err != nil || p.FeastKey != "first_sunday_of_advent" {
			t.Errorf("plan of the day: %+v %v", p, err)
		}
	})
}

func TestSixteenSavesFromOneVersionKeepOne(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		pieces := make([]string, 16)
		for i := range pieces {
			pieces[i] = f.piece("Piece")
		}
		p, err := f.s.Create(t.Context(), f.choir, planning.NewPlan{Date: date("2026-12-06")})
		if err != nil {
			t.Fatal(err)
		}
		errs := make([]error, 16)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = f.s.Update(t.Context(), f.choir, p.ID, planning.Change{Title: "Save", Version: 1,
					Slots: []planning.Slot{{Label: "Entrance", MusicID: pieces[i]}}})
			})
		}
		wg.Wait()
		winner := -1
		for i, err := range errs {
			if err == nil {
				if winner >= 0 {
					t.Fatalf("saves %d and %d both kept", winner, i)
				}
				winner = i
				continue
			}
			if e, ok := apperr.As(err); !ok || e.Code != apperr.CodeConflict || e.Message != planning.MsgChanged {
				t.Errorf("save %d: %v", i, err)
			}
		}
		if winner < 0 {
			t.Fatal("no save kept")
		}
		got, err := f.s.Get(t.Context(), f.choir, p.ID)
		if err != nil || got.Version != 2 || len(got.Slots) != 1 || got.Slots[0].MusicID != pieces[winner] {
			t.Errorf("kept: %+v %v", got, err)
		}
		for i, id := range pieces {
			if want := map[bool]string{true: "2026-12-06", false: ""}[i == winner]; f.lastUsed(id) != want {
				t.Errorf("piece %d last used %q", i, f.lastUsed(id))
			}
		}
	})
}

func TestLastUsedFollowsThePlans(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ave := f.piece("Ave verum")
		f.exec(`UPDATE music SET last_used_date = '2025-05-01' WHERE id = ?`, ave)
		save := func(day string, ids ...string) *planning.Plan {
			p, err := f.s.Create(t.Context(), f.choir, planning.NewPlan{Date: date(day)})
			if err != nil {
				t.Fatal(err)
			}
			slots := []planning.Slot{}
			for _, id := range ids {
				slots = append(slots, planning.Slot{Label: "Communion", MusicID: id})
			}
			if p, err = f.s.Update(t.Context(), f.choir, p.ID, planning.Change{Slots: slots, Version: p.Version}); err != nil {
				t.Fatal(err)
			}
			return p
		}
		early, late := save("2026-06-07", ave), save("2026-09-13", ave)
		empty := save("2026-10-04")
		if got := f.lastUsed(ave); got != "2026-09-13" {
			t.Errorf("planned twice: %q", got)
		}
		if _, err := f.s.Copy(t.Context(), f.choir, empty.ID, late.ID); err != nil {
			t.Fatal(err)
		}
		if got := f.lastUsed(ave); got != "2026-10-04" {
			t.Errorf("after a copy: %q", got)
		}
		for _, id := range []string{empty.ID, late.ID} {
			if err := f.s.Delete(t.Context(), f.choir, id); err != nil {
				t.Fatal(err)
			}
		}
		if got := f.lastUsed(ave); got != "2026-06-07" {
			t.Errorf("after the later plans went: %q", got)
		}
		if err := f.s.Delete(t.Context(), f.choir, early.ID); err != nil {
			t.Fatal(err)
		}
		if got := f.lastUsed(ave); got != "2026-06-07" {
			t.Errorf("planned nowhere: %q", got)
		}
	})
}

func TestSixteenPlansSavedAtOnceShareTheirPieces(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		a, b := f.piece("Kyrie"), f.piece("Gloria")
		plans := make([]*planning.Plan, 16)
		for i := range plans {
			p, err := f.s.Create(t.Context(), f.choir, planning.NewPlan{Date: date("2027-01-01").AddDays(7 * i)})
			if err != nil {
				t.Fatal(err)
			}
			plans[i] = p
		}
		var wg sync.WaitGroup
		for i, p := range plans {
			first, second := a, b
			if i%2 == 1 {
				first, second = b, a
			}
			wg.Go(func() {
				if _, err := f.s.Update(t.Context(), f.choir, p.ID, planning.Change{Version: 1,
					Slots: []planning.Slot{{Label: "One", MusicID: first}, {Label: "Two", MusicID: second}}}); err != nil {
					t.Errorf("save %s: %v", p.Date, err)
				}
			})
		}
		wg.Wait()
		if x, y := f.lastUsed(a), f.lastUsed(b); x != plans[15].Date || y != plans[15].Date {
			t.Errorf("last used %q and %q, want %s", x, y, plans[15].Date)
		}
	})
}
