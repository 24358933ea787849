package mail

import (
	htmltemplate "html/template"
	"strings"
	"testing"
)

func TestAnnouncementRendering(t *testing.T) {
	d := AnnouncementData{
		ChoirMail: ChoirMail{FirstName: "Ada", ChoirName: "St Cecilia Singers", SenderName: "Maria Director",
			Unsubscribe: "https://cantica.test/email/unsubscribe/tok"},
		Title: "Concert dress <black>", BodyHTML: htmltemplate.HTML("<p>Wear <strong>black</strong>.</p>"),
		BodyText: "Wear **black**.", RequiresAck: true, Open: "https://cantica.test/dashboard/announcements",
	}
	m, err := Announcement("ada@example.com", d)
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "St Cecilia Singers: Concert dress <black>" || m.ListUnsubscribe != d.Unsubscribe {
		t.Errorf("subject %q, unsubscribe %q", m.Subject, m.ListUnsubscribe)
	}
	for _, want := range []string{"Hello Ada,", "St Cecilia Singers has a new announcement from Maria Director.", "Concert dress <black>",
		"Wear **black**.", `press "I have read this"`, "Open announcements: https://cantica.test/dashboard/announcements",
		"Unsubscribe from St Cecilia Singers emails: https://cantica.test/email/unsubscribe/tok"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	for _, want := range []string{"<p>Wear <strong>black</strong>.</p>", "Concert dress &lt;black&gt;", `href="https://cantica.test/dashboard/announcements"`,
		"I have read this", "https://cantica.test/email/unsubscribe/tok"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("html lacks %q:\n%s", want, m.HTML)
		}
	}
	if strings.Contains(m.HTML, "<black>") {
		t.Errorf("the title is not escaped in the HTML: %s", m.HTML)
	}

	d.Reminder, d.RequiresAck = true, false
	r, err := Announcement("ada@example.com", d)
	if err != nil {
		t.Fatal(err)
	}
	if r.Subject != "St Cecilia Singers: reminder: Concert dress <black>" || !strings.Contains(r.Text, "A reminder from St Cecilia Singers") ||
		strings.Contains(r.Text, "I have read this") {
		t.Errorf("reminder: %q\n%s", r.Subject, r.Text)
	}
}
