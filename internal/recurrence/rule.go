// Package recurrence expands a choir event's recurrence rule into occurrences,
// validates rules with a message per field, describes a rule in plain English
// and writes the rules RFC 5545 can express as an RRULE value.
//
// It is pure logic: standard library only, plus the civil-date type of
// internal/liturgy. Feast dates come from the caller through FeastDates, and
// the caller resolves the time zone (Series.Location).
//
// Every function is lenient about case and surrounding spaces in names
// ("Tuesday ", "WEEKS"); Normalize (which Parse applies) is what to store.
package recurrence

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/liturgy"
)

// The rule types of the specification (calendar document §3).
const (
	TypeWeeklyOnDays           = "weekly_on_days"
	TypeFixedDate              = "fixed_date"
	TypeCalendarStructure      = "calendar_structure"
	TypeRelativeToFeast        = "relative_to_feast"
	TypeWeekdayRelativeToFeast = "weekday_relative_to_feast"
)

// MaxOccurrences caps the occurrences generated per event per expansion
// (specification §9).
const MaxOccurrences = 100

// Limits a user could hit in the rule builder. A feast-relative offset of
// more than a year would leave the liturgical year it belongs to.
const (
	maxOffsetDays     = 366
	maxOffsetWeeks    = 52
	maxWeeklyInterval = 52
)

// Rule is a recurrence rule as the API carries it. Which fields matter depends
// on Type; the others are ignored.
type Rule struct {
	Type string `json:"type"` // one of the Type… constants
	// fixed_date: Month ("" means every month) and Day 1..31.
	Month string `json:"month,omitempty"` // "january".."december"
	Day   int    `json:"day,omitempty"`
	// relative_to_feast: Offset >= 1 Unit (days|weeks) Direction (before|after) FeastID.
	Offset    int    `json:"offset,omitempty"`
	Unit      string `json:"unit,omitempty"`
	Direction string `json:"direction,omitempty"`
	FeastID   string `json:"feastId,omitempty"` // UUID of a master feast
	// weekday_relative_to_feast: Weekday, Direction, FeastID.
	Weekday string `json:"weekday,omitempty"` // "sunday".."saturday"
	// calendar_structure: Occurrence (first..fourth|last), Weekday, Month ("" means every month).
	Occurrence string `json:"occurrence,omitempty"`
	// weekly_on_days: WeeklyInterval >= 1 (0 means 1), WeeklyDays non-empty.
	WeeklyInterval int      `json:"weeklyInterval,omitempty"`
	WeeklyDays     []string `json:"weeklyDays,omitempty"`
	// All types.
	TZID    string `json:"tzid,omitempty"`    // IANA zone; "" means the choir's zone
	EndDate string `json:"endDate,omitempty"` // YYYY-MM-DD, the last date an occurrence may fall on
}

var weekdays = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday,
}

var months = map[string]time.Month{
	"january": time.January, "february": time.February, "march": time.March, "april": time.April,
	"may": time.May, "june": time.June, "july": time.July, "august": time.August,
	"september": time.September, "october": time.October, "november": time.November, "december": time.December,
}

// ordinals maps calendar_structure occurrences to n of "the n-th weekday";
// -1 is the last one.
var ordinals = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1}

// clean is how every name is compared: case and surrounding spaces do not matter.
func clean(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func weekdayNamed(s string) (time.Weekday, bool) { w, ok := weekdays[clean(s)]; return w, ok }
func monthNamed(s string) (time.Month, bool)     { m, ok := months[clean(s)]; return m, ok }

// interval is the weekly interval with 0 read as the default 1.
func (r Rule) interval() int {
	if r.WeeklyInterval == 0 {
		return 1
	}
	return r.WeeklyInterval
}

// Normalize returns the rule as it should be stored: names lowercase and
// trimmed, duplicate weekly days removed, a weekly interval of 0 set to 1.
// It does not validate.
func (r Rule) Normalize() Rule {
	r.Type = clean(r.Type)
	r.Month = clean(r.Month)
	r.Unit = clean(r.Unit)
	r.Direction = clean(r.Direction)
	r.FeastID = clean(r.FeastID) // UUIDs compare case-insensitively; store the canonical lowercase
	r.Weekday = clean(r.Weekday)
	r.Occurrence = clean(r.Occurrence)
	r.TZID = strings.TrimSpace(r.TZID) // zone names are case-sensitive
	r.EndDate = strings.TrimSpace(r.EndDate)
	if r.Type == TypeWeeklyOnDays {
		r.WeeklyInterval = r.interval()
	}
	var days []string // nil when empty, as JSON's omitempty will read it back
	for _, d := range r.WeeklyDays {
		if d = clean(d); !slices.Contains(days, d) {
			days = append(days, d)
		}
	}
	r.WeeklyDays = days
	return r
}

// jsonNames holds the exact JSON field names of Rule.
var jsonNames = func() map[string]bool {
	names := map[string]bool{}
	t := reflect.TypeFor[Rule]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		names[name] = true
	}
	return names
}()

// Parse decodes a rule strictly and normalises it. Unknown fields are an
// error, and so are field names in another case ("FeastID"), which
// encoding/json would otherwise accept. Parse does not validate.
func Parse(data []byte) (Rule, error) {
	// json.Decoder.DisallowUnknownFields still matches names
	// case-insensitively, so check the exact names first. Unmarshal also
	// refuses anything after the object.
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return Rule{}, fmt.Errorf("recurrence: rule is not a JSON object: %w", err)
	}
	if fields == nil {
		return Rule{}, errors.New("recurrence: rule is null, not a JSON object")
	}
	for name := range fields {
		if !jsonNames[name] {
			return Rule{}, fmt.Errorf("recurrence: unknown field %q", name)
		}
	}
	var r Rule
	if err := json.Unmarshal(data, &r); err != nil {
		return Rule{}, fmt.Errorf("recurrence: %w", err)
	}
	return r.Normalize(), nil
}

// Validate returns nil for a valid rule, or a plain-English message per JSON
// field name for a choir director. An unknown type gives only the "type"
// error, since the other fields mean nothing without it.
func (r Rule) Validate() map[string]string {
	problems := r.problems()
	if _, unknownType := problems["type"]; !unknownType && !knownZone(strings.TrimSpace(r.TZID)) {
		if problems == nil {
			problems = map[string]string{}
		}
		problems["tzid"] = "Unknown time zone"
	}
	return problems
}

// problems is Validate without the time zone, which only the caller's
// expansion uses and which costs a file read to check. Dates and RRule
// refuse a rule with problems.
func (r Rule) problems() map[string]string {
	var p map[string]string
	add := func(field, message string) {
		if p == nil {
			p = map[string]string{}
		}
		p[field] = message
	}

	switch clean(r.Type) {
	case TypeWeeklyOnDays:
		if r.WeeklyInterval < 0 {
			add("weeklyInterval", "Interval must be at least 1")
		} else if r.WeeklyInterval > maxWeeklyInterval {
			add("weeklyInterval", fmt.Sprintf("Interval can be at most %d weeks", maxWeeklyInterval))
		}
		if len(r.WeeklyDays) == 0 {
			add("weeklyDays", "Select at least one day")
		}
		for _, d := range r.WeeklyDays {
			if _, ok := weekdayNamed(d); !ok {
				add("weeklyDays", fmt.Sprintf("%q is not a day of the week", d))
				break
			}
		}

	case TypeFixedDate:
		month, monthOK := monthNamed(r.Month)
		if strings.TrimSpace(r.Month) != "" && !monthOK {
			add("month", "Choose a month")
		}
		switch {
		case r.Day < 1 || r.Day > 31:
			add("day", "Day must be between 1 and 31")
		case monthOK && r.Day > longestMonth(month):
			add("day", fmt.Sprintf("%s has only %d days", month, longestMonth(month)))
		}

	case TypeCalendarStructure:
		n, nOK := ordinals[clean(r.Occurrence)]
		if !nOK {
			add("occurrence", "Choose first, second, third, fourth or last")
		}
		weekday, weekdayOK := weekdayNamed(r.Weekday)
		if !weekdayOK {
			add("weekday", "Choose a day of the week")
		}
		month, monthOK := monthNamed(r.Month)
		if strings.TrimSpace(r.Month) != "" && !monthOK {
			add("month", "Choose a month")
		}
		// The n-th weekday exists in some year of the month when its earliest
		// possible day (the month starting on that weekday) fits the month's
		// longest length. The "last" weekday always exists.
		if nOK && weekdayOK && monthOK && n > 0 && 7*(n-1)+1 > longestMonth(month) {
			add("occurrence", fmt.Sprintf("There is no %s %s in %s", clean(r.Occurrence), weekday, month))
		}

	case TypeRelativeToFeast:
		unit := clean(r.Unit)
		switch {
		case r.Offset < 1:
			add("offset", "Offset must be at least 1")
		case unit == "days" && r.Offset > maxOffsetDays:
			add("offset", fmt.Sprintf("Offset can be at most %d days", maxOffsetDays))
		case unit == "weeks" && r.Offset > maxOffsetWeeks:
			add("offset", fmt.Sprintf("Offset can be at most %d weeks", maxOffsetWeeks))
		}
		if unit != "days" && unit != "weeks" {
			add("unit", "Choose days or weeks")
		}
		r.checkFeastAndDirection(add)

	case TypeWeekdayRelativeToFeast:
		if _, ok := weekdayNamed(r.Weekday); !ok {
			add("weekday", "Choose a day of the week")
		}
		r.checkFeastAndDirection(add)

	case "":
		return map[string]string{"type": "Choose how the event repeats"}
	default:
		return map[string]string{"type": "Unknown recurrence type"}
	}

	if end := strings.TrimSpace(r.EndDate); end != "" {
		if _, err := liturgy.ParseDate(end); err != nil {
			add("endDate", "Please give the end date as YYYY-MM-DD.")
		}
	}
	return p
}

func (r Rule) checkFeastAndDirection(add func(field, message string)) {
	if d := clean(r.Direction); d != "before" && d != "after" {
		add("direction", "Choose before or after")
	}
	if !isUUID(strings.TrimSpace(r.FeastID)) {
		add("feastId", "Choose a feast")
	}
}

// longestMonth is the most days month m ever has (29 for February).
func longestMonth(m time.Month) int {
	if m == time.February {
		return 29
	}
	return daysIn(2001, m)
}

// daysIn is the number of days of month m in year y.
func daysIn(y int, m time.Month) int {
	return liturgy.NewDate(y, m+1, 1).AddDays(-1).Day
}

// isUUID reports whether s has the 8-4-4-4-12 hexadecimal form of a UUID.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// knownZone reports whether name is "" (the choir's zone) or an IANA zone the
// time package can load. "Local" is refused: it means the server's zone.
// Only the characters of IANA names are allowed, so a name never reaches the
// file system as anything but a zone name.
func knownZone(name string) bool {
	if name == "" {
		return true
	}
	if name == "Local" {
		return false
	}
	for _, c := range name {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.ContainsRune("/_-+", c)) {
			return false
		}
	}
	_, err := time.LoadLocation(name)
	return err == nil
}
