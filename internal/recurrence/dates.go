package recurrence

import (
	"iter"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/liturgy"
)

// FeastDates is the caller's lookup of the dates, ascending, on which a
// master feast falls within [from, to]. Years without feast data simply give
// nothing.
type FeastDates func(feastID string, from, to liturgy.Date) []liturgy.Date

// The dates a rule can produce: occurrences outside years 1 to 9999 cannot be
// written as YYYY-MM-DD, and clamping keeps every loop bounded however far
// apart the caller's range ends are.
var (
	firstDate = liturgy.NewDate(1, time.January, 1)
	lastDate  = liturgy.NewDate(9999, time.December, 31)
)

// Dates returns the rule's dates that are on or after start (the series'
// first date), on or before the rule's end date if it has one, and within
// [from, to]: ascending, without duplicates, at most MaxOccurrences (the
// first ones). The start date itself is a date only if the rule yields it.
// An invalid rule (see Validate; the time zone is not checked) yields nothing.
func Dates(r Rule, start, from, to liturgy.Date, feasts FeastDates) []liturgy.Date {
	var out []liturgy.Date
	for d := range datesIn(r, start, from, to, feasts) {
		out = append(out, d)
		if len(out) == MaxOccurrences {
			break
		}
	}
	return out
}

// datesIn yields the rule's dates in [from, to] from start until the end
// date, ascending and without duplicates. It is the uncapped form of Dates,
// so that Expand can skip dates whose occurrences end before its range.
func datesIn(r Rule, start, from, to liturgy.Date, feasts FeastDates) iter.Seq[liturgy.Date] {
	nothing := func(func(liturgy.Date) bool) {}
	if r.problems() != nil {
		return nothing
	}
	lo, hi := latest(from, start, firstDate), earliest(to, lastDate)
	if end := strings.TrimSpace(r.EndDate); end != "" {
		endDate, _ := liturgy.ParseDate(end) // valid: problems checked it
		hi = earliest(hi, endDate)
	}
	if hi.Before(lo) {
		return nothing
	}

	switch clean(r.Type) {
	case TypeWeeklyOnDays:
		return weekly(r, start, lo, hi)
	case TypeFixedDate:
		return fixedDate(r, lo, hi)
	case TypeCalendarStructure:
		return calendarStructure(r, lo, hi)
	case TypeRelativeToFeast, TypeWeekdayRelativeToFeast:
		return fromFeasts(r, lo, hi, feasts)
	}
	return nothing
}

// weekly yields the chosen weekdays of every interval-th week, weeks running
// Monday to Sunday and counted from the week of the series start (week 0,
// which is eligible). That is RFC 5545's FREQ=WEEKLY;WKST=MO.
func weekly(r Rule, start, lo, hi liturgy.Date) iter.Seq[liturgy.Date] {
	var chosen [7]bool // indexed by days after Monday
	for _, name := range r.WeeklyDays {
		w, _ := weekdayNamed(name)
		chosen[daysAfterMonday(w)] = true
	}
	interval := r.interval()
	firstWeek := mondayOf(start)
	// Jump straight to the first eligible week that can reach lo, however far
	// the range is from the series start. lo is never before start, so the
	// week index is never negative.
	week := mondayOf(lo).Sub(firstWeek) / 7
	if behind := week % interval; behind != 0 {
		week += interval - behind
	}
	return func(yield func(liturgy.Date) bool) {
		for monday := firstWeek.AddDays(7 * week); !monday.After(hi); monday = monday.AddDays(7 * interval) {
			for i, on := range chosen {
				if !on {
					continue
				}
				d := monday.AddDays(i)
				if d.Before(lo) {
					continue
				}
				if d.After(hi) || !yield(d) {
					return
				}
			}
		}
	}
}

func daysAfterMonday(w time.Weekday) int { return (int(w) + 6) % 7 }

func mondayOf(d liturgy.Date) liturgy.Date { return d.AddDays(-daysAfterMonday(d.Weekday())) }

// fixedDate yields Month/Day every year (29 February only in leap years), or
// with no month Day of every month that has it.
func fixedDate(r Rule, lo, hi liturgy.Date) iter.Seq[liturgy.Date] {
	month, yearly := monthNamed(r.Month)
	return eachMonth(lo, hi, yearly, month, func(y int, m time.Month) (liturgy.Date, bool) {
		if r.Day > daysIn(y, m) {
			return liturgy.Date{}, false
		}
		return liturgy.Date{Year: y, Month: m, Day: r.Day}, true
	})
}

// calendarStructure yields the first..fourth or last Weekday of Month every
// year, or of every month when there is no month.
func calendarStructure(r Rule, lo, hi liturgy.Date) iter.Seq[liturgy.Date] {
	month, yearly := monthNamed(r.Month)
	weekday, _ := weekdayNamed(r.Weekday)
	n := ordinals[clean(r.Occurrence)]
	return eachMonth(lo, hi, yearly, month, func(y int, m time.Month) (liturgy.Date, bool) {
		return nthWeekday(y, m, weekday, n)
	})
}

// nthWeekday returns the n-th weekday w of month m in year y (n = -1: the
// last one), and false when the month has no n-th such weekday.
func nthWeekday(y int, m time.Month, w time.Weekday, n int) (liturgy.Date, bool) {
	if n < 0 {
		last := liturgy.Date{Year: y, Month: m, Day: daysIn(y, m)}
		daysBack := (int(last.Weekday()) - int(w) + 7) % 7
		return last.AddDays(-daysBack), true
	}
	first := liturgy.Date{Year: y, Month: m, Day: 1}
	d := first.AddDays((int(w)-int(first.Weekday())+7)%7 + 7*(n-1))
	return d, d.Month == m
}

// eachMonth yields dateIn(y, m) for every month from lo's to hi's (only
// month m of each year when yearly) where it exists and lies in [lo, hi].
func eachMonth(lo, hi liturgy.Date, yearly bool, month time.Month, dateIn func(int, time.Month) (liturgy.Date, bool)) iter.Seq[liturgy.Date] {
	return func(yield func(liturgy.Date) bool) {
		y, m := lo.Year, lo.Month
		if yearly {
			m = month
		}
		for y < hi.Year || y == hi.Year && m <= hi.Month {
			if d, ok := dateIn(y, m); ok && !d.Before(lo) {
				if d.After(hi) || !yield(d) {
					return
				}
			}
			if yearly {
				y++
			} else if m++; m > time.December {
				y, m = y+1, time.January
			}
		}
	}
}

// fromFeasts yields the dates of the feast-relative rules. Feast dates are
// asked for with a margin of the largest offset a rule may have on both
// sides, so that an occurrence inside the range whose feast is outside it
// (a feast in early January, an offset back into December) is not lost, and
// so that every feast rule of a range asks for the same window (specification
// §9 fetches feasts 12 months either side), which a caller can cache.
func fromFeasts(r Rule, lo, hi liturgy.Date, feasts FeastDates) iter.Seq[liturgy.Date] {
	if feasts == nil {
		return func(func(liturgy.Date) bool) {}
	}
	shift := feastShift(r)
	var dates []liturgy.Date
	for _, feast := range feasts(clean(r.FeastID), lo.AddDays(-maxOffsetDays), hi.AddDays(maxOffsetDays)) {
		if d := shift(feast); !d.Before(lo) && !d.After(hi) {
			dates = append(dates, d)
		}
	}
	// The caller promises ascending dates; sorting costs little and keeps
	// the promise of this package even if it does not.
	slices.SortFunc(dates, liturgy.Date.Compare)
	dates = slices.Compact(dates)
	return slices.Values(dates)
}

// feastShift returns how a feast date becomes an occurrence date.
func feastShift(r Rule) func(liturgy.Date) liturgy.Date {
	before := clean(r.Direction) == "before"
	if clean(r.Type) == TypeRelativeToFeast {
		days := r.Offset
		if clean(r.Unit) == "weeks" {
			days *= 7
		}
		if before {
			days = -days
		}
		return func(d liturgy.Date) liturgy.Date { return d.AddDays(days) }
	}
	// The nearest given weekday strictly before or after the feast: the
	// Sunday before a feast that is itself a Sunday is a week earlier.
	w, _ := weekdayNamed(r.Weekday)
	return func(d liturgy.Date) liturgy.Date {
		if before {
			return d.AddDays(-((int(d.Weekday())-int(w)+6)%7 + 1))
		}
		return d.AddDays((int(w)-int(d.Weekday())+6)%7 + 1)
	}
}

func latest(dates ...liturgy.Date) liturgy.Date {
	return slices.MaxFunc(dates, liturgy.Date.Compare)
}

func earliest(dates ...liturgy.Date) liturgy.Date {
	return slices.MinFunc(dates, liturgy.Date.Compare)
}
