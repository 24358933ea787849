package mail

import (
	"strings"
	"testing"
)

func digestData() DigestData {
	return DigestData{
		FirstName: "Ada",
		Choirs:    "Cantores and St <Cecilia> Singers",
		Unanswered: []DigestEvent{{Choir: "St <Cecilia> Singers", Title: `Rehearsal <script>alert(1)</script>`, When: "Thursday 26 November 2026, 19:30–21:30",
			Zone: "London time", Location: "Hall", Going: "https://c.test/email/rsvp/S/going", Maybe: "https://c.test/email/rsvp/S/maybe",
			NotGoing: "https://c.test/email/rsvp/S/not_going"}},
		Upcoming: []DigestEvent{
			{Choir: "St <Cecilia> Singers", Title: `Rehearsal <script>alert(1)</script>`, When: "Thursday 26 November 2026, 19:30–21:30", Answer: "Not answered yet"},
			{Choir: "Cantores", Title: "Mass", When: "Sunday 29 November 2026, 10:00–11:00", Answer: "Going"},
		},
		Announcements: []DigestAnnouncement{{Choir: "Cantores", Title: "Concert dress", Summary: "Black, please.", Link: "https://c.test/dashboard/announcements"}},
		Service: &DigestService{Choir: "Cantores", Title: "Mass", When: "Sunday 29 November 2026, 10:00–11:00", PlanTitle: "Advent I",
			Plan: []PlanPiece{{Number: 1, Label: "Introit", Title: "Rorate caeli", Practise: "https://c.test/email/practice/P"}}},
		Practice:      []DigestPractice{{Choir: "Cantores", Title: "Rorate caeli", Time: "20 min"}},
		PracticeTotal: "20 min",
		Settings:      "https://c.test/account/notifications",
		ChoirName:     "Cantores",
		Unsubscribe:   "https://c.test/email/unsubscribe/U",
	}
}

// The digest's text and HTML carry every section in order, the member's
// one-tap links, and names escaped in the HTML.
func TestDigestRendering(t *testing.T) {
	msg, err := Digest("ada@example.com", digestData())
	if err != nil {
		t.Fatal(err)
	}
	if msg.Subject != "Your week with Cantores and St <Cecilia> Singers: 1 event awaits your answer" {
		t.Errorf("subject %q", msg.Subject)
	}
	if msg.ListUnsubscribe != "https://c.test/email/unsubscribe/U" {
		t.Errorf("List-Unsubscribe %q", msg.ListUnsubscribe)
	}
	order := []string{"Hello Ada,", "WILL YOU BE THERE?", "I'll be there: https://c.test/email/rsvp/S/going", "Can't make it: https://c.test/email/rsvp/S/not_going",
		"THE NEXT 14 DAYS", "Your answer: Going", "ANNOUNCEMENTS", "Concert dress · Cantores", "THE MUSIC FOR Mass", "1. Introit: Rorate caeli",
		"Practise: https://c.test/email/practice/P", "YOUR PRACTICE LAST WEEK", "20 min in all.", "Choose which emails you get: https://c.test/account/notifications",
		"Unsubscribe from Cantores emails: https://c.test/email/unsubscribe/U"}
	at := 0
	for _, want := range order {
		i := strings.Index(msg.Text[at:], want)
		if i < 0 {
			t.Fatalf("the text lacks %q after position %d:\n%s", want, at, msg.Text)
		}
		at += i + len(want)
	}
	if strings.Contains(msg.HTML, "<script>") || !strings.Contains(msg.HTML, "Rehearsal &lt;script&gt;") || !strings.Contains(msg.HTML, "St &lt;Cecilia&gt; Singers") {
		t.Errorf("names are not escaped in the HTML")
	}
	for _, want := range []string{`href="https://c.test/email/rsvp/S/maybe"`, `href="https://c.test/email/practice/P"`, "Will you be there?", "The next 14 days"} {
		if !strings.Contains(msg.HTML, want) {
			t.Errorf("the HTML lacks %q", want)
		}
	}
	if strings.Index(msg.HTML, "Will you be there?") > strings.Index(msg.HTML, "The next 14 days") {
		t.Error("in the HTML, the events awaiting an answer do not come first")
	}
}

// Sections with nothing in them say so or are left out.
func TestDigestRenderingOfAQuietWeek(t *testing.T) {
	d := digestData()
	d.Unanswered, d.Upcoming, d.Announcements, d.Service, d.Practice, d.PracticeTotal = nil, nil, nil, nil, nil, ""
	msg, err := Digest("ada@example.com", d)
	if err != nil {
		t.Fatal(err)
	}
	if msg.Subject != "Your week with Cantores and St <Cecilia> Singers" {
		t.Errorf("subject %q", msg.Subject)
	}
	for _, want := range []string{"Nothing on the calendar.", "No practice recorded last week."} {
		if !strings.Contains(msg.Text, want) || !strings.Contains(msg.HTML, want) {
			t.Errorf("a quiet week lacks %q", want)
		}
	}
	for _, absent := range []string{"WILL YOU BE THERE?", "ANNOUNCEMENTS", "THE MUSIC FOR"} {
		if strings.Contains(msg.Text, absent) {
			t.Errorf("a quiet week shows %q", absent)
		}
	}
	d.Unanswered = make([]DigestEvent, 3)
	if msg, _ := Digest("ada@example.com", d); !strings.HasSuffix(msg.Subject, ": 3 events await your answer") {
		t.Errorf("subject %q", msg.Subject)
	}
}
