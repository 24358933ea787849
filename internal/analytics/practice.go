package analytics

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/cantica/cantica/internal/db"
)

// TopPieces is how many pieces the practice section lists.
const TopPieces = 10

// PracticePart is one voice part's minutes per week.
type PracticePart struct {
	ID, Name string
	Minutes  []int // per week, as Practice.Weeks
}

// PracticePiece is one of the most practised pieces of the period.
type PracticePiece struct {
	MusicID, Title string
	Minutes        int
	Singers        int // how many people practised it
}

// Practice is the practice section: minutes per week (weeks start on
// Monday) for the choir and each voice part, and the most practised pieces.
// A practice session counts on the day it was first reported, as the
// singer's device dated it (practice_sessions.day).
type Practice struct {
	Weeks  []string // the Monday each week starts on
	Choir  []int    // minutes per week
	Parts  []PracticePart
	Pieces []PracticePiece
}

// Practice reads the practice of the period; voicePart, when not "", keeps
// the practice of that part's members only. Four statements.
func (s *Insights) Practice(ctx context.Context, choirID string, p Period, voicePart string) (*Practice, error) {
	first, err := time.Parse(time.DateOnly, p.FromDate)
	if err != nil {
		return nil, fmt.Errorf("analytics: practice period %q: %w", p.FromDate, err)
	}
	last, err := time.Parse(time.DateOnly, p.ToDate)
	if err != nil {
		return nil, fmt.Errorf("analytics: practice period %q: %w", p.ToDate, err)
	}
	monday := first.AddDate(0, 0, -((int(first.Weekday()) + 6) % 7))
	out := &Practice{Parts: []PracticePart{}, Pieces: []PracticePiece{}}
	for w := monday; !w.After(last); w = w.AddDate(0, 0, 7) {
		out.Weeks = append(out.Weeks, w.Format(time.DateOnly))
	}
	week := func(day string) int {
		d, err := time.Parse(time.DateOnly, day)
		if err != nil {
			return -1
		}
		return int(d.Sub(monday).Hours()/24) / 7
	}
	choirSecs := make([]float64, len(out.Weeks))
	partSecs := map[string][]float64{}

	// The voice parts, in the choir's order.
	partCond, partArgs := "", []any{choirID}
	if voicePart != "" {
		partCond, partArgs = " AND id = ?", append(partArgs, voicePart)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, name FROM musical_roles WHERE choir_id = ?`+partCond+` ORDER BY sort_order, name`, partArgs...)
	if err != nil {
		return nil, fmt.Errorf("analytics: read the voice parts of choir %s: %w", choirID, err)
	}
	if out.Parts, err = db.All(rows, func(r db.Scanner) (PracticePart, error) {
		var pp PracticePart
		err := r.Scan(&pp.ID, &pp.Name)
		return pp, err
	}); err != nil {
		return nil, fmt.Errorf("analytics: read the voice parts of choir %s: %w", choirID, err)
	}
	for _, pp := range out.Parts {
		partSecs[pp.ID] = make([]float64, len(out.Weeks))
	}

	// Without a part: everyone's practice (also of people who have since
	// left, as the choir's record). With one: its members' practice.
	from, args := "practice_sessions ps", []any{choirID, p.FromDate, p.ToDate}
	if voicePart != "" {
		from = `practice_sessions ps JOIN member_musical_roles r
			ON r.user_id = ps.user_id AND r.choir_id = ps.choir_id AND r.musical_role_id = ?`
		args = append([]any{voicePart}, args...)
	}
	where := ` WHERE ps.choir_id = ? AND ps.day >= ? AND ps.day <= ?`
	err = s.eachRow(ctx, `SELECT ps.day, SUM(ps.played_seconds) FROM `+from+where+` GROUP BY ps.day`, args, func(r db.Scanner) error {
		var day string
		var secs float64
		if err := r.Scan(&day, &secs); err != nil {
			return err
		}
		if i := week(day); i >= 0 && i < len(choirSecs) {
			choirSecs[i] += secs
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analytics: read the choir's practice per day: %w", err)
	}

	// Per voice part (a singer of two parts counts in both).
	partArgs2 := []any{choirID, p.FromDate, p.ToDate}
	if voicePart != "" {
		partArgs2 = append(partArgs2, voicePart)
		partCond = " AND r.musical_role_id = ?"
	}
	err = s.eachRow(ctx, `SELECT ps.day, r.musical_role_id, SUM(ps.played_seconds) FROM practice_sessions ps
		JOIN member_musical_roles r ON r.user_id = ps.user_id AND r.choir_id = ps.choir_id`+where+partCond+`
		GROUP BY ps.day, r.musical_role_id`, partArgs2, func(r db.Scanner) error {
		var day, part string
		var secs float64
		if err := r.Scan(&day, &part, &secs); err != nil {
			return err
		}
		if i := week(day); i >= 0 && i < len(choirSecs) && partSecs[part] != nil {
			partSecs[part][i] += secs
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analytics: read the practice per voice part: %w", err)
	}

	// The most practised pieces: summed per piece first, then the titles of
	// those pieces joined (hundreds of rows, not the period's thousands).
	err = s.eachRow(ctx, `SELECT x.music_id, mu.title, x.secs, x.singers
		FROM (SELECT ps.music_id, SUM(ps.played_seconds) AS secs, COUNT(DISTINCT ps.user_id) AS singers FROM `+from+where+`
			GROUP BY ps.music_id) x
		JOIN music mu ON mu.id = x.music_id
		ORDER BY x.secs DESC, mu.title LIMIT `+strconv.Itoa(TopPieces), args, func(r db.Scanner) error {
		var pc PracticePiece
		var secs float64
		if err := r.Scan(&pc.MusicID, &pc.Title, &secs, &pc.Singers); err != nil {
			return err
		}
		pc.Minutes = minutes(secs)
		out.Pieces = append(out.Pieces, pc)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analytics: read the most practised pieces: %w", err)
	}

	out.Choir = make([]int, len(out.Weeks))
	for i, secs := range choirSecs {
		out.Choir[i] = minutes(secs)
	}
	for k := range out.Parts {
		out.Parts[k].Minutes = make([]int, len(out.Weeks))
		for i, secs := range partSecs[out.Parts[k].ID] {
			out.Parts[k].Minutes[i] = minutes(secs)
		}
	}
	return out, nil
}

func (s *Insights) eachRow(ctx context.Context, query string, args []any, fn func(db.Scanner) error) error {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	return db.Each(rows, fn)
}

// PracticeWeeksCSV is the minutes-per-week table as the page shows it.
func PracticeWeeksCSV(w io.Writer, p *Practice) error {
	header := []string{"Week starting", "Choir"}
	for _, pp := range p.Parts {
		header = append(header, pp.Name)
	}
	rows := make([][]string, 0, len(p.Weeks))
	for i, wk := range p.Weeks {
		row := []string{wk, strconv.Itoa(p.Choir[i])}
		for _, pp := range p.Parts {
			row = append(row, strconv.Itoa(pp.Minutes[i]))
		}
		rows = append(rows, row)
	}
	return WriteTable(w, header, rows)
}

// PracticePiecesCSV is the most-practised-pieces table as the page shows it.
func PracticePiecesCSV(w io.Writer, p *Practice) error {
	rows := make([][]string, 0, len(p.Pieces))
	for _, pc := range p.Pieces {
		rows = append(rows, []string{pc.Title, strconv.Itoa(pc.Minutes), strconv.Itoa(pc.Singers)})
	}
	return WriteTable(w, []string{"Piece", "Minutes", "Singers"}, rows)
}
