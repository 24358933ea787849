package ics

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestRoundTrip writes events in several zones, reads the document back
// with the test reader and resolves every time of every VEVENT through the
// VTIMEZONE observances, as a client would: each must be the instant
// written. Then it resolves the local times of the weekly events in later
// years, which only the yearly rules cover.
func TestRoundTrip(t *testing.T) {
	fixedNow(t)
	c := londonCalendar(t)
	for _, tc := range []struct {
		zone  string
		start time.Time // local wall clock, read in the zone
	}{
		{"America/New_York", time.Date(2025, 11, 2, 1, 30, 0, 0, time.UTC)}, // the repeated hour: its first occurrence
		{"America/New_York", time.Date(2026, 3, 12, 19, 0, 0, 0, time.UTC)},
		{"Australia/Sydney", time.Date(2026, 4, 5, 10, 0, 0, 0, time.UTC)}, // the day summer time ends
		{"Asia/Tokyo", time.Date(2026, 8, 1, 18, 0, 0, 0, time.UTC)},
		{"Asia/Jerusalem", time.Date(2026, 3, 26, 20, 0, 0, 0, time.UTC)},
		{"America/Santiago", time.Date(2024, 9, 10, 19, 0, 0, 0, time.UTC)},
		{"Europe/Berlin", time.Date(2026, 10, 24, 23, 59, 59, 0, time.UTC)},
		{"UTC", time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)},
	} {
		loc := load(t, tc.zone)
		start := time.Date(tc.start.Year(), tc.start.Month(), tc.start.Day(), tc.start.Hour(), tc.start.Minute(), tc.start.Second(), 0, loc)
		c.Events = append(c.Events, Event{
			UID: fmt.Sprintf("%s-%d@test", tc.zone, len(c.Events)), Stamp: stamp, Location: loc,
			Start: start, End: start.Add(2 * time.Hour), RRule: "FREQ=WEEKLY",
			ExDates: []time.Time{start.AddDate(0, 0, 7), start.AddDate(0, 0, 14)},
		})
	}
	c.Events = append(c.Events, allDayCalendar().Events...)

	cal := parseDocument(t, mustWrite(t, c))
	zones := timezonesOf(t, cal)
	written := map[string]Event{}
	for _, e := range c.Events {
		key := e.UID
		if e.RecurrenceID != nil {
			key += "/" + e.RecurrenceID.UTC().String()
		}
		written[key] = e
	}
	read := 0
	for _, v := range cal.subs {
		if v.name != "VEVENT" {
			continue
		}
		read++
		key := Unescape(v.value("UID"))
		if p, ok := v.get("RECURRENCE-ID"); ok {
			key += "/" + instant(t, p, zones).String()
		}
		e, ok := written[key]
		if !ok {
			t.Fatalf("read an event %q that was not written", key)
		}
		want := func(u time.Time) time.Time {
			if e.AllDay {
				return time.Date(u.Year(), u.Month(), u.Day(), 0, 0, 0, 0, time.UTC)
			}
			return u.UTC()
		}
		check := func(name string, p property, u time.Time) {
			if got := instant(t, p, zones); !got.Equal(want(u)) {
				t.Errorf("%s %s: %s;%s:%s reads as %v, want %v", key, name, p.name, p.params, p.value, got, want(u))
			}
		}
		start, _ := v.get("DTSTART")
		check("start", start, e.Start)
		end, _ := v.get("DTEND")
		check("end", end, e.End)
		// EXDATEs come sorted, each once.
		wantExDates := slices.Clone(e.ExDates)
		slices.SortFunc(wantExDates, time.Time.Compare)
		wantExDates = slices.Compact(wantExDates)
		exdates := v.all("EXDATE")
		if len(exdates) != len(wantExDates) {
			t.Errorf("%s: %d EXDATE, want %d", key, len(exdates), len(wantExDates))
		}
		for i, p := range exdates {
			check(fmt.Sprint("exdate ", i), p, wantExDates[i])
		}
	}
	if read != len(c.Events) {
		t.Errorf("read %d events of %d", read, len(c.Events))
	}

	// Weekly events carry on: their local time of day in 2031 and 2045,
	// beyond the changes written one by one (up to 2027), must resolve to
	// the instant Go gives, in summer and in winter time.
	for _, e := range c.Events {
		if e.RRule == "" || e.AllDay || isUTC(e.Location) {
			continue
		}
		z := zones[e.Location.String()]
		local := e.Start.In(e.Location)
		for _, year := range []int{2031, 2045} {
			for month := time.January; month <= time.December; month++ {
				wall := time.Date(year, month, 15, local.Hour(), local.Minute(), local.Second(), 0, time.UTC)
				want := time.Date(year, month, 15, local.Hour(), local.Minute(), local.Second(), 0, e.Location)
				if got := z.resolve(t, wall); !got.Equal(want) {
					t.Errorf("%s: %s in %s reads as %v, want %v", e.UID, wall.Format(localTimeFormat), e.Location, got, want.UTC())
				}
			}
		}
	}
}
