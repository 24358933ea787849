package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/policies"
)

// Choir policies and attendance rules (issue 30), on the mail choir of
// choir_mail_test.go: its active members are the director, tenor, bass,
// guest, nodigest and choiroff (email from the choir off); inactive's
// membership is off.

type policyList struct {
	Policies []struct {
		ID, Title, BodyHTML         string
		Version, AcknowledgeVersion int
		Acknowledged                bool
		Stats                       *struct{ Members, Acknowledged int }
		NextReminderAt              *time.Time
	}
	CanManage bool
	Pending   int
}

func listPolicies(t *testing.T, c *apptest.Client, choirID string) policyList {
	t.Helper()
	res := c.Do("GET", "/api/v1/choirs/"+choirID+"/policies", nil)
	if res.Status != 200 {
		t.Fatalf("list policies: %d %s", res.Status, res.Raw)
	}
	var out policyList
	if err := json.Unmarshal([]byte(res.Raw), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func (m mailChoir) policy(t *testing.T, body map[string]any) string {
	t.Helper()
	res := m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/policies", body)
	if res.Status != 201 {
		t.Fatalf("create policy: %d %s", res.Status, res.Raw)
	}
	return res.Str("id")
}

func acknowledge(c *apptest.Client, choirID, id string, version int) apptest.Response {
	return c.Do("POST", "/api/v1/choirs/"+choirID+"/policies/"+id+"/acknowledge", map[string]any{"version": version})
}

// acknowledgedCount is the director's "Acknowledged n/m" of the only policy.
func acknowledgedCount(t *testing.T, m mailChoir) string {
	t.Helper()
	l := listPolicies(t, m.admin, m.id)
	if len(l.Policies) != 1 || l.Policies[0].Stats == nil {
		t.Fatalf("the director's list: %+v", l)
	}
	return fmt.Sprintf("%d/%d", l.Policies[0].Stats.Acknowledged, l.Policies[0].Stats.Members)
}

func TestPolicyVersionsAndAcknowledgementsResetOnlyOnAMaterialChange(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := announcementChoir(t, h)
		bass := signIn(t, h, "bass@example.com")
		wantMessage(t, m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/policies", map[string]any{"title": " ", "body": "x"}), 400,
			"VALIDATION_ERROR", policies.MsgTitleRequired)
		id := m.policy(t, map[string]any{"title": "Attendance", "body": "Come to **every** rehearsal. <script>alert(1)</script>"})

		tenor := listPolicies(t, m.singer, m.id)
		if tenor.Pending != 1 || tenor.CanManage || len(tenor.Policies) != 1 || tenor.Policies[0].Version != 1 || tenor.Policies[0].Stats != nil {
			t.Fatalf("the tenor's list: %+v", tenor)
		}
		if html := tenor.Policies[0].BodyHTML; !strings.Contains(html, "<strong>every</strong>") || strings.Contains(html, "<script") {
			t.Errorf("the policy as the tenor reads it: %s", html)
		}
		if got := acknowledgedCount(t, m); got != "0/6" {
			t.Errorf("before anyone acknowledged: %s", got)
		}
		if res := acknowledge(m.singer, m.id, id, 1); res.Status != 204 {
			t.Fatalf("the tenor acknowledges: %d %s", res.Status, res.Raw)
		}
		if l := listPolicies(t, m.singer, m.id); l.Pending != 0 || !l.Policies[0].Acknowledged {
			t.Errorf("after acknowledging: %+v", l)
		}
		if got := acknowledgedCount(t, m); got != "1/6" {
			t.Errorf("after the tenor acknowledged: %s", got)
		}
		// Nobody accepts a version they were not shown.
		wantMessage(t, acknowledge(bass, m.id, id, 2), 409, "CONFLICT", policies.MsgChanged)

		// A minor change: a new version, the tenor's acknowledgement still counts.
		res := m.admin.Do("PUT", "/api/v1/choirs/"+m.id+"/policies/"+id, map[string]any{"title": "Attendance", "body": "Come to every rehearsal, please."})
		if res.Status != 200 || res.JSON["version"] != float64(2) {
			t.Fatalf("a minor change: %d %s", res.Status, res.Raw)
		}
		if got := acknowledgedCount(t, m); got != "1/6" {
			t.Errorf("after a minor change: %s", got)
		}
		wantMessage(t, acknowledge(bass, m.id, id, 1), 409, "CONFLICT", policies.MsgChanged)
		if res := acknowledge(bass, m.id, id, 2); res.Status != 204 {
			t.Fatalf("the bass acknowledges version 2: %d %s", res.Status, res.Raw)
		}
		if got := acknowledgedCount(t, m); got != "2/6" {
			t.Errorf("after the bass acknowledged: %s", got)
		}

		// A material change: everyone acknowledges again.
		res = m.admin.Do("PUT", "/api/v1/choirs/"+m.id+"/policies/"+id, map[string]any{"title": "Attendance and lateness",
			"body": "Come to every rehearsal, on time.", "materialChange": true})
		if res.Status != 200 || res.JSON["version"] != float64(3) {
			t.Fatalf("a material change: %d %s", res.Status, res.Raw)
		}
		if got := acknowledgedCount(t, m); got != "0/6" {
			t.Errorf("after a material change: %s", got)
		}
		if l := listPolicies(t, m.singer, m.id); l.Pending != 1 || l.Policies[0].Acknowledged || l.Policies[0].Title != "Attendance and lateness" {
			t.Errorf("the tenor after a material change: %+v", l)
		}

		// Every version stays readable, newest first.
		res = m.admin.Do("GET", "/api/v1/choirs/"+m.id+"/policies/"+id+"/versions", nil)
		var versions struct {
			Versions []struct {
				Version  int
				Body     string
				Material bool
			}
		}
		if err := json.Unmarshal([]byte(res.Raw), &versions); err != nil || res.Status != 200 {
			t.Fatalf("versions: %d %s", res.Status, res.Raw)
		}
		var got []string
		for _, v := range versions.Versions {
			got = append(got, fmt.Sprintf("%d %t %s", v.Version, v.Material, v.Body))
		}
		wantLines(t, "versions", got, "3 true Come to every rehearsal, on time.", "2 false Come to every rehearsal, please.",
			"1 true Come to **every** rehearsal. <script>alert(1)</script>")

		// Who has not acknowledged comes first; the tenor's last acknowledgement was of version 1.
		res = m.admin.Do("GET", "/api/v1/choirs/"+m.id+"/policies/"+id+"/acknowledgements", nil)
		if res.Status != 200 || fmt.Sprint(res.JSON["totals"]) != "map[acknowledged:0 members:6]" {
			t.Fatalf("acknowledgements: %d %s", res.Status, res.Raw)
		}
		if res := acknowledge(m.singer, m.id, id, 3); res.Status != 204 {
			t.Fatalf("the tenor acknowledges version 3: %d %s", res.Status, res.Raw)
		}
		res = m.admin.Do("GET", "/api/v1/choirs/"+m.id+"/policies/"+id+"/acknowledgements", nil)
		people := res.JSON["people"].([]any)
		if len(people) != 6 || people[5].(map[string]any)["acknowledged"] != true || people[0].(map[string]any)["acknowledged"] != false {
			t.Errorf("the acknowledged are not last: %s", res.Raw)
		}

		// Members only read; another choir's director does not see it.
		if res := m.singer.Do("PUT", "/api/v1/choirs/"+m.id+"/policies/"+id, map[string]any{"title": "x", "body": "y"}); res.Status != 403 {
			t.Errorf("a member edits a policy: %d", res.Status)
		}
		stranger := signIn(t, h, "elsewhere@example.com")
		if res := stranger.Do("GET", "/api/v1/choirs/"+m.other+"/policies/"+id+"/versions", nil); res.Status != 404 {
			t.Errorf("another choir's director reads the versions: %d %s", res.Status, res.Raw)
		}
		if res := acknowledge(stranger, m.other, id, 3); res.Status != 404 {
			t.Errorf("acknowledging through another choir: %d %s", res.Status, res.Raw)
		}
	})
}

func TestPolicyReminderGoesOnceIn48HoursWhateverThePresses(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := announcementChoir(t, h)
		id := m.policy(t, map[string]any{"title": "Concert dress", "body": "Black."})
		for _, e := range []string{"director@example.com", "tenor@example.com"} {
			if res := acknowledge(signIn(t, h, e), m.id, id, 1); res.Status != 204 {
				t.Fatalf("%s acknowledges: %d %s", e, res.Status, res.Raw)
			}
		}
		path := "/api/v1/choirs/" + m.id + "/policies/" + id + "/remind"
		const presses = 24
		counts := atOnce(presses, func(int) int { return m.admin.Do("POST", path, nil).Status })
		if counts[200] != 1 || counts[429] != presses-1 {
			t.Fatalf("presses at once answered %v, want one 200 and the rest 429", counts)
		}
		h.RunJobs()
		got := m.delivered(t)
		for e, want := range map[string]int{"bass@example.com": 1, "guest@example.com": 1, "nodigest@example.com": 1,
			"tenor@example.com": 0, "director@example.com": 0, "choiroff@example.com": 0, "inactive@example.com": 0} {
			if len(got[e]) != want {
				t.Errorf("%s got %d reminders, want %d", e, len(got[e]), want)
			}
		}
		if msg := got["bass@example.com"]; len(msg) == 1 && msg[0].Subject != "St Cecilia Singers: please acknowledge: Concert dress" {
			t.Errorf("reminder subject %q", msg[0].Subject)
		}
		h.Clock.Advance(47 * time.Hour)
		m.admin = signIn(t, h, "director@example.com")
		res := m.admin.Do("POST", path, nil)
		if res.Status != 429 || !strings.Contains(res.Str("message"), "A reminder was sent on Monday 23 November at 10:00") {
			t.Errorf("a press 47 hours later: %d %s", res.Status, res.Raw)
		}
		if l := listPolicies(t, m.admin, m.id); l.Policies[0].NextReminderAt == nil {
			t.Errorf("the list does not say when the next reminder may go: %+v", l.Policies[0])
		}
		h.Clock.Advance(time.Hour)
		if res := m.admin.Do("POST", path, nil); res.Status != 200 {
			t.Errorf("a press 48 hours later: %d %s", res.Status, res.Raw)
		}
		// With everyone acknowledged there is nobody to remind.
		done := m.policy(t, map[string]any{"title": "Parking", "body": "Use the back gate."})
		for _, e := range []string{"director@example.com", "tenor@example.com", "bass@example.com", "guest@example.com",
			"nodigest@example.com", "choiroff@example.com"} {
			if res := acknowledge(signIn(t, h, e), m.id, done, 1); res.Status != 204 {
				t.Fatalf("%s acknowledges: %d %s", e, res.Status, res.Raw)
			}
		}
		wantMessage(t, m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/policies/"+done+"/remind", nil), 409, "CONFLICT", policies.MsgAllAcknowledged)
	})
}

// standingOf is a member's line of the director's standing table.
func standingOf(t *testing.T, m mailChoir, email string) string {
	t.Helper()
	res := m.admin.Do("GET", "/api/v1/choirs/"+m.id+"/attendance-standing", nil)
	if res.Status != 200 {
		t.Fatalf("standing: %d %s", res.Status, res.Raw)
	}
	for _, x := range res.JSON["members"].([]any) {
		x := x.(map[string]any)
		if x["userId"] == m.users[email] {
			return fmt.Sprintf("%v %v %v", x["absences"], x["missedMandatory"], x["standing"])
		}
	}
	t.Fatalf("%s is not in the table: %s", email, res.Raw)
	return ""
}

func TestStandingAgainstTheAttendanceRules(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := announcementChoir(t, h)
		events := "/api/v1/choirs/" + m.id + "/events"
		create := func(body map[string]any) string {
			t.Helper()
			res := m.admin.Do("POST", events, body)
			if res.Status != 201 {
				t.Fatalf("create event: %d %s", res.Status, res.Raw)
			}
			return res.Str("id")
		}
		mark := func(eventID, email, mark string) {
			t.Helper()
			res := m.admin.Do("PUT", events+"/"+eventID+"/attendance/marks", map[string]any{"marks": []map[string]any{{"userId": m.users[email], "mark": mark}}})
			if res.Status >= 300 {
				t.Fatalf("mark %s %s at %s: %d %s", email, mark, eventID, res.Status, res.Raw)
			}
		}
		// Tuesday rehearsals since October (occurrences count one by one),
		// a concert on 1 November, one next month, and a rehearsal of last season.
		series := create(map[string]any{"title": "Rehearsal", "eventType": "rehearsal", "start": "2026-10-06T18:30:00Z", "end": "2026-10-06T20:30:00Z",
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyInterval": 1, "weeklyDays": []string{"tuesday"}}})
		tuesday := func(date string) string { return series + "-occurrence-" + date }
		allSaints := create(map[string]any{"title": "All Saints concert", "eventType": "concert", "start": "2026-11-01T17:00:00Z", "end": "2026-11-01T19:00:00Z"})
		christmas := create(map[string]any{"title": "Christmas concert", "eventType": "concert", "start": "2026-12-20T17:00:00Z", "end": "2026-12-20T19:00:00Z"})
		lastSeason := create(map[string]any{"title": "Summer rehearsal", "eventType": "rehearsal", "start": "2026-08-25T18:30:00Z", "end": "2026-08-25T20:30:00Z"})

		rules := "/api/v1/choirs/" + m.id + "/attendance-rules"
		if res := m.admin.Do("GET", "/api/v1/choirs/"+m.id+"/attendance-standing", nil); res.Status != 200 || res.JSON["configured"] != false {
			t.Fatalf("standing without rules: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, m.admin.Do("PUT", rules, map[string]any{"maxAbsences": 101, "period": "season", "mandatoryTypes": []string{}}), 400,
			"VALIDATION_ERROR", policies.MsgMaxAbsences)
		wantMessage(t, m.admin.Do("PUT", rules, map[string]any{"period": "season", "mandatoryTypes": []string{"picnic"}}), 400,
			"VALIDATION_ERROR", policies.MsgMandatoryTypes)
		wantMessage(t, m.admin.Do("PUT", rules, map[string]any{"period": "concert", "concertId": "nope", "mandatoryTypes": []string{}}), 400,
			"VALIDATION_ERROR", policies.MsgConcert)
		if res := m.admin.Do("PUT", rules, map[string]any{"maxAbsences": 3, "period": "season", "mandatoryTypes": []string{"concert"}}); res.Status != 204 {
			t.Fatalf("save the rules: %d %s", res.Status, res.Raw)
		}

		mark(lastSeason, "bass@example.com", "absent") // another season: not counted
		if got := standingOf(t, m, "bass@example.com"); got != "0 0 meets" {
			t.Errorf("with only last season's absence: %s", got)
		}
		want := []string{"1 0 meets", "2 0 warning", "3 0 warning", "4 0 does_not_meet"}
		for i, date := range []string{"2026-10-06", "2026-10-13", "2026-10-20", "2026-10-27"} {
			mark(tuesday(date), "bass@example.com", "absent")
			if got := standingOf(t, m, "bass@example.com"); got != want[i] {
				t.Errorf("after %d absences: %s, want %s", i+1, got, want[i])
			}
		}
		// Excused absences and presence do not count.
		for _, date := range []string{"2026-10-06", "2026-10-13", "2026-10-20", "2026-10-27"} {
			mark(tuesday(date), "nodigest@example.com", "excused")
		}
		mark(allSaints, "nodigest@example.com", "present")
		if got := standingOf(t, m, "nodigest@example.com"); got != "0 0 meets" {
			t.Errorf("excused throughout: %s", got)
		}
		// Missing a mandatory concert unexcused does not meet the rules at once.
		mark(allSaints, "tenor@example.com", "absent")
		if got := standingOf(t, m, "tenor@example.com"); got != "1 1 does_not_meet" {
			t.Errorf("after missing the concert: %s", got)
		}

		// The run-up to the Christmas concert, as the tenor sees their own.
		if res := m.admin.Do("GET", rules, nil); res.Status != 200 || !strings.Contains(res.Raw, christmas) {
			t.Fatalf("the concerts to choose from: %d %s", res.Status, res.Raw)
		}
		if res := m.admin.Do("PUT", rules, map[string]any{"maxAbsences": 3, "period": "concert", "concertId": christmas, "mandatoryTypes": []string{}}); res.Status != 204 {
			t.Fatalf("save the concert rules: %d %s", res.Status, res.Raw)
		}
		mark(tuesday("2026-11-17"), "tenor@example.com", "absent")
		res := m.singer.Do("GET", "/api/v1/choirs/"+m.id+"/attendance-standing/me", nil)
		if res.Status != 200 || res.Str("period.concertTitle") != "Christmas concert" || res.Str("period.from") != "2026-09-01" ||
			res.Str("period.to") != "2026-12-20" || res.JSON["standing"].(map[string]any)["absences"] != float64(2) ||
			res.Str("standing.standing") != "warning" || res.JSON["rules"].(map[string]any)["maxAbsences"] != float64(3) {
			t.Errorf("the tenor's own standing: %d %s", res.Status, res.Raw)
		}
		if strings.Contains(res.Raw, m.users["bass@example.com"]) {
			t.Errorf("the tenor sees another member's standing: %s", res.Raw)
		}
	})
}

// Lateness: a 'late' mark counts among those present, and with the rule
// "K lates count as one absence" each whole K of them is an absence.
func TestLatesCountAsAbsencesUnderTheRule(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := announcementChoir(t, h)
		events := "/api/v1/choirs/" + m.id + "/events"
		res := m.admin.Do("POST", events, map[string]any{"title": "Rehearsal", "eventType": "rehearsal", "start": "2026-10-06T18:30:00Z", "end": "2026-10-06T20:30:00Z",
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyInterval": 1, "weeklyDays": []string{"tuesday"}}})
		if res.Status != 201 {
			t.Fatalf("create the series: %d %s", res.Status, res.Raw)
		}
		series := res.Str("id")
		mark := func(date, mark string) {
			t.Helper()
			res := m.admin.Do("PUT", events+"/"+series+"-occurrence-"+date+"/attendance/marks",
				map[string]any{"marks": []map[string]any{{"userId": m.users["bass@example.com"], "mark": mark}}})
			if res.Status >= 300 {
				t.Fatalf("mark %s on %s: %d %s", mark, date, res.Status, res.Raw)
			}
		}
		rules := "/api/v1/choirs/" + m.id + "/attendance-rules"
		for _, k := range []int{0, 11} {
			wantMessage(t, m.admin.Do("PUT", rules, map[string]any{"maxAbsences": 1, "latesPerAbsence": k, "period": "season", "mandatoryTypes": []string{}}),
				400, "VALIDATION_ERROR", policies.MsgLatesPerAbsence)
		}
		if res := m.admin.Do("PUT", rules, map[string]any{"maxAbsences": 1, "period": "season", "mandatoryTypes": []string{}}); res.Status != 204 {
			t.Fatalf("save the rules: %d %s", res.Status, res.Raw)
		}
		for _, date := range []string{"2026-10-06", "2026-10-13", "2026-10-20"} {
			mark(date, "late")
		}
		if got := standingOf(t, m, "bass@example.com"); got != "0 0 meets" {
			t.Errorf("three lates while lateness does not count: %s", got)
		}
		if res := m.admin.Do("PUT", rules, map[string]any{"maxAbsences": 1, "latesPerAbsence": 3, "period": "season", "mandatoryTypes": []string{}}); res.Status != 204 {
			t.Fatalf("save the rules with lateness: %d %s", res.Status, res.Raw)
		}
		if res := m.admin.Do("GET", rules, nil); res.Status != 200 || res.JSON["rules"].(map[string]any)["latesPerAbsence"] != float64(3) {
			t.Errorf("the rules as read back: %d %s", res.Status, res.Raw)
		}
		if got := standingOf(t, m, "bass@example.com"); got != "1 0 warning" {
			t.Errorf("three lates, counted three for one: %s", got)
		}
		mark("2026-10-27", "late") // a fourth: not yet another absence
		if got := standingOf(t, m, "bass@example.com"); got != "1 0 warning" {
			t.Errorf("four lates: %s", got)
		}
		mark("2026-11-03", "absent")
		if got := standingOf(t, m, "bass@example.com"); got != "2 0 does_not_meet" {
			t.Errorf("four lates and an absence: %s", got)
		}
		res = m.admin.Do("GET", "/api/v1/choirs/"+m.id+"/attendance-standing", nil)
		if !strings.Contains(res.Raw, `"lates":4`) {
			t.Errorf("the table does not say four lates: %s", res.Raw)
		}
	})
}
