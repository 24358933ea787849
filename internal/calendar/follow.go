package calendar

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/zone"
)

// What other packages keep per occurrence (members' answers and attendance
// marks, music plans, emailed links) is keyed by the event id and the
// occurrence's date in its series, "" for a single event: the date is the
// occurrence's identity, and an occurrence edited alone keeps the date it
// replaces wherever it moves. A change that gives occurrences another key
// or takes them away tells each Follower inside its own transaction:
//
//   - this and following: every date from the one changed on goes to the
//     new series, date for date, whatever time of day it now has; a date
//     the new series does not have keeps what it had, unseen, never shown
//     on another date;
//   - a series made a single event (this and following, or all): the
//     occurrence changed becomes the event, as if edited alone; the others
//     go;
//   - a single event made a series: it is the occurrence of its day;
//   - deleting occurrences (one, this and following, or all): they go.

// A Follower keeps something per occurrence.
type Follower interface {
	// Rekeyed moves what is kept for occurrences to their new key; it runs
	// after the change's events are written.
	Rekeyed(ctx context.Context, tx *db.Tx, choirID string, r Rekey) error
	// Dropping lets go of what is kept for occurrences that are going; it
	// runs before their rows are deleted.
	Dropping(ctx context.Context, tx *db.Tx, choirID string, d Drop) error
	// Retimed says that an event's occurrences may now start at other
	// times, or on other days; it runs after the change.
	Retimed(ctx context.Context, tx *db.Tx, choirID string, t Timing) error
}

// Rekey moves occurrences of event From to event To. With Following every
// dated occurrence of From from Date on becomes To's of the same date;
// without, the one of Date ("" for a single event) becomes To's of ToDate.
type Rekey struct {
	From, To     string
	Date, ToDate string
	Following    bool
}

// Drop names occurrences of Event that are going: the one of Date ("" for
// a single event), or with Following every dated one from Date on ("" for
// all of them). Deleted says that the director deleted them; otherwise an
// edit left them out of the calendar, and what was kept for them may come
// back with their dates.
type Drop struct {
	Event     string
	Date      string
	Following bool
	Deleted   bool
}

// Timing says when an event's occurrences start.
type Timing struct {
	ChoirZone string
	Event     *Event            // the single event or series
	edited    map[string]*Event // its edited occurrences by date
}

// Start is when the occurrence of date d ("" for a single event) starts,
// and the day that is in the choir's zone (all-day events keep their own
// dates); false when the event has no such occurrence: a date of a single
// event, or none of a series.
func (t Timing) Start(d string) (time.Time, liturgy.Date, bool) {
	e, start := t.Event, t.Event.Start
	date, err := liturgy.ParseDate(d)
	switch {
	case (e.Rule == nil) != (d == "") || (d != "" && err != nil):
		return time.Time{}, liturgy.Date{}, false
	case t.edited[d] != nil:
		e = t.edited[d]
		start = e.Start
	case d != "":
		start = e.StartOn(date)
	}
	if e.AllDay {
		return start, liturgy.DateOf(start.UTC()), true
	}
	loc, err := zone.Load(t.ChoirZone)
	if err != nil {
		loc = time.UTC
	}
	return start, liturgy.DateOf(start.In(loc)), true
}

// ErrEventChanged refuses a write for an occurrence whose event changed
// after it was read (see Hold): it may no longer be where it was.
var ErrEventChanged = apperr.New(apperr.Conflict, apperr.CodeConflict, MsgEventChanged)

// Hold keeps o's event as it is until the transaction ends, for a write
// kept by o's key (an answer, a mark, a plan, an email's links). Every
// change that moves or takes away occurrences changes their event (a
// split ends it, a deleted occurrence is listed on it, a new rule is
// written to it), and holds it while the followers move what is kept: so
// a write for an occurrence read before such a change is refused with
// ErrEventChanged, rather than left under a key the calendar no longer
// shows; one read after it finds the occurrence's new key.
func Hold(ctx context.Context, tx *db.Tx, o *Occurrence) error {
	var sequence int
	err := tx.QueryRowContext(ctx, `SELECT sequence FROM events WHERE id = ?`+tx.ForShare(), o.EventID).Scan(&sequence)
	if errors.Is(err, sql.ErrNoRows) {
		return notFound()
	}
	if err != nil {
		return fmt.Errorf("calendar: hold event %s: %w", o.EventID, err)
	}
	if sequence != o.sequence {
		return ErrEventChanged
	}
	return nil
}

// Follow adds followers, told of every change of occurrences.
func (s *Service) Follow(f ...Follower) { s.followers = append(s.followers, f...) }

func (s *Service) rekeyed(ctx context.Context, tx *db.Tx, choirID string, r Rekey) error {
	for _, f := range s.followers {
		if err := f.Rekeyed(ctx, tx, choirID, r); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) dropping(ctx context.Context, tx *db.Tx, choirID string, d Drop) error {
	for _, f := range s.followers {
		if err := f.Dropping(ctx, tx, choirID, d); err != nil {
			return err
		}
	}
	return nil
}

// retimed tells the followers when ev's occurrences now start.
func (s *Service) retimed(ctx context.Context, tx *db.Tx, choirZone string, ev *Event) error {
	if len(s.followers) == 0 {
		return nil
	}
	t := Timing{ChoirZone: choirZone, Event: ev, edited: map[string]*Event{}}
	if ev.Rule != nil {
		edited, err := editedOccurrences(ctx, tx, ev.ID)
		if err != nil {
			return err
		}
		for _, e := range edited {
			t.edited[e.InstanceDate] = e
		}
	}
	for _, f := range s.followers {
		if err := f.Retimed(ctx, tx, ev.ChoirID, t); err != nil {
			return err
		}
	}
	return nil
}

// Key names an occurrence as the calendar does: the event id for a single
// event, else '{eventId}-occurrence-{date}'.
func Key(eventID, date string) string {
	if date == "" {
		return eventID
	}
	return KeyPrefix(eventID) + date
}

// KeyPrefix is what the keys of a series' occurrences start with; their
// date follows.
func KeyPrefix(seriesID string) string { return seriesID + "-occurrence-" }
