package analytics

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
)

// PieceUse is a piece of the library and how it was sung: times in the
// period, the last date ever (choir-local YYYY-MM-DD, "" for never).
type PieceUse struct {
	MusicID, Title, Composer string
	Added                    string // YYYY-MM-DD the piece came into the library
	Times                    int
	LastSung                 string
}

// SeasonUse is how often a piece was sung in a liturgical season in the period.
type SeasonUse struct {
	Season, SeasonName, MusicID, Title string
	Times                              int
}

// Music is the music section.
type Music struct {
	Sung   []PieceUse  // sung in the period: most often first, then by title
	Never  []PieceUse  // never sung since added, oldest first
	Season []SeasonUse // empty when the choir's calendar has no seasons
}

// sungPlans are the plans that count as singing a piece: those of past
// days (up to today) of services, concerts, feasts and other events, or of
// the one type the filter names; rehearsals are not singing it.
const sungPlans = `p.choir_id = ? AND p.plan_date <= ? AND ((? = '' AND p.event_type <> 'rehearsal') OR p.event_type = ?)`

// Music computes the music section: two statements (every piece of the
// library with its uses, and the uses of the period by date for seasons).
// calendarType is the choir's, today its choir-local date.
func (s *Service) Music(ctx context.Context, choirID string, p Period, calendarType, today string) (*Music, error) {
	out := &Music{Sung: []PieceUse{}, Never: []PieceUse{}, Season: []SeasonUse{}}
	rows, err := s.db.QueryContext(ctx, `SELECT m.id, m.title, m.composer, m.created_at, COALESCE(u.times, 0), COALESCE(u.last_sung, '')
		FROM music m LEFT JOIN (
			SELECT s.music_id, COUNT(DISTINCT CASE WHEN p.plan_date >= ? AND p.plan_date <= ? THEN p.id END) AS times, MAX(p.plan_date) AS last_sung
			FROM music_plans p JOIN music_plan_slots s ON s.plan_id = p.id
			WHERE s.music_id IS NOT NULL AND `+sungPlans+`
			GROUP BY s.music_id) u ON u.music_id = m.id
		WHERE m.choir_id = ? AND m.is_archived = FALSE`,
		p.FromDate, p.ToDate, choirID, today, p.EventType, p.EventType, choirID)
	if err != nil {
		return nil, fmt.Errorf("analytics: count how often the pieces of %s were sung: %w", choirID, err)
	}
	loc := p.From.Location()
	err = db.Each(rows, func(row db.Scanner) error {
		var u PieceUse
		var added sql.NullTime
		if err := row.Scan(&u.MusicID, &u.Title, &u.Composer, &added, &u.Times, &u.LastSung); err != nil {
			return err
		}
		if added.Valid {
			u.Added = added.Time.In(loc).Format(dateForm)
		}
		if u.Times > 0 {
			out.Sung = append(out.Sung, u)
		}
		if u.LastSung == "" {
			out.Never = append(out.Never, u)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analytics: read how often the pieces of %s were sung: %w", choirID, err)
	}
	slices.SortFunc(out.Sung, func(a, b PieceUse) int {
		return cmp.Or(cmp.Compare(b.Times, a.Times), strings.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title)), strings.Compare(a.MusicID, b.MusicID))
	})
	slices.SortFunc(out.Never, func(a, b PieceUse) int {
		return cmp.Or(strings.Compare(a.Added, b.Added), strings.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title)), strings.Compare(a.MusicID, b.MusicID))
	})
	if len(liturgy.Seasons(calendarType)) == 0 {
		return out, nil
	}
	if out.Season, err = s.seasons(ctx, choirID, p, calendarType, today); err != nil {
		return nil, err
	}
	return out, nil
}

// seasons counts the period's uses of each piece by the liturgical season
// of the plan's date, in the order of the calendar's year.
func (s *Service) seasons(ctx context.Context, choirID string, p Period, calendarType, today string) ([]SeasonUse, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT p.plan_date, s.music_id, MAX(m.title), COUNT(DISTINCT p.id)
		FROM music_plans p JOIN music_plan_slots s ON s.plan_id = p.id JOIN music m ON m.id = s.music_id
		WHERE m.choir_id = ? AND p.plan_date >= ? AND p.plan_date <= ? AND `+sungPlans+`
		GROUP BY p.plan_date, s.music_id`, choirID, p.FromDate, p.ToDate, choirID, today, p.EventType, p.EventType)
	if err != nil {
		return nil, fmt.Errorf("analytics: count the pieces of %s by season: %w", choirID, err)
	}
	type key struct{ season, music string }
	uses := map[key]*SeasonUse{}
	err = db.Each(rows, func(row db.Scanner) error {
		var date, music, title string
		var times int
		if err := row.Scan(&date, &music, &title, &times); err != nil {
			return err
		}
		t, err := time.Parse(dateForm, date)
		if err != nil {
			return nil // a plan's date is always YYYY-MM-DD; one that is not is left out
		}
		season, ok := liturgy.SeasonOf(calendarType, liturgy.DateOf(t))
		if !ok {
			return nil
		}
		k := key{season.Key, music}
		if uses[k] == nil {
			uses[k] = &SeasonUse{Season: season.Key, SeasonName: season.Name, MusicID: music, Title: title}
		}
		uses[k].Times += times
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analytics: read the pieces of %s by season: %w", choirID, err)
	}
	order := map[string]int{}
	for i, s := range liturgy.Seasons(calendarType) {
		order[s.Key] = i
	}
	out := make([]SeasonUse, 0, len(uses))
	for _, u := range uses {
		out = append(out, *u)
	}
	slices.SortFunc(out, func(a, b SeasonUse) int {
		return cmp.Or(cmp.Compare(order[a.Season], order[b.Season]), cmp.Compare(b.Times, a.Times),
			strings.Compare(strings.ToLower(a.Title), strings.ToLower(b.Title)), strings.Compare(a.MusicID, b.MusicID))
	})
	return out, nil
}

// Seasonal says whether a calendar type divides its year into liturgical seasons.
func Seasonal(calendarType string) bool { return len(liturgy.Seasons(calendarType)) > 0 }
