package choirmail_test

import (
	"testing"
	"time"

	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choirmail"
)

func TestWhenReadsInTheChoirsZone(t *testing.T) {
	t.Parallel()
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	cases := []struct {
		name       string
		allDay     bool
		start, end string
		zone       string
		want       string
	}{
		{"evening in London (winter)", false, "2026-12-03T19:30:00Z", "2026-12-03T21:30:00Z", "Europe/London", "Thursday 3 December 2026, 19:30–21:30"},
		{"summer time", false, "2026-07-02T18:30:00Z", "2026-07-02T20:30:00Z", "Europe/London", "Thursday 2 July 2026, 19:30–21:30"},
		{"across midnight in the zone", false, "2026-12-03T22:00:00Z", "2026-12-04T02:00:00Z", "America/New_York", "Thursday 3 December 2026, 17:00–21:00"},
		{"two days", false, "2026-12-03T22:00:00Z", "2026-12-04T01:00:00Z", "Europe/Berlin", "Thursday 3 December 2026, 23:00 – Friday 4 December 2026, 02:00"},
		{"unknown zone reads as UTC", false, "2026-12-03T19:30:00Z", "2026-12-03T21:30:00Z", "Nowhere/Else", "Thursday 3 December 2026, 19:30–21:30"},
		{"one day, all day", true, "2026-12-24T00:00:00Z", "2026-12-25T00:00:00Z", "Pacific/Auckland", "Thursday 24 December 2026, all day"},
		{"three days, all day", true, "2026-12-24T00:00:00Z", "2026-12-27T00:00:00Z", "Pacific/Auckland", "Thursday 24 December 2026 – Saturday 26 December 2026, all day"},
	}
	for _, c := range cases {
		o := &calendar.Occurrence{Shown: &calendar.Event{AllDay: c.allDay}, Start: at(c.start), End: at(c.end)}
		if got := choirmail.When(o, c.zone); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestZonePlaceNamesTheZoneByItsPlace(t *testing.T) {
	for tz, want := range map[string]string{
		"America/New_York":               "New York time",
		"Europe/London":                  "London time",
		"America/Argentina/Buenos_Aires": "Buenos Aires time",
		"UTC":                            "UTC",
		"Etc/UTC":                        "UTC",
		"":                               "UTC",
		"Etc/GMT+5":                      "GMT+5",
	} {
		if got := choirmail.ZonePlace(tz); got != want {
			t.Errorf("ZonePlace(%q) = %q, want %q", tz, got, want)
		}
	}
}
