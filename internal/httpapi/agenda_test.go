package httpapi_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

// The agenda reads the caller's own answers of a range in one request,
// each named as the events list names its event or occurrence.
func TestMyAnswersOfARangeNameTheEventsListsEntries(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		series := c.create(t, weeklyRehearsal(map[string]any{"start": "2026-11-24T19:30:00Z", "end": "2026-11-24T21:30:00Z"})).Str("id")
		concert := c.create(t, map[string]any{"title": "Advent Carols", "eventType": "concert", "start": "2026-12-13T18:00:00Z",
			"end": "2026-12-13T19:30:00Z"}).Str("id")
		answer := func(who *apptest.Client, id, status string) {
			t.Helper()
			if res := who.Do("PUT", c.events+"/"+id+"/rsvp", map[string]any{"status": status}); res.Status != 200 {
				t.Fatalf("answer %s: %d %s", id, res.Status, res.Raw)
			}
		}
		answer(c.member, series+"-occurrence-2026-11-26", "maybe")
		answer(c.member, concert, "going")
		answer(c.admin, series+"-occurrence-2026-12-01", "not_going")

		mine := func(who *apptest.Client, from, to string) string {
			t.Helper()
			res := who.Do("GET", fmt.Sprintf("/api/v1/choirs/%s/rsvps?startDate=%s&endDate=%s", c.id, from, to), nil)
			if res.Status != 200 {
				t.Fatalf("answers %s..%s: %d %s", from, to, res.Status, res.Raw)
			}
			var out []string
			for _, a := range res.JSON["answers"].([]any) {
				e := a.(map[string]any)
				out = append(out, fmt.Sprintf("%s=%s", e["id"], e["status"]))
			}
			slices.Sort(out)
			return strings.Join(out, " ")
		}
		wanted := []string{concert + "=going", series + "-occurrence-2026-11-26=maybe"}
		slices.Sort(wanted)
		want := strings.Join(wanted, " ")
		if got := mine(c.member, "2026-11-01", "2026-12-31"); got != want {
			t.Errorf("the member's answers:\n got %s\nwant %s", got, want)
		}
		// Every id the member's answers name is an entry of the events list of the same range.
		list := c.member.Do("GET", c.events+"?startDate=2026-11-01&endDate=2026-12-31", nil)
		ids := map[string]bool{}
		for _, e := range list.JSON["events"].([]any) {
			ids[e.(map[string]any)["id"].(string)] = true
		}
		for _, id := range []string{concert, series + "-occurrence-2026-11-26"} {
			if !ids[id] {
				t.Errorf("%s is not an entry of the events list", id)
			}
		}
		if got := mine(c.member, "2027-01-01", "2027-01-31"); got != "" {
			t.Errorf("January: %s", got)
		}
		if got := mine(c.admin, "2026-11-01", "2026-12-31"); got != series+"-occurrence-2026-12-01=not_going" {
			t.Errorf("the director's answers: %s", got)
		}
		wantError(t, c.member.Do("GET", "/api/v1/choirs/"+c.id+"/rsvps?startDate=2026-12-31&endDate=2026-11-01", nil), 400, "VALIDATION_ERROR")
	})
}

// "Show all liturgical days" is off at first and stays as the person left it.
func TestCalendarPreferencesAreRememberedPerPerson(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		const path = "/api/v1/account/calendar-preferences"
		shown := func(who *apptest.Client) any {
			t.Helper()
			res := who.Do("GET", path, nil)
			if res.Status != 200 {
				t.Fatalf("preferences: %d %s", res.Status, res.Raw)
			}
			return res.JSON["showAllLiturgicalDays"]
		}
		if got := shown(c.member); got != false {
			t.Fatalf("at first: %v", got)
		}
		if res := c.member.Do("PUT", path, map[string]any{"showAllLiturgicalDays": true}); res.Status != 200 || res.JSON["showAllLiturgicalDays"] != true {
			t.Fatalf("turn on: %d %s", res.Status, res.Raw)
		}
		if got := shown(signIn(t, h, "alto@example.com")); got != true {
			t.Errorf("in a new session: %v", got)
		}
		if got := shown(c.admin); got != false {
			t.Errorf("another person's: %v", got)
		}
		if res := c.member.Do("PUT", path, map[string]any{"showAllLiturgicalDays": false}); res.Status != 200 {
			t.Fatalf("turn off: %d %s", res.Status, res.Raw)
		}
		if got := shown(c.member); got != false {
			t.Errorf("turned off: %v", got)
		}
		if res := c.member.Do("PUT", path, map[string]any{"showAllLiturgicalDays": "yes"}); res.Status != 400 {
			t.Errorf("not a yes or no: %d %s", res.Status, res.Raw)
		}
	})
}
