package analytics

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/cantica/cantica/internal/db"
)

// MyAttendance is a singer's own attendance: the events of the period where
// attendance was taken for them.
type MyAttendance struct {
	Present, Excused, Absent int
	PresentPercent           *int // of those events; nil when none
}

// MyAnswers is a singer's own answers to the events of the period.
type MyAnswers struct {
	Going, Maybe, NotGoing int
	SaidYesAbsent          int // answered "going" and was marked absent
	SaidNoPresent          int // answered "can't make it" and was marked present
}

// MyPiece is a singer's own practice of one piece.
type MyPiece struct {
	MusicID, Title string
	Minutes        int
	LastDay        string
}

// Mine is a singer's own year: only their figures, read by their user id.
type Mine struct {
	FromDate, ToDate string
	Attendance       MyAttendance
	Answers          MyAnswers
	Pieces           []MyPiece
}

// Mine reads userID's own figures in choirID over the period: two statements.
// An event counts by when it takes place: an occurrence of a series by its
// date, a single event by its start (an all-day one by its date).
func (s *Insights) Mine(ctx context.Context, choirID, userID string, p Period) (*Mine, error) {
	out := &Mine{FromDate: p.FromDate, ToDate: p.ToDate, Pieces: []MyPiece{}}
	a, n := &out.Attendance, &out.Answers
	err := s.db.QueryRowContext(ctx, `SELECT
			COALESCE(SUM(CASE WHEN ma.mark IN ('present', 'late') THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN ma.mark = 'excused' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN ma.mark = 'absent' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN ma.status = 'going' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN ma.status = 'maybe' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN ma.status = 'not_going' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN ma.status = 'going' AND ma.mark = 'absent' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN ma.status = 'not_going' AND ma.mark IN ('present', 'late') THEN 1 ELSE 0 END), 0)
		FROM member_attendance ma JOIN events e ON e.id = ma.event_id AND e.choir_id = ma.choir_id
		WHERE ma.choir_id = ? AND ma.user_id = ? AND `+inPeriodDates,
		append([]any{choirID, userID}, inPeriodDatesArgs(p)...)...).
		Scan(&a.Present, &a.Excused, &a.Absent, &n.Going, &n.Maybe, &n.NotGoing, &n.SaidYesAbsent, &n.SaidNoPresent)
	if err != nil {
		return nil, fmt.Errorf("analytics: read the attendance of member %s: %w", userID, err)
	}
	if r := (Counts{a.Present, a.Excused, a.Absent}).Rate(); r >= 0 {
		a.PresentPercent = &r
	}

	rows, err := s.db.QueryContext(ctx, `SELECT ps.music_id, mu.title, SUM(ps.played_seconds), MAX(ps.day)
		FROM practice_sessions ps JOIN music mu ON mu.id = ps.music_id
		WHERE ps.choir_id = ? AND ps.user_id = ? AND ps.day >= ? AND ps.day <= ?
		GROUP BY ps.music_id, mu.title ORDER BY SUM(ps.played_seconds) DESC, mu.title`, choirID, userID, p.FromDate, p.ToDate)
	if err != nil {
		return nil, fmt.Errorf("analytics: read the practice of member %s: %w", userID, err)
	}
	out.Pieces, err = db.All(rows, func(r db.Scanner) (MyPiece, error) {
		var pc MyPiece
		var secs float64
		err := r.Scan(&pc.MusicID, &pc.Title, &secs, &pc.LastDay)
		pc.Minutes = minutes(secs)
		return pc, err
	})
	if err != nil {
		return nil, fmt.Errorf("analytics: read the practice of member %s: %w", userID, err)
	}
	return out, nil
}

// MineCSV writes one of the singer's tables ("attendance", "answers" or
// "practice") as the page shows it.
func MineCSV(w io.Writer, m *Mine, table string) error {
	switch table {
	case "attendance":
		pct := ""
		if m.Attendance.PresentPercent != nil {
			pct = strconv.Itoa(*m.Attendance.PresentPercent) + " %"
		}
		a := m.Attendance
		return WriteTable(w, []string{"Present", "Excused", "Absent", "Present (%)"},
			[][]string{{strconv.Itoa(a.Present), strconv.Itoa(a.Excused), strconv.Itoa(a.Absent), pct}})
	case "answers":
		n := m.Answers
		return WriteTable(w, []string{"Going", "Maybe", "Can't make it", "Said yes, did not come", "Said no, came"},
			[][]string{{strconv.Itoa(n.Going), strconv.Itoa(n.Maybe), strconv.Itoa(n.NotGoing), strconv.Itoa(n.SaidYesAbsent), strconv.Itoa(n.SaidNoPresent)}})
	}
	rows := make([][]string, 0, len(m.Pieces))
	for _, pc := range m.Pieces {
		rows = append(rows, []string{pc.Title, strconv.Itoa(pc.Minutes), pc.LastDay})
	}
	return WriteTable(w, []string{"Piece", "Minutes", "Last practised"}, rows)
}
