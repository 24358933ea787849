package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/music"
	"github.com/google/uuid"
)

// planPiece stores a piece of the choir, with a file of each type given.
func planPiece(t *testing.T, h *apptest.Harness, choirID, title string, fileTypes ...string) string {
	t.Helper()
	id := uuid.NewString()
	now := h.Clock.Now()
	if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music (id, choir_id, title, composer, created_at, updated_at)
		VALUES (?, ?, ?, 'T. L. de Victoria', ?, ?)`, id, choirID, title, now, now); err != nil {
		t.Fatal(err)
	}
	for i, typ := range fileTypes {
		if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_attachments (id, music_id, choir_id, url, file_name, type, content_type,
			size_bytes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'application/octet-stream', 10, ?, ?)`,
			uuid.NewString(), id, choirID, fmt.Sprintf("%s/%s/%d", choirID, id, i), typ+".bin", typ, now, now); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// planFor saves a plan for the mail choir's event: slots of label and
// piece ("" for an empty slot), with a note on the first.
func (m mailChoir) planFor(t *testing.T, eventID, date, notes string, slots ...[2]string) {
	t.Helper()
	base := "/api/v1/choirs/" + m.id + "/plans"
	created := m.admin.Do("POST", base, map[string]any{"date": date, "eventId": eventID})
	if created.Status != 201 {
		t.Fatalf("create plan: %d %s", created.Status, created.Raw)
	}
	var in []map[string]any
	for i, sl := range slots {
		s := map[string]any{"label": sl[0]}
		if sl[1] != "" {
			s["musicId"] = sl[1]
		}
		if i == 0 {
			s["note"] = "Basses: watch the entry at bar 12"
		}
		in = append(in, s)
	}
	res := m.admin.Do("PUT", base+"/"+created.Str("id"), map[string]any{"title": "Advent I", "notes": notes, "slots": in,
		"version": created.JSON["version"]})
	if res.Status != 200 {
		t.Fatalf("save plan: %d %s", res.Status, res.Raw)
	}
}

// The event's email carries its plan: the pieces in order with their notes
// and the plan's notes for singers, a practice link of the member's own for
// each piece with a score or a recording (and none for one without), the
// time in the choir's zone named as a place, and the RSVP links, which
// carry the practice links to the pages they open. The pages show the
// same plan.
func TestEmailEventCarriesThePlan(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := newMailChoir(t, h)
		m.exec(t, `UPDATE choirs SET time_zone = 'America/New_York' WHERE id = ?`, m.id)
		scored := planPiece(t, h, m.id, "O magnum mysterium", music.TypeScore)
		bare := planPiece(t, h, m.id, "Rorate caeli")
		recorded := planPiece(t, h, m.id, "Alma redemptoris", music.TypeAudioFull)
		m.planFor(t, m.event, "2026-12-03", "Bring the blue folder.\nWarm-up at 14:00.",
			[2]string{"Entrance", scored}, [2]string{"Psalm", ""}, [2]string{"Offertory", bare}, [2]string{"Communion", recorded})
		if res := m.emailEvent(m.event, map[string]any{}); res.Status != 200 || res.JSON["recipients"] != float64(3) {
			t.Fatalf("email event: %d %s", res.Status, res.Raw)
		}
		got := m.delivered(t)
		if len(got) != 3 {
			t.Fatalf("mail went to %d members, want 3", len(got))
		}
		for to, msgs := range got {
			if len(msgs) != 1 {
				t.Fatalf("%s got %d messages", to, len(msgs))
			}
			c := msgs[0]
			html := strings.ReplaceAll(c.HTMLBody, "&amp;", "&")
			s := secrets(c)
			if len(s["practice"]) != 2 || len(s["rsvp"]) != 1 || len(s["event"]) != 1 {
				t.Fatalf("%s: links %v, want two practice links", to, s)
			}
			practise := map[string]string{}
			for _, secret := range s["practice"] {
				var musicID string
				if err := h.DB.QueryRowContext(t.Context(), `SELECT resource_id FROM email_action_tokens WHERE token_hash = ?
					AND user_id = ? AND action_type = 'practice'`, actionlink.Hash(secret), m.users[to]).Scan(&musicID); err != nil {
					t.Fatalf("%s: practice link not the member's own: %v", to, err)
				}
				practise[musicID] = h.URL + "/email/practice/" + secret
			}
			if practise[scored] == "" || practise[recorded] == "" {
				t.Fatalf("%s: practice links for %v, want the scored and the recorded piece", to, practise)
			}
			text := c.TextBody
			wantInOrder(t, to+" text", text, "When: Thursday 3 December 2026, 14:30–16:30 (New York time)",
				"The music: Advent I", "Notes for singers:", "Bring the blue folder.\nWarm-up at 14:00.",
				"1. Entrance: O magnum mysterium (T. L. de Victoria)", "Basses: watch the entry at bar 12",
				"Practise: "+practise[scored], "2. Offertory: Rorate caeli (T. L. de Victoria)\n",
				"3. Communion: Alma redemptoris", "Practise: "+practise[recorded])
			wantInOrder(t, to+" HTML", html, "14:30–16:30 (New York time)", "The music: Advent I", "Notes for singers",
				"Bring the blue folder.", "Entrance:", "O magnum mysterium", "Basses: watch the entry at bar 12",
				`href="`+practise[scored]+`"`, "Offertory:", "Rorate caeli", "Communion:", "Alma redemptoris",
				`href="`+practise[recorded]+`"`)
			if strings.Contains(text, "America/New_York") || strings.Contains(html, "America/New_York") {
				t.Errorf("%s: the zone is named by its identifier", to)
			}
			if n := strings.Count(text, "Practise: "); n != 2 {
				t.Errorf("%s: %d practise links in the text, want 2", to, n)
			}
			fragment := "#practice=" + url.QueryEscape(scored) + "." + strings.TrimPrefix(practise[scored], h.URL+"/email/practice/") +
				"," + url.QueryEscape(recorded) + "." + strings.TrimPrefix(practise[recorded], h.URL+"/email/practice/")
			rsvp := h.URL + "/email/rsvp/" + s["rsvp"][0]
			for _, l := range []string{rsvp + "/going" + fragment, rsvp + "/maybe" + fragment, rsvp + "/not_going" + fragment,
				h.URL + "/email/event/" + s["event"][0] + "#rsvp=" + s["rsvp"][0] + "&" + strings.TrimPrefix(fragment, "#")} {
				if !strings.Contains(text, l) || !strings.Contains(html, `href="`+l+`"`) {
					t.Errorf("%s: link %s missing from a part", to, l)
				}
			}

			// The pages the RSVP and event links open show the plan.
			for _, read := range []string{"/api/v1/email-links/rsvp/" + s["rsvp"][0], "/api/v1/email-links/event/" + s["event"][0]} {
				res := h.NewClient().Do("GET", read, nil)
				if res.Status != 200 || res.Str("choirId") != m.id {
					t.Fatalf("%s: %d %s", read, res.Status, res.Raw)
				}
				// The page names the zone as the email does.
				if event, _ := res.JSON["event"].(map[string]any); event == nil || event["timeZonePlace"] != "New York time" {
					t.Errorf("%s: event %v, want its zone as 'New York time'", read, res.JSON["event"])
				}
				plan, _ := res.JSON["plan"].(map[string]any)
				if plan == nil || plan["notes"] != "Bring the blue folder.\nWarm-up at 14:00." || plan["title"] != "Advent I" {
					t.Fatalf("%s: plan %v", read, res.JSON["plan"])
				}
				pieces := plan["pieces"].([]any)
				var shown []string
				for _, p := range pieces {
					p := p.(map[string]any)
					shown = append(shown, fmt.Sprintf("%s:%s:%v", p["label"], p["title"], p["practisable"]))
				}
				if want := "Entrance:O magnum mysterium:true Offertory:Rorate caeli:false Communion:Alma redemptoris:true"; strings.Join(shown, " ") != want {
					t.Errorf("%s: pieces %v, want %s", read, shown, want)
				}
			}
		}
		if n := m.count(t, `SELECT COUNT(*) FROM email_action_tokens WHERE action_type = 'practice' AND choir_id = ?`, m.id); n != 6 {
			t.Errorf("%d practice links issued, want 2 for each of 3 members", n)
		}
	})
}

// An event without a plan is emailed as before: no music, no practice links.
func TestEmailEventWithoutAPlanHasNoMusic(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := newMailChoir(t, h)
		if res := m.emailEvent(m.event, map[string]any{}); res.Status != 200 {
			t.Fatalf("email event: %d %s", res.Status, res.Raw)
		}
		for to, msgs := range m.delivered(t) {
			c := msgs[0]
			if strings.Contains(c.TextBody, "The music") || strings.Contains(c.TextBody, "Practise") || strings.Contains(c.TextBody, "#practice=") {
				t.Errorf("%s: music in an email without a plan:\n%s", to, c.TextBody)
			}
			if !strings.Contains(c.TextBody, "19:30–21:30 (London time)") {
				t.Errorf("%s: the time's zone is not named:\n%s", to, c.TextBody)
			}
		}
	})
}

// wantInOrder fails unless every part occurs in s, each after the one before.
func wantInOrder(t *testing.T, what, s string, parts ...string) {
	t.Helper()
	at := 0
	for _, p := range parts {
		i := strings.Index(s[at:], p)
		if i < 0 {
			t.Errorf("%s lacks %q after position %d:\n%s", what, p, at, s)
			return
		}
		at += i + len(p)
	}
}
