package actionlink

import (
	"context"
	"fmt"

	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
)

// Emailed RSVP and event links follow their occurrences through the
// calendar's changes (calendar.Follower): a link to an occurrence that
// moved to another key names the new one, so that a member who answers
// after a series was split answers for the occurrence the calendar shows.
// A link to an occurrence that is gone finds nothing ('Event not found').

// Rekeyed renames the occurrence the RSVP and event links name.
func (s *Service) Rekeyed(ctx context.Context, tx *db.Tx, choirID string, r calendar.Rekey) error {
	var err error
	if r.Following {
		from := calendar.KeyPrefix(r.From)
		_, err = tx.ExecContext(ctx, `UPDATE email_action_tokens SET resource_id = CAST(? AS TEXT) || substr(resource_id, ?)
			WHERE choir_id = ? AND action_type IN ('rsvp', 'event') AND substr(resource_id, 1, ?) = ? AND length(resource_id) = ?
			AND substr(resource_id, ?) >= ?`,
			calendar.KeyPrefix(r.To), len(from)+1, choirID, len(from), from, len(from)+len("2006-01-02"), len(from)+1, r.Date)
	} else {
		_, err = tx.ExecContext(ctx, `UPDATE email_action_tokens SET resource_id = ?
			WHERE choir_id = ? AND action_type IN ('rsvp', 'event') AND resource_id = ?`,
			calendar.Key(r.To, r.ToDate), choirID, calendar.Key(r.From, r.Date))
	}
	if err != nil {
		return fmt.Errorf("actionlink: move the links to %s to %s: %w", calendar.Key(r.From, r.Date), r.To, err)
	}
	return nil
}

// Dropping changes nothing: a link to what is gone says so.
func (s *Service) Dropping(context.Context, *db.Tx, string, calendar.Drop) error { return nil }

// Retimed changes nothing: links name occurrences by date.
func (s *Service) Retimed(context.Context, *db.Tx, string, calendar.Timing) error { return nil }
