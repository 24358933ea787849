package auth

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/mail"
)

const (
	MsgNoAccount        = "No account found with this email."
	MsgResetLinkInvalid = "This password reset link is invalid, has expired or was already used. Please request a new one."
	MsgWrongPassword    = "Your current password is incorrect."
)

// ForgotPassword sends a reset link to an account with a password. One
// address gets at most one email a minute (§4.8: the message names the wait).
func (s *Service) ForgotPassword(ctx context.Context, rawEmail string, client Client) error {
	email, err := requireEmail(rawEmail)
	if err != nil {
		return err
	}
	if err := s.limitMail(ctx, "reset", email, client); err != nil {
		return err
	}
	u, err := userByEmail(ctx, s.db, email)
	if errors.Is(err, errNoUser) {
		return notFound(MsgNoAccount)
	}
	if err != nil {
		return err
	}
	if !u.HasPassword() {
		providers, err := identityProviders(ctx, s.db, u.ID)
		if err != nil {
			return err
		}
		if len(providers) > 0 {
			name := ProviderName(providers[0])
			return apperr.New(apperr.Conflict, apperr.CodeOAuthAccount,
				"This email uses "+name+" sign-in. Please use the "+name+" button on the login page.")
		}
	}
	now := s.now()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		token, err := issueToken(ctx, tx, u.ID, purposeResetPassword, "", now, resetPasswordLifetime)
		if err != nil {
			return err
		}
		m, err := mail.ResetPassword(email, u.FirstName, s.cfg.PublicURL("/reset-password?token="+url.QueryEscape(token)))
		if err != nil {
			return fmt.Errorf("auth: write the password reset email of %s: %w", u.ID, err)
		}
		if err := s.mailer.Enqueue(ctx, tx, m); err != nil {
			return fmt.Errorf("auth: queue the password reset email of %s: %w", u.ID, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.mailer.Kick()
	s.logger.Info("auth: password reset requested", "event", "password_reset_requested", "user_id", u.ID, "ip", client.IP)
	return nil
}

// ResetPassword spends a reset link, sets the new password, confirms the
// address (the link proved it) and ends every session of the user. It signs
// nobody in, so two-factor authentication still applies at the next sign-in.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	if p := PasswordProblems(password, true); len(p) > 0 {
		return validationError(map[string]string{"password": strings.Join(p, "\n")}, []string{"password"})
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	now := s.now()
	var userID string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		id, _, err := consumeToken(ctx, tx, strings.TrimSpace(token), purposeResetPassword, now)
		if err != nil {
			return err
		}
		userID = id
		if _, err := tx.ExecContext(ctx,
			`UPDATE users SET password_hash = ?, email_confirmed_at = COALESCE(email_confirmed_at, ?), updated_at = ? WHERE id = ?`,
			hash, now, now, id); err != nil {
			return fmt.Errorf("auth: reset the password of %s: %w", id, err)
		}
		if err := retireTokens(ctx, tx, id, purposeResetPassword, now); err != nil {
			return err
		}
		return endAllSessions(ctx, tx, id, "")
	})
	if errors.Is(err, errTokenInvalid) {
		return apperr.New(apperr.Invalid, apperr.CodeInvalidToken, MsgResetLinkInvalid)
	}
	if err != nil {
		return err
	}
	s.logger.Info("auth: password reset", "event", "password_reset", "user_id", userID)
	return nil
}

// ChangePassword sets a new password after checking the current one, and
// ends every other session of the user.
func (s *Service) ChangePassword(ctx context.Context, u *User, sessionID, current, next string) error {
	if !u.HasPassword() {
		return apperr.New(apperr.Conflict, apperr.CodeNoPassword,
			"Your account signs in with "+s.firstProviderName(ctx, u.ID)+" and has no password to change.")
	}
	var fe apperr.Fields
	if current == "" {
		fe.Add("currentPassword", "Please enter your current password")
	}
	if p := PasswordProblems(next, true); len(p) > 0 {
		fe.Add("newPassword", strings.Join(p, "\n"))
	}
	if err := fe.Err(); err != nil {
		return err
	}
	key := "password:user:" + u.ID
	// Counted before the check, like sign-in attempts (see take).
	if _, wait, err := s.throttle.take(ctx, key, freeFailures); err != nil {
		return err
	} else if wait > 0 {
		return apperr.Limited(apperr.Securityf(wait), wait)
	}
	ok, err := VerifyPassword(current, u.PasswordHash)
	if err != nil {
		return fmt.Errorf("auth: check the password of %s: %w", u.ID, err)
	}
	if !ok {
		return validationError(map[string]string{"currentPassword": MsgWrongPassword}, []string{"currentPassword"})
	}
	if err := s.throttle.forget(ctx, key); err != nil {
		return err
	}
	hash, err := HashPassword(next)
	if err != nil {
		return err
	}
	now := s.now()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?`, hash, now, u.ID); err != nil {
			return fmt.Errorf("auth: change the password of %s: %w", u.ID, err)
		}
		return endAllSessions(ctx, tx, u.ID, sessionID)
	})
	if err == nil {
		s.logger.Info("auth: password changed", "event", "password_changed", "user_id", u.ID)
	}
	return err
}

func (s *Service) firstProviderName(ctx context.Context, userID string) string {
	providers, err := identityProviders(ctx, s.db, userID)
	if err != nil || len(providers) == 0 {
		return "a provider"
	}
	return ProviderName(providers[0])
}
