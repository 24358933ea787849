package calendar

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"time"

	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/feast"
	"github.com/cantica/cantica/internal/liturgy"
)

// Service runs the calendar rules against the database.
type Service struct {
	db      *db.DB
	choirs  *choir.Service
	feasts  *feast.Service
	logger  *slog.Logger
	now     func() time.Time
	baseURL string
	// followers keep something per occurrence, and follow the changes.
	followers []Follower
}

// New makes the calendar service; baseURL is the public address used in
// feed links and iCalendar UIDs.
func New(d *db.DB, choirs *choir.Service, feasts *feast.Service, baseURL string, logger *slog.Logger, now func() time.Time) *Service {
	return &Service{db: d, choirs: choirs, feasts: feasts, logger: logger, baseURL: baseURL,
		now: func() time.Time { return now().UTC().Truncate(time.Second) }}
}

// inTx runs a change in one transaction on one connection. The feasts a
// change reads are read in it; when they lack years not computed yet
// (*feast.MissingYears), the transaction ends, the years are computed in
// transactions of their own, and fn runs again: fn must not rely on what an
// earlier try changed outside the database.
func (s *Service) inTx(ctx context.Context, fn func(tx *db.Tx) error) error {
	// Each pass computes one calendar's years and the next finds them
	// known; the bound only keeps a mistake from looping for ever.
	for range maxFeastPasses {
		err := s.db.InTx(ctx, fn)
		var missing *feast.MissingYears
		if !errors.As(err, &missing) {
			return err
		}
		if err := s.feasts.EnsureYears(ctx, missing.CalendarType, missing.From, missing.To); err != nil {
			return err
		}
	}
	return fmt.Errorf("calendar: a change still lacked feast years after %d passes", maxFeastPasses)
}

// maxFeastPasses is far more than the calendars a change can read.
const maxFeastPasses = 16

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
	return KeyPrefix(eventID) + d.String()
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
	ev, err := getEvent(ctx, s.db, choirID, eventID)
	if err != nil {
		return nil, err
	}
	if !seesDrafts && ev.Status != StatusPublished {
		return nil, notFound()
	}
	return ev, nil
}
