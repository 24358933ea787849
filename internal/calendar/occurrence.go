package calendar

import (
	"context"
	"slices"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/recurrence"
)

// Occurrence is one thing a member can attend: a single event, or one
// occurrence of a series as it stands (edited or generated).
type Occurrence struct {
	// Key names it the way the calendar does: the event id, or
	// '{seriesId}-occurrence-{yyyy-MM-dd}' (also for an edited occurrence,
	// whose own row id is not what members answer for).
	Key string
	// EventID is the stored single event or series; Date the occurrence's
	// date in the series, "" for a single event. Attendance is kept by these two.
	EventID, Date string
	// Shown is the row whose fields are shown: the single event, the edited
	// occurrence, or the series for a generated one.
	Shown      *Event
	Start, End time.Time
	// Draft is whether it is a draft as the calendar shows it: it is, or
	// its series is.
	Draft bool
	// sequence is the event's when it was read: see Hold.
	sequence int
}

// Occurrence reads the single event or the occurrence an id names (an event
// id, an occurrence id, or an edited occurrence's own id) without changing
// anything. A draft is not found unless seesDrafts; nor is an occurrence the
// series does not have or that was deleted. A series' own id names no
// single thing to attend: not found. An occurrence is a draft when it or
// its series is.
func (s *Service) Occurrence(ctx context.Context, choirID, id string, seesDrafts bool) (*Occurrence, error) {
	eventID, date := splitID(id)
	ev, err := getEvent(ctx, s.db, choirID, eventID)
	if err != nil {
		return nil, err
	}
	if ev.SeriesID != "" { // an edited occurrence's own row
		date = ev.InstanceDate
		if ev, err = getEvent(ctx, s.db, choirID, ev.SeriesID); err != nil {
			return nil, err
		}
	}
	if ev.Rule == nil {
		if date != "" {
			return nil, notFound()
		}
		if !seesDrafts && ev.Status != StatusPublished {
			return nil, notFound()
		}
		return &Occurrence{Key: ev.ID, EventID: ev.ID, Shown: ev, Start: ev.Start, End: ev.End, Draft: ev.Status != StatusPublished,
			sequence: ev.Sequence}, nil
	}
	d, err := liturgy.ParseDate(date)
	if err != nil {
		return nil, notFound()
	}
	o := &Occurrence{Key: OccurrenceID(ev.ID, d), EventID: ev.ID, Date: d.String(), sequence: ev.Sequence}
	edited, err := editedOccurrence(ctx, s.db, ev.ID, o.Date)
	if err != nil {
		return nil, err
	}
	if edited != nil {
		o.Shown, o.Start, o.End = edited, edited.Start, edited.End
	} else {
		feasts, err := s.feastLookup(ctx, nil, map[string]*Event{ev.ID: ev}, d.Time(), d.AddDays(1).Time())
		if err != nil {
			return nil, err
		}
		gone, err := isDeleted(ctx, s.db, ev.ID, o.Date)
		if err != nil {
			return nil, err
		}
		if gone || !slices.Contains(recurrence.Dates(*ev.Rule, ev.localDate(), d, d, feasts), d) {
			return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgOccurrenceMissing)
		}
		o.Shown, o.Start = ev, ev.StartOn(d)
		o.End = o.Start.Add(ev.End.Sub(ev.Start))
	}
	// As the calendar shows it: an occurrence of a draft series is a draft,
	// whatever its own row says.
	o.Draft = o.Shown.Status != StatusPublished || ev.Status != StatusPublished
	if !seesDrafts && o.Draft {
		return nil, notFound()
	}
	return o, nil
}

// RangeBounds are the stored instants (as events.start_at and end_at hold
// them) that hold a range from..to read in any time zone: a day of slack
// either side.
func RangeBounds(from, to liturgy.Date) (lo, hi string) {
	return formatInstant(from.AddDays(-1).Time()), formatInstant(to.AddDays(2).Time())
}
