package calendar

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/recurrence"
)

const eventColumns = `id, choir_id, title, event_type, start_at, end_at, all_day, time_zone, location, notes, status,
	recurrence_rule, series_id, instance_date, sequence, created_at, updated_at`

// scanEvent reads the eventColumns of a row, and into extra whatever the
// query selects after them.
func scanEvent(row db.Scanner, extra ...any) (*Event, error) {
	var e Event
	var start, end string
	var rule, seriesID, instanceDate sql.NullString
	if err := row.Scan(append([]any{&e.ID, &e.ChoirID, &e.Title, &e.Type, &start, &end, &e.AllDay, &e.TimeZone, &e.Location, &e.Notes,
		&e.Status, &rule, &seriesID, &instanceDate, &e.Sequence, &e.CreatedAt, &e.UpdatedAt}, extra...)...); err != nil {
		return nil, err
	}
	var err error
	if e.Start, err = parseInstant(start); err != nil {
		return nil, err
	}
	if e.End, err = parseInstant(end); err != nil {
		return nil, err
	}
	if rule.Valid {
		var r recurrence.Rule
		if err := json.Unmarshal([]byte(rule.String), &r); err != nil {
			return nil, err
		}
		e.Rule = &r
	}
	e.SeriesID, e.InstanceDate = seriesID.String, instanceDate.String
	return &e, nil
}

func queryEvents(ctx context.Context, q db.Querier, where string, args ...any) ([]*Event, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+eventColumns+` FROM events WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	var out []*Event
	err = db.Each(rows, func(row db.Scanner) error {
		e, err := scanEvent(row)
		out = append(out, e)
		return err
	})
	return out, err
}

// loadEvent reads one event of a choir, locking it inside a transaction.
func loadEvent(ctx context.Context, tx *db.Tx, choirID, id string) (*Event, error) {
	e, err := scanEvent(tx.QueryRowContext(ctx, `SELECT `+eventColumns+` FROM events WHERE id = ? AND choir_id = ?`+tx.ForUpdate(), id, choirID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound()
	}
	return e, err
}

func notFound() error { return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgEventNotFound) }

func insertEvent(ctx context.Context, q db.Querier, e *Event, createdBy string) error {
	rule, err := encodeRule(e.Rule)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO events (`+eventColumns+`, created_by, last_end_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		e.ID, e.ChoirID, e.Title, e.Type, formatInstant(e.Start), formatInstant(e.End), e.AllDay, e.TimeZone, e.Location,
		e.Notes, e.Status, rule, nullable(e.SeriesID), nullable(e.InstanceDate), e.Sequence, e.CreatedAt, e.UpdatedAt, nullable(createdBy), e.lastEnd())
	if err != nil {
		return fmt.Errorf("calendar: insert event %s: %w", e.ID, err)
	}
	return nil
}

// saveEvent writes an event's fields back and bumps its iCalendar sequence.
func saveEvent(ctx context.Context, q db.Querier, e *Event) error {
	rule, err := encodeRule(e.Rule)
	if err != nil {
		return err
	}
	e.Sequence++
	_, err = q.ExecContext(ctx, `UPDATE events SET title = ?, event_type = ?, start_at = ?, end_at = ?, all_day = ?, time_zone = ?,
		location = ?, notes = ?, status = ?, recurrence_rule = ?, sequence = ?, updated_at = ?, last_end_at = ? WHERE id = ?`,
		e.Title, e.Type, formatInstant(e.Start), formatInstant(e.End), e.AllDay, e.TimeZone, e.Location, e.Notes, e.Status,
		rule, e.Sequence, e.UpdatedAt, e.lastEnd(), e.ID)
	if err != nil {
		return fmt.Errorf("calendar: save event %s: %w", e.ID, err)
	}
	return nil
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// exdates reads the deleted occurrences of some series, by series id.
func exdates(ctx context.Context, q db.Querier, where string, args ...any) (map[string]map[string]bool, error) {
	rows, err := q.QueryContext(ctx, `SELECT x.event_id, x.instance_date FROM event_exdates x JOIN events e ON e.id = x.event_id WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]map[string]bool{}
	for rows.Next() {
		var id, date string
		if err := rows.Scan(&id, &date); err != nil {
			return nil, err
		}
		if out[id] == nil {
			out[id] = map[string]bool{}
		}
		out[id][date] = true
	}
	return out, rows.Err()
}
