package httpapi_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/music"
)

// linkChoir is a calendar choir (Europe/London) whose member gets links.
type linkChoir struct {
	calendarChoir
	h        *apptest.Harness
	memberID string
}

func newLinkChoir(t *testing.T, h *apptest.Harness) linkChoir {
	t.Helper()
	c := linkChoir{calendarChoir: newCalendarChoir(t, h), h: h}
	var err error
	if c.memberID, err = h.App.Accounts.UserIDByEmail(t.Context(), "alto@example.com"); err != nil {
		t.Fatal(err)
	}
	return c
}

// issue makes a link for the member, as an email would carry it.
func (c linkChoir) issue(t *testing.T, typ actionlink.Type, resource string) string {
	t.Helper()
	return issueLink(t, c.h, c.memberID, c.id, typ, resource)
}

func issueLink(t *testing.T, h *apptest.Harness, userID, choirID string, typ actionlink.Type, resource string) string {
	t.Helper()
	secret, err := h.App.Links.Issue(t.Context(), h.DB, userID, choirID, typ, resource)
	if err != nil {
		t.Fatal(err)
	}
	return secret
}

// event creates an event and returns its id.
func (c linkChoir) event(t *testing.T, title, start, end string, extra map[string]any) string {
	t.Helper()
	body := map[string]any{"title": title, "eventType": "rehearsal", "start": start, "end": end, "location": "Church hall"}
	for k, v := range extra {
		body[k] = v
	}
	return c.create(t, body).Str("id")
}

const links = "/api/v1/email-links/"

// badSecret is well formed but names no link.
var badSecret = strings.Repeat("Zz9", 10) + "Qq"

func TestRsvpLinkAnswersAndOverwrites(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newLinkChoir(t, h)
		id := c.event(t, "Advent carols", "2026-12-01T19:30:00Z", "2026-12-01T21:00:00Z", map[string]any{"notes": "Bring the blue folder"})
		secret := c.issue(t, actionlink.RSVP, id)
		anon := h.NewClient() // the link works signed out
		path := links + "rsvp/" + secret

		res := anon.Do("GET", path, nil)
		if res.Status != 200 || res.Str("choirName") != "St Cecilia Singers" || res.JSON["answer"] != nil || res.JSON["answerable"] != true {
			t.Fatalf("open: %d %s", res.Status, res.Raw)
		}
		if res.Str("event.id") != id || res.Str("event.title") != "Advent carols" || res.Str("event.startDate") != "2026-12-01" ||
			res.Str("event.startTime") != "19:30" || res.Str("event.endTime") != "21:00" || res.Str("event.location") != "Church hall" ||
			res.Str("event.timeZone") != "Europe/London" {
			t.Errorf("event: %s", res.Raw)
		}

		for _, step := range []struct {
			status  string
			changed bool
		}{{"going", false}, {"maybe", true}, {"not_going", true}, {"not_going", false}, {"going", true}} {
			res := anon.Do("POST", path, map[string]any{"status": step.status})
			if res.Status != 200 || res.Str("status") != step.status || res.JSON["changed"] != step.changed || res.Str("event.id") != id {
				t.Fatalf("answer %s: %d %s", step.status, res.Status, res.Raw)
			}
			if got := anon.Do("GET", path, nil).Str("answer"); got != step.status {
				t.Fatalf("after %s the link shows %q", step.status, got)
			}
		}

		wantMessage(t, anon.Do("POST", path, map[string]any{"status": "yes"}), 400, "VALIDATION_ERROR", "Invalid action type")
		wantMessage(t, anon.Do("GET", links+"rsvp/short", nil), 400, "INVALID_TOKEN", "Invalid RSVP link")
		wantMessage(t, anon.Do("POST", links+"rsvp/short", map[string]any{"status": "going"}), 400, "INVALID_TOKEN", "Invalid RSVP link")
		wantMessage(t, anon.Do("GET", links+"rsvp/"+badSecret, nil), 404, "INVALID_TOKEN", "Invalid or expired RSVP link")
		wantMessage(t, anon.Do("POST", links+"rsvp/"+badSecret, map[string]any{"status": "going"}), 404, "INVALID_TOKEN", "Invalid or expired RSVP link")
		// A link of another type is no RSVP link, whatever it names.
		event := c.issue(t, actionlink.Event, id)
		wantMessage(t, anon.Do("POST", links+"rsvp/"+event, map[string]any{"status": "going"}), 404, "INVALID_TOKEN", "Invalid or expired RSVP link")

		// Once the event has started the answer stands; the link still shows it.
		h.Clock.Advance(8*24*time.Hour + 9*time.Hour + 30*time.Minute) // 1 December 19:30
		wantMessage(t, anon.Do("POST", path, map[string]any{"status": "maybe"}), 409, "EVENT_STARTED",
			"This event has already started, so answers can no longer be changed.")
		if res := anon.Do("GET", path, nil); res.Status != 200 || res.Str("answer") != "going" || res.JSON["answerable"] != false {
			t.Errorf("after the start: %d %s", res.Status, res.Raw)
		}

		// Thirty days after it was sent the link has expired.
		h.Clock.Advance(22 * 24 * time.Hour)
		wantMessage(t, anon.Do("GET", path, nil), 404, "INVALID_TOKEN", "Invalid or expired RSVP link")
	})
}

func TestRsvpLinkToWhatIsGone(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newLinkChoir(t, h)
		anon := h.NewClient()
		draft := c.event(t, "Draft", "2026-12-02T19:30:00Z", "2026-12-02T21:00:00Z", map[string]any{"status": "draft"})
		wantMessage(t, anon.Do("GET", links+"rsvp/"+c.issue(t, actionlink.RSVP, draft), nil), 404, "NOT_FOUND", "Event not found")
		wantMessage(t, anon.Do("POST", links+"rsvp/"+c.issue(t, actionlink.RSVP, draft), map[string]any{"status": "going"}), 404, "NOT_FOUND", "Event not found")

		gone := c.event(t, "Cancelled", "2026-12-03T19:30:00Z", "2026-12-03T21:00:00Z", nil)
		secret := c.issue(t, actionlink.RSVP, gone)
		if res := c.admin.Do("DELETE", c.events+"/"+gone, nil); res.Status != 204 {
			t.Fatalf("delete: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, anon.Do("GET", links+"rsvp/"+secret, nil), 404, "NOT_FOUND", "Event not found")

		// An event of another choir is not found through this choir's link.
		confirmedUser(t, h, "rival@example.com")
		rival := signIn(t, h, "rival@example.com")
		other := createChoir(t, rival, "Rival Singers").Str("id")
		theirs := rival.Do("POST", "/api/v1/choirs/"+other+"/events", map[string]any{"title": "Theirs", "eventType": "rehearsal",
			"start": "2026-12-04T19:30:00Z", "end": "2026-12-04T21:00:00Z"}).Str("id")
		wantMessage(t, anon.Do("GET", links+"rsvp/"+c.issue(t, actionlink.RSVP, theirs), nil), 404, "NOT_FOUND", "Event not found")

		// A member who has left the choir: the link acts for nobody.
		kept := c.event(t, "Kept", "2026-12-05T19:30:00Z", "2026-12-05T21:00:00Z", nil)
		secret = c.issue(t, actionlink.RSVP, kept)
		if res := anon.Do("GET", links+"rsvp/"+secret, nil); res.Status != 200 {
			t.Fatalf("before leaving: %d %s", res.Status, res.Raw)
		}
		if err := h.App.Choirs.RemoveMember(t.Context(), c.id, c.memberID); err != nil {
			t.Fatal(err)
		}
		wantMessage(t, anon.Do("GET", links+"rsvp/"+secret, nil), 404, "INVALID_TOKEN", "Invalid or expired RSVP link")
		wantMessage(t, anon.Do("POST", links+"rsvp/"+secret, map[string]any{"status": "going"}), 404, "INVALID_TOKEN", "Invalid or expired RSVP link")
	})
}

func TestRsvpLinkToOccurrencesOfASeries(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newLinkChoir(t, h)
		series := c.create(t, weeklyRehearsal(map[string]any{"start": "2026-12-01T19:30:00Z", "end": "2026-12-01T21:30:00Z"})).Str("id")
		anon := h.NewClient()
		first, second := series+"-occurrence-2026-12-01", series+"-occurrence-2026-12-03"
		a, b := c.issue(t, actionlink.RSVP, first), c.issue(t, actionlink.RSVP, second)
		if res := anon.Do("POST", links+"rsvp/"+a, map[string]any{"status": "going"}); res.Status != 200 || res.Str("event.id") != first ||
			res.Str("event.startDate") != "2026-12-01" {
			t.Fatalf("first: %d %s", res.Status, res.Raw)
		}
		if res := anon.Do("POST", links+"rsvp/"+b, map[string]any{"status": "not_going"}); res.Status != 200 || res.JSON["changed"] != false ||
			res.Str("event.startDate") != "2026-12-03" || res.Str("event.startTime") != "19:30" {
			t.Fatalf("second: %d %s", res.Status, res.Raw)
		}
		if got := anon.Do("GET", links+"rsvp/"+a, nil).Str("answer"); got != "going" {
			t.Errorf("first occurrence kept %q", got)
		}
		if got := anon.Do("GET", links+"rsvp/"+b, nil).Str("answer"); got != "not_going" {
			t.Errorf("second occurrence kept %q", got)
		}
		// Neither a date the series does not have nor the series itself is something to attend.
		wantMessage(t, anon.Do("GET", links+"rsvp/"+c.issue(t, actionlink.RSVP, series+"-occurrence-2026-12-02"), nil), 404, "NOT_FOUND", "Event not found")
		wantMessage(t, anon.Do("GET", links+"rsvp/"+c.issue(t, actionlink.RSVP, series), nil), 404, "NOT_FOUND", "Event not found")
	})
}

func TestEventLink(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newLinkChoir(t, h)
		id := c.event(t, "Nine lessons", "2026-12-20T17:00:00Z", "2026-12-20T18:30:00Z", nil)
		anon := h.NewClient()
		secret := c.issue(t, actionlink.Event, id)
		res := anon.Do("GET", links+"event/"+secret, nil)
		if res.Status != 200 || res.Str("event.title") != "Nine lessons" || res.Str("event.startTime") != "17:00" || res.JSON["answer"] != nil ||
			res.JSON["answerable"] != true || res.Str("choirName") != "St Cecilia Singers" {
			t.Fatalf("event link: %d %s", res.Status, res.Raw)
		}
		// The member's answer, given through an RSVP link, shows here too.
		if r := anon.Do("POST", links+"rsvp/"+c.issue(t, actionlink.RSVP, id), map[string]any{"status": "maybe"}); r.Status != 200 {
			t.Fatalf("answer: %d %s", r.Status, r.Raw)
		}
		if got := anon.Do("GET", links+"event/"+secret, nil).Str("answer"); got != "maybe" {
			t.Errorf("answer on the event link: %q", got)
		}
		ics := anon.Do("GET", links+"event/"+secret+"/ics", nil)
		if ics.Status != 200 || !strings.HasPrefix(ics.Header.Get("Content-Type"), "text/calendar") ||
			!strings.Contains(ics.Raw, "SUMMARY:Nine lessons") || !strings.Contains(ics.Raw, "DTSTART;TZID=Europe/London:20261220T170000") ||
			strings.Count(ics.Raw, "BEGIN:VEVENT") != 1 || !strings.Contains(ics.Header.Get("Content-Disposition"), "attachment") {
			t.Errorf("ics: %d %v %s", ics.Status, ics.Header, ics.Raw)
		}
		wantMessage(t, anon.Do("GET", links+"event/nope", nil), 400, "INVALID_TOKEN", "Invalid event link")
		wantMessage(t, anon.Do("GET", links+"event/nope/ics", nil), 400, "INVALID_TOKEN", "Invalid event link")
		wantMessage(t, anon.Do("GET", links+"event/"+badSecret, nil), 404, "INVALID_TOKEN", "Invalid or expired event link")
		wantMessage(t, anon.Do("GET", links+"event/"+c.issue(t, actionlink.RSVP, id), nil), 404, "INVALID_TOKEN", "Invalid or expired event link")
		wantMessage(t, anon.Do("GET", links+"event/"+c.issue(t, actionlink.Event, "nope"), nil), 404, "NOT_FOUND", "Event not found")

		// An occurrence's file holds that date only.
		series := c.create(t, weeklyRehearsal(map[string]any{"start": "2026-12-01T19:30:00Z", "end": "2026-12-01T21:30:00Z"})).Str("id")
		ics = anon.Do("GET", links+"event/"+c.issue(t, actionlink.Event, series+"-occurrence-2026-12-10")+"/ics", nil)
		if ics.Status != 200 || !strings.Contains(ics.Raw, "DTSTART;TZID=Europe/London:20261210T193000") || strings.Contains(ics.Raw, "RRULE:FREQ=WEEKLY") {
			t.Errorf("occurrence ics: %d %s", ics.Status, ics.Raw)
		}
	})
}

// practicePiece stores a piece with the details a practice link shows.
func practicePiece(t *testing.T, h *apptest.Harness, choirID, number string) string {
	t.Helper()
	id := uuid.NewString()
	now := h.Clock.Now()
	if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music (id, choir_id, title, composer, arranger, number, rehearsal_weighting,
		duration_minutes, created_at, updated_at) VALUES (?, ?, 'Ave verum corpus', 'W. A. Mozart', 'J. Rutter', ?, 5, 4, ?, ?)`,
		id, choirID, number, now, now); err != nil {
		t.Fatal(err)
	}
	for i, typ := range []string{music.TypeScore, music.TypeAudioPart} {
		if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_attachments (id, music_id, choir_id, url, file_name, type, content_type,
			size_bytes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'application/octet-stream', 10, ?, ?)`,
			uuid.NewString(), id, choirID, fmt.Sprintf("%s/%s/%d", choirID, id, i), typ+".bin", typ, now, now); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func TestPracticeLink(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newLinkChoir(t, h)
		piece := practicePiece(t, h, c.id, "A-17")
		secret := c.issue(t, actionlink.Practice, piece)
		path := links + "practice/" + secret
		anon := h.NewClient()

		first := anon.Do("GET", path, nil)
		if first.Status != 200 || first.Str("choirId") != c.id || first.Str("choirName") != "St Cecilia Singers" {
			t.Fatalf("open: %d %s", first.Status, first.Raw)
		}
		m, _ := first.JSON["music"].(map[string]any)
		if m["id"] != piece || m["title"] != "Ave verum corpus" || m["composer"] != "W. A. Mozart" || m["arranger"] != "J. Rutter" ||
			m["libraryNumber"] != "A-17" || m["rehearsalDifficulty"] != 5.0 || m["estimatedDurationMinutes"] != 4.0 ||
			m["hasSheetMusic"] != true || m["hasAudio"] != true {
			t.Errorf("music: %s", first.Raw)
		}
		// Opening the link again shows the same: it was not used.
		if again := anon.Do("GET", path, nil); again.Status != 200 || again.Raw != first.Raw {
			t.Fatalf("second open: %d %s", again.Status, again.Raw)
		}

		// Signed out, the studio cannot open: the link stays unused.
		wantMessage(t, anon.Do("POST", path, nil), 401, "AUTH_ERROR", "Authentication error. Please log in again.")
		// Someone of another choir may not use it either.
		confirmedUser(t, h, "rival@example.com")
		rival := signIn(t, h, "rival@example.com")
		createChoir(t, rival, "Rival Singers")
		wantError(t, rival.Do("POST", path, nil), 403, "PERMISSION_ERROR")
		// Nor a global administrator who does not sing in the choir.
		if err := h.App.Accounts.SetGlobalAdmin(t.Context(), "rival@example.com", true); err != nil {
			t.Fatal(err)
		}
		wantError(t, rival.Do("POST", path, nil), 403, "PERMISSION_ERROR")
		if res := anon.Do("GET", path, nil); res.Status != 200 {
			t.Fatalf("after the refusals: %d %s", res.Status, res.Raw)
		}

		// The member opens the studio, in that choir.
		if got := c.member.Do("GET", "/api/v1/account/profile", nil).Str("lastAccessedChoirId"); got == c.id {
			t.Fatalf("the member already works in the choir")
		}
		res := c.member.Do("POST", path, nil)
		if res.Status != 200 || res.Str("choirId") != c.id || res.Str("musicId") != piece {
			t.Fatalf("open the studio: %d %s", res.Status, res.Raw)
		}
		if got := c.member.Do("GET", "/api/v1/account/profile", nil).Str("lastAccessedChoirId"); got != c.id {
			t.Errorf("the choir the member works in: %q", got)
		}
		wantMessage(t, c.member.Do("POST", path, nil), 404, "INVALID_TOKEN", "Invalid or expired practice link")
		wantMessage(t, anon.Do("GET", path, nil), 404, "INVALID_TOKEN", "Invalid or expired practice link")

		wantMessage(t, anon.Do("GET", links+"practice/bad", nil), 400, "INVALID_TOKEN", "Invalid practice link")
		wantMessage(t, c.member.Do("POST", links+"practice/bad", nil), 400, "INVALID_TOKEN", "Invalid practice link")
		wantMessage(t, anon.Do("GET", links+"practice/"+badSecret, nil), 404, "INVALID_TOKEN", "Invalid or expired practice link")
		wantMessage(t, anon.Do("GET", links+"practice/"+c.issue(t, actionlink.RSVP, piece), nil), 404, "INVALID_TOKEN", "Invalid or expired practice link")

		// An archived piece can still be practised; a deleted one is gone.
		archived := c.issue(t, actionlink.Practice, piece)
		if res := c.admin.Do("POST", "/api/v1/choirs/"+c.id+"/music/"+piece+"/archive", nil); res.Status != 200 {
			t.Fatalf("archive: %d %s", res.Status, res.Raw)
		}
		if res := anon.Do("GET", links+"practice/"+archived, nil); res.Status != 200 {
			t.Errorf("archived piece: %d %s", res.Status, res.Raw)
		}
		other := practicePiece(t, h, c.id, "A-18")
		deleted := c.issue(t, actionlink.Practice, other)
		if res := c.admin.Do("DELETE", "/api/v1/choirs/"+c.id+"/music/"+other, nil); res.Status != 204 {
			t.Fatalf("delete: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, anon.Do("GET", links+"practice/"+deleted, nil), 404, "NOT_FOUND", "Music piece not found")
		wantMessage(t, c.member.Do("POST", links+"practice/"+deleted, nil), 404, "NOT_FOUND", "Music piece not found")
		var used int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM email_action_tokens WHERE used_at IS NOT NULL`).Scan(&used); err != nil || used != 1 {
			t.Errorf("%d links used (%v), want 1", used, err)
		}
	})
}

func TestPracticeLinkOpenedSixteenTimesAtOnce(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newLinkChoir(t, h)
		path := links + "practice/" + c.issue(t, actionlink.Practice, practicePiece(t, h, c.id, "A-17"))
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[int]int{}
		start := make(chan struct{})
		for range 16 {
			wg.Go(func() {
				<-start
				res := c.member.Do("POST", path, nil)
				mu.Lock()
				statuses[res.Status]++
				mu.Unlock()
			})
		}
		close(start)
		wg.Wait()
		if statuses[200] != 1 || statuses[404] != 15 {
			t.Fatalf("statuses %v, want one 200 and fifteen 404", statuses)
		}
	})
}

func TestUnsubscribeLink(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newLinkChoir(t, h)
		// The member sings in a second choir too, which keeps emailing.
		confirmedUser(t, h, "second@example.com")
		second := signIn(t, h, "second@example.com")
		otherID := createChoir(t, second, "Abbey Choir").Str("id")
		if err := h.App.Choirs.AddMember(t.Context(), c.memberID, otherID, access.Member, h.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		anon := h.NewClient()
		secret := c.issue(t, actionlink.Unsubscribe, c.id)
		path := links + "unsubscribe/" + secret
		emails := func() string {
			t.Helper()
			res := c.member.Do("GET", "/api/v1/account/choir-emails", nil)
			if res.Status != 200 {
				t.Fatalf("choir emails: %d %s", res.Status, res.Raw)
			}
			var out []string
			for _, item := range res.List {
				e := item.(map[string]any)
				out = append(out, fmt.Sprintf("%s=%v", e["choirName"], e["enabled"]))
			}
			return strings.Join(out, " ")
		}
		if got := emails(); got != "Abbey Choir=true St Cecilia Singers=true" {
			t.Fatalf("at first: %s", got)
		}

		res := anon.Do("GET", path, nil)
		if res.Status != 200 || res.Str("choirName") != "St Cecilia Singers" || res.Str("email") != "a•••@example.com" || res.JSON["subscribed"] != true {
			t.Fatalf("open: %d %s", res.Status, res.Raw)
		}
		for range 2 { // again: the same
			res = anon.Do("POST", path, nil)
			if res.Status != 200 || res.JSON["subscribed"] != false || res.Str("choirName") != "St Cecilia Singers" {
				t.Fatalf("unsubscribe: %d %s", res.Status, res.Raw)
			}
		}
		if got := emails(); got != "Abbey Choir=true St Cecilia Singers=false" {
			t.Fatalf("after unsubscribing: %s", got)
		}
		if got := anon.Do("GET", path, nil); got.JSON["subscribed"] != false {
			t.Errorf("the link after: %s", got.Raw)
		}

		// The member turns it back on in their account.
		res = c.member.Do("PUT", "/api/v1/account/choir-emails/"+c.id, map[string]any{"enabled": true})
		if res.Status != 200 || res.Str("choirId") != c.id || res.Str("choirName") != "St Cecilia Singers" || res.JSON["enabled"] != true {
			t.Fatalf("turn back on: %d %s", res.Status, res.Raw)
		}
		if got := emails(); got != "Abbey Choir=true St Cecilia Singers=true" {
			t.Fatalf("turned back on: %s", got)
		}
		// Under the choir's email, the digest, reminders and announcement
		// emails each have a switch; a switch not sent stays as it was.
		res = c.member.Do("PUT", "/api/v1/account/choir-emails/"+c.id, map[string]any{"enabled": true, "digestEmails": false, "reminderEmails": false})
		if res.Status != 200 || res.JSON["digestEmails"] != false || res.JSON["reminderEmails"] != false || res.JSON["announcementEmails"] != true {
			t.Fatalf("turn the digest and reminders off: %d %s", res.Status, res.Raw)
		}
		res = c.member.Do("PUT", "/api/v1/account/choir-emails/"+c.id, map[string]any{"enabled": true, "announcementEmails": false})
		if res.Status != 200 || res.JSON["digestEmails"] != false || res.JSON["reminderEmails"] != false || res.JSON["announcementEmails"] != false {
			t.Fatalf("turn announcements off too: %d %s", res.Status, res.Raw)
		}
		for _, item := range c.member.Do("GET", "/api/v1/account/choir-emails", nil).List {
			e := item.(map[string]any)
			if off := e["choirName"] == "St Cecilia Singers"; e["digestEmails"] == off || e["reminderEmails"] == off || e["announcementEmails"] == off {
				t.Errorf("the switches as listed: %v", e)
			}
		}
		// Not a choir of the caller's: not found.
		wantError(t, c.admin.Do("PUT", "/api/v1/account/choir-emails/"+otherID, map[string]any{"enabled": false}), 404, "NOT_FOUND")

		// RFC 8058: the mail provider's one-click POST, with no cookie and
		// from no page of ours (no Origin, or a foreign one).
		oneClick := "/email/unsubscribe/" + secret
		form := apptest.Body{ContentType: "application/x-www-form-urlencoded", Data: []byte("List-Unsubscribe=One-Click")}
		for i, header := range []map[string]string{
			{},
			{"Origin": "https://mail.example.net", "Sec-Fetch-Site": "cross-site"},
		} {
			mailer := h.NewClient()
			for k, v := range header {
				mailer.Header.Set(k, v)
			}
			res := mailer.Do("POST", oneClick, form)
			if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") ||
				!strings.Contains(res.Raw, "You will no longer receive emails from St Cecilia Singers.") {
				t.Fatalf("one-click %d: %d %v %s", i, res.Status, res.Header, res.Raw)
			}
		}
		if res := h.NewClient().Do("POST", oneClick, nil); res.Status != 200 { // an empty body, again
			t.Fatalf("one-click without a body: %d %s", res.Status, res.Raw)
		}
		if got := emails(); got != "Abbey Choir=true St Cecilia Singers=false" {
			t.Fatalf("after one click: %s", got)
		}
		for _, tc := range []struct{ path, message string }{
			{"/email/unsubscribe/nope", "Invalid unsubscribe link"},
			{"/email/unsubscribe/" + badSecret, "Invalid or expired unsubscribe link"},
			{"/email/unsubscribe/" + c.issue(t, actionlink.RSVP, c.id), "Invalid or expired unsubscribe link"},
		} {
			if res := h.NewClient().Do("POST", tc.path, form); res.Status != 404 || strings.TrimSpace(res.Raw) != tc.message {
				t.Errorf("one-click %s: %d %s", tc.path, res.Status, res.Raw)
			}
		}

		wantMessage(t, anon.Do("GET", links+"unsubscribe/nope", nil), 400, "INVALID_TOKEN", "Invalid unsubscribe link")
		wantMessage(t, anon.Do("POST", links+"unsubscribe/"+badSecret, nil), 404, "INVALID_TOKEN", "Invalid or expired unsubscribe link")
	})
}

// dbRows reads every row of every table as text, for checking that
// requests changed nothing at all.
func dbRows(t *testing.T, h *apptest.Harness) map[string][]string {
	t.Helper()
	ctx := context.Background()
	q := `SELECT name FROM sqlite_master WHERE type = 'table'`
	if h.DB.Kind == config.Postgres {
		q = `SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`
	}
	rows, err := h.DB.QueryContext(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, table := range tables {
		rows, err := h.DB.QueryContext(ctx, `SELECT * FROM "`+table+`"`)
		if err != nil {
			t.Fatalf("read %s: %v", table, err)
		}
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatalf("read %s: %v", table, err)
			}
			for i, v := range vals {
				if b, ok := v.([]byte); ok {
					vals[i] = string(b)
				}
			}
			out[table] = append(out[table], fmt.Sprint(vals...))
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
		slices.Sort(out[table])
	}
	if len(out["email_action_tokens"]) == 0 || len(out["users"]) == 0 {
		t.Fatalf("the snapshot read nothing: %v", out)
	}
	return out
}

func TestOpeningLinksChangesNothing(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newLinkChoir(t, h)
		id := c.event(t, "Advent carols", "2026-12-01T19:30:00Z", "2026-12-01T21:00:00Z", nil)
		secrets := map[string]string{
			"rsvp":        c.issue(t, actionlink.RSVP, id),
			"event":       c.issue(t, actionlink.Event, id),
			"practice":    c.issue(t, actionlink.Practice, practicePiece(t, h, c.id, "A-17")),
			"unsubscribe": c.issue(t, actionlink.Unsubscribe, c.id),
		}
		// Some state to leave alone: an answer already given and a
		// counter of the links' rate limits.
		if res := h.NewClient().Do("POST", links+"rsvp/"+secrets["rsvp"], map[string]any{"status": "maybe"}); res.Status != 200 {
			t.Fatalf("answer: %d %s", res.Status, res.Raw)
		}
		var paths []string
		for kind, secret := range secrets {
			for _, s := range []string{secret, "bad", badSecret} {
				paths = append(paths, links+kind+"/"+s, "/email/"+kind+"/"+s)
			}
		}
		for _, s := range []string{secrets["rsvp"], "bad"} {
			for _, action := range []string{"going", "maybe", "not_going", "nonsense"} {
				paths = append(paths, "/email/rsvp/"+s+"/"+action)
			}
		}
		paths = append(paths, links+"event/"+secrets["event"]+"/ics")
		before := dbRows(t, h)
		// What a mail gateway does: open every link, more than once; and
		// the member, signed in, opening them in their browser.
		for _, scanner := range []*apptest.Client{h.NewClient(), h.NewClient(), c.member} {
			for _, p := range paths {
				for _, method := range []string{"GET", "HEAD"} {
					res := scanner.Do(method, p, nil)
					// A build without the web app (noui) has no pages to serve.
					if page := strings.HasPrefix(p, "/email/"); res.Status >= 500 && !(page && res.Status == 503) {
						t.Errorf("%s %s: %d %s", method, p, res.Status, res.Raw)
					}
				}
			}
		}
		if res := h.NewClient().Do("GET", links+"rsvp/"+secrets["rsvp"], nil); res.Status != 200 || res.Str("answer") != "maybe" {
			t.Fatalf("the link after: %d %s", res.Status, res.Raw)
		}
		after := dbRows(t, h)
		for table, rows := range before {
			if !slices.Equal(rows, after[table]) {
				t.Errorf("%s changed:\nbefore %q\nafter  %q", table, rows, after[table])
			}
		}
		for table := range after {
			if _, ok := before[table]; !ok {
				t.Errorf("%s appeared", table)
			}
		}
	})
}

func TestEmailLinkRateLimits(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{TrustedProxies: "127.0.0.1"}, func(t *testing.T, h *apptest.Harness) {
		c := newLinkChoir(t, h)
		id := c.event(t, "Advent carols", "2026-12-01T19:30:00Z", "2026-12-01T21:00:00Z", nil)
		secret := c.issue(t, actionlink.RSVP, id)
		path := links + "rsvp/" + secret
		from := func(ip string) *apptest.Client {
			cl := h.NewClient()
			cl.Header.Set("X-Forwarded-For", ip)
			return cl
		}
		// Per link: 30 answers in ten minutes, from anywhere.
		for i := range 30 {
			if res := from(fmt.Sprintf("192.0.2.%d", i+1)).Do("POST", path, map[string]any{"status": "going"}); res.Status != 200 {
				t.Fatalf("answer %d: %d %s", i+1, res.Status, res.Raw)
			}
		}
		wantError(t, from("198.51.100.1").Do("POST", path, map[string]any{"status": "maybe"}), 429, "RATE_LIMITED")
		res := from("198.51.100.1").Do("GET", path, nil)
		wantError(t, res, 429, "RATE_LIMITED")
		if res.Header.Get("Retry-After") == "" {
			t.Errorf("no Retry-After: %v", res.Header)
		}
		// Another link of the same member is not held back.
		if res := from("198.51.100.1").Do("POST", links+"rsvp/"+c.issue(t, actionlink.RSVP, id), map[string]any{"status": "maybe"}); res.Status != 200 {
			t.Fatalf("another link: %d %s", res.Status, res.Raw)
		}
		// Ten minutes later the link answers again.
		h.Clock.Advance(10 * time.Minute)
		if res := from("198.51.100.1").Do("POST", path, map[string]any{"status": "not_going"}); res.Status != 200 || res.JSON["changed"] != true {
			t.Fatalf("after the window: %d %s", res.Status, res.Raw)
		}

		// Per client address: 300 acting requests in ten minutes across all links.
		noisy := from("203.0.113.7")
		for i := range 299 {
			if res := noisy.Do("POST", links+"unsubscribe/bad", nil); res.Status != 400 {
				t.Fatalf("request %d: %d %s", i+1, res.Status, res.Raw)
			}
		}
		wantError(t, noisy.Do("POST", links+"unsubscribe/bad", nil), 400, "INVALID_TOKEN") // the 300th
		wantError(t, noisy.Do("POST", "/api/v1/email-links/rsvp/"+secret, map[string]any{"status": "going"}), 429, "RATE_LIMITED")
		wantError(t, noisy.Do("GET", links+"practice/"+badSecret, nil), 429, "RATE_LIMITED")
		if res := noisy.Do("POST", "/email/unsubscribe/"+badSecret, nil); res.Status != 429 {
			t.Errorf("one-click from the noisy address: %d %s", res.Status, res.Raw)
		}
		if res := from("203.0.113.8").Do("GET", path, nil); res.Status != 200 {
			t.Errorf("another address: %d %s", res.Status, res.Raw)
		}
	})
}
