package ics

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

func TestWriteAllDay(t *testing.T) {
	fixedNow(t)
	got := mustWrite(t, allDayCalendar())
	want := crlf(`BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Cantica//Liturgical Calendar//EN
CALSCALE:GREGORIAN
METHOD:PUBLISH
X-WR-CALNAME:general_roman_ordinary 2026
BEGIN:VEVENT
UID:st_joseph-20260319-general_roman_ordinary@cantica
DTSTAMP:20260110T090000Z
DTSTART;VALUE=DATE:20260319
DTEND;VALUE=DATE:20260320
SUMMARY:Saint Joseph\, Spouse of the Blessed Virgin Mary
DESCRIPTION:Rank: solemnity. Type: saint.
CATEGORIES:saint
TRANSP:TRANSPARENT
END:VEVENT
END:VCALENDAR
`)
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWriteExtraProperties(t *testing.T) {
	fixedNow(t)
	c := allDayCalendar()
	c.Events[0].Extra = []Property{{Name: "X-CANTICA-FEAST-KEY", Value: "st_joseph"}, {Name: "X-CANTICA-RANK", Value: "solemnity; first class"}}
	got := mustWrite(t, c)
	want := "TRANSP:TRANSPARENT\r\nX-CANTICA-FEAST-KEY:st_joseph\r\nX-CANTICA-RANK:solemnity\\; first class\r\nEND:VEVENT\r\n"
	if !strings.Contains(got, want) {
		t.Errorf("got\n%s\nwant it to contain\n%s", got, want)
	}
}

func TestWriteRecurringInLondon(t *testing.T) {
	fixedNow(t)
	got := mustWrite(t, londonCalendar(t))
	// The zone covers 2025 (the year before the events) to 2027 (the year
	// after the current one) change by change, then carries on by rule.
	want := crlf(`BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Cantica//Choir Calendar//EN
CALSCALE:GREGORIAN
METHOD:PUBLISH
X-WR-CALNAME:St Cecilia Singers
X-WR-CALDESC:Rehearsals\, services\; concerts
REFRESH-INTERVAL;VALUE=DURATION:PT1H
X-PUBLISHED-TTL:PT1H
BEGIN:VTIMEZONE
TZID:Europe/London
BEGIN:DAYLIGHT
DTSTART:20250330T010000
TZOFFSETFROM:+0000
TZOFFSETTO:+0100
TZNAME:BST
END:DAYLIGHT
BEGIN:STANDARD
DTSTART:20251026T020000
TZOFFSETFROM:+0100
TZOFFSETTO:+0000
TZNAME:GMT
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:20260329T010000
TZOFFSETFROM:+0000
TZOFFSETTO:+0100
TZNAME:BST
END:DAYLIGHT
BEGIN:STANDARD
DTSTART:20261025T020000
TZOFFSETFROM:+0100
TZOFFSETTO:+0000
TZNAME:GMT
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:20270328T010000
TZOFFSETFROM:+0000
TZOFFSETTO:+0100
TZNAME:BST
END:DAYLIGHT
BEGIN:STANDARD
DTSTART:20271031T020000
TZOFFSETFROM:+0100
TZOFFSETTO:+0000
TZNAME:GMT
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:20280326T010000
TZOFFSETFROM:+0000
TZOFFSETTO:+0100
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
TZNAME:BST
END:DAYLIGHT
BEGIN:STANDARD
DTSTART:20281029T020000
TZOFFSETFROM:+0100
TZOFFSETTO:+0000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
TZNAME:GMT
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
UID:rehearsal-1@cantica
DTSTAMP:20260110T090000Z
LAST-MODIFIED:20260105T083000Z
DTSTART;TZID=Europe/London:20260303T193000
DTEND;TZID=Europe/London:20260303T213000
RRULE:FREQ=WEEKLY;BYDAY=TU;WKST=MO
EXDATE;TZID=Europe/London:20260317T193000
EXDATE;TZID=Europe/London:20260407T193000
SUMMARY:Tuesday rehearsal
DESCRIPTION:Bring pencils.\nWe sing Byrd\; then Tallis\, Sheppard and the M
 agnificat of the Eighth Tone.
LOCATION:St Mary's Church Hall\, 1 High Street\, London
URL:https://cantica.example/choirs/1/events/1
CATEGORIES:Rehearsal,Tutti\, all voices
STATUS:CONFIRMED
END:VEVENT
BEGIN:VEVENT
UID:rehearsal-1@cantica
DTSTAMP:20260110T090000Z
SEQUENCE:1
RECURRENCE-ID;TZID=Europe/London:20260331T193000
DTSTART;TZID=Europe/London:20260331T180000
DTEND;TZID=Europe/London:20260331T200000
SUMMARY:Tuesday rehearsal (early)
STATUS:TENTATIVE
END:VEVENT
END:VCALENDAR
`)
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWriteUTC(t *testing.T) {
	fixedNow(t)
	start := time.Date(2026, 6, 1, 18, 0, 0, 0, load(t, "Europe/Paris"))
	for _, loc := range []*time.Location{nil, time.UTC} {
		got := mustWrite(t, Calendar{ProdID: "-//x//y//EN", Events: []Event{{
			UID: "u", Stamp: stamp, Start: start, End: start.Add(90 * time.Minute), Location: loc,
			ExDates: []time.Time{start}, RecurrenceID: &start,
		}}})
		for _, want := range []string{
			"DTSTART:20260601T160000Z\r\n", "DTEND:20260601T173000Z\r\n",
			"EXDATE:20260601T160000Z\r\n", "RECURRENCE-ID:20260601T160000Z\r\n",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("location %v: no %q in\n%s", loc, want, got)
			}
		}
		if strings.Contains(got, "VTIMEZONE") {
			t.Errorf("location %v: UTC needs no VTIMEZONE:\n%s", loc, got)
		}
	}
}

func TestWriteAllDayDates(t *testing.T) {
	fixedNow(t)
	tokyo := load(t, "Asia/Tokyo")
	// 20:00 UTC on 31 May is already 1 June in Tokyo.
	start := time.Date(2026, 5, 31, 20, 0, 0, 0, time.UTC)
	got := mustWrite(t, Calendar{ProdID: "-//x//y//EN", Events: []Event{
		{UID: "in-tokyo", Stamp: stamp, AllDay: true, Location: tokyo, Start: start, End: start.AddDate(0, 0, 3),
			ExDates: []time.Time{start.AddDate(0, 0, 1)}, RecurrenceID: &start, RRule: "FREQ=DAILY"},
		{UID: "as-given", Stamp: stamp, AllDay: true, Start: start, End: start},
	}})
	for _, want := range []string{
		"UID:in-tokyo\r\nDTSTAMP:20260110T090000Z\r\nRECURRENCE-ID;VALUE=DATE:20260601\r\n" +
			"DTSTART;VALUE=DATE:20260601\r\nDTEND;VALUE=DATE:20260604\r\nRRULE:FREQ=DAILY\r\nEXDATE;VALUE=DATE:20260602\r\n",
		// An end on the start's day is a one-day event: DTEND is left out.
		"UID:as-given\r\nDTSTAMP:20260110T090000Z\r\nDTSTART;VALUE=DATE:20260531\r\nEND:VEVENT\r\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "VTIMEZONE") {
		t.Errorf("all-day events need no VTIMEZONE:\n%s", got)
	}
}

func TestWriteInstantHasNoEnd(t *testing.T) {
	fixedNow(t)
	start := time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)
	got := mustWrite(t, Calendar{ProdID: "p", Events: []Event{{UID: "u", Stamp: stamp, Start: start, End: start}}})
	if strings.Contains(got, "DTEND") {
		t.Errorf("an end equal to the start is written:\n%s", got)
	}
}

func TestWriteRefusesInvalid(t *testing.T) {
	fixedNow(t)
	start := time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)
	valid := Event{UID: "u", Stamp: stamp, Start: start}
	for _, tc := range []struct {
		name   string
		change func(c *Calendar)
		want   string
	}{
		{"no PRODID", func(c *Calendar) { c.ProdID = "" }, "no PRODID"},
		{"no UID", func(c *Calendar) { c.Events[0].UID = "" }, "no UID"},
		{"no stamp", func(c *Calendar) { c.Events[0].Stamp = time.Time{} }, "no DTSTAMP"},
		{"no start", func(c *Calendar) { c.Events[0].Start = time.Time{} }, "no start"},
		{"end before start", func(c *Calendar) { c.Events[0].End = start.Add(-time.Minute) }, "end is before the start"},
		{"all-day end before start", func(c *Calendar) {
			c.Events[0].AllDay, c.Events[0].End = true, start.AddDate(0, 0, -1)
		}, "end is before the start"},
		{"unknown status", func(c *Calendar) { c.Events[0].Status = "maybe" }, `status "maybe"`},
		{"RRULE with a line break", func(c *Calendar) { c.Events[0].RRule = "FREQ=DAILY\r\nATTENDEE:x" }, "control character"},
		{"URL with a line break", func(c *Calendar) { c.Events[0].URL = "https://x/\nSUMMARY:y" }, "control character"},
		{"RRULE with its name", func(c *Calendar) { c.Events[0].RRule = "RRULE:FREQ=DAILY" }, "value only"},
		{"nameless zone", func(c *Calendar) { c.Events[0].Location = time.FixedZone("", 3600) }, "cannot be a TZID"},
		{"property without X-", func(c *Calendar) { c.Events[0].Extra = []Property{{Name: "SUMMARY", Value: "x"}} }, "X-name"},
		{"property name with a line break", func(c *Calendar) {
			c.Events[0].Extra = []Property{{Name: "X-A\r\nSUMMARY", Value: "x"}}
		}, "X-name"},
		{"year of five digits", func(c *Calendar) { c.Events[0].End = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC) }, "year 10000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Calendar{ProdID: "p", Events: []Event{valid}}
			tc.change(&c)
			var b strings.Builder
			err := Write(&b, c)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one with %q", err, tc.want)
			}
			if b.Len() > 0 {
				t.Errorf("wrote %q before refusing", b.String())
			}
		})
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteReportsWriterError(t *testing.T) {
	if err := Write(failingWriter{}, allDayCalendar()); err == nil || err.Error() != "disk full" {
		t.Fatalf("error %v", err)
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                              "",
		-time.Hour:                     "",
		500 * time.Millisecond:         "",
		time.Second:                    "PT1S",
		15 * time.Minute:               "PT15M",
		time.Hour:                      "PT1H",
		90*time.Minute + 5*time.Second: "PT1H30M5S",
		24 * time.Hour:                 "P1D",
		36 * time.Hour:                 "P1DT12H",
		7 * 24 * time.Hour:             "P7D",
	} {
		if got := formatDuration(d); got != want {
			t.Errorf("formatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

// BenchmarkWriteOneZone measures a small feed in one zone, most of it the
// search for the zone's changes.
func BenchmarkWriteOneZone(b *testing.B) {
	london, _ := time.LoadLocation("Europe/London")
	start := time.Date(2026, 3, 3, 19, 30, 0, 0, london)
	c := Calendar{ProdID: "p", Events: []Event{{UID: "u", Stamp: stamp, Start: start, Location: london, RRule: "FREQ=WEEKLY"}}}
	for b.Loop() {
		if err := Write(io.Discard, c); err != nil {
			b.Fatal(err)
		}
	}
}
