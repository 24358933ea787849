package auth

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/auth/oidc"
)

// Re-authentication: a person whose account has no password confirms an
// action that cannot be undone (deleting the account) by signing in with
// their provider again. The provider is asked for a fresh sign-in; when it
// answers with an identity connected to the signed-in account, a proof is
// left: a secret the browser keeps (the caller puts it in a cookie), good
// for ReauthProofLifetime and for one use, by that account only. The
// database keeps only its SHA-256.

// ReauthProofLifetime is how long a re-authentication stays good for.
const ReauthProofLifetime = 10 * time.Minute

// MsgConfirmWithProvider asks an account without a password to confirm with
// its provider, whose name is given.
func MsgConfirmWithProvider(providerName string) string {
	return "Your account signs in with " + providerName + " and has no password. To confirm that it is you, choose “Confirm with " +
		providerName + "” and sign in there again, then delete your account within 10 minutes."
}

// ReauthProviders lists the providers connected to u's account that this
// server can ask, in the order they were connected.
func (s *Service) ReauthProviders(ctx context.Context, userID string) ([]string, error) {
	providers, err := identityProviders(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, p := range providers {
		if s.oidc.Enabled(p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out, nil
}

// BeginReauth starts u's fresh sign-in with provider; see BeginSocial.
func (s *Service) BeginReauth(ctx context.Context, provider string, u *User) (authURL, binding string, err error) {
	authURL, binding, err = s.oidc.Begin(ctx, oidc.BeginOptions{Provider: provider, ReauthUserID: u.ID})
	if err != nil {
		return "", "", s.socialError(provider, err)
	}
	return authURL, binding, nil
}

// IsReauth says whether a provider's answer carrying state belongs to a
// re-authentication, without using the state up.
func (s *Service) IsReauth(ctx context.Context, provider, state string) bool {
	return s.oidc.IsReauth(ctx, provider, state)
}

// finishReauth checks that the provider's answer is a sign-in of current's
// own connected identity and leaves the proof, whose secret it returns.
func (s *Service) finishReauth(ctx context.Context, res oidc.Result, current *User) (string, error) {
	name := ProviderName(res.Provider)
	if current == nil || current.ID != res.ReauthUserID {
		return "", apperr.New(apperr.Unauthenticated, apperr.CodeAuth, "Please sign in again, then confirm with "+name+".")
	}
	owner, err := identityOwner(ctx, s.db, res.Issuer, res.Subject)
	if err != nil {
		return "", err
	}
	if owner != current.ID {
		s.logger.Warn("auth: re-authentication with another account refused", "event", "reauth_refused", "user_id", current.ID, "provider", res.Provider)
		return "", apperr.New(apperr.Forbidden, apperr.CodeAuth, "This "+name+" account is not connected to your Cantica account. "+
			"Sign in to "+name+" with the account you use for Cantica and try again.")
	}
	secret, now := newSecret(), s.now()
	if _, err := s.db.ExecContext(ctx, `INSERT INTO reauth_proofs (proof_hash, user_id, provider, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		hashSecret(secret), current.ID, res.Provider, now, now.Add(ReauthProofLifetime)); err != nil {
		return "", fmt.Errorf("auth: keep the re-authentication of %s: %w", current.ID, err)
	}
	s.logger.Info("auth: re-authenticated with a provider", "event", "reauth", "user_id", current.ID, "provider", res.Provider)
	return secret, nil
}

// ConsumeReauthProof spends u's proof: true when proof is u's, unused and
// within its lifetime. The guarded UPDATE makes it single-use: of requests
// racing with one proof, one sees the row change.
func (s *Service) ConsumeReauthProof(ctx context.Context, u *User, proof string) (bool, error) {
	if proof == "" || len(proof) > 200 {
		return false, nil
	}
	now := s.now()
	res, err := s.db.ExecContext(ctx, `UPDATE reauth_proofs SET used_at = ? WHERE proof_hash = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?`,
		now, hashSecret(proof), u.ID, now)
	if err != nil {
		return false, fmt.Errorf("auth: use the re-authentication of %s: %w", u.ID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("auth: use the re-authentication of %s: %w", u.ID, err)
	}
	return n == 1, nil
}
