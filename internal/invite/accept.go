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
// accepting it signed in, and joining on registering through the link.

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
// (JoinOnRegistration).
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
	// The voice parts the invitation names come with the membership.
	rows, err := tx.QueryContext(ctx, `SELECT musical_role_id FROM choir_invite_musical_roles WHERE invite_id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("invite: list the voice parts of invitation %s: %w", id, err)
	}
	parts, err := db.All(rows, func(row db.Scanner) (string, error) {
		var part string
		err := row.Scan(&part)
		return part, err
	})
	if err != nil {
		return nil, fmt.Errorf("invite: read the voice parts of invitation %s: %w", id, err)
	}
	if err := choir.GiveVoiceParts(ctx, tx, userID, choirID, parts); err != nil {
		return nil, err
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

// JoinOnRegistration runs inside the transaction that registers an
// account through an invitation's link (rawToken). The link was emailed to
// the invited address, so when the account's address is that one the
// invitation vouches for it: the account needs no confirmation email, and
// it joins the choir with the invitation's role and voice parts. The join
// runs in a savepoint, so that a refusal (the membership could not be
// added) undoes its writes only: the address is proven all the same, and
// the invitation stays pending for the invitation page to try again.
// Any other token (malformed, unknown, used, expired, or addressed to
// someone else) vouches for nothing and leaves an ordinary registration.
func (s *Service) JoinOnRegistration(ctx context.Context, tx *db.Tx, rawToken, userID, email string) (vouched bool, j *Joined, err error) {
	token, err := ParseToken(rawToken)
	if err != nil {
		return false, nil, nil
	}
	now := s.now()
	var id, choirID, invited, role, status string
	var expires time.Time
	err = tx.QueryRowContext(ctx, `SELECT id, choir_id, email, role, status, expires_at
		FROM choir_invites WHERE token_hash = ?`+tx.ForUpdate(), hashToken(token)).
		Scan(&id, &choirID, &invited, &role, &status, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil, nil
	}
	if err != nil {
		return false, nil, fmt.Errorf("invite: load the invitation a registration came through: %w", err) // never the token
	}
	if invited != email || effective(status, expires, now) != Pending {
		return false, nil, nil
	}
	err = tx.Savepoint(ctx, func() error {
		var err error
		j, err = s.join(ctx, tx, id, choirID, access.Role(role), userID, now)
		return err
	})
	if e, refused := apperr.As(err); refused {
		s.logger.Warn("invitation not accepted on registration", "choir_id", choirID, "user_id", userID, "code", e.Code)
		return true, nil, nil
	}
	if err != nil {
		return false, nil, err
	}
	s.logger.Info("invitation accepted on registration", "event", "invitation_accepted", "choir_id", choirID, "user_id", userID)
	return true, j, nil
}
