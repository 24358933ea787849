package mail

import (
	"context"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	gomail "github.com/wneessen/go-mail"
)

// smtpTimeout bounds one connection: dial, TLS, AUTH and sending.
const smtpTimeout = 30 * time.Second

// smtpSender delivers through the server named by CANTICA_SMTP_URL.
type smtpSender struct {
	host     string
	port     int
	implicit bool // smtps://: TLS from the first byte
	user     string
	password string
	hasAuth  bool
	from     string
	// msgDomain names this sender in Message-IDs.
	msgDomain string
}

func newSMTPSender(u *url.URL, from string) *smtpSender {
	s := &smtpSender{host: u.Hostname(), implicit: u.Scheme == "smtps", from: from}
	s.port = 587
	if s.implicit {
		s.port = 465
	}
	if p, err := strconv.Atoi(u.Port()); err == nil {
		s.port = p // config has already refused invalid ports
	}
	if u.User != nil {
		s.hasAuth = true
		s.user = u.User.Username()
		s.password, _ = u.User.Password()
	}
	s.msgDomain = "cantica.invalid"
	if a, err := mail.ParseAddress(from); err == nil {
		if _, domain, ok := strings.Cut(a.Address, "@"); ok {
			s.msgDomain = domain
		}
	}
	return s
}

// client builds a fresh go-mail client per message: a Client keeps its
// connection inside, so sharing one between concurrent passes would race.
func (s *smtpSender) client() (*gomail.Client, error) {
	opts := []gomail.Option{
		gomail.WithPort(s.port),
		gomail.WithTimeout(smtpTimeout),
	}
	if s.implicit {
		opts = append(opts, gomail.WithSSL())
	} else {
		// STARTTLS whenever the server offers it; plain otherwise, as many
		// relays on a private network do.
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if s.hasAuth {
		// PLAIN or LOGIN, whichever the server offers (other mechanisms by
		// go-mail's discovery). go-mail refuses to send the password over an
		// unencrypted connection except to localhost.
		opts = append(opts,
			gomail.WithOpportunisticSMTPAuth(gomail.SMTPAuthPlain, gomail.SMTPAuthLogin),
			gomail.WithUsername(s.user),
			gomail.WithPassword(s.password),
		)
	}
	return gomail.NewClient(s.host, opts...)
}

func (s *smtpSender) send(ctx context.Context, id string, m Message, now time.Time) error {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("sender %q: %w", s.from, err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("recipient %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	// The same Message-ID on every attempt lets receivers drop duplicates.
	msg.SetMessageIDWithValue(id + "@" + s.msgDomain)
	msg.SetDateWithValue(now)
	// Transactional mail: ask for no out-of-office replies (RFC 3834).
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	if m.ListUnsubscribe != "" {
		// Bulk mail to a choir: one-click unsubscribe (RFC 2369, RFC 8058).
		// Preformatted so that the URL is neither encoded nor folded;
		// Enqueue has made sure it holds nothing that would break the line.
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribe, "<"+m.ListUnsubscribe+">")
		msg.SetGenHeaderPreformatted(gomail.HeaderListUnsubscribePost, "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}

	c, err := s.client()
	if err != nil {
		return fmt.Errorf("mail: set up SMTP to %s: %w", s.host, err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: send %s through %s:%d: %w", id, s.host, s.port, err)
	}
	return nil
}

// redact keeps the SMTP password out of errors that are stored and logged.
func (s *smtpSender) redact(text string) string {
	if s != nil && s.password != "" {
		text = strings.ReplaceAll(text, s.password, "[redacted]")
		if esc := url.UserPassword("", s.password).String(); esc != ":"+s.password {
			text = strings.ReplaceAll(text, strings.TrimPrefix(esc, ":"), "[redacted]")
		}
	}
	const maxLen = 2000
	if len(text) > maxLen {
		cut := maxLen
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut-- // PostgreSQL refuses half a character
		}
		text = text[:cut] + "…"
	}
	return text
}
