package liturgy

import (
	"testing"
	"time"
)

func TestSeasonOf(t *testing.T) {
	t.Parallel()
	cases := []struct {
		cal, date, want string
	}{
		// Advent 2026 begins on 29 November.
		{"general_roman_ordinary", "2026-11-28", "ordinary_time"},
		{"general_roman_ordinary", "2026-11-29", "advent"},
		{"general_roman_ordinary", "2026-12-24", "advent"},
		// Christmas to the Baptism of the Lord (Sunday 10 January 2027).
		{"general_roman_ordinary", "2026-12-25", "christmas"},
		{"general_roman_ordinary", "2027-01-01", "christmas"},
		{"general_roman_ordinary", "2027-01-10", "christmas"},
		{"general_roman_ordinary", "2027-01-11", "ordinary_time"},
		// USA: Epiphany on Sunday 3 January 2027, the Baptism on the 10th.
		{"novus_ordo_usa", "2027-01-10", "christmas"},
		{"novus_ordo_usa", "2027-01-11", "ordinary_time"},
		// USA 2019: Epiphany on Sunday 6 January, the Baptism a week later.
		{"novus_ordo_usa", "2019-01-13", "christmas"},
		{"novus_ordo_usa", "2019-01-14", "ordinary_time"},
		// Epiphany on Sunday 8 January 2023 (USA): Baptism on Monday 9.
		{"novus_ordo_usa", "2023-01-09", "christmas"},
		{"novus_ordo_usa", "2023-01-10", "ordinary_time"},
		// Lent 2027: Ash Wednesday 10 February to Saturday 20 March.
		{"general_roman_ordinary", "2027-02-09", "ordinary_time"},
		{"general_roman_ordinary", "2027-02-10", "lent"},
		{"general_roman_ordinary", "2027-03-20", "lent"},
		// Holy Week 21-27 March 2027, Easter 28 March, Pentecost 16 May.
		{"general_roman_ordinary", "2027-03-21", "holy_week"},
		{"general_roman_ordinary", "2027-03-27", "holy_week"},
		{"general_roman_ordinary", "2027-03-28", "easter"},
		{"general_roman_ordinary", "2027-05-16", "easter"},
		{"general_roman_ordinary", "2027-05-17", "ordinary_time"},
		{"anglican_common_worship", "2027-02-10", "lent"},
		{"lutheran_elca", "2027-05-16", "easter"},
		{"episcopal_usa", "2027-01-10", "christmas"},
		{"episcopal_usa", "2027-01-11", "ordinary_time"},
		// Traditional Roman: 13 January, Septuagesima (24 January 2027) to Shrove Tuesday.
		{"roman_1962_extraordinary", "2027-01-13", "christmas"},
		{"roman_1962_extraordinary", "2027-01-14", "after_epiphany"},
		{"roman_1962_extraordinary", "2027-01-23", "after_epiphany"},
		{"roman_1962_extraordinary", "2027-01-24", "septuagesima"},
		{"roman_1962_extraordinary", "2027-02-09", "septuagesima"},
		{"roman_1962_extraordinary", "2027-02-10", "lent"},
		{"roman_1955_pre_reform", "2027-05-17", "after_pentecost"},
		{"roman_1955_pre_reform", "2027-11-27", "after_pentecost"},
		{"roman_1955_pre_reform", "2027-11-28", "advent"},
		// Orthodox Pascha 2 May 2027: Clean Monday 15 March, Lazarus Saturday 24 April.
		{"orthodox_eastern", "2027-03-14", "ordinary_time"},
		{"orthodox_eastern", "2027-03-15", "great_lent"},
		{"orthodox_eastern", "2027-04-24", "great_lent"},
		{"orthodox_eastern", "2027-04-25", "holy_week"},
		{"orthodox_eastern", "2027-05-01", "holy_week"},
		{"orthodox_eastern", "2027-05-02", "pascha"},
		{"orthodox_russian", "2027-06-20", "pascha"},
		{"orthodox_russian", "2027-06-21", "ordinary_time"},
		{"orthodox_eastern", "2026-11-14", "ordinary_time"},
		{"orthodox_eastern", "2026-11-15", "nativity_fast"},
		{"orthodox_eastern", "2026-12-24", "nativity_fast"},
		{"orthodox_eastern", "2026-12-25", "ordinary_time"},
		// Russian: the fast in the Julian calendar, 28 November to 6 January civil.
		{"orthodox_russian", "2026-11-27", "ordinary_time"},
		{"orthodox_russian", "2026-11-28", "nativity_fast"},
		{"orthodox_russian", "2027-01-06", "nativity_fast"},
		{"orthodox_russian", "2027-01-07", "ordinary_time"},
	}
	for _, c := range cases {
		d, err := ParseDate(c.date)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := SeasonOf(c.cal, d)
		if !ok || s.Key != c.want {
			t.Errorf("SeasonOf(%s, %s) = %q %v, want %q", c.cal, c.date, s.Key, ok, c.want)
		}
	}
}

func TestSeasonOfSecularHasNone(t *testing.T) {
	t.Parallel()
	for _, cal := range []string{"secular_general", "", "no_such_calendar"} {
		if s, ok := SeasonOf(cal, NewDate(2027, time.March, 28)); ok {
			t.Errorf("SeasonOf(%q) = %v, want none", cal, s)
		}
		if got := Seasons(cal); len(got) != 0 {
			t.Errorf("Seasons(%q) = %v, want none", cal, got)
		}
	}
}

// Every day of a year, in every calendar with seasons, is in one of the
// calendar's seasons, and every listed season occurs in the year.
func TestEveryDayHasASeasonOfItsCalendar(t *testing.T) {
	t.Parallel()
	for _, cal := range Calendars() {
		if cal == "secular_general" {
			continue
		}
		listed := map[string]bool{}
		for _, s := range Seasons(cal) {
			if s.Name == "" || listed[s.Key] {
				t.Errorf("%s: season %v is unnamed or listed twice", cal, s)
			}
			listed[s.Key] = true
		}
		for _, year := range []int{1900, 2026, 2027, 2038, 2100, 2200} {
			seen := map[string]bool{}
			for d := NewDate(year, time.January, 1); d.Year == year; d = d.AddDays(1) {
				s, ok := SeasonOf(cal, d)
				if !ok || !listed[s.Key] {
					t.Fatalf("%s %s: season %v %v is not one of %v", cal, d, s, ok, Seasons(cal))
				}
				seen[s.Key] = true
			}
			if len(seen) != len(listed) {
				t.Errorf("%s %d: seasons seen %v, listed %v", cal, year, seen, listed)
			}
		}
	}
}
