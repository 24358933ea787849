package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/db"
)

// Session lifetimes: "Remember me for 30 days" keeps a session for 30 days;
// otherwise the cookie lasts for the browser session and the server forgets
// the session after a day without use.
const (
	RememberLifetime = 30 * 24 * time.Hour
	BrowserIdleLimit = 24 * time.Hour
	touchEvery       = time.Minute // how often last_seen_at is written
)

// Session is one signed-in browser.
type Session struct {
	ID         string
	UserID     string
	Persistent bool
	Method     string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	UserAgent  string
	ClientIP   string
}

// NewSession is a freshly started session and the secret for its cookie.
type NewSession struct {
	Session
	Secret string
}

// Client describes the browser a request came from.
type Client struct {
	IP        string
	UserAgent string
}

func startSession(ctx context.Context, q db.Querier, userID, method string, persistent bool, client Client, now time.Time) (*NewSession, error) {
	s := NewSession{
		Session: Session{
			ID: uuid.NewString(), UserID: userID, Persistent: persistent, Method: method,
			CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(BrowserIdleLimit),
			UserAgent: truncate(client.UserAgent, 400), ClientIP: client.IP,
		},
		Secret: newSecret(),
	}
	if persistent {
		s.ExpiresAt = now.Add(RememberLifetime)
	}
	_, err := q.ExecContext(ctx, `INSERT INTO sessions
		(id, user_id, secret_hash, persistent, method, created_at, last_seen_at, expires_at, user_agent, client_ip)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		s.ID, s.UserID, hashSecret(s.Secret), s.Persistent, s.Method, now, now, s.ExpiresAt, s.UserAgent, s.ClientIP)
	if err != nil {
		return nil, fmt.Errorf("auth: start a session of %s: %w", userID, err)
	}
	// Counted for the global admin's overview: sign-ins per day, and whether
	// a choir's members still come (a session row goes at sign-out).
	if _, err := q.ExecContext(ctx, `UPDATE users SET last_sign_in_at = ? WHERE id = ?`, now, userID); err != nil {
		return nil, fmt.Errorf("auth: note the sign-in of %s: %w", userID, err)
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO sign_in_days (day, sign_ins) VALUES (?, 1)
		ON CONFLICT (day) DO UPDATE SET sign_ins = sign_in_days.sign_ins + 1`, now.UTC().Format(time.DateOnly)); err != nil {
		return nil, fmt.Errorf("auth: count the sign-ins of the day: %w", err)
	}
	return &s, nil
}

const sessionColumns = `id, user_id, persistent, method, created_at, last_seen_at, expires_at, user_agent, client_ip`

func scanSession(row db.Scanner) (Session, error) {
	var s Session
	err := row.Scan(&s.ID, &s.UserID, &s.Persistent, &s.Method, &s.CreatedAt, &s.LastSeenAt, &s.ExpiresAt, &s.UserAgent, &s.ClientIP)
	return s, err
}

var errNoSession = errors.New("no valid session")

// sessionBySecret finds the live session a cookie's secret belongs to and
// its user, and what along reads, in one statement, and notes that the
// session was used. along's joins see the session as s and its user's
// account and profile as u and p.
func (s *Service) sessionBySecret(ctx context.Context, secret string, along db.Along) (*Session, *User, error) {
	now := s.now()
	var sess Session
	args := append(append([]any{}, along.Args...), hashSecret(secret), now)
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+`, s.id, s.persistent, s.method, s.created_at, s.last_seen_at,
		s.expires_at, s.user_agent, s.client_ip`+along.Columns+` FROM sessions s JOIN users u ON u.id = s.user_id JOIN user_profile p ON p.id = u.id`+
		along.Joins+` WHERE s.secret_hash = ? AND s.expires_at > ?`, args...),
		append([]any{&sess.ID, &sess.Persistent, &sess.Method, &sess.CreatedAt, &sess.LastSeenAt, &sess.ExpiresAt, &sess.UserAgent, &sess.ClientIP},
			along.Dest...)...)
	if errors.Is(err, errNoUser) {
		return nil, nil, errNoSession
	}
	if err != nil {
		return nil, nil, fmt.Errorf("auth: read a session: %w", err)
	}
	sess.UserID = u.ID
	if now.Sub(sess.LastSeenAt) >= touchEvery {
		expires := sess.ExpiresAt
		if !sess.Persistent {
			expires = now.Add(BrowserIdleLimit)
		}
		if _, err := s.db.ExecContext(ctx, `UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?`, now, expires, sess.ID); err != nil {
			return nil, nil, fmt.Errorf("auth: note the use of session %s: %w", sess.ID, err)
		}
		sess.LastSeenAt, sess.ExpiresAt = now, expires
	}
	return &sess, u, nil
}

// ListSessions returns a user's live sessions, newest first.
func (s *Service) ListSessions(ctx context.Context, userID string) ([]Session, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT `+sessionColumns+` FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY created_at DESC`, userID, s.now())
	if err != nil {
		return nil, fmt.Errorf("auth: list the sessions of %s: %w", userID, err)
	}
	out, err := db.All(rows, scanSession)
	if err != nil {
		return nil, fmt.Errorf("auth: read the sessions of %s: %w", userID, err)
	}
	return out, nil
}

// EndSession ends one of a user's sessions. Another user's session id is
// simply not found.
func (s *Service) EndSession(ctx context.Context, userID, sessionID string) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE id = ? AND user_id = ?`, sessionID, userID)
	if err != nil {
		return fmt.Errorf("auth: end session %s: %w", sessionID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound("Session not found.")
	}
	s.logger.Info("auth: session ended", "event", "session_end", "user_id", userID, "session_id", sessionID)
	return nil
}

// Logout revokes the session a cookie carries. An unknown or expired secret
// is already signed out.
func (s *Service) Logout(ctx context.Context, secret string) error {
	if secret == "" {
		return nil
	}
	var userID string
	err := s.db.QueryRowContext(ctx, `SELECT user_id FROM sessions WHERE secret_hash = ?`, hashSecret(secret)).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("auth: read the session to sign out of: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE secret_hash = ?`, hashSecret(secret)); err != nil {
		return fmt.Errorf("auth: sign %s out: %w", userID, err)
	}
	s.logger.Info("auth: signed out", "event", "sign_out", "user_id", userID)
	return nil
}

func endAllSessions(ctx context.Context, q db.Querier, userID, exceptID string) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ? AND id <> ?`, userID, exceptID); err != nil {
		return fmt.Errorf("auth: end the other sessions of %s: %w", userID, err)
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
