package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/announce"
	"github.com/cantica/cantica/internal/app/apptest"
)

// Announcements (issue 27), on the mail choir of choir_mail_test.go: the
// tenor and nodigest sing Tenor, bass and choiroff (its email
// off) Bass, guest Soprano; inactive's membership is off.

type annList struct {
	Announcements []struct {
		ID, Title, BodyHTML, Status string
		Pinned, FromPlatform, Read  bool
		ForMe, Acknowledged         bool
		Stats                       *struct{ Audience, Read, Acknowledged int }
		NextReminderAt              *time.Time
	}
	CanManage bool
	Unread    int
}

func announcements(t *testing.T, c *apptest.Client, choirID string) annList {
	t.Helper()
	res := c.Do("GET", "/api/v1/choirs/"+choirID+"/announcements", nil)
	if res.Status != 200 {
		t.Fatalf("list announcements: %d %s", res.Status, res.Raw)
	}
	var out annList
	if err := json.Unmarshal([]byte(res.Raw), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func (m mailChoir) announce(t *testing.T, body map[string]any) string {
	t.Helper()
	res := m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/announcements", body)
	if res.Status != 201 {
		t.Fatalf("create announcement: %d %s", res.Status, res.Raw)
	}
	return res.Str("id")
}

// announcementChoir is newMailChoir with the weekly digest off in both of
// its choirs: the harness's clock stands on Monday at 10:00, when a digest
// is due, and these tests count the announcements' own mail.
func announcementChoir(t *testing.T, h *apptest.Harness) mailChoir {
	t.Helper()
	m := newMailChoir(t, h)
	m.exec(t, `UPDATE choirs SET digest_enabled = FALSE WHERE id IN (?, ?)`, m.id, m.other)
	return m
}

func TestAnnouncementToTheTenorsIsReadAndAcknowledged(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := announcementChoir(t, h)
		bass := signIn(t, h, "bass@example.com")
		m.announce(t, map[string]any{"title": "Rehearsal room", "body": "We meet in the **crypt**."})
		id := m.announce(t, map[string]any{"title": "Concert dress", "body": "Black, please. <script>alert(1)</script>[x](javascript:alert(1))",
			"pinned": true, "requiresAcknowledgement": true, "voicePartIds": []string{m.parts["Tenor"]}})

		tenor := announcements(t, m.singer, m.id)
		if len(tenor.Announcements) != 2 || tenor.Announcements[0].Title != "Concert dress" || !tenor.Announcements[0].Pinned || tenor.Unread != 2 || tenor.CanManage {
			t.Fatalf("the tenor's list: %+v", tenor)
		}
		if html := tenor.Announcements[0].BodyHTML; strings.Contains(html, "<script") || strings.Contains(html, "javascript:") {
			t.Errorf("unsafe HTML reached the member: %s", html)
		}
		if tenor.Announcements[0].Stats != nil {
			t.Errorf("a member sees the counts: %+v", tenor.Announcements[0].Stats)
		}
		// The basses are not the audience.
		if b := announcements(t, bass, m.id); len(b.Announcements) != 1 || b.Announcements[0].Title != "Rehearsal room" {
			t.Errorf("the bass's list: %+v", b)
		}
		if res := bass.Do("POST", "/api/v1/choirs/"+m.id+"/announcements/"+id+"/read", map[string]any{"acknowledge": true}); res.Status != 404 {
			t.Errorf("a bass acknowledging the tenors' announcement: %d %s", res.Status, res.Raw)
		}
		if res := m.singer.Do("GET", "/api/v1/choirs/"+m.id+"/announcements/unread", nil); res.JSON["count"] != float64(2) {
			t.Errorf("unread count: %s", res.Raw)
		}
		if res := m.singer.Do("POST", "/api/v1/choirs/"+m.id+"/announcements/"+id+"/read", map[string]any{"acknowledge": true}); res.Status != 204 {
			t.Fatalf("acknowledge: %d %s", res.Status, res.Raw)
		}
		// Marking it read again keeps the acknowledgement.
		m.singer.Do("POST", "/api/v1/choirs/"+m.id+"/announcements/"+id+"/read", map[string]any{})
		tenor = announcements(t, m.singer, m.id)
		if a := tenor.Announcements[0]; !a.Read || !a.Acknowledged || tenor.Unread != 1 {
			t.Errorf("after acknowledging: %+v", tenor)
		}

		director := announcements(t, m.admin, m.id)
		if !director.CanManage || director.Announcements[0].Stats == nil || *director.Announcements[0].Stats != (struct{ Audience, Read, Acknowledged int }{2, 1, 1}) {
			t.Fatalf("the director's counts: %+v", director.Announcements[0].Stats)
		}
		rec := m.admin.Do("GET", "/api/v1/choirs/"+m.id+"/announcements/"+id+"/receipts", nil)
		if rec.Status != 200 || !strings.Contains(rec.Raw, `"totals":{"acknowledged":1,"audience":2,"read":1}`) ||
			!strings.Contains(rec.Raw, `"name":"Tenor"`) || strings.Contains(rec.Raw, `"name":"Bass"`) {
			t.Errorf("receipts: %s", rec.Raw)
		}

		// A material change makes everyone read and acknowledge it again.
		res := m.admin.Do("PUT", "/api/v1/choirs/"+m.id+"/announcements/"+id, map[string]any{"title": "Concert dress", "body": "Black and a red scarf.",
			"pinned": true, "requiresAcknowledgement": true, "voicePartIds": []string{m.parts["Tenor"]}, "materialChange": true})
		if res.Status != 204 {
			t.Fatalf("material change: %d %s", res.Status, res.Raw)
		}
		if a := announcements(t, m.singer, m.id).Announcements[0]; a.Read || a.Acknowledged {
			t.Errorf("after a material change the tenor's acknowledgement stays: %+v", a)
		}
	})
}

func TestAnnouncementRefusesBadInput(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := announcementChoir(t, h)
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"title": " ", "body": "x"}, "title"},
			{map[string]any{"title": strings.Repeat("a", 201), "body": "x"}, "title"},
			{map[string]any{"title": "a", "body": ""}, "body"},
			{map[string]any{"title": "a", "body": strings.Repeat("b", 20001)}, "body"},
			{map[string]any{"title": "a", "body": "b", "publishAt": "2026-12-01T10:00:00Z", "expiresAt": "2026-12-01T09:00:00Z"}, "expiresAt"},
			{map[string]any{"title": "a", "body": "b", "voicePartIds": []string{m.otherPart}}, "voicePartIds"},
		} {
			res := m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/announcements", tc.body)
			if res.Status != 400 || !strings.Contains(res.Raw, `"`+tc.field+`"`) {
				t.Errorf("%v: %d %s", tc.field, res.Status, res.Raw)
			}
		}
		if n := m.count(t, `SELECT COUNT(*) FROM announcements`); n != 0 {
			t.Errorf("%d announcements stored from bad input", n)
		}
	})
}

// Nothing is visible or sent before the publish time; then the audience
// whose email is on gets it once; after the expiry it is hidden.
func TestScheduledAnnouncementIsMailedOnceAtItsTime(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := announcementChoir(t, h)
		// The tenor turned announcement emails off; the others keep them.
		m.exec(t, `UPDATE user_choir_membership SET announcement_emails = FALSE WHERE user_id = ? AND choir_id = ?`, m.users["tenor@example.com"], m.id)
		publish := h.Clock.Now().Add(2 * time.Hour).UTC()
		m.announce(t, map[string]any{"title": "Christmas concert", "body": "Tickets are **on sale**.", "emailOnPublish": true,
			"publishAt": publish.Format(time.RFC3339), "expiresAt": publish.Add(3 * time.Hour).Format(time.RFC3339)})
		h.RunJobs()
		if got := m.delivered(t); len(got) != 0 {
			t.Fatalf("mail before the publish time: %v", got)
		}
		if l := announcements(t, m.singer, m.id); len(l.Announcements) != 0 {
			t.Fatalf("visible before the publish time: %+v", l)
		}
		if l := announcements(t, m.admin, m.id); len(l.Announcements) != 1 || l.Announcements[0].Status != "scheduled" {
			t.Fatalf("the director's list before: %+v", l)
		}
		h.Clock.Advance(2 * time.Hour)
		h.RunJobs()
		h.RunJobs()
		got := m.delivered(t)
		// Everyone active whose choir email and announcement email are on:
		// bass, guest, nodigest (the digest switch is not theirs); the
		// director wrote it but is a member too.
		for _, e := range []string{"bass@example.com", "guest@example.com", "nodigest@example.com", "director@example.com"} {
			if len(got[e]) != 1 {
				t.Errorf("%s got %d messages, want 1", e, len(got[e]))
			}
		}
		for _, e := range []string{"tenor@example.com", "choiroff@example.com", "inactive@example.com", "elsewhere@example.com"} {
			if len(got[e]) != 0 {
				t.Errorf("%s got %d messages, want none", e, len(got[e]))
			}
		}
		msg := got["bass@example.com"][0]
		if msg.Subject != "St Cecilia Singers: Christmas concert" || !strings.Contains(msg.HTMLBody, "<strong>on sale</strong>") ||
			!strings.Contains(msg.TextBody, h.URL+"/dashboard/announcements") || msg.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
			t.Errorf("the message: %q\n%s\n%v", msg.Subject, msg.TextBody, msg.Header)
		}
		if l := announcements(t, m.singer, m.id); len(l.Announcements) != 1 || l.Unread != 1 {
			t.Errorf("visible after the publish time: %+v", l)
		}
		h.Clock.Advance(3 * time.Hour)
		if l := announcements(t, m.singer, m.id); len(l.Announcements) != 0 {
			t.Errorf("visible after it expired: %+v", l)
		}
		if l := announcements(t, m.admin, m.id); len(l.Announcements) != 1 || l.Announcements[0].Status != "expired" {
			t.Errorf("the director's list after the expiry: %+v", l)
		}
	})
}

// The page costs the same few statements with one announcement and with
// thirty: the session, the standing, the list and the audiences.
func TestAnnouncementsPageStatements(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := announcementChoir(t, h)
		cost := func(c *apptest.Client) int64 {
			announcements(t, c, m.id)
			before := h.DB.Statements()
			announcements(t, c, m.id)
			return h.DB.Statements() - before
		}
		m.announce(t, map[string]any{"title": "One", "body": "x", "requiresAcknowledgement": true, "voicePartIds": []string{m.parts["Tenor"]}})
		oneMember, oneDirector := cost(m.singer), cost(m.admin)
		for i := range 29 {
			m.announce(t, map[string]any{"title": fmt.Sprintf("More %d", i), "body": "y", "pinned": i%3 == 0,
				"voicePartIds": []string{m.parts["Tenor"], m.parts["Bass"]}})
		}
		thirtyMember, thirtyDirector := cost(m.singer), cost(m.admin)
		t.Logf("statements per announcements page: member %d and %d, director %d and %d (1 and 30 announcements)",
			oneMember, thirtyMember, oneDirector, thirtyDirector)
		for _, n := range []int64{oneMember, thirtyMember, oneDirector, thirtyDirector} {
			if n > 4 {
				t.Errorf("statements per page: member %d and %d, director %d and %d; want at most 4", oneMember, thirtyMember, oneDirector, thirtyDirector)
				break
			}
		}
		if thirtyMember != oneMember || thirtyDirector != oneDirector {
			t.Errorf("statements grow with announcements: %d→%d, %d→%d", oneMember, thirtyMember, oneDirector, thirtyDirector)
		}
	})
}

// Many directors pressing "Remind" at once send one reminder; a second
// press within 48 hours is refused and says when the last one went.
func TestRemindThoseWhoHaveNotAcknowledgedOnceIn48Hours(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := announcementChoir(t, h)
		id := m.announce(t, map[string]any{"title": "Concert dress", "body": "Black.", "requiresAcknowledgement": true,
			"voicePartIds": []string{m.parts["Tenor"], m.parts["Bass"]}})
		m.singer.Do("POST", "/api/v1/choirs/"+m.id+"/announcements/"+id+"/read", map[string]any{"acknowledge": true})
		path := "/api/v1/choirs/" + m.id + "/announcements/" + id + "/remind"
		const presses = 16
		counts := atOnce(presses, func(int) int { return m.admin.Do("POST", path, nil).Status })
		if counts[200] != 1 || counts[429] != presses-1 {
			t.Fatalf("presses at once answered %v, want one 200 and the rest 429", counts)
		}
		h.RunJobs()
		got := m.delivered(t)
		// Not the tenor (acknowledged), not choiroff (email off).
		for e, want := range map[string]int{"bass@example.com": 1, "nodigest@example.com": 1, "tenor@example.com": 0, "choiroff@example.com": 0, "guest@example.com": 0} {
			if len(got[e]) != want {
				t.Errorf("%s got %d reminders, want %d", e, len(got[e]), want)
			}
		}
		if msg := got["bass@example.com"]; len(msg) == 1 && !strings.HasPrefix(msg[0].Subject, "St Cecilia Singers: reminder: Concert dress") {
			t.Errorf("reminder subject %q", msg[0].Subject)
		}
		h.Clock.Advance(47 * time.Hour)
		// A session lasts less than two days: sign in again.
		m.admin = signIn(t, h, "director@example.com")
		res := m.admin.Do("POST", path, nil)
		if res.Status != 429 || !strings.Contains(res.Str("message"), "A reminder was sent on Monday 23 November at 10:00") {
			t.Errorf("a press 47 hours later: %d %s", res.Status, res.Raw)
		}
		if l := announcements(t, m.admin, m.id); l.Announcements[0].NextReminderAt == nil {
			t.Errorf("the list does not say when the next reminder may go: %+v", l.Announcements[0])
		}
		h.Clock.Advance(time.Hour)
		if res := m.admin.Do("POST", path, nil); res.Status != 200 {
			t.Errorf("a press 48 hours later: %d %s", res.Status, res.Raw)
		}
		// With everyone it is for acknowledged, there is nobody to remind.
		tenors := m.announce(t, map[string]any{"title": "Tenor sectional", "body": "Bring pencils.", "requiresAcknowledgement": true,
			"voicePartIds": []string{m.parts["Tenor"]}})
		for _, tenor := range []*apptest.Client{signIn(t, h, "tenor@example.com"), signIn(t, h, "nodigest@example.com")} {
			if r := tenor.Do("POST", "/api/v1/choirs/"+m.id+"/announcements/"+tenors+"/read", map[string]any{"acknowledge": true}); r.Status >= 300 {
				t.Fatalf("a tenor acknowledging: %d %s", r.Status, r.Raw)
			}
		}
		res = m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/announcements/"+tenors+"/remind", nil)
		if res.Status != 409 || res.Str("message") != announce.MsgAllAcknowledged {
			t.Errorf("remind when all have acknowledged: %d %s", res.Status, res.Raw)
		}
		// Announcements that ask for no acknowledgement have nothing to remind.
		plain := m.announce(t, map[string]any{"title": "Parking", "body": "Use the back gate."})
		if res := m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/announcements/"+plain+"/remind", nil); res.Status != 409 {
			t.Errorf("remind on a plain announcement: %d %s", res.Status, res.Raw)
		}
	})
}

// An announcement of choir A never reaches choir B: not by page, API or
// mail. Platform announcements reach both, marked as from the platform.
func TestAnnouncementsStayInTheirChoir(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := announcementChoir(t, h)
		stranger := signIn(t, h, "elsewhere@example.com") // choir B's admin
		id := m.announce(t, map[string]any{"title": "Secret of A", "body": "Only for A.", "emailOnPublish": true, "requiresAcknowledgement": true})
		h.RunJobs()
		if got := m.delivered(t); len(got["elsewhere@example.com"]) != 0 || len(got["bass@example.com"]) != 1 {
			t.Errorf("mail of A: %v", got)
		}
		if l := announcements(t, stranger, m.other); len(l.Announcements) != 0 {
			t.Errorf("choir B's list holds A's: %+v", l)
		}
		for _, r := range []struct{ method, path string }{
			{"GET", "/api/v1/choirs/" + m.other + "/announcements/" + id + "/receipts"},
			{"POST", "/api/v1/choirs/" + m.other + "/announcements/" + id + "/read"},
			{"POST", "/api/v1/choirs/" + m.other + "/announcements/" + id + "/remind"},
			{"PUT", "/api/v1/choirs/" + m.other + "/announcements/" + id},
			{"DELETE", "/api/v1/choirs/" + m.other + "/announcements/" + id},
		} {
			body := map[string]any{"title": "Taken", "body": "over", "acknowledge": true}
			if res := stranger.Do(r.method, r.path, body); res.Status != 404 || strings.Contains(res.Raw, "Secret of A") {
				t.Errorf("%s %s as B's admin: %d %s", r.method, r.path, res.Status, res.Raw)
			}
		}
		if l := announcements(t, m.singer, m.id); len(l.Announcements) != 1 || l.Announcements[0].Title != "Secret of A" {
			t.Errorf("A's announcement after B's attempts: %+v", l)
		}

		// The platform's announcement shows in both choirs' lists.
		if err := h.App.Accounts.SetGlobalAdmin(t.Context(), "director@example.com", true); err != nil {
			t.Fatal(err)
		}
		res := m.admin.Do("POST", "/api/v1/platform-announcements", map[string]any{"title": "Maintenance on Sunday", "body": "Cantica is down 02:00–03:00."})
		if res.Status != 201 {
			t.Fatalf("platform announcement: %d %s", res.Status, res.Raw)
		}
		for _, c := range []struct {
			client *apptest.Client
			choir  string
		}{{stranger, m.other}, {m.singer, m.id}} {
			l := announcements(t, c.client, c.choir)
			found := false
			for _, a := range l.Announcements {
				found = found || (a.Title == "Maintenance on Sunday" && a.FromPlatform && a.Stats == nil)
			}
			if !found {
				t.Errorf("platform announcement missing in %s: %+v", c.choir, l)
			}
		}
		if res := stranger.Do("POST", "/api/v1/platform-announcements", map[string]any{"title": "x", "body": "y"}); res.Status != 403 {
			t.Errorf("a choir admin writing a platform announcement: %d", res.Status)
		}
	})
}
