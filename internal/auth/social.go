package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/auth/oidc"
	"github.com/cantica/cantica/internal/db"
)

// MsgOtherBrowser refuses a provider's answer that reached a browser other
// than the one that began the sign-in.
const MsgOtherBrowser = "This sign-in was not started in this browser, or took too long. Please start signing in again."

// MsgProviderEmailUnverified refuses a sign-up through a provider that does
// not confirm the address it gave.
func MsgProviderEmailUnverified(providerName string) string {
	return providerName + " did not confirm that this email address is yours, so no account was created. " +
		"Please register with your email and password, or continue with a provider that confirms your address."
}

// SocialSignInLifetime is how long a social sign-in may take between
// BeginSocial and FinishSocial; the browser's binding need live no longer.
const SocialSignInLifetime = oidc.StateLifetime

// SocialEnabled says whether a provider is configured.
func (s *Service) SocialEnabled(provider string) bool { return s.oidc.Enabled(provider) }

// BeginSocial returns the provider URL to send the browser to, and the
// binding that browser must keep (in a cookie) and bring back to
// FinishSocial. With a signed-in user it links the provider to that account
// instead of signing in.
func (s *Service) BeginSocial(ctx context.Context, provider string, linkUser *User, remember bool) (authURL, binding string, err error) {
	opts := oidc.BeginOptions{Provider: provider, Remember: remember}
	if linkUser != nil {
		opts.LinkUserID = linkUser.ID
	}
	authURL, binding, err = s.oidc.Begin(ctx, opts)
	if err != nil {
		return "", "", s.socialError(provider, err)
	}
	return authURL, binding, nil
}

// SocialOutcome is the result of coming back from a provider: a sign-in, or
// a provider linked to the signed-in account.
type SocialOutcome struct {
	Login    *LoginOutcome
	Linked   bool
	Provider string
	// ReauthProof is the secret of a re-authentication's proof (see
	// reauth.go), for the caller to keep in the browser; "" otherwise.
	ReauthProof string
}

// FinishSocial checks the provider's answer and signs in, signs up or links.
// Signing up needs an address the provider vouches for.
// binding is what the browser kept from BeginSocial; without it the answer
// is refused, so a callback link cannot sign another browser in. An
// identity is found by issuer and subject only; an existing account is
// joined by email only when the provider vouches for the address and the
// account's address is confirmed too.
func (s *Service) FinishSocial(ctx context.Context, provider, code, state, binding string, current *User, client Client) (*SocialOutcome, error) {
	res, err := s.oidc.Finish(ctx, provider, code, state, binding)
	if err != nil {
		s.logger.Warn("auth: social sign-in refused", "event", "social_sign_in_failed", "provider", provider, "err", err)
		return nil, s.socialError(provider, err)
	}
	name := ProviderName(provider)
	now := s.now()

	if res.ReauthUserID != "" {
		proof, err := s.finishReauth(ctx, res, current)
		if err != nil {
			return nil, err
		}
		return &SocialOutcome{Provider: provider, ReauthProof: proof}, nil
	}
	if res.LinkUserID != "" {
		if current == nil || current.ID != res.LinkUserID {
			return nil, apperr.New(apperr.Unauthenticated, apperr.CodeAuth, "Please sign in again to connect "+name+".")
		}
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			owner, err := identityOwner(ctx, tx, res.Issuer, res.Subject)
			if err != nil {
				return err
			}
			switch owner {
			case current.ID:
				return nil // already connected
			case "":
				return insertIdentity(ctx, tx, current.ID, res, now)
			default:
				return apperr.New(apperr.Conflict, apperr.CodeIdentityInUse, "This "+name+" account is already connected to another Cantica account.")
			}
		})
		if err != nil {
			return nil, err
		}
		s.logger.Info("auth: provider connected", "event", "identity_linked", "user_id", current.ID, "provider", provider)
		return &SocialOutcome{Linked: true, Provider: provider}, nil
	}

	var userID string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		owner, err := identityOwner(ctx, tx, res.Issuer, res.Subject)
		if err != nil {
			return err
		}
		if owner != "" {
			userID = owner
			if _, err := tx.ExecContext(ctx, `UPDATE identities SET last_sign_in_at = ? WHERE issuer = ? AND subject = ?`, now, res.Issuer, res.Subject); err != nil {
				return fmt.Errorf("auth: note the %s sign-in of %s: %w", provider, owner, err)
			}
			return nil
		}
		email, msg := NormaliseEmail(res.Email)
		if msg != "" {
			return apperr.New(apperr.Invalid, apperr.CodeAuth, name+" did not share a usable email address with Cantica.")
		}
		existing, err := userByEmail(ctx, tx, email)
		switch {
		case err == nil:
			if !res.EmailVerified || !existing.EmailConfirmed {
				return apperr.New(apperr.Conflict, apperr.CodeAccountExists, "An account with this email already exists. "+
					"Sign in with your email and password, then connect "+name+" under Connected Accounts.")
			}
			userID = existing.ID
			return insertIdentity(ctx, tx, existing.ID, res, now)
		case errors.Is(err, errNoUser):
			// A new account would own the address, and keep its real owner
			// from registering it: only when the provider vouches for it.
			// (Microsoft never does; its sign-in connects to an account
			// that exists.)
			if !res.EmailVerified {
				s.logger.Info("auth: sign-up with an unconfirmed provider address refused", "event", "social_sign_up_refused", "provider", provider)
				return apperr.New(apperr.Forbidden, apperr.CodeEmailNotVerified, MsgProviderEmailUnverified(name))
			}
			userID = uuid.NewString()
			first, last := socialNames(res)
			if err := insertUser(ctx, tx, newUser{ID: userID, Email: email, Confirmed: true, FirstName: first, LastName: last}, now); err != nil {
				return err
			}
			s.logger.Info("auth: registered through a provider", "event", "register", "user_id", userID, "provider", provider)
			return insertIdentity(ctx, tx, userID, res, now)
		default:
			return err
		}
	})
	if err != nil {
		return nil, err
	}
	u, err := userByID(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	login, err := s.finishSignIn(ctx, u, provider, res.Remember, false, client)
	if err != nil {
		return nil, err
	}
	return &SocialOutcome{Login: login, Provider: provider}, nil
}

// socialError words a provider failure for the person signing in; the
// cause goes to the log only.
func (s *Service) socialError(provider string, err error) error {
	name := ProviderName(provider)
	switch {
	case errors.Is(err, oidc.ErrInvalidState):
		return apperr.New(apperr.Invalid, apperr.CodeInvalidState, "This sign-in attempt has expired or was already used. Please try again.")
	case errors.Is(err, oidc.ErrOtherBrowser):
		return apperr.New(apperr.Invalid, apperr.CodeInvalidState, MsgOtherBrowser)
	case errors.Is(err, oidc.ErrUnknownProvider), errors.Is(err, oidc.ErrProviderDisabled):
		return apperr.New(apperr.NotFound, apperr.CodeNotFound, name+" sign-in is not available on this server.")
	case errors.Is(err, oidc.ErrProviderUnavailable):
		return apperr.New(apperr.Unauthenticated, apperr.CodeProviderUnavailable, name+" could not be reached. Please try again in a moment.")
	case errors.Is(err, oidc.ErrTokenRejected):
		return apperr.New(apperr.Unauthenticated, apperr.CodeAuth, name+" sign-in could not be verified. Please try again.")
	}
	return err
}

func socialNames(res oidc.Result) (string, string) {
	first, last := strings.TrimSpace(res.GivenName), strings.TrimSpace(res.FamilyName)
	if first == "" && last == "" {
		first, last, _ = strings.Cut(strings.TrimSpace(res.Name), " ")
	}
	return truncate(first, ProfileNameMax), truncate(last, ProfileNameMax)
}

func identityOwner(ctx context.Context, q db.Querier, issuer, subject string) (string, error) {
	var userID string
	err := q.QueryRowContext(ctx, `SELECT user_id FROM identities WHERE issuer = ? AND subject = ?`, issuer, subject).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("auth: read the owner of a %s identity: %w", issuer, err)
	}
	return userID, nil
}

func insertIdentity(ctx context.Context, q db.Querier, userID string, res oidc.Result, now time.Time) error {
	email, _ := NormaliseEmail(res.Email) // shown under Connected Accounts, in the form addresses are compared in
	_, err := q.ExecContext(ctx, `INSERT INTO identities (id, user_id, provider, issuer, subject, email, created_at, last_sign_in_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, uuid.NewString(), userID, res.Provider, res.Issuer, res.Subject, email, now, now)
	if err != nil {
		return fmt.Errorf("auth: connect %s to %s: %w", res.Provider, userID, err)
	}
	return nil
}

// Identity is a provider connected to an account.
type Identity struct {
	ID, Provider, Email string
	CreatedAt           time.Time
}

// ListIdentities returns the providers connected to an account.
func (s *Service) ListIdentities(ctx context.Context, userID string) ([]Identity, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT id, provider, email, created_at FROM identities WHERE user_id = ? ORDER BY created_at`, userID)
	if err != nil {
		return nil, fmt.Errorf("auth: list the identities of %s: %w", userID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Identity, error) {
		var i Identity
		err := row.Scan(&i.ID, &i.Provider, &i.Email, &i.CreatedAt)
		return i, err
	})
	if err != nil {
		return nil, fmt.Errorf("auth: read the identities of %s: %w", userID, err)
	}
	return out, nil
}

// UnlinkIdentity disconnects a provider, but never the last way to sign in.
func (s *Service) UnlinkIdentity(ctx context.Context, u *User, identityID string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var provider string
		err := tx.QueryRowContext(ctx, `SELECT provider FROM identities WHERE id = ? AND user_id = ?`, identityID, u.ID).Scan(&provider)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("Connected account not found.")
		}
		if err != nil {
			return fmt.Errorf("auth: read identity %s: %w", identityID, err)
		}
		var others int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM identities WHERE user_id = ? AND id <> ?`, u.ID, identityID).Scan(&others); err != nil {
			return fmt.Errorf("auth: count the other identities of %s: %w", u.ID, err)
		}
		if others == 0 && !u.HasPassword() {
			return apperr.New(apperr.Conflict, apperr.CodeLastSignInMethod,
				"You can't disconnect "+ProviderName(provider)+": it is your only way to sign in. Connect another account first.")
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM identities WHERE id = ? AND user_id = ?`, identityID, u.ID); err != nil {
			return fmt.Errorf("auth: disconnect identity %s: %w", identityID, err)
		}
		s.logger.Info("auth: provider disconnected", "event", "identity_unlinked", "user_id", u.ID, "provider", provider)
		return nil
	})
}
