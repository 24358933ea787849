package attendance

import (
	"context"
	"maps"
	"testing"

	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

// A member's answers of a range come back in one read, named as the
// calendar names the events and occurrences: only theirs, only the range's,
// only the choir's, and drafts only for those who see them.
func TestMyAnswersOfARange(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d, 2)
		me, other := f.users[0], f.users[1]
		answer := func(user string, o any, status string) {
			t.Helper()
			if _, err := f.s.Answer(ctx, f.choir, user, f.pick(o), status); err != nil {
				t.Fatal(err)
			}
		}
		answer(me, "single", Going)
		answer(me, "2026-12-03", Maybe)
		answer(me, "2027-03-04", NotGoing)
		answer(other, "single", NotGoing)
		answer(other, "2026-12-10", Going)

		mine := func(from, to string, seesDrafts bool, choir string) map[string]string {
			t.Helper()
			got, err := f.s.MyAnswers(ctx, choir, me, mustDate(t, from), mustDate(t, to), seesDrafts)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		december := map[string]string{f.event: Going, f.occurrence("2026-12-03").Key: Maybe}
		if got := mine("2026-11-27", "2026-12-31", false, f.choir); !maps.Equal(got, december) {
			t.Errorf("November 27 to December: %v, want %v", got, december)
		}
		if got := mine("2027-01-01", "2027-01-31", false, f.choir); len(got) != 0 {
			t.Errorf("January holds no answer, got %v", got)
		}
		if got := mine("2026-11-27", "2027-03-31", false, f.other); len(got) != 0 {
			t.Errorf("another choir's range gives %v", got)
		}
		f.exec(`UPDATE events SET status = 'draft' WHERE id = ?`, f.serie)
		if got := mine("2026-11-27", "2026-12-31", false, f.choir); !maps.Equal(got, map[string]string{f.event: Going}) {
			t.Errorf("a draft series' answers are shown to one who does not see drafts: %v", got)
		}
		if got := mine("2026-11-27", "2026-12-31", true, f.choir); !maps.Equal(got, december) {
			t.Errorf("with drafts: %v, want %v", got, december)
		}
	})
}

// pick is the single event ("single") or the series' occurrence on a date.
func (f *fixture) pick(o any) *calendar.Occurrence {
	if o == "single" {
		return f.single()
	}
	return f.occurrence(o.(string))
}
