package calendar

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/recurrence"
)

// Scopes of a change to a recurring event (calendar document §4).
const (
	ScopeSingle    = "single"
	ScopeFollowing = "following"
	ScopeAll       = "all"
)

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
	parsed, err := ch.parse(c.TimeZone)
	if err != nil {
		return nil, err
	}
	var out *Item
	err = s.inTx(ctx, func(tx *db.Tx) error {
		changed := new(Event)
		*changed = *parsed // each try (inTx) starts from the change as parsed
		t, err := s.target(ctx, tx, choirID, id, ch.InstanceStartTime, ch.Scope)
		if err != nil {
			return err
		}
		t.choirZone = c.TimeZone
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
	// choirZone is the choir's time zone, for the followers' dates.
	choirZone string
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
	if t.edited, err = editedOccurrence(ctx, tx, ev.ID, date); err != nil {
		return nil, err
	}
	if t.edited != nil {
		return t, nil
	}
	// A generated occurrence must be one the series has and that was not deleted.
	feasts, err := s.feastLookup(ctx, tx, map[string]*Event{ev.ID: ev}, t.date.Time(), t.date.AddDays(1).Time())
	if err != nil {
		return nil, err
	}
	gone, err := isDeleted(ctx, tx, ev.ID, date)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(recurrence.Dates(*ev.Rule, ev.localDate(), t.date, t.date, feasts), t.date) || gone {
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
	switch {
	case ev.Rule != nil && keep.Rule == nil:
		// A single event made a series is its occurrence of the event's day.
		if err := s.rekeyed(ctx, tx, ev.ChoirID, Rekey{From: ev.ID, To: ev.ID, ToDate: keep.localDate().String()}); err != nil {
			return nil, err
		}
	case ev.Rule == nil && keep.Rule != nil:
		// A series made single is the occurrence named, wherever it moves
		// (as an occurrence edited alone), or else its occurrence of the
		// event's day; the others go.
		d := t.date
		if d.IsZero() {
			d = ev.localDate()
		}
		if err := s.rekeyed(ctx, tx, ev.ChoirID, Rekey{From: ev.ID, To: ev.ID, Date: d.String()}); err != nil {
			return nil, err
		}
		if err := s.dropping(ctx, tx, ev.ChoirID, Drop{Event: ev.ID, Following: true}); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM events WHERE series_id = ?`, ev.ID); err != nil {
			return nil, fmt.Errorf("calendar: delete the edited occurrences of series %s: %w", ev.ID, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM event_exdates WHERE event_id = ?`, ev.ID); err != nil {
			return nil, fmt.Errorf("calendar: forget the deleted occurrences of series %s: %w", ev.ID, err)
		}
	}
	if err := saveEvent(ctx, tx, ev); err != nil {
		return nil, err
	}
	if err := s.retimed(ctx, tx, t.choirZone, ev); err != nil {
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
	if err := s.retimed(ctx, tx, t.choirZone, t.event); err != nil {
		return nil, err
	}
	return &Item{ID: OccurrenceID(t.event.ID, t.date), Event: row, Series: t.event, Start: row.Start, End: row.End, Date: t.date, Edited: true}, nil
}

// updateFollowing splits a series at an occurrence: the earlier part ends
// the day before, keeping its history; a new series starts with the change.
func (s *Service) updateFollowing(ctx context.Context, tx *db.Tx, t *target, changed *Event, now time.Time) (*Item, error) {
	old := t.event
	earlier, err := s.occursBefore(ctx, tx, old, t.date)
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
	day := t.date.String()
	if next.Rule != nil {
		// The later occurrences' edits and deletions go with them, but the
		// one being changed takes this change; what is kept for each date
		// follows it.
		if _, err := tx.ExecContext(ctx, `DELETE FROM events WHERE series_id = ? AND instance_date = ?`, old.ID, day); err != nil {
			return nil, fmt.Errorf("calendar: delete the edited occurrence of series %s on %s: %w", old.ID, day, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE events SET series_id = ? WHERE series_id = ? AND instance_date > ?`, next.ID, old.ID, day); err != nil {
			return nil, fmt.Errorf("calendar: move the edited occurrences of series %s after %s to %s: %w", old.ID, day, next.ID, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE event_exdates SET event_id = ? WHERE event_id = ? AND instance_date > ?`, next.ID, old.ID, day); err != nil {
			return nil, fmt.Errorf("calendar: move the deleted occurrences of series %s after %s to %s: %w", old.ID, day, next.ID, err)
		}
		if err := s.rekeyed(ctx, tx, old.ChoirID, Rekey{From: old.ID, To: next.ID, Date: day, Following: true}); err != nil {
			return nil, err
		}
	} else {
		// A single event in their place is the occurrence changed, wherever
		// it moves (as an occurrence edited alone); the others go.
		if err := s.rekeyed(ctx, tx, old.ChoirID, Rekey{From: old.ID, To: next.ID, Date: day}); err != nil {
			return nil, err
		}
		if err := s.dropping(ctx, tx, old.ChoirID, Drop{Event: old.ID, Date: day, Following: true}); err != nil {
			return nil, err
		}
	}
	if err := dropFrom(ctx, tx, old.ID, day); err != nil {
		return nil, err
	}
	if err := s.retimed(ctx, tx, t.choirZone, &next); err != nil {
		return nil, err
	}
	it := ItemOf(&next)
	return &it, nil
}

// occursBefore says whether a series has an occurrence before date d.
func (s *Service) occursBefore(ctx context.Context, tx *db.Tx, ev *Event, d liturgy.Date) (bool, error) {
	first := ev.localDate()
	if !first.Before(d) {
		return false, nil
	}
	feasts, err := s.feastLookup(ctx, tx, map[string]*Event{ev.ID: ev}, first.Time(), d.Time())
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
		return fmt.Errorf("calendar: delete the edited occurrences of series %s from %s: %w", seriesID, day, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM event_exdates WHERE event_id = ? AND instance_date >= ?`, seriesID, day); err != nil {
		return fmt.Errorf("calendar: forget the deleted occurrences of series %s from %s: %w", seriesID, day, err)
	}
	return nil
}

// deleteOccurrence removes one occurrence of a series: its edited row goes,
// if it has one, and its date joins the series' deleted ones.
func deleteOccurrence(ctx context.Context, tx *db.Tx, series *Event, day string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM events WHERE series_id = ? AND instance_date = ?`, series.ID, day); err != nil {
		return fmt.Errorf("calendar: delete the edited occurrence of series %s on %s: %w", series.ID, day, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO event_exdates (event_id, instance_date) VALUES (?, ?)
		ON CONFLICT (event_id, instance_date) DO NOTHING`, series.ID, day); err != nil {
		return fmt.Errorf("calendar: delete the occurrence of series %s on %s: %w", series.ID, day, err)
	}
	series.UpdatedAt = now
	return saveEvent(ctx, tx, series)
}

// Delete removes an event, one occurrence (the default), this and the
// following occurrences, or a whole series.
func (s *Service) Delete(ctx context.Context, choirID, id, scope, instanceStart string) error {
	err := s.inTx(ctx, func(tx *db.Tx) error {
		t, err := s.target(ctx, tx, choirID, id, instanceStart, scope)
		if err != nil {
			return err
		}
		ev, day, now := t.event, t.date.String(), s.now()
		if t.scope == ScopeFollowing {
			earlier, err := s.occursBefore(ctx, tx, ev, t.date)
			if err != nil {
				return err
			}
			if !earlier {
				t.scope = ScopeAll
			}
		}
		switch {
		case ev.Rule == nil || t.scope == ScopeAll:
			if err := s.dropping(ctx, tx, choirID, Drop{Event: ev.ID, Following: ev.Rule != nil, Deleted: true}); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM events WHERE id = ?`, ev.ID); err != nil {
				return fmt.Errorf("calendar: delete event %s: %w", ev.ID, err)
			}
		case t.scope == ScopeFollowing:
			if err := s.dropping(ctx, tx, choirID, Drop{Event: ev.ID, Date: day, Following: true, Deleted: true}); err != nil {
				return err
			}
			if err := s.endSeries(ctx, tx, ev, t.date, now); err != nil {
				return err
			}
			if err := dropFrom(ctx, tx, ev.ID, day); err != nil {
				return err
			}
		default:
			if err := s.dropping(ctx, tx, choirID, Drop{Event: ev.ID, Date: day, Deleted: true}); err != nil {
				return err
			}
			if err := deleteOccurrence(ctx, tx, ev, day, now); err != nil {
				return err
			}
		}
		return bumpVersion(ctx, tx, choirID)
	})
	if err == nil {
		s.logger.Info("event deleted", "event", "event_deleted", "choir_id", choirID, "event_id", id, "scope", scope)
	}
	return err
}
