// Package ics writes RFC 5545 iCalendar documents, and holds the generic
// helpers for reading one (unfolding, splitting content lines, unescaping).
//
// Output is deterministic: the same Calendar gives the same bytes (until the
// year changes, since time zone definitions cover the current year), so a
// subscribed feed does not churn.
package ics

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Calendar is one VCALENDAR with its events.
type Calendar struct {
	ProdID          string        // PRODID, e.g. "-//Cantica//Choir Calendar//EN"
	Name            string        // X-WR-CALNAME (optional)
	Description     string        // X-WR-CALDESC (optional)
	RefreshInterval time.Duration // REFRESH-INTERVAL and X-PUBLISHED-TTL when ≥ 1s
	Events          []Event
}

// Event is one VEVENT: a single event, the master of a recurring series, or
// (with RecurrenceID) an overridden occurrence of one.
type Event struct {
	UID          string
	Stamp        time.Time // DTSTAMP, written in UTC
	LastModified time.Time // LAST-MODIFIED, written in UTC (optional)
	Sequence     int       // SEQUENCE when > 0

	// Start and End (End optional; exclusive). For an all-day event they are
	// dates read in Location (or as given when Location is nil) and End is
	// the day after the last one. An End equal to Start is left out, which
	// means the same thing (an instant, or a single day).
	Start, End time.Time
	AllDay     bool
	// Location is the zone of Start, End, ExDates and RecurrenceID: times are
	// written as local times with TZID and the zone gets a VTIMEZONE. Nil or
	// UTC writes UTC times ("…Z"). A local time in the repeated hour of a
	// change back to standard time reads back as its first occurrence, as
	// RFC 5545 §3.3.5 says.
	Location *time.Location

	Summary, Description string
	Place                string // LOCATION
	URL                  string
	Categories           []string
	Status               string // CONFIRMED, TENTATIVE or CANCELLED (optional)

	RRule        string      // the value of RRULE, e.g. "FREQ=WEEKLY;BYDAY=TU,TH;WKST=MO" (optional)
	ExDates      []time.Time // EXDATE, one line each, sorted
	RecurrenceID *time.Time  // RECURRENCE-ID: the original start of an overridden occurrence
	Transparent  bool        // TRANSP:TRANSPARENT: does not make anyone busy (e.g. feasts)

	// Extra are non-standard properties (RFC 5545 §3.8.8.2, names starting
	// "X-"), written last in the order given, their values as TEXT.
	Extra []Property
}

// Property is one non-standard property of an event: an upper-case X-name
// and a TEXT value.
type Property struct{ Name, Value string }

var xName = regexp.MustCompile(`^X-[A-Z0-9-]+$`)

// Formats of the value types of RFC 5545 §3.3.4 and §3.3.5.
const (
	dateFormat      = "20060102"
	localTimeFormat = "20060102T150405"
	utcTimeFormat   = "20060102T150405Z"
)

var statuses = []string{"CONFIRMED", "TENTATIVE", "CANCELLED"}

// Write writes c as one iCalendar document with CRLF line endings: the
// calendar's properties, a VTIMEZONE for each zone the timed events use
// (sorted by TZID), then the events in the order given. Nothing is written
// when c is not valid.
func Write(w io.Writer, c Calendar) error {
	if err := c.validate(); err != nil {
		return err
	}
	var b strings.Builder
	line := func(s string) { b.WriteString(Fold(s)) }
	line("BEGIN:VCALENDAR")
	line("VERSION:2.0")
	line("PRODID:" + Escape(c.ProdID))
	line("CALSCALE:GREGORIAN")
	line("METHOD:PUBLISH")
	if c.Name != "" {
		line("X-WR-CALNAME:" + Escape(c.Name))
	}
	if c.Description != "" {
		line("X-WR-CALDESC:" + Escape(c.Description))
	}
	if d := formatDuration(c.RefreshInterval); d != "" {
		line("REFRESH-INTERVAL;VALUE=DURATION:" + d)
		line("X-PUBLISHED-TTL:" + d)
	}
	for _, z := range zonesOf(c.Events) {
		b.WriteString(timezoneText(z.loc, z.firstYear-1, max(z.lastYear, now().Year())+1))
	}
	for i := range c.Events {
		c.Events[i].write(line)
	}
	line("END:VCALENDAR")
	_, err := io.WriteString(w, b.String())
	return err
}

func (e *Event) write(line func(string)) {
	line("BEGIN:VEVENT")
	line("UID:" + Escape(e.UID))
	line("DTSTAMP:" + e.Stamp.UTC().Format(utcTimeFormat))
	if !e.LastModified.IsZero() {
		line("LAST-MODIFIED:" + e.LastModified.UTC().Format(utcTimeFormat))
	}
	if e.Sequence > 0 {
		line(fmt.Sprintf("SEQUENCE:%d", e.Sequence))
	}
	if e.RecurrenceID != nil {
		line(e.timeProperty("RECURRENCE-ID", *e.RecurrenceID))
	}
	line(e.timeProperty("DTSTART", e.Start))
	if e.hasEnd() {
		line(e.timeProperty("DTEND", e.End))
	}
	if e.RRule != "" {
		line("RRULE:" + e.RRule)
	}
	// Sorted and each once, so that the order they were stored in does not
	// change the feed.
	exDates := slices.Clone(e.ExDates)
	slices.SortFunc(exDates, time.Time.Compare)
	exLines := make([]string, len(exDates))
	for i, t := range exDates {
		exLines[i] = e.timeProperty("EXDATE", t)
	}
	for _, l := range slices.Compact(exLines) {
		line(l)
	}
	if e.Summary != "" {
		line("SUMMARY:" + Escape(e.Summary))
	}
	if e.Description != "" {
		line("DESCRIPTION:" + Escape(e.Description))
	}
	if e.Place != "" {
		line("LOCATION:" + Escape(e.Place))
	}
	if e.URL != "" {
		line("URL:" + e.URL)
	}
	if len(e.Categories) > 0 {
		escaped := make([]string, len(e.Categories))
		for i, c := range e.Categories {
			escaped[i] = Escape(c)
		}
		line("CATEGORIES:" + strings.Join(escaped, ","))
	}
	if e.Status != "" {
		line("STATUS:" + e.Status)
	}
	if e.Transparent {
		line("TRANSP:TRANSPARENT")
	}
	for _, p := range e.Extra {
		line(p.Name + ":" + Escape(p.Value))
	}
	line("END:VEVENT")
}

// timeProperty writes a property holding one of the event's times in the
// form of DTSTART: a DATE, a local time with TZID, or a UTC time.
func (e *Event) timeProperty(name string, t time.Time) string {
	t = e.inZone(t)
	switch {
	case e.AllDay:
		return name + ";VALUE=DATE:" + t.Format(dateFormat)
	case isUTC(e.Location):
		return name + ":" + t.Format(utcTimeFormat)
	default:
		return name + ";TZID=" + paramValue(e.Location.String()) + ":" + t.Format(localTimeFormat)
	}
}

// inZone is t in the zone the event writes it in: Location, UTC for a timed
// event without one, or t's own zone for an all-day event without one (a
// date means what the caller wrote).
func (e *Event) inZone(t time.Time) time.Time {
	switch {
	case e.AllDay && e.Location == nil:
		return t
	case isUTC(e.Location):
		return t.UTC()
	default:
		return t.In(e.Location)
	}
}

// date is t's date as an all-day event reads it.
func (e *Event) date(t time.Time) string { return e.inZone(t).Format(dateFormat) }

// hasEnd reports whether DTEND is written; validate has made sure it is not
// before DTSTART.
func (e *Event) hasEnd() bool {
	if e.End.IsZero() {
		return false
	}
	if e.AllDay {
		return e.date(e.End) != e.date(e.Start)
	}
	return e.End.Unix() != e.Start.Unix()
}

func isUTC(loc *time.Location) bool {
	return loc == nil || loc == time.UTC || loc.String() == "UTC"
}

// paramValue quotes a parameter value that holds a character that would
// otherwise end it (RFC 5545 §3.2).
func paramValue(s string) string {
	if strings.ContainsAny(s, ":;,") {
		return `"` + s + `"`
	}
	return s
}

// formatDuration writes d in whole seconds as a DURATION (RFC 5545
// §3.3.6), e.g. PT1H, P1DT12H; "" when it is less than a second.
func formatDuration(d time.Duration) string {
	secs := int64(d / time.Second)
	if secs <= 0 {
		return ""
	}
	days, secs := secs/86400, secs%86400
	s := "P"
	if days > 0 {
		s += fmt.Sprintf("%dD", days)
	}
	if secs > 0 {
		s += "T"
		if h := secs / 3600; h > 0 {
			s += fmt.Sprintf("%dH", h)
		}
		if m := secs / 60 % 60; m > 0 {
			s += fmt.Sprintf("%dM", m)
		}
		if sec := secs % 60; sec > 0 {
			s += fmt.Sprintf("%dS", sec)
		}
	}
	return s
}

// validate refuses what would make an invalid document, rather than let a
// client reject the whole feed.
func (c *Calendar) validate() error {
	if c.ProdID == "" {
		return errors.New("ics: the calendar has no PRODID")
	}
	for i := range c.Events {
		if err := c.Events[i].validate(); err != nil {
			return fmt.Errorf("ics: event %d (%q): %w", i, c.Events[i].UID, err)
		}
	}
	return nil
}

func (e *Event) validate() error {
	switch {
	case Escape(e.UID) == "": // control characters alone are dropped
		return errors.New("no UID")
	case e.Stamp.IsZero():
		return errors.New("no DTSTAMP")
	case e.Start.IsZero():
		return errors.New("no start")
	case e.Status != "" && !slices.Contains(statuses, e.Status):
		return fmt.Errorf("status %q is not one of %s", e.Status, strings.Join(statuses, ", "))
	case hasControl(e.RRule) || hasControl(e.URL):
		return errors.New("a control character in RRULE or URL")
	case strings.HasPrefix(strings.ToUpper(e.RRule), "RRULE:"):
		return errors.New(`RRule is the value only, without "RRULE:"`)
	}
	for _, p := range e.Extra {
		if !xName.MatchString(p.Name) {
			return fmt.Errorf("property name %q is not an upper-case X-name", p.Name)
		}
	}
	if !isUTC(e.Location) {
		if name := e.Location.String(); name == "" || strings.Contains(name, `"`) || hasControl(name) {
			return fmt.Errorf("time zone name %q cannot be a TZID", name)
		}
	}
	if !e.End.IsZero() {
		endsBefore := e.End.Unix() < e.Start.Unix()
		if e.AllDay {
			endsBefore = e.date(e.End) < e.date(e.Start)
		}
		if endsBefore {
			return errors.New("the end is before the start")
		}
	}
	// iCalendar years have four digits.
	years := []int{e.Stamp.UTC().Year()}
	if !e.LastModified.IsZero() {
		years = append(years, e.LastModified.UTC().Year())
	}
	for _, t := range e.times() {
		years = append(years, e.inZone(t).Year())
	}
	for _, y := range years {
		if y < 1 || y > 9999 {
			return fmt.Errorf("year %d is outside 1 to 9999", y)
		}
	}
	return nil
}

// times lists every time of the event that is written in its Location.
func (e *Event) times() []time.Time {
	ts := append([]time.Time{e.Start}, e.ExDates...)
	if !e.End.IsZero() {
		ts = append(ts, e.End)
	}
	if e.RecurrenceID != nil {
		ts = append(ts, *e.RecurrenceID)
	}
	return ts
}
