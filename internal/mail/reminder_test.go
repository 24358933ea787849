package mail_test

import (
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/mail"
)

func reminderEvent(title string, maybe bool) mail.ReminderEvent {
	base := "https://cantica.test/email/rsvp/" + strings.Repeat("a", 32)
	return mail.ReminderEvent{ChoirName: "St Cecilia <Singers>", Title: title, When: "Thursday 26 November 2026, 19:30–21:30",
		Zone: "London time", Location: "Church hall", SaidMaybe: maybe,
		Going: base + "/going", Maybe: base + "/maybe", NotGoing: base + "/not_going", View: "https://cantica.test/email/event/x#rsvp=y"}
}

func TestReminderRendersEveryEventWithItsLinks(t *testing.T) {
	d := mail.ReminderData{FirstName: "Ada", Settings: "https://cantica.test/account/notifications",
		Events: []mail.ReminderEvent{reminderEvent("Thursday Rehearsal", false), reminderEvent("Advent <Concert>", true)},
		Choirs: []mail.ReminderChoir{{Name: "St Cecilia <Singers>", Unsubscribe: "https://cantica.test/email/unsubscribe/u1"}}}
	msg, err := mail.Reminder("ada@example.org", d)
	if err != nil {
		t.Fatal(err)
	}
	if msg.Subject != "Will you be there? 2 events are waiting for your answer" || msg.ListUnsubscribe != "https://cantica.test/email/unsubscribe/u1" {
		t.Errorf("subject %q, unsubscribe %q", msg.Subject, msg.ListUnsubscribe)
	}
	for _, want := range []string{"Hello Ada,", "Thursday Rehearsal", "Advent <Concert>", "When: Thursday 26 November 2026, 19:30–21:30 (London time)",
		"Where: Church hall", "I'll be there: https://cantica.test/email/rsvp/", "/not_going", "You said Maybe. Can you tell us for sure?",
		"Choose which emails you get: https://cantica.test/account/notifications", "Unsubscribe from St Cecilia <Singers> emails: https://cantica.test/email/unsubscribe/u1"} {
		if !strings.Contains(msg.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, msg.Text)
		}
	}
	if strings.Count(msg.Text, "You said Maybe") != 1 {
		t.Errorf("only the event answered Maybe says so:\n%s", msg.Text)
	}
	for _, want := range []string{"Advent &lt;Concert&gt;", `href="https://cantica.test/email/rsvp/` + strings.Repeat("a", 32) + `/going"`, ">I'll be there</a>",
		">Can't make it</a>", "Unsubscribe from St Cecilia &lt;Singers&gt; emails"} {
		if !strings.Contains(msg.HTML, want) {
			t.Errorf("HTML lacks %q:\n%s", want, msg.HTML)
		}
	}
	if strings.Contains(msg.HTML, "<Concert>") || strings.Contains(msg.Text, "<p") {
		t.Error("names unescaped in HTML or markup in text")
	}

	one, err := mail.Reminder("ada@example.org", mail.ReminderData{Events: d.Events[:1], Choirs: d.Choirs})
	if err != nil {
		t.Fatal(err)
	}
	if one.Subject != "Will you be there? Thursday Rehearsal, Thursday 26 November 2026, 19:30–21:30" || !strings.HasPrefix(one.Text, "Hello,\n") {
		t.Errorf("one event: %q\n%s", one.Subject, one.Text)
	}
	if _, err := mail.Reminder("ada@example.org", mail.ReminderData{Choirs: d.Choirs}); err == nil {
		t.Error("a reminder of nothing was written")
	}
}

func TestPartBalanceAlertRenders(t *testing.T) {
	msg, err := mail.PartBalance("dir@example.org", mail.PartBalanceData{FirstName: "Clara", ChoirName: "St Cecilia Singers", Title: "Sunday Mass",
		When: "Sunday 29 November 2026, 10:30–11:30", Zone: "London time", Lines: []string{"Tenor: 2 going, minimum 3; 2 have not answered"},
		Answers: "https://cantica.test/dashboard/calendar/attendance/e1"})
	if err != nil {
		t.Fatal(err)
	}
	if msg.Subject != "St Cecilia Singers: voice parts short for Sunday Mass, Sunday 29 November 2026, 10:30–11:30" || msg.ListUnsubscribe != "" {
		t.Errorf("subject %q", msg.Subject)
	}
	for part, body := range map[string]string{"text": msg.Text, "html": msg.HTML} {
		for _, want := range []string{"Hello Clara,", "Sunday Mass", "Tenor: 2 going, minimum 3; 2 have not answered", "https://cantica.test/dashboard/calendar/attendance/e1"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s lacks %q:\n%s", part, want, body)
			}
		}
	}
}
