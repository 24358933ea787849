package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/attendance"
	"github.com/cantica/cantica/internal/httpapi"
)

// attendanceChoir is a choir (Europe/London) with an administrator
// (Zeller, no voice part), an alto (Byrd), a singer of soprano and alto
// (Adams), and a rehearsal on Thursday 26 November 2026 at 19:30; the
// harness's clock stands at Monday 23 November, 10:00.
type attendanceChoir struct {
	calendarChoir
	duo              *apptest.Client
	adminID, altoID  string
	duoID            string
	event, eventPath string
	parts            map[string]string // voice part name → id
}

func newAttendanceChoir(t *testing.T, h *apptest.Harness) attendanceChoir {
	t.Helper()
	c := attendanceChoir{calendarChoir: newCalendarChoir(t, h), parts: map[string]string{}}
	confirmedUser(t, h, "duo@example.com")
	c.adminID, c.altoID, c.duoID = userID(t, h, "director@example.com"), userID(t, h, "alto@example.com"), userID(t, h, "duo@example.com")
	if err := h.App.Choirs.AddMember(t.Context(), c.duoID, c.id, access.Member, h.Clock.Now()); err != nil {
		t.Fatal(err)
	}
	c.duo = signIn(t, h, "duo@example.com")
	for _, n := range []struct {
		client *apptest.Client
		last   string
	}{{c.admin, "Zeller"}, {c.member, "Byrd"}, {c.duo, "Adams"}} {
		if res := n.client.Do("PATCH", "/api/v1/account/profile", map[string]any{"lastName": n.last}); res.Status != 200 {
			t.Fatalf("rename: %d %s", res.Status, res.Raw)
		}
	}
	for _, p := range c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/musical-roles", nil).List {
		m := p.(map[string]any)
		c.parts[m["name"].(string)] = m["id"].(string)
	}
	for user, parts := range map[string][]string{c.altoID: {"Alto"}, c.duoID: {"Soprano", "Alto"}} {
		ids := []string{}
		for _, p := range parts {
			ids = append(ids, c.parts[p])
		}
		if res := c.admin.Do("PUT", "/api/v1/choirs/"+c.id+"/members/"+user+"/musical-roles", map[string]any{"musicalRoleIds": ids}); res.Status != 200 {
			t.Fatalf("voice parts: %d %s", res.Status, res.Raw)
		}
	}
	c.event = c.create(t, map[string]any{"title": "Thursday Rehearsal", "eventType": "rehearsal", "start": "2026-11-26T19:30:00Z",
		"end": "2026-11-26T21:30:00Z", "location": "Church hall", "timeZone": "Europe/London"}).Str("id")
	c.eventPath = c.events + "/" + c.event
	return c
}

func userID(t *testing.T, h *apptest.Harness, email string) string {
	t.Helper()
	id, err := h.App.Accounts.UserIDByEmail(t.Context(), email)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// line is one member of an attendance answer: "Last status mark [parts]".
func lines(res apptest.Response) []string {
	var out []string
	members, _ := res.JSON["members"].([]any)
	for _, m := range members {
		e := m.(map[string]any)
		out = append(out, fmt.Sprintf("%s %v %v %v", e["lastName"], e["status"], e["mark"], e["voiceParts"]))
	}
	return out
}

// counts is each count row: "Part going/maybe/notGoing/noAnswer present !" (! when below the minimum).
func counts(res apptest.Response) []string {
	row := func(v any) string {
		c := v.(map[string]any)
		s := fmt.Sprintf("%s %v/%v/%v/%v %v", c["part"], c["going"], c["maybe"], c["notGoing"], c["noAnswer"], c["present"])
		if c["belowMinimum"] == true {
			s += " !"
		}
		return s
	}
	var out []string
	parts, _ := res.JSON["parts"].([]any)
	for _, p := range parts {
		out = append(out, row(p))
	}
	return append(out, row(res.JSON["totals"]))
}

func wantLines(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

func TestMembersAnswerInTheAppAndAdministratorsSeeCountsByPart(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newAttendanceChoir(t, h)
		rsvp := c.eventPath + "/rsvp"
		if res := c.member.Do("GET", rsvp, nil); res.Status != 200 || res.JSON["status"] != nil || res.JSON["answerable"] != true {
			t.Fatalf("before answering: %d %s", res.Status, res.Raw)
		}
		for _, status := range []string{"maybe", "going"} {
			if res := c.member.Do("PUT", rsvp, map[string]any{"status": status}); res.Status != 200 || res.Str("status") != status {
				t.Fatalf("answer %s: %d %s", status, res.Status, res.Raw)
			}
		}
		wantMessage(t, c.member.Do("PUT", rsvp, map[string]any{"status": "yes"}), 400, "VALIDATION_ERROR", attendance.MsgInvalidAction)
		if res := c.member.Do("GET", rsvp, nil); res.Str("status") != "going" {
			t.Errorf("after answering: %s", res.Raw)
		}
		if res := c.duo.Do("PUT", rsvp, map[string]any{"status": "going"}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		// A global administrator outside the choir sees the event but does not answer for it.
		confirmedUser(t, h, "global@example.com")
		if err := h.App.Accounts.SetGlobalAdmin(t.Context(), "global@example.com", true); err != nil {
			t.Fatal(err)
		}
		global := signIn(t, h, "global@example.com")
		if res := global.Do("GET", rsvp, nil); res.Status != 200 {
			t.Fatalf("a global administrator reads: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, global.Do("PUT", rsvp, map[string]any{"status": "going"}), 403, "PERMISSION_ERROR", httpapi.MsgOnlyMembersAnswer)
		// Members do not see the others' answers.
		wantError(t, c.member.Do("GET", c.eventPath+"/attendance", nil), 403, "PERMISSION_ERROR")

		settings := "/api/v1/choirs/" + c.id + "/attendance-settings"
		if res := c.admin.Do("GET", settings, nil); res.Status != 200 || res.JSON["minConfirmedPerPart"] != nil {
			t.Fatalf("settings at first: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, c.admin.Do("PUT", settings, map[string]any{"minConfirmedPerPart": 201}), 400, "VALIDATION_ERROR", attendance.MsgMinimumRange)
		if res := c.admin.Do("PUT", settings, map[string]any{"minConfirmedPerPart": 2}); res.Status != 200 || res.JSON["minConfirmedPerPart"] != float64(2) {
			t.Fatalf("set the minimum: %d %s", res.Status, res.Raw)
		}

		res := c.admin.Do("GET", c.eventPath+"/attendance", nil)
		if res.Status != 200 || res.Str("event.title") != "Thursday Rehearsal" || res.Str("event.startDate") != "2026-11-26" ||
			res.Str("event.startTime") != "19:30" || res.JSON["markable"] != false || res.JSON["minConfirmedPerPart"] != float64(2) {
			t.Fatalf("attendance: %d %s", res.Status, res.Raw)
		}
		wantLines(t, "members", lines(res), "Adams going <nil> [Soprano Alto]", "Byrd going <nil> [Alto]", "Zeller <nil> <nil> []")
		// Alto has exactly the minimum going; Soprano one fewer.
		wantLines(t, "counts", counts(res), "Soprano 1/0/0/0 0 !", "Alto 2/0/0/0 0", "Tenor 0/0/0/0 0 !", "Bass 0/0/0/0 0 !",
			"No voice part 0/0/0/1 0", "All members 2/0/0/1 0")
		if m := res.JSON["members"].([]any)[0].(map[string]any); m["email"] != "duo@example.com" || m["answeredAt"] == nil {
			t.Errorf("a member's line: %v", m)
		}

		// Someone who leaves is neither listed nor counted, though the answer stays.
		if res := c.admin.Do("PATCH", "/api/v1/choirs/"+c.id+"/members/"+c.duoID, map[string]any{"isActive": false}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		res = c.admin.Do("GET", c.eventPath+"/attendance", nil)
		wantLines(t, "members after one left", lines(res), "Byrd going <nil> [Alto]", "Zeller <nil> <nil> []")
		wantLines(t, "counts after one left", counts(res), "Soprano 0/0/0/0 0 !", "Alto 1/0/0/0 0 !", "Tenor 0/0/0/0 0 !", "Bass 0/0/0/0 0 !",
			"No voice part 0/0/0/1 0", "All members 1/0/0/1 0")
	})
}

func TestAnswersArePerOccurrenceAndStopAtTheStart(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		series := c.create(t, weeklyRehearsal(map[string]any{"start": "2026-11-24T19:30:00Z", "end": "2026-11-24T21:30:00Z"})).Str("id")
		first, second := c.events+"/"+series+"-occurrence-2026-11-24/rsvp", c.events+"/"+series+"-occurrence-2026-11-26/rsvp"
		for path, status := range map[string]string{first: "going", second: "not_going"} {
			if res := c.member.Do("PUT", path, map[string]any{"status": status}); res.Status != 200 {
				t.Fatalf("%s: %d %s", path, res.Status, res.Raw)
			}
		}
		for path, status := range map[string]string{first: "going", second: "not_going"} {
			if res := c.member.Do("GET", path, nil); res.Str("status") != status {
				t.Errorf("%s: %s, want %s", path, res.Raw, status)
			}
		}
		// The series itself, a date it does not have and a made-up id name nothing to answer.
		for _, id := range []string{series, series + "-occurrence-2026-11-25", "nope"} {
			wantError(t, c.member.Do("PUT", c.events+"/"+id+"/rsvp", map[string]any{"status": "going"}), 404, "NOT_FOUND")
		}

		// Tuesday 19:30 in London (UTC in November): the first has started.
		h.Clock.Advance(time.Date(2026, 11, 24, 19, 30, 0, 0, time.UTC).Sub(h.Clock.Now()))
		c.admin, c.member = signIn(t, h, "director@example.com"), signIn(t, h, "alto@example.com") // a day on, the sessions have lapsed
		wantMessage(t, c.member.Do("PUT", first, map[string]any{"status": "maybe"}), 409, "EVENT_STARTED", attendance.MsgEventStarted)
		if res := c.member.Do("GET", first, nil); res.Str("status") != "going" || res.JSON["answerable"] != false {
			t.Errorf("after the start: %s", res.Raw)
		}
		if res := c.member.Do("PUT", second, map[string]any{"status": "maybe"}); res.Status != 200 || res.JSON["answerable"] != true {
			t.Errorf("the next one is still open: %d %s", res.Status, res.Raw)
		}

		// A draft is not there for members to answer; its administrators see it.
		draft := c.create(t, map[string]any{"title": "Planning", "eventType": "other", "start": "2026-12-01T18:00:00Z",
			"end": "2026-12-01T19:00:00Z", "status": "draft"}).Str("id")
		wantError(t, c.member.Do("GET", c.events+"/"+draft+"/rsvp", nil), 404, "NOT_FOUND")
		if res := c.admin.Do("GET", c.events+"/"+draft+"/attendance", nil); res.Status != 200 {
			t.Errorf("a draft's attendance: %d %s", res.Status, res.Raw)
		}
	})
}

func TestAttendanceIsTakenOnTheDayAllOrNothing(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newAttendanceChoir(t, h)
		marks := c.eventPath + "/attendance/marks"
		if res := c.member.Do("PUT", c.eventPath+"/rsvp", map[string]any{"status": "going"}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		wantMessage(t, c.admin.Do("PUT", marks, map[string]any{"marks": []any{map[string]any{"userId": c.altoID, "mark": "present"}}}),
			409, "CONFLICT", attendance.MsgTooEarly)

		// Someone of another choir.
		confirmedUser(t, h, "stranger@example.com")
		stranger := signIn(t, h, "stranger@example.com")
		createChoir(t, stranger, "Other Choir")
		strangerID := userID(t, h, "stranger@example.com")

		// Thursday, 00:05 in London: the day has come.
		h.Clock.Advance(time.Date(2026, 11, 26, 0, 5, 0, 0, time.UTC).Sub(h.Clock.Now()))
		c.admin, c.member = signIn(t, h, "director@example.com"), signIn(t, h, "alto@example.com") // days on, the sessions have lapsed
		res := c.admin.Do("PUT", marks, map[string]any{"marks": []any{
			map[string]any{"userId": c.altoID, "mark": "present"},
			map[string]any{"userId": strangerID, "mark": "absent"},
		}})
		wantError(t, res, 400, "VALIDATION_ERROR")
		if d, _ := res.JSON["details"].(map[string]any); d["marks.1"] != attendance.MsgNotMember || d["marks.0"] != nil {
			t.Errorf("details: %s", res.Raw)
		}
		res = c.admin.Do("GET", c.eventPath+"/attendance", nil)
		if res.JSON["markable"] != true {
			t.Errorf("not markable on the day: %s", res.Raw)
		}
		wantLines(t, "nothing marked by a refused request", lines(res), "Adams <nil> <nil> [Soprano Alto]", "Byrd going <nil> [Alto]", "Zeller <nil> <nil> []")

		res = c.admin.Do("PUT", marks, map[string]any{"marks": []any{
			map[string]any{"userId": c.altoID, "mark": "present"},
			map[string]any{"userId": c.duoID, "mark": "excused"},
			map[string]any{"userId": c.adminID, "mark": "present"},
		}})
		if res.Status != 200 {
			t.Fatalf("marks: %d %s", res.Status, res.Raw)
		}
		wantLines(t, "marked", lines(res), "Adams <nil> excused [Soprano Alto]", "Byrd going present [Alto]", "Zeller <nil> present []")
		wantLines(t, "counts", counts(res), "Soprano 0/0/0/1 0", "Alto 1/0/0/1 1", "Tenor 0/0/0/0 0", "Bass 0/0/0/0 0",
			"No voice part 0/0/0/1 1", "All members 1/0/0/2 2")
		res = c.admin.Do("PUT", marks, map[string]any{"marks": []any{map[string]any{"userId": c.adminID, "mark": nil}}})
		wantLines(t, "cleared", lines(res), "Adams <nil> excused [Soprano Alto]", "Byrd going present [Alto]", "Zeller <nil> <nil> []")
		wantError(t, c.member.Do("PUT", marks, map[string]any{"marks": []any{}}), 403, "PERMISSION_ERROR")
	})
}

func TestAttendanceOfAnotherChoirIsNotFound(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newAttendanceChoir(t, h)
		confirmedUser(t, h, "other@example.com")
		other := signIn(t, h, "other@example.com")
		b := createChoir(t, other, "Choir Bee").Str("id")
		bEvents := "/api/v1/choirs/" + b + "/events"
		res := other.Do("POST", bEvents, map[string]any{"title": "Bee rehearsal", "eventType": "rehearsal",
			"start": "2026-11-26T19:30:00Z", "end": "2026-11-26T21:30:00Z"})
		if res.Status != 201 {
			t.Fatal(res.Raw)
		}
		bEvent := res.Str("id")
		for _, path := range []string{"/attendance", "/attendance/export", "/rsvp"} {
			// B's administrator asking about A's event, in A or in B.
			wantError(t, other.Do("GET", c.eventPath+path, nil), 404, "NOT_FOUND")
			wantError(t, other.Do("GET", bEvents+"/"+c.event+path, nil), 404, "NOT_FOUND")
			// A's administrator naming B's event in A.
			wantError(t, c.admin.Do("GET", c.events+"/"+bEvent+path, nil), 404, "NOT_FOUND")
		}
		wantError(t, other.Do("PUT", c.eventPath+"/rsvp", map[string]any{"status": "going"}), 404, "NOT_FOUND")
		wantError(t, other.Do("PUT", "/api/v1/choirs/"+c.id+"/attendance-settings", map[string]any{"minConfirmedPerPart": 3}), 404, "NOT_FOUND")
		wantError(t, c.admin.Do("PUT", c.events+"/"+bEvent+"/attendance/marks", map[string]any{"marks": []any{}}), 404, "NOT_FOUND")
		if n := countRows(t, h, `SELECT COUNT(*) FROM member_attendance`); n != 0 {
			t.Errorf("%d rows written by refused requests", n)
		}
		if res := other.Do("GET", "/api/v1/choirs/"+b+"/attendance-settings", nil); res.JSON["minConfirmedPerPart"] != nil {
			t.Errorf("B's settings: %s", res.Raw)
		}
	})
}

func countRows(t *testing.T, h *apptest.Harness, query string, args ...any) int {
	t.Helper()
	var n int
	if err := h.DB.QueryRowContext(t.Context(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAttendanceExportsAsCSV(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newAttendanceChoir(t, h)
		if _, err := h.DB.ExecContext(t.Context(), `UPDATE user_profile SET first_name = ? WHERE id = ?`,
			`=HYPERLINK("http://evil.example","Click")`, c.duoID); err != nil {
			t.Fatal(err)
		}
		h.Clock.Advance(90 * time.Minute) // answered at 11:30 UTC, 11:30 in London
		if res := c.member.Do("PUT", c.eventPath+"/rsvp", map[string]any{"status": "not_going"}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		res := c.admin.Do("GET", c.eventPath+"/attendance/export", nil)
		if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
			res.Header.Get("Content-Disposition") != `attachment; filename="attendance-thursday-rehearsal-2026-11-26.csv"` {
			t.Fatalf("export: %d %v %s", res.Status, res.Header, res.Raw)
		}
		want := strings.Join([]string{
			"Last name,First name,Email,Voice parts,Answer,Answered at,Attendance",
			`Adams,"'=HYPERLINK(""http://evil.example"",""Click"")",duo@example.com,"Soprano, Alto",No answer,,`,
			"Byrd,Ada,alto@example.com,Alto,Can't make it,2026-11-23 11:30,",
			"Zeller,Ada,director@example.com,,No answer,,",
		}, "\n") + "\n"
		if res.Raw != want {
			t.Errorf("csv:\n%s\nwant:\n%s", res.Raw, want)
		}
		wantError(t, c.member.Do("GET", c.eventPath+"/attendance/export", nil), 403, "PERMISSION_ERROR")
	})
}
