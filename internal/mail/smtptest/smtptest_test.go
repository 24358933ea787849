package smtptest_test

import (
	"net/smtp"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/mail/smtptest"
)

// A raw exchange with the standard library's client: dot-stuffed lines come
// back unstuffed, RSET drops the transaction, base64 bodies are decoded.
func TestRawExchange(t *testing.T) {
	srv := smtptest.Start(t)
	c, err := smtp.Dial(srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Hello("client.test"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := c.Extension("PIPELINING"); !ok {
		t.Error("PIPELINING not offered")
	}
	if ok, _ := c.Extension("8BITMIME"); !ok {
		t.Error("8BITMIME not offered")
	}

	// A transaction abandoned with RSET leaves nothing behind.
	if err := c.Mail("dropped@example.org"); err != nil {
		t.Fatal(err)
	}
	if err := c.Rcpt("nobody@example.org"); err != nil {
		t.Fatal(err)
	}
	if err := c.Reset(); err != nil {
		t.Fatal(err)
	}
	if err := c.Noop(); err != nil {
		t.Fatal(err)
	}

	if err := c.Mail("sender@example.org"); err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"a@example.org", "b@example.org"} {
		if err := c.Rcpt(to); err != nil {
			t.Fatal(err)
		}
	}
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	msg := "Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe?=\r\n" +
		"MIME-Version: 1.0\r\n" +
		"Content-Type: multipart/alternative; boundary=XYZ\r\n\r\n" +
		"--XYZ\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
		"SGVsbG8sCi5oaWRkZW4gbGluZQo=\r\n" +
		"--XYZ\r\nContent-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"<p>Hello</p>\r\n.starts with a dot and is a long line that gets a soft br=\r\neak\r\n" +
		"--XYZ--\r\n"
	if _, err := w.Write([]byte(msg)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := c.Quit(); err != nil {
		t.Fatal(err)
	}

	got := srv.Messages()
	if len(got) != 1 {
		t.Fatalf("got %d messages, want 1", len(got))
	}
	m := got[0]
	if m.From != "sender@example.org" || strings.Join(m.To, ",") != "a@example.org,b@example.org" {
		t.Errorf("envelope from %q to %v", m.From, m.To)
	}
	if string(m.Data) != msg {
		t.Errorf("raw data differs from what was sent:\n%q\n%q", m.Data, msg)
	}
	if m.Subject != "Grüße" {
		t.Errorf("subject %q", m.Subject)
	}
	if m.TextBody != "Hello,\n.hidden line\n" {
		t.Errorf("text body %q", m.TextBody)
	}
	if m.HTMLBody != "<p>Hello</p>\n.starts with a dot and is a long line that gets a soft break" {
		t.Errorf("HTML body %q", m.HTMLBody)
	}
	if c := srv.WaitFor(t, "B@example.org"); c.From != "sender@example.org" {
		t.Errorf("WaitFor returned %+v", c)
	}
}

func TestAuthRequired(t *testing.T) {
	srv := smtptest.Start(t, smtptest.WithAuth("user", "pass"))
	if !strings.HasPrefix(srv.URL(), "smtp://user:pass@127.0.0.1:") {
		t.Errorf("URL %q", srv.URL())
	}
	send := func(auth smtp.Auth) error {
		c, err := smtp.Dial(srv.Addr())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if auth != nil {
			if err := c.Auth(auth); err != nil {
				return err
			}
		}
		return c.Mail("sender@example.org")
	}
	if err := send(nil); err == nil || !strings.Contains(err.Error(), "530") {
		t.Errorf("MAIL without AUTH: %v, want 530", err)
	}
	if err := send(smtp.PlainAuth("", "user", "nope", "127.0.0.1")); err == nil || !strings.Contains(err.Error(), "535") {
		t.Errorf("wrong password: %v, want 535", err)
	}
	if err := send(smtp.PlainAuth("", "user", "pass", "127.0.0.1")); err != nil {
		t.Errorf("right password: %v", err)
	}
}

func TestTemporaryFailures(t *testing.T) {
	srv := smtptest.Start(t, smtptest.WithTemporaryFailures(1))
	send := func() error {
		return smtp.SendMail(srv.Addr(), nil, "s@example.org", []string{"r@example.org"}, []byte("Subject: x\r\n\r\nbody\r\n"))
	}
	if err := send(); err == nil || !strings.Contains(err.Error(), "451") {
		t.Errorf("first message: %v, want 451", err)
	}
	if err := send(); err != nil {
		t.Errorf("second message: %v", err)
	}
	if srv.Rejected() != 1 || len(srv.Messages()) != 1 {
		t.Errorf("rejected %d, accepted %d; want 1 and 1", srv.Rejected(), len(srv.Messages()))
	}
}
