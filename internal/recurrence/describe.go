package recurrence

import (
	"fmt"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/liturgy"
)

// Describe puts the rule in plain English for the rule builder and the
// calendar detail: "Every 2 weeks on Tuesday and Thursday", "3 weeks before
// Easter Sunday", "The third Thursday of November, every year". feastName is
// the display name of the rule's feast ("" reads "the feast"). A rule of an
// unknown type gives "".
func Describe(r Rule, feastName string) string {
	if feastName = strings.TrimSpace(feastName); feastName == "" {
		feastName = "the feast"
	}
	var text string
	switch clean(r.Type) {
	case TypeWeeklyOnDays:
		text = "Every week"
		if n := r.interval(); n != 1 {
			text = fmt.Sprintf("Every %d weeks", n)
		}
		if days := chosenDays(r.WeeklyDays); len(days) > 0 {
			names := make([]string, len(days))
			for i, w := range days {
				names[i] = w.String()
			}
			text += " on " + joinAnd(names)
		}

	case TypeRelativeToFeast:
		unit := strings.TrimSuffix(clean(r.Unit), "s") // "day" or "week"
		if r.Offset != 1 {
			unit += "s"
		}
		text = fmt.Sprintf("%d %s %s %s", r.Offset, unit, clean(r.Direction), feastName)

	case TypeWeekdayRelativeToFeast:
		text = fmt.Sprintf("The %s %s %s", capitalize(r.Weekday), clean(r.Direction), feastName)

	case TypeFixedDate:
		if m, ok := monthNamed(r.Month); ok {
			text = fmt.Sprintf("Every year on %d %s", r.Day, m)
		} else {
			text = fmt.Sprintf("Every month on day %d", r.Day)
		}

	case TypeCalendarStructure:
		nth := fmt.Sprintf("The %s %s", clean(r.Occurrence), capitalize(r.Weekday))
		if m, ok := monthNamed(r.Month); ok {
			text = fmt.Sprintf("%s of %s, every year", nth, m)
		} else {
			text = nth + " of every month"
		}

	default:
		return ""
	}
	if end, err := liturgy.ParseDate(strings.TrimSpace(r.EndDate)); err == nil {
		text += fmt.Sprintf(", until %d %s %d", end.Day, end.Month, end.Year)
	}
	return text
}

// chosenDays returns the known weekdays among names, once each, Monday first.
func chosenDays(names []string) []time.Weekday {
	var chosen [7]bool // indexed by days after Monday
	for _, name := range names {
		if w, ok := weekdayNamed(name); ok {
			chosen[daysAfterMonday(w)] = true
		}
	}
	var days []time.Weekday
	for i, on := range chosen {
		if on {
			days = append(days, time.Weekday((i+1)%7))
		}
	}
	return days
}

// joinAnd joins ["A", "B", "C"] as "A, B and C".
func joinAnd(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func capitalize(name string) string {
	name = clean(name)
	if name == "" {
		return ""
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// RRule returns the RFC 5545 RRULE value (without "RRULE:") of a weekly,
// fixed-date or calendar-structure rule, with UNTIL when until is not zero
// (the instant of the last allowed start, written in UTC). Feast-relative
// rules, which RFC 5545 cannot express, and invalid rules give "", false.
//
// The DTSTART written beside it should be the series' first occurrence:
// RFC 5545 counts a DTSTART the rule does not yield as an extra occurrence.
func RRule(r Rule, until time.Time) (string, bool) {
	if r.problems() != nil {
		return "", false
	}
	var parts []string
	switch clean(r.Type) {
	case TypeWeeklyOnDays:
		parts = append(parts, "FREQ=WEEKLY")
		if n := r.interval(); n != 1 {
			parts = append(parts, fmt.Sprintf("INTERVAL=%d", n))
		}
		var days []string
		for _, w := range chosenDays(r.WeeklyDays) {
			days = append(days, icalDay(w))
		}
		parts = append(parts, "BYDAY="+strings.Join(days, ","), "WKST=MO")

	case TypeFixedDate:
		if m, ok := monthNamed(r.Month); ok {
			parts = append(parts, "FREQ=YEARLY", fmt.Sprintf("BYMONTH=%d", m))
		} else {
			parts = append(parts, "FREQ=MONTHLY")
		}
		parts = append(parts, fmt.Sprintf("BYMONTHDAY=%d", r.Day))

	case TypeCalendarStructure:
		if m, ok := monthNamed(r.Month); ok {
			parts = append(parts, "FREQ=YEARLY", fmt.Sprintf("BYMONTH=%d", m))
		} else {
			parts = append(parts, "FREQ=MONTHLY")
		}
		w, _ := weekdayNamed(r.Weekday)
		parts = append(parts, fmt.Sprintf("BYDAY=%d%s", ordinals[clean(r.Occurrence)], icalDay(w)))

	default:
		return "", false
	}
	if !until.IsZero() {
		parts = append(parts, "UNTIL="+until.UTC().Format("20060102T150405Z"))
	}
	return strings.Join(parts, ";"), true
}

// icalDay is RFC 5545's two-letter weekday: MO, TU, …
func icalDay(w time.Weekday) string { return strings.ToUpper(w.String()[:2]) }
