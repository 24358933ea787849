package invite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
)

// This file accepts invitations: showing one to whoever holds its link,
// accepting it signed in, and reserving it for an account registered
// through the link, which joins the choir when its address is confirmed.

func used(status string) error {
	if status == Expired {
		return apperr.New(apperr.Conflict, apperr.CodeInvalidToken, MsgExpired)
	}
	return apperr.New(apperr.Conflict, apperr.CodeInvalidToken, fmt.Sprintf(msgUsed, status))
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
		return nil, fmt.Errorf("invite: read an invitation by its token: %w", err) // never the token itself
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
			return fmt.Errorf("invite: load an invitation by its token for %s: %w", who.ID, err)
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
		return nil, fmt.Errorf("invite: mark invitation %s accepted: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return nil, apperr.New(apperr.Conflict, apperr.CodeInvalidToken, fmt.Sprintf(msgUsed, Accepted))
	}
	var member int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_choir_membership WHERE choir_id = ? AND user_id = ?`,
		choirID, userID).Scan(&member); err != nil {
		return nil, fmt.Errorf("invite: read whether %s belongs to %s: %w", userID, choirID, err)
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
		return nil, fmt.Errorf("invite: read the membership of %s in %s: %w", userID, choirID, err)
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
	if _, err := s.db.ExecContext(ctx, `UPDATE choir_invites SET reserved_for = (SELECT id FROM users WHERE email = ?)
		WHERE token_hash = ? AND email = ? AND status = 'pending' AND expires_at > ?`,
		email, hashToken(token), email, now); err != nil {
		return fmt.Errorf("invite: reserve an invitation by its token: %w", err)
	}
	return nil
}

// AcceptReserved accepts, inside the confirmation's transaction, the
// invitations a newly confirmed account registered through.
func (s *Service) AcceptReserved(ctx context.Context, tx *db.Tx, userID, email string) error {
	now := s.now()
	rows, err := tx.QueryContext(ctx, `SELECT id, choir_id, role FROM choir_invites
		WHERE reserved_for = ? AND email = ? AND status = 'pending' AND expires_at > ?`, userID, email, now)
	if err != nil {
		return fmt.Errorf("invite: list the invitations reserved for %s: %w", userID, err)
	}
	type reserved struct{ id, choirID, role string }
	list, err := db.All(rows, func(row db.Scanner) (reserved, error) {
		var r reserved
		err := row.Scan(&r.id, &r.choirID, &r.role)
		return r, err
	})
	if err != nil {
		return fmt.Errorf("invite: read the invitations reserved for %s: %w", userID, err)
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
