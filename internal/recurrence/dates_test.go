package recurrence

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/liturgy"
)

// date parses a YYYY-MM-DD literal of a test table.
func date(s string) liturgy.Date {
	d, err := liturgy.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// dates parses a space-separated list of YYYY-MM-DD literals.
func dates(s string) []liturgy.Date {
	var out []liturgy.Date
	for _, f := range strings.Fields(s) {
		out = append(out, date(f))
	}
	return out
}

func datesString(ds []liturgy.Date) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.String()
	}
	return strings.Join(parts, " ")
}

// Feast ids of the fake feast data.
const (
	easter      = "6f1c2a9e-0b7d-4c1e-9a55-3e2f4b6d8a01"
	epiphany    = "2b8e4d10-5c3a-4f7e-8d21-9a0b1c2d3e4f"
	christmas   = "a0c3e5f7-1b2d-4e6f-8a9b-0c1d2e3f4a5b"
	allSaints   = "d4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f70"
	noSuchFeast = "00000000-0000-4000-8000-000000000000"
)

// fakeFeasts knows a few feasts in 2026 to 2028 only, like a choir whose
// feast data covers those years.
var fakeFeastData = map[string][]liturgy.Date{
	easter:    dates("2026-04-05 2027-03-28 2028-04-16"),
	epiphany:  dates("2026-01-06 2027-01-06 2028-01-06"),
	christmas: dates("2026-12-25 2027-12-25 2028-12-25"),
	allSaints: dates("2026-11-01 2027-11-01 2028-11-01"),
}

func fakeFeasts(id string, from, to liturgy.Date) []liturgy.Date {
	var out []liturgy.Date
	for _, d := range fakeFeastData[id] {
		if !d.Before(from) && !d.After(to) {
			out = append(out, d)
		}
	}
	return out
}

// withoutYear hides one year of feast data, as when a year was never loaded.
func withoutYear(year int) FeastDates {
	return func(id string, from, to liturgy.Date) []liturgy.Date {
		return slices.DeleteFunc(fakeFeasts(id, from, to), func(d liturgy.Date) bool { return d.Year == year })
	}
}

func weeklyRule(interval int, days ...string) Rule {
	return Rule{Type: TypeWeeklyOnDays, WeeklyInterval: interval, WeeklyDays: days}
}

func TestDates(t *testing.T) {
	tests := []struct {
		name            string
		rule            Rule
		start, from, to string
		feasts          FeastDates
		want            string
	}{
		// weekly_on_days. 2026-01-07 is a Wednesday; its Monday-week is 5–11 January.
		{"weekly Tuesday from a mid-week start", weeklyRule(1, "tuesday"), "2026-01-07", "2026-01-01", "2026-01-31", nil,
			"2026-01-13 2026-01-20 2026-01-27"},
		{"interval 0 means every week", weeklyRule(0, "tuesday"), "2026-01-07", "2026-01-01", "2026-01-31", nil,
			"2026-01-13 2026-01-20 2026-01-27"},
		{"the start date is an occurrence when the rule yields it", weeklyRule(1, "wednesday"), "2026-01-07", "2026-01-01", "2026-01-21", nil,
			"2026-01-07 2026-01-14 2026-01-21"},
		{"every 2 weeks: week 0 is eligible after the start", weeklyRule(2, "tuesday", "thursday"), "2026-01-07", "2026-01-01", "2026-02-08", nil,
			"2026-01-08 2026-01-20 2026-01-22 2026-02-03 2026-02-05"},
		{"every 2 weeks: weeks start on Monday", weeklyRule(2, "monday"), "2026-01-11", "2026-01-01", "2026-02-28", nil,
			"2026-01-19 2026-02-02 2026-02-16"},
		{"every 2 weeks: a range that starts in an off week", weeklyRule(2, "tuesday", "thursday"), "2026-01-07", "2026-01-12", "2026-01-31", nil,
			"2026-01-20 2026-01-22"},
		{"every 3 weeks, five centuries on", weeklyRule(3, "wednesday"), "2026-01-07", "2526-01-01", "2526-03-06", nil,
			"2526-01-02 2526-01-23 2526-02-13 2526-03-06"},
		{"duplicate and untidy day names", weeklyRule(1, "Tuesday ", "tuesday", "TUESDAY"), "2026-01-07", "2026-01-01", "2026-01-20", nil,
			"2026-01-13 2026-01-20"},
		{"end date is inclusive", Rule{Type: TypeWeeklyOnDays, WeeklyDays: []string{"tuesday"}, EndDate: "2026-01-20"}, "2026-01-07", "2026-01-01", "2026-12-31", nil,
			"2026-01-13 2026-01-20"},
		{"nothing before the series start", weeklyRule(1, "tuesday"), "2026-03-01", "2026-01-01", "2026-03-10", nil,
			"2026-03-03 2026-03-10"},
		{"a range after the end date", Rule{Type: TypeWeeklyOnDays, WeeklyDays: []string{"tuesday"}, EndDate: "2026-01-20"}, "2026-01-07", "2026-02-01", "2026-03-01", nil,
			""},

		// fixed_date
		{"every year on 24 December", Rule{Type: TypeFixedDate, Month: "december", Day: 24}, "2025-06-01", "2025-01-01", "2028-12-31", nil,
			"2025-12-24 2026-12-24 2027-12-24 2028-12-24"},
		{"29 February only in leap years", Rule{Type: TypeFixedDate, Month: "february", Day: 29}, "2024-01-01", "2024-01-01", "2029-12-31", nil,
			"2024-02-29 2028-02-29"},
		{"2100 is not a leap year", Rule{Type: TypeFixedDate, Month: "february", Day: 29}, "2090-01-01", "2095-01-01", "2105-12-31", nil,
			"2096-02-29 2104-02-29"},
		{"day 31 monthly skips the short months", Rule{Type: TypeFixedDate, Day: 31}, "2026-01-01", "2026-01-01", "2026-12-31", nil,
			"2026-01-31 2026-03-31 2026-05-31 2026-07-31 2026-08-31 2026-10-31 2026-12-31"},
		{"day 30 monthly skips February", Rule{Type: TypeFixedDate, Day: 30}, "2026-01-01", "2026-01-01", "2026-04-30", nil,
			"2026-01-30 2026-03-30 2026-04-30"},
		{"day 29 monthly: February of a leap year only", Rule{Type: TypeFixedDate, Day: 29}, "2027-01-01", "2027-01-01", "2028-03-31", nil,
			"2027-01-29 2027-03-29 2027-04-29 2027-05-29 2027-06-29 2027-07-29 2027-08-29 2027-09-29 2027-10-29 2027-11-29 2027-12-29 2028-01-29 2028-02-29 2028-03-29"},
		{"monthly: range edges inside months", Rule{Type: TypeFixedDate, Day: 15}, "2026-01-01", "2026-01-16", "2026-04-14", nil,
			"2026-02-15 2026-03-15"},
		{"yearly with an end date on the day", Rule{Type: TypeFixedDate, Month: "june", Day: 30, EndDate: "2027-06-30"}, "2026-01-01", "2026-01-01", "2030-12-31", nil,
			"2026-06-30 2027-06-30"},

		// calendar_structure
		{"third Thursday of November", Rule{Type: TypeCalendarStructure, Occurrence: "third", Weekday: "thursday", Month: "november"}, "2026-01-01", "2026-01-01", "2028-12-31", nil,
			"2026-11-19 2027-11-18 2028-11-16"},
		{"last Friday of every month", Rule{Type: TypeCalendarStructure, Occurrence: "last", Weekday: "friday"}, "2026-01-01", "2026-01-01", "2026-12-31", nil,
			"2026-01-30 2026-02-27 2026-03-27 2026-04-24 2026-05-29 2026-06-26 2026-07-31 2026-08-28 2026-09-25 2026-10-30 2026-11-27 2026-12-25"},
		{"first Monday of every month", Rule{Type: TypeCalendarStructure, Occurrence: "first", Weekday: "monday"}, "2026-01-01", "2026-02-01", "2026-03-31", nil,
			"2026-02-02 2026-03-02"},
		{"second Monday of every month", Rule{Type: TypeCalendarStructure, Occurrence: "second", Weekday: "monday"}, "2026-01-01", "2026-02-01", "2026-03-31", nil,
			"2026-02-09 2026-03-09"},
		{"fourth Monday of every month", Rule{Type: TypeCalendarStructure, Occurrence: "fourth", Weekday: "monday"}, "2026-01-01", "2026-02-01", "2026-03-31", nil,
			"2026-02-23 2026-03-23"},
		{"last Monday is the fourth in February 2026, the fifth in March", Rule{Type: TypeCalendarStructure, Occurrence: "last", Weekday: "monday"}, "2026-01-01", "2026-02-01", "2026-03-31", nil,
			"2026-02-23 2026-03-30"},
		{"last Sunday of February 2032 is the 29th", Rule{Type: TypeCalendarStructure, Occurrence: "last", Weekday: "sunday", Month: "february"}, "2031-01-01", "2031-01-01", "2032-12-31", nil,
			"2031-02-23 2032-02-29"},

		// relative_to_feast: Easter 2026-04-05, 2027-03-28, 2028-04-16
		{"2 weeks before Easter", Rule{Type: TypeRelativeToFeast, Offset: 2, Unit: "weeks", Direction: "before", FeastID: easter}, "2026-01-01", "2026-01-01", "2028-12-31", fakeFeasts,
			"2026-03-22 2027-03-14 2028-04-02"},
		{"3 days after Easter", Rule{Type: TypeRelativeToFeast, Offset: 3, Unit: "days", Direction: "after", FeastID: easter}, "2026-01-01", "2026-01-01", "2028-12-31", fakeFeasts,
			"2026-04-08 2027-03-31 2028-04-19"},
		{"missing feast data for 2027", Rule{Type: TypeRelativeToFeast, Offset: 2, Unit: "weeks", Direction: "before", FeastID: easter}, "2026-01-01", "2026-01-01", "2028-12-31", withoutYear(2027),
			"2026-03-22 2028-04-02"},
		{"before-offset into December from an early-January feast", Rule{Type: TypeRelativeToFeast, Offset: 10, Unit: "days", Direction: "before", FeastID: epiphany}, "2026-01-01", "2026-12-01", "2026-12-31", fakeFeasts,
			"2026-12-27"},
		{"52 weeks before Christmas 2027 lands in 2026", Rule{Type: TypeRelativeToFeast, Offset: 52, Unit: "weeks", Direction: "before", FeastID: christmas}, "2026-01-01", "2026-12-20", "2026-12-31", fakeFeasts,
			"2026-12-26"},
		{"after-offset into January from a December feast", Rule{Type: TypeRelativeToFeast, Offset: 2, Unit: "weeks", Direction: "after", FeastID: christmas}, "2026-01-01", "2027-01-01", "2027-01-31", fakeFeasts,
			"2027-01-08"},
		{"an offset before the series start is not an occurrence", Rule{Type: TypeRelativeToFeast, Offset: 2, Unit: "weeks", Direction: "before", FeastID: easter}, "2026-03-23", "2026-01-01", "2027-12-31", fakeFeasts,
			"2027-03-14"},
		{"no feast data at all", Rule{Type: TypeRelativeToFeast, Offset: 1, Unit: "days", Direction: "after", FeastID: noSuchFeast}, "2026-01-01", "2026-01-01", "2028-12-31", fakeFeasts,
			""},
		{"nil feasts yields nothing", Rule{Type: TypeRelativeToFeast, Offset: 2, Unit: "weeks", Direction: "before", FeastID: easter}, "2026-01-01", "2026-01-01", "2028-12-31", nil,
			""},

		// weekday_relative_to_feast: All Saints 2026-11-01 is a Sunday, 2027-11-01 a Monday.
		{"the Sunday before a Sunday feast is a week earlier", Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "sunday", Direction: "before", FeastID: allSaints}, "2026-01-01", "2026-01-01", "2027-12-31", fakeFeasts,
			"2026-10-25 2027-10-31"},
		{"the Sunday after a Sunday feast is a week later", Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "sunday", Direction: "after", FeastID: allSaints}, "2026-01-01", "2026-01-01", "2027-12-31", fakeFeasts,
			"2026-11-08 2027-11-07"},
		{"the Saturday before", Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "saturday", Direction: "before", FeastID: allSaints}, "2026-01-01", "2026-01-01", "2027-12-31", fakeFeasts,
			"2026-10-31 2027-10-30"},
		{"the Monday after", Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "monday", Direction: "after", FeastID: allSaints}, "2026-01-01", "2026-01-01", "2027-12-31", fakeFeasts,
			"2026-11-02 2027-11-08"},
		{"the Friday after Easter, 2027 missing", Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "friday", Direction: "after", FeastID: easter}, "2026-01-01", "2026-01-01", "2028-12-31", withoutYear(2027),
			"2026-04-10 2028-04-21"},
		{"the Wednesday before Epiphany (a Wednesday in 2027) is in December", Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "wednesday", Direction: "before", FeastID: epiphany}, "2025-01-01", "2026-12-01", "2026-12-31", fakeFeasts,
			"2026-12-30"},
		{"nil feasts, weekday rule", Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "sunday", Direction: "before", FeastID: allSaints}, "2026-01-01", "2026-01-01", "2028-12-31", nil,
			""},

		// invalid rules yield nothing
		{"no days chosen", weeklyRule(1), "2026-01-01", "2026-01-01", "2026-12-31", nil, ""},
		{"31 April", Rule{Type: TypeFixedDate, Month: "april", Day: 31}, "2026-01-01", "2026-01-01", "2026-12-31", nil, ""},
		{"unknown type", Rule{Type: "daily", Day: 1}, "2026-01-01", "2026-01-01", "2026-12-31", nil, ""},
		{"a broken end date", Rule{Type: TypeFixedDate, Day: 1, EndDate: "30/06/2027"}, "2026-01-01", "2026-01-01", "2026-12-31", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Dates(tt.rule, date(tt.start), date(tt.from), date(tt.to), tt.feasts)
			if datesString(got) != tt.want {
				t.Errorf("Dates = %q\nwant    %q", datesString(got), tt.want)
			}
		})
	}
}

// referenceMatches is a slow, day-by-day reading of the rules that do not
// depend on feasts, written independently of the package's arithmetic.
func referenceMatches(r Rule, start, d liturgy.Date) bool {
	weekday := strings.ToLower(d.Weekday().String())
	month := strings.ToLower(d.Month.String())
	switch r.Type {
	case TypeWeeklyOnDays:
		if !slices.Contains(r.WeeklyDays, weekday) {
			return false
		}
		monday, startMonday := d, start
		for monday.Weekday() != time.Monday {
			monday = monday.AddDays(-1)
		}
		for startMonday.Weekday() != time.Monday {
			startMonday = startMonday.AddDays(-1)
		}
		return monday.Sub(startMonday)/7%r.WeeklyInterval == 0
	case TypeFixedDate:
		return d.Day == r.Day && (r.Month == "" || r.Month == month)
	case TypeCalendarStructure:
		if weekday != r.Weekday || r.Month != "" && r.Month != month {
			return false
		}
		if r.Occurrence == "last" {
			return d.AddDays(7).Month != d.Month
		}
		return []string{"first", "second", "third", "fourth", "fifth"}[(d.Day-1)/7] == r.Occurrence
	}
	panic("no reference for " + r.Type)
}

func referenceDates(r Rule, start, from, to liturgy.Date) []liturgy.Date {
	var out []liturgy.Date
	for d := from; !d.After(to) && len(out) < MaxOccurrences; d = d.AddDays(1) {
		if !d.Before(start) && referenceMatches(r, start, d) {
			out = append(out, d)
		}
	}
	return out
}

// TestDatesAgreeWithDayByDay compares every weekly day set and interval up
// to 3, every fixed date and every calendar-structure rule with the
// day-by-day reference, over ranges that include leap years, 2100 and a
// far-future range.
func TestDatesAgreeWithDayByDay(t *testing.T) {
	weekdayNames := []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
	monthNames := append([]string{""}, "january", "february", "march", "april", "may", "june",
		"july", "august", "september", "october", "november", "december")

	var rules []Rule
	for set := 1; set < 1<<7; set++ {
		var days []string
		for i, name := range weekdayNames {
			if set&(1<<i) != 0 {
				days = append(days, name)
			}
		}
		for interval := 1; interval <= 3; interval++ {
			rules = append(rules, weeklyRule(interval, days...))
		}
	}
	for _, month := range monthNames {
		for day := 1; day <= 31; day++ {
			if r := (Rule{Type: TypeFixedDate, Month: month, Day: day}); r.Validate() == nil {
				rules = append(rules, r)
			}
		}
		for _, occurrence := range []string{"first", "second", "third", "fourth", "last"} {
			for _, weekday := range weekdayNames {
				rules = append(rules, Rule{Type: TypeCalendarStructure, Occurrence: occurrence, Weekday: weekday, Month: month})
			}
		}
	}

	ranges := []struct{ start, from, to string }{
		{"2023-12-28", "2023-12-20", "2026-03-01"},
		{"2024-01-03", "2024-02-10", "2029-12-31"},
		{"2025-06-15", "2099-11-01", "2101-03-01"},
		{"2026-01-07", "2526-01-01", "2527-06-30"},
	}
	checked := 0
	for _, r := range rules {
		for _, rg := range ranges {
			start, from, to := date(rg.start), date(rg.from), date(rg.to)
			got, want := Dates(r, start, from, to, nil), referenceDates(r, start, from, to)
			if !slices.Equal(got, want) {
				t.Fatalf("%+v from %s in [%s, %s]:\n got %s\nwant %s", r, start, from, to, datesString(got), datesString(want))
			}
			checked++
		}
	}
	if checked < 2000 {
		t.Fatalf("only %d comparisons", checked)
	}
	t.Logf("%d rules × ranges agree", checked)
}

func TestDatesCapAndFarRanges(t *testing.T) {
	weekdaysOnly := weeklyRule(1, "monday", "tuesday", "wednesday", "thursday", "friday", "saturday")
	got := Dates(weekdaysOnly, date("2026-01-05"), date("2026-01-01"), date("2028-12-31"), nil)
	if len(got) != MaxOccurrences || got[0] != date("2026-01-05") || got[99] != date("2026-04-30") {
		t.Errorf("Monday–Saturday over 3 years: %d dates, %v … %v; want 100, 2026-01-05 … 2026-04-30", len(got), got[0], got[len(got)-1])
	}

	// Absurd ranges must return quickly and still be capped.
	begin := time.Now()
	leapDay := Dates(Rule{Type: TypeFixedDate, Month: "february", Day: 29}, date("0001-01-01"), date("0001-01-01"), date("9999-12-31"), nil)
	if len(leapDay) != MaxOccurrences || leapDay[0] != date("0004-02-29") || leapDay[99] != date("0412-02-29") {
		t.Errorf("29 February from year 1: %d dates, %v … %v; want 100, 0004-02-29 … 0412-02-29", len(leapDay), leapDay[0], leapDay[len(leapDay)-1])
	}
	if slices.ContainsFunc(leapDay, func(d liturgy.Date) bool { return d.Year%100 == 0 && d.Year%400 != 0 }) {
		t.Error("a century that is not a leap year got 29 February")
	}
	weekly := Dates(weeklyRule(52, "sunday"), date("2026-01-01"), date("9000-01-01"), date("9999-12-31"), nil)
	if len(weekly) != MaxOccurrences {
		t.Errorf("every 52 weeks in 9000–9999: %d dates, want 100", len(weekly))
	}
	for _, d := range weekly {
		if d.Weekday() != time.Sunday || mondayOf(d).Sub(date("2025-12-29"))/7%52 != 0 {
			t.Fatalf("%v is not a Sunday of every 52nd week from 2025-12-29", d)
		}
	}
	far := Dates(Rule{Type: TypeCalendarStructure, Occurrence: "last", Weekday: "friday"}, date("0001-01-01"), date("9990-01-01"), date("9999-12-31"), nil)
	if len(far) != MaxOccurrences || far[0] != date("9990-01-26") {
		t.Errorf("last Friday from year 1, range 9990–9999: %d dates starting %v", len(far), far[0])
	}
	if elapsed := time.Since(begin); elapsed > time.Second {
		t.Errorf("far ranges took %v", elapsed)
	}
}

func ExampleDates() {
	rule := Rule{Type: TypeWeeklyOnDays, WeeklyInterval: 2, WeeklyDays: []string{"tuesday", "thursday"}}
	for _, d := range Dates(rule, liturgy.NewDate(2026, time.January, 7), liturgy.NewDate(2026, time.January, 1), liturgy.NewDate(2026, time.January, 31), nil) {
		fmt.Println(d)
	}
	// Output:
	// 2026-01-08
	// 2026-01-20
	// 2026-01-22
}
