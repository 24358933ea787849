package ics

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// now tells which year is current: time zone definitions cover it, so that
// a weekly rehearsal that started years ago still resolves right today.
// Tests replace it.
var now = time.Now

// scanStep is the coarse step of the search for offset changes. A week would
// miss real ones (Gaza's Ramadan changes in 2040, Brazil's in 2000 are days
// apart); a day misses none from 1900 to 2060 in any zone.
const scanStep = 24 * time.Hour

// sampleYears is how many years after the last explicitly covered one must
// repeat its changes before they are written as yearly rules. 28 years is a
// full cycle of dates against weekdays, so a rule such as "the Friday on or
// after the 23rd" has shown every day it can fall on.
const sampleYears = 28

// zoneUse is a time zone of timed events and the span of years they use it.
type zoneUse struct {
	loc                 *time.Location
	firstYear, lastYear int
}

// zonesOf lists the zones the timed events are written in, sorted by name.
// A zone is known by its name, which is its TZID: Locations with the same
// name are taken to be the same zone.
func zonesOf(events []Event) []zoneUse {
	byName := map[string]*zoneUse{}
	for i := range events {
		e := &events[i]
		if e.AllDay || isUTC(e.Location) {
			continue
		}
		for _, t := range e.times() {
			y := e.inZone(t).Year()
			z := byName[e.Location.String()]
			if z == nil {
				z = &zoneUse{loc: e.Location, firstYear: y, lastYear: y}
				byName[e.Location.String()] = z
			}
			z.firstYear, z.lastYear = min(z.firstYear, y), max(z.lastYear, y)
		}
	}
	zones := make([]zoneUse, 0, len(byName))
	for _, z := range byName {
		zones = append(zones, *z)
	}
	slices.SortFunc(zones, func(a, b zoneUse) int { return strings.Compare(a.loc.String(), b.loc.String()) })
	return zones
}

// change is a change of a zone's UTC offset.
type change struct {
	at       time.Time // the first instant of the new offset
	from, to int       // offsets in seconds east of UTC
	name     string    // the abbreviation after the change
	dst      bool      // daylight saving time after the change
}

// wallClock is the local time at which the change happens, read in the
// offset before it, as a VTIMEZONE observance's DTSTART is.
func (c change) wallClock() time.Time {
	return c.at.UTC().Add(time.Duration(c.from) * time.Second)
}

func (c change) component() string {
	if c.dst {
		return "DAYLIGHT"
	}
	return "STANDARD"
}

// timezones keeps the text of each VTIMEZONE written (a zone and its span
// of years), which takes about a millisecond to work out from the zone's
// data: a feed that calendar apps poll writes the same few again and again.
var timezones sync.Map // "zone|from|to" → folded text

// timezoneText is the folded VTIMEZONE of writeTimezone, made once.
func timezoneText(loc *time.Location, fromYear, toYear int) string {
	key := loc.String() + "|" + strconv.Itoa(fromYear) + "|" + strconv.Itoa(toYear)
	if text, ok := timezones.Load(key); ok {
		return text.(string)
	}
	var b strings.Builder
	writeTimezone(func(s string) { b.WriteString(Fold(s)) }, loc, fromYear, toYear)
	timezones.Store(key, b.String())
	return b.String()
}

// writeTimezone writes a VTIMEZONE for loc with one observance for each
// change of offset from the start of fromYear to the end of toYear. When the
// changes then follow a yearly rule, observances with an RRULE carry them on
// from the year after, so that recurring events keep the right offset
// forever. A zone without changes gets one STANDARD observance.
func writeTimezone(line func(string), loc *time.Location, fromYear, toYear int) {
	fromYear, toYear = max(fromYear, 1), min(toYear, 9999)
	line("BEGIN:VTIMEZONE")
	line("TZID:" + Escape(loc.String()))
	changes := changesIn(loc, fromYear, toYear)
	if len(changes) == 0 {
		name, offset := now().In(loc).Zone()
		writeObservance(line, "STANDARD", "19700101T000000", offset, offset, name, "")
	}
	for _, c := range changes {
		writeObservance(line, c.component(), c.wallClock().Format(localTimeFormat), c.from, c.to, c.name, "")
	}
	if len(changes) > 0 {
		for _, r := range yearlyRules(loc, toYear) {
			writeObservance(line, r.first.component(), r.first.wallClock().Format(localTimeFormat), r.first.from, r.first.to, r.first.name, r.rrule)
		}
	}
	line("END:VTIMEZONE")
}

func writeObservance(line func(string), component, start string, from, to int, name, rrule string) {
	line("BEGIN:" + component)
	line("DTSTART:" + start)
	line("TZOFFSETFROM:" + formatOffset(from))
	line("TZOFFSETTO:" + formatOffset(to))
	if rrule != "" {
		line("RRULE:" + rrule)
	}
	if name != "" {
		line("TZNAME:" + Escape(name))
	}
	line("END:" + component)
}

// formatOffset writes a UTC-OFFSET (RFC 5545 §3.3.14): ±hhmm, with seconds
// only when there are some (local mean times have them).
func formatOffset(secs int) string {
	sign := "+"
	if secs < 0 {
		sign, secs = "-", -secs
	}
	s := fmt.Sprintf("%s%02d%02d", sign, secs/3600, secs/60%60)
	if secs%60 != 0 {
		s += fmt.Sprintf("%02d", secs%60)
	}
	return s
}

func offsetAt(t time.Time, loc *time.Location) int {
	_, offset := t.In(loc).Zone()
	return offset
}

// changesIn finds loc's changes of offset from the start of fromYear to the
// end of toYear. time.Location does not expose its transitions, so it steps
// through the years and, where the offset differs from one step to the
// next, binary-searches the second at which it changed.
func changesIn(loc *time.Location, fromYear, toYear int) []change {
	var changes []change
	t := time.Date(fromYear, 1, 1, 0, 0, 0, 0, loc)
	end := time.Date(toYear+1, 1, 1, 0, 0, 0, 0, loc)
	offset := offsetAt(t, loc)
	for t.Before(end) {
		next := t.Add(scanStep)
		if next.After(end) {
			next = end
		}
		if offsetAt(next, loc) == offset {
			t = next
			continue
		}
		// The offset is still the old one at lo and already another at hi.
		lo, hi := t.Unix(), next.Unix()
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if offsetAt(time.Unix(mid, 0), loc) == offset {
				lo = mid
			} else {
				hi = mid
			}
		}
		at := time.Unix(hi, 0).In(loc)
		if !at.Before(end) {
			break
		}
		name, to := at.Zone()
		changes = append(changes, change{at: at, from: offset, to: to, name: name, dst: at.IsDST()})
		t, offset = at, to
	}
	return changes
}

// yearlyRule is a change that starts a yearly rule, and the rule.
type yearlyRule struct {
	first change
	rrule string
}

// yearlyRules returns, for each change of the year after lastYear, the RRULE
// that repeats it every year, when lastYear and the sampleYears after it (as
// Go computes them) all have the same changes following the same rules; nil
// when they do not (no DST any more, or dates that move, like Morocco's).
func yearlyRules(loc *time.Location, lastYear int) []yearlyRule {
	if lastYear+sampleYears > 9999 {
		return nil
	}
	byYear := map[int][]change{}
	for _, c := range changesIn(loc, lastYear, lastYear+sampleYears) {
		y := c.wallClock().Year()
		byYear[y] = append(byYear[y], c)
	}
	perYear := len(byYear[lastYear])
	if perYear == 0 {
		return nil
	}
	var rules []yearlyRule
	for i := range perYear {
		var samples []change
		for y := lastYear; y <= lastYear+sampleYears; y++ {
			if len(byYear[y]) != perYear {
				return nil
			}
			samples = append(samples, byYear[y][i])
		}
		rrule, ok := ruleOf(samples)
		if !ok {
			return nil
		}
		rules = append(rules, yearlyRule{first: samples[1], rrule: rrule})
	}
	return rules
}

var weekdayCodes = [...]string{"SU", "MO", "TU", "WE", "TH", "FR", "SA"}

// ruleOf finds the RRULE that gives the changes of consecutive years: the
// same offsets, month, weekday and local time, on the nth or last such
// weekday of the month or, failing those, on that weekday within the same
// seven days of the month (how "the Friday on or after the 23rd" is said).
func ruleOf(samples []change) (string, bool) {
	first := samples[0]
	start := first.wallClock()
	sameNth, sameLast := true, true
	minDay, maxDay := start.Day(), start.Day()
	for _, c := range samples {
		t := c.wallClock()
		if c.from != first.from || c.to != first.to || c.name != first.name || c.dst != first.dst ||
			t.Month() != start.Month() || t.Weekday() != start.Weekday() ||
			t.Hour() != start.Hour() || t.Minute() != start.Minute() || t.Second() != start.Second() {
			return "", false
		}
		sameNth = sameNth && nthInMonth(t) == nthInMonth(start)
		sameLast = sameLast && isLastInMonth(t)
		minDay, maxDay = min(minDay, t.Day()), max(maxDay, t.Day())
	}
	rule := fmt.Sprintf("FREQ=YEARLY;BYMONTH=%d;", int(start.Month()))
	weekday := weekdayCodes[start.Weekday()]
	switch {
	case sameNth:
		return rule + "BYDAY=" + strconv.Itoa(nthInMonth(start)) + weekday, true
	case sameLast:
		return rule + "BYDAY=-1" + weekday, true
	case maxDay-minDay == 6:
		days := make([]string, 0, 7)
		for d := minDay; d <= maxDay; d++ {
			days = append(days, strconv.Itoa(d))
		}
		return rule + "BYMONTHDAY=" + strings.Join(days, ",") + ";BYDAY=" + weekday, true
	}
	return "", false
}

// nthInMonth counts t's weekday from the start of its month: 1 for the
// first Sunday, 2 for the second…
func nthInMonth(t time.Time) int { return (t.Day()-1)/7 + 1 }

// isLastInMonth reports whether t is the last of its weekday in its month.
func isLastInMonth(t time.Time) bool {
	return t.AddDate(0, 0, 7).Month() != t.Month()
}
