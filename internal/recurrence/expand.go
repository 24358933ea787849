package recurrence

import (
	"time"

	"github.com/cantica/cantica/internal/liturgy"
)

// Series is a recurring event as stored.
type Series struct {
	Rule Rule
	// Start is the first start instant as stored; its wall-clock date and
	// time are read in Location.
	Start time.Time
	// Duration is end − start; for an all-day event a multiple of 24h that
	// counts whole days.
	Duration time.Duration
	AllDay   bool
	// Location is the zone whose wall clock every occurrence keeps (the
	// rule's tzid, or the choir's zone: the caller resolves it). nil means
	// Start's own location.
	Location *time.Location
}

// Occurrence is one generated occurrence of a series.
type Occurrence struct {
	// Date is the occurrence's civil date in the series' location; it
	// identifies the occurrence ('{eventId}-occurrence-{yyyy-MM-dd}').
	Date       liturgy.Date
	Start, End time.Time
}

const day = 24 * time.Hour

// Expand returns the occurrences of the series whose [Start, End) overlaps
// [from, to) (a zero-length occurrence counts when its start is in the
// range), ascending, at most MaxOccurrences: the first ones in the range.
//
// Each occurrence keeps the series' wall-clock time in its location, so a
// 19:30 rehearsal is at 19:30 local time on both sides of a daylight-saving
// change and its UTC instant moves. A wall-clock time that does not exist on
// a given day (inside a spring-forward gap) is normalised the way time.Date
// does it. An all-day occurrence runs from local midnight of its date to
// local midnight as many days later as the series lasts.
func Expand(s Series, from, to time.Time, feasts FeastDates) []Occurrence {
	out, _ := ExpandCapped(s, from, to, feasts)
	return out
}

// ExpandCapped is Expand that also says where the cap cut the range: cut is
// the first overlapping occurrence left out, or nil when none was. The
// answer is complete for any part of the range that ends before cut starts.
func ExpandCapped(s Series, from, to time.Time, feasts FeastDates) (out []Occurrence, cut *Occurrence) {
	if !from.Before(to) {
		return nil, nil
	}
	loc := s.Location
	if loc == nil {
		loc = s.Start.Location()
	}
	first := s.Start.In(loc)
	duration := max(s.Duration, 0)
	// All-day durations stored between two local midnights are 23h or 25h
	// across a daylight-saving change: round to whole days.
	allDays := max(1, int((duration+day/2)/day))

	occurrenceOn := func(d liturgy.Date) Occurrence {
		if s.AllDay {
			return Occurrence{
				Date:  d,
				Start: time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, loc),
				End:   time.Date(d.Year, d.Month, d.Day+allDays, 0, 0, 0, 0, loc),
			}
		}
		// The nanoseconds are kept too, so that the first occurrence starts
		// at exactly the stored instant (an edited occurrence replaces the
		// generated one with the same start time).
		start := time.Date(d.Year, d.Month, d.Day, first.Hour(), first.Minute(), first.Second(), first.Nanosecond(), loc)
		return Occurrence{Date: d, Start: start, End: start.Add(duration)}
	}

	// An occurrence that starts before `from` overlaps it if it lasts long
	// enough: look back by the longest span plus a day for daylight saving
	// and time.Date's normalisation; and a day beyond `to` for the same reason.
	span := int(duration / day)
	if s.AllDay {
		span = allDays
	}
	lookFrom := liturgy.DateOf(from.In(loc)).AddDays(-span - 1)
	lookTo := liturgy.DateOf(to.In(loc)).AddDays(1)

	for d := range datesIn(s.Rule, liturgy.DateOf(first), lookFrom, lookTo, feasts) {
		if o := occurrenceOn(d); overlaps(o, from, to) {
			if len(out) == MaxOccurrences {
				return out, &o
			}
			out = append(out, o)
		}
	}
	return out, nil
}

func overlaps(o Occurrence, from, to time.Time) bool {
	if !o.End.After(o.Start) {
		return !o.Start.Before(from) && o.Start.Before(to)
	}
	return o.Start.Before(to) && o.End.After(from)
}
