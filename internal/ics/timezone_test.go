package ics

import (
	"bufio"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// timezoneOf writes one timed event in the zone, in the given years, and
// returns the zone's VTIMEZONE lines.
func timezoneOf(t *testing.T, zone string, years ...int) []string {
	t.Helper()
	loc := load(t, zone)
	var events []Event
	for _, y := range years {
		start := time.Date(y, 6, 10, 12, 0, 0, 0, loc)
		events = append(events, Event{UID: "u", Stamp: stamp, Start: start, End: start.Add(time.Hour), Location: loc})
	}
	return block(t, mustWrite(t, Calendar{ProdID: "p", Events: events}), "VTIMEZONE", "TZID:"+zone)
}

// observances splits VTIMEZONE lines into observances, each one line
// without BEGIN and END: "DAYLIGHT DTSTART:… TZOFFSETFROM:… …".
func observances(lines []string) []string {
	var out []string
	var cur []string
	for _, l := range lines[1:] {
		switch {
		case l == "BEGIN:STANDARD" || l == "BEGIN:DAYLIGHT":
			cur = []string{strings.TrimPrefix(l, "BEGIN:")}
		case l == "END:STANDARD" || l == "END:DAYLIGHT":
			out = append(out, strings.Join(cur, " "))
			cur = nil
		case cur != nil:
			cur = append(cur, l)
		}
	}
	return out
}

func TestTimezoneObservances(t *testing.T) {
	fixedNow(t)
	for _, tc := range []struct {
		zone  string
		years []int
		want  []string
	}{
		{"Europe/London", []int{2026}, []string{
			"DAYLIGHT DTSTART:20250330T010000 TZOFFSETFROM:+0000 TZOFFSETTO:+0100 TZNAME:BST",
			"STANDARD DTSTART:20251026T020000 TZOFFSETFROM:+0100 TZOFFSETTO:+0000 TZNAME:GMT",
			// 29 March 2026, 01:00 UTC; 25 October 2026, 01:00 UTC (02:00 BST).
			"DAYLIGHT DTSTART:20260329T010000 TZOFFSETFROM:+0000 TZOFFSETTO:+0100 TZNAME:BST",
			"STANDARD DTSTART:20261025T020000 TZOFFSETFROM:+0100 TZOFFSETTO:+0000 TZNAME:GMT",
			"DAYLIGHT DTSTART:20270328T010000 TZOFFSETFROM:+0000 TZOFFSETTO:+0100 TZNAME:BST",
			"STANDARD DTSTART:20271031T020000 TZOFFSETFROM:+0100 TZOFFSETTO:+0000 TZNAME:GMT",
			"DAYLIGHT DTSTART:20280326T010000 TZOFFSETFROM:+0000 TZOFFSETTO:+0100 RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU TZNAME:BST",
			"STANDARD DTSTART:20281029T020000 TZOFFSETFROM:+0100 TZOFFSETTO:+0000 RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU TZNAME:GMT",
		}},
		{"America/New_York", []int{2026}, []string{
			"DAYLIGHT DTSTART:20250309T020000 TZOFFSETFROM:-0500 TZOFFSETTO:-0400 TZNAME:EDT",
			"STANDARD DTSTART:20251102T020000 TZOFFSETFROM:-0400 TZOFFSETTO:-0500 TZNAME:EST",
			"DAYLIGHT DTSTART:20260308T020000 TZOFFSETFROM:-0500 TZOFFSETTO:-0400 TZNAME:EDT",
			"STANDARD DTSTART:20261101T020000 TZOFFSETFROM:-0400 TZOFFSETTO:-0500 TZNAME:EST",
			"DAYLIGHT DTSTART:20270314T020000 TZOFFSETFROM:-0500 TZOFFSETTO:-0400 TZNAME:EDT",
			"STANDARD DTSTART:20271107T020000 TZOFFSETFROM:-0400 TZOFFSETTO:-0500 TZNAME:EST",
			"DAYLIGHT DTSTART:20280312T020000 TZOFFSETFROM:-0500 TZOFFSETTO:-0400 RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU TZNAME:EDT",
			"STANDARD DTSTART:20281105T020000 TZOFFSETFROM:-0400 TZOFFSETTO:-0500 RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU TZNAME:EST",
		}},
		{"Asia/Tokyo", []int{2026}, []string{
			"STANDARD DTSTART:19700101T000000 TZOFFSETFROM:+0900 TZOFFSETTO:+0900 TZNAME:JST",
		}},
		// Southern hemisphere: summer time from October to April.
		{"Australia/Sydney", []int{2026}, []string{
			"STANDARD DTSTART:20250406T030000 TZOFFSETFROM:+1100 TZOFFSETTO:+1000 TZNAME:AEST",
			"DAYLIGHT DTSTART:20251005T020000 TZOFFSETFROM:+1000 TZOFFSETTO:+1100 TZNAME:AEDT",
			"STANDARD DTSTART:20260405T030000 TZOFFSETFROM:+1100 TZOFFSETTO:+1000 TZNAME:AEST",
			"DAYLIGHT DTSTART:20261004T020000 TZOFFSETFROM:+1000 TZOFFSETTO:+1100 TZNAME:AEDT",
			"STANDARD DTSTART:20270404T030000 TZOFFSETFROM:+1100 TZOFFSETTO:+1000 TZNAME:AEST",
			"DAYLIGHT DTSTART:20271003T020000 TZOFFSETFROM:+1000 TZOFFSETTO:+1100 TZNAME:AEDT",
			"STANDARD DTSTART:20280402T030000 TZOFFSETFROM:+1100 TZOFFSETTO:+1000 RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU TZNAME:AEST",
			"DAYLIGHT DTSTART:20281001T020000 TZOFFSETFROM:+1000 TZOFFSETTO:+1100 RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU TZNAME:AEDT",
		}},
		// Israel starts summer time on the Friday before the last Sunday of
		// March, which is neither an nth nor a last weekday.
		{"Asia/Jerusalem", []int{2026}, []string{
			"DAYLIGHT DTSTART:20250328T020000 TZOFFSETFROM:+0200 TZOFFSETTO:+0300 TZNAME:IDT",
			"STANDARD DTSTART:20251026T020000 TZOFFSETFROM:+0300 TZOFFSETTO:+0200 TZNAME:IST",
			"DAYLIGHT DTSTART:20260327T020000 TZOFFSETFROM:+0200 TZOFFSETTO:+0300 TZNAME:IDT",
			"STANDARD DTSTART:20261025T020000 TZOFFSETFROM:+0300 TZOFFSETTO:+0200 TZNAME:IST",
			"DAYLIGHT DTSTART:20270326T020000 TZOFFSETFROM:+0200 TZOFFSETTO:+0300 TZNAME:IDT",
			"STANDARD DTSTART:20271031T020000 TZOFFSETFROM:+0300 TZOFFSETTO:+0200 TZNAME:IST",
			"DAYLIGHT DTSTART:20280324T020000 TZOFFSETFROM:+0200 TZOFFSETTO:+0300 RRULE:FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=23,24,25,26,27,28,29;BYDAY=FR TZNAME:IDT",
			"STANDARD DTSTART:20281029T020000 TZOFFSETFROM:+0300 TZOFFSETTO:+0200 RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU TZNAME:IST",
		}},
		// Brazil ended summer time in 2019: the changes until then, and no
		// rule after them.
		{"America/Sao_Paulo", []int{2018}, []string{
			"STANDARD DTSTART:20170219T000000 TZOFFSETFROM:-0200 TZOFFSETTO:-0300 TZNAME:-03",
			"DAYLIGHT DTSTART:20171015T000000 TZOFFSETFROM:-0300 TZOFFSETTO:-0200 TZNAME:-02",
			"STANDARD DTSTART:20180218T000000 TZOFFSETFROM:-0200 TZOFFSETTO:-0300 TZNAME:-03",
			"DAYLIGHT DTSTART:20181104T000000 TZOFFSETFROM:-0300 TZOFFSETTO:-0200 TZNAME:-02",
			"STANDARD DTSTART:20190217T000000 TZOFFSETFROM:-0200 TZOFFSETTO:-0300 TZNAME:-03",
		}},
		{"America/Sao_Paulo", []int{2026}, []string{
			"STANDARD DTSTART:19700101T000000 TZOFFSETFROM:-0300 TZOFFSETTO:-0300 TZNAME:-03",
		}},
		// Go reports Irish winter time as the daylight-saving one (the tz
		// database's negative DST), and the observances follow it.
		{"Europe/Dublin", []int{2026}, []string{
			"STANDARD DTSTART:20250330T010000 TZOFFSETFROM:+0000 TZOFFSETTO:+0100 TZNAME:IST",
			"DAYLIGHT DTSTART:20251026T020000 TZOFFSETFROM:+0100 TZOFFSETTO:+0000 TZNAME:GMT",
			"STANDARD DTSTART:20260329T010000 TZOFFSETFROM:+0000 TZOFFSETTO:+0100 TZNAME:IST",
			"DAYLIGHT DTSTART:20261025T020000 TZOFFSETFROM:+0100 TZOFFSETTO:+0000 TZNAME:GMT",
			"STANDARD DTSTART:20270328T010000 TZOFFSETFROM:+0000 TZOFFSETTO:+0100 TZNAME:IST",
			"DAYLIGHT DTSTART:20271031T020000 TZOFFSETFROM:+0100 TZOFFSETTO:+0000 TZNAME:GMT",
			"STANDARD DTSTART:20280326T010000 TZOFFSETFROM:+0000 TZOFFSETTO:+0100 RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU TZNAME:IST",
			"DAYLIGHT DTSTART:20281029T020000 TZOFFSETFROM:+0100 TZOFFSETTO:+0000 RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU TZNAME:GMT",
		}},
	} {
		t.Run(tc.zone, func(t *testing.T) {
			got := observances(timezoneOf(t, tc.zone, tc.years...))
			if !slices.Equal(got, tc.want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestTimezoneCoverage: the changes written explicitly run from the year
// before the earliest event to the year after the later of the latest event
// and the current year.
func TestTimezoneCoverage(t *testing.T) {
	fixedNow(t)
	for _, tc := range []struct {
		years       []int
		first, last string // DTSTART of the first and the last explicit change
		ruleFrom    string // DTSTART of the first yearly rule
	}{
		{[]int{2022, 2020}, "DTSTART:20190331T010000", "DTSTART:20271031T020000", "DTSTART:20280326T010000"},
		{[]int{2026}, "DTSTART:20250330T010000", "DTSTART:20271031T020000", "DTSTART:20280326T010000"},
		{[]int{2029, 2031}, "DTSTART:20280326T010000", "DTSTART:20321031T020000", "DTSTART:20330327T010000"},
	} {
		obs := observances(timezoneOf(t, "Europe/London", tc.years...))
		var explicit []string
		for _, o := range obs {
			if !strings.Contains(o, "RRULE") {
				explicit = append(explicit, o)
			}
		}
		if len(explicit) == 0 || len(obs)-len(explicit) != 2 {
			t.Fatalf("%v: %q", tc.years, obs)
		}
		if !strings.Contains(explicit[0], tc.first) || !strings.Contains(explicit[len(explicit)-1], tc.last) ||
			!strings.Contains(obs[len(explicit)], tc.ruleFrom) {
			t.Errorf("%v: got\n%s", tc.years, strings.Join(obs, "\n"))
		}
	}
}

// TestTimezonesOncePerZoneSorted: one VTIMEZONE a zone, sorted by TZID,
// before the events; none for UTC or for all-day events.
func TestTimezonesOncePerZoneSorted(t *testing.T) {
	fixedNow(t)
	start := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	var events []Event
	for i, zone := range []string{"Europe/London", "America/New_York", "Asia/Tokyo", "Europe/London", "Australia/Sydney", "UTC"} {
		events = append(events, Event{UID: zone + strings.Repeat("+", i), Stamp: stamp, Start: start, Location: load(t, zone)})
	}
	events = append(events,
		Event{UID: "all-day", Stamp: stamp, Start: start, AllDay: true, Location: load(t, "Europe/Paris")},
		Event{UID: "no zone", Stamp: stamp, Start: start})
	doc := mustWrite(t, Calendar{ProdID: "p", Events: events})
	var tzids []string
	for _, l := range Unfold(doc) {
		if strings.HasPrefix(l.Text, "TZID:") {
			tzids = append(tzids, l.Text)
		}
	}
	want := []string{"TZID:America/New_York", "TZID:Asia/Tokyo", "TZID:Australia/Sydney", "TZID:Europe/London"}
	if !slices.Equal(tzids, want) {
		t.Errorf("TZIDs %q, want %q", tzids, want)
	}
	if strings.LastIndex(doc, "END:VTIMEZONE") > strings.Index(doc, "BEGIN:VEVENT") {
		t.Error("a VTIMEZONE after a VEVENT")
	}
	if again := mustWrite(t, Calendar{ProdID: "p", Events: events}); again != doc {
		t.Error("writing the same calendar twice gives different bytes")
	}
}

// TestChangesMissNone compares the coarse search with an hour-by-hour one
// where changes come days apart.
func TestChangesMissNone(t *testing.T) {
	for _, tc := range []struct {
		zone     string
		from, to int
	}{
		{"America/Boa_Vista", 1999, 2001}, // 8 and 15 October 2000
		{"Asia/Gaza", 2040, 2040},         // Ramadan, 20 and 26 October 2040
		{"Europe/London", 2026, 2026},
		{"Africa/Casablanca", 2026, 2027},
	} {
		loc := load(t, tc.zone)
		var want []time.Time
		end := time.Date(tc.to+1, 1, 1, 0, 0, 0, 0, loc)
		for u := time.Date(tc.from, 1, 1, 0, 0, 0, 0, loc); u.Before(end); u = u.Add(time.Hour) {
			if offsetAt(u, loc) != offsetAt(u.Add(time.Hour), loc) {
				want = append(want, u)
			}
		}
		var got []time.Time
		for _, c := range changesIn(loc, tc.from, tc.to) {
			if offsetAt(c.at.Add(-time.Second), loc) != c.from || offsetAt(c.at, loc) != c.to {
				t.Errorf("%s: %v is not a change from %d to %d", tc.zone, c.at, c.from, c.to)
			}
			got = append(got, c.at.Truncate(time.Hour).Add(-time.Hour)) // the hour step before it
		}
		if len(got) != len(want) || len(got) == 0 {
			t.Errorf("%s: found %d changes, an hourly scan %d", tc.zone, len(got), len(want))
		}
	}
}

// TestEveryZone writes a VTIMEZONE for every zone of the tz database and
// checks it against Go day by day from 2025 to 2045 (explicit changes, then
// yearly rules) and at every onset it defines.
func TestEveryZone(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	zones := allZones(t)
	fixedNow(t)
	for _, zone := range zones {
		loc := load(t, zone)
		start := time.Date(2026, 6, 10, 12, 0, 0, 0, loc)
		doc := mustWrite(t, Calendar{ProdID: "p", Events: []Event{{UID: "u", Stamp: stamp, Start: start, Location: loc}}})
		z := timezonesOf(t, parseDocument(t, doc))[zone]
		hasRules := slices.ContainsFunc(z, func(o observance) bool { return o.rrule != nil })
		lastYear := 2027 // the last year written change by change
		if hasRules || len(changesIn(loc, 2028, 2045)) == 0 {
			lastYear = 2045
		}
		onsets := z.onsets(t, lastYear)
		for u := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC); u.Year() <= lastYear; u = u.Add(24 * time.Hour) {
			if got, want := z.offsetIn(onsets, u), offsetAt(u, loc); got != want {
				t.Errorf("%s at %v: VTIMEZONE offset %d, Go %d", zone, u, got, want)
				break
			}
		}
		for _, o := range onsets {
			if o.at.Year() > lastYear || o.at.Year() < 2025 {
				continue
			}
			if got := offsetAt(o.at, loc); got != o.offset {
				t.Errorf("%s: an onset at %v to %d, Go has %d", zone, o.at, o.offset, got)
			}
			if before := o.at.Add(-time.Second); offsetAt(before, loc) != z.offsetIn(onsets, before) {
				t.Errorf("%s: before the onset at %v Go has %d", zone, o.at, offsetAt(before, loc))
			}
		}
	}
}

// allZones lists the zones of the system's tz database.
func allZones(t *testing.T) []string {
	f, err := os.Open("/usr/share/zoneinfo/tzdata.zi")
	if err != nil {
		t.Skip("no tz database list:", err)
	}
	defer f.Close()
	var zones []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) >= 2 && fields[0] == "Z" {
			zones = append(zones, fields[1])
		}
	}
	if len(zones) < 300 {
		t.Skipf("only %d zones listed", len(zones))
	}
	return zones
}

// BenchmarkWriteZonedEvent writes a calendar with one event in London, as
// a feed of one rehearsal series is: its VTIMEZONE is worked out once per
// process and reused.
func BenchmarkWriteZonedEvent(b *testing.B) {
	london, err := time.LoadLocation("Europe/London")
	if err != nil {
		b.Fatal(err)
	}
	start := time.Date(2020, 9, 1, 19, 30, 0, 0, london)
	c := Calendar{ProdID: "-//x//y//EN", Events: []Event{{UID: "u", Stamp: start, Start: start, End: start.Add(2 * time.Hour), Location: london}}}
	for range b.N {
		if err := Write(io.Discard, c); err != nil {
			b.Fatal(err)
		}
	}
}

// The VTIMEZONE kept for a zone is the one that would be written anew.
func TestKeptTimezoneIsTheOneWritten(t *testing.T) {
	loc, _ := time.LoadLocation("America/New_York")
	var b strings.Builder
	writeTimezone(func(s string) { b.WriteString(Fold(s)) }, loc, 2019, 2028)
	for range 2 {
		if got := timezoneText(loc, 2019, 2028); got != b.String() {
			t.Fatalf("kept VTIMEZONE differs:\n%s\nwant\n%s", got, b.String())
		}
	}
}
