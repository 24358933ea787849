// Package push sends Web Push notifications (issue 31): a member who turned
// push on in a browser gets the same RSVP reminders and announcement notices
// as by email, on that phone or computer. The server's VAPID key pair is made
// on first start and kept in the database; each browser's subscription is a
// row; a subscription the push service says is gone (404, 410) is removed.
//
// A notice is a job on the queue (push:<the mail's unique key>), queued in
// the transaction that queues the mail, so it exists exactly when the mail
// does. The job sends outside any transaction; its commit only notes the
// successes and removes the gone subscriptions. A send that fails otherwise
// is logged and not retried: the email is the notice of record, and a
// retried job would repeat the notice on the browsers that did get it.
package push

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"strconv"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
)

const (
	kindSend = "push"
	// MaxEndpoint bounds a push address; real ones are under 600 bytes.
	MaxEndpoint = 2048
	// MaxPerUser is how many browsers one person gets notices in; a new
	// one past it replaces the longest-standing.
	MaxPerUser = 10
	// ttl is how long a push service keeps a notice for a browser that is
	// offline: a reminder a day later is still worth having.
	ttl = 24 * time.Hour
	// sendTimeout bounds one request to a push service.
	sendTimeout = 15 * time.Second
	// maxBody and maxTitle bound what a notice shows.
	maxTitle = 120
	maxBody  = 600
)

// Messages.
const (
	MsgEndpointInvalid = "This browser gave a push address Cantica cannot use. Turn notifications off and on again, or use another browser."
	MsgKeysInvalid     = "This browser gave push keys Cantica cannot use. Turn notifications off and on again, or use another browser."
)

// Notice is what a notification shows, and where a tap on it leads.
type Notice struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"` // a path of the app, e.g. "/dashboard/announcements"
	Tag   string `json:"tag"` // a notice with the same tag replaces the last one shown
}

// Subscription is a browser's PushSubscription as its toJSON() gives it.
type Subscription struct {
	Endpoint string
	P256dh   string // base64url
	Auth     string // base64url
}

// Service keeps subscriptions and sends notices.
type Service struct {
	db      *db.DB
	queue   *jobs.Queue
	client  *http.Client
	subject string
	logger  *slog.Logger
	now     func() time.Time

	mu   sync.Mutex
	keys *vapidKeys
}

type vapidKeys struct {
	private *ecdsa.PrivateKey
	public  string // base64url, uncompressed point
}

// New makes the service and registers its job on queue. client sends to
// the push services; nil is a client that refuses to reach private
// addresses, since the push address comes from a browser.
func New(d *db.DB, cfg config.Config, queue *jobs.Queue, client *http.Client, logger *slog.Logger, now func() time.Time) *Service {
	if client == nil {
		client = publicOnlyClient()
	}
	s := &Service{db: d, queue: queue, client: client, subject: subject(cfg), logger: logger, now: db.Clock(now)}
	queue.Handle(kindSend, s.run)
	return s
}

// subject is the contact RFC 8292 asks a sender to give push services: the
// site when it is served over HTTPS, else the mail sender's address.
func subject(cfg config.Config) string {
	if cfg.BaseURL != nil && cfg.BaseURL.Scheme == "https" {
		return cfg.BaseURL.String()
	}
	if a, err := mail.ParseAddress(cfg.MailFrom); err == nil {
		return "mailto:" + a.Address
	}
	return "mailto:admin@localhost"
}

// PublicKey is the server's VAPID public key, base64url, which a browser
// needs to subscribe. The key pair is made the first time it is asked for.
func (s *Service) PublicKey(ctx context.Context) (string, error) {
	k, err := s.vapid(ctx)
	if err != nil {
		return "", err
	}
	return k.public, nil
}

// vapid loads the key pair, making and storing it if there is none. Two
// instances starting together both insert; the second insert does nothing
// and both read the one row.
func (s *Service) vapid(ctx context.Context) (*vapidKeys, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.keys != nil {
		return s.keys, nil
	}
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("push: make the VAPID key pair: %w", err)
	}
	scalar, err := priv.Bytes()
	if err != nil {
		return nil, fmt.Errorf("push: write the VAPID private key: %w", err)
	}
	point, err := priv.PublicKey.Bytes()
	if err != nil {
		return nil, fmt.Errorf("push: write the VAPID public key: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO push_vapid_keys (id, private_key, public_key, created_at) VALUES (1, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`, b64.EncodeToString(scalar), b64.EncodeToString(point), s.now()); err != nil {
		return nil, fmt.Errorf("push: store the VAPID key pair: %w", err)
	}
	var storedPrivate, storedPublic string
	if err := s.db.QueryRowContext(ctx, `SELECT private_key, public_key FROM push_vapid_keys WHERE id = 1`).
		Scan(&storedPrivate, &storedPublic); err != nil {
		return nil, fmt.Errorf("push: read the VAPID key pair: %w", err)
	}
	raw, err := decodeKey(storedPrivate)
	if err != nil {
		return nil, fmt.Errorf("push: read the stored VAPID private key: %w", err)
	}
	key, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), raw)
	if err != nil {
		return nil, fmt.Errorf("push: read the stored VAPID private key: %w", err)
	}
	s.keys = &vapidKeys{private: key, public: storedPublic}
	return s.keys, nil
}

// check refuses a subscription that could not be sent to: an address that
// is not HTTPS, or keys that are not a P-256 point and a 16-byte secret.
func check(sub Subscription) error {
	u, err := url.Parse(sub.Endpoint)
	if err != nil || len(sub.Endpoint) > MaxEndpoint || u.Scheme != "https" || u.Host == "" || u.User != nil {
		return apperr.Validation(map[string]string{"endpoint": MsgEndpointInvalid}, "endpoint")
	}
	p256dh, err1 := decodeKey(sub.P256dh)
	auth, err2 := decodeKey(sub.Auth)
	if err1 != nil || err2 != nil || len(auth) != 16 {
		return apperr.Validation(map[string]string{"keys": MsgKeysInvalid}, "keys")
	}
	if _, err := ecdh.P256().NewPublicKey(p256dh); err != nil {
		return apperr.Validation(map[string]string{"keys": MsgKeysInvalid}, "keys")
	}
	return nil
}

// Subscribe keeps a browser's subscription for userID. The same browser
// subscribing again updates its keys; a browser someone else subscribed
// before becomes this person's, as it is now theirs.
func (s *Service) Subscribe(ctx context.Context, userID string, sub Subscription) error {
	if err := check(sub); err != nil {
		return err
	}
	now := s.now()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
			auth = excluded.auth, created_at = excluded.created_at, last_success_at = NULL`,
			uuid.NewString(), userID, sub.Endpoint, sub.P256dh, sub.Auth, now); err != nil {
			return fmt.Errorf("push: keep a subscription of %s: %w", userID, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND id NOT IN
			(SELECT id FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, id LIMIT ?)`, userID, userID, MaxPerUser); err != nil {
			return fmt.Errorf("push: drop the oldest subscriptions of %s: %w", userID, err)
		}
		return nil
	})
}

// Unsubscribe forgets the caller's subscription with this push address.
// Another person's is left alone; either way the answer is the same, so
// that nobody learns whose address it is.
func (s *Service) Unsubscribe(ctx context.Context, userID, endpoint string) error {
	if len(endpoint) > MaxEndpoint {
		return apperr.Validation(map[string]string{"endpoint": MsgEndpointInvalid}, "endpoint")
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?`, userID, endpoint); err != nil {
		return fmt.Errorf("push: forget a subscription of %s: %w", userID, err)
	}
	return nil
}

// Count is how many browsers userID gets notices in.
func (s *Service) Count(ctx context.Context, userID string) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM push_subscriptions WHERE user_id = ?`, userID).Scan(&n); err != nil {
		return 0, fmt.Errorf("push: count the subscriptions of %s: %w", userID, err)
	}
	return n, nil
}

type sendArgs struct {
	UserID string `json:"userId"`
	Notice Notice `json:"notice"`
}

// Notify queues a notice to userID's browsers through q, the transaction
// that queues the same message by email, under key (that mail's unique
// key, so that the notice is queued once). Nothing is queued for someone
// with no subscription. Call the queue's Kick after the commit (the mail's
// commit does).
func (s *Service) Notify(ctx context.Context, q db.Querier, userID, key string, n Notice) error {
	var has bool
	if err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM push_subscriptions WHERE user_id = ?)`, userID).Scan(&has); err != nil {
		return fmt.Errorf("push: look for the subscriptions of %s: %w", userID, err)
	}
	if !has {
		return nil
	}
	n.Title, n.Body = clip(n.Title, maxTitle), clip(n.Body, maxBody)
	_, err := s.queue.Enqueue(ctx, q, jobs.Spec{Kind: kindSend, Key: "push:" + key, Args: sendArgs{UserID: userID, Notice: n}})
	return err
}

// clip shortens s to at most n bytes on a character boundary, with an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

type subscriptionRow struct {
	ID string
	Subscription
}

// outcome is what the push service said of one subscription.
type outcome int

const (
	delivered outcome = iota
	gone              // 404 or 410: the browser unsubscribed or the subscription expired
	failed
)

// run sends one notice to each of the person's browsers.
func (s *Service) run(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	var args sendArgs
	if err := job.Decode(&args); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ? ORDER BY id`, args.UserID)
	if err != nil {
		return nil, fmt.Errorf("push: read the subscriptions of %s: %w", args.UserID, err)
	}
	subs, err := db.All(rows, func(row db.Scanner) (subscriptionRow, error) {
		var r subscriptionRow
		err := row.Scan(&r.ID, &r.Endpoint, &r.P256dh, &r.Auth)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("push: read the subscriptions of %s: %w", args.UserID, err)
	}
	if len(subs) == 0 {
		return nil, nil
	}
	payload, err := json.Marshal(args.Notice)
	if err != nil {
		return nil, fmt.Errorf("push: write the notice %s: %w", job.Key, err)
	}
	keys, err := s.vapid(ctx)
	if err != nil {
		return nil, err
	}
	// The topic lets a push service replace a copy of this notice still
	// waiting for the browser, should the job ever run twice.
	sum := sha256.Sum256([]byte(job.Key))
	topic := b64.EncodeToString(sum[:24])
	var ok, dead []string
	for _, sub := range subs {
		switch s.send(ctx, keys, sub, payload, topic) {
		case delivered:
			ok = append(ok, sub.ID)
		case gone:
			dead = append(dead, sub.ID)
		}
	}
	now := s.now()
	return func(ctx context.Context, tx *db.Tx) error {
		for _, id := range ok {
			if _, err := tx.ExecContext(ctx, `UPDATE push_subscriptions SET last_success_at = ? WHERE id = ?`, now, id); err != nil {
				return fmt.Errorf("push: note a delivery to subscription %s: %w", id, err)
			}
		}
		for _, id := range dead {
			if _, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE id = ?`, id); err != nil {
				return fmt.Errorf("push: remove the expired subscription %s: %w", id, err)
			}
		}
		s.logger.Info("push notice sent", "event", "push_sent", "user_id", args.UserID, "delivered", len(ok), "removed", len(dead),
			"failed", len(subs)-len(ok)-len(dead))
		return nil
	}, nil
}

// send delivers one encrypted notice. The push address is never logged:
// it is a bearer secret of the browser's.
func (s *Service) send(ctx context.Context, keys *vapidKeys, sub subscriptionRow, payload []byte, topic string) outcome {
	fail := func(what string, err error) outcome {
		s.logger.Warn("push notice not sent", "event", "push_failed", "subscription_id", sub.ID, "step", what, "err", err)
		return failed
	}
	uaPublic, err1 := decodeKey(sub.P256dh)
	auth, err2 := decodeKey(sub.Auth)
	if err := errors.Join(err1, err2); err != nil {
		return fail("keys", errors.Join(errBadKey, err))
	}
	body, err := encrypt(payload, uaPublic, auth)
	if err != nil {
		return fail("encrypt", err)
	}
	authorization, err := vapidAuthorization(keys.private, keys.public, sub.Endpoint, s.subject, s.now())
	if err != nil {
		return fail("sign", err)
	}
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, sub.Endpoint, bytes.NewReader(body))
	if err != nil {
		return fail("request", err)
	}
	req.Header.Set("Authorization", authorization)
	req.Header.Set("Content-Encoding", "aes128gcm")
	req.Header.Set("Content-Type", "application/octet-stream")
	req.Header.Set("TTL", strconv.Itoa(int(ttl.Seconds())))
	req.Header.Set("Urgency", "normal")
	req.Header.Set("Topic", topic)
	resp, err := s.client.Do(req)
	if err != nil {
		// The error names the address; say only what kind of failure it was.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fail("post", err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	_ = resp.Body.Close()
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return delivered
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return gone
	default:
		return fail("answer", fmt.Errorf("the push service answered %s", resp.Status))
	}
}

// errPrivateAddress refuses a push address that leads inside the network.
var errPrivateAddress = errors.New("push: the push address is not a public internet address")

// publicOnlyClient is the client for push services. The push address comes
// from a browser, so anyone signed in could name one inside the server's
// network: the dialer refuses loopback, private, link-local and other
// non-public addresses after name resolution, so no redirect or DNS answer
// can lead there either.
func publicOnlyClient() *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second, Control: func(network, address string, _ syscall.RawConn) error {
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return err
		}
		ip := net.ParseIP(host)
		if ip == nil || !publicIP(ip) {
			return errPrivateAddress
		}
		return nil
	}}
	// No proxy: it would do the dialling, past the check.
	transport := &http.Transport{DialContext: dialer.DialContext, ForceAttemptHTTP2: true, MaxIdleConns: 20,
		IdleConnTimeout: 90 * time.Second, TLSHandshakeTimeout: 10 * time.Second}
	return &http.Client{Transport: transport, Timeout: sendTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func publicIP(ip net.IP) bool {
	return !(ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified())
}
