// Package calendar keeps a choir's shared calendar: single events, recurring
// series expanded by internal/recurrence, edited and deleted occurrences,
// and the iCalendar files and private feeds that calendar apps subscribe
// to. It owns the events, event_exdates and calendar_feeds tables; what
// other packages keep per occurrence follows its changes (Follower).
package calendar

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/recurrence"
	"github.com/cantica/cantica/internal/zone"
)

// Event types and statuses (calendar document §3).
var (
	EventTypes = []string{"rehearsal", "service", "concert", "liturgical_feast", "other"}
	Statuses   = []string{StatusPublished, StatusDraft}
)

const (
	StatusPublished = "published"
	StatusDraft     = "draft"

	TitleMax    = 200
	LocationMax = 200
	NotesMax    = 5000
	// MaxDuration bounds one event, so that a typo in a year cannot make an
	// event that covers the calendar.
	MaxDuration = 366 * 24 * time.Hour
)

// Messages of calendar document §5 and §8, and of rules it leaves unworded.
const (
	MsgBadDate           = "Invalid date format provided for start or end time"
	msgTimeOrder         = "Invalid time order: End time (%s) must be after start time (%s)"
	MsgTitleRequired     = "Title is required"
	MsgTitleTooLong      = "Title is too long"
	MsgTypeUnknown       = "Please choose an event type"
	MsgStatusUnknown     = "Status must be published or draft"
	MsgLocationTooLong   = "Location is too long"
	MsgNotesTooLong      = "Notes are too long"
	MsgTimeZoneInvalid   = "Please choose a valid time zone"
	MsgTooLong           = "An event can last at most a year"
	MsgEventNotFound     = "Event not found."
	MsgOccurrenceMissing = "This occurrence is not part of the series."
	MsgRangeDates        = "Please give the range as YYYY-MM-DD dates."
	MsgRangeTooLong      = "Please ask for at most 732 days of events at once."
	MsgScopeUnknown      = "Scope must be single, following or all"
	MsgEventChanged      = "This event was changed just now. Please look at it again and try once more."
)

// MaxRangeDays bounds one events query.
const MaxRangeDays = 732

// Event is a stored event: a single event, a series (Rule set) or an edited
// occurrence of a series (SeriesID and InstanceDate set).
type Event struct {
	ID, ChoirID          string
	Title, Type          string
	Start, End           time.Time // UTC; all-day events at midnight UTC of their dates
	AllDay               bool
	TimeZone             string
	Location, Notes      string
	Status               string
	Rule                 *recurrence.Rule
	SeriesID             string
	InstanceDate         string
	Sequence             int
	CreatedAt, UpdatedAt time.Time
}

// zone is where the event's wall-clock time lives; all-day events are
// dates, kept at midnight UTC.
func (e *Event) zone() *time.Location {
	if e.AllDay {
		return time.UTC
	}
	loc, err := zone.Load(e.TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// localDate is the event's start date in its zone.
func (e *Event) localDate() liturgy.Date { return liturgy.DateOf(e.Start.In(e.zone())) }

// series is the event as the recurrence package expands it.
func (e *Event) series() recurrence.Series {
	return recurrence.Series{Rule: *e.Rule, Start: e.Start, Duration: e.End.Sub(e.Start), AllDay: e.AllDay, Location: e.zone()}
}

// openEnded is the last end of a series without an end date: later than
// any stored instant.
const openEnded = "9999-12-31T23:59:59Z"

// lastEnd is the latest instant an occurrence of the event can end, which
// the range query bounds by (events.last_end_at): its own end, or for a
// series two days after its rule's end date (the last local date an
// occurrence may fall on, in any zone) plus its length.
func (e *Event) lastEnd() string {
	if e.Rule == nil {
		return formatInstant(e.End)
	}
	last, err := liturgy.ParseDate(e.Rule.EndDate)
	if err != nil {
		return openEnded
	}
	return formatInstant(last.AddDays(2).Time().Add(e.End.Sub(e.Start)))
}

// StartOn is the start the series gives an occurrence on date d: the
// series' wall-clock time on that date in its zone.
func (e *Event) StartOn(d liturgy.Date) time.Time {
	loc := e.zone()
	w := e.Start.In(loc)
	return time.Date(d.Year, d.Month, d.Day, w.Hour(), w.Minute(), w.Second(), 0, loc).UTC()
}

// Input is an event as a user sends it.
type Input struct {
	Title, Type      string
	Start, End       string // RFC 3339, a local date-time in the zone, or for all-day events YYYY-MM-DD
	AllDay           bool
	Location, Notes  string
	Status, TimeZone string // "" for published and the choir's zone
	Rule             *recurrence.Rule
}

// parse checks an input and turns it into the fields of an event; the
// choir's zone stands in when neither the rule nor the input names one.
func (in Input) parse(choirZone string) (*Event, error) {
	var f apperr.Fields
	ev := &Event{
		Title: strings.Join(strings.Fields(in.Title), " "), Type: in.Type, AllDay: in.AllDay,
		Location: strings.TrimSpace(in.Location), Notes: strings.TrimSpace(in.Notes), Status: in.Status,
	}
	switch {
	case ev.Title == "":
		f.Add("title", MsgTitleRequired)
	case utf8.RuneCountInString(ev.Title) > TitleMax:
		f.Add("title", MsgTitleTooLong)
	}
	if !slices.Contains(EventTypes, ev.Type) {
		f.Add("eventType", MsgTypeUnknown)
	}
	if ev.Status == "" {
		ev.Status = StatusPublished
	}
	if !slices.Contains(Statuses, ev.Status) {
		f.Add("status", MsgStatusUnknown)
	}
	if utf8.RuneCountInString(ev.Location) > LocationMax {
		f.Add("location", MsgLocationTooLong)
	}
	if utf8.RuneCountInString(ev.Notes) > NotesMax {
		f.Add("notes", MsgNotesTooLong)
	}
	if in.Rule != nil {
		r := in.Rule.Normalize()
		problems := r.Validate()
		for _, field := range slices.Sorted(maps.Keys(problems)) {
			f.Add("recurrenceRule."+field, problems[field])
		}
		ev.Rule = &r
	}
	ev.TimeZone = choirZone
	switch {
	case ev.Rule != nil && ev.Rule.TZID != "":
		ev.TimeZone = ev.Rule.TZID
	case in.TimeZone != "":
		ev.TimeZone = in.TimeZone
	}
	loc, err := zone.Load(ev.TimeZone)
	if err != nil || ev.TimeZone == "" || ev.TimeZone == "Local" {
		f.Add("timeZone", MsgTimeZoneInvalid)
		loc = time.UTC
	}
	if ev.AllDay {
		loc = time.UTC
	}
	start, ok1 := parseWhen(in.Start, ev.AllDay, loc)
	end, ok2 := parseWhen(in.End, ev.AllDay, loc)
	switch {
	case !ok1 || !ok2:
		f.Add("start", MsgBadDate)
	case !end.After(start):
		f.Add("end", fmt.Sprintf(msgTimeOrder, isoString(end), isoString(start)))
	case end.Sub(start) > MaxDuration:
		f.Add("end", MsgTooLong)
	}
	ev.Start, ev.End = start.UTC(), end.UTC()
	if err := f.Err(); err != nil {
		return nil, err
	}
	return ev, nil
}

// parseWhen reads a start or end. All-day events take a date (or the date
// part of a date-time); timed events an RFC 3339 instant or a local
// date-time in the event's zone. Seconds below one are dropped: stored
// instants compare as text.
func parseWhen(s string, allDay bool, loc *time.Location) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if allDay {
		if len(s) >= 10 {
			if d, err := liturgy.ParseDate(s[:10]); err == nil {
				return d.Time(), true
			}
		}
		return time.Time{}, false
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return inRange(t.Truncate(time.Second))
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return inRange(t)
		}
	}
	return time.Time{}, false
}

// inRange keeps instants to the years the calendar can show.
func inRange(t time.Time) (time.Time, bool) {
	y := t.UTC().Year()
	return t, y >= liturgy.MinYear && y <= liturgy.MaxYear
}

// isoString writes an instant as JavaScript's toISOString does, as the
// specification's time-order message shows it.
func isoString(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// Stored instants are UTC RFC 3339 text of one width, so they order as text.
const instantLayout = "2006-01-02T15:04:05Z"

func formatInstant(t time.Time) string { return t.UTC().Format(instantLayout) }

func parseInstant(s string) (time.Time, error) { return time.Parse(instantLayout, s) }

func encodeRule(r *recurrence.Rule) (*string, error) {
	if r == nil {
		return nil, nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	s := string(b)
	return &s, nil
}
