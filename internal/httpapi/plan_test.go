package httpapi_test

import (
	"fmt"
	"github.com/cantica/cantica/internal/planning"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

// planChoir is a calendarChoir (General Roman Calendar, Europe/London;
// the clock on Monday 23 November 2026) with its planning paths.
type planChoir struct {
	calendarChoir
	base, plans string
}

func newPlanChoir(t *testing.T, h *apptest.Harness) planChoir {
	c := newCalendarChoir(t, h)
	base := "/api/v1/choirs/" + c.id
	return planChoir{calendarChoir: c, base: base, plans: base + "/plans"}
}

// plan starts a plan as the administrator.
func (c planChoir) plan(t *testing.T, body map[string]any) apptest.Response {
	t.Helper()
	res := c.admin.Do("POST", c.plans, body)
	if res.Status != 201 {
		t.Fatalf("create plan %v: %d %s", body, res.Status, res.Raw)
	}
	return res
}

func (c planChoir) piece(t *testing.T, title string) string {
	t.Helper()
	res := c.admin.Do("POST", c.base+"/music", map[string]any{"title": title})
	if res.Status != 201 {
		t.Fatalf("create piece: %d %s", res.Status, res.Raw)
	}
	return res.Str("id")
}

func (c planChoir) lastUsed(t *testing.T, piece string) string {
	t.Helper()
	res := c.admin.Do("GET", c.base+"/music/"+piece, nil)
	if res.Status != 200 {
		t.Fatalf("read piece: %d %s", res.Status, res.Raw)
	}
	return res.Str("lastUsedDate")
}

// slotsOf words a plan's (or a template's) slots: "label[piece title|note|minutes]".
func slotsOf(v any) []string {
	var out []string
	slots, _ := v.([]any)
	for _, s := range slots {
		m := s.(map[string]any)
		word := fmt.Sprint(m["label"])
		if p, ok := m["music"].(map[string]any); ok {
			word += "[" + fmt.Sprint(p["title"]) + "]"
		}
		if n, _ := m["note"].(string); n != "" {
			word += "|" + n
		}
		if d, ok := m["durationMinutes"].(float64); ok {
			word += fmt.Sprintf("|%gmin", d)
		}
		out = append(out, word)
	}
	return out
}

func wantSlots(t *testing.T, what string, v any, want ...string) {
	t.Helper()
	if got := slotsOf(v); !slices.Equal(got, want) {
		t.Errorf("%s: slots %q, want %q", what, got, want)
	}
}

func wantDetails(t *testing.T, res apptest.Response, want map[string]string) {
	t.Helper()
	got := map[string]string{}
	d, _ := res.JSON["details"].(map[string]any)
	for k, v := range d {
		got[k] = fmt.Sprint(v)
	}
	if res.Status != 400 || res.Str("code") != "VALIDATION_ERROR" || !maps.Equal(got, want) {
		t.Errorf("want 400 with %v, got %d %s", want, res.Status, res.Raw)
	}
}

func TestPlanTemplatesAndNewPlans(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newPlanChoir(t, h)
		templates := c.base + "/plan-templates"

		res := c.member.Do("GET", templates, nil)
		if res.Status != 200 || len(res.List) != 5 {
			t.Fatalf("templates: %d %s", res.Status, res.Raw)
		}
		var types []string
		for _, item := range res.List {
			m := item.(map[string]any)
			types = append(types, m["eventType"].(string))
			if m["custom"] != false {
				t.Errorf("a new choir's %s template is its own: %v", m["eventType"], m)
			}
		}
		if !slices.Equal(types, []string{"rehearsal", "service", "concert", "liturgical_feast", "other"}) {
			t.Errorf("template types %v", types)
		}
		wantSlots(t, "default service", res.List[1].(map[string]any)["slots"], "Entrance", "Psalm", "Offertory", "Communion", "Recessional")

		// The choir's own rehearsal template.
		own := map[string]any{"slots": []any{map[string]any{"label": " Warm-up ", "durationMinutes": 10}, map[string]any{"label": "Mass setting", "durationMinutes": nil}}}
		wantError(t, c.member.Do("PUT", templates+"/rehearsal", own), 403, "PERMISSION_ERROR")
		res = c.admin.Do("PUT", templates+"/rehearsal", own)
		if res.Status != 200 || res.JSON["custom"] != true {
			t.Fatalf("set template: %d %s", res.Status, res.Raw)
		}
		wantSlots(t, "own rehearsal", res.JSON["slots"], "Warm-up|10min", "Mass setting")
		wantDetails(t, c.admin.Do("PUT", templates+"/rehearsal", map[string]any{"slots": []any{
			map[string]any{"label": " "}, map[string]any{"label": strings.Repeat("é", 101)},
			map[string]any{"label": "Short", "durationMinutes": 0}, map[string]any{"label": "Long", "durationMinutes": 601},
		}}), map[string]string{"slots.0.label": "Enter a label for this slot.", "slots.1.label": "A label is at most 100 characters.",
			"slots.2.durationMinutes": "A duration is from 1 to 600 minutes.", "slots.3.durationMinutes": "A duration is from 1 to 600 minutes."})
		many := make([]any, 41)
		for i := range many {
			many[i] = map[string]any{"label": fmt.Sprint("Piece ", i+1)}
		}
		wantDetails(t, c.admin.Do("PUT", templates+"/rehearsal", map[string]any{"slots": many}), map[string]string{"slots": "A plan holds at most 40 slots."})
		wantError(t, c.admin.Do("PUT", templates+"/party", own), 404, "NOT_FOUND")
		if res := c.member.Do("GET", templates, nil); res.List[0].(map[string]any)["custom"] != true {
			t.Errorf("the refused changes changed the template: %s", res.Raw)
		}

		// A plan of each type of event starts from its template.
		want := map[string][]string{
			"rehearsal": {"Warm-up|10min", "Mass setting"}, "service": {"Entrance", "Psalm", "Offertory", "Communion", "Recessional"},
			"concert": {"Opening", "Piece 1", "Piece 2", "Piece 3", "Finale"}, "liturgical_feast": {"Entrance", "Psalm", "Offertory", "Communion", "Recessional"},
			"other": {"Piece 1", "Piece 2", "Piece 3"},
		}
		events := map[string]string{}
		for i, typ := range []string{"rehearsal", "service", "concert", "liturgical_feast", "other"} {
			day := fmt.Sprintf("2026-12-%02d", i+1)
			events[typ] = c.create(t, map[string]any{"title": "The " + typ, "eventType": typ, "start": day + "T19:00:00Z", "end": day + "T20:00:00Z",
				"timeZone": "Europe/London"}).Str("id")
			res := c.plan(t, map[string]any{"date": day, "eventId": events[typ]})
			if res.Str("eventType") != typ || res.Str("eventTitle") != "The "+typ || res.Str("eventId") != events[typ] || res.Str("date") != day ||
				res.JSON["version"] != float64(1) {
				t.Errorf("plan of the %s: %s", typ, res.Raw)
			}
			wantSlots(t, typ, res.JSON["slots"], want[typ]...)
		}
		wantMessage(t, c.admin.Do("POST", c.plans, map[string]any{"date": "2026-12-01", "eventId": events["rehearsal"]}), 409, "CONFLICT",
			"This event already has a plan.")

		// A date without an event: the day's principal feast is recorded.
		res = c.plan(t, map[string]any{"date": "2026-11-29"})
		if res.Str("eventType") != "other" || res.JSON["eventId"] != nil || res.JSON["eventTitle"] != nil ||
			res.Str("feastKey") != "first_sunday_of_advent" || res.Str("feastName") != "First Sunday of Advent" {
			t.Errorf("date-only plan: %s", res.Raw)
		}
		wantSlots(t, "date only", res.JSON["slots"], "Piece 1", "Piece 2", "Piece 3")
		wantMessage(t, c.admin.Do("POST", c.plans, map[string]any{"date": "2026-11-29"}), 409, "CONFLICT", "This date already has a plan.")
		for _, bad := range []string{"2026-02-30", "29/11/2026", "", "2026-1-5"} {
			wantDetails(t, c.admin.Do("POST", c.plans, map[string]any{"date": bad}), map[string]string{"date": "Enter a date as YYYY-MM-DD"})
		}
		// The calendars are computed from 1900 to 2200: a plan outside has no feasts to know.
		wantDetails(t, c.admin.Do("POST", c.plans, map[string]any{"date": "1800-01-05"}), map[string]string{"date": planning.MsgDayOutOfRange})
		wantDetails(t, c.admin.Do("POST", c.plans, map[string]any{"date": "2026-12-09", "eventId": events["concert"]}),
			map[string]string{"eventId": "That event is not on this date"})
		wantError(t, c.admin.Do("POST", c.plans, map[string]any{"date": "2026-12-09", "eventId": "nope"}), 404, "NOT_FOUND")
		wantError(t, c.member.Do("POST", c.plans, map[string]any{"date": "2026-12-09"}), 403, "PERMISSION_ERROR")

		// Back to the default; plans made before keep their slots.
		res = c.admin.Do("PUT", templates+"/rehearsal", map[string]any{"slots": []any{}})
		if res.Status != 200 || res.JSON["custom"] != false {
			t.Fatalf("reset template: %d %s", res.Status, res.Raw)
		}
		wantSlots(t, "reset rehearsal", res.JSON["slots"], "Warm-up", "Piece 1", "Piece 2", "Piece 3")

		// The date's plans: the date-only plan first, then by event title.
		c.plan(t, map[string]any{"date": "2026-12-02"})
		res = c.member.Do("GET", c.plans+"?date=2026-12-02", nil)
		if res.Status != 200 || len(res.List) != 2 || res.List[0].(map[string]any)["eventId"] != nil {
			t.Errorf("plans of a date: %d %s", res.Status, res.Raw)
		}
		res = c.member.Do("GET", c.plans+"?from=2026-11-29&to=2026-12-05", nil)
		var dates []string
		for _, p := range res.List {
			dates = append(dates, p.(map[string]any)["date"].(string))
		}
		if !slices.Equal(dates, []string{"2026-11-29", "2026-12-01", "2026-12-02", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"}) {
			t.Errorf("plans of a range: %v", dates)
		}
		wantDetails(t, c.member.Do("GET", c.plans+"?from=2026-01-01&to=2027-01-02", nil), map[string]string{"to": "Choose at most 366 days"})
		wantDetails(t, c.member.Do("GET", c.plans+"?from=2026-02-01&to=2026-01-01", nil), map[string]string{"to": "The end date must not be before the start date"})
		wantDetails(t, c.member.Do("GET", c.plans, nil), map[string]string{"date": "Enter a date as YYYY-MM-DD"})
	})
}

func TestPlansOfOccurrencesAndDrafts(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newPlanChoir(t, h)
		// Sunday Mass at 10:30 in London, weekly from 29 November.
		series := c.create(t, map[string]any{"title": "Sunday Mass", "eventType": "service", "start": "2026-11-29T10:30:00Z",
			"end": "2026-11-29T11:30:00Z", "timeZone": "Europe/London",
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyInterval": 1, "weeklyDays": []string{"sunday"}}}).Str("id")
		occurrence := series + "-occurrence-2026-12-06"
		res := c.plan(t, map[string]any{"date": "2026-12-06", "eventId": occurrence})
		if res.Str("eventId") != occurrence || res.Str("eventTitle") != "Sunday Mass" || res.Str("feastKey") != "second_sunday_of_advent" {
			t.Errorf("occurrence plan: %s", res.Raw)
		}
		id := res.Str("id")
		wantDetails(t, c.admin.Do("POST", c.plans, map[string]any{"date": "2026-12-07", "eventId": occurrence}),
			map[string]string{"eventId": "That event is not on this date"})
		wantError(t, c.admin.Do("POST", c.plans, map[string]any{"date": "2026-12-08", "eventId": series + "-occurrence-2026-12-08"}), 404, "NOT_FOUND")

		// A member sees it on the occurrence; the next Sunday has none.
		res = c.member.Do("GET", c.events+"/"+occurrence+"/plan", nil)
		if res.Status != 200 || res.Str("id") != id {
			t.Errorf("member reading the occurrence's plan: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, c.member.Do("GET", c.events+"/"+series+"-occurrence-2026-12-13/plan", nil), 404, "NOT_FOUND",
			"No music has been planned for this event.")

		// An edited occurrence keeps its plan.
		if res := c.admin.Do("PUT", c.events+"/"+occurrence, map[string]any{"scope": "single", "title": "Advent Mass", "eventType": "service",
			"start": "2026-12-06T10:30:00Z", "end": "2026-12-06T11:30:00Z", "timeZone": "Europe/London"}); res.Status != 200 {
			t.Fatalf("edit occurrence: %d %s", res.Status, res.Raw)
		}
		var edited string
		if err := h.DB.QueryRowContext(t.Context(), `SELECT id FROM events WHERE series_id = ? AND instance_date = '2026-12-06'`, series).Scan(&edited); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{occurrence, edited} {
			if res := c.member.Do("GET", c.events+"/"+key+"/plan", nil); res.Status != 200 || res.Str("id") != id {
				t.Errorf("the edited occurrence's plan by %s: %d %s", key, res.Status, res.Raw)
			}
		}

		// A draft's plan is for those who see drafts.
		draft := c.create(t, map[string]any{"title": "Carol service", "eventType": "service", "status": "draft", "start": "2026-12-20T18:00:00Z",
			"end": "2026-12-20T19:00:00Z", "timeZone": "Europe/London"}).Str("id")
		draftPlan := c.plan(t, map[string]any{"date": "2026-12-20", "eventId": draft}).Str("id")
		wantError(t, c.member.Do("GET", c.events+"/"+draft+"/plan", nil), 404, "NOT_FOUND")
		wantError(t, c.member.Do("GET", c.plans+"/"+draftPlan, nil), 404, "NOT_FOUND")
		wantError(t, c.member.Do("GET", c.plans+"/"+draftPlan+"/copy-sources", nil), 404, "NOT_FOUND")
		wantError(t, c.member.Do("GET", c.plans+"/"+draftPlan+"/suggestions", nil), 404, "NOT_FOUND")
		wantError(t, c.member.Do("GET", c.plans+"/"+draftPlan+"/pdf", nil), 404, "NOT_FOUND")
		if res := c.admin.Do("GET", c.plans+"/"+draftPlan+"/suggestions", nil); res.Status != 200 {
			t.Errorf("admin's suggestions for a draft's plan: %d %s", res.Status, res.Raw)
		}
		if res := c.member.Do("GET", c.plans+"?date=2026-12-20", nil); res.Status != 200 || len(res.List) != 0 {
			t.Errorf("member listing a draft's plan: %s", res.Raw)
		}
		if res := c.admin.Do("GET", c.plans+"?date=2026-12-20", nil); len(res.List) != 1 {
			t.Errorf("admin listing a draft's plan: %s", res.Raw)
		}
		if res := c.admin.Do("GET", c.events+"/"+draft+"/plan", nil); res.Status != 200 || res.Str("id") != draftPlan {
			t.Errorf("admin reading a draft's plan: %d %s", res.Status, res.Raw)
		}
	})
}

func TestSixteenSimultaneousPlansOfOneDateMakeOne(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newPlanChoir(t, h)
		statuses := make([]int, 16)
		var wg sync.WaitGroup
		for i := range statuses {
			wg.Go(func() {
				res := c.admin.Do("POST", c.plans, map[string]any{"date": "2026-12-24"})
				statuses[i] = res.Status
				if (res.Status == 409 && res.Str("message") != "This date already has a plan.") || (res.Status != 409 && res.Status != 201) {
					t.Errorf("create: %d %s", res.Status, res.Raw)
				}
			})
		}
		wg.Wait()
		slices.Sort(statuses)
		if statuses[0] != 201 || statuses[1] != 409 || statuses[15] != 409 {
			t.Errorf("statuses %v", statuses)
		}
		if n := countRows(t, h, `SELECT COUNT(*) FROM music_plans WHERE plan_date = '2026-12-24'`); n != 1 {
			t.Errorf("%d plans", n)
		}
		if n := countRows(t, h, `SELECT COUNT(*) FROM music_plan_slots s JOIN music_plans p ON p.id = s.plan_id WHERE p.plan_date = '2026-12-24'`); n != 3 {
			t.Errorf("%d slots", n)
		}
	})
}

func TestPlanSavesAndLastUsedDates(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newPlanChoir(t, h)
		kyrie, gloria, sanctus := c.piece(t, "Kyrie"), c.piece(t, "Gloria"), c.piece(t, "Sanctus")
		if res := c.admin.Do("POST", c.base+"/music/"+sanctus+"/archive", nil); res.Status != 200 {
			t.Fatalf("archive: %d %s", res.Status, res.Raw)
		}
		first := c.plan(t, map[string]any{"date": "2026-12-06"}).Str("id")
		second := c.plan(t, map[string]any{"date": "2026-12-13"}).Str("id")
		save := func(who *apptest.Client, id string, version int, slots ...map[string]any) apptest.Response {
			list := make([]any, len(slots))
			for i, s := range slots {
				list[i] = s
			}
			return who.Do("PUT", c.plans+"/"+id, map[string]any{"title": "Advent", "notes": "Bring the blue folder", "slots": list, "version": version})
		}

		res := save(c.admin, first, 1, map[string]any{"label": "Entrance", "musicId": kyrie, "note": "verses 1-3", "durationMinutes": 4},
			map[string]any{"label": "Psalm", "musicId": nil}, map[string]any{"label": "Recessional", "musicId": sanctus})
		if res.Status != 200 || res.JSON["version"] != float64(2) || res.Str("title") != "Advent" || res.Str("notes") != "Bring the blue folder" {
			t.Fatalf("save: %d %s", res.Status, res.Raw)
		}
		wantSlots(t, "saved", res.JSON["slots"], "Entrance[Kyrie]|verses 1-3|4min", "Psalm", "Recessional[Sanctus]")
		if got := c.member.Do("GET", c.plans+"/"+first, nil); got.Raw != res.Raw {
			t.Errorf("read back:\n%s\nsaved:\n%s", got.Raw, res.Raw)
		}
		if got := c.lastUsed(t, kyrie); got != "2026-12-06" {
			t.Errorf("Kyrie last used %q", got)
		}
		if got := c.lastUsed(t, sanctus); got != "2026-12-06" {
			t.Errorf("archived Sanctus last used %q", got)
		}

		// Planned on two dates: the later.
		save(c.admin, second, 1, map[string]any{"label": "Entrance", "musicId": kyrie}, map[string]any{"label": "Gloria", "musicId": gloria})
		if k, g := c.lastUsed(t, kyrie), c.lastUsed(t, gloria); k != "2026-12-13" || g != "2026-12-13" {
			t.Errorf("after the second plan: Kyrie %q, Gloria %q", k, g)
		}
		// Taken out of the later plan: the latest date that remains.
		save(c.admin, second, 2, map[string]any{"label": "Gloria", "musicId": gloria})
		if k := c.lastUsed(t, kyrie); k != "2026-12-06" {
			t.Errorf("Kyrie taken from the later plan: %q", k)
		}
		// Its last plan deleted: planned nowhere, it keeps its date.
		wantError(t, c.member.Do("DELETE", c.plans+"/"+first, nil), 403, "PERMISSION_ERROR")
		if res := c.admin.Do("DELETE", c.plans+"/"+first, nil); res.Status != 204 {
			t.Fatalf("delete: %d %s", res.Status, res.Raw)
		}
		wantError(t, c.admin.Do("GET", c.plans+"/"+first, nil), 404, "NOT_FOUND")
		wantError(t, c.admin.Do("DELETE", c.plans+"/"+first, nil), 404, "NOT_FOUND")
		if k := c.lastUsed(t, kyrie); k != "2026-12-06" {
			t.Errorf("Kyrie planned nowhere: %q", k)
		}

		// Two saves from the same version: the second is refused, the first kept.
		one := save(c.admin, second, 3, map[string]any{"label": "Gloria", "musicId": gloria, "note": "mine"})
		two := save(c.admin, second, 3, map[string]any{"label": "Gloria", "musicId": gloria, "note": "theirs"})
		if one.Status != 200 {
			t.Fatalf("first save: %d %s", one.Status, one.Raw)
		}
		wantMessage(t, two, 409, "CONFLICT", "This plan was changed by someone else. Reload it to see their changes.")
		if got := c.admin.Do("GET", c.plans+"/"+second, nil); got.Raw != one.Raw {
			t.Errorf("after the refused save: %s", got.Raw)
		}

		// Refusals name each field and change nothing.
		confirmedUser(t, h, "other@example.com")
		other := signIn(t, h, "other@example.com")
		b := createChoir(t, other, "Choir B").Str("id")
		theirs := other.Do("POST", "/api/v1/choirs/"+b+"/music", map[string]any{"title": "Their Magnificat"}).Str("id")
		res = c.admin.Do("PUT", c.plans+"/"+second, map[string]any{"title": strings.Repeat("t", 201), "notes": strings.Repeat("n", 2001), "version": 4,
			"slots": []any{map[string]any{"label": "", "note": strings.Repeat("x", 501), "durationMinutes": 601}, map[string]any{"label": "B", "durationMinutes": 0}}})
		wantDetails(t, res, map[string]string{"title": "A title is at most 200 characters.", "notes": "Notes are at most 2000 characters.",
			"slots.0.label": "Enter a label for this slot.", "slots.0.note": "A note is at most 500 characters.",
			"slots.0.durationMinutes": "A duration is from 1 to 600 minutes.", "slots.1.durationMinutes": "A duration is from 1 to 600 minutes."})
		wantDetails(t, save(c.admin, second, 4, map[string]any{"label": "A", "musicId": gloria}, map[string]any{"label": "B", "musicId": theirs},
			map[string]any{"label": "C", "musicId": "nope"}),
			map[string]string{"slots.1.musicId": "That piece is not in this choir's library.", "slots.2.musicId": "That piece is not in this choir's library."})
		many := make([]map[string]any, 41)
		for i := range many {
			many[i] = map[string]any{"label": "Slot"}
		}
		wantDetails(t, save(c.admin, second, 4, many...), map[string]string{"slots": "A plan holds at most 40 slots."})
		if got := c.admin.Do("GET", c.plans+"/"+second, nil); got.Raw != one.Raw {
			t.Errorf("after the refusals: %s", got.Raw)
		}
		wantError(t, save(c.member, second, 4), 403, "PERMISSION_ERROR")

		// Another choir's plans, pieces and events are not found.
		wantError(t, other.Do("GET", c.plans+"/"+second, nil), 404, "NOT_FOUND")
		wantError(t, other.Do("GET", "/api/v1/choirs/"+b+"/plans/"+second, nil), 404, "NOT_FOUND")
		wantError(t, save(other, second, 4), 404, "NOT_FOUND")
		if res := other.Do("PUT", "/api/v1/choirs/"+b+"/plans/"+second, map[string]any{"title": "", "notes": "", "slots": []any{}, "version": 4}); res.Status != 404 {
			t.Errorf("saving another choir's plan: %d %s", res.Status, res.Raw)
		}
		wantError(t, other.Do("DELETE", "/api/v1/choirs/"+b+"/plans/"+second, nil), 404, "NOT_FOUND")
		event := c.create(t, map[string]any{"title": "Mass", "eventType": "service", "start": "2026-12-27T10:00:00Z", "end": "2026-12-27T11:00:00Z"}).Str("id")
		wantError(t, other.Do("POST", "/api/v1/choirs/"+b+"/plans", map[string]any{"date": "2026-12-27", "eventId": event}), 404, "NOT_FOUND")
		wantError(t, other.Do("GET", "/api/v1/choirs/"+b+"/events/"+event+"/plan", nil), 404, "NOT_FOUND")
		bPlan := other.Do("POST", "/api/v1/choirs/"+b+"/plans", map[string]any{"date": "2026-12-27"}).Str("id")
		wantError(t, c.admin.Do("POST", c.plans+"/"+second+"/copy", map[string]any{"fromPlanId": bPlan}), 404, "NOT_FOUND")
		wantError(t, c.admin.Do("POST", c.plans, map[string]any{"date": "2026-12-28", "copyFromPlanId": bPlan}), 404, "NOT_FOUND")
		if k := c.lastUsed(t, gloria); k != "2026-12-13" {
			t.Errorf("Gloria after the refusals: %q", k)
		}
	})
}

func TestCopyingLastYearsFeast(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newPlanChoir(t, h)
		alleluia, victimae := c.piece(t, "Alleluia"), c.piece(t, "Victimae paschali")
		// Easter Sunday moves: 5 April 2026, 28 March 2027.
		last := c.plan(t, map[string]any{"date": "2026-04-05"})
		if last.Str("feastKey") != "easter_sunday" {
			t.Fatalf("Easter 2026: %s", last.Raw)
		}
		res := c.admin.Do("PUT", c.plans+"/"+last.Str("id"), map[string]any{"title": "Easter", "notes": "", "version": 1, "slots": []any{
			map[string]any{"label": "Entrance", "musicId": alleluia, "durationMinutes": 3}, map[string]any{"label": "Sequence", "musicId": victimae, "note": "all verses"},
			map[string]any{"label": "Communion"}}})
		if res.Status != 200 {
			t.Fatalf("save Easter 2026: %d %s", res.Status, res.Raw)
		}
		c.plan(t, map[string]any{"date": "2026-04-12"})
		c.plan(t, map[string]any{"date": "2027-03-21"})
		next := c.plan(t, map[string]any{"date": "2027-03-28"})
		if next.Str("feastKey") != "easter_sunday" {
			t.Fatalf("Easter 2027: %s", next.Raw)
		}
		id := next.Str("id")

		res = c.member.Do("GET", c.plans+"/"+id+"/copy-sources", nil)
		same, _ := res.JSON["sameFeast"].([]any)
		earlier, _ := res.JSON["earlier"].([]any)
		if res.Status != 200 || len(same) != 1 || len(earlier) != 3 {
			t.Fatalf("copy sources: %d %s", res.Status, res.Raw)
		}
		if s := same[0].(map[string]any); s["id"] != last.Str("id") || s["pieceCount"] != float64(2) || s["date"] != "2026-04-05" ||
			s["eventTitle"] != nil || s["title"] != "Easter" || !strings.HasPrefix(s["feastName"].(string), "Easter Sunday") {
			t.Errorf("last year's Easter: %v", s)
		}
		var dates []string
		for _, e := range earlier {
			dates = append(dates, e.(map[string]any)["date"].(string))
		}
		if !slices.Equal(dates, []string{"2027-03-21", "2026-04-12", "2026-04-05"}) {
			t.Errorf("earlier plans: %v", dates)
		}

		wantError(t, c.member.Do("POST", c.plans+"/"+id+"/copy", map[string]any{"fromPlanId": last.Str("id")}), 403, "PERMISSION_ERROR")
		res = c.admin.Do("POST", c.plans+"/"+id+"/copy", map[string]any{"fromPlanId": last.Str("id")})
		if res.Status != 200 || res.JSON["version"] != float64(2) {
			t.Fatalf("copy: %d %s", res.Status, res.Raw)
		}
		wantSlots(t, "copied", res.JSON["slots"], "Entrance[Alleluia]|3min", "Sequence[Victimae paschali]|all verses", "Communion")
		if got := c.lastUsed(t, alleluia); got != "2027-03-28" {
			t.Errorf("Alleluia after the copy: %q", got)
		}
		wantDetails(t, c.admin.Do("POST", c.plans+"/"+id+"/copy", map[string]any{"fromPlanId": id}), map[string]string{"fromPlanId": "Choose another plan to copy from."})
		wantError(t, c.admin.Do("POST", c.plans+"/"+id+"/copy", map[string]any{"fromPlanId": "nope"}), 404, "NOT_FOUND")
		wantError(t, c.admin.Do("POST", c.plans+"/nope/copy", map[string]any{"fromPlanId": id}), 404, "NOT_FOUND")

		// A new plan may start as a copy.
		res = c.plan(t, map[string]any{"date": "2027-04-04", "copyFromPlanId": last.Str("id")})
		wantSlots(t, "started as a copy", res.JSON["slots"], "Entrance[Alleluia]|3min", "Sequence[Victimae paschali]|all verses", "Communion")
		if got := c.lastUsed(t, victimae); got != "2027-04-04" {
			t.Errorf("Victimae after the new copy: %q", got)
		}
	})
}

func TestNextService(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newPlanChoir(t, h)
		next := func(who *apptest.Client) string {
			res := who.Do("GET", c.plans+"/next-service", nil)
			if res.Status != 200 {
				t.Fatalf("next service: %d %s", res.Status, res.Raw)
			}
			return fmt.Sprint(res.JSON["date"], " ", res.JSON["eventId"])
		}
		// Monday 23 November: no service, so next Sunday.
		if got := next(c.member); got != "2026-11-29 <nil>" {
			t.Errorf("without services: %s", got)
		}
		c.create(t, map[string]any{"title": "Rehearsal", "eventType": "rehearsal", "start": "2026-11-24T19:00:00Z", "end": "2026-11-24T20:00:00Z"})
		draft := c.create(t, map[string]any{"title": "Draft vespers", "eventType": "liturgical_feast", "status": "draft",
			"start": "2026-11-25T18:00:00Z", "end": "2026-11-25T19:00:00Z"}).Str("id")
		later := c.create(t, map[string]any{"title": "Mass", "eventType": "service", "start": "2026-11-26T10:00:00Z", "end": "2026-11-26T11:00:00Z"}).Str("id")
		if got := next(c.member); got != "2026-11-26 "+later {
			t.Errorf("member: %s", got)
		}
		if got := next(c.admin); got != "2026-11-25 "+draft {
			t.Errorf("admin: %s", got)
		}
		// One that started earlier today still counts.
		today := c.create(t, map[string]any{"title": "Morning Mass", "eventType": "service", "start": "2026-11-23T08:00:00Z", "end": "2026-11-23T09:00:00Z"}).Str("id")
		if got := next(c.member); got != "2026-11-23 "+today {
			t.Errorf("today's: %s", got)
		}
	})
}
