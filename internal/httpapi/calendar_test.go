package httpapi_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/ics"
)

// calendarChoir is a signed-in choir admin, a member of the same choir
// (Europe/London, General Roman Calendar) and the choir's events path.
type calendarChoir struct {
	admin, member *apptest.Client
	id, events    string
}

func newCalendarChoir(t *testing.T, h *apptest.Harness) calendarChoir {
	t.Helper()
	confirmedUser(t, h, "director@example.com")
	confirmedUser(t, h, "alto@example.com")
	admin := signIn(t, h, "director@example.com")
	id := createChoir(t, admin, "St Cecilia Singers").Str("id")
	memberID, err := h.App.Accounts.UserIDByEmail(t.Context(), "alto@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.App.Choirs.AddMember(t.Context(), memberID, id, access.Member, h.Clock.Now()); err != nil {
		t.Fatal(err)
	}
	return calendarChoir{admin: admin, member: signIn(t, h, "alto@example.com"), id: id, events: "/api/v1/choirs/" + id + "/events"}
}

func (c calendarChoir) create(t *testing.T, body map[string]any) apptest.Response {
	t.Helper()
	res := c.admin.Do("POST", c.events, body)
	if res.Status != 201 {
		t.Fatalf("create event: %d %s", res.Status, res.Raw)
	}
	return res
}

// starts lists "id start" of what a client sees in a range, in order.
func starts(t *testing.T, c *apptest.Client, path, from, to string) []string {
	t.Helper()
	res := c.Do("GET", path+"?startDate="+from+"&endDate="+to, nil)
	if res.Status != 200 {
		t.Fatalf("list events: %d %s", res.Status, res.Raw)
	}
	var out []string
	for _, item := range res.JSON["events"].([]any) {
		e := item.(map[string]any)
		out = append(out, fmt.Sprintf("%s %s %s", e["title"], e["start"], e["end"]))
	}
	return out
}

// feastID finds a feast of the choir's calendar by key.
func feastID(t *testing.T, c calendarChoir, key string) string {
	t.Helper()
	res := c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/calendar-feasts", nil)
	for _, item := range res.List {
		f := item.(map[string]any)
		if f["feastKey"] == key {
			return f["id"].(string)
		}
	}
	t.Fatalf("no feast %s in %.300s", key, res.Raw)
	return ""
}

func weeklyRehearsal(extra map[string]any) map[string]any {
	body := map[string]any{
		"title": "Rehearsal", "eventType": "rehearsal", "start": "2026-03-03T19:30:00Z", "end": "2026-03-03T21:30:00Z",
		"location": "Church hall", "timeZone": "Europe/London",
		"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyInterval": 1, "weeklyDays": []string{"tuesday", "thursday"}},
	}
	for k, v := range extra {
		body[k] = v
	}
	return body
}

func TestWeeklyRehearsalKeepsItsWallClockTimeAcrossDaylightSaving(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		res := c.create(t, weeklyRehearsal(nil))
		if res.Str("ruleDescription") != "Every week on Tuesday and Thursday" || res.Str("timeZone") != "Europe/London" {
			t.Errorf("created: %s", res.Raw)
		}
		got := starts(t, c.member, c.events, "2026-03-24", "2026-04-02")
		want := []string{
			"Rehearsal 2026-03-24T19:30:00Z 2026-03-24T21:30:00Z",
			"Rehearsal 2026-03-26T19:30:00Z 2026-03-26T21:30:00Z",
			// British Summer Time from 29 March: still 19:30 on the wall.
			"Rehearsal 2026-03-31T19:30:00+01:00 2026-03-31T21:30:00+01:00",
			"Rehearsal 2026-04-02T19:30:00+01:00 2026-04-02T21:30:00+01:00",
		}
		if !slices.Equal(got, want) {
			t.Errorf("occurrences:\n got %q\nwant %q", got, want)
		}
		list := c.member.Do("GET", c.events+"?startDate=2026-03-24&endDate=2026-03-24", nil)
		e := list.JSON["events"].([]any)[0].(map[string]any)
		id := res.Str("id")
		if e["id"] != id+"-occurrence-2026-03-24" || e["isInstance"] != true || e["originalEventId"] != id ||
			e["instanceDate"] != "2026-03-24" || e["instanceStartTime"] != "2026-03-24T19:30:00Z" {
			t.Errorf("occurrence: %v", e)
		}
		// The feasts of the choir's calendar come with the range.
		feasts := c.member.Do("GET", c.events+"?startDate=2026-04-01&endDate=2026-04-10", nil).JSON["feasts"].([]any)
		var names []string
		for _, f := range feasts {
			names = append(names, f.(map[string]any)["feastKey"].(string)+" "+f.(map[string]any)["date"].(string))
		}
		if !slices.Contains(names, "easter_sunday 2026-04-05") || !slices.Contains(names, "good_friday 2026-04-03") {
			t.Errorf("feasts: %v", names)
		}
	})
}

func TestFeastRelativeRules(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		easter := feastID(t, c, "easter_sunday")
		res := c.create(t, map[string]any{
			"title": "Lenten concert", "eventType": "concert", "start": "2026-01-01T18:00:00Z", "end": "2026-01-01T20:00:00Z",
			"recurrenceRule": map[string]any{"type": "relative_to_feast", "offset": 2, "unit": "weeks", "direction": "before", "feastId": easter},
		})
		if res.Str("ruleDescription") != "2 weeks before Easter Sunday of the Resurrection of the Lord" {
			t.Errorf("description: %s", res.Raw)
		}
		// A range spans at most 732 days.
		got := append(starts(t, c.member, c.events, "2026-01-01", "2027-12-31"), starts(t, c.member, c.events, "2028-01-01", "2028-12-31")...)
		want := []string{
			"Lenten concert 2026-03-22T18:00:00Z 2026-03-22T20:00:00Z",
			"Lenten concert 2027-03-14T18:00:00Z 2027-03-14T20:00:00Z",
			"Lenten concert 2028-04-02T18:00:00+01:00 2028-04-02T20:00:00+01:00",
		}
		if !slices.Equal(got, want) {
			t.Errorf("2 weeks before Easter:\n got %q\nwant %q", got, want)
		}

		allSaints := feastID(t, c, "all_saints")
		c.create(t, map[string]any{
			"title": "Requiem", "eventType": "service", "start": "2026-06-01T09:00:00Z", "end": "2026-06-01T10:00:00Z",
			"recurrenceRule": map[string]any{"type": "weekday_relative_to_feast", "weekday": "sunday", "direction": "before", "feastId": allSaints},
		})
		// All Saints 2026 is a Sunday: the Sunday before is a week earlier.
		got = slices.DeleteFunc(starts(t, c.member, c.events, "2026-10-01", "2027-12-31"),
			func(s string) bool { return !strings.HasPrefix(s, "Requiem") })
		want = []string{
			"Requiem 2026-10-25T10:00:00Z 2026-10-25T11:00:00Z",
			"Requiem 2027-10-31T10:00:00Z 2027-10-31T11:00:00Z",
		}
		if !slices.Equal(got, want) {
			t.Errorf("Sunday before All Saints:\n got %q\nwant %q", got, want)
		}
	})
}

func TestEventValidationMessages(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		for _, tc := range []struct {
			name  string
			body  map[string]any
			field string
			want  string
		}{
			{"bad date", weeklyRehearsal(map[string]any{"start": "next tuesday"}), "start", calendar.MsgBadDate},
			{"end before start", weeklyRehearsal(map[string]any{"end": "2026-03-03T18:00:00Z"}), "end",
				"Invalid time order: End time (2026-03-03T18:00:00.000Z) must be after start time (2026-03-03T19:30:00.000Z)"},
			{"no weekday", weeklyRehearsal(map[string]any{"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyDays": []string{}}}),
				"recurrenceRule.weeklyDays", "Select at least one day"},
			{"no title", weeklyRehearsal(map[string]any{"title": "  "}), "title", calendar.MsgTitleRequired},
			{"unknown type", weeklyRehearsal(map[string]any{"eventType": "party"}), "eventType", calendar.MsgTypeUnknown},
			{"bad zone", weeklyRehearsal(map[string]any{"timeZone": "Mars/Olympus"}), "timeZone", calendar.MsgTimeZoneInvalid},
		} {
			res := c.admin.Do("POST", c.events, tc.body)
			details, _ := res.JSON["details"].(map[string]any)
			if res.Status != 400 || res.Str("code") != "VALIDATION_ERROR" || details[tc.field] != tc.want {
				t.Errorf("%s: %d %s", tc.name, res.Status, res.Raw)
			}
		}
		// Nothing was stored.
		if got := starts(t, c.admin, c.events, "2026-01-01", "2026-12-31"); len(got) != 0 {
			t.Errorf("refused events were stored: %q", got)
		}
	})
}

func TestScopedChangesAndDeletions(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		series := c.create(t, map[string]any{
			"title": "Rehearsal", "eventType": "rehearsal", "start": "2026-06-02T18:00:00Z", "end": "2026-06-02T20:00:00Z",
			"timeZone":       "Europe/London",
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyDays": []string{"tuesday"}},
		}).Str("id")
		occ := func(date string) string { return c.events + "/" + series + "-occurrence-" + date }
		june := func() []string { return starts(t, c.member, c.events, "2026-06-01", "2026-07-31") }
		put := func(path string, body map[string]any) apptest.Response {
			t.Helper()
			res := c.admin.Do("PUT", path, body)
			if res.Status != 200 {
				t.Fatalf("PUT %s: %d %s", path, res.Status, res.Raw)
			}
			return res
		}
		base := map[string]any{"title": "Rehearsal", "eventType": "rehearsal", "timeZone": "Europe/London",
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyDays": []string{"tuesday"}}}
		with := func(extra map[string]any) map[string]any {
			out := map[string]any{}
			for k, v := range base {
				out[k] = v
			}
			for k, v := range extra {
				out[k] = v
			}
			return out
		}

		// This occurrence: 16 June moves to the Wednesday, in the crypt.
		res := put(occ("2026-06-16"), with(map[string]any{"scope": "single", "title": "Extra rehearsal", "location": "Crypt",
			"start": "2026-06-17T18:00:00Z", "end": "2026-06-17T20:00:00Z"}))
		if res.Str("id") != series+"-occurrence-2026-06-16" || res.Str("recurrenceInstanceId") != series+"-occurrence-2026-06-16" {
			t.Errorf("edited occurrence: %s", res.Raw)
		}
		// Deleting one occurrence: the default scope.
		if res := c.admin.Do("DELETE", occ("2026-06-23"), nil); res.Status != 204 {
			t.Fatalf("delete one: %d %s", res.Status, res.Raw)
		}
		want := []string{
			"Rehearsal 2026-06-02T19:00:00+01:00 2026-06-02T21:00:00+01:00",
			"Rehearsal 2026-06-09T19:00:00+01:00 2026-06-09T21:00:00+01:00",
			"Extra rehearsal 2026-06-17T19:00:00+01:00 2026-06-17T21:00:00+01:00",
			"Rehearsal 2026-06-30T19:00:00+01:00 2026-06-30T21:00:00+01:00",
			"Rehearsal 2026-07-07T19:00:00+01:00 2026-07-07T21:00:00+01:00",
			"Rehearsal 2026-07-14T19:00:00+01:00 2026-07-14T21:00:00+01:00",
			"Rehearsal 2026-07-21T19:00:00+01:00 2026-07-21T21:00:00+01:00",
			"Rehearsal 2026-07-28T19:00:00+01:00 2026-07-28T21:00:00+01:00",
		}
		if got := june(); !slices.Equal(got, want) {
			t.Fatalf("after single edit and delete:\n got %q\nwant %q", got, want)
		}
		// A deleted occurrence cannot be edited.
		if res := c.admin.Do("PUT", occ("2026-06-23"), with(map[string]any{"start": "2026-06-23T18:00:00Z", "end": "2026-06-23T20:00:00Z"})); res.Status != 404 {
			t.Errorf("editing a deleted occurrence: %d %s", res.Status, res.Raw)
		}

		// This and following from 14 July: later ones start at 19:30 (summer time).
		split := put(occ("2026-07-14"), with(map[string]any{"scope": "following", "start": "2026-07-14T18:30:00Z", "end": "2026-07-14T20:30:00Z"}))
		if split.Str("id") == series {
			t.Errorf("following must start a new series: %s", split.Raw)
		}
		want = append(want[:5],
			"Rehearsal 2026-07-14T19:30:00+01:00 2026-07-14T21:30:00+01:00",
			"Rehearsal 2026-07-21T19:30:00+01:00 2026-07-21T21:30:00+01:00",
			"Rehearsal 2026-07-28T19:30:00+01:00 2026-07-28T21:30:00+01:00")
		if got := june(); !slices.Equal(got, want) {
			t.Fatalf("after this and following:\n got %q\nwant %q", got, want)
		}
		// The earlier part keeps its history, the edited 16 June included.
		old := c.admin.Do("GET", c.events+"/"+series, nil)
		if rule := old.JSON["recurrenceRule"].(map[string]any); rule["endDate"] != "2026-07-13" {
			t.Errorf("earlier part: %s", old.Raw)
		}

		// All events of the earlier part: a new title, at 20:00 local.
		put(occ("2026-06-02"), with(map[string]any{"scope": "all", "title": "Choir practice",
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyDays": []string{"tuesday"}, "endDate": "2026-07-13"},
			"start":          "2026-06-02T19:00:00Z", "end": "2026-06-02T21:00:00Z"}))
		want[0] = "Choir practice 2026-06-02T20:00:00+01:00 2026-06-02T22:00:00+01:00"
		want[1] = "Choir practice 2026-06-09T20:00:00+01:00 2026-06-09T22:00:00+01:00"
		want[3] = "Choir practice 2026-06-30T20:00:00+01:00 2026-06-30T22:00:00+01:00"
		want[4] = "Choir practice 2026-07-07T20:00:00+01:00 2026-07-07T22:00:00+01:00"
		if got := june(); !slices.Equal(got, want) {
			t.Fatalf("after all events:\n got %q\nwant %q", got, want)
		}

		// Delete this and following from 30 June, named by instanceStartTime.
		if res := c.admin.Do("DELETE", c.events+"/"+series+"?scope=following&instanceStartTime="+url.QueryEscape("2026-06-30T20:00:00+01:00"), nil); res.Status != 204 {
			t.Fatalf("delete following: %d %s", res.Status, res.Raw)
		}
		want = append(want[:3], want[5:]...)
		if got := june(); !slices.Equal(got, want) {
			t.Fatalf("after deleting following:\n got %q\nwant %q", got, want)
		}
		// Delete the whole later series.
		if res := c.admin.Do("DELETE", c.events+"/"+split.Str("eventId")+"?scope=all", nil); res.Status != 204 {
			t.Fatalf("delete all: %d %s", res.Status, res.Raw)
		}
		if got := june(); !slices.Equal(got, want[:3]) {
			t.Fatalf("after deleting all:\n got %q\nwant %q", got, want[:3])
		}
		if res := c.admin.Do("DELETE", c.events+"/"+series+"?scope=sometimes", nil); res.Status != 400 {
			t.Errorf("unknown scope: %d %s", res.Status, res.Raw)
		}
	})
}

func TestDraftsAndOtherChoirs(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		draft := c.create(t, map[string]any{"title": "Secret programme", "eventType": "concert", "status": "draft",
			"start": "2026-12-20T18:00:00Z", "end": "2026-12-20T20:00:00Z"})
		c.create(t, map[string]any{"title": "Carol service", "eventType": "service", "start": "2026-12-24T23:00:00Z", "end": "2026-12-25T01:00:00Z"})
		if got := starts(t, c.member, c.events, "2026-12-01", "2026-12-31"); len(got) != 1 || !strings.HasPrefix(got[0], "Carol service") {
			t.Errorf("a member sees %q", got)
		}
		if got := starts(t, c.admin, c.events, "2026-12-01", "2026-12-31"); len(got) != 2 {
			t.Errorf("the admin sees %q", got)
		}
		if res := c.member.Do("GET", c.events+"/"+draft.Str("id"), nil); res.Status != 404 {
			t.Errorf("a member reads a draft: %d %s", res.Status, res.Raw)
		}
		if res := c.member.Do("GET", c.events+"/"+draft.Str("id")+"/ics", nil); res.Status != 404 {
			t.Errorf("a member downloads a draft: %d", res.Status)
		}
		// An admin of another choir reaches nothing of this one, not even by event id.
		confirmedUser(t, h, "rival@example.com")
		rival := signIn(t, h, "rival@example.com")
		other := "/api/v1/choirs/" + createChoir(t, rival, "Rival Chorale").Str("id") + "/events"
		if res := rival.Do("GET", c.events+"?startDate=2026-12-01&endDate=2026-12-31", nil); res.Status != 404 {
			t.Errorf("rival lists: %d", res.Status)
		}
		for _, method := range []string{"GET", "PUT", "DELETE"} {
			res := rival.Do(method, other+"/"+draft.Str("id"), map[string]any{"title": "Hijack", "eventType": "other",
				"start": "2026-12-20T18:00:00Z", "end": "2026-12-20T20:00:00Z"})
			if res.Status != 404 {
				t.Errorf("%s of choir A's event through choir B: %d %s", method, res.Status, res.Raw)
			}
		}
		if got := starts(t, c.admin, c.events, "2026-12-20", "2026-12-20"); len(got) != 1 || !strings.HasPrefix(got[0], "Secret programme") {
			t.Errorf("choir A's draft after the rival's attempts: %q", got)
		}
	})
}

func TestOccurrenceCapAndRange(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		c.create(t, map[string]any{"title": "Daily office", "eventType": "service", "start": "2026-01-01T07:00:00Z", "end": "2026-01-01T07:30:00Z",
			"recurrenceRule": map[string]any{"type": "weekly_on_days",
				"weeklyDays": []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}}})
		got := starts(t, c.member, c.events, "2026-01-01", "2026-12-31")
		if len(got) != 100 || !strings.HasPrefix(got[0], "Daily office 2026-01-01T07:00") || !strings.HasPrefix(got[99], "Daily office 2026-04-10T07:00:00+01:00") {
			t.Errorf("capped expansion: %d, first %q, last %q", len(got), got[0], got[len(got)-1])
		}
		for _, q := range []string{"startDate=2026-01-01&endDate=2030-01-01", "startDate=soon&endDate=2026-01-01", "startDate=2026-02-01&endDate=2026-01-01"} {
			if res := c.member.Do("GET", c.events+"?"+q, nil); res.Status != 400 {
				t.Errorf("%s: %d %s", q, res.Status, res.Raw)
			}
		}
	})
}

func TestEventListSaysWhereTheOccurrenceCapCutIt(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		truncatedFrom := func(from, to string) any {
			t.Helper()
			res := c.member.Do("GET", c.events+"?startDate="+from+"&endDate="+to, nil)
			if res.Status != 200 {
				t.Fatalf("list: %d %s", res.Status, res.Raw)
			}
			return res.JSON["truncatedFrom"]
		}
		c.create(t, map[string]any{"title": "Evensong", "eventType": "service", "start": "2026-11-23T17:30:00Z", "end": "2026-11-23T18:30:00Z",
			"timeZone": "Europe/London", "recurrenceRule": map[string]any{"type": "weekly_on_days",
				"weeklyDays": []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}}})
		// Six a week from Monday 23 November: the 100th is Thursday 18 March.
		got := starts(t, c.member, c.events, "2026-11-23", "2027-06-22")
		if len(got) != 100 || !strings.HasPrefix(got[99], "Evensong 2027-03-18T17:30") {
			t.Fatalf("capped: %d, last %q", len(got), got[len(got)-1])
		}
		if cut := truncatedFrom("2026-11-23", "2027-06-22"); cut != "2027-03-19" {
			t.Errorf("7 months: truncatedFrom %v, want 2027-03-19", cut)
		}
		// Nothing cut: no field.
		for _, r := range [][2]string{{"2026-12-01", "2026-12-31"}, {"2027-03-19", "2027-06-22"}} {
			if cut := truncatedFrom(r[0], r[1]); cut != nil {
				t.Errorf("%s..%s: truncatedFrom %v", r[0], r[1], cut)
			}
		}
		// The date is the choir's (London): 22:00 in New York is 03:00 the
		// next day there. Daily from 1 December, the 101st is 11 March in New
		// York, 12 March in London; the earliest cut of all series counts.
		c.create(t, map[string]any{"title": "Compline", "eventType": "service", "start": "2026-12-01T22:00:00", "end": "2026-12-01T22:30:00",
			"timeZone": "America/New_York", "recurrenceRule": map[string]any{"type": "weekly_on_days",
				"weeklyDays": []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}}})
		if cut := truncatedFrom("2026-11-23", "2027-06-22"); cut != "2027-03-12" {
			t.Errorf("with compline: truncatedFrom %v, want 2027-03-12", cut)
		}
		// A draft series a member does not see cuts nothing for them.
		c.create(t, map[string]any{"title": "Draft office", "eventType": "service", "status": "draft", "start": "2026-12-01T07:00:00Z",
			"end": "2026-12-01T07:30:00Z", "recurrenceRule": map[string]any{"type": "weekly_on_days",
				"weeklyDays": []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}}})
		if cut := truncatedFrom("2026-12-01", "2027-01-31"); cut != nil {
			t.Errorf("a member's listing cut by a draft: %v", cut)
		}
		if cut := c.admin.Do("GET", c.events+"?startDate=2026-12-01&endDate=2027-06-22", nil).JSON["truncatedFrom"]; cut != "2027-03-11" {
			t.Errorf("the admin's listing: truncatedFrom %v, want 2027-03-11", cut)
		}
	})
}

func TestPreviewWordsTheRuleAndShowsNextOccurrences(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		res := c.admin.Do("POST", c.events+"/preview", weeklyRehearsal(map[string]any{
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyInterval": 2, "weeklyDays": []string{"thursday", "tuesday"}}}))
		if res.Status != 200 || res.Str("description") != "Every 2 weeks on Tuesday and Thursday" {
			t.Fatalf("preview: %d %s", res.Status, res.Raw)
		}
		var dates []string
		for _, o := range res.JSON["occurrences"].([]any) {
			dates = append(dates, o.(map[string]any)["date"].(string))
		}
		if want := []string{"2026-03-03", "2026-03-05", "2026-03-17", "2026-03-19", "2026-03-31"}; !slices.Equal(dates, want) {
			t.Errorf("next occurrences %v, want %v", dates, want)
		}
		if res := c.member.Do("POST", c.events+"/preview", weeklyRehearsal(nil)); res.Status != 403 {
			t.Errorf("a member previews: %d", res.Status)
		}
	})
}

func TestCalendarFeed(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		series := c.create(t, weeklyRehearsal(nil)).Str("id")
		if res := c.admin.Do("DELETE", c.events+"/"+series+"-occurrence-2026-03-24", nil); res.Status != 204 {
			t.Fatal(res.Raw)
		}
		if res := c.admin.Do("PUT", c.events+"/"+series+"-occurrence-2026-03-26", weeklyRehearsal(map[string]any{
			"scope": "single", "title": "Sectionals", "start": "2026-03-26T18:00:00Z", "end": "2026-03-26T20:00:00Z"})); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		c.create(t, map[string]any{"title": "Palm Sunday procession", "eventType": "service", "start": "2026-01-01T10:00:00Z",
			"end": "2026-01-01T11:00:00Z", "recurrenceRule": map[string]any{"type": "relative_to_feast", "offset": 1, "unit": "weeks",
				"direction": "before", "feastId": feastID(t, c, "easter_sunday")}})
		c.create(t, map[string]any{"title": "Secret programme", "eventType": "concert", "status": "draft",
			"start": "2026-12-20T18:00:00Z", "end": "2026-12-20T20:00:00Z"})

		anonymous := h.NewClient()
		if res := c.member.Do("GET", "/api/v1/calendar-feed", nil); res.Status != 200 || res.JSON["enabled"] != false {
			t.Fatalf("no feed yet: %s", res.Raw)
		}
		feed := c.member.Do("POST", "/api/v1/calendar-feed", nil)
		u := feed.Str("url")
		if !strings.HasPrefix(u, h.URL+"/api/v1/feeds/") || !strings.HasSuffix(u, ".ics") ||
			feed.Str("webcalUrl") != "webcal"+strings.TrimPrefix(u, "http") {
			t.Fatalf("feed: %s", feed.Raw)
		}
		res := anonymous.Do("GET", u, nil)
		if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/calendar") {
			t.Fatalf("feed: %d %s", res.Status, res.Raw)
		}
		ics := res.Raw
		for _, want := range []string{
			"BEGIN:VCALENDAR\r\n", "BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n",
			"UID:" + series + "@127.0.0.1\r\n",
			"DTSTART;TZID=Europe/London:20260303T193000\r\n",
			"RRULE:FREQ=WEEKLY;BYDAY=TU,TH;WKST=MO\r\n",
			"EXDATE;TZID=Europe/London:20260324T193000\r\n",
			"RECURRENCE-ID;TZID=Europe/London:20260326T193000\r\n",
			"SUMMARY:Sectionals\r\n",
			// Feast-based rules are dated events, one UID per date: Palm Sunday 2026 and 2027.
			"DTSTART;TZID=Europe/London:20270321T100000\r\n",
		} {
			if !strings.Contains(ics, want) {
				t.Errorf("the feed lacks %q:\n%s", want, ics)
			}
		}
		if strings.Contains(ics, "Secret programme") {
			t.Error("the feed shows a draft")
		}
		// One choir only, and a choir the owner is not in.
		if res := anonymous.Do("GET", u+"?choir="+c.id, nil); res.Status != 200 || !strings.Contains(res.Raw, "Sectionals") {
			t.Errorf("one choir: %d", res.Status)
		}
		if res := anonymous.Do("GET", u+"?choir=someone-elses", nil); res.Status != 404 {
			t.Errorf("another choir: %d", res.Status)
		}
		// Renewing kills the old address; turning off kills the new one.
		renewed := c.member.Do("POST", "/api/v1/calendar-feed", nil).Str("url")
		if res := anonymous.Do("GET", u, nil); res.Status != 404 || res.Str("message") != calendar.MsgFeedNotFound {
			t.Errorf("old address after renewal: %d %s", res.Status, res.Raw)
		}
		if res := anonymous.Do("GET", renewed, nil); res.Status != 200 {
			t.Errorf("new address: %d", res.Status)
		}
		if res := c.member.Do("DELETE", "/api/v1/calendar-feed", nil); res.Status != 204 {
			t.Fatal(res.Raw)
		}
		if res := anonymous.Do("GET", renewed, nil); res.Status != 404 {
			t.Errorf("address after turning off: %d", res.Status)
		}

		// One event as a file: the admin's draft is there for the admin.
		res = c.admin.Do("GET", c.events+"/"+series+"/ics", nil)
		if res.Status != 200 || !strings.Contains(res.Raw, "RRULE:") || !strings.Contains(res.Raw, "SUMMARY:Sectionals") {
			t.Errorf("event file: %d %s", res.Status, res.Raw)
		}
	})
}

// icsEvent is one VEVENT of an iCalendar document: its properties by name,
// each as written (parameters and value).
type icsEvent map[string][]icsProp

type icsProp struct{ params, value string }

func (e icsEvent) get(name string) string {
	if p := e[name]; len(p) > 0 {
		return p[0].value
	}
	return ""
}

// icsEvents parses the VEVENTs of a document.
func icsEvents(t *testing.T, doc string) []icsEvent {
	t.Helper()
	var out []icsEvent
	var cur icsEvent
	for _, l := range ics.Unfold(doc) {
		name, params, value := ics.SplitLine(l.Text)
		switch {
		case name == "BEGIN" && value == "VEVENT":
			cur = icsEvent{}
		case name == "END" && value == "VEVENT":
			out = append(out, cur)
			cur = nil
		case cur != nil:
			cur[name] = append(cur[name], icsProp{params, value})
		}
	}
	if len(out) == 0 {
		t.Fatalf("no VEVENT in:\n%s", doc)
	}
	return out
}

// exdates lists a VEVENT's EXDATEs as TZID:value.
func (e icsEvent) exdates() []string {
	var out []string
	for _, p := range e["EXDATE"] {
		for v := range strings.SplitSeq(p.value, ",") {
			out = append(out, ics.Param(p.params, "TZID")+":"+v)
		}
	}
	return out
}

func TestFeedsHideOccurrencesEditedAsDrafts(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		weekly := c.create(t, weeklyRehearsal(nil)).Str("id")
		palm := c.create(t, map[string]any{"title": "Palm Sunday procession", "eventType": "service", "start": "2026-01-01T10:00:00Z",
			"end": "2026-01-01T11:00:00Z", "recurrenceRule": map[string]any{"type": "relative_to_feast", "offset": 1, "unit": "weeks",
				"direction": "before", "feastId": feastID(t, c, "easter_sunday")}}).Str("id")
		edit := func(occurrence string, body map[string]any) {
			t.Helper()
			if res := c.admin.Do("PUT", c.events+"/"+occurrence, body); res.Status != 200 {
				t.Fatalf("edit %s: %d %s", occurrence, res.Status, res.Raw)
			}
		}
		// Tuesday 1 December's edit is kept as a draft, Thursday 3 December's published.
		edit(weekly+"-occurrence-2026-12-01", weeklyRehearsal(map[string]any{"scope": "single", "status": "draft",
			"title": "Draft sectionals", "start": "2026-12-01T18:00:00Z", "end": "2026-12-01T20:00:00Z"}))
		edit(weekly+"-occurrence-2026-12-03", weeklyRehearsal(map[string]any{"scope": "single",
			"title": "Sectionals", "start": "2026-12-03T18:00:00Z", "end": "2026-12-03T20:00:00Z"}))
		edit(palm+"-occurrence-2027-03-21", map[string]any{"scope": "single", "status": "draft", "title": "Draft procession",
			"eventType": "service", "start": "2027-03-21T09:00:00Z", "end": "2027-03-21T10:00:00Z"})

		// The app shows a member nothing on either date; the admin the drafts.
		for _, day := range []string{"2026-12-01", "2027-03-21"} {
			if got := starts(t, c.member, c.events, day, day); len(got) != 0 {
				t.Errorf("a member sees on %s: %q", day, got)
			}
			if got := starts(t, c.admin, c.events, day, day); len(got) != 1 || !strings.HasPrefix(got[0], "Draft") {
				t.Errorf("the admin sees on %s: %q", day, got)
			}
		}

		host := "@127.0.0.1"
		// check compares a document with what the app shows a member (or,
		// with drafts, an admin) on those dates.
		check := func(what, doc string, drafts bool) {
			t.Helper()
			var palmDays []string
			var main icsEvent
			overrides := map[string]string{}
			for _, e := range icsEvents(t, doc) {
				uid := e.get("UID")
				switch {
				case uid == weekly+host && e["RECURRENCE-ID"] == nil:
					main = e
				case uid == weekly+host:
					overrides[e.get("RECURRENCE-ID")] = e.get("SUMMARY") + " " + e.get("STATUS")
				case strings.HasPrefix(uid, palm+"-"):
					palmDays = append(palmDays, e.get("DTSTART")+" "+e.get("SUMMARY")+" "+e.get("STATUS"))
				}
			}
			if main == nil {
				if !strings.HasSuffix(what, "procession file") {
					t.Errorf("%s: no series VEVENT:\n%s", what, doc)
				}
			} else {
				wantEx := []string{"Europe/London:20261201T193000"}
				wantOver := map[string]string{"20261203T193000": "Sectionals CONFIRMED"}
				if drafts {
					wantEx = nil
					wantOver["20261201T193000"] = "Draft sectionals TENTATIVE"
				}
				if got := main.exdates(); !slices.Equal(got, wantEx) {
					t.Errorf("%s: EXDATEs %q, want %q", what, got, wantEx)
				}
				if fmt.Sprint(overrides) != fmt.Sprint(wantOver) {
					t.Errorf("%s: overrides %v, want %v", what, overrides, wantOver)
				}
			}
			if strings.HasSuffix(what, "rehearsal file") {
				return
			}
			wantPalm := []string{"20260329T100000 Palm Sunday procession CONFIRMED", "20280409T100000 Palm Sunday procession CONFIRMED"}
			if drafts {
				wantPalm = slices.Insert(wantPalm, 1, "20270321T090000 Draft procession TENTATIVE")
			}
			if !slices.Equal(palmDays, wantPalm) {
				t.Errorf("%s: Palm Sunday VEVENTs %q, want %q", what, palmDays, wantPalm)
			}
		}
		u := c.member.Do("POST", "/api/v1/calendar-feed", nil).Str("url")
		res := h.NewClient().Do("GET", u, nil)
		if res.Status != 200 {
			t.Fatalf("feed: %d %s", res.Status, res.Raw)
		}
		check("feed", res.Raw, false)
		for _, reader := range []struct {
			name   string
			client *apptest.Client
			drafts bool
		}{{"member", c.member, false}, {"admin", c.admin, true}} {
			for what, id := range map[string]string{"rehearsal file": weekly, "procession file": palm} {
				res := reader.client.Do("GET", c.events+"/"+id+"/ics", nil)
				if res.Status != 200 {
					t.Fatalf("%s %s: %d %s", reader.name, what, res.Status, res.Raw)
				}
				check(reader.name+"'s "+what, res.Raw, reader.drafts)
			}
		}
	})
}
