// Package planning keeps the choir's music plans (issue 18; calendar
// document §2 plan-music routes, §3 planning fields, §7 last used dates): a
// plan per event or occurrence, or per date without one, made of ordered
// slots that each may hold a piece. The slots are also the history of when
// each piece was planned, which the suggestions, the last used dates and
// the usage report read.
package planning

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/feast"
)

// Messages.
const (
	MsgPlanNotFound = "Plan not found"
)

// DateOnly is the event type of a plan made for a date without an event.
const DateOnly = "other"

// Plan is a stored plan with its slots in order.
type Plan struct {
	ID, ChoirID string
	Date        string // YYYY-MM-DD
	EventKey    string // the event or occurrence id; "" for a date-only plan
	EventType   string
	EventTitle  string
	FeastKey    string // the day's principal feast when the plan was made; "" when none
	FeastName   string
	Title       string
	Notes       string
	Version     int
	UpdatedAt   time.Time
	Slots       []Slot
}

// Slot is one place in a plan.
type Slot struct {
	Label           string
	MusicID         string // "" for an empty slot
	Note            string
	DurationMinutes *int
	Music           *Piece // the piece, when MusicID is set
}

// Piece is what a plan shows of a piece.
type Piece struct {
	ID, Title, Composer, LibraryNumber string
	IsArchived                         bool
}

// Service keeps plans.
type Service struct {
	db     *db.DB
	logger *slog.Logger
	now    func() time.Time
	cal    *calendar.Service
	feasts *feast.Service
}

// New returns the planning service; now is the clock.
func New(d *db.DB, logger *slog.Logger, now func() time.Time) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{db: d, logger: logger, now: db.Clock(now)}
}

func notFound() error { return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgPlanNotFound) }

const planColumns = `id, choir_id, plan_date, event_key, event_type, event_title, feast_key, feast_name, title, notes, version, updated_at`

func scanPlan(row db.Scanner) (*Plan, error) {
	var p Plan
	err := row.Scan(&p.ID, &p.ChoirID, &p.Date, &p.EventKey, &p.EventType, &p.EventTitle, &p.FeastKey, &p.FeastName, &p.Title, &p.Notes, &p.Version, &p.UpdatedAt)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// Get reads one plan of a choir with its slots.
func (s *Service) Get(ctx context.Context, choirID, planID string) (*Plan, error) {
	return getPlan(ctx, s.db, choirID, planID)
}

func getPlan(ctx context.Context, q db.Querier, choirID, planID string) (*Plan, error) {
	p, err := scanPlan(q.QueryRowContext(ctx, `SELECT `+planColumns+` FROM music_plans WHERE id = ? AND choir_id = ?`, planID, choirID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound()
	}
	if err != nil {
		return nil, fmt.Errorf("planning: read plan %s: %w", planID, err)
	}
	if p.Slots, err = slotsOf(ctx, q, p.ID); err != nil {
		return nil, err
	}
	return p, nil
}

// slotsOf reads a plan's slots in order, with their pieces.
func slotsOf(ctx context.Context, q db.Querier, planID string) ([]Slot, error) {
	slots, err := slotsWhere(ctx, q, `s.plan_id = ?`, planID)
	if err != nil {
		return nil, fmt.Errorf("planning: read the slots of plan %s: %w", planID, err)
	}
	return slots[planID], nil
}

// slotsWhere reads the slots of the plans a condition on the slots (s)
// chooses, in order, with their pieces, by plan id.
func slotsWhere(ctx context.Context, q db.Querier, cond string, params ...any) (map[string][]Slot, error) {
	rows, err := q.QueryContext(ctx, `SELECT s.plan_id, s.label, s.music_id, s.note, s.duration_minutes,
			m.title, COALESCE(c.name, m.composer, ''), COALESCE(m.number, ''), m.is_archived
		FROM music_plan_slots s
		LEFT JOIN music m ON m.id = s.music_id
		LEFT JOIN composers c ON c.id = m.composer_id
		WHERE `+cond+` ORDER BY s.plan_id, s.position`, params...)
	if err != nil {
		return nil, err
	}
	out := map[string][]Slot{}
	err = db.Each(rows, func(row db.Scanner) error {
		var planID string
		var sl Slot
		var musicID, title, composer, number sql.NullString
		var archived sql.NullBool
		var minutes sql.NullInt64
		if err := row.Scan(&planID, &sl.Label, &musicID, &sl.Note, &minutes, &title, &composer, &number, &archived); err != nil {
			return err
		}
		if minutes.Valid {
			m := int(minutes.Int64)
			sl.DurationMinutes = &m
		}
		if musicID.Valid {
			sl.MusicID = musicID.String
			sl.Music = &Piece{ID: musicID.String, Title: title.String, Composer: composer.String, LibraryNumber: number.String, IsArchived: archived.Bool}
		}
		out[planID] = append(out[planID], sl)
		return nil
	})
	return out, err
}
