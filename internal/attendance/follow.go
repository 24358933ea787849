package attendance

import (
	"context"
	"fmt"

	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
)

// Answers and marks follow their occurrences through the calendar's
// changes (calendar.Follower): they move with an occurrence's key, keep
// their date, and go with an occurrence the director deletes, as they go
// with a deleted event. An occurrence an edit leaves out keeps them,
// unseen, should its date come back.

// Rekeyed moves the answers and marks of occurrences that changed key; a
// member's row already there under the new key is kept.
func (s *Service) Rekeyed(ctx context.Context, tx *db.Tx, choirID string, r calendar.Rekey) error {
	var err error
	if r.Following {
		_, err = tx.ExecContext(ctx, `UPDATE member_attendance SET event_id = ?
			WHERE choir_id = ? AND event_id = ? AND occurrence_date >= ? AND occurrence_date <> ''`, r.To, choirID, r.From, r.Date)
	} else {
		_, err = tx.ExecContext(ctx, `UPDATE member_attendance SET event_id = ?, occurrence_date = ?
			WHERE choir_id = ? AND event_id = ? AND occurrence_date = ?
			AND NOT EXISTS (SELECT 1 FROM member_attendance o WHERE o.user_id = member_attendance.user_id AND o.event_id = ? AND o.occurrence_date = ?)`,
			r.To, r.ToDate, choirID, r.From, r.Date, r.To, r.ToDate)
	}
	if err != nil {
		return fmt.Errorf("attendance: move the answers for %s to %s: %w", calendar.Key(r.From, r.Date), r.To, err)
	}
	return nil
}

// Dropping deletes the answers and marks of occurrences the director
// deletes.
func (s *Service) Dropping(ctx context.Context, tx *db.Tx, choirID string, d calendar.Drop) error {
	if !d.Deleted {
		return nil
	}
	which := `occurrence_date = ?`
	if d.Following {
		which = `occurrence_date >= ? AND occurrence_date <> ''`
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM member_attendance WHERE choir_id = ? AND event_id = ? AND `+which,
		choirID, d.Event, d.Date); err != nil {
		return fmt.Errorf("attendance: delete the answers for %s's occurrences from %s: %w", d.Event, d.Date, err)
	}
	return nil
}

// Retimed changes nothing: answers are kept by date, not by time.
func (s *Service) Retimed(context.Context, *db.Tx, string, calendar.Timing) error { return nil }
