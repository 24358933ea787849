package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"regexp"
	"strings"
	"sync"
	texttemplate "text/template"
)

// Each kind of email is two files, templates/<kind>.txt and
// templates/<kind>.html, holding only the body: the layouts around them give
// the frame, the footer and two helpers:
//
//	{{template "greeting" .FirstName}}                 "Hello Ada," or "Hello,"
//	{{template "button" (button .Link "Label")}}       HTML only: a button and the link spelled out
//
//go:embed templates
var templateFS embed.FS

var (
	kindName = regexp.MustCompile(`^[a-z0-9_]+$`)
	// blankLines keeps the text part tidy whatever the body templates end with.
	blankLines = regexp.MustCompile(`\n[ \t]*\n(?:[ \t]*\n)+`)
)

type kindTemplates struct {
	text *texttemplate.Template
	html *htmltemplate.Template
}

var templateCache sync.Map // kind -> *kindTemplates

// buttonData is what the HTML "button" helper draws.
type buttonData struct{ URL, Label string }

var htmlFuncs = htmltemplate.FuncMap{
	"button": func(url, label string) buttonData { return buttonData{URL: url, Label: label} },
}

// layoutData is what both layouts receive; the kind's body gets Data.
type layoutData struct {
	Subject string
	Data    any
}

func loadTemplates(kind string) (*kindTemplates, error) {
	if t, ok := templateCache.Load(kind); ok {
		return t.(*kindTemplates), nil
	}
	if !kindName.MatchString(kind) || kind == "layout" {
		return nil, fmt.Errorf("mail template kind %q is not a valid name", kind)
	}
	textBody, err := templateFS.ReadFile("templates/" + kind + ".txt")
	if err != nil {
		return nil, fmt.Errorf("mail template %s: %w", kind, err)
	}
	htmlBody, err := templateFS.ReadFile("templates/" + kind + ".html")
	if err != nil {
		return nil, fmt.Errorf("mail template %s: %w", kind, err)
	}
	t := &kindTemplates{}
	if t.text, err = texttemplate.ParseFS(templateFS, "templates/layout.txt"); err == nil {
		_, err = t.text.New("content").Parse(string(textBody))
	}
	if err != nil {
		return nil, fmt.Errorf("mail template %s.txt: %w", kind, err)
	}
	if t.html, err = htmltemplate.New("layout.html").Funcs(htmlFuncs).ParseFS(templateFS, "templates/layout.html"); err == nil {
		_, err = t.html.New("content").Parse(string(htmlBody))
	}
	if err != nil {
		return nil, fmt.Errorf("mail template %s.html: %w", kind, err)
	}
	templateCache.Store(kind, t)
	return t, nil
}

// Render builds a Message of the given kind from templates/<kind>.txt and
// templates/<kind>.html, executed with data. The HTML part is escaped by
// html/template, so names and other user input are safe in it.
func Render(kind, subject, to string, data any) (Message, error) {
	t, err := loadTemplates(kind)
	if err != nil {
		return Message{}, err
	}
	in := layoutData{Subject: subject, Data: data}
	var text, html bytes.Buffer
	if err := t.text.Execute(&text, in); err != nil {
		return Message{}, fmt.Errorf("render %s.txt: %w", kind, err)
	}
	if err := t.html.Execute(&html, in); err != nil {
		return Message{}, fmt.Errorf("render %s.html: %w", kind, err)
	}
	return Message{
		Kind:    kind,
		To:      to,
		Subject: subject,
		Text:    strings.TrimSpace(blankLines.ReplaceAllString(text.String(), "\n\n")) + "\n",
		HTML:    html.String(),
	}, nil
}

// nameAndLink is the data of the account emails.
type nameAndLink struct {
	FirstName string
	Link      string
}

// ConfirmEmail is the message asking a new user to confirm their address.
func ConfirmEmail(to, firstName, link string) (Message, error) {
	return Render("confirm_email", "Confirm your Cantica account", to,
		nameAndLink{FirstName: strings.TrimSpace(firstName), Link: link})
}

// ResetPassword is the message carrying a password-reset link.
func ResetPassword(to, firstName, link string) (Message, error) {
	return Render("reset_password", "Reset your Cantica password", to,
		nameAndLink{FirstName: strings.TrimSpace(firstName), Link: link})
}

// InvitationData is what an invitation email says.
type InvitationData struct {
	FirstName   string
	InviterName string // may be empty
	ChoirName   string
	RoleLabel   string // "a Member", "a Guest", "a Choir Administrator"
	Link        string
	Expires     string // the date, as people read it
}

// Invitation is the message inviting someone to join a choir.
func Invitation(to string, d InvitationData) (Message, error) {
	return Render("invitation", "You're invited to join "+d.ChoirName+" on Cantica", to, d)
}

// ChoirMail is what every message an administrator sends to the choir says
// around its content: who it is for, who sent it, and how to stop them.
type ChoirMail struct {
	FirstName   string
	ChoirName   string
	SenderName  string // may be empty
	Note        string // the sender's own words; may be empty
	Unsubscribe string // the member's unsubscribe link, also the List-Unsubscribe URL
}

// EventData is an event emailed to the choir with RSVP links.
type EventData struct {
	ChoirMail
	Title, When, Location  string
	Zone                   string // the choir's zone as a place ("New York time"); "" for all-day events
	Going, Maybe, NotGoing string // the member's RSVP links, one per answer
	View                   string // the member's event link
	PlanTitle, PlanNotes   string // the plan's title and notes for singers
	Plan                   []PlanPiece
}

// PlanPiece is a planned piece in an event's email, with the member's own
// practice link when it has a score or a recording.
type PlanPiece struct {
	Number                       int // 1, 2, … in the plan's order
	Label, Title, Composer, Note string
	Practise                     string // "" when there is nothing to practise with
}

// EventRSVP is an event emailed to a member of the choir with their own
// RSVP links.
func EventRSVP(to string, d EventData) (Message, error) {
	return choirMessage("event_rsvp", d.ChoirName+": "+d.Title+", "+d.When, to, d.Unsubscribe, d)
}

// PracticeData is a piece emailed to the choir with a practice link.
type PracticeData struct {
	ChoirMail
	Title, Composer string
	Open            string // the member's practice link
}

// PracticeLink is a piece emailed to a member of the choir with their own
// practice link.
func PracticeLink(to string, d PracticeData) (Message, error) {
	return choirMessage("practice_link", d.ChoirName+": practise "+d.Title, to, d.Unsubscribe, d)
}

// choirMessage renders bulk mail, which carries the one-click unsubscribe.
func choirMessage(kind, subject, to, unsubscribe string, data any) (Message, error) {
	// A subject is one line, whatever the names in it hold.
	subject = strings.Join(strings.Fields(subject), " ")
	msg, err := Render(kind, subject, to, data)
	if err != nil {
		return Message{}, err
	}
	msg.ListUnsubscribe = unsubscribe
	return msg, nil
}

// AnnouncementData is a choir's announcement emailed to a member when it
// is published, or as a reminder to acknowledge it.
type AnnouncementData struct {
	ChoirMail
	Title       string
	BodyHTML    htmltemplate.HTML // already sanitised (internal/markdown)
	BodyText    string            // the Markdown as written: plain text that reads well
	RequiresAck bool
	Reminder    bool
	Open        string // the announcements page
}

// Announcement is a choir's announcement emailed to one member.
func Announcement(to string, d AnnouncementData) (Message, error) {
	subject := d.ChoirName + ": " + d.Title
	if d.Reminder {
		subject = d.ChoirName + ": reminder: " + d.Title
	}
	return choirMessage("announcement", subject, to, d.Unsubscribe, d)
}

// PolicyReminderData asks a member to acknowledge a choir's policy.
type PolicyReminderData struct {
	ChoirMail
	Title string
	Open  string // where the member reads and acknowledges it
}

// PolicyReminder reminds one member to acknowledge a choir's policy.
func PolicyReminder(to string, d PolicyReminderData) (Message, error) {
	return choirMessage("policy_reminder", d.ChoirName+": please acknowledge: "+d.Title, to, d.Unsubscribe, d)
}

// ReminderData is one member's reminders of a day, merged into one message:
// each event they have not answered (or said Maybe to), with their own RSVP
// links.
type ReminderData struct {
	FirstName string
	Events    []ReminderEvent
	Choirs    []ReminderChoir // the choirs the events are from, for the footer
	Settings  string          // the member's notification settings page
}

// ReminderEvent is one event of a reminder.
type ReminderEvent struct {
	ChoirName              string
	Title, When, Location  string
	Zone                   string // the choir's zone as a place; "" for all-day events
	SaidMaybe              bool   // they answered Maybe: asked once to say for sure
	Going, Maybe, NotGoing string // the member's RSVP links
	View                   string // the member's event link
}

// ReminderChoir is a choir a reminder comes from, with the member's
// unsubscribe link for its email.
type ReminderChoir struct{ Name, Unsubscribe string }

// Reminder is the merged RSVP reminder of one member's day. It carries the
// one-click unsubscribe of its first choir.
func Reminder(to string, d ReminderData) (Message, error) {
	if len(d.Events) == 0 || len(d.Choirs) == 0 {
		return Message{}, fmt.Errorf("mail: a reminder needs an event and a choir")
	}
	subject := "Will you be there? " + d.Events[0].Title + ", " + d.Events[0].When
	if len(d.Events) > 1 {
		subject = fmt.Sprintf("Will you be there? %d events are waiting for your answer", len(d.Events))
	}
	return choirMessage("reminder", subject, to, d.Choirs[0].Unsubscribe, d)
}

// PartBalanceData is the alert to a choir's administrators that voice
// parts of an event have fewer singers going than the choir's minimum.
type PartBalanceData struct {
	FirstName, ChoirName string
	Title, When          string
	Zone                 string
	Lines                []string // "Tenor: 2 going, minimum 3; 2 have not answered"
	Answers              string   // the event's attendance page
}

// PartBalance is the part-balance alert to one administrator.
func PartBalance(to string, d PartBalanceData) (Message, error) {
	return Render("part_balance", strings.Join(strings.Fields(d.ChoirName+": voice parts short for "+d.Title+", "+d.When), " "), to, d)
}
