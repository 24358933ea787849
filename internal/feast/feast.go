// Package feast keeps the feasts of the liturgical calendars in the
// database: one master feast per calendar type and feast key, and its dated
// instances. Instances are computed from the traditions' rules
// (internal/liturgy) for a rolling window of years and on demand, or
// imported by a global admin, whose instances then outrank the computed
// ones for the same feast and liturgical year. It owns the master_feasts,
// feast_instances and feast_years tables, and the publishing of calendar
// types.
package feast

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
)

// Service runs the feast rules against the database.
type Service struct {
	db     *db.DB
	logger *slog.Logger
	now    func() time.Time
	cache  *cache
	years  sync.Map // yearKey → true: years seen computed (see EnsureYears)
}

// bumpVersion marks, in the transaction of a change to feasts or to the
// publishing of a calendar, that answers built on feasts are out of date
// (see Version).
func bumpVersion(ctx context.Context, tx *db.Tx) error {
	if _, err := tx.ExecContext(ctx, `UPDATE data_versions SET version = version + 1 WHERE name = 'feasts'`); err != nil {
		return fmt.Errorf("feast: bump the version: %w", err)
	}
	return nil
}

// New makes the feast service.
func New(d *db.DB, logger *slog.Logger, now func() time.Time) *Service {
	utc := func() time.Time { return now().UTC() }
	return &Service{db: d, logger: logger, now: utc, cache: newCache(CacheLifetime, utc)}
}

const (
	// WindowBack and WindowAhead are the years around this one whose feasts
	// are kept computed for every calendar in use.
	WindowBack  = 5
	WindowAhead = 10
	// MaxRangeYears bounds the dates one feast query spans.
	MaxRangeYears = 6
	// MaxGenerateYears bounds one request to compute feasts.
	MaxGenerateYears = 50
	// CacheLifetime is how long a feast answer is served from memory (calendar
	// document §9).
	CacheLifetime = 5 * time.Minute

	nameMax = 200
	rankMax = 50
)

const (
	MsgCalendarNotFound = "Calendar not found."
	MsgFeastNotFound    = "Feast not found."
	MsgDates            = "Please give dates as YYYY-MM-DD."
	MsgRange            = "Please ask for at most 6 years of feasts at once."
	MsgRangeOrder       = "The range must not end before it starts."
	MsgNameRequired     = "Feast name is required"
	MsgNameTooLong      = "Feast name is too long"
	MsgRankRequired     = "Rank is required"
	MsgRankTooLong      = "Rank is too long"
	msgYears            = "Please choose years from %d to %d, at most %d at once."
)

// Summary is what an instance carries of its master feast.
type Summary struct {
	ID, Name, Key, Rank, Type string
}

// Instance is a feast on one date.
type Instance struct {
	ID, MasterFeastID     string
	Date                  string // YYYY-MM-DD
	LiturgicalYear        int
	Active                bool
	Source                string // the calendar type key
	Transferred, Imported bool
	Feast                 Summary
}

// calendarType reads whether a calendar type exists and is published, and
// refuses one the caller may not see.
func (s *Service) calendarType(ctx context.Context, key string, privileged bool) (published bool, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT is_published FROM calendar_types WHERE key = ?`, key).Scan(&published)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !published && !privileged) {
		return false, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgCalendarNotFound)
	}
	if err != nil {
		return false, fmt.Errorf("feast: read calendar type %s: %w", key, err)
	}
	return published, nil
}

// hasFeasts says whether any instance of a calendar type exists.
func (s *Service) hasFeasts(ctx context.Context, key string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM feast_instances WHERE source = ? LIMIT 1) x`, key).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("feast: read whether %s has feasts: %w", key, err)
	}
	return n > 0, nil
}

// Query chooses feast instances of one calendar type.
type Query struct {
	Source         string
	From, To       string // YYYY-MM-DD, inclusive
	LiturgicalYear *int
	Active         *bool // nil: active and inactive
	MasterFeastIDs []string
}

// List answers a feast query, ordered by date; an unpublished calendar is
// NOT_FOUND unless privileged (a global admin). The years the range needs
// are computed first (see showYears).
func (s *Service) List(ctx context.Context, q Query, privileged bool) ([]Instance, error) {
	published, err := s.calendarType(ctx, q.Source, privileged)
	if err != nil {
		return nil, err
	}
	from, to, err := q.span()
	if err != nil {
		return nil, err
	}
	if err := s.showYears(ctx, q.Source, published, from.Year, to.Year); err != nil {
		return nil, err
	}
	return s.cache.get(q.cacheKey(), func() ([]Instance, error) { return s.query(ctx, q, from, to) })
}

// Visible says whether the feasts of a calendar type may be shown: a
// published calendar to everyone, an unpublished one only when privileged
// (a global admin). An unknown type is not visible.
func (s *Service) Visible(ctx context.Context, key string, privileged bool) (bool, error) {
	_, err := s.calendarType(ctx, key, privileged)
	if _, refused := apperr.As(err); refused {
		return false, nil
	}
	return err == nil, err
}

// ShowYears computes the civil years from..to that a calendar lacks, for
// someone about to be shown its feasts (see showYears).
func (s *Service) ShowYears(ctx context.Context, key string, from, to int) error {
	published, err := s.calendarType(ctx, key, true)
	if err != nil {
		return err
	}
	return s.showYears(ctx, key, published, from, to)
}

// showYears computes the missing years of a calendar being looked at when
// it is published, or unpublished but already has feasts (which only a
// global admin sees). Looking at an unpublished calendar without feasts
// computes nothing: that would upload it ('(calendar uploaded)') behind the
// global admins' backs.
func (s *Service) showYears(ctx context.Context, key string, published bool, from, to int) error {
	if !published {
		has, err := s.hasFeasts(ctx, key)
		if err != nil || !has {
			return err
		}
	}
	return s.EnsureYears(ctx, key, from, to)
}

// span is the civil date range a query needs: its own, or the one its
// liturgical year can fall in.
func (q Query) span() (liturgy.Date, liturgy.Date, error) {
	if q.From == "" && q.To == "" && q.LiturgicalYear != nil {
		y := max(min(*q.LiturgicalYear, liturgy.MaxYear), liturgy.MinYear+1)
		return liturgy.NewDate(y-1, time.September, 1), liturgy.NewDate(y, time.December, 31), nil
	}
	from, err1 := liturgy.ParseDate(q.From)
	to, err2 := liturgy.ParseDate(q.To)
	switch {
	case err1 != nil || err2 != nil:
		return from, to, apperr.Validation(map[string]string{"from": MsgDates}, "from")
	case to.Before(from):
		return from, to, apperr.Validation(map[string]string{"to": MsgRangeOrder}, "to")
	case to.Sub(from) > MaxRangeYears*366:
		return from, to, apperr.Validation(map[string]string{"to": MsgRange}, "to")
	}
	return from, to, nil
}

func (q Query) cacheKey() string {
	ly, active := "", "all"
	if q.LiturgicalYear != nil {
		ly = fmt.Sprint(*q.LiturgicalYear)
	}
	if q.Active != nil {
		active = fmt.Sprint(*q.Active)
	}
	return strings.Join([]string{q.Source, q.From, q.To, ly, active, strings.Join(q.MasterFeastIDs, ",")}, "|")
}

func (s *Service) query(ctx context.Context, q Query, from, to liturgy.Date) ([]Instance, error) {
	sqlText := `SELECT i.id, i.master_feast_id, i.calendar_date, i.liturgical_year, i.active AND m.active, i.source,
		i.transferred, i.imported, m.id, m.default_name, m.feast_key, m.rank, m.type
		FROM feast_instances i JOIN master_feasts m ON m.id = i.master_feast_id
		WHERE i.source = ? AND i.calendar_date >= ? AND i.calendar_date <= ?`
	args := []any{q.Source, from.String(), to.String()}
	if q.LiturgicalYear != nil {
		sqlText += ` AND i.liturgical_year = ?`
		args = append(args, *q.LiturgicalYear)
	}
	if q.Active != nil {
		if *q.Active {
			sqlText += ` AND i.active = TRUE AND m.active = TRUE`
		} else {
			sqlText += ` AND (i.active = FALSE OR m.active = FALSE)`
		}
	}
	if len(q.MasterFeastIDs) > 0 {
		sqlText += ` AND i.master_feast_id IN (?` + strings.Repeat(`, ?`, len(q.MasterFeastIDs)-1) + `)`
		for _, id := range q.MasterFeastIDs {
			args = append(args, id)
		}
	}
	rows, err := s.db.QueryContext(ctx, sqlText+` ORDER BY i.calendar_date, m.default_name`, args...)
	if err != nil {
		return nil, fmt.Errorf("feast: list the feasts of %s from %s to %s: %w", q.Source, from, to, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Instance, error) {
		var in Instance
		f := &in.Feast
		err := row.Scan(&in.ID, &in.MasterFeastID, &in.Date, &in.LiturgicalYear, &in.Active, &in.Source,
			&in.Transferred, &in.Imported, &f.ID, &f.Name, &f.Key, &f.Rank, &f.Type)
		return in, err
	})
	if err != nil {
		return nil, fmt.Errorf("feast: read the feasts of %s from %s to %s: %w", q.Source, from, to, err)
	}
	return out, nil
}

// Master is a master feast as global admins manage it.
type Master struct {
	ID, CalendarType, Name, Key, Rank, Type string
	Active, Edited                          bool
	NextDate                                *string // the first instance on or after today
}

// Masters lists the master feasts of a calendar type by name; search
// matches name or key without regard to case.
func (s *Service) Masters(ctx context.Context, calendarType, search string) ([]Master, error) {
	if err := apperr.CheckSearch("q", search); err != nil {
		return nil, err
	}
	if _, err := s.calendarType(ctx, calendarType, true); err != nil {
		return nil, err
	}
	sqlText := `SELECT m.id, m.calendar_type, m.default_name, m.feast_key, m.rank, m.type, m.active, m.edited,
		(SELECT MIN(i.calendar_date) FROM feast_instances i WHERE i.master_feast_id = m.id AND i.calendar_date >= ?)
		FROM master_feasts m WHERE m.calendar_type = ?`
	args := []any{liturgy.DateOf(s.now()).String(), calendarType}
	if search = strings.ToLower(strings.TrimSpace(search)); search != "" {
		like := db.Contains(search)
		sqlText += ` AND (lower(m.default_name) LIKE ? ESCAPE '\' OR m.feast_key LIKE ? ESCAPE '\')`
		args = append(args, like, like)
	}
	rows, err := s.db.QueryContext(ctx, sqlText+` ORDER BY lower(m.default_name), m.feast_key`, args...)
	if err != nil {
		return nil, fmt.Errorf("feast: list the master feasts of %s: %w", calendarType, err)
	}
	out, err := db.All(rows, scanMaster)
	if err != nil {
		return nil, fmt.Errorf("feast: read the master feasts of %s: %w", calendarType, err)
	}
	return out, nil
}

func scanMaster(row db.Scanner) (Master, error) {
	var m Master
	var next sql.NullString
	if err := row.Scan(&m.ID, &m.CalendarType, &m.Name, &m.Key, &m.Rank, &m.Type, &m.Active, &m.Edited, &next); err != nil {
		return m, err
	}
	if next.Valid {
		m.NextDate = &next.String
	}
	return m, nil
}

// MasterChange is what a global admin corrects; nil leaves a field alone.
type MasterChange struct {
	Name, Rank *string
	Active     *bool
}

func checkNameRank(name, rank *string, f *apperr.Fields) {
	if name != nil {
		*name = strings.Join(strings.Fields(*name), " ")
		switch {
		case *name == "":
			f.Add("defaultName", MsgNameRequired)
		case utf8.RuneCountInString(*name) > nameMax:
			f.Add("defaultName", MsgNameTooLong)
		}
	}
	if rank != nil {
		*rank = strings.TrimSpace(*rank)
		switch {
		case *rank == "":
			f.Add("rank", MsgRankRequired)
		case utf8.RuneCountInString(*rank) > rankMax:
			f.Add("rank", MsgRankTooLong)
		}
	}
}

// UpdateMaster corrects a master feast. A corrected name or rank is kept
// when the feasts are computed again.
func (s *Service) UpdateMaster(ctx context.Context, id string, in MasterChange) (*Master, error) {
	var f apperr.Fields
	checkNameRank(in.Name, in.Rank, &f)
	if err := f.Err(); err != nil {
		return nil, err
	}
	var out *Master
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		m, err := scanMaster(tx.QueryRowContext(ctx, `SELECT id, calendar_type, default_name, feast_key, rank, type, active, edited, NULL
			FROM master_feasts WHERE id = ?`+tx.ForUpdate(), id))
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgFeastNotFound)
		}
		if err != nil {
			return fmt.Errorf("feast: load master feast %s: %w", id, err)
		}
		if in.Name != nil && *in.Name != m.Name {
			m.Name, m.Edited = *in.Name, true
		}
		if in.Rank != nil && *in.Rank != m.Rank {
			m.Rank, m.Edited = *in.Rank, true
		}
		if in.Active != nil {
			m.Active = *in.Active
		}
		if _, err := tx.ExecContext(ctx, `UPDATE master_feasts SET default_name = ?, rank = ?, active = ?, edited = ?, updated_at = ? WHERE id = ?`,
			m.Name, m.Rank, m.Active, m.Edited, s.now(), m.ID); err != nil {
			return fmt.Errorf("feast: update master feast %s: %w", m.ID, err)
		}
		out = &m
		return bumpVersion(ctx, tx)
	})
	if err != nil {
		return nil, err
	}
	s.cache.clear()
	out.NextDate, err = s.nextDate(ctx, out.ID)
	return out, err
}

func (s *Service) nextDate(ctx context.Context, masterID string) (*string, error) {
	var next sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT MIN(calendar_date) FROM feast_instances WHERE master_feast_id = ? AND calendar_date >= ?`,
		masterID, liturgy.DateOf(s.now()).String()).Scan(&next)
	if err != nil {
		return nil, fmt.Errorf("feast: read the next date of master feast %s: %w", masterID, err)
	}
	if !next.Valid {
		return nil, nil
	}
	return &next.String, nil
}

// SetPublished publishes or withdraws a calendar type. A calendar published
// without feasts gets the window of years computed, so that choirs
// following it see feasts at once.
func (s *Service) SetPublished(ctx context.Context, key string, published bool) error {
	if _, err := s.calendarType(ctx, key, true); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE calendar_types SET is_published = ? WHERE key = ?`, published, key); err != nil {
			return err
		}
		return bumpVersion(ctx, tx)
	})
	if err != nil {
		return fmt.Errorf("feast: publish %s: %w", key, err)
	}
	s.cache.clear()
	s.logger.Info("calendar publishing changed", "event", "calendar_published", "calendar_type", key, "published", published)
	if !published {
		return nil
	}
	year := s.now().Year()
	return s.EnsureYears(ctx, key, year-WindowBack, year+WindowAhead)
}

// MaintainWindow keeps the window of years computed for every published
// calendar; it is cheap once the years exist. Unpublished calendars are
// left as the global admins made them (by generating, importing, or
// publishing and withdrawing): only they see them, and publishing one
// computes its window.
func (s *Service) MaintainWindow(ctx context.Context) error {
	rows, err := s.db.QueryContext(ctx, `SELECT key FROM calendar_types WHERE is_published = TRUE ORDER BY sort_order`)
	if err != nil {
		return fmt.Errorf("feast: list the published calendars: %w", err)
	}
	keys, err := db.All(rows, func(row db.Scanner) (string, error) {
		var k string
		err := row.Scan(&k)
		return k, err
	})
	if err != nil {
		return fmt.Errorf("feast: read the published calendars: %w", err)
	}
	year := s.now().Year()
	for _, k := range keys {
		if err := s.EnsureYears(ctx, k, year-WindowBack, year+WindowAhead); err != nil {
			return err
		}
	}
	return nil
}

// newID makes the id of a new row.
func newID() string { return uuid.NewString() }

// Dated is a master feast's name and the dates of its active instances in
// a span.
type Dated struct {
	Name  string
	Dates []liturgy.Date
}

// Lookup answers, in one statement, the names of master feasts and the
// dates within [from, to] of their active instances, computing first the
// years a published calendar lacks; an unpublished calendar gives the dates
// it already has and is not computed further by being looked at. An unknown
// feast is absent; an inactive one has its name and no dates.
func (s *Service) Lookup(ctx context.Context, ids []string, from, to liturgy.Date) (map[string]Dated, error) {
	for {
		out, err := s.LookupIn(ctx, s.db, ids, from, to)
		var missing *MissingYears
		if !errors.As(err, &missing) {
			return out, err
		}
		// Each pass computes one calendar's years: the next finds them known.
		if err := s.EnsureYears(ctx, missing.CalendarType, missing.From, missing.To); err != nil {
			return nil, err
		}
	}
}

// MissingYears is LookupIn's answer when a published calendar lacks years
// of the span. Computing them takes transactions of their own, which must
// not wait inside another's: the caller ends its transaction, computes
// them with EnsureYears and tries again.
type MissingYears struct {
	CalendarType string
	From, To     int
}

func (e *MissingYears) Error() string {
	return fmt.Sprintf("feast: the feasts of %s from %d to %d are not computed yet", e.CalendarType, e.From, e.To)
}

// LookupIn is Lookup on q (a transaction, whose connection it uses alone),
// computing nothing: a published calendar's years not yet computed give a
// *MissingYears error.
func (s *Service) LookupIn(ctx context.Context, q db.Querier, ids []string, from, to liturgy.Date) (map[string]Dated, error) {
	if len(ids) == 0 {
		return map[string]Dated{}, nil
	}
	args := []any{from.String(), to.String()}
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := q.QueryContext(ctx, `SELECT m.id, m.default_name, m.calendar_type, t.is_published, i.calendar_date
		FROM master_feasts m JOIN calendar_types t ON t.key = m.calendar_type
		LEFT JOIN feast_instances i ON i.master_feast_id = m.id AND m.active = TRUE AND i.active = TRUE
			AND i.calendar_date >= ? AND i.calendar_date <= ?
		WHERE m.id IN (?`+strings.Repeat(`, ?`, len(ids)-1)+`) ORDER BY m.id, i.calendar_date`, args...)
	if err != nil {
		return nil, fmt.Errorf("feast: look up the dates of %d feasts: %w", len(ids), err)
	}
	out, published := map[string]Dated{}, map[string]bool{}
	err = db.Each(rows, func(row db.Scanner) error {
		var id, name, key string
		var pub bool
		var date sql.NullString
		if err := row.Scan(&id, &name, &key, &pub, &date); err != nil {
			return err
		}
		f := out[id]
		f.Name = name
		if date.Valid {
			d, err := liturgy.ParseDate(date.String)
			if err != nil {
				return err
			}
			f.Dates = append(f.Dates, d)
		}
		out[id] = f
		if pub {
			published[key] = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("feast: read the dates of %d feasts: %w", len(ids), err)
	}
	for key := range published {
		if !s.YearsKnown(key, from.Year, to.Year) {
			return nil, &MissingYears{CalendarType: key, From: from.Year, To: to.Year}
		}
	}
	return out, nil
}

// ForCalendar answers the active feasts of a calendar type in a range as a
// choir's calendar shows them: none while the type is unpublished, unless
// seesUnpublished (a global admin). published and version are what the
// caller read of the type and of the feasts' version (data_versions) in the
// statement its answer is tagged by; the cached answer is kept under that
// version, so a copy serves only while the database says it is current.
func (s *Service) ForCalendar(ctx context.Context, key string, published, seesUnpublished bool, version int64, from, to liturgy.Date) ([]Instance, error) {
	if key == "" || (!published && !seesUnpublished) {
		return []Instance{}, nil
	}
	if err := s.showYears(ctx, key, published, from.Year, to.Year); err != nil {
		return nil, err
	}
	active := true
	q := Query{Source: key, From: from.String(), To: to.String(), Active: &active}
	return s.cache.get(fmt.Sprintf("v%d|%s", version, q.cacheKey()), func() ([]Instance, error) { return s.query(ctx, q, from, to) })
}

// Name answers a master feast's name, or "" for an unknown one.
func (s *Service) Name(ctx context.Context, masterID string) (string, error) {
	var name string
	err := s.db.QueryRowContext(ctx, `SELECT default_name FROM master_feasts WHERE id = ?`, masterID).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("feast: read the name of master feast %s: %w", masterID, err)
	}
	return name, nil
}
