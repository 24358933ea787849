// Package invite keeps invitations to join a choir: creating and emailing
// them, listing, resending and revoking them, importing many from CSV, and
// accepting one with its token — signed in, or on confirming an account
// registered through the link. It owns the choir_invites table.
package invite

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/auth"
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
}

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
}

// Choir names the choir an invitation is for.
type Choir struct{ ID, Name string }

// Inviter is the administrator who sends an invitation.
type Inviter struct{ ID, Name string }

// Invitee is whom to invite.
type Invitee struct{ Email, FirstName, LastName, Role string }

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
	return u.String(), err
}

func used(status string) error {
	if status == Expired {
		return apperr.New(apperr.Conflict, apperr.CodeInvalidToken, MsgExpired)
	}
	return apperr.New(apperr.Conflict, apperr.CodeInvalidToken, fmt.Sprintf(msgUsed, status))
}

// effective is the status people see: a pending invitation past its term
// has expired, whether or not the clean-up has marked it yet.
func effective(status string, expires, now time.Time) string {
	if status == Pending && !expires.After(now) {
		return Expired
	}
	return status
}

// checkInvitee applies the field rules of an invitation.
func checkInvitee(in Invitee) (Invitee, error) {
	var f apperr.Fields
	var msg string
	in.Email, msg = auth.NormaliseEmail(in.Email)
	f.Add("email", msg)
	in.FirstName, msg = auth.CheckName(in.FirstName, auth.RegistrationNameMax, auth.MsgFirstRequired, auth.MsgFirstTooLong)
	f.Add("firstName", msg)
	in.LastName, msg = auth.CheckName(in.LastName, auth.RegistrationNameMax, auth.MsgLastRequired, auth.MsgLastTooLong)
	f.Add("lastName", msg)
	if !access.ValidMembershipRole(in.Role) {
		f.Add("role", choir.MsgRoleInvalid)
	}
	return in, f.Err()
}

// Create invites someone to a choir and emails them the link, all or nothing.
func (s *Service) Create(ctx context.Context, c Choir, by Inviter, in Invitee) (*Invitation, error) {
	in, err := checkInvitee(in)
	if err != nil {
		return nil, err
	}
	if err := s.allowSend(ctx, c.ID); err != nil {
		return nil, err
	}
	now := s.now()
	inv := &Invitation{ID: uuid.NewString(), ChoirID: c.ID, Email: in.Email, FirstName: in.FirstName, LastName: in.LastName,
		Role: access.Role(in.Role), Status: Pending, CreatedAt: now, SentAt: now, ExpiresAt: now.Add(Lifetime)}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := refuseMember(ctx, tx, c.ID, inv.Email); err != nil {
			return err
		}
		// An invitation past its term is no use once a new one is out.
		if _, err := tx.ExecContext(ctx, `DELETE FROM choir_invites WHERE choir_id = ? AND email = ?
			AND (status = 'expired' OR (status = 'pending' AND expires_at <= ?))`, c.ID, inv.Email, now); err != nil {
			return err
		}
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM choir_invites WHERE choir_id = ? AND email = ? AND status = 'pending'`,
			c.ID, inv.Email).Scan(&open); err != nil {
			return err
		}
		if open > 0 {
			return alreadyInvited()
		}
		token, err := newToken()
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO choir_invites
			(id, choir_id, email, first_name, last_name, role, token_hash, status, invited_by, created_at, sent_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
			inv.ID, c.ID, inv.Email, inv.FirstName, inv.LastName, string(inv.Role), hashToken(token), by.ID, now, now, inv.ExpiresAt); err != nil {
			return err
		}
		return s.send(ctx, tx, c, by, inv, token)
	})
	if db.IsUniqueViolation(err) { // invited by a concurrent request
		return nil, alreadyInvited()
	}
	if err != nil {
		return nil, err
	}
	s.mailer.Kick()
	s.logger.Info("invitation sent", "event", "invitation_created", "choir_id", c.ID, "invitation_id", inv.ID, "by", by.ID)
	return inv, nil
}

func alreadyInvited() error {
	return apperr.New(apperr.Conflict, apperr.CodeEmailAlreadyInvited, MsgAlreadyInvited)
}

// refuseMember refuses an address whose account already belongs to the choir.
func refuseMember(ctx context.Context, q db.Querier, choirID, email string) error {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_choir_membership m JOIN users u ON u.id = m.user_id
		WHERE m.choir_id = ? AND u.email = ?`, choirID, email).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return apperr.New(apperr.Conflict, apperr.CodeAlreadyMember, MsgAlreadyMember)
	}
	return nil
}

// allowSend counts one invitation email against the choir's daily limit.
func (s *Service) allowSend(ctx context.Context, choirID string) error {
	ok, wait, err := s.limit.Allow(ctx, "invite:choir:"+choirID, DailyPerChoir, 24*time.Hour)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Limited(fmt.Sprintf(msgDailyLimit, inWords(wait)), wait)
	}
	return nil
}

// inWords says how long a wait is as people do: whole minutes under an
// hour, whole hours beyond, rounded up so that nobody comes back too soon.
func inWords(d time.Duration) string {
	minutes := max(int((d+time.Minute-1)/time.Minute), 1)
	if minutes < 60 {
		return plural(minutes, "minute")
	}
	return plural((minutes+59)/60, "hour")
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

func roleWithArticle(r access.Role) string {
	if r == access.ChoirAdmin {
		return "a Choir Administrator"
	}
	return "a " + choir.RoleLabel(r)
}

func (s *Service) send(ctx context.Context, q db.Querier, c Choir, by Inviter, inv *Invitation, token string) error {
	msg, err := mail.Invitation(inv.Email, mail.InvitationData{
		FirstName: inv.FirstName, InviterName: by.Name, ChoirName: c.Name, RoleLabel: roleWithArticle(inv.Role),
		Link:    s.cfg.PublicURL("/accept-invite?token=" + url.QueryEscape(token)),
		Expires: inv.ExpiresAt.Format("2 January 2006"),
	})
	if err != nil {
		return err
	}
	return s.mailer.Enqueue(ctx, q, msg)
}

const invitationColumns = `id, choir_id, email, first_name, last_name, role, status, created_at, sent_at, expires_at`

func scanInvitation(row interface{ Scan(...any) error }, now time.Time) (*Invitation, error) {
	var inv Invitation
	var role string
	if err := row.Scan(&inv.ID, &inv.ChoirID, &inv.Email, &inv.FirstName, &inv.LastName, &role, &inv.Status,
		&inv.CreatedAt, &inv.SentAt, &inv.ExpiresAt); err != nil {
		return nil, err
	}
	inv.Role = access.Role(role)
	inv.Status = effective(inv.Status, inv.ExpiresAt, now)
	return &inv, nil
}

// List gives a choir's open invitations, pending and expired, the most
// recently sent first.
func (s *Service) List(ctx context.Context, choirID string) ([]Invitation, error) {
	now := s.now()
	rows, err := s.db.QueryContext(ctx, `SELECT `+invitationColumns+` FROM choir_invites
		WHERE choir_id = ? AND status IN ('pending', 'expired') ORDER BY sent_at DESC, email`, choirID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Invitation{}
	for rows.Next() {
		inv, err := scanInvitation(rows, now)
		if err != nil {
			return nil, err
		}
		out = append(out, *inv)
	}
	return out, rows.Err()
}

// lockInvitation reads one of a choir's invitations for a change.
func lockInvitation(ctx context.Context, tx *db.Tx, choirID, id string, now time.Time) (*Invitation, error) {
	inv, err := scanInvitation(tx.QueryRowContext(ctx, `SELECT `+invitationColumns+` FROM choir_invites
		WHERE id = ? AND choir_id = ?`+tx.ForUpdate(), id, choirID), now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgInvitationGone)
	}
	return inv, err
}

// Resend emails a pending or expired invitation again with a new link and
// a new term; the old link stops working.
func (s *Service) Resend(ctx context.Context, c Choir, by Inviter, id string) (*Invitation, error) {
	if err := s.allowSend(ctx, c.ID); err != nil {
		return nil, err
	}
	now := s.now()
	var inv *Invitation
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if inv, err = lockInvitation(ctx, tx, c.ID, id, now); err != nil {
			return err
		}
		if inv.Status != Pending && inv.Status != Expired {
			return apperr.New(apperr.Conflict, apperr.CodeInviteUpdate, fmt.Sprintf(msgUsed, inv.Status))
		}
		if err := refuseMember(ctx, tx, c.ID, inv.Email); err != nil {
			return err
		}
		token, err := newToken()
		if err != nil {
			return err
		}
		inv.Status, inv.SentAt, inv.ExpiresAt = Pending, now, now.Add(Lifetime)
		if _, err := tx.ExecContext(ctx, `UPDATE choir_invites SET token_hash = ?, status = 'pending', sent_at = ?, expires_at = ?,
			invited_by = ?, reserved_for = NULL WHERE id = ?`, hashToken(token), now, inv.ExpiresAt, by.ID, inv.ID); err != nil {
			return err
		}
		return s.send(ctx, tx, c, by, inv, token)
	})
	if db.IsUniqueViolation(err) {
		return nil, alreadyInvited()
	}
	if err != nil {
		return nil, err
	}
	s.mailer.Kick()
	s.logger.Info("invitation resent", "event", "invitation_resent", "choir_id", c.ID, "invitation_id", id, "by", by.ID)
	return inv, nil
}

// Revoke withdraws a pending or expired invitation; its link stops working.
func (s *Service) Revoke(ctx context.Context, choirID, id string) error {
	now := s.now()
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		inv, err := lockInvitation(ctx, tx, choirID, id, now)
		if err != nil {
			return err
		}
		if inv.Status != Pending && inv.Status != Expired {
			return apperr.New(apperr.Conflict, apperr.CodeInviteUpdate, fmt.Sprintf(msgUsed, inv.Status))
		}
		_, err = tx.ExecContext(ctx, `UPDATE choir_invites SET status = 'revoked' WHERE id = ?`, id)
		return err
	})
	if err == nil {
		s.logger.Info("invitation revoked", "event", "invitation_revoked", "choir_id", choirID, "invitation_id", id)
	}
	return err
}

// Preview is what the invitation page shows to whoever holds the link.
type Preview struct {
	Invitation
	ChoirName string
}

// Preview reads an invitation by its token.
func (s *Service) Preview(ctx context.Context, rawToken string) (*Preview, error) {
	token, err := ParseToken(rawToken)
	if err != nil {
		return nil, err
	}
	p := &Preview{}
	var role string
	err = s.db.QueryRowContext(ctx, `SELECT i.email, i.first_name, i.last_name, i.role, i.status, i.expires_at, c.name
		FROM choir_invites i JOIN choirs c ON c.id = i.choir_id WHERE i.token_hash = ?`, hashToken(token)).
		Scan(&p.Email, &p.FirstName, &p.LastName, &role, &p.Status, &p.ExpiresAt, &p.ChoirName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return nil, err
	}
	p.Role = access.Role(role)
	p.Status = effective(p.Status, p.ExpiresAt, s.now())
	return p, nil
}

// Accepter is the signed-in person accepting an invitation.
type Accepter struct {
	ID, Email      string
	EmailConfirmed bool
}

// Joined is the outcome of an acceptance.
type Joined struct {
	ChoirID, ChoirName string
	Role               access.Role
	AlreadyMember      bool
}

// Accept joins the signed-in user to the invitation's choir with its role
// and marks the invitation accepted, in one transaction; the token works
// once. Only the invited address may accept.
func (s *Service) Accept(ctx context.Context, rawToken string, who Accepter) (*Joined, error) {
	token, err := ParseToken(rawToken)
	if err != nil {
		return nil, err
	}
	now := s.now()
	var out *Joined
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var id, choirID, email, role, status string
		var expires time.Time
		var acceptedBy sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT id, choir_id, email, role, status, expires_at, accepted_by
			FROM choir_invites WHERE token_hash = ?`+tx.ForUpdate(), hashToken(token)).
			Scan(&id, &choirID, &email, &role, &status, &expires, &acceptedBy)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgNotFound)
		}
		if err != nil {
			return err
		}
		switch {
		case status == Accepted && acceptedBy.Valid && acceptedBy.String == who.ID:
			// Accepted by this user before (a second click, another tab).
			out, err = joined(ctx, tx, choirID, who.ID, true)
			return err
		case effective(status, expires, now) != Pending:
			return used(effective(status, expires, now))
		case email != who.Email: // both in NormaliseEmail's one form: no case folding
			return apperr.New(apperr.Forbidden, apperr.CodeEmailMismatch, fmt.Sprintf(msgMismatch, email, who.Email, email))
		case !who.EmailConfirmed:
			return apperr.New(apperr.Forbidden, apperr.CodeEmailMismatch, MsgUnconfirmed)
		}
		out, err = s.join(ctx, tx, id, choirID, access.Role(role), who.ID, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	if !out.AlreadyMember {
		s.logger.Info("invitation accepted", "event", "invitation_accepted", "choir_id", out.ChoirID, "user_id", who.ID)
	}
	return out, nil
}

// join marks a pending invitation accepted and gives the user its
// membership, unless they belong to the choir already; the choir becomes
// the one they last worked in. A refusal may leave the invitation marked in
// tx: the caller rolls back (Accept) or runs join in a savepoint
// (AcceptReserved).
func (s *Service) join(ctx context.Context, tx *db.Tx, id, choirID string, role access.Role, userID string, now time.Time) (*Joined, error) {
	res, err := tx.ExecContext(ctx, `UPDATE choir_invites SET status = 'accepted', accepted_at = ?, accepted_by = ?
		WHERE id = ? AND status = 'pending'`, now, userID, id)
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return nil, apperr.New(apperr.Conflict, apperr.CodeInvalidToken, fmt.Sprintf(msgUsed, Accepted))
	}
	var member int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_choir_membership WHERE choir_id = ? AND user_id = ?`,
		choirID, userID).Scan(&member); err != nil {
		return nil, err
	}
	if member > 0 {
		return joined(ctx, tx, choirID, userID, true)
	}
	// Not a duplicate (just checked, under the invitation's lock): a failing
	// database, or a row inserted meanwhile by another path such as
	// 'cantica admin add-member'.
	if err := choir.AddMembership(ctx, tx, userID, choirID, role, now); err != nil {
		s.logger.Error("invitation: membership not added", "choir_id", choirID, "user_id", userID, "invitation_id", id, "err", err)
		return nil, apperr.New(apperr.Conflict, apperr.CodeMembershipAddFailed, MsgJoinFailed)
	}
	if err := choir.SetLastAccessed(ctx, tx, userID, &choirID); err != nil {
		return nil, err
	}
	return joined(ctx, tx, choirID, userID, false)
}

// joined describes the user's membership of the choir. A membership that
// has been removed since the invitation was accepted makes the invitation
// spent; an inactive one is said to be so, not passed off as a welcome.
func joined(ctx context.Context, tx *db.Tx, choirID, userID string, already bool) (*Joined, error) {
	j := &Joined{ChoirID: choirID, AlreadyMember: already}
	var role string
	var active bool
	err := tx.QueryRowContext(ctx, `SELECT c.name, m.role, m.is_active AND m.status = 'active' FROM choirs c
		JOIN user_choir_membership m ON m.choir_id = c.id AND m.user_id = ? WHERE c.id = ?`, userID, choirID).
		Scan(&j.ChoirName, &role, &active)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, apperr.New(apperr.Conflict, apperr.CodeInvalidToken, MsgNoLongerValid)
	case err != nil:
		return nil, fmt.Errorf("invitation: read the membership of %s in %s: %w", userID, choirID, err)
	case !active:
		return nil, apperr.New(apperr.Conflict, apperr.CodeMembershipInactive, fmt.Sprintf(msgInactive, j.ChoirName))
	}
	j.Role = access.Role(role)
	return j, nil
}

// Reserve remembers that the account just registered with an address came
// through an invitation's link, so that confirming the address joins the
// choir (AcceptReserved). An invitation to another address, or one that is
// no longer pending, is left alone: the registration goes on as usual.
func (s *Service) Reserve(ctx context.Context, rawToken, email string) error {
	token, err := ParseToken(rawToken)
	if err != nil {
		return nil
	}
	now := s.now()
	_, err = s.db.ExecContext(ctx, `UPDATE choir_invites SET reserved_for = (SELECT id FROM users WHERE email = ?)
		WHERE token_hash = ? AND email = ? AND status = 'pending' AND expires_at > ?`,
		email, hashToken(token), email, now)
	return err
}

// AcceptReserved accepts, inside the confirmation's transaction, the
// invitations a newly confirmed account registered through.
func (s *Service) AcceptReserved(ctx context.Context, tx *db.Tx, userID, email string) error {
	now := s.now()
	rows, err := tx.QueryContext(ctx, `SELECT id, choir_id, role FROM choir_invites
		WHERE reserved_for = ? AND email = ? AND status = 'pending' AND expires_at > ?`, userID, email, now)
	if err != nil {
		return err
	}
	type reserved struct{ id, choirID, role string }
	var list []reserved
	for rows.Next() {
		var r reserved
		if err := rows.Scan(&r.id, &r.choirID, &r.role); err != nil {
			rows.Close()
			return err
		}
		list = append(list, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, r := range list {
		// In a savepoint, so that a refusal undoes this invitation's writes
		// only: the invitation stays pending for the page to try again.
		err := tx.Savepoint(ctx, func() error {
			_, err := s.join(ctx, tx, r.id, r.choirID, access.Role(r.role), userID, now)
			return err
		})
		if e, refused := apperr.As(err); refused {
			// Taken meanwhile, or the membership failed; the confirmation still stands.
			s.logger.Warn("invitation not accepted on confirmation", "choir_id", r.choirID, "user_id", userID, "code", e.Code)
			continue
		}
		if err != nil {
			return err
		}
		s.logger.Info("invitation accepted on confirmation", "event", "invitation_accepted", "choir_id", r.choirID, "user_id", userID)
	}
	return nil
}

// ExpireOld marks pending invitations past their term as expired.
func (s *Service) ExpireOld(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE choir_invites SET status = 'expired' WHERE status = 'pending' AND expires_at <= ?`, s.now())
	return err
}
