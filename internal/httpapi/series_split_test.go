package httpapi_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/attendance"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choirmail"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/planning"
)

// splitChoir is a link choir (Europe/London; the clock on Monday 23
// November 2026) with a rehearsal every Tuesday at 19:30 from 10 November,
// and its planning paths.
type splitChoir struct {
	linkChoir
	plans, series string
}

func newSplitChoir(t *testing.T, h *apptest.Harness) splitChoir {
	t.Helper()
	c := splitChoir{linkChoir: newLinkChoir(t, h)}
	c.plans = "/api/v1/choirs/" + c.id + "/plans"
	c.series = c.create(t, map[string]any{"title": "Rehearsal", "eventType": "rehearsal", "start": "2026-11-10T19:30:00Z",
		"end": "2026-11-10T21:30:00Z", "timeZone": "Europe/London",
		"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyDays": []string{"tuesday"}}}).Str("id")
	return c
}

func occurrenceOf(series, date string) string { return series + "-occurrence-" + date }

// answer records the member's answer for an occurrence.
func (c splitChoir) answer(t *testing.T, occurrence, status string) {
	t.Helper()
	if res := c.member.Do("PUT", c.events+"/"+occurrence+"/rsvp", map[string]any{"status": status}); res.Status != 200 {
		t.Fatalf("answer %s: %d %s", occurrence, res.Status, res.Raw)
	}
}

// answerOf is the member's answer for an occurrence as the app shows it:
// "going", "<nil>" for none, or "404" when there is no such occurrence.
func (c splitChoir) answerOf(t *testing.T, occurrence string) string {
	t.Helper()
	res := c.member.Do("GET", c.events+"/"+occurrence+"/rsvp", nil)
	switch res.Status {
	case 200:
		if s, ok := res.JSON["status"].(string); ok {
			return s
		}
		return "<nil>"
	case 404:
		return "404"
	}
	t.Fatalf("read the answer for %s: %d %s", occurrence, res.Status, res.Raw)
	return ""
}

// markOf is the member's attendance mark for an occurrence.
func (c splitChoir) markOf(t *testing.T, occurrence string) string {
	t.Helper()
	res := c.admin.Do("GET", c.events+"/"+occurrence+"/attendance", nil)
	if res.Status != 200 {
		t.Fatalf("attendance of %s: %d %s", occurrence, res.Status, res.Raw)
	}
	for _, m := range res.JSON["members"].([]any) {
		if m := m.(map[string]any); m["userId"] == c.memberID {
			if mark, ok := m["mark"].(string); ok {
				return mark
			}
		}
	}
	return "<nil>"
}

// planOf is the id of the plan of an occurrence, "404" when it has none.
func (c splitChoir) planOf(t *testing.T, occurrence string) string {
	t.Helper()
	res := c.member.Do("GET", c.events+"/"+occurrence+"/plan", nil)
	if res.Status == 404 {
		return "404"
	}
	if res.Status != 200 || res.Str("eventId") != occurrence {
		t.Fatalf("plan of %s: %d %s", occurrence, res.Status, res.Raw)
	}
	return res.Str("id")
}

// plansOn lists "id eventId" of the plans of a date.
func (c splitChoir) plansOn(t *testing.T, date string) []string {
	t.Helper()
	res := c.member.Do("GET", c.plans+"?date="+date, nil)
	if res.Status != 200 {
		t.Fatalf("plans of %s: %d %s", date, res.Status, res.Raw)
	}
	var out []string
	for _, p := range res.List {
		p := p.(map[string]any)
		out = append(out, p["id"].(string)+" "+p["eventId"].(string))
	}
	return out
}

func (c splitChoir) plan(t *testing.T, date, occurrence string) string {
	t.Helper()
	res := c.admin.Do("POST", c.plans, map[string]any{"date": date, "eventId": occurrence})
	if res.Status != 201 {
		t.Fatalf("plan %s: %d %s", occurrence, res.Status, res.Raw)
	}
	return res.Str("id")
}

// split changes this and the following occurrences from date.
func (c splitChoir) split(t *testing.T, series, date string, change map[string]any) string {
	t.Helper()
	body := map[string]any{"scope": "following", "title": "Rehearsal", "eventType": "rehearsal", "timeZone": "Europe/London",
		"start": date + "T19:30:00Z", "end": date + "T21:30:00Z",
		"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyDays": []string{"tuesday"}}}
	for k, v := range change {
		body[k] = v
	}
	res := c.admin.Do("PUT", c.events+"/"+occurrenceOf(series, date), body)
	if res.Status != 200 || res.Str("eventId") == series {
		t.Fatalf("split %s at %s: %d %s", series, date, res.Status, res.Raw)
	}
	return res.Str("eventId")
}

// Splitting a series ("this and following") takes every answer, mark,
// plan and emailed link of the later occurrences to the new series, date
// for date, though the time of day changes; a date the new rule no longer
// has keeps its answer unseen, and its link says the event is not found.
func TestSplittingASeriesMovesAnswersMarksPlansAndLinks(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newSplitChoir(t, h)
		old := func(date string) string { return occurrenceOf(c.series, date) }
		c.answer(t, old("2026-12-01"), "going")
		c.answer(t, old("2026-12-08"), "not_going")
		c.answer(t, old("2026-12-15"), "maybe")
		marks := map[string]any{"marks": []any{map[string]any{"userId": c.memberID, "mark": "present"}}}
		for _, date := range []string{"2026-11-10", "2026-11-17"} {
			if res := c.admin.Do("PUT", c.events+"/"+old(date)+"/attendance/marks", marks); res.Status != 200 {
				t.Fatalf("mark %s: %d %s", date, res.Status, res.Raw)
			}
		}
		first, third := c.plan(t, "2026-12-01", old("2026-12-01")), c.plan(t, "2026-12-15", old("2026-12-15"))
		rsvp1, rsvp8 := c.issue(t, actionlink.RSVP, old("2026-12-01")), c.issue(t, actionlink.RSVP, old("2026-12-08"))
		event15 := c.issue(t, actionlink.Event, old("2026-12-15"))

		// From 17 November: at 19:00, every other week.
		next := c.split(t, c.series, "2026-11-17", map[string]any{"start": "2026-11-17T19:00:00Z", "end": "2026-11-17T21:00:00Z",
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyInterval": 2, "weeklyDays": []string{"tuesday"}}})
		moved := func(date string) string { return occurrenceOf(next, date) }
		for occurrence, want := range map[string]string{
			moved("2026-12-01"): "going", moved("2026-12-15"): "maybe", moved("2026-12-29"): "<nil>",
			moved("2026-12-08"): "404", old("2026-12-01"): "404", old("2026-12-08"): "404",
		} {
			if got := c.answerOf(t, occurrence); got != want {
				t.Errorf("answer for %s: %s, want %s", occurrence, got, want)
			}
		}
		if got, want := c.markOf(t, moved("2026-11-17")), "present"; got != want {
			t.Errorf("the mark of 17 November: %s, want %s", got, want)
		}
		if got := c.markOf(t, old("2026-11-10")); got != "present" {
			t.Errorf("the earlier part's mark of 10 November: %s", got)
		}
		if got := c.planOf(t, moved("2026-12-01")); got != first {
			t.Errorf("the plan of 1 December: %s, want %s", got, first)
		}
		if got := c.planOf(t, moved("2026-12-15")); got != third {
			t.Errorf("the plan of 15 December: %s, want %s", got, third)
		}
		if got := c.plansOn(t, "2026-12-01"); !slices.Equal(got, []string{first + " " + moved("2026-12-01")}) {
			t.Errorf("plans of 1 December: %q", got)
		}

		// The links sent before the split answer for the new series.
		anon := h.NewClient()
		if res := anon.Do("POST", links+"rsvp/"+rsvp1, map[string]any{"status": "maybe"}); res.Status != 200 ||
			res.Str("event.id") != moved("2026-12-01") || res.Str("event.startTime") != "19:00" || res.JSON["changed"] != true {
			t.Errorf("the RSVP link of 1 December: %d %s", res.Status, res.Raw)
		}
		if got := c.answerOf(t, moved("2026-12-01")); got != "maybe" {
			t.Errorf("answered by link: %s", got)
		}
		if res := anon.Do("GET", links+"event/"+event15, nil); res.Status != 200 || res.Str("event.id") != moved("2026-12-15") ||
			res.Str("answer") != "maybe" {
			t.Errorf("the event link of 15 December: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, anon.Do("GET", links+"rsvp/"+rsvp8, nil), 404, "NOT_FOUND", "Event not found")

		// The later part made a single event from 1 December: that day's
		// answer, plan and link go with it.
		single := c.split(t, next, "2026-12-01", map[string]any{"recurrenceRule": nil, "start": "2026-12-01T19:00:00Z", "end": "2026-12-01T21:00:00Z"})
		if got := c.answerOf(t, single); got != "maybe" {
			t.Errorf("the single event's answer: %s", got)
		}
		if got := c.planOf(t, single); got != first {
			t.Errorf("the single event's plan: %s, want %s", got, first)
		}
		if res := anon.Do("GET", links+"rsvp/"+rsvp1, nil); res.Status != 200 || res.Str("event.id") != single {
			t.Errorf("the RSVP link of 1 December: %d %s", res.Status, res.Raw)
		}
	})
}

// An occurrence edited to another day keeps its answer and plan, the plan
// found on its new day; a split takes them along.
func TestAMovedOccurrenceKeepsItsAnswerAndPlan(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newSplitChoir(t, h)
		old := occurrenceOf(c.series, "2026-12-08")
		c.answer(t, old, "going")
		plan := c.plan(t, "2026-12-08", old)
		// To Wednesday 9 December.
		if res := c.admin.Do("PUT", c.events+"/"+old, map[string]any{"scope": "single", "title": "Rehearsal (Wednesday)",
			"eventType": "rehearsal", "start": "2026-12-09T19:30:00Z", "end": "2026-12-09T21:30:00Z", "timeZone": "Europe/London"}); res.Status != 200 {
			t.Fatalf("move: %d %s", res.Status, res.Raw)
		}
		if got := c.answerOf(t, old); got != "going" {
			t.Errorf("the moved occurrence's answer: %s", got)
		}
		if got := c.plansOn(t, "2026-12-09"); !slices.Equal(got, []string{plan + " " + old}) {
			t.Errorf("plans of 9 December: %q", got)
		}
		if got := c.plansOn(t, "2026-12-08"); len(got) != 0 {
			t.Errorf("plans of 8 December: %q", got)
		}

		next := c.split(t, c.series, "2026-12-01", map[string]any{"title": "Advent rehearsal"})
		moved := occurrenceOf(next, "2026-12-08")
		if got := c.answerOf(t, moved); got != "going" {
			t.Errorf("the moved occurrence's answer after the split: %s", got)
		}
		if res := c.admin.Do("GET", c.events+"/"+moved+"/attendance", nil); res.Str("event.startDate") != "2026-12-09" {
			t.Errorf("the moved occurrence after the split: %s", res.Raw)
		}
		if got := c.planOf(t, moved); got != plan {
			t.Errorf("the moved occurrence's plan after the split: %s, want %s", got, plan)
		}
		if got := c.plansOn(t, "2026-12-09"); !slices.Equal(got, []string{plan + " " + moved}) {
			t.Errorf("plans of 9 December after the split: %q", got)
		}
	})
}

// A deleted occurrence's answers go, as a deleted event's do; its plan
// stays as the history of that date; a split keeps it deleted, and
// deleting this and the following occurrences takes their answers.
func TestADeletedOccurrenceLosesItsAnswersAndKeepsItsPlan(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newSplitChoir(t, h)
		at := func(date string) string { return occurrenceOf(c.series, date) }
		for _, date := range []string{"2026-12-08", "2026-12-15", "2026-12-22"} {
			c.answer(t, at(date), "going")
		}
		plan := c.plan(t, "2026-12-08", at("2026-12-08"))
		link := c.issue(t, actionlink.RSVP, at("2026-12-08"))
		if res := c.admin.Do("DELETE", c.events+"/"+at("2026-12-08"), nil); res.Status != 204 {
			t.Fatalf("delete: %d %s", res.Status, res.Raw)
		}
		answers := func(series, date string) int {
			return countRows(t, h, `SELECT COUNT(*) FROM member_attendance WHERE event_id = ? AND occurrence_date = ?`, series, date)
		}
		if n := answers(c.series, "2026-12-08"); n != 0 {
			t.Errorf("the deleted occurrence keeps %d answers", n)
		}
		if got := c.planOf(t, at("2026-12-08")); got != "404" {
			t.Errorf("the deleted occurrence's plan by its event: %s", got)
		}
		if got := c.plansOn(t, "2026-12-08"); !slices.Equal(got, []string{plan + " " + at("2026-12-08")}) {
			t.Errorf("plans of 8 December: %q", got)
		}
		wantMessage(t, h.NewClient().Do("GET", links+"rsvp/"+link, nil), 404, "NOT_FOUND", "Event not found")

		next := c.split(t, c.series, "2026-12-01", map[string]any{"title": "Advent rehearsal"})
		if got := c.answerOf(t, occurrenceOf(next, "2026-12-08")); got != "404" {
			t.Errorf("the deleted occurrence after the split: %s", got)
		}
		if got := c.answerOf(t, occurrenceOf(next, "2026-12-15")); got != "going" {
			t.Errorf("15 December after the split: %s", got)
		}
		if got := c.plansOn(t, "2026-12-08"); !slices.Equal(got, []string{plan + " " + at("2026-12-08")}) {
			t.Errorf("plans of 8 December after the split: %q", got)
		}

		if res := c.admin.Do("DELETE", c.events+"/"+occurrenceOf(next, "2026-12-22")+"?scope=following", nil); res.Status != 204 {
			t.Fatalf("delete following: %d %s", res.Status, res.Raw)
		}
		if n, m := answers(next, "2026-12-22"), answers(next, "2026-12-15"); n != 0 || m != 1 {
			t.Errorf("after deleting from 22 December: %d answers left for it, %d for 15 December", n, m)
		}
	})
}

// Occurrences are told apart by their date in the series' own zone, plans
// are dated by the day the occurrence starts on in the choir's: a split
// that moves a New York rehearsal from 20:00 (01:00 the next day in
// London) to 18:00 keeps the answer and dates the plan a day earlier.
func TestASplitAcrossMidnightInTheChoirsZoneRedatesThePlan(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newSplitChoir(t, h)
		late := c.create(t, map[string]any{"title": "Late rehearsal", "eventType": "rehearsal", "start": "2026-11-10T20:00:00",
			"end": "2026-11-10T21:00:00", "timeZone": "America/New_York",
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyDays": []string{"tuesday"}}}).Str("id")
		old := occurrenceOf(late, "2026-12-01")
		c.answer(t, old, "going")
		plan := c.plan(t, "2026-12-02", old)
		next := c.split(t, late, "2026-12-01", map[string]any{"title": "Late rehearsal", "timeZone": "America/New_York",
			"start": "2026-12-01T18:00:00", "end": "2026-12-01T19:00:00"})
		moved := occurrenceOf(next, "2026-12-01")
		if got := c.answerOf(t, moved); got != "going" {
			t.Errorf("the answer after the split: %s", got)
		}
		if got := c.planOf(t, moved); got != plan {
			t.Errorf("the plan after the split: %s, want %s", got, plan)
		}
		if got := c.plansOn(t, "2026-12-01"); !slices.Equal(got, []string{plan + " " + moved}) {
			t.Errorf("plans of 1 December: %q", got)
		}
		if got := c.plansOn(t, "2026-12-02"); len(got) != 0 {
			t.Errorf("plans of 2 December: %q", got)
		}
	})
}

// What is written for an occurrence read just before a split (an answer, a
// mark, a plan, an email's links) is refused as a conflict, never left
// under the key the split took the occurrence from.
func TestWritesAgainstAnOccurrenceReadBeforeASplitAreRefused(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newSplitChoir(t, h)
		ctx := t.Context()
		read := func(date string) *calendar.Occurrence {
			o, err := h.App.Calendar.Occurrence(ctx, c.id, occurrenceOf(c.series, date), true)
			if err != nil {
				t.Fatal(err)
			}
			return o
		}
		answer, mark, plan, mail := read("2026-12-08"), read("2026-11-17"), read("2026-12-15"), read("2026-12-22")
		c.split(t, c.series, "2026-11-17", map[string]any{"title": "Advent rehearsal"})
		conflict := func(what string, err error) {
			t.Helper()
			if e, ok := apperr.As(err); !ok || e.Kind != apperr.Conflict || e.Message != calendar.MsgEventChanged {
				t.Errorf("%s for an occurrence read before the split: %v", what, err)
			}
		}
		_, err := h.App.Attendance.Answer(ctx, c.id, c.memberID, answer, "going")
		conflict("answer", err)
		conflict("mark", h.App.Attendance.Mark(ctx, c.id, "Europe/London", c.memberID, mark,
			[]attendance.MarkInput{{UserID: c.memberID, Mark: "present"}}))
		day, _ := liturgy.ParseDate("2026-12-15")
		_, err = h.App.Planning.Create(ctx, c.id, planning.NewPlan{Date: day, Occurrence: plan})
		conflict("plan", err)
		_, err = h.App.ChoirMail.SendEvent(ctx, choirmail.Choir{ID: c.id, Name: "St Cecilia Singers", TimeZone: "Europe/London"},
			choirmail.Sender{ID: userID(t, h, "director@example.com"), Name: "Director"}, mail, nil, choirmail.Request{})
		conflict("email", err)
		for table, query := range map[string]string{
			"answers and marks": `SELECT COUNT(*) FROM member_attendance WHERE event_id = ?`,
			"plans":             `SELECT COUNT(*) FROM music_plans WHERE event_id = ?`,
			"links":             `SELECT COUNT(*) FROM email_action_tokens WHERE resource_id LIKE ?`,
		} {
			arg := c.series
			if table == "links" {
				arg = c.series + "%"
			}
			if n := countRows(t, h, query, arg); n != 0 {
				t.Errorf("%d %s left under the old series", n, table)
			}
		}
	})
}

// Sixteen answers by email link at once with a split of their series:
// each is accepted, and is the answer the new series shows; none is left
// under the old series.
func TestAnswersByLinkDuringASplitAreNotLost(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newSplitChoir(t, h)
		type answer struct{ user, date, status, secret string }
		var answers []answer
		statuses := []string{"going", "maybe", "not_going"}
		for i, user := range []string{c.memberID, userID(t, h, "director@example.com")} {
			for w := range 8 {
				d, _ := liturgy.ParseDate("2026-12-01")
				date := d.AddDays(7 * w).String()
				a := answer{user: user, date: date, status: statuses[(i+w)%3]}
				a.secret = issueLink(t, h, user, c.id, actionlink.RSVP, occurrenceOf(c.series, date))
				answers = append(answers, a)
			}
		}
		start := make(chan struct{})
		var wg sync.WaitGroup
		var split apptest.Response
		wg.Go(func() {
			<-start
			split = c.admin.Do("PUT", c.events+"/"+occurrenceOf(c.series, "2026-12-01"), map[string]any{"scope": "following",
				"title": "Advent rehearsal", "eventType": "rehearsal", "timeZone": "Europe/London", "start": "2026-12-01T19:30:00Z",
				"end": "2026-12-01T21:30:00Z", "recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyDays": []string{"tuesday"}}})
		})
		results := make([]apptest.Response, len(answers))
		for i, a := range answers {
			wg.Go(func() {
				<-start
				results[i] = h.NewClient().Do("POST", links+"rsvp/"+a.secret, map[string]any{"status": a.status})
			})
		}
		close(start)
		wg.Wait()
		next := split.Str("eventId")
		if split.Status != 200 || next == c.series {
			t.Fatalf("split: %d %s", split.Status, split.Raw)
		}
		for i, a := range answers {
			if results[i].Status != 200 {
				t.Errorf("answer %s for %s: %d %s", a.status, a.date, results[i].Status, results[i].Raw)
			}
			var got string
			err := h.DB.QueryRowContext(t.Context(), `SELECT status FROM member_attendance WHERE user_id = ? AND event_id = ? AND occurrence_date = ?`,
				a.user, next, a.date).Scan(&got)
			if err != nil || got != a.status {
				t.Errorf("the new series' %s shows %q (%v), want %s", a.date, got, err, a.status)
			}
		}
		if n := countRows(t, h, `SELECT COUNT(*) FROM member_attendance WHERE event_id = ?`, c.series); n != 0 {
			t.Errorf("%d answers left under the old series", n)
		}
	})
}
