package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

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
}

const MsgEmailNotConfirmed = "Please confirm your email address before signing in. Check your inbox for the confirmation link, or send it again."

// Login signs in with email and password.
func (s *Service) Login(ctx context.Context, rawEmail, password string, remember bool, client Client) (*LoginOutcome, error) {
	email, msg := NormaliseEmail(rawEmail)
	if msg != "" || password == "" {
		return nil, apperr.New(apperr.Unauthenticated, "AUTH_ERROR", MsgInvalidCredentials)
	}
	accountKey, ipKey := "login:account:"+email, "login:ip:"+client.IP
	for _, key := range []string{accountKey, ipKey} {
		wait, err := s.throttle.blocked(ctx, key)
		if err != nil {
			return nil, err
		}
		if wait > 0 {
			s.logger.Warn("auth: sign-in paused", "event", "sign_in_throttled", "ip", client.IP)
			return nil, apperr.Limited(fmt.Sprintf(
				"Too many failed sign-in attempts. For security purposes, please try again after %d seconds.", apperr.Seconds(wait)), wait)
		}
	}

	u, err := userByEmail(ctx, s.db, email)
	if err != nil && !errors.Is(err, errNoUser) {
		return nil, err
	}
	hash := dummyHash
	if u != nil && u.HasPassword() {
		hash = u.PasswordHash
	}
	ok, err := VerifyPassword(password, hash)
	if err != nil {
		return nil, err
	}
	if u == nil || !u.HasPassword() || !ok {
		if err := s.throttle.failed(ctx, accountKey, freeFailures); err != nil {
			return nil, err
		}
		if client.IP != "" {
			if err := s.throttle.failed(ctx, ipKey, ipFailureAllowed); err != nil {
				return nil, err
			}
		}
		s.logger.Warn("auth: sign-in failed", "event", "sign_in_failed", "ip", client.IP, "known_account", u != nil)
		return nil, apperr.New(apperr.Unauthenticated, "AUTH_ERROR", MsgInvalidCredentials)
	}
	if err := s.throttle.forget(ctx, accountKey); err != nil {
		return nil, err
	}
	if !u.EmailConfirmed {
		s.logger.Info("auth: sign-in before confirmation", "event", "sign_in_unconfirmed", "user_id", u.ID)
		return nil, apperr.New(apperr.Forbidden, "EMAIL_NOT_CONFIRMED", MsgEmailNotConfirmed)
	}
	return s.finishSignIn(ctx, u, "password", remember, client)
}

// finishSignIn starts a session, or a two-factor challenge when the
// account has one. Password and social sign-in both end here.
func (s *Service) finishSignIn(ctx context.Context, u *User, method string, remember bool, client Client) (*LoginOutcome, error) {
	now := s.now()
	if u.MFAEnabled {
		data, _ := json.Marshal(mfaPending{Method: method, Remember: remember})
		secret, err := issueToken(ctx, s.db, u.ID, purposeMFA, string(data), now, MFAChallengeLifetime)
		if err != nil {
			return nil, err
		}
		s.logger.Info("auth: second factor requested", "event", "mfa_challenge", "user_id", u.ID, "method", method)
		return &LoginOutcome{User: u, MFAChallenge: secret}, nil
	}
	sess, err := startSession(ctx, s.db, u.ID, method, remember, client, now)
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
	return n > 0, err
}

const (
	MsgMFAExpired     = "Your sign-in has expired. Please sign in again."
	MsgMFAInvalidCode = "Invalid verification code. Please try again."
	mfaFreeFailures   = 4
)

// Wrong authenticator or recovery codes are counted per account, wherever
// a code is asked for (sign-in, turning two-factor on or off, new recovery
// codes), so six digits cannot be guessed through any of them: a few
// mistakes are free, then each pauses the account's codes for longer.
func mfaThrottleKey(userID string) string { return "mfa:user:" + userID }

// mfaPaused refuses a code while the account's codes are paused.
func (s *Service) mfaPaused(ctx context.Context, userID string) error {
	wait, err := s.throttle.blocked(ctx, mfaThrottleKey(userID))
	if err != nil {
		return err
	}
	if wait > 0 {
		return apperr.Limited(fmt.Sprintf(
			"Too many wrong codes. For security purposes, please try again after %d seconds.", apperr.Seconds(wait)), wait)
	}
	return nil
}

// mfaCodeWrong counts a wrong code. It writes outside any transaction that
// checked the code, so the count survives that transaction's rollback.
func (s *Service) mfaCodeWrong(ctx context.Context, userID string) error {
	return s.throttle.failed(ctx, mfaThrottleKey(userID), mfaFreeFailures)
}

// mfaCodeRight clears the count once a right code shows the user holds the
// authenticator (or a recovery code).
func (s *Service) mfaCodeRight(ctx context.Context, userID string) error {
	return s.throttle.forget(ctx, mfaThrottleKey(userID))
}

// VerifyMFA finishes a sign-in with an authenticator or recovery code.
func (s *Service) VerifyMFA(ctx context.Context, challenge, code string, client Client) (*LoginOutcome, error) {
	now := s.now()
	var userID string
	err := s.db.QueryRowContext(ctx,
		`SELECT user_id FROM auth_tokens WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`,
		hashSecret(challenge), purposeMFA, now).Scan(&userID)
	if err != nil || challenge == "" {
		return nil, apperr.New(apperr.Unauthenticated, "AUTH_ERROR", MsgMFAExpired)
	}
	if err := s.mfaPaused(ctx, userID); err != nil {
		return nil, err
	}
	var outcome *LoginOutcome
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		ok, err := s.checkSecondFactor(ctx, tx, userID, code, true)
		if err != nil || !ok {
			return err
		}
		_, data, err := consumeToken(ctx, tx, challenge, purposeMFA, now)
		if err != nil {
			return apperr.New(apperr.Unauthenticated, "AUTH_ERROR", MsgMFAExpired)
		}
		var pending mfaPending
		if err := json.Unmarshal([]byte(data), &pending); err != nil {
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
	if err != nil {
		return nil, err
	}
	if outcome == nil {
		if err := s.mfaCodeWrong(ctx, userID); err != nil {
			return nil, err
		}
		s.logger.Warn("auth: wrong second-factor code", "event", "mfa_failed", "user_id", userID, "ip", client.IP)
		return nil, validationError(map[string]string{"code": MsgMFAInvalidCode}, []string{"code"})
	}
	if err := s.mfaCodeRight(ctx, userID); err != nil {
		return nil, err
	}
	s.logger.Info("auth: signed in with second factor", "event", "sign_in", "user_id", userID,
		"method", outcome.Session.Method, "mfa", true, "ip", client.IP)
	return outcome, nil
}
