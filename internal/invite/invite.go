// Package invite keeps invitations to join a choir: creating and emailing
// them, listing, resending and revoking them, importing many from CSV, and
// accepting one with its token — signed in, or by registering through the
// link. It owns the choir_invites and choir_invite_musical_roles tables.
package invite

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/billing"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/mail"
)

// Limiter counts events against shared limits (the accounts service's
// database-backed throttle).
type Limiter interface {
	Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error)
}

// Service runs the invitation rules against the database.
type Service struct {
	db     *db.DB
	cfg    config.Config
	mailer *mail.Mailer
	limit  Limiter
	logger *slog.Logger
	now    func() time.Time
	// billing refuses invitations past the plan's member limit (nil: billing off).
	billing *billing.Service
}

// UseBilling applies the plans' member limits to invitations.
func (s *Service) UseBilling(b *billing.Service) { s.billing = b }

// New makes the invitation service.
func New(d *db.DB, cfg config.Config, mailer *mail.Mailer, limit Limiter, logger *slog.Logger, now func() time.Time) *Service {
	return &Service{db: d, cfg: cfg, mailer: mailer, limit: limit, logger: logger, now: func() time.Time { return now().UTC() }}
}

const (
	// Lifetime is how long an invitation link works.
	Lifetime = 14 * 24 * time.Hour
	// DailyPerChoir bounds the invitation emails one choir sends in a day.
	DailyPerChoir = 500
)

// Statuses of an invitation.
const (
	Pending  = "pending"
	Accepted = "accepted"
	Expired  = "expired"
	Revoked  = "revoked"
)

// Messages of accounts §4.7, §5 and §8 'Invitations', and of the choices the
// specification leaves open.
const (
	MsgTokenMissing   = "Invalid invitation link. No token provided."
	MsgTokenFormat    = "Invalid invitation token format."
	MsgNotFound       = "Invitation not found or has expired"
	MsgExpired        = "This invitation has expired. Please ask the choir admin to send a new invitation."
	msgUsed           = "This invitation has already been %s."
	MsgAlreadyInvited = "An invitation has already been sent to this email address."
	MsgAlreadyMember  = "This person is already a member of the choir."
	msgMismatch       = "This invitation was sent to %s, but you are signed in as %s. Sign out, then sign in or create an account with %s to accept it."
	MsgUnconfirmed    = "Please confirm your email address before accepting the invitation."
	MsgInvitationGone = "Invitation not found."
	MsgJoinFailed     = "Failed to join choir. Please contact the choir administrator."
	// MsgNoLongerValid answers a second acceptance by someone whose
	// membership has since been removed.
	MsgNoLongerValid = "This invitation is no longer valid or has already been used."
	msgInactive      = "Your membership of %s is inactive. Please contact the choir administrator to reactivate it."
	msgDailyLimit    = "This choir has sent as many invitations as it may today. Please try again in %s."
)

// Invitation is an invitation as administrators see it; never its token.
type Invitation struct {
	ID, ChoirID, Email, FirstName, LastName string
	Role                                    access.Role
	Status                                  string
	CreatedAt, SentAt, ExpiresAt            time.Time
	// VoiceParts are the parts the membership gets on joining, in the choir's order.
	VoiceParts []choir.VoicePart
}

// Choir names the choir an invitation is for.
type Choir struct{ ID, Name string }

// Inviter is the administrator who sends an invitation.
type Inviter struct{ ID, Name string }

// Invitee is whom to invite.
type Invitee struct {
	Email, FirstName, LastName, Role string
	VoicePartIDs                     []string
}

// ParseToken checks that a token is a UUID v4, as every invitation token is.
func ParseToken(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", apperr.New(apperr.Invalid, apperr.CodeInvalidToken, MsgTokenMissing)
	}
	u, err := uuid.Parse(raw)
	if err != nil || len(raw) != 36 || u.Version() != 4 || u.Variant() != uuid.RFC4122 {
		return "", apperr.New(apperr.Invalid, apperr.CodeInvalidToken, MsgTokenFormat)
	}
	return u.String(), nil
}

// hashToken is what the database keeps of a token.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// newToken is a UUID v4 from crypto/rand.
func newToken() (string, error) {
	u, err := uuid.NewRandom()
	if err != nil {
		return "", fmt.Errorf("invite: make a token: %w", err)
	}
	return u.String(), nil
}

// effective is the status people see: a pending invitation past its term
// has expired, whether or not the clean-up has marked it yet.
func effective(status string, expires, now time.Time) string {
	if status == Pending && !expires.After(now) {
		return Expired
	}
	return status
}

// ExpireOld marks pending invitations past their term as expired.
func (s *Service) ExpireOld(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE choir_invites SET status = 'expired' WHERE status = 'pending' AND expires_at <= ?`, s.now()); err != nil {
		return fmt.Errorf("invite: mark lapsed invitations expired: %w", err)
	}
	return nil
}
