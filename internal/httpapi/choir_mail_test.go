package httpapi_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/mail/smtptest"
)

// mailChoir is a choir whose director emails it, with singers in several
// situations, and a second choir with a voice part of its own.
type mailChoir struct {
	h             *apptest.Harness
	admin, singer *apptest.Client
	id, other     string
	parts         map[string]string // name -> id in the choir
	otherPart     string            // a voice part of the other choir
	event, piece  string
	users         map[string]string // email -> user id
	accountMail   int               // messages the setup sent (confirmations)
}

func (m mailChoir) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := m.h.DB.ExecContext(t.Context(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// newMailChoir: the director (choir admin), and as members: a tenor, a
// bass, a soprano who is a guest, an alto whose membership is inactive, a
// tenor with the profile's digest off and a bass with this choir's email off.
func newMailChoir(t *testing.T, h *apptest.Harness) mailChoir {
	t.Helper()
	ctx := t.Context()
	m := mailChoir{h: h, parts: map[string]string{}, users: map[string]string{}}
	emails := []string{"director@example.com", "tenor@example.com", "bass@example.com", "guest@example.com",
		"inactive@example.com", "nodigest@example.com", "choiroff@example.com", "elsewhere@example.com"}
	for _, e := range emails {
		confirmedUser(t, h, e)
		id, err := h.App.Accounts.UserIDByEmail(ctx, e)
		if err != nil {
			t.Fatal(err)
		}
		m.users[e] = id
	}
	m.admin = signIn(t, h, "director@example.com")
	m.id = createChoir(t, m.admin, "St Cecilia Singers").Str("id")
	stranger := signIn(t, h, "elsewhere@example.com")
	m.other = createChoir(t, stranger, "Other Choir").Str("id")
	for e, role := range map[string]access.Role{"tenor@example.com": access.Member, "bass@example.com": access.Member,
		"guest@example.com": access.Guest, "inactive@example.com": access.Member, "nodigest@example.com": access.Member,
		"choiroff@example.com": access.Member} {
		if err := h.App.Choirs.AddMember(ctx, m.users[e], m.id, role, h.Clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	m.singer = signIn(t, h, "tenor@example.com")
	for _, p := range m.admin.Do("GET", "/api/v1/choirs/"+m.id+"/musical-roles", nil).List {
		p := p.(map[string]any)
		m.parts[p["name"].(string)] = p["id"].(string)
	}
	m.otherPart = stranger.Do("GET", "/api/v1/choirs/"+m.other+"/musical-roles", nil).List[0].(map[string]any)["id"].(string)
	for e, part := range map[string]string{"tenor@example.com": "Tenor", "bass@example.com": "Bass", "guest@example.com": "Soprano",
		"inactive@example.com": "Alto", "nodigest@example.com": "Tenor", "choiroff@example.com": "Bass"} {
		m.exec(t, `INSERT INTO member_musical_roles (user_id, choir_id, musical_role_id) VALUES (?, ?, ?)`, m.users[e], m.id, m.parts[part])
	}
	m.exec(t, `UPDATE user_choir_membership SET is_active = FALSE WHERE user_id = ? AND choir_id = ?`, m.users["inactive@example.com"], m.id)
	m.exec(t, `UPDATE user_profile SET email_digest_enabled = FALSE WHERE id = ?`, m.users["nodigest@example.com"])
	m.exec(t, `UPDATE user_choir_membership SET email_enabled = FALSE WHERE user_id = ? AND choir_id = ?`, m.users["choiroff@example.com"], m.id)

	ev := m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/events", map[string]any{"title": "Advent <rehearsal>", "eventType": "rehearsal",
		"start": "2026-12-03T19:30:00Z", "end": "2026-12-03T21:30:00Z", "location": "St Mary's Hall"})
	if ev.Status != 201 {
		t.Fatalf("create event: %d %s", ev.Status, ev.Raw)
	}
	m.event = ev.Str("id")
	m.piece = addPiece(t, h, m.id, "Ave verum corpus")
	if _, err := h.App.Mailer.DeliverDue(ctx); err != nil {
		t.Fatal(err)
	}
	m.accountMail = len(h.SMTP.Messages())
	return m
}

func (m mailChoir) emailEvent(id string, body map[string]any) apptest.Response {
	return m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/events/"+id+"/email", body)
}

func (m mailChoir) emailPiece(id string, body map[string]any) apptest.Response {
	return m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/music/"+id+"/email", body)
}

// count is a number the database gives.
func (m mailChoir) count(t *testing.T, query string, args ...any) int {
	t.Helper()
	var n int
	if err := m.h.DB.QueryRowContext(t.Context(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// delivered sends the queued mail and returns what went out after the
// setup, by recipient.
func (m mailChoir) delivered(t *testing.T) map[string][]smtptest.Captured {
	t.Helper()
	if _, err := m.h.App.Mailer.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	out := map[string][]smtptest.Captured{}
	for _, c := range m.h.SMTP.Messages()[m.accountMail:] {
		for _, to := range c.To {
			out[to] = append(out[to], c)
		}
	}
	return out
}

var secretInLink = regexp.MustCompile(`/email/(rsvp|event|practice|unsubscribe)/([A-Za-z0-9]{32})`)

// secrets lists the link secrets of a message's text by type.
func secrets(c smtptest.Captured) map[string][]string {
	out := map[string][]string{}
	for _, s := range secretInLink.FindAllStringSubmatch(c.TextBody, -1) {
		if !slices.Contains(out[s[1]], s[2]) {
			out[s[1]] = append(out[s[1]], s[2])
		}
	}
	return out
}

func TestEmailEventToTheChoir(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := newMailChoir(t, h)
		res := m.emailEvent(m.event, map[string]any{"note": "Bring your <folders>.\nTea afterwards."})
		if res.Status != 200 || res.JSON["recipients"] != float64(3) || res.JSON["copyToSender"] != false {
			t.Fatalf("email event: %d %s", res.Status, res.Raw)
		}
		got := m.delivered(t)
		// Active members and guests with email on; not the inactive one,
		// nor those who turned email off, nor another choir's admin, nor
		// the director who sends it.
		want := []string{"bass@example.com", "guest@example.com", "tenor@example.com"}
		if keys := slices.Sorted(func(yield func(string) bool) {
			for k := range got {
				if !yield(k) {
					return
				}
			}
		}); !slices.Equal(keys, want) {
			t.Fatalf("mail went to %v, want %v", keys, want)
		}
		seen := map[string]string{}
		for to, msgs := range got {
			if len(msgs) != 1 {
				t.Fatalf("%s got %d messages", to, len(msgs))
			}
			c := msgs[0]
			if c.Subject != "St Cecilia Singers: Advent <rehearsal>, Thursday 3 December 2026, 19:30–21:30" {
				t.Errorf("%s: subject %q", to, c.Subject)
			}
			for _, text := range []string{"Advent <rehearsal>", "Thursday 3 December 2026, 19:30–21:30", "Where: St Mary's Hall",
				"Ada Lovelace writes:", "Bring your <folders>.", "Unsubscribe from St Cecilia Singers emails"} {
				if !strings.Contains(c.TextBody, text) {
					t.Errorf("%s: text lacks %q:\n%s", to, text, c.TextBody)
				}
			}
			if strings.Contains(c.HTMLBody, "<folders>") || !strings.Contains(c.HTMLBody, "Advent &lt;rehearsal&gt;") {
				t.Errorf("%s: HTML does not escape what people typed", to)
			}
			s := secrets(c)
			if len(s["rsvp"]) != 1 || len(s["event"]) != 1 || len(s["unsubscribe"]) != 1 {
				t.Fatalf("%s: links %v", to, s)
			}
			rsvp := h.URL + "/email/rsvp/" + s["rsvp"][0]
			for _, l := range []string{rsvp + "/going", rsvp + "/maybe", rsvp + "/not_going",
				h.URL + "/email/event/" + s["event"][0] + "#rsvp=" + s["rsvp"][0]} {
				if !strings.Contains(c.TextBody, l) || !strings.Contains(c.HTMLBody, `href="`+l+`"`) {
					t.Errorf("%s: link %s missing from a part", to, l)
				}
			}
			unsubscribe := h.URL + "/email/unsubscribe/" + s["unsubscribe"][0]
			if got := c.Header.Get("List-Unsubscribe"); got != "<"+unsubscribe+">" {
				t.Errorf("%s: List-Unsubscribe %q, want <%s>", to, got, unsubscribe)
			}
			if got := c.Header.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
				t.Errorf("%s: List-Unsubscribe-Post %q", to, got)
			}
			if ct := c.Header.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/alternative") {
				t.Errorf("%s: Content-Type %q", to, ct)
			}
			for _, list := range s {
				for _, secret := range list {
					if other, dup := seen[secret]; dup {
						t.Errorf("%s and %s share a link", to, other)
					}
					seen[secret] = to
				}
			}
		}
		// Each link is the recipient's own, bound to them, the choir and the event.
		for _, row := range []struct{ typ, resource string }{{"rsvp", m.event}, {"event", m.event}, {"unsubscribe", m.id}} {
			for _, to := range want {
				if n := m.count(t, `SELECT COUNT(*) FROM email_action_tokens WHERE user_id = ? AND choir_id = ? AND action_type = ? AND resource_id = ?`,
					m.users[to], m.id, row.typ, row.resource); n != 1 {
					t.Errorf("%s has %d %s links for %s", to, n, row.typ, row.resource)
				}
			}
		}
		if n := m.count(t, `SELECT COUNT(*) FROM email_action_tokens`); n != 9 {
			t.Errorf("%d links issued, want 9", n)
		}

		// Only some voice parts.
		res = m.emailEvent(m.event, map[string]any{"voicePartIds": []string{m.parts["Tenor"], m.parts["Soprano"], m.parts["Tenor"]}})
		if res.Status != 200 || res.JSON["recipients"] != float64(2) {
			t.Fatalf("email tenors and sopranos: %d %s", res.Status, res.Raw)
		}
		got = m.delivered(t)
		if len(got["tenor@example.com"]) != 2 || len(got["guest@example.com"]) != 2 || len(got["bass@example.com"]) != 1 {
			t.Errorf("voice parts: tenor %d, soprano guest %d, bass %d messages", len(got["tenor@example.com"]),
				len(got["guest@example.com"]), len(got["bass@example.com"]))
		}
		wantMessage(t, m.emailEvent(m.event, map[string]any{"voicePartIds": []string{m.parts["Alto"]}}), 400, "VALIDATION_ERROR", "No members to email.")
		res = m.emailEvent(m.event, map[string]any{"voicePartIds": []string{m.parts["Tenor"], m.otherPart}})
		wantMessage(t, res, 400, "VALIDATION_ERROR", "Choose voice parts of this choir")
		if d, _ := res.JSON["details"].(map[string]any); d["voicePartIds"] != "Choose voice parts of this choir" {
			t.Errorf("details %v", res.JSON["details"])
		}
		many := make([]string, 5000)
		for i := range many {
			many[i] = fmt.Sprintf("part-%d", i)
		}
		wantMessage(t, m.emailEvent(m.event, map[string]any{"voicePartIds": many}), 400, "VALIDATION_ERROR", "Choose voice parts of this choir")
		res = m.emailEvent(m.event, map[string]any{"note": strings.Repeat("é", 2001)})
		wantMessage(t, res, 400, "VALIDATION_ERROR", "Keep the note under 2,000 characters")
		if res := m.emailEvent(m.event, map[string]any{"note": strings.Repeat("é", 2000), "voicePartIds": []string{m.parts["Bass"]}}); res.Status != 200 {
			t.Errorf("a note of 2,000 characters: %d %s", res.Status, res.Raw)
		}
		if n := m.count(t, `SELECT COUNT(*) FROM email_action_tokens`); n != 9+6+3 {
			t.Errorf("%d links after the refusals, want 18", n)
		}
	})
}

func TestEmailEventRefusals(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := newMailChoir(t, h)
		events := "/api/v1/choirs/" + m.id + "/events"
		draft := m.admin.Do("POST", events, map[string]any{"title": "Draft", "eventType": "rehearsal", "status": "draft",
			"start": "2026-12-03T19:30:00Z", "end": "2026-12-03T21:30:00Z"})
		past := m.admin.Do("POST", events, map[string]any{"title": "Past", "eventType": "rehearsal",
			"start": "2026-11-23T09:30:00Z", "end": "2026-11-23T11:30:00Z"})
		if draft.Status != 201 || past.Status != 201 {
			t.Fatalf("events: %d %s / %d %s", draft.Status, draft.Raw, past.Status, past.Raw)
		}
		wantMessage(t, m.emailEvent(draft.Str("id"), map[string]any{}), 409, "CONFLICT", "Publish the event before emailing it.")
		// An occurrence edited as published is still a draft series'.
		draftSeries := m.admin.Do("POST", events, weeklyRehearsal(map[string]any{"status": "draft"})).Str("id")
		published := draftSeries + "-occurrence-2026-12-01"
		if res := m.admin.Do("PUT", events+"/"+published, weeklyRehearsal(map[string]any{"scope": "single", "recurrenceRule": nil,
			"start": "2026-12-01T19:30:00Z", "end": "2026-12-01T21:30:00Z"})); res.Status != 200 {
			t.Fatalf("publish an occurrence: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, m.emailEvent(published, map[string]any{}), 409, "CONFLICT", "Publish the event before emailing it.")
		wantMessage(t, m.emailEvent(past.Str("id"), map[string]any{}), 409, "CONFLICT", "This event has already started.")
		wantError(t, m.emailEvent("nope", map[string]any{}), 404, "NOT_FOUND")

		// Another choir's event and piece are not found through this choir.
		stranger := signIn(t, h, "elsewhere@example.com")
		theirs := stranger.Do("POST", "/api/v1/choirs/"+m.other+"/events", map[string]any{"title": "Theirs", "eventType": "rehearsal",
			"start": "2026-12-03T19:30:00Z", "end": "2026-12-03T21:30:00Z"})
		if theirs.Status != 201 {
			t.Fatalf("their event: %d %s", theirs.Status, theirs.Raw)
		}
		wantError(t, m.emailEvent(theirs.Str("id"), map[string]any{}), 404, "NOT_FOUND")
		theirPiece := addPiece(t, h, m.other, "Their piece")
		wantError(t, m.emailPiece(theirPiece, map[string]any{}), 404, "NOT_FOUND")
		// Nor may a member email the choir.
		wantError(t, m.singer.Do("POST", events+"/"+m.event+"/email", map[string]any{}), 403, "PERMISSION_ERROR")

		if archive := m.admin.Do("POST", "/api/v1/choirs/"+m.id+"/music/"+m.piece+"/archive", nil); archive.Status >= 300 {
			t.Fatalf("archive: %d %s", archive.Status, archive.Raw)
		}
		wantMessage(t, m.emailPiece(m.piece, map[string]any{}), 409, "CONFLICT", "Restore the piece before emailing it.")
		if n := m.count(t, `SELECT COUNT(*) FROM email_action_tokens`) + m.count(t, `SELECT COUNT(*) FROM mail_outbox WHERE kind IN ('event_rsvp', 'practice_link')`); n != 0 {
			t.Errorf("refusals left %d links and messages", n)
		}

		// An occurrence of a series is emailed by its own id; the links name it.
		series := m.admin.Do("POST", events, weeklyRehearsal(nil))
		if series.Status != 201 {
			t.Fatalf("series: %d %s", series.Status, series.Raw)
		}
		occurrence := series.Str("id") + "-occurrence-2026-12-01"
		wantError(t, m.emailEvent(series.Str("id"), map[string]any{}), 404, "NOT_FOUND")
		wantMessage(t, m.emailEvent(series.Str("id")+"-occurrence-2026-11-19", map[string]any{}), 409, "CONFLICT", "This event has already started.")
		if res := m.emailEvent(occurrence, map[string]any{"voicePartIds": []string{m.parts["Tenor"]}}); res.Status != 200 || res.JSON["recipients"] != float64(1) {
			t.Fatalf("email an occurrence: %d %s", res.Status, res.Raw)
		}
		msg := m.delivered(t)["tenor@example.com"]
		if len(msg) != 1 || !strings.Contains(msg[0].TextBody, "When: Tuesday 1 December 2026, 19:30–21:30") {
			t.Fatalf("occurrence email: %v", msg)
		}
		if n := m.count(t, `SELECT COUNT(*) FROM email_action_tokens WHERE resource_id = ? AND action_type IN ('rsvp', 'event')`, occurrence); n != 2 {
			t.Errorf("%d links name the occurrence, want 2", n)
		}
	})
}

// The sender of an email to the choir is left out, though a member whose
// email is on, unless they ask for a copy; the count is of the members
// emailed, never of the copy.
func TestEmailToTheChoirSendsTheSenderACopyOnlyWhenAsked(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := newMailChoir(t, h)
		bass := []string{m.parts["Bass"]}
		for what, send := range map[string]func() apptest.Response{
			"event": func() apptest.Response { return m.emailEvent(m.event, map[string]any{}) },
			"piece": func() apptest.Response { return m.emailPiece(m.piece, map[string]any{"copyToSender": false}) },
			"event and copy": func() apptest.Response {
				return m.emailEvent(m.event, map[string]any{"copyToSender": true, "voicePartIds": bass})
			},
			"piece and copy": func() apptest.Response {
				return m.emailPiece(m.piece, map[string]any{"copyToSender": true, "voicePartIds": bass})
			},
		} {
			res := send()
			copied := strings.HasSuffix(what, "copy")
			members := 3.0
			if copied {
				members = 1
			}
			if res.Status != 200 || res.JSON["recipients"] != members || res.JSON["copyToSender"] != copied {
				t.Fatalf("%s: %d %s", what, res.Status, res.Raw)
			}
		}
		got := m.delivered(t)
		if len(got["director@example.com"]) != 2 || len(got["bass@example.com"]) != 4 || len(got["tenor@example.com"]) != 2 {
			t.Fatalf("director %d, bass %d, tenor %d messages", len(got["director@example.com"]), len(got["bass@example.com"]), len(got["tenor@example.com"]))
		}
		// The copy is the message the members get, with the sender's own links.
		for _, c := range got["director@example.com"] {
			s := secrets(c)
			if c.Subject != "St Cecilia Singers: Advent <rehearsal>, Thursday 3 December 2026, 19:30–21:30" &&
				c.Subject != "St Cecilia Singers: practise Ave verum corpus" {
				t.Errorf("copy: %q\n%s", c.Subject, c.TextBody)
			}
			if len(s["unsubscribe"]) != 1 || len(s["rsvp"])+len(s["practice"]) != 1 {
				t.Errorf("copy's links: %v", s)
			}
		}
		if n := m.count(t, `SELECT COUNT(*) FROM email_action_tokens WHERE user_id = ?`, m.users["director@example.com"]); n != 2+1+2 {
			t.Errorf("the director holds %d links, want 5 (rsvp, event, practice, two unsubscribe)", n)
		}
		// Nobody but the sender: nobody to email, copy or not.
		for _, body := range []map[string]any{{"voicePartIds": []string{m.parts["Alto"]}}, {"voicePartIds": []string{m.parts["Alto"]}, "copyToSender": true}} {
			wantMessage(t, m.emailEvent(m.event, body), 400, "VALIDATION_ERROR", "No members to email.")
		}
		if n := m.count(t, `SELECT COUNT(*) FROM email_action_tokens WHERE user_id = ?`, m.users["director@example.com"]); n != 5 {
			t.Errorf("the refusals issued the director links: %d", n)
		}
	})
}

func TestEmailPracticeLinkToTheChoir(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := newMailChoir(t, h)
		res := m.emailPiece(m.piece, map[string]any{"voicePartIds": []string{m.parts["Tenor"], m.parts["Bass"]}})
		if res.Status != 200 || res.JSON["recipients"] != float64(2) {
			t.Fatalf("email piece: %d %s", res.Status, res.Raw)
		}
		got := m.delivered(t)
		if len(got) != 2 || len(got["tenor@example.com"]) != 1 || len(got["bass@example.com"]) != 1 {
			t.Fatalf("mail went to %v", got)
		}
		practice := map[string]bool{}
		for to, msgs := range got {
			c := msgs[0]
			s := secrets(c)
			if len(s["practice"]) != 1 || len(s["unsubscribe"]) != 1 || len(s) != 2 {
				t.Fatalf("%s: links %v", to, s)
			}
			practice[s["practice"][0]] = true
			open := h.URL + "/email/practice/" + s["practice"][0]
			if !strings.Contains(c.TextBody, "Open practice session: "+open) || !strings.Contains(c.HTMLBody, `href="`+open+`"`) ||
				!strings.Contains(c.TextBody, "Ave verum corpus") || c.Subject != "St Cecilia Singers: practise Ave verum corpus" {
				t.Errorf("%s: message %q\n%s", to, c.Subject, c.TextBody)
			}
			if got := c.Header.Get("List-Unsubscribe"); got != "<"+h.URL+"/email/unsubscribe/"+s["unsubscribe"][0]+">" ||
				c.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
				t.Errorf("%s: List-Unsubscribe %q", to, got)
			}
			if n := m.count(t, `SELECT COUNT(*) FROM email_action_tokens WHERE user_id = ? AND action_type = 'practice' AND resource_id = ? AND used_at IS NULL`,
				m.users[to], m.piece); n != 1 {
				t.Errorf("%s has %d unused practice links", to, n)
			}
		}
		if len(practice) != 2 {
			t.Error("two people share a practice link")
		}
		// A transactional message from the same server carries no List-Unsubscribe.
		if r := h.NewClient().Do("POST", "/api/v1/auth/password/forgot", map[string]any{"email": "tenor@example.com"}); r.Status >= 300 {
			t.Fatalf("forgot: %d %s", r.Status, r.Raw)
		}
		var reset *smtptest.Captured
		for _, c := range m.delivered(t)["tenor@example.com"] {
			if c.Subject == "Reset your Cantica password" {
				reset = &c
			}
		}
		if reset == nil {
			t.Fatal("no password reset message")
		}
		for _, header := range []string{"List-Unsubscribe", "List-Unsubscribe-Post"} {
			if _, ok := reset.Header[header]; ok {
				t.Errorf("the password reset carries %s: %q", header, reset.Header.Get(header))
			}
		}
	})
}

// 25 sends at once: exactly 20 are accepted in the hour, the others are
// RATE_LIMITED, and only the accepted ones leave links and messages.
func TestEmailToTheChoirIsLimitedPerHour(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := newMailChoir(t, h)
		body := map[string]any{"voicePartIds": []string{m.parts["Tenor"]}} // one recipient each
		var wg sync.WaitGroup
		statuses := make([]int, 25)
		for i := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if i%2 == 0 {
					statuses[i] = m.emailEvent(m.event, body).Status
				} else {
					statuses[i] = m.emailPiece(m.piece, body).Status
				}
			}()
		}
		wg.Wait()
		counts := map[int]int{}
		for _, s := range statuses {
			counts[s]++
		}
		if counts[200] != 20 || counts[429] != 5 {
			t.Fatalf("statuses %v, want 20 × 200 and 5 × 429", counts)
		}
		res := m.emailEvent(m.event, body)
		wantError(t, res, 429, "RATE_LIMITED")
		if !strings.HasPrefix(res.Str("message"), "This choir has sent as many emails as it may this hour. Please try again in ") ||
			res.Header.Get("Retry-After") == "" {
			t.Errorf("limit: %s, Retry-After %q", res.Raw, res.Header.Get("Retry-After"))
		}
		if n := m.count(t, `SELECT COUNT(*) FROM mail_outbox WHERE kind IN ('event_rsvp', 'practice_link')`); n != 20 {
			t.Errorf("%d messages queued, want 20", n)
		}
		// Another choir has its own limit.
		if err := h.App.Choirs.AddMember(t.Context(), m.users["tenor@example.com"], m.other, access.Member, h.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		stranger := signIn(t, h, "elsewhere@example.com")
		piece := addPiece(t, h, m.other, "Their piece")
		if r := stranger.Do("POST", "/api/v1/choirs/"+m.other+"/music/"+piece+"/email", map[string]any{}); r.Status != 200 {
			t.Errorf("the other choir: %d %s", r.Status, r.Raw)
		}
		// The limit is per hour.
		h.Clock.Advance(61 * 60 * 1e9)
		if r := m.emailPiece(m.piece, body); r.Status != 200 {
			t.Errorf("an hour later: %d %s", r.Status, r.Raw)
		}
	})
}

// A message that cannot be queued half-way through the recipients leaves
// nothing behind: no link, no message.
func TestEmailToTheChoirIsAllOrNothing(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := newMailChoir(t, h)
		// Recipients go in address order: the guest is queued before the
		// bass's address, which no message can carry.
		m.exec(t, `UPDATE users SET email = ? WHERE id = ?`, "not an address", m.users["bass@example.com"])
		if res := m.emailEvent(m.event, map[string]any{}); res.Status != 500 {
			t.Fatalf("email with an undeliverable address: %d %s", res.Status, res.Raw)
		}
		if res := m.emailPiece(m.piece, map[string]any{}); res.Status != 500 {
			t.Fatalf("practice email with an undeliverable address: %d %s", res.Status, res.Raw)
		}
		if n := m.count(t, `SELECT COUNT(*) FROM email_action_tokens`); n != 0 {
			t.Errorf("%d links left behind", n)
		}
		if n := m.count(t, `SELECT COUNT(*) FROM mail_outbox WHERE kind IN ('event_rsvp', 'practice_link')`); n != 0 {
			t.Errorf("%d messages left behind", n)
		}
		if got := m.delivered(t); len(got) != 0 {
			t.Errorf("mail went out: %v", fmt.Sprint(len(got)))
		}
	})
}
