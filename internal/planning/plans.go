package planning

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/music"
)

// Messages of plans.
const (
	MsgDate            = "Enter a date as YYYY-MM-DD"
	MsgRangeOrder      = "The end date must not be before the start date"
	MsgRangeTooLong    = "Choose at most 366 days"
	MsgNotOnDate       = "That event is not on this date"
	MsgDateTaken       = "This date already has a plan."
	MsgEventTaken      = "This event already has a plan."
	MsgChanged         = "This plan was changed by someone else. Reload it to see their changes."
	MsgNoEventPlan     = "No music has been planned for this event."
	MsgTitleTooLong    = "A title is at most 200 characters."
	MsgNotesTooLong    = "Notes are at most 2000 characters."
	MsgPieceNotInChoir = "That piece is not in this choir's library."
	MsgCopyItself      = "Choose another plan to copy from."
	MaxTitle           = 200
	MaxNotes           = 2000
	MaxRangeDays       = 366
)

// ParseDate reads a plan's date (YYYY-MM-DD); field names it in the refusal.
func ParseDate(s, field string) (liturgy.Date, error) {
	d, err := liturgy.ParseDate(s)
	if err != nil || d.String() != s {
		return d, apperr.Validation(map[string]string{field: MsgDate}, field)
	}
	return d, nil
}

// hiddenDraft is the condition that leaves out the plans of drafts, for
// those who do not see them: a plan is a draft's while its occurrence is
// as the calendar shows it, when its event (the single event or series) or
// the occurrence's edited row is a draft; once its event or occurrence is
// deleted (event_id cleared), when it was a draft then.
const hiddenDraft = ` AND NOT p.deleted_draft AND NOT ` + draftPlan

// draftPlan is whether the plan p's event or occurrence, while it exists,
// is a draft.
const draftPlan = `(EXISTS (SELECT 1 FROM events e WHERE e.id = p.event_id AND e.status <> 'published')
	OR EXISTS (SELECT 1 FROM events o WHERE o.series_id = p.event_id AND o.instance_date = p.occurrence_date AND o.status <> 'published'))`

// View reads one plan of a choir as someone sees it who sees draft events
// or not: the plan of a draft event is not found by those who do not.
func (s *Service) View(ctx context.Context, choirID, planID string, seesDrafts bool) (*Plan, error) {
	if !seesDrafts {
		var n int
		err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM music_plans p WHERE p.id = ? AND p.choir_id = ?`+hiddenDraft, planID, choirID).Scan(&n)
		if err != nil {
			return nil, fmt.Errorf("planning: read whether plan %s is shown: %w", planID, err)
		}
		if n == 0 {
			return nil, notFound()
		}
	}
	return s.Get(ctx, choirID, planID)
}

// List answers the plans of a choir from..to (inclusive), by date, the
// plans without an event first, then by event title.
func (s *Service) List(ctx context.Context, choirID string, from, to liturgy.Date, seesDrafts bool) ([]*Plan, error) {
	if to.Before(from) {
		return nil, apperr.Validation(map[string]string{"to": MsgRangeOrder}, "to")
	}
	if to.Sub(from) >= MaxRangeDays {
		return nil, apperr.Validation(map[string]string{"to": MsgRangeTooLong}, "to")
	}
	query := `SELECT ` + prefixed(planColumns) + ` FROM music_plans p WHERE p.choir_id = ? AND p.plan_date >= ? AND p.plan_date <= ?`
	if !seesDrafts {
		query += hiddenDraft
	}
	rows, err := s.db.QueryContext(ctx, query+` ORDER BY p.plan_date, p.event_key <> '', p.event_title, p.id`, choirID, from.String(), to.String())
	if err != nil {
		return nil, fmt.Errorf("planning: list the plans of choir %s: %w", choirID, err)
	}
	plans, err := db.All(rows, scanPlan)
	if err != nil {
		return nil, fmt.Errorf("planning: read the plans of choir %s: %w", choirID, err)
	}
	// One statement for the slots of them all, however many there are.
	slots, err := slotsWhere(ctx, s.db, `s.plan_id IN (SELECT p.id FROM music_plans p WHERE p.choir_id = ? AND p.plan_date >= ? AND p.plan_date <= ?)`,
		choirID, from.String(), to.String())
	if err != nil {
		return nil, fmt.Errorf("planning: read the slots of the plans of choir %s: %w", choirID, err)
	}
	for _, p := range plans {
		p.Slots = slots[p.ID]
	}
	return plans, nil
}

func prefixed(columns string) string {
	parts := strings.Split(columns, ", ")
	for i, c := range parts {
		parts[i] = "p." + c
	}
	return strings.Join(parts, ", ")
}

// ForEvent reads the plan of an event or occurrence by its key.
func (s *Service) ForEvent(ctx context.Context, choirID, eventKey string) (*Plan, error) {
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT id FROM music_plans WHERE choir_id = ? AND event_key = ?
		ORDER BY plan_date DESC LIMIT 1`, choirID, eventKey).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgNoEventPlan)
	}
	if err != nil {
		return nil, fmt.Errorf("planning: find the plan of event %s: %w", eventKey, err)
	}
	return s.Get(ctx, choirID, id)
}

// NewPlan is what a plan is started from.
type NewPlan struct {
	Date       liturgy.Date
	Occurrence *calendar.Occurrence // the event or occurrence planned; nil for a date without one
	CopyFrom   string               // a plan of the choir whose slots to take; "" takes the template
	CreatedBy  string
}

// Create starts a plan with the day's principal feast. One plan per date
// without an event and one per event: the unique index decides between
// simultaneous starts.
func (s *Service) Create(ctx context.Context, choirID string, in NewPlan) (*Plan, error) {
	eventType, eventTitle, eventKey, occurrenceDate := DateOnly, "", "", ""
	var eventID any // NULL for a date
	if o := in.Occurrence; o != nil {
		eventType, eventTitle, eventKey, occurrenceDate, eventID = o.Shown.Type, o.Shown.Title, o.Key, o.Date, o.EventID
	}
	// Before the transaction: finding the feasts may compute the calendar's years.
	feasts, err := s.DayFeasts(ctx, choirID, in.Date)
	if err != nil {
		return nil, err
	}
	var feastKey, feastName string
	if len(feasts) > 0 {
		feastKey, feastName = feasts[0].Key, feasts[0].Name
	}
	id := uuid.NewString()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if in.Occurrence != nil {
			if err := calendar.Hold(ctx, tx, in.Occurrence); err != nil {
				return err
			}
		}
		var slots []Slot
		if in.CopyFrom != "" {
			from, err := getPlan(ctx, tx, choirID, in.CopyFrom)
			if err != nil {
				return err
			}
			slots = from.Slots
		} else {
			t, err := templateFor(ctx, tx, choirID, eventType)
			if err != nil {
				return err
			}
			for _, ts := range t.Slots {
				slots = append(slots, Slot{Label: ts.Label, DurationMinutes: ts.DurationMinutes})
			}
		}
		now := s.now()
		var createdBy any
		if in.CreatedBy != "" {
			createdBy = in.CreatedBy
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO music_plans (id, choir_id, plan_date, event_key, event_id, occurrence_date, event_type, event_title,
				feast_key, feast_name, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, choirID, in.Date.String(), eventKey, eventID, occurrenceDate, eventType, eventTitle, feastKey, feastName, createdBy, now, now)
		if db.IsUniqueViolation(err) {
			if eventKey == "" {
				return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgDateTaken)
			}
			return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgEventTaken)
		}
		if err != nil {
			return fmt.Errorf("planning: create a plan of choir %s on %s: %w", choirID, in.Date, err)
		}
		return s.replaceSlots(ctx, tx, choirID, id, slots)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, choirID, id)
}

// Change is a plan as its editor saves it.
type Change struct {
	Title, Notes string
	Slots        []Slot // Label, MusicID, Note, DurationMinutes
	Version      int    // the version the editor started from
}

// Update replaces a plan's title, notes and slots, all or nothing, if
// nobody saved it since the version the editor read.
func (s *Service) Update(ctx context.Context, choirID, planID string, in Change) (*Plan, error) {
	var f apperr.Fields
	if utf8.RuneCountInString(in.Title) > MaxTitle {
		f.Add("title", MsgTitleTooLong)
	}
	if utf8.RuneCountInString(in.Notes) > MaxNotes {
		f.Add("notes", MsgNotesTooLong)
	}
	if len(in.Slots) > MaxSlots {
		f.Add("slots", MsgTooManySlots)
	}
	ids := make([]string, 0, len(in.Slots))
	for i := range in.Slots {
		sl := &in.Slots[i]
		sl.Label = checkSlot(&f, i, sl.Label, sl.Note, sl.DurationMinutes)
		sl.MusicID = strings.TrimSpace(sl.MusicID)
		if sl.MusicID != "" {
			ids = append(ids, sl.MusicID)
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		owned, err := music.Owned(ctx, tx, choirID, ids)
		if err != nil {
			return err
		}
		for i, sl := range in.Slots {
			if sl.MusicID != "" && !owned[sl.MusicID] {
				f.Add(fmt.Sprintf("slots.%d.musicId", i), MsgPieceNotInChoir)
			}
		}
		if err := f.Err(); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE music_plans SET title = ?, notes = ?, version = version + 1, updated_at = ?
			WHERE id = ? AND choir_id = ? AND version = ?`, in.Title, in.Notes, s.now(), planID, choirID, in.Version)
		if err != nil {
			return fmt.Errorf("planning: update plan %s: %w", planID, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("planning: update plan %s: %w", planID, err)
		} else if n == 0 {
			return s.missingOrChanged(ctx, tx, choirID, planID)
		}
		return s.replaceSlots(ctx, tx, choirID, planID, in.Slots)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, choirID, planID)
}

// missingOrChanged tells an update that changed no row why.
func (s *Service) missingOrChanged(ctx context.Context, tx *db.Tx, choirID, planID string) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM music_plans WHERE id = ? AND choir_id = ?`, planID, choirID).Scan(&n); err != nil {
		return fmt.Errorf("planning: read whether plan %s exists: %w", planID, err)
	}
	if n == 0 {
		return notFound()
	}
	return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgChanged)
}

// Copy replaces a plan's slots with a copy of another plan's of the choir.
func (s *Service) Copy(ctx context.Context, choirID, planID, fromID string) (*Plan, error) {
	if fromID == planID {
		return nil, apperr.Validation(map[string]string{"fromPlanId": MsgCopyItself}, "fromPlanId")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		from, err := getPlan(ctx, tx, choirID, fromID)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE music_plans SET version = version + 1, updated_at = ? WHERE id = ? AND choir_id = ?`,
			s.now(), planID, choirID)
		if err != nil {
			return fmt.Errorf("planning: copy plan %s into %s: %w", fromID, planID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return notFound()
		}
		return s.replaceSlots(ctx, tx, choirID, planID, from.Slots)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, choirID, planID)
}

// Delete removes a plan; its pieces' last used dates follow.
func (s *Service) Delete(ctx context.Context, choirID, planID string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		before, err := plannedPieces(ctx, tx, planID)
		if err != nil {
			return err
		}
		if err := music.LockPieces(ctx, tx, choirID, before); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM music_plans WHERE id = ? AND choir_id = ?`, planID, choirID)
		if err != nil {
			return fmt.Errorf("planning: delete plan %s: %w", planID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return notFound()
		}
		return markUsed(ctx, tx, choirID, before)
	})
}

// replaceSlots puts slots in place of a plan's, then brings the last used
// date of every piece that was or is in them up to date.
func (s *Service) replaceSlots(ctx context.Context, tx *db.Tx, choirID, planID string, slots []Slot) error {
	pieces, err := plannedPieces(ctx, tx, planID)
	if err != nil {
		return err
	}
	for _, sl := range slots {
		if sl.MusicID != "" {
			pieces = append(pieces, sl.MusicID)
		}
	}
	// Before the slots refer to them (which holds them against changes too).
	if err := music.LockPieces(ctx, tx, choirID, pieces); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM music_plan_slots WHERE plan_id = ?`, planID); err != nil {
		return fmt.Errorf("planning: clear the slots of plan %s: %w", planID, err)
	}
	for i, sl := range slots {
		var musicID any
		if sl.MusicID != "" {
			musicID = sl.MusicID
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO music_plan_slots (plan_id, position, choir_id, label, music_id, note, duration_minutes)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, planID, i, choirID, sl.Label, musicID, sl.Note, sl.DurationMinutes); err != nil {
			return fmt.Errorf("planning: store slot %d of plan %s: %w", i, planID, err)
		}
	}
	return markUsed(ctx, tx, choirID, pieces)
}

// plannedPieces lists the pieces in a plan's slots.
func plannedPieces(ctx context.Context, tx *db.Tx, planID string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT DISTINCT music_id FROM music_plan_slots WHERE plan_id = ? AND music_id IS NOT NULL`, planID)
	if err != nil {
		return nil, fmt.Errorf("planning: list the pieces of plan %s: %w", planID, err)
	}
	ids, err := db.All(rows, func(row db.Scanner) (string, error) {
		var id string
		return id, row.Scan(&id)
	})
	if err != nil {
		return nil, fmt.Errorf("planning: read the pieces of plan %s: %w", planID, err)
	}
	return ids, nil
}

// markUsed sets each piece's last used date to the latest date it is
// planned for (calendar §7); a piece planned nowhere any more keeps the
// date it has. The caller holds the pieces (music.LockPieces) from before
// it changed their slots, so that what is read here includes every other
// plan's change to them.
func markUsed(ctx context.Context, tx *db.Tx, choirID string, ids []string) error {
	seen := map[string]bool{}
	var distinct []any
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			distinct = append(distinct, id)
		}
	}
	if len(distinct) == 0 {
		return nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT s.music_id, MAX(p.plan_date) FROM music_plan_slots s JOIN music_plans p ON p.id = s.plan_id
		WHERE s.choir_id = ? AND s.music_id IN (`+db.Placeholders(len(distinct))+`) GROUP BY s.music_id`,
		append([]any{choirID}, distinct...)...)
	if err != nil {
		return fmt.Errorf("planning: find when %d pieces were last planned: %w", len(distinct), err)
	}
	latest := map[string]string{}
	err = db.Each(rows, func(row db.Scanner) error {
		var id, date string
		err := row.Scan(&id, &date)
		latest[id] = date
		return err
	})
	if err != nil {
		return fmt.Errorf("planning: read when %d pieces were last planned: %w", len(distinct), err)
	}
	return music.SetLastUsed(ctx, tx, choirID, latest)
}

// Summary is a plan as a list of plans to copy from shows it.
type Summary struct {
	ID, Date, Title, EventKey, EventTitle, FeastName string
	PieceCount                                       int
}

// CopySources answers the plans to copy into a plan from: the choir's
// plans of the same feast on earlier dates (up to 10), and the 30 most
// recent plans before its date, most recent first.
func (s *Service) CopySources(ctx context.Context, choirID, planID string, seesDrafts bool) (sameFeast, earlier []Summary, err error) {
	p, err := s.View(ctx, choirID, planID, seesDrafts)
	if err != nil {
		return nil, nil, err
	}
	query := `SELECT p.id, p.plan_date, p.title, p.event_key, p.event_title, p.feast_name,
			(SELECT COUNT(*) FROM music_plan_slots s WHERE s.plan_id = p.id AND s.music_id IS NOT NULL)
		FROM music_plans p WHERE p.choir_id = ? AND p.plan_date < ?`
	if !seesDrafts {
		query += hiddenDraft
	}
	order := ` ORDER BY p.plan_date DESC, p.event_key <> '', p.event_title, p.id LIMIT `
	sameFeast = []Summary{}
	if p.FeastKey != "" {
		if sameFeast, err = summaries(ctx, s.db, query+` AND p.feast_key = ?`+order+`10`, choirID, p.Date, p.FeastKey); err != nil {
			return nil, nil, err
		}
	}
	if earlier, err = summaries(ctx, s.db, query+order+`30`, choirID, p.Date); err != nil {
		return nil, nil, err
	}
	return sameFeast, earlier, nil
}

func summaries(ctx context.Context, q db.Querier, query string, params ...any) ([]Summary, error) {
	rows, err := q.QueryContext(ctx, query, params...)
	if err != nil {
		return nil, fmt.Errorf("planning: list plans to copy from: %w", err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Summary, error) {
		var sm Summary
		return sm, row.Scan(&sm.ID, &sm.Date, &sm.Title, &sm.EventKey, &sm.EventTitle, &sm.FeastName, &sm.PieceCount)
	})
	if err != nil {
		return nil, fmt.Errorf("planning: read plans to copy from: %w", err)
	}
	return out, nil
}
