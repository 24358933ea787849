// Package actionlink makes and checks the secrets of emailed action links
// (calendar document §3 Email action token, §4, §9): RSVP, practice, event
// and unsubscribe links that act without a sign-in. A secret is 32 letters
// and digits from a cryptographic source; the database keeps only its
// SHA-256, bound to a user, a choir, an action type and a resource.
//
// Reading a token never changes it. Only practice tokens are used up (Use);
// RSVP tokens stay valid until they expire, so an answer can be changed.
package actionlink

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/db"
)

// Type is what a link does.
type Type string

const (
	RSVP        Type = "rsvp"
	Practice    Type = "practice"
	Event       Type = "event"
	Unsubscribe Type = "unsubscribe"
)

// Lifetime is how long a link of a type works (§9).
func Lifetime(t Type) time.Duration {
	switch t {
	case RSVP:
		return 30 * 24 * time.Hour
	case Practice:
		return 90 * 24 * time.Hour
	case Event:
		return 60 * 24 * time.Hour
	case Unsubscribe:
		return 365 * 24 * time.Hour
	}
	return 0
}

// SecretLength is the length of a link's secret (§9).
const SecretLength = 32

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// NewSecret returns 32 characters drawn uniformly from letters and digits
// (about 190 bits).
func NewSecret() string {
	out := make([]byte, 0, SecretLength)
	buf := make([]byte, 64)
	for len(out) < SecretLength {
		_, _ = rand.Read(buf) // never fails (crypto/rand)
		for _, b := range buf {
			// 248 = 4 × 62: bytes above it would favour the first letters.
			if b < 248 && len(out) < SecretLength {
				out = append(out, alphabet[b%62])
			}
		}
	}
	return string(out)
}

// WellFormed says whether s could be a secret at all: 32 letters and digits.
func WellFormed(s string) bool {
	if len(s) != SecretLength {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// Hash is what the database keeps of a secret.
func Hash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// Token is a stored link.
type Token struct {
	UserID, ChoirID string
	Type            Type
	ResourceID      string
	ExpiresAt       time.Time
}

var (
	// ErrMalformed: the text is not a secret at all (§8 'Invalid … link').
	ErrMalformed = errors.New("actionlink: malformed secret")
	// ErrInvalid: unknown, of another type, expired or used (§8 'Invalid or expired … link').
	ErrInvalid = errors.New("actionlink: unknown, expired or used link")
)

// Service issues and checks links.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New returns the link service; now is the clock.
func New(d *db.DB, now func() time.Time) *Service {
	return &Service{db: d, now: db.Clock(now)}
}

// Issue stores a new link through q (the caller's transaction, so a link
// exists only with the message that carries it) and returns its secret,
// which only the recipient ever sees.
func (s *Service) Issue(ctx context.Context, q db.Querier, userID, choirID string, t Type, resourceID string) (string, error) {
	if Lifetime(t) == 0 {
		return "", fmt.Errorf("actionlink: unknown link type %q", t)
	}
	secret := NewSecret()
	now := s.now()
	_, err := q.ExecContext(ctx, `INSERT INTO email_action_tokens
		(token_hash, user_id, choir_id, action_type, resource_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		Hash(secret), userID, choirID, string(t), resourceID, now, now.Add(Lifetime(t)))
	if err != nil {
		return "", fmt.Errorf("actionlink: issue a %s link for %s: %w", t, userID, err)
	}
	return secret, nil
}

// Find reads a valid link of type t: not expired and, for practice, not
// used. It changes nothing.
func (s *Service) Find(ctx context.Context, secret string, t Type) (*Token, error) {
	if !WellFormed(secret) {
		return nil, ErrMalformed
	}
	var tok Token
	var typ string
	err := s.db.QueryRowContext(ctx, `SELECT user_id, choir_id, action_type, resource_id, expires_at FROM email_action_tokens
		WHERE token_hash = ? AND action_type = ? AND expires_at > ? AND used_at IS NULL`,
		Hash(secret), string(t), s.now()).Scan(&tok.UserID, &tok.ChoirID, &typ, &tok.ResourceID, &tok.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrInvalid
	}
	if err != nil {
		return nil, fmt.Errorf("actionlink: read a %s link: %w", t, err)
	}
	tok.Type = Type(typ)
	return &tok, nil
}

// Use marks a valid link of type t used, in the caller's transaction, and returns it. The
// conditional UPDATE makes it single-use under concurrency: of any number
// of simultaneous uses exactly one succeeds; the others get ErrInvalid.
func (s *Service) Use(ctx context.Context, tx *db.Tx, secret string, t Type) (*Token, error) {
	if !WellFormed(secret) {
		return nil, ErrMalformed
	}
	now := s.now()
	var tok Token
	err := tx.QueryRowContext(ctx, `UPDATE email_action_tokens SET used_at = ?
		WHERE token_hash = ? AND action_type = ? AND expires_at > ? AND used_at IS NULL
		RETURNING user_id, choir_id, resource_id, expires_at`,
		now, Hash(secret), string(t), now).Scan(&tok.UserID, &tok.ChoirID, &tok.ResourceID, &tok.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrInvalid
	}
	if err != nil {
		return nil, fmt.Errorf("actionlink: use a %s link: %w", t, err)
	}
	tok.Type = t
	return &tok, nil
}

// UseWith marks a valid link of type t used and runs then with it in the
// same transaction, so that what the link opens and its use happen
// together or not at all.
func (s *Service) UseWith(ctx context.Context, secret string, t Type, then func(tx *db.Tx, tok *Token) error) (*Token, error) {
	var tok *Token
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if tok, err = s.Use(ctx, tx, secret, t); err != nil {
			return err
		}
		return then(tx, tok)
	})
	if err != nil {
		return nil, err
	}
	return tok, nil
}

// DeleteExpired removes links past their expiry (the background clean-up)
// and says how many.
func (s *Service) DeleteExpired(ctx context.Context) (int64, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM email_action_tokens WHERE expires_at <= ?`, s.now())
	if err != nil {
		return 0, fmt.Errorf("actionlink: delete expired links: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("actionlink: count deleted links: %w", err)
	}
	return n, nil
}

// Pending is a link whose secret is made before it is stored: a message
// with many links is written outside the transaction that stores them
// (StoreAll), so that building it takes no write lock.
type Pending struct {
	Secret, UserID, ChoirID string
	Type                    Type
	ResourceID              string
}

// Prepare makes the secret of a link to store later with StoreAll.
func Prepare(userID, choirID string, t Type, resourceID string) Pending {
	return Pending{Secret: NewSecret(), UserID: userID, ChoirID: choirID, Type: t, ResourceID: resourceID}
}

// storeBatch bounds the rows of one INSERT (7 values each), well under
// SQLite's limit on bound values.
const storeBatch = 500

// StoreAll stores prepared links through q (the caller's transaction, so
// the links exist only with the message that carries them) in one
// statement per 500 links, whatever their number, each valid for its
// type's lifetime from now.
func (s *Service) StoreAll(ctx context.Context, q db.Querier, links []Pending) error {
	now := s.now()
	for start := 0; start < len(links); start += storeBatch {
		batch := links[start:min(start+storeBatch, len(links))]
		args := make([]any, 0, 7*len(batch))
		values := make([]string, 0, len(batch))
		for _, l := range batch {
			if Lifetime(l.Type) == 0 {
				return fmt.Errorf("actionlink: unknown link type %q", l.Type)
			}
			values = append(values, "(?, ?, ?, ?, ?, ?, ?)")
			args = append(args, Hash(l.Secret), l.UserID, l.ChoirID, string(l.Type), l.ResourceID, now, now.Add(Lifetime(l.Type)))
		}
		_, err := q.ExecContext(ctx, `INSERT INTO email_action_tokens
			(token_hash, user_id, choir_id, action_type, resource_id, created_at, expires_at) VALUES `+strings.Join(values, ", "), args...)
		if err != nil {
			return fmt.Errorf("actionlink: store %d links: %w", len(batch), err)
		}
	}
	return nil
}
