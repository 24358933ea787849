// Package attendance keeps the members' answers to events (calendar
// document §3 Member attendance, §7 upsert) and the attendance taken on the
// day. A row is per member and event or occurrence (calendar.Occurrence:
// event id plus occurrence date).
package attendance

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
)

// Answers a member can give (§5).
const (
	Going    = "going"
	Maybe    = "maybe"
	NotGoing = "not_going"
)

// Messages.
const (
	MsgInvalidAction = "Invalid action type"
	MsgEventStarted  = "This event has already started, so answers can no longer be changed."
)

// ValidStatus says whether s is an answer (§5: going, maybe or not_going).
func ValidStatus(s string) bool { return s == Going || s == Maybe || s == NotGoing }

// Service keeps answers and attendance.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New returns the attendance service; now is the clock.
func New(d *db.DB, now func() time.Time) *Service {
	return &Service{db: d, now: db.Clock(now)}
}

// Answerable says whether answers to o can still be given or changed:
// until it starts.
func (s *Service) Answerable(o *calendar.Occurrence) bool { return s.now().Before(o.Start) }

// MyAnswer is the member's answer for o, or "" when none.
func (s *Service) MyAnswer(ctx context.Context, userID string, o *calendar.Occurrence) (string, error) {
	var status sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT status FROM member_attendance WHERE user_id = ? AND event_id = ? AND occurrence_date = ?`,
		userID, o.EventID, o.Date).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("attendance: read %s's answer for %s: %w", userID, o.Key, err)
	}
	return status.String, nil
}

// Answer records the member's answer for o in choirID, overwriting the
// last (§7 upsert on user and event), and returns the answer it replaced
// ("" when none). A status other than the three is 400 'Invalid action
// type'; once o has started, 409 EVENT_STARTED.
func (s *Service) Answer(ctx context.Context, choirID, userID string, o *calendar.Occurrence, status string) (previous string, err error) {
	if !ValidStatus(status) {
		return "", apperr.Validation(map[string]string{"status": MsgInvalidAction}, "status")
	}
	if !s.Answerable(o) {
		return "", apperr.New(apperr.Conflict, apperr.CodeEventStarted, MsgEventStarted)
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := calendar.Hold(ctx, tx, o); err != nil {
			return err
		}
		var prev sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT status FROM member_attendance WHERE user_id = ? AND event_id = ? AND occurrence_date = ?`+tx.ForUpdate(),
			userID, o.EventID, o.Date).Scan(&prev)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("attendance: read %s's answer for %s: %w", userID, o.Key, err)
		}
		previous = prev.String
		_, err = tx.ExecContext(ctx, `INSERT INTO member_attendance (user_id, choir_id, event_id, occurrence_date, status, updated_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (user_id, event_id, occurrence_date) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
			userID, choirID, o.EventID, o.Date, status, s.now())
		if err != nil {
			return fmt.Errorf("attendance: record %s's answer for %s: %w", userID, o.Key, err)
		}
		return nil
	})
	return previous, err
}

// MyAnswers are the member's answers in choirID to the events and
// occurrences of a range from..to, by the key the calendar names them with
// (calendar.Key), in one statement whatever the range holds: occurrences by
// their date, single events by their stored span, both with a day of slack
// for the choir's time zone. Rows with only a mark are left out, and so,
// unless seesDrafts, are answers to a draft event or series.
func (s *Service) MyAnswers(ctx context.Context, choirID, userID string, from, to liturgy.Date, seesDrafts bool) (map[string]string, error) {
	lo, hi := calendar.RangeBounds(from, to)
	rows, err := s.db.QueryContext(ctx, `SELECT a.event_id, a.occurrence_date, a.status
		FROM member_attendance a JOIN events e ON e.id = a.event_id AND e.choir_id = a.choir_id
		WHERE a.user_id = ? AND a.choir_id = ? AND a.status IS NOT NULL AND (? OR e.status = 'published') AND (
			(a.occurrence_date <> '' AND a.occurrence_date >= ? AND a.occurrence_date <= ?)
			OR (a.occurrence_date = '' AND e.start_at < ? AND e.end_at > ?))`,
		userID, choirID, seesDrafts, from.AddDays(-1).String(), to.AddDays(1).String(), hi, lo)
	if err != nil {
		return nil, fmt.Errorf("attendance: read %s's answers in choir %s: %w", userID, choirID, err)
	}
	out := map[string]string{}
	err = db.Each(rows, func(row db.Scanner) error {
		var eventID, date, status string
		if err := row.Scan(&eventID, &date, &status); err != nil {
			return err
		}
		out[calendar.Key(eventID, date)] = status
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("attendance: read %s's answers in choir %s: %w", userID, choirID, err)
	}
	return out, nil
}
