package httpapi_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

// planSeen is what one reader gets of a plan by each way of reading it:
// "list get pdf", each "+" when it is there and "-" when it is not.
func (c planChoir) planSeen(t *testing.T, who *apptest.Client, planID, date string) string {
	t.Helper()
	seen := func(ok bool) string {
		if ok {
			return "+"
		}
		return "-"
	}
	res := who.Do("GET", c.plans+"?date="+date, nil)
	if res.Status != 200 {
		t.Fatalf("list %s: %d %s", date, res.Status, res.Raw)
	}
	listed := slices.ContainsFunc(res.List, func(p any) bool { return p.(map[string]any)["id"] == planID })
	get := who.Do("GET", c.plans+"/"+planID, nil)
	pdf := who.Do("GET", c.plans+"/"+planID+"/pdf", nil)
	for _, r := range []apptest.Response{get, pdf} {
		if r.Status != 200 && r.Status != 404 {
			t.Fatalf("read plan %s: %d %s", planID, r.Status, r.Raw)
		}
	}
	return seen(listed) + seen(get.Status == 200) + seen(pdf.Status == 200)
}

// Whether a plan shows to members follows its occurrence as the calendar
// shows it: a draft series, or a draft edited occurrence of a published
// one, hides it; editors see every plan. A plan whose draft event or
// occurrence is deleted stays hidden; one of a published event stays shown.
func TestPlansOfDraftsMatrix(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newPlanChoir(t, h)
		type plan struct {
			name, id, date, occurrence string
			members                    bool // whether members see it
		}
		var plans []plan
		for _, series := range []string{"published", "draft"} {
			id := c.create(t, map[string]any{"title": "Sunday Mass", "eventType": "service", "status": series,
				"start": "2026-11-29T10:30:00Z", "end": "2026-11-29T11:30:00Z", "timeZone": "Europe/London",
				"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyInterval": 1, "weeklyDays": []string{"sunday"}}}).Str("id")
			for i, override := range []string{"published", "draft"} {
				date := fmt.Sprintf("2026-12-%02d", 6+7*i)
				occurrence := id + "-occurrence-" + date
				if res := c.admin.Do("PUT", c.events+"/"+occurrence, map[string]any{"scope": "single", "title": "Advent Mass",
					"eventType": "service", "status": override, "start": date + "T10:30:00Z", "end": date + "T11:30:00Z",
					"timeZone": "Europe/London"}); res.Status != 200 {
					t.Fatalf("edit %s: %d %s", occurrence, res.Status, res.Raw)
				}
				p := c.plan(t, map[string]any{"date": date, "eventId": occurrence})
				plans = append(plans, plan{name: series + " series, " + override + " occurrence", id: p.Str("id"), date: date,
					occurrence: occurrence, members: series == "published" && override == "published"})
			}
		}
		check := func(when string, plans ...plan) {
			t.Helper()
			for _, p := range plans {
				want := "---"
				if p.members {
					want = "+++"
				}
				if got := c.planSeen(t, c.member, p.id, p.date); got != want {
					t.Errorf("%s: member reads the plan of the %s: %s, want %s", when, p.name, got, want)
				}
				if got := c.planSeen(t, c.admin, p.id, p.date); got != "+++" {
					t.Errorf("%s: editor reads the plan of the %s: %s, want +++", when, p.name, got)
				}
			}
		}
		check("as planned", plans...)
		// The event's own plan route agrees.
		for _, p := range plans {
			res := c.member.Do("GET", c.events+"/"+p.occurrence+"/plan", nil)
			if (res.Status == 200) != p.members {
				t.Errorf("member reads the event plan of the %s: %d %s", p.name, res.Status, res.Raw)
			}
		}

		// Single events, published and draft, each with a plan.
		single := map[string]plan{}
		for i, status := range []string{"published", "draft"} {
			date := fmt.Sprintf("2026-12-%02d", 1+i)
			id := c.create(t, map[string]any{"title": "Carol service", "eventType": "service", "status": status,
				"start": date + "T18:00:00Z", "end": date + "T19:00:00Z", "timeZone": "Europe/London"}).Str("id")
			single[status] = plan{name: status + " event", id: c.plan(t, map[string]any{"date": date, "eventId": id}).Str("id"),
				date: date, occurrence: id, members: status == "published"}
		}
		check("single events", single["published"], single["draft"])

		// Deleted: the draft ones stay hidden, the published ones shown.
		for _, p := range []plan{plans[0], plans[1], single["published"], single["draft"]} {
			if res := c.admin.Do("DELETE", c.events+"/"+p.occurrence, nil); res.Status != 204 {
				t.Fatalf("delete %s: %d %s", p.name, res.Status, res.Raw)
			}
		}
		check("after deleting the events and occurrences", plans[0], plans[1], single["published"], single["draft"])
		// A whole draft series deleted: its plans stay hidden.
		draftSeries, _ := splitOccurrence(plans[2].occurrence)
		if res := c.admin.Do("DELETE", c.events+"/"+draftSeries+"?scope=all", nil); res.Status != 204 {
			t.Fatalf("delete the draft series: %d %s", res.Status, res.Raw)
		}
		check("after deleting the draft series", plans[2], plans[3])

		// A draft occurrence's plan follows it into the later part of a
		// split series, hidden still; when an edit leaves the occurrence out
		// (the later part made a single event), the plan stays hidden.
		evensong := c.create(t, map[string]any{"title": "Evensong", "eventType": "service", "start": "2026-11-29T18:00:00Z",
			"end": "2026-11-29T19:00:00Z", "timeZone": "Europe/London",
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyInterval": 1, "weeklyDays": []string{"sunday"}}}).Str("id")
		edit := func(occurrence, scope, status, date string, rule any) apptest.Response {
			t.Helper()
			res := c.admin.Do("PUT", c.events+"/"+occurrence, map[string]any{"scope": scope, "title": "Evensong", "eventType": "service",
				"status": status, "start": date + "T18:00:00Z", "end": date + "T19:00:00Z", "timeZone": "Europe/London", "recurrenceRule": rule})
			if res.Status != 200 {
				t.Fatalf("edit %s (%s): %d %s", occurrence, scope, res.Status, res.Raw)
			}
			return res
		}
		weekly := map[string]any{"type": "weekly_on_days", "weeklyInterval": 1, "weeklyDays": []string{"sunday"}}
		edit(evensong+"-occurrence-2026-12-20", "single", "draft", "2026-12-20", nil)
		draft := plan{name: "draft occurrence of a split series", id: c.plan(t, map[string]any{"date": "2026-12-20",
			"eventId": evensong + "-occurrence-2026-12-20"}).Str("id"), date: "2026-12-20"}
		later := edit(evensong+"-occurrence-2026-12-13", "following", "published", "2026-12-13", weekly).Str("eventId")
		if res := c.admin.Do("GET", c.events+"/"+later+"-occurrence-2026-12-20/plan", nil); res.Status != 200 || res.Str("id") != draft.id {
			t.Errorf("the draft occurrence's plan in the later part: %d %s", res.Status, res.Raw)
		}
		check("after the split", draft)
		edit(later+"-occurrence-2026-12-13", "following", "published", "2026-12-13", nil)
		check("after the later part was made a single event", draft)
	})
}

// splitOccurrence reads '{seriesId}-occurrence-{date}'.
func splitOccurrence(id string) (string, string) {
	const suffix = len("-occurrence-2006-01-02")
	return id[:len(id)-suffix], id[len(id)-10:]
}
