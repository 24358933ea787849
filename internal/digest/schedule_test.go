package digest

import (
	"testing"
	"time"
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// The digest keeps the choir's wall-clock hour across both daylight-saving
// changes, in Europe and in the United States.
func TestScheduleKeepsLocalHourAcrossDaylightSaving(t *testing.T) {
	monday8 := Schedule{Enabled: true, Weekday: time.Monday, Hour: 8}
	for _, c := range []struct {
		name, tz string
		now      time.Time // some time in the week
		wantUTC  time.Time
	}{
		// Berlin goes to summer time on Sunday 28 March 2027: the Monday
		// after, 08:00 CEST is 06:00 UTC; the Monday before, 08:00 CET is 07:00 UTC.
		{"Berlin, the week before spring", "Europe/Berlin", time.Date(2027, 3, 24, 12, 0, 0, 0, time.UTC), time.Date(2027, 3, 22, 7, 0, 0, 0, time.UTC)},
		{"Berlin, the Monday after spring", "Europe/Berlin", time.Date(2027, 3, 30, 12, 0, 0, 0, time.UTC), time.Date(2027, 3, 29, 6, 0, 0, 0, time.UTC)},
		// And back to winter time on Sunday 25 October 2026.
		{"Berlin, the week before autumn", "Europe/Berlin", time.Date(2026, 10, 21, 12, 0, 0, 0, time.UTC), time.Date(2026, 10, 19, 6, 0, 0, 0, time.UTC)},
		{"Berlin, the Monday after autumn", "Europe/Berlin", time.Date(2026, 10, 27, 12, 0, 0, 0, time.UTC), time.Date(2026, 10, 26, 7, 0, 0, 0, time.UTC)},
		// New York: summer time from Sunday 14 March 2027, winter time from Sunday 1 November 2026.
		{"New York, the Monday after spring", "America/New_York", time.Date(2027, 3, 16, 12, 0, 0, 0, time.UTC), time.Date(2027, 3, 15, 12, 0, 0, 0, time.UTC)},
		{"New York, the Monday after autumn", "America/New_York", time.Date(2026, 11, 3, 12, 0, 0, 0, time.UTC), time.Date(2026, 11, 2, 13, 0, 0, 0, time.UTC)},
	} {
		t.Run(c.name, func(t *testing.T) {
			at := monday8.At(c.tz, c.now)
			if !at.Equal(c.wantUTC) {
				t.Fatalf("digest at %s, want %s", at.UTC(), c.wantUTC)
			}
			if local := at.In(mustZone(t, c.tz)); local.Hour() != 8 || local.Weekday() != time.Monday {
				t.Errorf("digest at %s local, want Monday 08:00", local)
			}
			if _, due := monday8.Due(c.tz, c.wantUTC.Add(-time.Minute)); due {
				t.Errorf("due a minute before 08:00 local")
			}
			if _, due := monday8.Due(c.tz, c.wantUTC); !due {
				t.Errorf("not due at 08:00 local")
			}
		})
	}
}

// A digest is due from its hour for a day, in the choir's own week; the
// week is named by the choir-local date, so a choir in Los Angeles whose
// Sunday evening is Monday in UTC names its own week.
func TestDueWindowAndWeek(t *testing.T) {
	s := Schedule{Enabled: true, Weekday: time.Sunday, Hour: 20}
	// Sunday 29 November 2026, 20:00 in Los Angeles is Monday 04:00 UTC.
	at := time.Date(2026, 11, 30, 4, 0, 0, 0, time.UTC)
	week, due := s.Due("America/Los_Angeles", at)
	if !due || week != "2026-W48" {
		t.Fatalf("Due at Sunday 20:00 Los Angeles: %s %v, want 2026-W48 true", week, due)
	}
	if _, due := s.Due("America/Los_Angeles", at.Add(23*time.Hour)); !due {
		t.Error("not due 23 hours late: a server back the next day still sends")
	}
	if w, due := s.Due("America/Los_Angeles", at.Add(25*time.Hour)); due {
		t.Errorf("due 25 hours late (week %s): a digest is not sent days late", w)
	}
	off := s
	off.Enabled = false
	if _, due := off.Due("America/Los_Angeles", at); due {
		t.Error("a choir with the digest off is due")
	}
	if next := s.Next("America/Los_Angeles", at.Add(time.Hour)); !next.Equal(at.AddDate(0, 0, 7)) {
		t.Errorf("Next after the digest: %s, want a week later", next)
	}
	if next := s.Next("America/Los_Angeles", at.Add(-time.Hour)); !next.Equal(at) {
		t.Errorf("Next before the digest: %s, want %s", next, at)
	}
}

func TestDurationAndNames(t *testing.T) {
	for secs, want := range map[float64]string{30: "under a minute", 90: "1 min", 3600: "1 h", 4800: "1 h 20 min"} {
		if got := Duration(secs); got != want {
			t.Errorf("Duration(%v) = %q, want %q", secs, got, want)
		}
	}
	if got := joinNames([]string{"A", "B", "C"}); got != "A, B and C" {
		t.Errorf("joinNames = %q", got)
	}
	if ParseWeekday("Monday") != time.Monday || ParseWeekday("someday") != -1 || WeekdayName(time.Sunday) != "sunday" {
		t.Error("weekday names")
	}
}
