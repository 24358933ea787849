package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// A person who asked for their account to be deleted (package privacy) is
// deactivated at once: signed out everywhere, their memberships set aside
// (status 'deactivated'), and purged on purge_at. Signing in with the
// password and asking to restore the account before then undoes it all.

// MsgDeactivated is what signing in to an account waiting for its purge says.
func MsgDeactivated(purgeAt time.Time) string {
	return "This account is scheduled for deletion on " + purgeAt.UTC().Format("2 January 2006") +
		". To cancel the deletion and sign in, choose “Restore my account”."
}

// MsgWrongConfirmPassword answers a deletion confirmed with a wrong password.
const MsgWrongConfirmPassword = "The password is incorrect."

// deactivatedUntil is when userID's account is purged, or zero when it is active.
func deactivatedUntil(ctx context.Context, q db.Querier, userID string) (time.Time, error) {
	var purgeAt sql.NullTime
	err := q.QueryRowContext(ctx, `SELECT purge_at FROM users WHERE id = ? AND deactivated_at IS NOT NULL`, userID).Scan(&purgeAt)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("auth: read whether account %s is deactivated: %w", userID, err)
	}
	return purgeAt.Time, nil
}

// refuseDeactivated refuses a sign-in to a deactivated account unless the
// person asked to restore it.
func refuseDeactivated(ctx context.Context, q db.Querier, userID string, restore bool) error {
	purgeAt, err := deactivatedUntil(ctx, q, userID)
	if err != nil || purgeAt.IsZero() || restore {
		return err
	}
	return apperr.New(apperr.Forbidden, apperr.CodeAccountDeactivated, MsgDeactivated(purgeAt))
}

// restoreAccount cancels a pending deletion: the account and the
// memberships it set aside are active again. The purge job finds no
// deactivated account under its request and does nothing.
func restoreAccount(ctx context.Context, q db.Querier, userID string, now time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE users SET deactivated_at = NULL, purge_at = NULL, deletion_request = NULL, updated_at = ?
		WHERE id = ? AND deactivated_at IS NOT NULL`, now, userID)
	if err != nil {
		return false, fmt.Errorf("auth: restore account %s: %w", userID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	if _, err := q.ExecContext(ctx, `UPDATE user_choir_membership SET status = 'active' WHERE user_id = ? AND status = 'deactivated'`, userID); err != nil {
		return false, fmt.Errorf("auth: restore the memberships of %s: %w", userID, err)
	}
	return true, nil
}

// ConfirmPassword checks the signed-in user's password before an action
// that cannot be undone, counting wrong attempts like a sign-in. An account
// without a password is told to confirm with a fresh sign-in at its
// provider instead (reauth.go).
func (s *Service) ConfirmPassword(ctx context.Context, u *User, password string) error {
	if !u.HasPassword() {
		return apperr.New(apperr.Conflict, apperr.CodeNoPassword, MsgConfirmWithProvider(s.firstProviderName(ctx, u.ID)))
	}
	if password == "" {
		return validationError(map[string]string{"password": "Please enter your password"}, []string{"password"})
	}
	if len(password) > MaxPasswordLength {
		return validationError(map[string]string{"password": MsgWrongConfirmPassword}, []string{"password"})
	}
	key := "password:user:" + u.ID
	if _, wait, err := s.throttle.take(ctx, key, freeFailures); err != nil {
		return err
	} else if wait > 0 {
		return apperr.Limited(apperr.Securityf(wait), wait)
	}
	ok, err := VerifyPassword(password, u.PasswordHash)
	if err != nil {
		return fmt.Errorf("auth: check the password of %s: %w", u.ID, err)
	}
	if !ok {
		return validationError(map[string]string{"password": MsgWrongConfirmPassword}, []string{"password"})
	}
	return s.throttle.forget(ctx, key)
}

// EndAllSessions signs userID out everywhere, through q.
func EndAllSessions(ctx context.Context, q db.Querier, userID string) error {
	return endAllSessions(ctx, q, userID, "")
}
