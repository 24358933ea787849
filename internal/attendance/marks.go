package attendance

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
)

// Messages of taking attendance and of its settings.
const (
	MsgTooEarly       = "Attendance can be taken from the day of the event."
	MsgNotMember      = "Not a member of this choir"
	MsgMarkInvalid    = "Choose present, late, absent or excused."
	MsgMinimumRange   = "Enter a number from 1 to 200, or leave it empty"
	MsgTooManyMarks   = "Mark at most 1000 members at a time."
	MinimumPerPartMax = 200
	MaxMarks          = 1000 // the contract's maxItems
)

// MarkInput is one member's mark; Mark "" clears it.
type MarkInput struct {
	UserID, Mark string
}

// Mark takes attendance for o, all or nothing: every person must be an
// active member of the choir (else VALIDATION_ERROR under marks.{index}),
// and o's day must have come in the choir's zone (else 409). A member's
// answer is kept; markerID is recorded as who marked.
func (s *Service) Mark(ctx context.Context, choirID, choirZone, markerID string, o *calendar.Occurrence, marks []MarkInput) error {
	if !s.Markable(o, choirZone) {
		return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgTooEarly)
	}
	if len(marks) > MaxMarks {
		return apperr.Validation(map[string]string{"marks": MsgTooManyMarks}, "marks")
	}
	var f apperr.Fields
	for i, m := range marks {
		if m.Mark != "" && !ValidMark(m.Mark) {
			f.Add("marks."+strconv.Itoa(i), MsgMarkInvalid)
		}
	}
	if err := f.Err(); err != nil {
		return err
	}
	now := s.now()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := calendar.Hold(ctx, tx, o); err != nil {
			return err
		}
		members, err := choir.ActiveMemberIDs(ctx, tx, choirID)
		if err != nil {
			return err
		}
		for i, m := range marks {
			if !members[m.UserID] {
				f.Add("marks."+strconv.Itoa(i), MsgNotMember)
			}
		}
		if err := f.Err(); err != nil {
			return err
		}
		for _, m := range marks {
			if err := mark(ctx, tx, choirID, markerID, o, m, now); err != nil {
				return err
			}
		}
		return nil
	})
}

func mark(ctx context.Context, tx *db.Tx, choirID, markerID string, o *calendar.Occurrence, m MarkInput, now time.Time) error {
	if m.Mark == "" {
		// A row left with neither answer nor mark says nothing: it goes.
		if _, err := tx.ExecContext(ctx, `UPDATE member_attendance SET mark = NULL, marked_by = NULL, marked_at = NULL
			WHERE user_id = ? AND event_id = ? AND occurrence_date = ?`, m.UserID, o.EventID, o.Date); err != nil {
			return fmt.Errorf("attendance: clear %s's mark for %s: %w", m.UserID, o.Key, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM member_attendance
			WHERE user_id = ? AND event_id = ? AND occurrence_date = ? AND status IS NULL AND mark IS NULL`,
			m.UserID, o.EventID, o.Date); err != nil {
			return fmt.Errorf("attendance: drop %s's empty row for %s: %w", m.UserID, o.Key, err)
		}
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO member_attendance (user_id, choir_id, event_id, occurrence_date, mark, marked_by, marked_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, event_id, occurrence_date) DO UPDATE
		SET mark = excluded.mark, marked_by = excluded.marked_by, marked_at = excluded.marked_at`,
		m.UserID, choirID, o.EventID, o.Date, m.Mark, markerID, now)
	if err != nil {
		return fmt.Errorf("attendance: mark %s for %s: %w", m.UserID, o.Key, err)
	}
	return nil
}

// MinPerPart is the fewest confirmed singers the choir wants per voice
// part, nil for no warning.
func (s *Service) MinPerPart(ctx context.Context, choirID string) (*int, error) {
	var n sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT min_confirmed_per_part FROM choirs WHERE id = ?`, choirID).Scan(&n); err != nil {
		return nil, fmt.Errorf("attendance: read the minimum per part of %s: %w", choirID, err)
	}
	if !n.Valid {
		return nil, nil
	}
	v := int(n.Int64)
	return &v, nil
}

// SetMinPerPart changes the choir's minimum per part: nil, or 1 to 200.
func (s *Service) SetMinPerPart(ctx context.Context, choirID string, minimum *int) (*int, error) {
	var v any // NULL for none
	if minimum != nil {
		if *minimum < 1 || *minimum > MinimumPerPartMax {
			return nil, apperr.Validation(map[string]string{"minConfirmedPerPart": MsgMinimumRange}, "minConfirmedPerPart")
		}
		v = *minimum
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE choirs SET min_confirmed_per_part = ? WHERE id = ?`, v, choirID); err != nil {
		return nil, fmt.Errorf("attendance: set the minimum per part of %s: %w", choirID, err)
	}
	return minimum, nil
}
