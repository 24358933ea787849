package recurrence

import (
	"fmt"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the tests must not depend on the machine's zone files
)

func mustZone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// at parses a wall-clock time "2006-01-02 15:04" in loc.
func at(t testing.TB, loc *time.Location, s string) time.Time {
	t.Helper()
	v, err := time.ParseInLocation("2006-01-02 15:04", s, loc)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func utc(t testing.TB, s string) time.Time { return at(t, time.UTC, s) }

// occurrencesString writes occurrences as "date start→end" with UTC instants
// and the local wall clock, so that a test shows both.
func occurrencesString(os []Occurrence) string {
	var b strings.Builder
	for i, o := range os {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s %s→%s (local %s)", o.Date, o.Start.UTC().Format("2006-01-02T15:04Z"),
			o.End.UTC().Format("2006-01-02T15:04Z"), o.Start.Format("15:04"))
	}
	return b.String()
}

func TestExpand(t *testing.T) {
	london, newYork := mustZone(t, "Europe/London"), mustZone(t, "America/New_York")
	tuesdays := weeklyRule(1, "tuesday")
	twoWeeksBeforeEaster := Rule{Type: TypeRelativeToFeast, Offset: 2, Unit: "weeks", Direction: "before", FeastID: easter}

	tests := []struct {
		name     string
		series   Series
		from, to string // UTC
		want     string
	}{
		{
			"London spring forward (29 March 2026): 19:30 local, 19:30Z then 18:30Z",
			Series{Rule: tuesdays, Start: at(t, london, "2026-03-17 19:30"), Duration: 2 * time.Hour, Location: london},
			"2026-03-20 00:00", "2026-04-05 00:00",
			"2026-03-24 2026-03-24T19:30Z→2026-03-24T21:30Z (local 19:30); 2026-03-31 2026-03-31T18:30Z→2026-03-31T20:30Z (local 19:30)",
		},
		{
			"London fall back (25 October 2026): 18:30Z then 19:30Z",
			Series{Rule: tuesdays, Start: at(t, london, "2026-03-17 19:30"), Duration: 2 * time.Hour, Location: london},
			"2026-10-15 00:00", "2026-11-01 00:00",
			"2026-10-20 2026-10-20T18:30Z→2026-10-20T20:30Z (local 19:30); 2026-10-27 2026-10-27T19:30Z→2026-10-27T21:30Z (local 19:30)",
		},
		{
			"New York spring forward (8 March 2026)",
			Series{Rule: tuesdays, Start: at(t, newYork, "2026-03-03 19:30"), Duration: 2 * time.Hour, Location: newYork},
			"2026-03-01 00:00", "2026-03-15 00:00",
			"2026-03-03 2026-03-04T00:30Z→2026-03-04T02:30Z (local 19:30); 2026-03-10 2026-03-10T23:30Z→2026-03-11T01:30Z (local 19:30)",
		},
		{
			"New York fall back (1 November 2026)",
			Series{Rule: tuesdays, Start: at(t, newYork, "2026-03-03 19:30"), Duration: 2 * time.Hour, Location: newYork},
			"2026-10-25 00:00", "2026-11-08 00:00",
			"2026-10-27 2026-10-27T23:30Z→2026-10-28T01:30Z (local 19:30); 2026-11-03 2026-11-04T00:30Z→2026-11-04T02:30Z (local 19:30)",
		},
		{
			"all-day on the spring-forward Sunday is 23 hours, from local midnight",
			Series{Rule: weeklyRule(1, "sunday"), Start: at(t, london, "2026-03-01 00:00"), Duration: 24 * time.Hour, AllDay: true, Location: london},
			"2026-03-28 00:00", "2026-04-01 00:00",
			"2026-03-29 2026-03-29T00:00Z→2026-03-29T23:00Z (local 00:00)",
		},
		{
			"all-day on the fall-back Sunday is 25 hours, from local midnight",
			Series{Rule: weeklyRule(1, "sunday"), Start: at(t, london, "2026-03-01 00:00"), Duration: 24 * time.Hour, AllDay: true, Location: london},
			"2026-10-24 00:00", "2026-10-27 00:00",
			"2026-10-25 2026-10-24T23:00Z→2026-10-26T00:00Z (local 00:00)",
		},
		{
			"an all-day duration stored across a change (23h) still means one day",
			Series{Rule: weeklyRule(1, "sunday"), Start: at(t, london, "2026-03-29 00:00"), Duration: 23 * time.Hour, AllDay: true, Location: london},
			"2026-04-04 00:00", "2026-04-06 00:00",
			"2026-04-05 2026-04-04T23:00Z→2026-04-05T23:00Z (local 00:00)",
		},
		{
			"a three-day all-day occurrence that started before the range overlaps it",
			Series{Rule: Rule{Type: TypeFixedDate, Month: "december", Day: 24}, Start: at(t, london, "2025-12-24 00:00"), Duration: 72 * time.Hour, AllDay: true, Location: london},
			"2026-12-26 12:00", "2027-01-10 00:00",
			"2026-12-24 2026-12-24T00:00Z→2026-12-27T00:00Z (local 00:00)",
		},
		{
			"an evening occurrence running past midnight overlaps a range starting after midnight",
			Series{Rule: tuesdays, Start: at(t, london, "2026-01-06 23:00"), Duration: 3 * time.Hour, Location: london},
			"2026-01-07 00:30", "2026-01-14 00:00",
			"2026-01-06 2026-01-06T23:00Z→2026-01-07T02:00Z (local 23:00); 2026-01-13 2026-01-13T23:00Z→2026-01-14T02:00Z (local 23:00)",
		},
		{
			"an occurrence ending exactly at the range start does not overlap; one starting at the range end neither",
			Series{Rule: tuesdays, Start: at(t, london, "2026-01-06 23:00"), Duration: 3 * time.Hour, Location: london},
			"2026-01-07 02:00", "2026-01-13 23:00",
			"",
		},
		{
			"a zero-length occurrence at the range start counts",
			Series{Rule: tuesdays, Start: at(t, london, "2026-01-06 10:00"), Location: london},
			"2026-01-13 10:00", "2026-01-13 10:01",
			"2026-01-13 2026-01-13T10:00Z→2026-01-13T10:00Z (local 10:00)",
		},
		{
			"the end date is inclusive, whatever the time of day",
			Series{Rule: Rule{Type: TypeWeeklyOnDays, WeeklyDays: []string{"tuesday"}, EndDate: "2026-01-20"}, Start: at(t, london, "2026-01-06 23:30"), Duration: time.Hour, Location: london},
			"2026-01-01 00:00", "2026-03-01 00:00",
			"2026-01-06 2026-01-06T23:30Z→2026-01-07T00:30Z (local 23:30); 2026-01-13 2026-01-13T23:30Z→2026-01-14T00:30Z (local 23:30); 2026-01-20 2026-01-20T23:30Z→2026-01-21T00:30Z (local 23:30)",
		},
		{
			"feast-relative at 10:00 local, across years and summer time",
			Series{Rule: twoWeeksBeforeEaster, Start: at(t, london, "2026-01-01 10:00"), Duration: time.Hour, Location: london},
			"2026-01-01 00:00", "2029-01-01 00:00",
			"2026-03-22 2026-03-22T10:00Z→2026-03-22T11:00Z (local 10:00); 2027-03-14 2027-03-14T10:00Z→2027-03-14T11:00Z (local 10:00); 2028-04-02 2028-04-02T09:00Z→2028-04-02T10:00Z (local 10:00)",
		},
		{
			"the series' local date counts, not the UTC one (New York 21:00 is 02:00Z the next day)",
			Series{Rule: tuesdays, Start: at(t, newYork, "2026-01-06 21:00"), Duration: time.Hour, Location: newYork},
			"2026-01-07 00:00", "2026-01-14 12:00",
			"2026-01-06 2026-01-07T02:00Z→2026-01-07T03:00Z (local 21:00); 2026-01-13 2026-01-14T02:00Z→2026-01-14T03:00Z (local 21:00)",
		},
		{
			"an empty range",
			Series{Rule: tuesdays, Start: at(t, london, "2026-01-06 10:00"), Duration: time.Hour, Location: london},
			"2026-01-13 12:00", "2026-01-13 12:00",
			"",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Expand(tt.series, utc(t, tt.from), utc(t, tt.to), fakeFeasts)
			if s := occurrencesString(got); s != tt.want {
				t.Errorf("Expand =\n%s\nwant\n%s", s, tt.want)
			}
		})
	}
}

func TestExpandFirstOccurrenceIsTheStoredStart(t *testing.T) {
	london := mustZone(t, "Europe/London")
	start := time.Date(2026, time.June, 2, 19, 30, 15, 123456789, london)
	got := Expand(Series{Rule: tuesdays(), Start: start, Duration: time.Hour, Location: london}, start.Add(-time.Hour), start.Add(time.Hour), nil)
	if len(got) != 1 || !got[0].Start.Equal(start) {
		t.Fatalf("got %v, want one occurrence starting at %v", got, start)
	}
}

func tuesdays() Rule { return weeklyRule(1, "tuesday") }

func TestExpandNilLocationUsesTheStartsZone(t *testing.T) {
	london := mustZone(t, "Europe/London")
	got := Expand(Series{Rule: tuesdays(), Start: at(t, london, "2026-03-24 19:30"), Duration: time.Hour},
		utc(t, "2026-03-30 00:00"), utc(t, "2026-04-01 00:00"), nil)
	if s := occurrencesString(got); s != "2026-03-31 2026-03-31T18:30Z→2026-03-31T19:30Z (local 19:30)" {
		t.Errorf("got %s", s)
	}
}

func TestExpandCap(t *testing.T) {
	london := mustZone(t, "Europe/London")
	series := Series{
		Rule:     weeklyRule(1, "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"),
		Start:    at(t, london, "2026-01-05 19:30"),
		Duration: 2 * time.Hour,
		Location: london,
	}
	got := Expand(series, utc(t, "2026-01-01 00:00"), utc(t, "2029-01-01 00:00"), nil)
	if len(got) != MaxOccurrences || got[0].Date != date("2026-01-05") || got[99].Date != date("2026-04-30") {
		t.Fatalf("got %d occurrences, %v … %v; want 100, 2026-01-05 … 2026-04-30", len(got), got[0].Date, got[len(got)-1].Date)
	}
	// The first 100 of the range, not of the series.
	got = Expand(series, utc(t, "2027-06-01 00:00"), utc(t, "2029-01-01 00:00"), nil)
	if len(got) != MaxOccurrences || got[0].Date != date("2027-06-01") {
		t.Fatalf("got %d occurrences from %v; want 100 from 2027-06-01", len(got), got[0].Date)
	}
	// Long occurrences that start before the range do not take places from
	// the ones inside it: the cap counts overlapping occurrences only.
	long := series
	long.Duration = 10 * 24 * time.Hour
	got = Expand(long, utc(t, "2027-06-01 00:00"), utc(t, "2029-01-01 00:00"), nil)
	if len(got) != MaxOccurrences || got[0].Date != date("2027-05-22") {
		t.Fatalf("10-day occurrences: got %d from %v; want 100 from 2027-05-22", len(got), got[0].Date)
	}

	// ExpandCapped names the first occurrence the cap left out.
	got, cut := ExpandCapped(series, utc(t, "2026-01-01 00:00"), utc(t, "2029-01-01 00:00"), nil)
	if len(got) != MaxOccurrences || cut == nil || cut.Date != date("2026-05-01") || !cut.Start.Equal(at(t, london, "2026-05-01 19:30")) {
		t.Errorf("cut after %d occurrences: %+v; want the one of 2026-05-01 19:30", len(got), cut)
	}
	// Exactly 100 in the range: nothing is cut.
	if got, cut := ExpandCapped(series, utc(t, "2026-01-01 00:00"), utc(t, "2026-04-30 20:00"), nil); len(got) != MaxOccurrences || cut != nil {
		t.Errorf("100 in range: %d occurrences, cut %+v", len(got), cut)
	}
	if got, cut := ExpandCapped(series, utc(t, "2026-01-01 00:00"), utc(t, "2026-02-01 00:00"), nil); len(got) != 24 || cut != nil {
		t.Errorf("January: %d occurrences, cut %+v", len(got), cut)
	}
}

func TestExpandFarRange(t *testing.T) {
	london := mustZone(t, "Europe/London")
	series := Series{Rule: weeklyRule(2, "sunday"), Start: at(t, london, "2026-01-04 10:00"), Duration: time.Hour, Location: london}
	begin := time.Now()
	got := Expand(series, utc(t, "2526-01-01 00:00"), utc(t, "2526-02-01 00:00"), nil)
	// 2026-01-04 is in the week of Monday 2025-12-29; the Sundays of even
	// weeks from there in January 2526 (checked independently).
	if s := datesOf(got); s != "2526-01-13 2526-01-27" {
		t.Errorf("got %s", s)
	}
	all := Expand(series, time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC), nil)
	if len(all) != MaxOccurrences || all[0].Date != date("2026-01-04") {
		t.Errorf("year 1 to 9999: %d occurrences from %v", len(all), all[0].Date)
	}
	if elapsed := time.Since(begin); elapsed > time.Second {
		t.Errorf("far ranges took %v", elapsed)
	}
}

func datesOf(os []Occurrence) string {
	var parts []string
	for _, o := range os {
		parts = append(parts, o.Date.String())
	}
	return strings.Join(parts, " ")
}

func BenchmarkExpandWeeklyOneYear(b *testing.B) {
	london := mustZone(b, "Europe/London")
	series := Series{Rule: tuesdays(), Start: at(b, london, "2026-01-06 19:30"), Duration: 2 * time.Hour, Location: london}
	from, to := utc(b, "2027-01-01 00:00"), utc(b, "2028-01-01 00:00")
	for b.Loop() {
		if got := Expand(series, from, to, nil); len(got) != 52 {
			b.Fatalf("%d occurrences", len(got))
		}
	}
}
