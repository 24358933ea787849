package calendar

import (
	"context"
	"log/slog"
	"regexp"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/feast"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/recurrence"
)

// Service runs the calendar rules against the database.
type Service struct {
	db      *db.DB
	choirs  *choir.Service
	feasts  *feast.Service
	logger  *slog.Logger
	now     func() time.Time
	baseURL string
}

// New makes the calendar service; baseURL is the public address used in
// feed links and iCalendar UIDs.
func New(d *db.DB, choirs *choir.Service, feasts *feast.Service, baseURL string, logger *slog.Logger, now func() time.Time) *Service {
	return &Service{db: d, choirs: choirs, feasts: feasts, logger: logger, baseURL: baseURL,
		now: func() time.Time { return now().UTC().Truncate(time.Second) }}
}

// Scopes of a change to a recurring event (calendar document §4).
const (
	ScopeSingle    = "single"
	ScopeFollowing = "following"
	ScopeAll       = "all"
)

// Item is what the calendar shows: a single event, or one occurrence of a
// series (generated, or edited when Edited is set).
type Item struct {
	ID         string // the event id, or '{eventId}-occurrence-{yyyy-MM-dd}'
	Event      *Event // the stored row: the series for a generated occurrence, the edited row for an edited one
	Series     *Event // the series, for occurrences
	Start, End time.Time
	Date       liturgy.Date // the occurrence's date in the series
	Edited     bool
}

// ItemOf is a stored event as the calendar shows it by itself.
func ItemOf(e *Event) Item { return Item{ID: e.ID, Event: e, Start: e.Start, End: e.End} }

// IsInstance says whether the item is an occurrence of a series.
func (it Item) IsInstance() bool { return it.Series != nil }

// OccurrenceID names an occurrence of a series (calendar document §3).
func OccurrenceID(eventID string, d liturgy.Date) string {
	return eventID + "-occurrence-" + d.String()
}

var occurrencePattern = regexp.MustCompile(`^(.+)-occurrence-(\d{4}-\d{2}-\d{2})$`)

// splitID reads an occurrence id into its event id and date; a plain event
// id comes back as it is.
func splitID(id string) (string, string) {
	if m := occurrencePattern.FindStringSubmatch(id); m != nil {
		return m[1], m[2]
	}
	return id, ""
}

// Get reads one stored event or series of a choir; an occurrence id names
// its series.
func (s *Service) Get(ctx context.Context, choirID, id string, seesDrafts bool) (*Event, error) {
	eventID, _ := splitID(id)
	got, err := queryEvents(ctx, s.db, `id = ? AND choir_id = ?`, eventID, choirID)
	if err != nil {
		return nil, err
	}
	if len(got) == 0 || (!seesDrafts && got[0].Status != StatusPublished) {
		return nil, notFound()
	}
	return got[0], nil
}

// Create stores a new event or series.
func (s *Service) Create(ctx context.Context, choirID, userID string, in Input) (*Event, error) {
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return nil, err
	}
	ev, err := in.parse(c.TimeZone)
	if err != nil {
		return nil, err
	}
	now := s.now()
	ev.ID, ev.ChoirID, ev.CreatedAt, ev.UpdatedAt = uuid.NewString(), choirID, now, now
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := insertEvent(ctx, tx, ev, userID); err != nil {
			return err
		}
		return bumpVersion(ctx, tx, choirID)
	})
	if err != nil {
		return nil, err
	}
	s.logger.Info("event created", "event", "event_created", "choir_id", choirID, "event_id", ev.ID, "recurring", ev.Rule != nil)
	return ev, nil
}

// Change is an update of an event, one of its occurrences, or a part of
// its series.
type Change struct {
	Input
	Scope             string // "" for single when an occurrence is named
	InstanceStartTime string // names the occurrence unless the id does
}

// Update applies a change and answers what the calendar now shows for it.
func (s *Service) Update(ctx context.Context, choirID, id string, ch Change) (*Item, error) {
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return nil, err
	}
	changed, err := ch.parse(c.TimeZone)
	if err != nil {
		return nil, err
	}
	var out *Item
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.target(ctx, tx, choirID, id, ch.InstanceStartTime, ch.Scope)
		if err != nil {
			return err
		}
		now := s.now()
		changed.UpdatedAt = now
		switch {
		case t.date.IsZero() || t.scope == ScopeAll:
			out, err = s.updateAll(ctx, tx, t, changed)
		case t.scope == ScopeSingle:
			out, err = s.updateOne(ctx, tx, t, changed, now)
		default:
			out, err = s.updateFollowing(ctx, tx, t, changed, now)
		}
		if err != nil {
			return err
		}
		return bumpVersion(ctx, tx, choirID)
	})
	if err != nil {
		return nil, err
	}
	s.logger.Info("event changed", "event", "event_updated", "choir_id", choirID, "event_id", out.Event.ID, "scope", ch.Scope)
	return out, nil
}

// target is what a change or deletion acts on: an event, or one occurrence
// of a series and how far the action reaches.
type target struct {
	event  *Event       // the single event or the series
	date   liturgy.Date // the named occurrence, zero for the event itself
	edited *Event       // the occurrence's edited row, if any
	scope  string
}

func (s *Service) target(ctx context.Context, tx *db.Tx, choirID, id, instanceStart, scope string) (*target, error) {
	if scope != "" && scope != ScopeSingle && scope != ScopeFollowing && scope != ScopeAll {
		return nil, apperr.Validation(map[string]string{"scope": MsgScopeUnknown}, "scope")
	}
	eventID, date := splitID(id)
	ev, err := loadEvent(ctx, tx, choirID, eventID)
	if err != nil {
		return nil, err
	}
	if ev.SeriesID != "" { // an edited occurrence's own row names its series and date
		date = ev.InstanceDate
		if ev, err = loadEvent(ctx, tx, choirID, ev.SeriesID); err != nil {
			return nil, err
		}
	}
	t := &target{event: ev, scope: scope}
	if ev.Rule == nil {
		return t, nil // a single event: scopes mean nothing
	}
	if date == "" && instanceStart != "" {
		d, ok := instanceDate(instanceStart, ev)
		if !ok {
			return nil, apperr.Validation(map[string]string{"instanceStartTime": MsgBadDate}, "instanceStartTime")
		}
		date = d.String()
	}
	if date == "" {
		t.scope = ScopeAll
		return t, nil
	}
	if t.date, err = liturgy.ParseDate(date); err != nil {
		return nil, notFound()
	}
	if t.scope == "" {
		t.scope = ScopeSingle
	}
	edited, err := queryEvents(ctx, tx, `series_id = ? AND instance_date = ?`, ev.ID, date)
	if err != nil {
		return nil, err
	}
	if len(edited) > 0 {
		t.edited = edited[0]
		return t, nil
	}
	// A generated occurrence must be one the series has and that was not deleted.
	feasts, err := s.feastLookup(ctx, map[string]*Event{ev.ID: ev}, t.date.Time(), t.date.AddDays(1).Time())
	if err != nil {
		return nil, err
	}
	gone, err := exdates(ctx, tx, `x.event_id = ? AND x.instance_date = ?`, ev.ID, date)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(recurrence.Dates(*ev.Rule, ev.localDate(), t.date, t.date, feasts), t.date) || gone[ev.ID][date] {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgOccurrenceMissing)
	}
	return t, nil
}

// instanceDate reads the occurrence an instanceStartTime names: a date, or
// an instant read in the series' zone.
func instanceDate(s string, series *Event) (liturgy.Date, bool) {
	if d, err := liturgy.ParseDate(s); err == nil {
		return d, true
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return liturgy.Date{}, false
	}
	return liturgy.DateOf(t.In(series.zone())), true
}

// updateAll changes a single event, or a whole series: the series keeps
// its first date and takes the new wall-clock time, length, fields and rule.
func (s *Service) updateAll(ctx context.Context, tx *db.Tx, t *target, changed *Event) (*Item, error) {
	ev := t.event
	keep := *ev
	ev.Title, ev.Type, ev.Location, ev.Notes, ev.Status = changed.Title, changed.Type, changed.Location, changed.Notes, changed.Status
	ev.AllDay, ev.TimeZone, ev.UpdatedAt = changed.AllDay, changed.TimeZone, changed.UpdatedAt
	switch {
	case t.date.IsZero() || changed.Rule == nil:
		// The event itself, or a series made single at the named occurrence.
		ev.Start, ev.End, ev.Rule = changed.Start, changed.End, changed.Rule
	default:
		ev.Rule = changed.Rule
		first := keep.localDate()
		ev.Start = changed.StartOn(first)
		ev.End = ev.Start.Add(changed.End.Sub(changed.Start))
	}
	if ev.Rule == nil && keep.Rule != nil {
		if _, err := tx.ExecContext(ctx, `DELETE FROM events WHERE series_id = ?`, ev.ID); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM event_exdates WHERE event_id = ?`, ev.ID); err != nil {
			return nil, err
		}
	}
	if err := saveEvent(ctx, tx, ev); err != nil {
		return nil, err
	}
	it := ItemOf(ev)
	return &it, nil
}

// updateOne edits one occurrence: its own row replaces the generated one.
func (s *Service) updateOne(ctx context.Context, tx *db.Tx, t *target, changed *Event, now time.Time) (*Item, error) {
	row := t.edited
	if row == nil {
		row = &Event{ID: uuid.NewString(), ChoirID: t.event.ChoirID, SeriesID: t.event.ID, InstanceDate: t.date.String(), CreatedAt: now}
	}
	row.Title, row.Type, row.Location, row.Notes, row.Status = changed.Title, changed.Type, changed.Location, changed.Notes, changed.Status
	row.Start, row.End, row.AllDay, row.TimeZone, row.UpdatedAt = changed.Start, changed.End, changed.AllDay, changed.TimeZone, now
	row.Rule = nil
	var err error
	if t.edited == nil {
		err = insertEvent(ctx, tx, row, "")
	} else {
		err = saveEvent(ctx, tx, row)
	}
	if err != nil {
		return nil, err
	}
	return &Item{ID: OccurrenceID(t.event.ID, t.date), Event: row, Series: t.event, Start: row.Start, End: row.End, Date: t.date, Edited: true}, nil
}

// updateFollowing splits a series at an occurrence: the earlier part ends
// the day before, keeping its history; a new series starts with the change.
func (s *Service) updateFollowing(ctx context.Context, tx *db.Tx, t *target, changed *Event, now time.Time) (*Item, error) {
	old := t.event
	earlier, err := s.occursBefore(ctx, old, t.date)
	if err != nil {
		return nil, err
	}
	if !earlier {
		t.date, t.scope = liturgy.Date{}, ScopeAll
		first := changed.StartOn(old.localDate())
		changed.Start, changed.End = first, first.Add(changed.End.Sub(changed.Start))
		return s.updateAll(ctx, tx, t, changed)
	}
	next := *changed
	next.ID, next.ChoirID, next.CreatedAt, next.UpdatedAt, next.Sequence = uuid.NewString(), old.ChoirID, now, now, 0
	if err := s.endSeries(ctx, tx, old, t.date, now); err != nil {
		return nil, err
	}
	if err := insertEvent(ctx, tx, &next, ""); err != nil {
		return nil, err
	}
	// The later occurrences' edits and deletions go with them, but the one
	// being changed takes this change.
	day := t.date.String()
	if _, err := tx.ExecContext(ctx, `DELETE FROM events WHERE series_id = ? AND instance_date = ?`, old.ID, day); err != nil {
		return nil, err
	}
	if next.Rule != nil {
		if _, err := tx.ExecContext(ctx, `UPDATE events SET series_id = ? WHERE series_id = ? AND instance_date > ?`, next.ID, old.ID, day); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE event_exdates SET event_id = ? WHERE event_id = ? AND instance_date > ?`, next.ID, old.ID, day); err != nil {
			return nil, err
		}
	}
	if err := dropFrom(ctx, tx, old.ID, day); err != nil {
		return nil, err
	}
	it := ItemOf(&next)
	return &it, nil
}

// occursBefore says whether a series has an occurrence before date d.
func (s *Service) occursBefore(ctx context.Context, ev *Event, d liturgy.Date) (bool, error) {
	first := ev.localDate()
	if !first.Before(d) {
		return false, nil
	}
	feasts, err := s.feastLookup(ctx, map[string]*Event{ev.ID: ev}, first.Time(), d.Time())
	if err != nil {
		return false, err
	}
	return len(recurrence.Dates(*ev.Rule, first, first, d.AddDays(-1), feasts)) > 0, nil
}

// endSeries makes a series end the day before d.
func (s *Service) endSeries(ctx context.Context, tx *db.Tx, ev *Event, d liturgy.Date, now time.Time) error {
	last := d.AddDays(-1).String()
	rule := *ev.Rule
	if rule.EndDate == "" || rule.EndDate > last {
		rule.EndDate = last
	}
	ev.Rule, ev.UpdatedAt = &rule, now
	return saveEvent(ctx, tx, ev)
}

// dropFrom removes a series' edited and deleted occurrences from a date on.
func dropFrom(ctx context.Context, tx *db.Tx, seriesID, day string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM events WHERE series_id = ? AND instance_date >= ?`, seriesID, day); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM event_exdates WHERE event_id = ? AND instance_date >= ?`, seriesID, day)
	return err
}

// Delete removes an event, one occurrence (the default), this and the
// following occurrences, or a whole series.
func (s *Service) Delete(ctx context.Context, choirID, id, scope, instanceStart string) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.target(ctx, tx, choirID, id, instanceStart, scope)
		if err != nil {
			return err
		}
		ev, day, now := t.event, t.date.String(), s.now()
		if t.scope == ScopeFollowing {
			earlier, err := s.occursBefore(ctx, ev, t.date)
			if err != nil {
				return err
			}
			if !earlier {
				t.scope = ScopeAll
			}
		}
		switch {
		case ev.Rule == nil || t.scope == ScopeAll:
			_, err = tx.ExecContext(ctx, `DELETE FROM events WHERE id = ?`, ev.ID)
		case t.scope == ScopeFollowing:
			if err = s.endSeries(ctx, tx, ev, t.date, now); err == nil {
				err = dropFrom(ctx, tx, ev.ID, day)
			}
		default:
			if _, err = tx.ExecContext(ctx, `DELETE FROM events WHERE series_id = ? AND instance_date = ?`, ev.ID, day); err == nil {
				if _, err = tx.ExecContext(ctx, `INSERT INTO event_exdates (event_id, instance_date) VALUES (?, ?)
					ON CONFLICT (event_id, instance_date) DO NOTHING`, ev.ID, day); err == nil {
					ev.UpdatedAt = now
					err = saveEvent(ctx, tx, ev)
				}
			}
		}
		if err != nil {
			return err
		}
		return bumpVersion(ctx, tx, choirID)
	})
	if err == nil {
		s.logger.Info("event deleted", "event", "event_deleted", "choir_id", choirID, "event_id", id, "scope", scope)
	}
	return err
}

// PreviewCount is how many occurrences a preview shows.
const PreviewCount = 5

// Preview is a rule in plain words and its next occurrences.
type Preview struct {
	Description string
	TimeZone    string // the zone the event keeps its wall-clock time in
	AllDay      bool
	Occurrences []recurrence.Occurrence
}

// Preview checks an event as the form holds it and shows what it would do.
func (s *Service) Preview(ctx context.Context, choirID string, in Input) (*Preview, error) {
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return nil, err
	}
	ev, err := in.parse(c.TimeZone)
	if err != nil {
		return nil, err
	}
	if ev.Rule == nil {
		return &Preview{Description: "Does not repeat", TimeZone: ev.TimeZone, AllDay: ev.AllDay,
			Occurrences: []recurrence.Occurrence{{Date: ev.localDate(), Start: ev.Start, End: ev.End}}}, nil
	}
	description, err := s.Describe(ctx, ev.Rule)
	if err != nil {
		return nil, err
	}
	from, to := ev.Start, ev.Start.AddDate(10, 0, 0)
	feasts, err := s.feastLookup(ctx, map[string]*Event{"": ev}, from, to)
	if err != nil {
		return nil, err
	}
	occ := recurrence.Expand(ev.series(), from, to, feasts)
	return &Preview{Description: description, TimeZone: ev.TimeZone, AllDay: ev.AllDay, Occurrences: occ[:min(len(occ), PreviewCount)]}, nil
}

// Describe words an event's rule, naming its feast.
func (s *Service) Describe(ctx context.Context, r *recurrence.Rule) (string, error) {
	if r == nil {
		return "", nil
	}
	name := ""
	if r.FeastID != "" {
		var err error
		if name, err = s.feasts.Name(ctx, r.FeastID); err != nil {
			return "", err
		}
	}
	return recurrence.Describe(*r, name), nil
}

// ChoirFeasts lists the active feasts of a choir's liturgical calendar for
// feast-based rules; like the calendar, an unpublished calendar offers
// none, except to a global admin (seesUnpublished).
func (s *Service) ChoirFeasts(ctx context.Context, choirID string, seesUnpublished bool) ([]feast.Master, error) {
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return nil, err
	}
	if c.CalendarType == "" {
		return []feast.Master{}, nil
	}
	visible, err := s.feasts.Visible(ctx, c.CalendarType, seesUnpublished)
	if err != nil || !visible {
		return []feast.Master{}, err
	}
	y := s.now().Year()
	if err := s.feasts.ShowYears(ctx, c.CalendarType, y-1, y+2); err != nil {
		return nil, err
	}
	all, err := s.feasts.Masters(ctx, c.CalendarType, "")
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, m := range all {
		if m.Active {
			out = append(out, m)
		}
	}
	return out, nil
}
