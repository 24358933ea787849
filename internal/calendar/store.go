package calendar

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

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
	// The caller says what it was reading; these say which row was wrong.
	var err error
	if e.Start, err = parseInstant(start); err != nil {
		return nil, fmt.Errorf("decode the start of event %s: %w", e.ID, err)
	}
	if e.End, err = parseInstant(end); err != nil {
		return nil, fmt.Errorf("decode the end of event %s: %w", e.ID, err)
	}
	if rule.Valid {
		var r recurrence.Rule
		if err := json.Unmarshal([]byte(rule.String), &r); err != nil {
			return nil, fmt.Errorf("decode the rule of event %s: %w", e.ID, err)
		}
		e.Rule = &r
	}
	e.SeriesID, e.InstanceDate = seriesID.String, instanceDate.String
	return &e, nil
}

// readEvents reads the events of a query that selects the eventColumns
// and nothing after them.
func readEvents(rows *sql.Rows) ([]*Event, error) {
	return db.All(rows, func(row db.Scanner) (*Event, error) { return scanEvent(row) })
}

// getEvent reads one event of a choir.
func getEvent(ctx context.Context, q db.Querier, choirID, id string) (*Event, error) {
	e, err := scanEvent(q.QueryRowContext(ctx, `SELECT `+eventColumns+` FROM events WHERE id = ? AND choir_id = ?`, id, choirID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound()
	}
	if err != nil {
		return nil, fmt.Errorf("calendar: read event %s: %w", id, err)
	}
	return e, nil
}

// loadEvent reads one event of a choir, locking it inside a transaction.
func loadEvent(ctx context.Context, tx *db.Tx, choirID, id string) (*Event, error) {
	e, err := scanEvent(tx.QueryRowContext(ctx, `SELECT `+eventColumns+` FROM events WHERE id = ? AND choir_id = ?`+tx.ForUpdate(), id, choirID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound()
	}
	if err != nil {
		return nil, fmt.Errorf("calendar: load event %s: %w", id, err)
	}
	return e, nil
}

// editedOccurrence reads the row that replaces a series' occurrence of a
// date, or nil when the occurrence is as the series generates it.
func editedOccurrence(ctx context.Context, q db.Querier, seriesID, date string) (*Event, error) {
	e, err := scanEvent(q.QueryRowContext(ctx, `SELECT `+eventColumns+` FROM events WHERE series_id = ? AND instance_date = ?`, seriesID, date))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("calendar: read the occurrence of series %s on %s: %w", seriesID, date, err)
	}
	return e, nil
}

// editedOccurrences reads every edited occurrence of a series, whatever its
// status, by date.
func editedOccurrences(ctx context.Context, q db.Querier, seriesID string) ([]*Event, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+eventColumns+` FROM events WHERE series_id = ? ORDER BY instance_date`, seriesID)
	if err != nil {
		return nil, fmt.Errorf("calendar: list the edited occurrences of series %s: %w", seriesID, err)
	}
	out, err := readEvents(rows)
	if err != nil {
		return nil, fmt.Errorf("calendar: read the edited occurrences of series %s: %w", seriesID, err)
	}
	return out, nil
}

// feedEvents reads what the feeds of some choirs (at least one: IN () is
// not SQL) carry, by start: their published series, their published single
// events that end after since, and every edited occurrence whatever its
// status (a draft one hides the generated occurrence it replaces, as it
// does in the app).
func feedEvents(ctx context.Context, q db.Querier, choirIDs []string, since time.Time) ([]*Event, error) {
	args := make([]any, 0, len(choirIDs)+1)
	for _, id := range choirIDs {
		args = append(args, id)
	}
	args = append(args, formatInstant(since))
	rows, err := q.QueryContext(ctx, `SELECT `+eventColumns+` FROM events
		WHERE choir_id IN (`+db.Placeholders(len(choirIDs))+`) AND (series_id IS NOT NULL
			OR status = 'published' AND (recurrence_rule IS NOT NULL OR end_at > ?))
		ORDER BY start_at, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("calendar: list the events of a feed of %d choirs: %w", len(choirIDs), err)
	}
	out, err := readEvents(rows)
	if err != nil {
		return nil, fmt.Errorf("calendar: read the events of a feed of %d choirs: %w", len(choirIDs), err)
	}
	return out, nil
}

func notFound() error { return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgEventNotFound) }

func insertEvent(ctx context.Context, q db.Querier, e *Event, createdBy string) error {
	rule, err := encodeRule(e.Rule)
	if err != nil {
		return fmt.Errorf("calendar: encode the rule of event %s: %w", e.ID, err)
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
		return fmt.Errorf("calendar: encode the rule of event %s: %w", e.ID, err)
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

// isDeleted says whether one occurrence of a series was deleted.
func isDeleted(ctx context.Context, q db.Querier, seriesID, date string) (bool, error) {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM event_exdates WHERE event_id = ? AND instance_date = ?`, seriesID, date).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("calendar: read whether series %s lost %s: %w", seriesID, date, err)
	}
	return true, nil
}

// deletedOccurrences reads the deleted occurrences of some series (at least
// one): series id → date → true.
func deletedOccurrences(ctx context.Context, q db.Querier, seriesIDs []string) (map[string]map[string]bool, error) {
	args := make([]any, len(seriesIDs))
	for i, id := range seriesIDs {
		args[i] = id
	}
	rows, err := q.QueryContext(ctx, `SELECT event_id, instance_date FROM event_exdates
		WHERE event_id IN (`+db.Placeholders(len(seriesIDs))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("calendar: list the deleted occurrences of %d series: %w", len(seriesIDs), err)
	}
	out := map[string]map[string]bool{}
	err = db.Each(rows, func(row db.Scanner) error {
		var id, date string
		if err := row.Scan(&id, &date); err != nil {
			return err
		}
		if out[id] == nil {
			out[id] = map[string]bool{}
		}
		out[id][date] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("calendar: read the deleted occurrences of %d series: %w", len(seriesIDs), err)
	}
	return out, nil
}
