package mail_test

import (
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/mail"
)

func TestAccountTemplates(t *testing.T) {
	const link = "https://cantica.test/reset-password?token=AbC-_123xyz"
	cases := []struct {
		name    string
		render  func(to, firstName, link string) (mail.Message, error)
		kind    string
		subject string
		phrases []string
	}{
		{"confirm", mail.ConfirmEmail, "confirm_email", "Confirm your Cantica account",
			[]string{"expires in 24 hours", "did not sign up", "ignore this email"}},
		{"reset", mail.ResetPassword, "reset_password", "Reset your Cantica password",
			[]string{"expires in 1 hour", "ignore this email", "nothing changes until you choose a new password"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg, err := c.render("ada@example.org", "Ada", link)
			if err != nil {
				t.Fatal(err)
			}
			if msg.Kind != c.kind || msg.Subject != c.subject || msg.To != "ada@example.org" {
				t.Errorf("kind %q subject %q to %q", msg.Kind, msg.Subject, msg.To)
			}
			for part, body := range map[string]string{"text": msg.Text, "html": msg.HTML} {
				for _, want := range append([]string{link, "Hello Ada,", "Cantica — choir management"}, c.phrases...) {
					if !strings.Contains(body, want) {
						t.Errorf("%s part lacks %q:\n%s", part, want, body)
					}
				}
			}
			if strings.Contains(msg.Text, "<") {
				t.Errorf("text part contains markup:\n%s", msg.Text)
			}
			if !strings.Contains(msg.HTML, `href="`+link+`"`) {
				t.Errorf("HTML part has no link to %s:\n%s", link, msg.HTML)
			}

			anonymous, err := c.render("ada@example.org", "  ", link)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(anonymous.Text, "Hello,\n") || !strings.Contains(anonymous.HTML, "Hello,</p>") {
				t.Errorf("greeting without a name:\n%s\n%s", anonymous.Text, anonymous.HTML)
			}
		})
	}
}

func TestTemplatesEscapeNamesInHTML(t *testing.T) {
	const link = "https://cantica.test/confirm-email?token=t0k3n"
	const name = `<script>alert("x")</script>`
	for _, render := range []func(to, firstName, link string) (mail.Message, error){mail.ConfirmEmail, mail.ResetPassword} {
		msg, err := render("ada@example.org", name, link)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(msg.HTML, "<script") {
			t.Errorf("HTML contains the raw name:\n%s", msg.HTML)
		}
		if !strings.Contains(msg.HTML, "Hello &lt;script&gt;") {
			t.Errorf("HTML lacks the escaped name:\n%s", msg.HTML)
		}
		if !strings.Contains(msg.Text, "Hello "+name+",") {
			t.Errorf("text lacks the name as typed:\n%s", msg.Text)
		}
		if !strings.Contains(msg.Text, link) || !strings.Contains(msg.HTML, link) {
			t.Errorf("link not verbatim in both parts")
		}
	}
}

func TestRenderRejectsUnknownKinds(t *testing.T) {
	for _, kind := range []string{"no_such_mail", "../mail", "layout", ""} {
		if _, err := mail.Render(kind, "Subject", "ada@example.org", nil); err == nil {
			t.Errorf("Render(%q) succeeded", kind)
		}
	}
}
