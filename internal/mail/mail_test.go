package mail_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/mail"
	"github.com/cantica/cantica/internal/mail/smtptest"
	"github.com/cantica/cantica/internal/testclock"
)

const (
	testFrom = "Cantica <no-reply@cantica.test>"
	testLink = "https://cantica.test/confirm-email?token=Zm9vYmFy_-0123456789abcdefABCDEF"
)

func newClock() *testclock.Clock { return testclock.New(time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)) }

func smtpConfig(t *testing.T, rawURL string) config.Config {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	return config.Config{SMTPURL: u, MailFrom: testFrom}
}

func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), nil))
}

func confirmMessage(t *testing.T, to string) mail.Message {
	t.Helper()
	msg, err := mail.ConfirmEmail(to, "Ada", testLink)
	if err != nil {
		t.Fatal(err)
	}
	return msg
}

func enqueue(t *testing.T, m *mail.Mailer, q db.Querier, msg mail.Message) {
	t.Helper()
	if err := m.Enqueue(context.Background(), q, msg); err != nil {
		t.Fatalf("enqueue: %v", err)
	}
}

func deliver(t *testing.T, m *mail.Mailer) int {
	t.Helper()
	n, err := m.DeliverDue(context.Background())
	if err != nil {
		t.Fatalf("DeliverDue: %v", err)
	}
	return n
}

// outboxRow is the stored state of one message.
type outboxRow struct {
	attempts      int
	sent, failed  bool
	deliveredVia  string
	lastError     string
	nextAttemptAt time.Time
}

func onlyRow(t *testing.T, d *db.DB) outboxRow {
	t.Helper()
	var r outboxRow
	err := d.QueryRowContext(context.Background(), `SELECT attempts, sent_at IS NOT NULL, failed_at IS NOT NULL,
		delivered_via, last_error, next_attempt_at FROM mail_outbox`).
		Scan(&r.attempts, &r.sent, &r.failed, &r.deliveredVia, &r.lastError, &r.nextAttemptAt)
	if err != nil {
		t.Fatalf("read outbox row: %v", err)
	}
	return r
}

func pending(t *testing.T, m *mail.Mailer) int {
	t.Helper()
	n, err := m.Pending(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestDeliverOverSMTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := smtptest.Start(t)
		m := mail.New(d, smtpConfig(t, srv.URL()), testLogger(t), newClock().Now)
		enqueue(t, m, d, confirmMessage(t, "ada@example.org"))
		if n := pending(t, m); n != 1 {
			t.Fatalf("Pending = %d before delivery, want 1", n)
		}

		if n := deliver(t, m); n != 1 {
			t.Fatalf("DeliverDue delivered %d, want 1", n)
		}
		got := srv.Messages()
		if len(got) != 1 {
			t.Fatalf("server got %d messages, want 1", len(got))
		}
		c := got[0]
		if c.From != "no-reply@cantica.test" || len(c.To) != 1 || c.To[0] != "ada@example.org" {
			t.Errorf("envelope from %q to %v", c.From, c.To)
		}
		if h := c.Header.Get("From"); !strings.Contains(h, "Cantica") || !strings.Contains(h, "<no-reply@cantica.test>") {
			t.Errorf("From header %q", h)
		}
		if h := c.Header.Get("To"); !strings.Contains(h, "ada@example.org") {
			t.Errorf("To header %q", h)
		}
		if c.Subject != "Confirm your Cantica account" {
			t.Errorf("subject %q", c.Subject)
		}
		if !strings.Contains(c.TextBody, testLink) || !strings.Contains(c.TextBody, "Hello Ada,") {
			t.Errorf("text body lacks the link or greeting:\n%s", c.TextBody)
		}
		if !strings.Contains(c.HTMLBody, `href="`+testLink+`"`) || !strings.Contains(c.HTMLBody, "Hello Ada,") {
			t.Errorf("HTML body lacks the link or greeting:\n%s", c.HTMLBody)
		}
		if ct := c.Header.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/alternative") {
			t.Errorf("Content-Type %q, want multipart/alternative", ct)
		}
		if c.Header.Get("Message-Id") == "" || c.Header.Get("Date") == "" {
			t.Errorf("missing Message-ID or Date:\n%s", c.Data)
		}

		r := onlyRow(t, d)
		if !r.sent || r.failed || r.deliveredVia != "smtp" || r.attempts != 1 {
			t.Errorf("row after delivery: %+v", r)
		}
		if n := pending(t, m); n != 0 {
			t.Errorf("Pending = %d after delivery, want 0", n)
		}
		if n := deliver(t, m); n != 0 {
			t.Errorf("second pass delivered %d, want 0", n)
		}
		if n := len(srv.Messages()); n != 1 {
			t.Errorf("server got %d messages after a second pass, want 1", n)
		}
	})
}

func TestSMTPAuthentication(t *testing.T) {
	const user, password = "choir", "s3cret p@ss/word"
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		for _, mech := range []string{"PLAIN", "LOGIN"} {
			t.Run(mech, func(t *testing.T) {
				srv := smtptest.Start(t, smtptest.WithAuth(user, password, mech))
				m := mail.New(d, smtpConfig(t, srv.URL()), testLogger(t), newClock().Now)
				to := strings.ToLower(mech) + "@example.org"
				enqueue(t, m, d, confirmMessage(t, to))
				if n := deliver(t, m); n != 1 {
					t.Fatalf("delivered %d, want 1", n)
				}
				c := srv.WaitFor(t, to)
				if c.AuthUser != user {
					t.Errorf("authenticated as %q, want %q", c.AuthUser, user)
				}
			})
		}
	})
}

func TestWrongPasswordIsRetriedAndNeverStored(t *testing.T) {
	const password = "correct-horse"
	const wrong = "wrong-battery-staple"
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := smtptest.Start(t, smtptest.WithAuth("choir", password))
		u, _ := url.Parse(srv.URL())
		u.User = url.UserPassword("choir", wrong)
		var logs bytes.Buffer
		m := mail.New(d, smtpConfig(t, u.String()), slog.New(slog.NewTextHandler(&logs, nil)), newClock().Now)
		enqueue(t, m, d, confirmMessage(t, "ada@example.org"))

		if n := deliver(t, m); n != 0 {
			t.Fatalf("delivered %d with a wrong password", n)
		}
		r := onlyRow(t, d)
		if r.sent || r.failed || r.attempts != 1 || r.lastError == "" {
			t.Errorf("row after a failed attempt: %+v", r)
		}
		if strings.Contains(r.lastError, wrong) || strings.Contains(logs.String(), wrong) {
			t.Errorf("the password leaked: last_error %q, log:\n%s", r.lastError, logs.String())
		}
		if len(srv.Messages()) != 0 {
			t.Error("server accepted a message without authentication")
		}
	})
}

func TestOutboxModeWritesToLog(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var logs bytes.Buffer
		logger := slog.New(slog.NewTextHandler(&logs, nil))
		m := mail.New(d, config.Config{MailFrom: testFrom}, logger, newClock().Now)
		msg := confirmMessage(t, "ada@example.org")
		enqueue(t, m, d, msg)

		if n := deliver(t, m); n != 1 {
			t.Fatalf("delivered %d, want 1", n)
		}
		out := logs.String()
		for _, want := range []string{"level=INFO", "ada@example.org", "Confirm your Cantica account", testLink, "Hello Ada,", "expires in 24 hours"} {
			if !strings.Contains(out, want) {
				t.Errorf("log lacks %q:\n%s", want, out)
			}
		}
		r := onlyRow(t, d)
		if !r.sent || r.deliveredVia != "log" {
			t.Errorf("row after outbox delivery: %+v", r)
		}
		if n := pending(t, m); n != 0 {
			t.Errorf("Pending = %d, want 0", n)
		}
	})
}

func TestRolledBackMessageIsNeverSent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		srv := smtptest.Start(t)
		m := mail.New(d, smtpConfig(t, srv.URL()), testLogger(t), newClock().Now)

		errRollback := errors.New("caller failed after queueing")
		err := d.InTx(ctx, func(tx *db.Tx) error {
			enqueue(t, m, tx, confirmMessage(t, "rolled-back@example.org"))
			return errRollback
		})
		if !errors.Is(err, errRollback) {
			t.Fatalf("InTx: %v", err)
		}
		err = d.InTx(ctx, func(tx *db.Tx) error {
			enqueue(t, m, tx, confirmMessage(t, "committed@example.org"))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}

		if n := deliver(t, m); n != 1 {
			t.Fatalf("delivered %d, want 1 (only the committed message)", n)
		}
		got := srv.Messages()
		if len(got) != 1 || got[0].To[0] != "committed@example.org" {
			t.Fatalf("server got %d messages (%v), want only the committed one", len(got), got)
		}
	})
}

func TestTemporaryFailureIsRetried(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := smtptest.Start(t, smtptest.WithTemporaryFailures(1))
		clk := newClock()
		m := mail.New(d, smtpConfig(t, srv.URL()), testLogger(t), clk.Now)
		enqueue(t, m, d, confirmMessage(t, "ada@example.org"))

		if n := deliver(t, m); n != 0 {
			t.Fatalf("delivered %d on a 451, want 0", n)
		}
		r := onlyRow(t, d)
		if r.sent || r.failed || r.attempts != 1 || !strings.Contains(r.lastError, "451") {
			t.Fatalf("row after a 451: %+v", r)
		}
		if want := clk.Now().Add(30 * time.Second); !r.nextAttemptAt.Equal(want) {
			t.Errorf("next attempt at %v, want %v", r.nextAttemptAt, want)
		}

		// Not due yet: nothing happens.
		clk.Advance(29 * time.Second)
		if n := deliver(t, m); n != 0 || srv.Rejected() != 1 {
			t.Fatalf("retried before next_attempt_at: delivered %d, rejected %d", n, srv.Rejected())
		}

		clk.Advance(2 * time.Second)
		if n := deliver(t, m); n != 1 {
			t.Fatalf("retry delivered %d, want 1", n)
		}
		if n := deliver(t, m); n != 0 {
			t.Fatalf("a further pass delivered %d, want 0", n)
		}
		if got := len(srv.Messages()); got != 1 {
			t.Fatalf("server got %d messages, want exactly 1", got)
		}
		r = onlyRow(t, d)
		if !r.sent || r.attempts != 2 || r.deliveredVia != "smtp" {
			t.Errorf("row after the retry: %+v", r)
		}
	})
}

func TestGivesUpAfterEightAttempts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := smtptest.Start(t, smtptest.WithTemporaryFailures(1000))
		clk := newClock()
		var logs bytes.Buffer
		m := mail.New(d, smtpConfig(t, srv.URL()), slog.New(slog.NewTextHandler(&logs, nil)), clk.Now)
		enqueue(t, m, d, confirmMessage(t, "ada@example.org"))

		for attempt := 1; attempt <= mail.MaxAttempts; attempt++ {
			if n := deliver(t, m); n != 0 {
				t.Fatalf("attempt %d delivered %d", attempt, n)
			}
			r := onlyRow(t, d)
			if r.attempts != attempt {
				t.Fatalf("attempts = %d after attempt %d", r.attempts, attempt)
			}
			if attempt < mail.MaxAttempts {
				if r.failed {
					t.Fatalf("marked failed after only %d attempts", attempt)
				}
				if want := clk.Now().Add(mail.Backoff(attempt)); !r.nextAttemptAt.Equal(want) {
					t.Errorf("after attempt %d next attempt at %v, want %v", attempt, r.nextAttemptAt, want)
				}
			}
			clk.Advance(2 * time.Hour)
		}
		r := onlyRow(t, d)
		if !r.failed || r.sent {
			t.Fatalf("row after %d attempts: %+v", mail.MaxAttempts, r)
		}
		if !strings.Contains(logs.String(), "level=ERROR") {
			t.Errorf("giving up logged no error:\n%s", logs.String())
		}

		clk.Advance(24 * time.Hour)
		if n := deliver(t, m); n != 0 {
			t.Fatalf("a failed message was delivered")
		}
		if got := srv.Rejected(); got != mail.MaxAttempts {
			t.Errorf("server saw %d attempts, want %d", got, mail.MaxAttempts)
		}
		if n := pending(t, m); n != 0 {
			t.Errorf("Pending = %d, want 0 once given up", n)
		}
	})
}

func TestBackoff(t *testing.T) {
	cases := []struct {
		failures int
		want     time.Duration
	}{
		{1, 30 * time.Second},
		{2, time.Minute},
		{3, 2 * time.Minute},
		{4, 4 * time.Minute},
		{7, 32 * time.Minute},
		{8, time.Hour},
		{20, time.Hour},
		{1000, time.Hour},
	}
	for _, c := range cases {
		if got := mail.Backoff(c.failures); got != c.want {
			t.Errorf("Backoff(%d) = %v, want %v", c.failures, got, c.want)
		}
	}
}

func TestExpiredClaimIsDeliveredByAnotherInstance(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := smtptest.Start(t)
		clk := newClock()
		m := mail.New(d, smtpConfig(t, srv.URL()), testLogger(t), clk.Now)
		enqueue(t, m, d, confirmMessage(t, "ada@example.org"))
		// An instance claimed the message and died before finishing.
		_, err := d.ExecContext(context.Background(), `UPDATE mail_outbox SET claimed_until = ?`,
			clk.Now().Add(5*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if n := deliver(t, m); n != 0 {
			t.Fatalf("delivered %d while another instance holds the claim", n)
		}
		clk.Advance(6 * time.Minute)
		if n := deliver(t, m); n != 1 {
			t.Fatalf("delivered %d after the claim expired, want 1", n)
		}
	})
}

func TestTwoInstancesSendEachMessageOnce(t *testing.T) {
	const count = 20
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			// Two handles on one database, as two server processes have.
			cfg := dbtest.Config(t, kind)
			open := func() *db.DB {
				d, err := db.Open(ctx, cfg)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { d.Close() })
				return d
			}
			d1, d2 := open(), open()
			if err := d1.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			srv := smtptest.Start(t)
			clk := newClock()
			m1 := mail.New(d1, smtpConfig(t, srv.URL()), testLogger(t), clk.Now)
			m2 := mail.New(d2, smtpConfig(t, srv.URL()), testLogger(t), clk.Now)
			for i := range count {
				enqueue(t, m1, d1, confirmMessage(t, fmt.Sprintf("singer%02d@example.org", i)))
			}

			start := make(chan struct{})
			var wg sync.WaitGroup
			results := make([]int, 2)
			errs := make([]error, 2)
			for i, m := range []*mail.Mailer{m1, m2} {
				wg.Go(func() {
					<-start
					results[i], errs[i] = m.DeliverDue(ctx)
				})
			}
			close(start)
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Fatalf("DeliverDue: %v", err)
				}
			}
			if results[0]+results[1] != count {
				t.Errorf("instances delivered %d + %d, want %d in all", results[0], results[1], count)
			}
			got := srv.Messages()
			if len(got) != count {
				t.Fatalf("server got %d messages, want %d", len(got), count)
			}
			seen := map[string]int{}
			for _, c := range got {
				seen[c.To[0]]++
			}
			for to, n := range seen {
				if n != 1 {
					t.Errorf("%s got %d messages", to, n)
				}
			}
			if len(seen) != count {
				t.Errorf("%d distinct recipients, want %d", len(seen), count)
			}
		})
	}
}

func TestRunDeliversWhenKicked(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := smtptest.Start(t)
		m := mail.New(d, smtpConfig(t, srv.URL()), testLogger(t), time.Now)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			m.Run(ctx)
		}()

		enqueue(t, m, d, confirmMessage(t, "kicked@example.org"))
		m.Kick()
		m.Kick() // kicks merge and never block
		c := srv.WaitFor(t, "kicked@example.org")
		if !strings.Contains(c.TextBody, testLink) {
			t.Errorf("text body lacks the link:\n%s", c.TextBody)
		}

		cancel()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatal("Run did not return after its context ended")
		}
	})
}

func TestEnqueueRejectsInvalidMessages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		m := mail.New(d, config.Config{MailFrom: testFrom}, testLogger(t), newClock().Now)
		good := confirmMessage(t, "ada@example.org")
		bad := map[string]func(*mail.Message){
			"no address":       func(m *mail.Message) { m.To = "" },
			"not an address":   func(m *mail.Message) { m.To = "ada at example.org" },
			"two addresses":    func(m *mail.Message) { m.To = "a@example.org, b@example.org" },
			"header injection": func(m *mail.Message) { m.To = "a@example.org\r\nBcc: evil@example.org" },
			"no subject":       func(m *mail.Message) { m.Subject = " " },
			"subject newline":  func(m *mail.Message) { m.Subject = "Hi\r\nBcc: evil@example.org" },
			"no text":          func(m *mail.Message) { m.Text = "" },
			"no kind":          func(m *mail.Message) { m.Kind = "" },
		}
		for name, mutate := range bad {
			msg := good
			mutate(&msg)
			if err := m.Enqueue(context.Background(), d, msg); !errors.Is(err, mail.ErrInvalidMessage) {
				t.Errorf("%s: Enqueue = %v, want ErrInvalidMessage", name, err)
			}
		}
		if n := pending(t, m); n != 0 {
			t.Errorf("invalid messages were stored: Pending = %d", n)
		}
		if err := m.Enqueue(context.Background(), d, good); err != nil {
			t.Errorf("valid message: %v", err)
		}
	})
}

func TestUnreachableServerIsRetried(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		// A port that was free a moment ago: nothing listens there.
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		clk := newClock()
		down := mail.New(d, smtpConfig(t, "smtp://"+addr), testLogger(t), clk.Now)
		enqueue(t, down, d, confirmMessage(t, "ada@example.org"))
		if n := deliver(t, down); n != 0 {
			t.Fatalf("delivered %d with the server down", n)
		}
		if r := onlyRow(t, d); r.attempts != 1 || r.lastError == "" || r.sent || r.failed {
			t.Fatalf("row after a connection failure: %+v", r)
		}

		// A restart with a working server finds the message in the table.
		srv := smtptest.Start(t)
		up := mail.New(d, smtpConfig(t, srv.URL()), testLogger(t), clk.Now)
		clk.Advance(time.Minute)
		if n := deliver(t, up); n != 1 {
			t.Fatalf("delivered %d after the restart, want 1", n)
		}
		srv.WaitFor(t, "ada@example.org")
	})
}

// Delivered and abandoned messages hold personal links in their bodies; they
// are kept 90 days (the platform overview reads only the last 30) and then
// removed. A message still waiting to be sent is never removed, however old.
func TestOldDeliveredAndAbandonedMailIsPruned(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := newClock()
		srv := smtptest.Start(t)
		m := mail.New(d, smtpConfig(t, srv.URL()), testLogger(t), clock.Now)

		enqueue(t, m, d, confirmMessage(t, "sent-long-ago@example.org"))
		enqueue(t, m, d, confirmMessage(t, "abandoned-long-ago@example.org"))
		enqueue(t, m, d, confirmMessage(t, "waiting@example.org"))
		mark := func(to, column string) {
			t.Helper()
			if _, err := d.ExecContext(ctx, `UPDATE mail_outbox SET `+column+` = ? WHERE to_address = ?`, clock.Now().UTC(), to); err != nil {
				t.Fatal(err)
			}
		}
		mark("sent-long-ago@example.org", "sent_at")
		mark("abandoned-long-ago@example.org", "failed_at")

		clock.Advance(89 * 24 * time.Hour)
		enqueue(t, m, d, confirmMessage(t, "sent-recently@example.org"))
		mark("sent-recently@example.org", "sent_at")
		clock.Advance(2 * 24 * time.Hour) // the first two are now 91 days old

		removed, err := m.Prune(ctx)
		if err != nil {
			t.Fatalf("Prune: %v", err)
		}
		if removed != 2 {
			t.Errorf("Prune removed %d messages, want 2", removed)
		}
		rows, err := d.QueryContext(ctx, `SELECT to_address FROM mail_outbox ORDER BY to_address`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var left []string
		for rows.Next() {
			var to string
			if err := rows.Scan(&to); err != nil {
				t.Fatal(err)
			}
			left = append(left, to)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if want := []string{"sent-recently@example.org", "waiting@example.org"}; fmt.Sprint(left) != fmt.Sprint(want) {
			t.Errorf("left in the outbox: %v, want %v", left, want)
		}
	})
}
