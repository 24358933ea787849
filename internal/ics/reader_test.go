package ics

// A small iCalendar reader for the tests only: it parses what Write wrote
// and resolves local times through the VTIMEZONE observances the way a
// calendar client does, independently of how Write found them.

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

type component struct {
	name  string
	props []property
	subs  []*component
}

type property struct{ name, params, value string }

func parseDocument(t *testing.T, doc string) *component {
	t.Helper()
	root := &component{}
	stack := []*component{root}
	for _, l := range Unfold(doc) {
		name, params, value := SplitLine(l.Text)
		cur := stack[len(stack)-1]
		switch name {
		case "BEGIN":
			c := &component{name: value}
			cur.subs = append(cur.subs, c)
			stack = append(stack, c)
		case "END":
			if cur.name != value || len(stack) == 1 {
				t.Fatalf("line %d: END:%s closes %q", l.Number, value, cur.name)
			}
			stack = stack[:len(stack)-1]
		default:
			cur.props = append(cur.props, property{name, params, value})
		}
	}
	if len(stack) != 1 || len(root.subs) != 1 || root.subs[0].name != "VCALENDAR" {
		t.Fatalf("not one VCALENDAR:\n%s", doc)
	}
	return root.subs[0]
}

func (c *component) all(name string) []property {
	var out []property
	for _, p := range c.props {
		if p.name == name {
			out = append(out, p)
		}
	}
	return out
}

func (c *component) get(name string) (property, bool) {
	ps := c.all(name)
	if len(ps) == 0 {
		return property{}, false
	}
	return ps[0], true
}

func (c *component) value(name string) string {
	p, _ := c.get(name)
	return p.value
}

// observance is a STANDARD or DAYLIGHT part of a VTIMEZONE.
type observance struct {
	kind     string
	start    time.Time // the local wall clock of DTSTART, with UTC as its zone
	from, to int
	rrule    map[string]string // nil without RRULE
}

type vtimezone []observance

// onset is an instant at which an observance starts.
type onset struct {
	at     time.Time
	offset int
}

func timezonesOf(t *testing.T, cal *component) map[string]vtimezone {
	t.Helper()
	zones := map[string]vtimezone{}
	for _, c := range cal.subs {
		if c.name != "VTIMEZONE" {
			continue
		}
		var z vtimezone
		for _, o := range c.subs {
			obs := observance{kind: o.name, start: parseWallClock(t, o.value("DTSTART")),
				from: parseOffset(t, o.value("TZOFFSETFROM")), to: parseOffset(t, o.value("TZOFFSETTO"))}
			if rule, ok := o.get("RRULE"); ok {
				obs.rrule = map[string]string{}
				for _, part := range strings.Split(rule.value, ";") {
					k, v, _ := strings.Cut(part, "=")
					obs.rrule[k] = v
				}
			}
			z = append(z, obs)
		}
		zones[Unescape(c.value("TZID"))] = z
	}
	return zones
}

func parseWallClock(t *testing.T, s string) time.Time {
	t.Helper()
	w, err := time.Parse(localTimeFormat, s)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func parseOffset(t *testing.T, s string) int {
	t.Helper()
	if len(s) != 5 && len(s) != 7 || s[0] != '+' && s[0] != '-' {
		t.Fatalf("bad offset %q", s)
	}
	n := func(i int) int {
		if i >= len(s) {
			return 0
		}
		v, err := strconv.Atoi(s[i : i+2])
		if err != nil {
			t.Fatalf("bad offset %q", s)
		}
		return v
	}
	secs := n(1)*3600 + n(3)*60 + n(5)
	if s[0] == '-' {
		secs = -secs
	}
	return secs
}

// onsets lists when the observances start, up to the end of year until.
func (z vtimezone) onsets(t *testing.T, until int) []onset {
	t.Helper()
	var out []onset
	for _, o := range z {
		local := []time.Time{o.start}
		if o.rrule != nil {
			local = nil
			for y := o.start.Year(); y <= until; y++ {
				if w := ruleDay(t, o, y); !w.Before(o.start) {
					local = append(local, w)
				}
			}
		}
		for _, w := range local {
			out = append(out, onset{at: w.Add(-time.Duration(o.from) * time.Second), offset: o.to})
		}
	}
	slices.SortFunc(out, func(a, b onset) int { return a.at.Compare(b.at) })
	return out
}

// ruleDay is the local start of a yearly observance in year y.
func ruleDay(t *testing.T, o observance, y int) time.Time {
	t.Helper()
	if o.rrule["FREQ"] != "YEARLY" || len(o.rrule) > 4 {
		t.Fatalf("unexpected RRULE %v", o.rrule)
	}
	month, _ := strconv.Atoi(o.rrule["BYMONTH"])
	byday := o.rrule["BYDAY"]
	weekday := time.Weekday(slices.Index(weekdayCodes[:], byday[len(byday)-2:]))
	at := func(day int) time.Time {
		return time.Date(y, time.Month(month), day, o.start.Hour(), o.start.Minute(), o.start.Second(), 0, time.UTC)
	}
	var days []int
	if md, ok := o.rrule["BYMONTHDAY"]; ok {
		for _, d := range strings.Split(md, ",") {
			n, _ := strconv.Atoi(d)
			days = append(days, n)
		}
	} else {
		n, err := strconv.Atoi(byday[:len(byday)-2])
		if err != nil || n == 0 {
			t.Fatalf("BYDAY %q", byday)
		}
		if n > 0 {
			days = []int{7*(n-1) + 1 + (int(weekday)-int(at(1).Weekday())+7)%7}
		} else {
			last := at(1).AddDate(0, 1, -1)
			days = []int{last.Day() + 7*(n+1) - (int(last.Weekday())-int(weekday)+7)%7}
		}
	}
	for _, d := range days {
		if w := at(d); w.Weekday() == weekday && w.Month() == time.Month(month) {
			return w
		}
	}
	t.Fatalf("no day of %v in %d", o.rrule, y)
	return time.Time{}
}

// offsetAt is the offset in force at instant u.
func (z vtimezone) offsetAt(t *testing.T, u time.Time) int {
	t.Helper()
	return z.offsetIn(z.onsets(t, u.UTC().Year()+1), u)
}

// offsetIn is the offset in force at instant u, given the zone's onsets
// from far enough: the latest onset's, or before them all the earliest
// observance's TZOFFSETFROM.
func (z vtimezone) offsetIn(onsets []onset, u time.Time) int {
	i, _ := slices.BinarySearchFunc(onsets, u, func(o onset, u time.Time) int {
		if o.at.After(u) {
			return 1
		}
		return -1
	})
	if i == 0 {
		return z[0].from
	}
	return onsets[i-1].offset
}

// resolve turns a local wall clock into an instant; of two (in the
// repeated hour) the first, as RFC 5545 §3.3.5 says.
func (z vtimezone) resolve(t *testing.T, wall time.Time) time.Time {
	t.Helper()
	var found []time.Time
	for _, o := range z {
		for _, offset := range []int{o.from, o.to} {
			u := wall.Add(-time.Duration(offset) * time.Second)
			if z.offsetAt(t, u) == offset {
				found = append(found, u)
			}
		}
	}
	if len(found) == 0 {
		t.Fatalf("%s does not exist in the zone", wall.Format(localTimeFormat))
	}
	return slices.MinFunc(found, time.Time.Compare)
}

// instant reads a DTSTART-like property: a date (as midnight UTC), a UTC
// time or a local time in a VTIMEZONE.
func instant(t *testing.T, p property, zones map[string]vtimezone) time.Time {
	t.Helper()
	switch {
	case Param(p.params, "VALUE") == "DATE":
		d, err := time.Parse(dateFormat, p.value)
		if err != nil {
			t.Fatal(err)
		}
		return d
	case strings.HasSuffix(p.value, "Z"):
		u, err := time.Parse(utcTimeFormat, p.value)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	z, ok := zones[Param(p.params, "TZID")]
	if !ok {
		t.Fatalf("%s%s: no VTIMEZONE for it", p.name, p.params)
	}
	return z.resolve(t, parseWallClock(t, p.value))
}
