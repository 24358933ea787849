// Package mail sends Cantica's email through a transactional outbox: callers
// insert messages into the mail_outbox table inside their own transaction,
// and a worker — on any server instance — claims and delivers them, over SMTP
// or, without a mail server, by writing them to the log. Everything that
// matters for delivery lives in the table, so a restart loses nothing and
// several instances never send one message twice.
package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
)

// Message is one email, ready to be queued.
type Message struct {
	Kind    string // what it is for, e.g. "confirm_email"; for logs and metrics
	To      string // one address, e.g. "ada@example.org" or "Ada <ada@example.org>"
	Subject string
	Text    string // plain-text body; required
	HTML    string // HTML alternative; optional
	// ListUnsubscribe is the one-click unsubscribe URL (RFC 8058) of bulk
	// mail sent to a choir; empty for transactional mail, which never
	// carries one.
	ListUnsubscribe string
	// ChoirID is the choir the message was sent for, counted per choir on
	// the global admin's overview; empty for account mail.
	ChoirID string
}

// ErrInvalidMessage is wrapped by Enqueue's errors for a message that can
// never be delivered (bad recipient, missing subject or body).
var ErrInvalidMessage = errors.New("invalid mail message")

// Delivery settings.
const (
	// MaxAttempts is how many times delivery is tried before a message is
	// marked failed.
	MaxAttempts = 8
	// claimLease is how long a worker owns a claimed message. It is far
	// longer than one SMTP exchange (smtpTimeout), so a claim only expires
	// when its instance died mid-delivery; another instance then retries it.
	claimLease   = 5 * time.Minute
	firstBackoff = 30 * time.Second
	maxBackoff   = time.Hour
	pollInterval = 5 * time.Second
	// claimBatch is how many candidates one claim query looks at, so that
	// instances racing for the oldest message fall through to the next ones.
	claimBatch = 10
)

// Mailer queues and delivers email.
type Mailer struct {
	db     *db.DB
	smtp   *smtpSender // nil: outbox mode, delivery writes to the log
	logger *slog.Logger
	now    func() time.Time
	kick   chan struct{}
	poll   time.Duration
}

// New returns a Mailer. Without cfg.SMTPURL it runs in outbox mode: messages
// are stored and "delivered" by writing them, links included, to the log.
func New(d *db.DB, cfg config.Config, logger *slog.Logger, now func() time.Time) *Mailer {
	if logger == nil {
		logger = slog.Default()
	}
	if now == nil {
		now = time.Now
	}
	m := &Mailer{
		db:     d,
		logger: logger,
		now:    now,
		kick:   make(chan struct{}, 1),
		poll:   pollInterval,
	}
	if cfg.SMTPURL != nil {
		m.smtp = newSMTPSender(cfg.SMTPURL, cfg.MailFrom)
	}
	return m
}

// clock is the injected time in UTC, cut to microseconds: PostgreSQL keeps no
// more, and SQLite compares the stored text, so both must see the same value.
func (m *Mailer) clock() time.Time {
	return m.now().UTC().Truncate(time.Microsecond)
}

// Enqueue stores msg in the outbox through q. Pass the caller's transaction
// so the message exists only if that transaction commits, then call Kick
// after the commit.
func (m *Mailer) Enqueue(ctx context.Context, q db.Querier, msg Message) error {
	to := strings.TrimSpace(msg.To)
	if _, err := mail.ParseAddress(to); err != nil {
		return fmt.Errorf("%w: recipient %q: %v", ErrInvalidMessage, msg.To, err)
	}
	switch {
	case strings.TrimSpace(msg.Kind) == "":
		return fmt.Errorf("%w: no kind", ErrInvalidMessage)
	case strings.TrimSpace(msg.Subject) == "":
		return fmt.Errorf("%w: no subject", ErrInvalidMessage)
	case strings.ContainsAny(msg.Subject, "\r\n"):
		return fmt.Errorf("%w: subject has a line break", ErrInvalidMessage)
	case strings.TrimSpace(msg.Text) == "":
		return fmt.Errorf("%w: no text body", ErrInvalidMessage)
	case msg.ListUnsubscribe != "" && !unsubscribeURL(msg.ListUnsubscribe):
		return fmt.Errorf("%w: List-Unsubscribe %q is not an http(s) URL", ErrInvalidMessage, msg.ListUnsubscribe)
	}
	id, err := uuid.NewV7()
	if err != nil {
		return fmt.Errorf("mail: make a message id: %w", err)
	}
	var choirID any // NULL for account mail
	if msg.ChoirID != "" {
		choirID = msg.ChoirID
	}
	now := m.clock()
	_, err = q.ExecContext(ctx, `INSERT INTO mail_outbox
		(id, kind, to_address, subject, text_body, html_body, list_unsubscribe, choir_id, created_at, attempts, next_attempt_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
		id.String(), msg.Kind, to, msg.Subject, msg.Text, msg.HTML, msg.ListUnsubscribe, choirID, now, now)
	if err != nil {
		return fmt.Errorf("mail: queue %s message %s: %w", msg.Kind, id, err)
	}
	return nil
}

// unsubscribeURL says whether u can go into a List-Unsubscribe header as
// is: an absolute http(s) URL with nothing that would break the header.
func unsubscribeURL(u string) bool {
	parsed, err := url.Parse(u)
	return err == nil && (parsed.Scheme == "https" || parsed.Scheme == "http") && parsed.Host != "" &&
		!strings.ContainsAny(u, " \t\r\n<>,")
}

// Kick asks the worker to deliver now instead of at its next poll. It never
// blocks; kicks while one is pending merge.
func (m *Mailer) Kick() {
	select {
	case m.kick <- struct{}{}:
	default:
	}
}

// Run delivers due messages until ctx is done: at once, whenever kicked, and
// every few seconds (which also picks up mail queued by other instances and
// retries that came due).
func (m *Mailer) Run(ctx context.Context) {
	mode := "smtp"
	if m.smtp == nil {
		mode = "outbox (messages are written to the log)"
	}
	m.logger.Info("mail worker started", "mode", mode)
	var prunedAt time.Time
	for {
		if _, err := m.DeliverDue(ctx); err != nil && ctx.Err() == nil {
			m.logger.Error("mail delivery pass failed", "err", err)
		}
		if now := m.clock(); now.Sub(prunedAt) >= pruneInterval {
			if _, err := m.Prune(ctx); err != nil && ctx.Err() == nil {
				m.logger.Error("mail outbox pruning failed", "err", err)
			} else {
				prunedAt = now
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-m.kick:
		case <-time.After(m.poll):
		}
	}
}

// outboxRetention is how long delivered and abandoned messages are kept.
// Their bodies hold personal links (RSVP, practice), so they do not stay
// forever; the platform overview reads only the last 30 days.
const outboxRetention = 90 * 24 * time.Hour

// pruneInterval is how often the worker removes messages past retention.
const pruneInterval = time.Hour

// Prune removes messages delivered or given up on more than outboxRetention
// ago and returns how many. A message still waiting is never removed.
func (m *Mailer) Prune(ctx context.Context) (int64, error) {
	cutoff := m.clock().Add(-outboxRetention)
	res, err := m.db.ExecContext(ctx, `DELETE FROM mail_outbox
		WHERE (sent_at IS NOT NULL AND sent_at < ?) OR (failed_at IS NOT NULL AND failed_at < ?)`, cutoff, cutoff)
	if err != nil {
		return 0, fmt.Errorf("mail: prune the outbox: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("mail: count the pruned messages: %w", err)
	}
	return n, nil
}

// Pending counts messages neither delivered nor given up on.
func (m *Mailer) Pending(ctx context.Context) (int, error) {
	var n int
	err := m.db.QueryRowContext(ctx,
		`SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL`).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("mail: count pending mail: %w", err)
	}
	return n, nil
}

// outboxRow is a claimed message.
type outboxRow struct {
	id       string
	attempts int
	msg      Message
}

// DeliverDue delivers every message that is due now, one claim at a time,
// and returns how many were delivered. Failed attempts are recorded for a
// later retry and are not errors; an error means the database failed.
func (m *Mailer) DeliverDue(ctx context.Context) (int, error) {
	delivered := 0
	for {
		if err := ctx.Err(); err != nil {
			return delivered, err
		}
		row, more, err := m.claim(ctx)
		if err != nil {
			return delivered, err
		}
		if row == nil {
			if more {
				continue // others took every candidate we saw; look again
			}
			return delivered, nil
		}
		ok, err := m.deliver(ctx, row)
		if err != nil {
			return delivered, err
		}
		if ok {
			delivered++
		}
	}
}

// dueCondition selects messages that may be claimed at time ? (given twice).
const dueCondition = `sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?
	AND (claimed_until IS NULL OR claimed_until < ?)`

// claim takes one due message for this worker. The conditional UPDATE is what
// makes it safe across instances: only one of them changes the row. more
// reports that candidates existed but all were taken by others.
func (m *Mailer) claim(ctx context.Context) (row *outboxRow, more bool, err error) {
	now := m.clock()
	rows, err := m.db.QueryContext(ctx, `SELECT id FROM mail_outbox WHERE `+dueCondition+`
		ORDER BY next_attempt_at, created_at, id LIMIT `+fmt.Sprint(claimBatch), now, now)
	if err != nil {
		return nil, false, fmt.Errorf("mail: find due mail: %w", err)
	}
	ids, err := db.All(rows, func(row db.Scanner) (string, error) {
		var id string
		err := row.Scan(&id)
		return id, err
	})
	if err != nil {
		return nil, false, fmt.Errorf("mail: read due mail: %w", err)
	}
	for _, id := range ids {
		res, err := m.db.ExecContext(ctx, `UPDATE mail_outbox SET claimed_until = ?
			WHERE id = ? AND `+dueCondition, now.Add(claimLease), id, now, now)
		if err != nil {
			return nil, false, fmt.Errorf("mail: claim mail %s: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return nil, false, fmt.Errorf("mail: claim mail %s: %w", id, err)
		} else if n != 1 {
			continue
		}
		r := &outboxRow{id: id}
		err = m.db.QueryRowContext(ctx, `SELECT kind, to_address, subject, text_body, html_body, list_unsubscribe, attempts
			FROM mail_outbox WHERE id = ?`, id).
			Scan(&r.msg.Kind, &r.msg.To, &r.msg.Subject, &r.msg.Text, &r.msg.HTML, &r.msg.ListUnsubscribe, &r.attempts)
		if err != nil {
			return nil, false, fmt.Errorf("mail: load claimed mail %s: %w", id, err)
		}
		return r, false, nil
	}
	return nil, len(ids) > 0, nil
}

// deliver sends one claimed message and records the outcome.
func (m *Mailer) deliver(ctx context.Context, r *outboxRow) (bool, error) {
	via := "log"
	var sendErr error
	if m.smtp == nil {
		m.logMessage(r)
	} else {
		via = "smtp"
		sendErr = m.smtp.send(ctx, r.id, r.msg, m.clock())
	}

	// The outcome is recorded even when ctx ends now: a message that went out
	// must be marked sent, or it would be sent again.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	now := m.clock()
	attempts := r.attempts + 1

	if sendErr == nil {
		_, err := m.db.ExecContext(wctx, `UPDATE mail_outbox
			SET sent_at = ?, delivered_via = ?, attempts = ?, claimed_until = NULL WHERE id = ?`,
			now, via, attempts, r.id)
		if err != nil {
			return false, fmt.Errorf("mail: mark mail %s sent: %w", r.id, err)
		}
		return true, nil
	}

	if ctx.Err() != nil {
		// Shutting down is not the message's fault: give it back untouched.
		_, err := m.db.ExecContext(wctx, `UPDATE mail_outbox SET claimed_until = NULL WHERE id = ?`, r.id)
		if err != nil {
			err = fmt.Errorf("mail: give mail %s back: %w", r.id, err)
		}
		return false, errors.Join(ctx.Err(), err)
	}

	lastError := m.smtp.redact(sendErr.Error())
	if attempts >= MaxAttempts {
		_, err := m.db.ExecContext(wctx, `UPDATE mail_outbox
			SET attempts = ?, last_error = ?, failed_at = ?, claimed_until = NULL WHERE id = ?`,
			attempts, lastError, now, r.id)
		if err != nil {
			return false, fmt.Errorf("mail: mark mail %s failed: %w", r.id, err)
		}
		m.logger.Error("mail delivery failed for good",
			"id", r.id, "kind", r.msg.Kind, "to", r.msg.To, "attempts", attempts, "err", lastError)
		return false, nil
	}
	next := now.Add(Backoff(attempts))
	_, err := m.db.ExecContext(wctx, `UPDATE mail_outbox
		SET attempts = ?, last_error = ?, next_attempt_at = ?, claimed_until = NULL WHERE id = ?`,
		attempts, lastError, next, r.id)
	if err != nil {
		return false, fmt.Errorf("mail: reschedule mail %s: %w", r.id, err)
	}
	m.logger.Warn("mail delivery failed, will retry",
		"id", r.id, "kind", r.msg.Kind, "to", r.msg.To, "attempts", attempts,
		"next_attempt_at", next, "err", lastError)
	return false, nil
}

// Backoff is the wait after the given number of failed attempts: 30 s,
// 1 min, 2 min, … doubling, at most an hour.
func Backoff(failures int) time.Duration {
	d := firstBackoff
	for i := 1; i < failures && d < maxBackoff; i++ {
		d *= 2
	}
	return min(d, maxBackoff)
}

var linkPattern = regexp.MustCompile(`https?://[^\s<>"]+`)

// logMessage is outbox-mode delivery. The links get their own attribute so an
// operator without a mail server can copy a confirmation link from the log.
func (m *Mailer) logMessage(r *outboxRow) {
	attrs := []any{
		"id", r.id,
		"kind", r.msg.Kind,
		"to", r.msg.To,
		"subject", r.msg.Subject,
		"links", linkPattern.FindAllString(r.msg.Text, -1),
	}
	if r.msg.ListUnsubscribe != "" {
		attrs = append(attrs, "list_unsubscribe", r.msg.ListUnsubscribe)
	}
	m.logger.Info("mail (outbox mode, not sent)", append(attrs, "text", r.msg.Text)...)
}
