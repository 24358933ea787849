package planning

import (
	"context"
	"fmt"

	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/music"
)

// Plans follow their occurrences through the calendar's changes
// (calendar.Follower): a plan moves to its occurrence's new key, is dated
// by the day its occurrence now starts on, and, when its occurrence goes,
// stays as the history of what was planned, keeping whether it was a
// draft's.

// Rekeyed moves the plans of occurrences that changed key. A plan already
// there under the new key keeps its place, and the moving one stays.
func (s *Service) Rekeyed(ctx context.Context, tx *db.Tx, choirID string, r calendar.Rekey) error {
	var err error
	if r.Following {
		_, err = tx.ExecContext(ctx, `UPDATE music_plans SET event_id = ?, event_key = CAST(? AS TEXT) || occurrence_date
			WHERE choir_id = ? AND event_id = ? AND occurrence_date >= ? AND occurrence_date <> ''`,
			r.To, calendar.KeyPrefix(r.To), choirID, r.From, r.Date)
	} else {
		to := calendar.Key(r.To, r.ToDate)
		_, err = tx.ExecContext(ctx, `UPDATE music_plans SET event_id = ?, occurrence_date = ?, event_key = ?
			WHERE choir_id = ? AND event_id = ? AND occurrence_date = ?
			AND NOT EXISTS (SELECT 1 FROM music_plans q WHERE q.choir_id = music_plans.choir_id AND q.plan_date = music_plans.plan_date AND q.event_key = ?)`,
			r.To, r.ToDate, to, choirID, r.From, r.Date, to)
	}
	if err != nil {
		return fmt.Errorf("planning: move the plans of %s from %s to %s: %w", calendar.Key(r.From, r.Date), r.From, r.To, err)
	}
	return nil
}

// Dropping keeps the plans of occurrences that are going, as plans of
// deleted events are kept: without their event, and hidden from those who
// do not see drafts if they were a draft's.
func (s *Service) Dropping(ctx context.Context, tx *db.Tx, choirID string, d calendar.Drop) error {
	which := `p.occurrence_date = ?`
	if d.Following {
		which = `p.occurrence_date >= ? AND p.occurrence_date <> ''`
	}
	_, err := tx.ExecContext(ctx, `UPDATE music_plans AS p SET deleted_draft = `+draftPlan+`, event_id = NULL
		WHERE p.choir_id = ? AND p.event_id = ? AND `+which, choirID, d.Event, d.Date)
	if err != nil {
		return fmt.Errorf("planning: keep the plans of %s's occurrences from %s: %w", d.Event, d.Date, err)
	}
	return nil
}

// Retimed dates each plan of an event by the day its occurrence now starts
// on in the choir's zone, so that the plan is found on that day; its
// pieces' last used dates follow.
func (s *Service) Retimed(ctx context.Context, tx *db.Tx, choirID string, t calendar.Timing) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, occurrence_date, plan_date FROM music_plans WHERE choir_id = ? AND event_id = ?`,
		choirID, t.Event.ID)
	if err != nil {
		return fmt.Errorf("planning: list the plans of event %s: %w", t.Event.ID, err)
	}
	type move struct{ id, date string }
	var moves []move
	err = db.Each(rows, func(row db.Scanner) error {
		var id, occurrence, date string
		if err := row.Scan(&id, &occurrence, &date); err != nil {
			return err
		}
		if _, day, ok := t.Start(occurrence); ok && day.String() != date {
			moves = append(moves, move{id, day.String()})
		}
		return nil
	})
	if err != nil || len(moves) == 0 {
		if err != nil {
			return fmt.Errorf("planning: read the plans of event %s: %w", t.Event.ID, err)
		}
		return nil
	}
	var pieces []string
	for _, m := range moves {
		ids, err := plannedPieces(ctx, tx, m.id)
		if err != nil {
			return err
		}
		pieces = append(pieces, ids...)
	}
	if err := music.LockPieces(ctx, tx, choirID, pieces); err != nil {
		return err
	}
	for _, m := range moves {
		// A second plan of the same occurrence on that day (made while the
		// plans did not follow) keeps it; this one stays where it is.
		if _, err := tx.ExecContext(ctx, `UPDATE music_plans SET plan_date = ? WHERE id = ?
			AND NOT EXISTS (SELECT 1 FROM music_plans q WHERE q.choir_id = music_plans.choir_id AND q.plan_date = ? AND q.event_key = music_plans.event_key)`,
			m.date, m.id, m.date); err != nil {
			return fmt.Errorf("planning: move plan %s to %s: %w", m.id, m.date, err)
		}
	}
	return markUsed(ctx, tx, choirID, pieces)
}
