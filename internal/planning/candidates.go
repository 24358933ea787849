package planning

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/music"
	"github.com/cantica/cantica/internal/planning/suggest"
)

// rehearsalType is the event type of a rehearsal, whose plans rehearse
// their pieces.
const rehearsalType = "rehearsal"

// Candidates reads what the suggestions rank: the choir's pieces that are
// not archived (those whose title, composer or library number contain every
// word of search, without regard to case or accents), each with its feasts
// and seasons, its tag names and every date it was planned for, in four
// statements whatever the library holds.
func (s *Service) Candidates(ctx context.Context, choirID, search string) ([]suggest.Candidate, error) {
	if err := apperr.CheckSearch("q", search); err != nil {
		return nil, err
	}
	query := `SELECT m.id, m.title, COALESCE(c.name, m.composer, ''), COALESCE(m.number, ''),
			m.rehearsal_weighting, m.min_interval_weeks, m.is_new_to_choir_flag, m.created_at
		FROM music m LEFT JOIN composers c ON c.id = m.composer_id
		WHERE m.choir_id = ? AND m.is_archived = ?`
	args := []any{choirID, false}
	for _, pattern := range music.SearchPatterns(search) {
		query += ` AND m.search_text LIKE ? ESCAPE '\'`
		args = append(args, pattern)
	}
	rows, err := s.db.QueryContext(ctx, query+` ORDER BY m.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("planning: list the pieces of choir %s to suggest: %w", choirID, err)
	}
	cands, err := db.All(rows, func(row db.Scanner) (suggest.Candidate, error) {
		var c suggest.Candidate
		var weighting, interval sql.NullInt64
		var created sql.NullTime
		if err := row.Scan(&c.ID, &c.Title, &c.Composer, &c.LibraryNumber, &weighting, &interval, &c.NewToChoir, &created); err != nil {
			return c, err
		}
		if weighting.Valid {
			w := int(weighting.Int64)
			c.Weighting = &w
		}
		if interval.Valid {
			n := int(interval.Int64)
			c.MinIntervalWeeks = &n
		}
		c.Created = liturgy.DateOf(created.Time.UTC())
		return c, nil
	})
	if err != nil {
		return nil, fmt.Errorf("planning: read the pieces of choir %s to suggest: %w", choirID, err)
	}
	byID := make(map[string]*suggest.Candidate, len(cands))
	for i := range cands {
		byID[cands[i].ID] = &cands[i]
	}
	if len(cands) == 0 {
		return cands, nil
	}

	err = s.each(ctx, `SELECT music_id, kind, key FROM music_liturgy WHERE choir_id = ?`, choirID, "feasts and seasons",
		func(row db.Scanner) error {
			var id, kind, key string
			if err := row.Scan(&id, &kind, &key); err != nil {
				return err
			}
			if c := byID[id]; c != nil {
				if kind == "feast" {
					c.FeastKeys = append(c.FeastKeys, key)
				} else {
					c.SeasonKeys = append(c.SeasonKeys, key)
				}
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = s.each(ctx, `SELECT mt.music_id, t.name FROM music_tags mt JOIN tags t ON t.id = mt.tag_id WHERE mt.choir_id = ?`, choirID, "tags",
		func(row db.Scanner) error {
			var id, name string
			if err := row.Scan(&id, &name); err != nil {
				return err
			}
			if c := byID[id]; c != nil {
				c.Tags = append(c.Tags, name)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = s.each(ctx, `SELECT DISTINCT s.music_id, p.plan_date, p.event_type
		FROM music_plan_slots s JOIN music_plans p ON p.id = s.plan_id
		WHERE s.choir_id = ? AND s.music_id IS NOT NULL`, choirID, "history",
		func(row db.Scanner) error {
			var id, date, eventType string
			if err := row.Scan(&id, &date, &eventType); err != nil {
				return err
			}
			c := byID[id]
			d, err := liturgy.ParseDate(date)
			if c == nil || err != nil {
				return nil
			}
			c.Sung = append(c.Sung, d)
			if eventType == rehearsalType {
				c.Rehearsed = append(c.Rehearsed, d)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	return cands, nil
}

// each runs a statement of one choir and reads each row.
func (s *Service) each(ctx context.Context, query, choirID, what string, fn func(db.Scanner) error) error {
	rows, err := s.db.QueryContext(ctx, query, choirID)
	if err != nil {
		return fmt.Errorf("planning: list the %s of choir %s's pieces: %w", what, choirID, err)
	}
	if err := db.Each(rows, fn); err != nil {
		return fmt.Errorf("planning: read the %s of choir %s's pieces: %w", what, choirID, err)
	}
	return nil
}
