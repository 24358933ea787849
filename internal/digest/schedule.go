package digest

import (
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/zone"
)

// Schedule is when a choir's digest goes: a weekday and an hour in the
// choir's time zone (default Monday 08:00).
type Schedule struct {
	Enabled bool
	Weekday time.Weekday
	Hour    int
}

// DefaultSchedule is a new choir's.
var DefaultSchedule = Schedule{Enabled: true, Weekday: time.Monday, Hour: 8}

// lateness bounds how long after its hour a digest still goes: a server
// that was down at 08:00 sends at its return that day, not days late.
const lateness = 24 * time.Hour

// WeekOf names the ISO week of a choir-local time, e.g. "2026-W49".
func WeekOf(t time.Time) string {
	y, w := t.ISOWeek()
	return fmt.Sprintf("%04d-W%02d", y, w)
}

// At is the instant of the schedule in the ISO week (in the choir's zone)
// that contains now: the weekday's date at the hour, local wall-clock time,
// so 08:00 stays 08:00 across a daylight-saving change.
func (s Schedule) At(tz string, now time.Time) time.Time {
	loc, err := zone.Load(tz)
	if err != nil {
		loc = time.UTC
	}
	local := now.In(loc)
	// Days since this week's Monday (ISO weeks start on Monday).
	sinceMonday := (int(local.Weekday()) + 6) % 7
	dayOfWeek := (int(s.Weekday) + 6) % 7
	d := local.AddDate(0, 0, dayOfWeek-sinceMonday)
	return time.Date(d.Year(), d.Month(), d.Day(), s.Hour, 0, 0, 0, loc)
}

// Due says whether the digest of the week containing now (in the choir's
// zone) is due at now — its hour has come, less than a day ago — and names
// that week.
func (s Schedule) Due(tz string, now time.Time) (week string, due bool) {
	if !s.Enabled {
		return "", false
	}
	at := s.At(tz, now)
	if now.Before(at) {
		// Last week's, which may be less than a day ago (a Sunday digest
		// seen on Monday).
		at = s.At(tz, now.AddDate(0, 0, -7))
	}
	return WeekOf(at), !now.Before(at) && now.Before(at.Add(lateness))
}

// Next is the next time the digest goes after now (or now's week's, when
// it has not gone yet).
func (s Schedule) Next(tz string, now time.Time) time.Time {
	at := s.At(tz, now)
	if now.Before(at) {
		return at
	}
	loc := at.Location()
	d := at.AddDate(0, 0, 7)
	return time.Date(d.Year(), d.Month(), d.Day(), s.Hour, 0, 0, 0, loc)
}
