package mail_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/mail"
	"github.com/cantica/cantica/internal/mail/smtptest"
)

const unsubscribeLink = "https://cantica.test/email/unsubscribe/AbCdEfGhIjKlMnOpQrStUvWxYz012345"

func eventData(choir, title, note string) mail.EventData {
	return mail.EventData{
		ChoirMail: mail.ChoirMail{FirstName: "Ada", ChoirName: choir, SenderName: "Clara Director", Note: note, Unsubscribe: unsubscribeLink},
		Title:     title, When: "Thursday 5 March 2026, 19:30–21:30", Location: "St Mary's <Hall>",
		Going:    "https://cantica.test/email/rsvp/RsvpRsvpRsvpRsvpRsvpRsvpRsvpRsvp/going",
		Maybe:    "https://cantica.test/email/rsvp/RsvpRsvpRsvpRsvpRsvpRsvpRsvpRsvp/maybe",
		NotGoing: "https://cantica.test/email/rsvp/RsvpRsvpRsvpRsvpRsvpRsvpRsvpRsvp/not_going",
		View:     "https://cantica.test/email/event/EvntEvntEvntEvntEvntEvntEvntEvnt#rsvp=RsvpRsvpRsvpRsvpRsvpRsvpRsvpRsvp",
	}
}

func practiceData(choir, title string) mail.PracticeData {
	return mail.PracticeData{
		ChoirMail: mail.ChoirMail{FirstName: "Ada", ChoirName: choir, Unsubscribe: unsubscribeLink},
		Title:     title, Composer: "Anton Bruckner",
		Open: "https://cantica.test/email/practice/PracPracPracPracPracPracPracPrac",
	}
}

func TestEventRSVPSaysEverythingInBothParts(t *testing.T) {
	d := eventData("St Cecilia Singers", "Advent rehearsal", "Bring your folders.\nTea afterwards.")
	msg, err := mail.EventRSVP("ada@example.org", d)
	if err != nil {
		t.Fatal(err)
	}
	if msg.Kind != "event_rsvp" || msg.ListUnsubscribe != unsubscribeLink {
		t.Errorf("kind %q, List-Unsubscribe %q", msg.Kind, msg.ListUnsubscribe)
	}
	if msg.Subject != "St Cecilia Singers: Advent rehearsal, Thursday 5 March 2026, 19:30–21:30" {
		t.Errorf("subject %q", msg.Subject)
	}
	for part, body := range map[string]string{"text": msg.Text, "html": msg.HTML} {
		for _, want := range []string{"Hello Ada,", "St Cecilia Singers", "Clara Director writes:", "Bring your folders.", "Tea afterwards.",
			"Advent rehearsal", "Thursday 5 March 2026, 19:30–21:30", "I'll be there", "Maybe", "Can't make it", "View event",
			d.Going, d.Maybe, d.NotGoing, unsubscribeLink,
			"Unsubscribe from St Cecilia Singers emails", "because you are a member of St Cecilia Singers"} {
			escaped := strings.NewReplacer("'", "&#39;", "&", "&amp;").Replace(want)
			if !strings.Contains(body, want) && (part == "text" || !strings.Contains(body, escaped)) {
				t.Errorf("%s part lacks %q:\n%s", part, want, body)
			}
		}
	}
	if !strings.Contains(msg.Text, "Where: St Mary's <Hall>") || !strings.Contains(msg.HTML, "Where: St Mary&#39;s &lt;Hall&gt;") {
		t.Errorf("location not as typed in text and escaped in HTML:\n%s\n%s", msg.Text, msg.HTML)
	}
	for _, href := range []string{d.Going, d.Maybe, d.NotGoing, unsubscribeLink} {
		if !strings.Contains(msg.HTML, `href="`+href+`"`) {
			t.Errorf("HTML has no link to %s", href)
		}
	}
	if !strings.Contains(msg.HTML, `href="`+d.View+`"`) {
		t.Errorf("HTML has no event link:\n%s", msg.HTML)
	}
}

func TestPracticeLinkSaysEverythingInBothParts(t *testing.T) {
	d := practiceData("St Cecilia Singers", "Ave verum corpus")
	msg, err := mail.PracticeLink("ada@example.org", d)
	if err != nil {
		t.Fatal(err)
	}
	if msg.Kind != "practice_link" || msg.ListUnsubscribe != unsubscribeLink || msg.Subject != "St Cecilia Singers: practise Ave verum corpus" {
		t.Errorf("kind %q, subject %q, List-Unsubscribe %q", msg.Kind, msg.Subject, msg.ListUnsubscribe)
	}
	for part, body := range map[string]string{"text": msg.Text, "html": msg.HTML} {
		for _, want := range []string{"Hello Ada,", "Ave verum corpus", "Composer: Anton Bruckner", "Open practice session", d.Open,
			unsubscribeLink, "Unsubscribe from St Cecilia Singers emails", "because you are a member of St Cecilia Singers"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s part lacks %q:\n%s", part, want, body)
			}
		}
		if strings.Contains(body, "writes:") || strings.Contains(body, "A note from") {
			t.Errorf("%s part shows a note nobody wrote:\n%s", part, body)
		}
	}
}

func TestChoirMailEscapesWhatPeopleTyped(t *testing.T) {
	const evil = `<script>alert("x")</script>`
	d := eventData(evil, evil, evil)
	d.SenderName = evil
	msg, err := mail.EventRSVP("ada@example.org", d)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(msg.HTML, "<script") {
		t.Errorf("HTML contains raw markup:\n%s", msg.HTML)
	}
	if !strings.Contains(msg.HTML, "&lt;script&gt;") || !strings.Contains(msg.Text, evil) {
		t.Errorf("names not escaped in HTML or not verbatim in text")
	}
	if strings.ContainsAny(msg.Subject, "\r\n") {
		t.Errorf("subject %q", msg.Subject)
	}
	multiline := eventData("Choir", "Line one\r\nBcc: someone", "")
	if msg, err = mail.EventRSVP("ada@example.org", multiline); err != nil || strings.ContainsAny(msg.Subject, "\r\n") {
		t.Errorf("subject of a title with a line break: %q, %v", msg.Subject, err)
	}
}

// Bulk mail carries RFC 8058 one-click unsubscribe; transactional mail
// (here a password reset and an invitation) never does.
func TestListUnsubscribeOnlyOnBulkMail(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := smtptest.Start(t)
		m := mail.New(d, smtpConfig(t, srv.URL()), testLogger(t), newClock().Now)
		bulk, err := mail.EventRSVP("singer@example.org", eventData("Schola", "Rehearsal", ""))
		if err != nil {
			t.Fatal(err)
		}
		practice, err := mail.PracticeLink("practice@example.org", practiceData("Schola", "Ave"))
		if err != nil {
			t.Fatal(err)
		}
		reset, err := mail.ResetPassword("reset@example.org", "Ada", testLink)
		if err != nil {
			t.Fatal(err)
		}
		invitation, err := mail.Invitation("invited@example.org", mail.InvitationData{FirstName: "Bo", ChoirName: "Schola", RoleLabel: "a Member", Link: testLink, Expires: "1 April 2026"})
		if err != nil {
			t.Fatal(err)
		}
		for _, msg := range []mail.Message{bulk, practice, reset, invitation} {
			enqueue(t, m, d, msg)
		}
		if n := deliver(t, m); n != 4 {
			t.Fatalf("delivered %d, want 4", n)
		}
		for _, to := range []string{"singer@example.org", "practice@example.org"} {
			c := srv.WaitFor(t, to)
			if got := c.Header.Get("List-Unsubscribe"); got != "<"+unsubscribeLink+">" {
				t.Errorf("%s: List-Unsubscribe %q", to, got)
			}
			if got := c.Header.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
				t.Errorf("%s: List-Unsubscribe-Post %q", to, got)
			}
			if ct := c.Header.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/alternative") || c.TextBody == "" || c.HTMLBody == "" {
				t.Errorf("%s: Content-Type %q, text %d bytes, HTML %d bytes", to, ct, len(c.TextBody), len(c.HTMLBody))
			}
			if !strings.Contains(c.TextBody, unsubscribeLink) || !strings.Contains(c.HTMLBody, `href="`+unsubscribeLink+`"`) {
				t.Errorf("%s: no visible unsubscribe link", to)
			}
		}
		for _, to := range []string{"reset@example.org", "invited@example.org"} {
			c := srv.WaitFor(t, to)
			if _, ok := c.Header["List-Unsubscribe"]; ok {
				t.Errorf("%s: transactional mail carries List-Unsubscribe", to)
			}
			if _, ok := c.Header["List-Unsubscribe-Post"]; ok {
				t.Errorf("%s: transactional mail carries List-Unsubscribe-Post", to)
			}
		}
	})
}

func TestEnqueueRefusesABrokenUnsubscribeURL(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		m := mail.New(d, smtpConfig(t, "smtp://127.0.0.1:1"), testLogger(t), newClock().Now)
		for _, u := range []string{"mailto:leave@example.org", "/email/unsubscribe/x", "https://x.test/a>\r\nBcc: y@z", "javascript:alert(1)"} {
			msg := confirmMessage(t, "ada@example.org")
			msg.ListUnsubscribe = u
			if err := m.Enqueue(context.Background(), d, msg); err == nil {
				t.Errorf("Enqueue accepted List-Unsubscribe %q", u)
			}
		}
		if n := pending(t, m); n != 0 {
			t.Errorf("Pending = %d, want 0", n)
		}
	})
}

func TestOutboxModeLogsListUnsubscribe(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var logs bytes.Buffer
		m := mail.New(d, config.Config{MailFrom: testFrom}, slog.New(slog.NewTextHandler(&logs, nil)), newClock().Now)
		bulk, err := mail.PracticeLink("ada@example.org", practiceData("Schola", "Ave"))
		if err != nil {
			t.Fatal(err)
		}
		enqueue(t, m, d, bulk)
		if n := deliver(t, m); n != 1 {
			t.Fatalf("delivered %d, want 1", n)
		}
		if !strings.Contains(logs.String(), "list_unsubscribe="+unsubscribeLink) {
			t.Errorf("log lacks the List-Unsubscribe URL:\n%s", logs.String())
		}
	})
}
