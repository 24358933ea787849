package planning

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
)

// EventTypes are the event types a template is kept for, in the order they
// are listed: the calendar's.
var EventTypes = calendar.EventTypes

// Limits and messages of slots, in templates and plans.
const (
	MaxSlots         = 40
	MaxLabel         = 100
	MaxNote          = 500
	MaxMinutes       = 600
	MsgTooManySlots  = "A plan holds at most 40 slots."
	MsgLabelRequired = "Enter a label for this slot."
	MsgLabelTooLong  = "A label is at most 100 characters."
	MsgNoteTooLong   = "A note is at most 500 characters."
	MsgMinutes       = "A duration is from 1 to 600 minutes."
	MsgUnknownType   = "Unknown event type."
)

// TemplateSlot is one place of a template.
type TemplateSlot struct {
	Label           string
	DurationMinutes *int
}

// Template is the slots a new plan of an event type starts with.
type Template struct {
	EventType string
	Slots     []TemplateSlot
	Custom    bool // the choir's own; false while the default applies
}

func labels(ls ...string) []TemplateSlot {
	out := make([]TemplateSlot, len(ls))
	for i, l := range ls {
		out[i] = TemplateSlot{Label: l}
	}
	return out
}

// defaults are the templates of a choir that has not made its own.
var defaults = map[string][]TemplateSlot{
	"service":          labels("Entrance", "Psalm", "Offertory", "Communion", "Recessional"),
	"liturgical_feast": labels("Entrance", "Psalm", "Offertory", "Communion", "Recessional"),
	"rehearsal":        labels("Warm-up", "Piece 1", "Piece 2", "Piece 3"),
	"concert":          labels("Opening", "Piece 1", "Piece 2", "Piece 3", "Finale"),
	"other":            labels("Piece 1", "Piece 2", "Piece 3"),
}

// Templates answers the template of every event type, the choir's own or
// the default.
func (s *Service) Templates(ctx context.Context, choirID string) ([]Template, error) {
	own, err := ownTemplates(ctx, s.db, choirID, "")
	if err != nil {
		return nil, err
	}
	out := make([]Template, len(EventTypes))
	for i, t := range EventTypes {
		out[i] = templateOf(t, own[t])
	}
	return out, nil
}

func templateOf(eventType string, own []TemplateSlot) Template {
	if len(own) > 0 {
		return Template{EventType: eventType, Slots: own, Custom: true}
	}
	d, ok := defaults[eventType]
	if !ok {
		d = defaults[DateOnly]
	}
	return Template{EventType: eventType, Slots: slices.Clone(d)}
}

// ownTemplates reads a choir's own templates by event type; eventType ""
// reads them all.
func ownTemplates(ctx context.Context, q db.Querier, choirID, eventType string) (map[string][]TemplateSlot, error) {
	query, params := `SELECT event_type, label, duration_minutes FROM plan_templates WHERE choir_id = ?`, []any{choirID}
	if eventType != "" {
		query += ` AND event_type = ?`
		params = append(params, eventType)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY event_type, position`, params...)
	if err != nil {
		return nil, fmt.Errorf("planning: list the templates of choir %s: %w", choirID, err)
	}
	out := map[string][]TemplateSlot{}
	err = db.Each(rows, func(row db.Scanner) error {
		var t string
		var sl TemplateSlot
		var minutes sql.NullInt64
		if err := row.Scan(&t, &sl.Label, &minutes); err != nil {
			return err
		}
		if minutes.Valid {
			m := int(minutes.Int64)
			sl.DurationMinutes = &m
		}
		out[t] = append(out[t], sl)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("planning: read the templates of choir %s: %w", choirID, err)
	}
	return out, nil
}

// templateFor is the template a new plan of an event type starts with.
func templateFor(ctx context.Context, q db.Querier, choirID, eventType string) (Template, error) {
	own, err := ownTemplates(ctx, q, choirID, eventType)
	if err != nil {
		return Template{}, err
	}
	return templateOf(eventType, own[eventType]), nil
}

// checkSlot adds the messages of one slot's label, note and duration under
// slots.{i}.{field}; it answers the label trimmed.
func checkSlot(f *apperr.Fields, i int, label, note string, minutes *int) string {
	at := "slots." + strconv.Itoa(i) + "."
	label = strings.TrimSpace(label)
	switch {
	case label == "":
		f.Add(at+"label", MsgLabelRequired)
	case utf8.RuneCountInString(label) > MaxLabel:
		f.Add(at+"label", MsgLabelTooLong)
	}
	if utf8.RuneCountInString(note) > MaxNote {
		f.Add(at+"note", MsgNoteTooLong)
	}
	if minutes != nil && (*minutes < 1 || *minutes > MaxMinutes) {
		f.Add(at+"durationMinutes", MsgMinutes)
	}
	return label
}

// SetTemplate replaces a choir's template of an event type; no slots
// restore the default.
func (s *Service) SetTemplate(ctx context.Context, choirID, eventType string, slots []TemplateSlot) (*Template, error) {
	if !slices.Contains(EventTypes, eventType) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgUnknownType)
	}
	var f apperr.Fields
	if len(slots) > MaxSlots {
		f.Add("slots", MsgTooManySlots)
	}
	clean := make([]TemplateSlot, len(slots))
	for i, sl := range slots {
		clean[i] = TemplateSlot{Label: checkSlot(&f, i, sl.Label, "", sl.DurationMinutes), DurationMinutes: sl.DurationMinutes}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM plan_templates WHERE choir_id = ? AND event_type = ?`, choirID, eventType); err != nil {
			return fmt.Errorf("planning: clear the %s template of choir %s: %w", eventType, choirID, err)
		}
		for i, sl := range clean {
			if _, err := tx.ExecContext(ctx, `INSERT INTO plan_templates (choir_id, event_type, position, label, duration_minutes)
				VALUES (?, ?, ?, ?, ?)`, choirID, eventType, i, sl.Label, sl.DurationMinutes); err != nil {
				return fmt.Errorf("planning: store the %s template of choir %s: %w", eventType, choirID, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	t := templateOf(eventType, clean)
	return &t, nil
}
