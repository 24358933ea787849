package reminders_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/reminders"
)

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// Nothing goes from 20:00 to 08:00 in the choir's zone: what is due then
// goes at 08:00, also on the nights the clocks change.
func TestSendTimeKeepsQuietHours(t *testing.T) {
	berlin, york := zone(t, "Europe/Berlin"), zone(t, "America/New_York")
	cases := []struct {
		name    string
		due     time.Time
		loc     *time.Location
		wantUTC string
	}{
		{"daytime goes at once", time.Date(2026, 11, 24, 10, 15, 0, 0, berlin), berlin, "2026-11-24T09:15:00Z"},
		{"08:00 is day", time.Date(2026, 11, 24, 8, 0, 0, 0, berlin), berlin, "2026-11-24T07:00:00Z"},
		{"19:59 is day", time.Date(2026, 11, 24, 19, 59, 0, 0, berlin), berlin, "2026-11-24T18:59:00Z"},
		{"21:00 waits for the next morning", time.Date(2026, 11, 24, 21, 0, 0, 0, berlin), berlin, "2026-11-25T07:00:00Z"},
		{"20:00 is night", time.Date(2026, 11, 24, 20, 0, 0, 0, berlin), berlin, "2026-11-25T07:00:00Z"},
		{"03:00 waits for the same morning", time.Date(2026, 11, 25, 3, 0, 0, 0, berlin), berlin, "2026-11-25T07:00:00Z"},
		{"the night the clocks go forward", time.Date(2027, 3, 27, 22, 0, 0, 0, berlin), berlin, "2027-03-28T06:00:00Z"},
		{"the night the clocks go back", time.Date(2027, 10, 30, 22, 0, 0, 0, berlin), berlin, "2027-10-31T07:00:00Z"},
		{"New York, spring", time.Date(2027, 3, 13, 23, 30, 0, 0, york), york, "2027-03-14T12:00:00Z"},
		{"New York, autumn", time.Date(2027, 11, 6, 23, 30, 0, 0, york), york, "2027-11-07T13:00:00Z"},
	}
	for _, c := range cases {
		if got := reminders.SendTime(c.due, c.loc).UTC().Format(time.RFC3339); got != c.wantUTC {
			t.Errorf("%s: %s, want %s", c.name, got, c.wantUTC)
		}
	}
}

// An automatic reminder goes at 08:00 local on its day, whatever the
// offset that day.
func TestMorningAcrossDaylightSaving(t *testing.T) {
	berlin := zone(t, "Europe/Berlin")
	event := liturgy.NewDate(2027, 4, 1) // Maundy Thursday, after the spring change of 28 March
	for days, want := range map[int]string{7: "2027-03-25T07:00:00Z", 2: "2027-03-30T06:00:00Z"} {
		if got := reminders.Morning(reminders.ReminderDate(event, days), berlin).UTC().Format(time.RFC3339); got != want {
			t.Errorf("%d days before: %s, want %s", days, got, want)
		}
	}
}

func TestCheckDays(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
		ok   bool
	}{
		{[]int{2, 7}, "[7 2]", true}, {[]int{}, "[]", true}, {[]int{30}, "[30]", true},
		{[]int{0}, "", false}, {[]int{31}, "", false}, {[]int{3, 3}, "", false}, {[]int{1, 2, 3}, "", false}, {[]int{-1, 2}, "", false},
	} {
		got, ok := reminders.CheckDays(c.in)
		if ok != c.ok || ok && fmt.Sprint(got) != c.want {
			t.Errorf("CheckDays(%v) = %v, %v", c.in, got, ok)
		}
	}
	if line := reminders.ShortLine("Tenor", 2, 3, 2); line != "Tenor: 2 going, minimum 3; 2 have not answered" {
		t.Errorf("short line %q", line)
	}
}
