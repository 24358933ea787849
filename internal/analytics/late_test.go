package analytics

import (
	"context"
	"testing"

	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

// A member marked late came: every figure counts them as present, the same
// as the hand-worked figures of TestAttendanceFiguresWorkedByHand where
// those marks were 'present'.
func TestLateCountsAsPresent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d)
		// Ann was late at E1 (she said yes) and at E2 (she said she could not come).
		f.exec(`UPDATE member_attendance SET mark = 'late' WHERE user_id = ? AND event_id IN (?, ?)`, f.ann, f.e1, f.e2)
		p := custom(t, "")
		a, err := New(d).Attendance(ctx, f.choir, p, f.members, []Part{{f.soprano, "Soprano"}, {f.alto, "Alto"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range a.Members {
			if m.UserID == f.ann && (m.Counts != Counts{Present: 3, Excused: 1} || m.Rate() != 75 || m.Below) {
				t.Errorf("Ann, late twice: %+v, rate %d, below %v; want 3/1/0, 75 %%, not below", m.Counts, m.Rate(), m.Below)
			}
		}
		for _, e := range a.Events {
			if e.Key == f.e1 && e.Counts != (Counts{Present: 2, Absent: 1}) {
				t.Errorf("E1 with Ann late: %+v, want 2 present, 1 absent", e.Counts)
			}
		}
		n, err := New(d).Answers(ctx, f.choir, p, f.members)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range n.Members {
			if m.UserID == f.ann && (m.NoPresent != 1 || m.YesAbsent != 0) {
				t.Errorf("Ann's answers against her marks: said no and came %d, said yes and missed %d; want 1 and 0", m.NoPresent, m.YesAbsent)
			}
		}
		mine, err := NewInsights(d, nil, nil).Mine(ctx, f.choir, f.ann, p)
		if err != nil {
			t.Fatal(err)
		}
		if got := mine.Attendance; got.Present != 3 || got.Absent != 0 || mine.Answers.SaidNoPresent != 1 {
			t.Errorf("Ann's own year: %+v, %+v; want 3 present and one 'can't make it' she came to", got, mine.Answers)
		}
	})
}
