package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// LoginOutcome is either a new session or, for an account with two-factor
// authentication, a challenge whose secret goes into a short-lived cookie.
type LoginOutcome struct {
	User         *User
	Session      *NewSession // nil while a second factor is needed
	MFAChallenge string      // the challenge's secret, when Session is nil
}

// mfaPending is what a two-factor challenge remembers of the sign-in.
type mfaPending struct {
	Method   string `json:"method"`
	Remember bool   `json:"remember"`
	Restore  bool   `json:"restore,omitempty"` // cancel a pending deletion once the code is right
}

const MsgEmailNotConfirmed = "Please confirm your email address before signing in. Check your inbox for the confirmation link, or send it again."

// Login signs in with email and password. restore cancels the pending
// deletion of the account; without it, signing in to an account waiting for
// its purge is refused with the date (ACCOUNT_DEACTIVATED).
func (s *Service) Login(ctx context.Context, rawEmail, password string, remember, restore bool, client Client) (*LoginOutcome, error) {
	email, msg := NormaliseEmail(rawEmail)
	if msg != "" || password == "" {
		return nil, apperr.New(apperr.Unauthenticated, apperr.CodeAuth, MsgInvalidCredentials)
	}
	// The attempt is counted before the password is checked (see take): on
	// the client address first, so that a paused account costs the address
	// nothing, then on the account.
	accountKey, ipKey := "login:account:"+email, "login:ip:"+client.IP
	wrongPassword := false
	if client.IP != "" {
		ipAttempt, err := s.takeSignInAttempt(ctx, ipKey, ipFailureAllowed, client)
		if err != nil {
			return nil, err
		}
		// Whatever happens next but a wrong password, the address's count
		// goes back.
		defer func() {
			if !wrongPassword {
				if err := s.throttle.giveBack(context.WithoutCancel(ctx), ipAttempt); err != nil {
					s.logger.Error("auth: give back a sign-in attempt", "err", err)
				}
			}
		}()
	}
	if _, err := s.takeSignInAttempt(ctx, accountKey, freeFailures, client); err != nil {
		return nil, err
	}

	u, err := userByEmail(ctx, s.db, email)
	if err != nil && !errors.Is(err, errNoUser) {
		return nil, err
	}
	hash, hashOf := dummyHash(), "nobody"
	if u != nil && u.HasPassword() {
		hash, hashOf = u.PasswordHash, u.ID
	}
	ok, err := VerifyPassword(password, hash)
	if err != nil {
		return nil, fmt.Errorf("auth: check the password of %s: %w", hashOf, err)
	}
	if u == nil || !u.HasPassword() || !ok {
		// Both counts stand: the attempt was a failure.
		wrongPassword = true
		s.logger.Warn("auth: sign-in failed", "event", "sign_in_failed", "ip", client.IP, "known_account", u != nil)
		return nil, apperr.New(apperr.Unauthenticated, apperr.CodeAuth, MsgInvalidCredentials)
	}
	if err := s.throttle.forget(ctx, accountKey); err != nil {
		return nil, err
	}
	if !u.EmailConfirmed {
		s.logger.Info("auth: sign-in before confirmation", "event", "sign_in_unconfirmed", "user_id", u.ID)
		return nil, apperr.New(apperr.Forbidden, apperr.CodeEmailNotConfirmed, MsgEmailNotConfirmed)
	}
	return s.finishSignIn(ctx, u, "password", remember, restore, client)
}

// takeSignInAttempt counts a sign-in attempt on key, or refuses it while
// key is paused.
func (s *Service) takeSignInAttempt(ctx context.Context, key string, free int, client Client) (attempt, error) {
	a, wait, err := s.throttle.take(ctx, key, free)
	if err != nil || wait == 0 {
		return a, err
	}
	s.logger.Warn("auth: sign-in paused", "event", "sign_in_throttled", "ip", client.IP)
	return a, apperr.Limited(fmt.Sprintf(
		"Too many failed sign-in attempts. For security purposes, please try again after %d seconds.", apperr.Seconds(wait)), wait)
}

// finishSignIn starts a session, or a two-factor challenge when the
// account has one. Password and social sign-in both end here.
func (s *Service) finishSignIn(ctx context.Context, u *User, method string, remember, restore bool, client Client) (*LoginOutcome, error) {
	now := s.now()
	if err := refuseDeactivated(ctx, s.db, u.ID, restore); err != nil {
		return nil, err
	}
	if u.MFAEnabled {
		data, _ := json.Marshal(mfaPending{Method: method, Remember: remember, Restore: restore})
		secret, err := issueToken(ctx, s.db, u.ID, purposeMFA, string(data), now, MFAChallengeLifetime)
		if err != nil {
			return nil, err
		}
		s.logger.Info("auth: second factor requested", "event", "mfa_challenge", "user_id", u.ID, "method", method)
		return &LoginOutcome{User: u, MFAChallenge: secret}, nil
	}
	var sess *NewSession
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.restoreIf(ctx, tx, u.ID, restore, now); err != nil {
			return err
		}
		var err error
		sess, err = startSession(ctx, tx, u.ID, method, remember, client, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.logger.Info("auth: signed in", "event", "sign_in", "user_id", u.ID, "method", method, "remember", remember, "ip", client.IP)
	return &LoginOutcome{User: u, Session: sess}, nil
}

// MFAPending says whether a challenge secret is still waiting for a code.
func (s *Service) MFAPending(ctx context.Context, challenge string) (bool, error) {
	if challenge == "" {
		return false, nil
	}
	var n int
	err := s.db.QueryRowContext(ctx,
		`SELECT COUNT(*) FROM auth_tokens WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`,
		hashSecret(challenge), purposeMFA, s.now()).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("auth: read a two-factor challenge: %w", err)
	}
	return n > 0, nil
}

const (
	MsgMFAExpired   = "Your sign-in has expired. Please sign in again."
	mfaFreeFailures = 4
)

// Wrong authenticator or recovery codes are counted per account, wherever
// a code is asked for (sign-in, turning two-factor on or off, new recovery
// codes), so six digits cannot be guessed through any of them: a few
// mistakes are free, then each pauses the account's codes for longer.
func mfaThrottleKey(userID string) string { return "mfa:user:" + userID }

// takeMFAAttempt counts a code before it is checked (see take), or refuses
// it while the account's codes are paused.
func (s *Service) takeMFAAttempt(ctx context.Context, userID string) (attempt, error) {
	a, wait, err := s.throttle.take(ctx, mfaThrottleKey(userID), mfaFreeFailures)
	if err != nil || wait == 0 {
		return a, err
	}
	return a, apperr.Limited(fmt.Sprintf(
		"Too many wrong codes. For security purposes, please try again after %d seconds.", apperr.Seconds(wait)), wait)
}

// VerifyMFA finishes a sign-in with an authenticator or recovery code.
func (s *Service) VerifyMFA(ctx context.Context, challenge, code string, client Client) (*LoginOutcome, error) {
	now := s.now()
	var userID string
	err := s.db.QueryRowContext(ctx,
		`SELECT user_id FROM auth_tokens WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`,
		hashSecret(challenge), purposeMFA, now).Scan(&userID)
	if err != nil || challenge == "" {
		return nil, apperr.New(apperr.Unauthenticated, apperr.CodeAuth, MsgMFAExpired)
	}
	counted, err := s.takeMFAAttempt(ctx, userID)
	if err != nil {
		return nil, err
	}
	var outcome *LoginOutcome
	wrong := false
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		ok, err := s.checkSecondFactor(ctx, tx, userID, code, true)
		if err != nil {
			return err
		}
		if !ok {
			wrong = true
			return invalidCode()
		}
		_, data, err := consumeToken(ctx, tx, challenge, purposeMFA, now)
		if err != nil {
			return apperr.New(apperr.Unauthenticated, apperr.CodeAuth, MsgMFAExpired)
		}
		var pending mfaPending
		if err := json.Unmarshal([]byte(data), &pending); err != nil {
			return fmt.Errorf("auth: decode the pending sign-in of %s: %w", userID, err)
		}
		if err := s.restoreIf(ctx, tx, userID, pending.Restore, now); err != nil {
			return err
		}
		sess, err := startSession(ctx, tx, userID, pending.Method, pending.Remember, client, now)
		if err != nil {
			return err
		}
		u, err := userByID(ctx, tx, userID)
		if err != nil {
			return err
		}
		outcome = &LoginOutcome{User: u, Session: sess}
		return nil
	})
	if err := s.countCode(ctx, counted, wrong, err, "user_id", userID, "ip", client.IP); err != nil {
		return nil, err
	}
	s.logger.Info("auth: signed in with second factor", "event", "sign_in", "user_id", userID,
		"method", outcome.Session.Method, "mfa", true, "ip", client.IP)
	return outcome, nil
}

// restoreIf restores userID's account when the sign-in asked to.
func (s *Service) restoreIf(ctx context.Context, tx *db.Tx, userID string, restore bool, now time.Time) error {
	if !restore {
		return nil
	}
	restored, err := restoreAccount(ctx, tx, userID, now)
	if restored {
		s.logger.Info("auth: account restored", "event", "account_restored", "user_id", userID)
	}
	return err
}
