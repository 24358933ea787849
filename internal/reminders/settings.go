// Package reminders reminds members who have not answered an event (and,
// once, those who said Maybe) by email, a few days before it and when a
// director presses "Remind non-responders", and tells a choir's
// administrators when a voice part of a service or concert has fewer
// singers going than the choir's minimum (issue 27). The work runs on the
// job queue: a planner finds what is due, one job per member and day
// writes the member's one merged message, so that nothing is sent twice
// with several servers or after a crash, and nothing at night.
package reminders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
)

// Limits and defaults.
const (
	// MaxDays is the furthest ahead a reminder or an alert may be set.
	MaxDays = 30
	// MaxAutomatic is how many automatic reminders an event may have.
	MaxAutomatic = 2
	// DefaultBalanceDays is how many days before a service or concert the
	// part-balance alert goes unless the choir says otherwise.
	DefaultBalanceDays = 3
)

// DefaultDays are the automatic reminders of an event type the choir has
// not set: 7 days and 2 days before.
var DefaultDays = []int{7, 2}

// Messages.
const (
	MsgDays        = "Choose at most two reminders, each 1 to 30 days before the event."
	MsgBalanceDays = "Choose 1 to 30 days, or no alert."
	MsgEventType   = "Please choose an event type"
)

// TypeSetting is the automatic reminders of one event type, in days before
// the event, largest first; empty for none.
type TypeSetting struct {
	EventType string
	Days      []int
}

// Settings are a choir's reminder settings: every event type's reminders
// and the days before a service or concert its administrators are alerted
// of short voice parts (nil: never).
type Settings struct {
	Types       []TypeSetting
	BalanceDays *int
}

// CheckDays orders a list of reminder days, largest first, or refuses it:
// at most two different days of 1 to 30.
func CheckDays(days []int) ([]int, bool) {
	out := slices.Clone(days)
	slices.Sort(out)
	slices.Reverse(out)
	out = slices.Compact(out)
	if len(days) > MaxAutomatic || len(out) != len(days) {
		return nil, false
	}
	for _, d := range out {
		if d < 1 || d > MaxDays {
			return nil, false
		}
	}
	if out == nil {
		out = []int{}
	}
	return out, true
}

func formatDays(days []int) string {
	parts := make([]string, len(days))
	for i, d := range days {
		parts[i] = strconv.Itoa(d)
	}
	return strings.Join(parts, ",")
}

// parseDays reads what formatDays wrote; anything else reads as none.
func parseDays(s string) []int {
	out := []int{}
	for _, p := range strings.Split(s, ",") {
		if d, err := strconv.Atoi(strings.TrimSpace(p)); err == nil {
			out = append(out, d)
		}
	}
	if checked, ok := CheckDays(out); ok {
		return checked
	}
	return []int{}
}

// typeDays reads a choir's reminders by event type, the default filled in.
func typeDays(ctx context.Context, q db.Querier, choirID string) (map[string][]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT event_type, days FROM reminder_type_settings WHERE choir_id = ?`, choirID)
	if err != nil {
		return nil, fmt.Errorf("reminders: read the settings of choir %s: %w", choirID, err)
	}
	out := map[string][]int{}
	err = db.Each(rows, func(row db.Scanner) error {
		var typ, days string
		if err := row.Scan(&typ, &days); err != nil {
			return err
		}
		out[typ] = parseDays(days)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reminders: read the settings of choir %s: %w", choirID, err)
	}
	for _, t := range calendar.EventTypes {
		if _, ok := out[t]; !ok {
			out[t] = slices.Clone(DefaultDays)
		}
	}
	return out, nil
}

// Settings reads a choir's reminder settings.
func (s *Service) Settings(ctx context.Context, choirID string) (*Settings, error) {
	days, err := typeDays(ctx, s.db, choirID)
	if err != nil {
		return nil, err
	}
	out := &Settings{}
	for _, t := range calendar.EventTypes {
		out.Types = append(out.Types, TypeSetting{EventType: t, Days: days[t]})
	}
	var balance sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT balance_alert_days FROM choirs WHERE id = ?`, choirID).Scan(&balance); err != nil {
		return nil, fmt.Errorf("reminders: read the alert setting of choir %s: %w", choirID, err)
	}
	if balance.Valid {
		n := int(balance.Int64)
		out.BalanceDays = &n
	}
	return out, nil
}

// SetSettings changes the reminders of the event types given (the others
// stay) and the part-balance alert, all or nothing.
func (s *Service) SetSettings(ctx context.Context, choirID string, in Settings) (*Settings, error) {
	for i, t := range in.Types {
		if !slices.Contains(calendar.EventTypes, t.EventType) {
			field := fmt.Sprintf("eventTypes.%d.eventType", i)
			return nil, apperr.Validation(map[string]string{field: MsgEventType}, field)
		}
		days, ok := CheckDays(t.Days)
		if !ok {
			field := fmt.Sprintf("eventTypes.%d.days", i)
			return nil, apperr.Validation(map[string]string{field: MsgDays}, field)
		}
		in.Types[i].Days = days
	}
	if b := in.BalanceDays; b != nil && (*b < 1 || *b > MaxDays) {
		return nil, apperr.Validation(map[string]string{"partBalanceDays": MsgBalanceDays}, "partBalanceDays")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, t := range in.Types {
			if _, err := tx.ExecContext(ctx, `INSERT INTO reminder_type_settings (choir_id, event_type, days) VALUES (?, ?, ?)
				ON CONFLICT (choir_id, event_type) DO UPDATE SET days = excluded.days`, choirID, t.EventType, formatDays(t.Days)); err != nil {
				return fmt.Errorf("reminders: save the reminders of %s in choir %s: %w", t.EventType, choirID, err)
			}
		}
		var balance any
		if in.BalanceDays != nil {
			balance = *in.BalanceDays
		}
		if _, err := tx.ExecContext(ctx, `UPDATE choirs SET balance_alert_days = ? WHERE id = ?`, balance, choirID); err != nil {
			return fmt.Errorf("reminders: save the alert setting of choir %s: %w", choirID, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Settings(ctx, choirID)
}

// EventSetting is an event's own reminders (nil: its type's) beside its
// type's, for the event form.
type EventSetting struct {
	Days     []int // nil: as its type
	TypeDays []int
}

// seriesOf is the stored event whose reminders an event or occurrence id
// follows: the series for an occurrence.
func (s *Service) seriesOf(ctx context.Context, choirID, eventID string) (*calendar.Event, error) {
	ev, err := s.cal.Get(ctx, choirID, eventID, true)
	if err != nil {
		return nil, err
	}
	if ev.SeriesID != "" {
		return s.cal.Get(ctx, choirID, ev.SeriesID, true)
	}
	return ev, nil
}

// EventSetting reads an event's reminders; an occurrence's are its series'.
func (s *Service) EventSetting(ctx context.Context, choirID, eventID string) (*EventSetting, error) {
	ev, err := s.seriesOf(ctx, choirID, eventID)
	if err != nil {
		return nil, err
	}
	types, err := typeDays(ctx, s.db, choirID)
	if err != nil {
		return nil, err
	}
	out := &EventSetting{TypeDays: types[ev.Type]}
	var days string
	err = s.db.QueryRowContext(ctx, `SELECT days FROM event_reminder_settings WHERE event_id = ? AND choir_id = ?`, ev.ID, choirID).Scan(&days)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return nil, fmt.Errorf("reminders: read the reminders of event %s: %w", ev.ID, err)
	default:
		out.Days = parseDays(days)
	}
	return out, nil
}

// SetEventSetting gives an event (a whole series for an occurrence) its
// own reminders, or with nil returns it to its type's.
func (s *Service) SetEventSetting(ctx context.Context, choirID, eventID string, days []int) (*EventSetting, error) {
	ev, err := s.seriesOf(ctx, choirID, eventID)
	if err != nil {
		return nil, err
	}
	if days == nil {
		if _, err := s.db.ExecContext(ctx, `DELETE FROM event_reminder_settings WHERE event_id = ? AND choir_id = ?`, ev.ID, choirID); err != nil {
			return nil, fmt.Errorf("reminders: clear the reminders of event %s: %w", ev.ID, err)
		}
		return s.EventSetting(ctx, choirID, ev.ID)
	}
	checked, ok := CheckDays(days)
	if !ok {
		return nil, apperr.Validation(map[string]string{"days": MsgDays}, "days")
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO event_reminder_settings (event_id, choir_id, days) VALUES (?, ?, ?)
		ON CONFLICT (event_id) DO UPDATE SET days = excluded.days`, ev.ID, choirID, formatDays(checked)); err != nil {
		return nil, fmt.Errorf("reminders: save the reminders of event %s: %w", ev.ID, err)
	}
	return s.EventSetting(ctx, choirID, ev.ID)
}

// eventDays reads the own reminders of the given stored events.
func eventDays(ctx context.Context, q db.Querier, choirID string, eventIDs []string) (map[string][]int, error) {
	out := map[string][]int{}
	if len(eventIDs) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT event_id, days FROM event_reminder_settings WHERE choir_id = ? AND event_id IN (`+
		db.Placeholders(len(eventIDs))+`)`, append([]any{choirID}, db.Strings(eventIDs)...)...)
	if err != nil {
		return nil, fmt.Errorf("reminders: read the events' reminders in choir %s: %w", choirID, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var id, days string
		if err := row.Scan(&id, &days); err != nil {
			return err
		}
		out[id] = parseDays(days)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reminders: read the events' reminders in choir %s: %w", choirID, err)
	}
	return out, nil
}
