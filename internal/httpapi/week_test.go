package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
)

// weekChoir is an attendanceChoir (the clock on Monday 23 November 2026,
// 10:00; a rehearsal on Thursday 26th) with a meeting that ended this
// morning and Sunday Mass on the 29th, planned with a Kyrie that has a
// score, a Gloria with no file and a Sanctus with a recording.
type weekChoir struct {
	attendanceChoir
	week, mass string
	kyrie      string
	sanctus    string
}

func newWeekChoir(t *testing.T, h *apptest.Harness) weekChoir {
	t.Helper()
	c := weekChoir{attendanceChoir: newAttendanceChoir(t, h)}
	base := "/api/v1/choirs/" + c.id
	c.week = base + "/week"
	c.create(t, map[string]any{"title": "Committee", "eventType": "other", "start": "2026-11-23T08:00:00Z", "end": "2026-11-23T09:00:00Z"})
	c.mass = c.create(t, map[string]any{"title": "Sunday Mass", "eventType": "service", "start": "2026-11-29T10:30:00Z",
		"end": "2026-11-29T11:30:00Z", "timeZone": "Europe/London"}).Str("id")
	piece := func(title, fileType string) string {
		id, now := uuid.NewString(), h.Clock.Now()
		if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music (id, choir_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
			id, c.id, title, now, now); err != nil {
			t.Fatal(err)
		}
		if fileType != "" {
			if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_attachments (id, music_id, choir_id, url, file_name, type,
				content_type, size_bytes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'application/octet-stream', 1, ?, ?)`,
				uuid.NewString(), id, c.id, c.id+"/"+id+"/f", "f", fileType, now, now); err != nil {
				t.Fatal(err)
			}
		}
		return id
	}
	c.kyrie, c.sanctus = piece("Kyrie", "score"), piece("Sanctus", "audio_full")
	gloria := piece("Gloria", "")
	res := c.admin.Do("POST", base+"/plans", map[string]any{"date": "2026-11-29", "eventId": c.mass})
	if res.Status != 201 {
		t.Fatalf("plan: %d %s", res.Status, res.Raw)
	}
	slots := []any{map[string]any{"label": "Entrance", "musicId": c.kyrie}, map[string]any{"label": "Gloria", "musicId": gloria},
		map[string]any{"label": "Sanctus", "musicId": c.sanctus}, map[string]any{"label": "Recessional", "musicId": c.kyrie}}
	if res := c.admin.Do("PUT", base+"/plans/"+res.Str("id"), map[string]any{"slots": slots, "version": 1}); res.Status != 200 {
		t.Fatalf("save plan: %d %s", res.Status, res.Raw)
	}
	return c
}

func (c weekChoir) get(t *testing.T, who *apptest.Client) apptest.Response {
	t.Helper()
	res := who.Do("GET", c.week, nil)
	if res.Status != 200 {
		t.Fatalf("week: %d %s", res.Status, res.Raw)
	}
	return res
}

// weekEvent words one of the week's events: "title answer answerable [pieces] date".
func weekEvent(v any) string {
	e, ok := v.(map[string]any)
	if !ok {
		return "none"
	}
	var pieces []string
	for _, p := range e["pieces"].([]any) {
		m := p.(map[string]any)
		pieces = append(pieces, fmt.Sprintf("%s score=%v recording=%v", m["title"], m["hasScore"], m["hasRecording"]))
	}
	return fmt.Sprintf("%s %v %v [%s] %s", e["event"].(map[string]any)["title"], e["myAnswer"], e["answerable"], strings.Join(pieces, ", "), e["planDate"])
}

// unanswered words a week event's list: "Part: Name, Name".
func unanswered(v any) []string {
	e := v.(map[string]any)
	list, ok := e["unanswered"].([]any)
	if !ok {
		return nil
	}
	out := []string{}
	for _, p := range list {
		m := p.(map[string]any)
		var names []string
		for _, who := range m["members"].([]any) {
			names = append(names, who.(map[string]any)["name"].(string))
		}
		out = append(out, m["part"].(string)+": "+strings.Join(names, ", "))
	}
	return out
}

func titles(res apptest.Response) []string {
	var out []string
	for _, e := range res.JSON["upcoming"].([]any) {
		out = append(out, e.(map[string]any)["title"].(string))
	}
	return out
}

func TestWeekShowsASingerTheNextRehearsalAndServiceWithTheirMusic(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newWeekChoir(t, h)
		res := c.get(t, c.member)
		wantLines(t, "upcoming", titles(res), "Thursday Rehearsal", "Sunday Mass")
		wantLines(t, "rehearsal", []string{weekEvent(res.JSON["rehearsal"])}, "Thursday Rehearsal <nil> true [] 2026-11-26")
		wantLines(t, "service", []string{weekEvent(res.JSON["service"])},
			"Sunday Mass <nil> true [Kyrie score=true recording=false, Sanctus score=false recording=true] 2026-11-29")
		if res.JSON["canAnswer"] != true || res.JSON["checklist"] != nil || res.JSON["voicePartQuestion"] != nil {
			t.Errorf("a singer with a part: %s", res.Raw)
		}
		if unanswered(res.JSON["rehearsal"]) != nil || strings.Contains(res.Raw, "unanswered") {
			t.Errorf("a singer sees who has not answered: %s", res.Raw)
		}

		// The answer given in the app is the week's.
		if r := c.member.Do("PUT", c.events+"/"+c.mass+"/rsvp", map[string]any{"status": "maybe"}); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		res = c.get(t, c.member)
		if got := weekEvent(res.JSON["service"]); !strings.HasPrefix(got, "Sunday Mass maybe true") {
			t.Errorf("after answering: %s", got)
		}

		// Someone of another choir finds no such choir.
		confirmedUser(t, h, "rival@example.com")
		rival := signIn(t, h, "rival@example.com")
		createChoir(t, rival, "Rival Singers")
		if r := rival.Do("GET", c.week, nil); r.Status != 404 {
			t.Errorf("another choir's member: %d %s", r.Status, r.Raw)
		}
	})
}

func TestWeekShowsADirectorWhoHasNotAnsweredByPart(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newWeekChoir(t, h)
		res := c.get(t, c.admin)
		// Adams sings soprano and alto; Zeller, the director, has no part; by last name.
		wantLines(t, "before any answer", unanswered(res.JSON["rehearsal"]), "Soprano: Ada Adams", "Alto: Ada Adams, Ada Byrd", "No voice part: Ada Zeller")
		if r := c.member.Do("PUT", c.eventPath+"/rsvp", map[string]any{"status": "not_going"}); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		if r := c.duo.Do("PUT", c.eventPath+"/rsvp", map[string]any{"status": "going"}); r.Status != 200 {
			t.Fatal(r.Raw)
		}
		res = c.get(t, c.admin)
		wantLines(t, "after two answers", unanswered(res.JSON["rehearsal"]), "No voice part: Ada Zeller")
		wantLines(t, "the service", unanswered(res.JSON["service"]), "Soprano: Ada Adams", "Alto: Ada Adams, Ada Byrd", "No voice part: Ada Zeller")
		if res.JSON["voicePartQuestion"] != nil {
			t.Errorf("a director is asked their part: %s", res.Raw)
		}
	})
}

func checklistOf(res apptest.Response) string {
	c, ok := res.JSON["checklist"].(map[string]any)
	if !ok {
		return "none"
	}
	return fmt.Sprintf("invited=%v music=%v rehearsal=%v sunday=%v", c["singersInvited"], c["musicAdded"], c["rehearsalSet"], c["sundayPlanned"])
}

func TestTheGettingStartedChecklistTicksItselfOff(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		// A new choir: nothing done.
		confirmedUser(t, h, "new@example.com")
		director := signIn(t, h, "new@example.com")
		id := createChoir(t, director, "New Choir").Str("id")
		week := "/api/v1/choirs/" + id + "/week"
		fresh := director.Do("GET", week, nil)
		if got := checklistOf(fresh); got != "invited=false music=false rehearsal=false sunday=false" {
			t.Errorf("a new choir: %s", got)
		}
		if r := director.Do("POST", "/api/v1/choirs/"+id+"/events", weeklyRehearsal(nil)); r.Status != 201 {
			t.Fatal(r.Raw)
		}
		if got := checklistOf(director.Do("GET", week, nil)); got != "invited=false music=false rehearsal=true sunday=false" {
			t.Errorf("after a weekly rehearsal: %s", got)
		}
		// Dismissed, it stays away for this director.
		if r := director.Do("PUT", week+"/dismissals/checklist", nil); r.Status != 204 {
			t.Fatalf("dismiss: %d %s", r.Status, r.Raw)
		}
		if r := director.Do("PUT", week+"/dismissals/checklist", nil); r.Status != 204 {
			t.Fatalf("dismiss again: %d %s", r.Status, r.Raw)
		}
		if got := checklistOf(director.Do("GET", week, nil)); got != "none" {
			t.Errorf("after dismissing: %s", got)
		}
		wantMessage(t, director.Do("PUT", week+"/dismissals/everything", nil), 400, "VALIDATION_ERROR",
			"Only the checklist or the voice-part question can be dismissed.")

		// A choir with singers in parts, music and a planned service: one
		// step left, then none and the checklist goes by itself.
		c := newWeekChoir(t, h)
		if got := checklistOf(c.get(t, c.admin)); got != "invited=true music=true rehearsal=false sunday=true" {
			t.Errorf("an established choir: %s", got)
		}
		if got := checklistOf(c.get(t, c.member)); got != "none" {
			t.Errorf("a singer sees the checklist: %s", got)
		}
		c.create(t, weeklyRehearsal(nil))
		if got := checklistOf(c.get(t, c.admin)); got != "none" {
			t.Errorf("all done: %s", got)
		}
	})
}

func TestASingerWithoutAPartIsAskedOnce(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newWeekChoir(t, h)
		join := func(email string) (*apptest.Client, string) {
			confirmedUser(t, h, email)
			id := userID(t, h, email)
			if err := h.App.Choirs.AddMember(t.Context(), id, c.id, access.Member, h.Clock.Now()); err != nil {
				t.Fatal(err)
			}
			return signIn(t, h, email), id
		}
		asked := func(res apptest.Response) []string {
			var out []string
			list, _ := res.JSON["voicePartQuestion"].([]any)
			for _, p := range list {
				out = append(out, p.(map[string]any)["name"].(string))
			}
			return out
		}

		newcomer, _ := join("newcomer@example.com")
		wantLines(t, "asked", asked(c.get(t, newcomer)), "Soprano", "Alto", "Tenor", "Bass")
		// Not now: remembered on the server.
		if r := newcomer.Do("PUT", c.week+"/dismissals/voicePartQuestion", nil); r.Status != 204 {
			t.Fatalf("not now: %d %s", r.Status, r.Raw)
		}
		if got := asked(c.get(t, newcomer)); got != nil {
			t.Errorf("asked again: %v", got)
		}

		// Choosing a part through the existing operation ends the question too.
		chooser, chooserID := join("chooser@example.com")
		if got := asked(c.get(t, chooser)); len(got) != 4 {
			t.Fatalf("not asked: %v", got)
		}
		if r := chooser.Do("PUT", "/api/v1/choirs/"+c.id+"/members/"+chooserID+"/musical-roles",
			map[string]any{"musicalRoleIds": []string{c.parts["Tenor"]}}); r.Status != 200 {
			t.Fatalf("choose: %d %s", r.Status, r.Raw)
		}
		if got := asked(c.get(t, chooser)); got != nil {
			t.Errorf("asked after choosing: %v", got)
		}
		// A singer with a part is never asked.
		if got := asked(c.get(t, c.member)); got != nil {
			t.Errorf("a singer with a part is asked: %v", got)
		}
	})
}
