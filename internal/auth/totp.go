package auth

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"image/png"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

const (
	totpPeriod        = 30 // seconds
	recoveryCodeCount = 10
	totpIssuer        = "Cantica"
)

var totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// matchTOTP finds the time step a code belongs to, allowing one step of
// clock drift either way.
func matchTOTP(secret, code string, now time.Time) (int64, bool) {
	code = strings.ReplaceAll(strings.TrimSpace(code), " ", "")
	if len(code) != 6 {
		return 0, false
	}
	for _, drift := range []int64{0, -1, 1} {
		at := now.Add(time.Duration(drift*totpPeriod) * time.Second)
		want, err := totp.GenerateCodeCustom(secret, at, totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return at.Unix() / totpPeriod, true
		}
	}
	return 0, false
}

// checkSecondFactor accepts a current authenticator code (each code once:
// the step must be newer than the last one used) or, if allowed, an unused
// recovery code, which is then spent.
func (s *Service) checkSecondFactor(ctx context.Context, q db.Querier, userID, code string, allowRecovery bool) (bool, error) {
	now := s.now()
	var secret string
	err := q.QueryRowContext(ctx,
		`SELECT secret FROM totp_factors WHERE user_id = ? AND enabled_at IS NOT NULL`, userID).Scan(&secret)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("auth: read the authenticator of %s: %w", userID, err)
	}
	if step, ok := matchTOTP(secret, code, now); ok {
		// Conditional, so a replayed code (or two requests racing with one
		// code) finds no row to change.
		res, err := q.ExecContext(ctx,
			`UPDATE totp_factors SET last_used_step = ? WHERE user_id = ? AND last_used_step < ?`, step, userID, step)
		if err != nil {
			return false, fmt.Errorf("auth: spend an authenticator code of %s: %w", userID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return false, fmt.Errorf("auth: spend an authenticator code of %s: %w", userID, err)
		}
		return n == 1, nil
	}
	if !allowRecovery {
		return false, nil
	}
	hashes := recoveryCodeHashes(code)
	res, err := q.ExecContext(ctx,
		`UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash IN (?, ?) AND used_at IS NULL`,
		now, userID, hashes[0], hashes[1])
	if err != nil {
		return false, fmt.Errorf("auth: spend a recovery code of %s: %w", userID, err)
	}
	n, err := res.RowsAffected()
	if n == 1 {
		s.logger.Info("auth: recovery code used", "event", "mfa_recovery_code_used", "user_id", userID)
	}
	if err != nil {
		return n == 1, fmt.Errorf("auth: spend a recovery code of %s: %w", userID, err)
	}
	return n == 1, nil
}

// normaliseRecoveryCode reduces a recovery code to what is hashed: the
// dash between its groups, any spaces and the letter case are only how it
// is shown, so "ABCDE FGHIJ", "abcde-fghij" and "abcdefghij" are one code.
func normaliseRecoveryCode(code string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if r == '-' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, code))
}

// hashRecoveryCode is what the database keeps of a recovery code.
func hashRecoveryCode(code string) string {
	return hashSecret(normaliseRecoveryCode(code))
}

// recoveryCodeHashes are the stored hashes a typed code may match: the
// normalised form, and the dashed form ("abcde-fghij") that codes issued
// before normalisation were hashed in. Hashes cannot be rewritten without
// the codes, so those older codes are matched as they were stored.
func recoveryCodeHashes(code string) [2]string {
	n := normaliseRecoveryCode(code)
	legacy := n
	if len(n) == 2*recoveryGroup {
		legacy = n[:recoveryGroup] + "-" + n[recoveryGroup:]
	}
	return [2]string{hashSecret(n), hashSecret(legacy)}
}

const recoveryGroup = 5

// newRecoveryCode is 50 random bits in two groups of five base32 letters,
// shown with a dash between them.
func newRecoveryCode() string {
	t := strings.ToLower(rand.Text())
	return t[:recoveryGroup] + "-" + t[recoveryGroup:2*recoveryGroup]
}

// TOTPEnrollment is a new, not yet active authenticator secret.
type TOTPEnrollment struct {
	Secret     string
	OTPAuthURL string
	QRCode     string // PNG data URL
}

// EnrollTOTP starts enrolment: a fresh secret replaces any unfinished one.
// Turning it on needs a first code (ActivateTOTP).
func (s *Service) EnrollTOTP(ctx context.Context, u *User) (*TOTPEnrollment, error) {
	if u.MFAEnabled {
		return nil, apperr.New(apperr.Conflict, apperr.CodeMFAAlreadyEnabled, "Two-factor authentication is already on.")
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: u.Email, Period: totpPeriod})
	if err != nil {
		return nil, fmt.Errorf("auth: make an authenticator secret for %s: %w", u.ID, err)
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return nil, fmt.Errorf("auth: draw the authenticator QR code of %s: %w", u.ID, err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("auth: encode the authenticator QR code of %s: %w", u.ID, err)
	}
	now := s.now()
	_, err = s.db.ExecContext(ctx, `
		INSERT INTO totp_factors (user_id, secret, enabled_at, last_used_step, created_at) VALUES (?, ?, NULL, 0, ?)
		ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, enabled_at = NULL, last_used_step = 0, created_at = excluded.created_at`,
		u.ID, key.Secret(), now)
	if err != nil {
		return nil, fmt.Errorf("auth: store the new authenticator of %s: %w", u.ID, err)
	}
	return &TOTPEnrollment{
		Secret:     key.Secret(),
		OTPAuthURL: key.URL(),
		QRCode:     "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()),
	}, nil
}

const MsgInvalidCode = "Invalid verification code. Please try again."

func invalidCode() error {
	return validationError(map[string]string{"code": MsgInvalidCode}, []string{"code"})
}

// ActivateTOTP turns two-factor authentication on with a first code and
// returns the recovery codes, which are shown this once.
func (s *Service) ActivateTOTP(ctx context.Context, userID, code string) ([]string, error) {
	now := s.now()
	counted, err := s.takeMFAAttempt(ctx, userID)
	if err != nil {
		return nil, err
	}
	var codes []string
	wrong := false
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var secret string
		err := tx.QueryRowContext(ctx,
			`SELECT secret FROM totp_factors WHERE user_id = ? AND enabled_at IS NULL`, userID).Scan(&secret)
		if errors.Is(err, sql.ErrNoRows) {
			return apperr.New(apperr.Conflict, apperr.CodeMFANotEnrolling, "Start the set-up again: there is no authenticator waiting for its first code.")
		}
		if err != nil {
			return fmt.Errorf("auth: read the new authenticator of %s: %w", userID, err)
		}
		step, ok := matchTOTP(secret, code, now)
		if !ok {
			wrong = true
			return invalidCode()
		}
		if _, err := tx.ExecContext(ctx,
			`UPDATE totp_factors SET enabled_at = ?, last_used_step = ? WHERE user_id = ?`, now, step, userID); err != nil {
			return fmt.Errorf("auth: turn on the authenticator of %s: %w", userID, err)
		}
		codes, err = replaceRecoveryCodes(ctx, tx, userID)
		return err
	})
	if err := s.countCode(ctx, counted, wrong, err, "user_id", userID); err != nil {
		return nil, err
	}
	s.logger.Info("auth: two-factor turned on", "event", "mfa_enabled", "user_id", userID)
	return codes, nil
}

// countCode finishes a code check made in a transaction that ended with
// err, after takeMFAAttempt counted it: a wrong code's count stands, a right
// one clears the account's count, and a check that failed for another
// reason (no authenticator waiting, a database error) takes its count back.
// It returns err.
func (s *Service) countCode(ctx context.Context, counted attempt, wrong bool, err error, logAttrs ...any) error {
	switch {
	case wrong:
		s.logger.Warn("auth: wrong second-factor code", append([]any{"event", "mfa_failed"}, logAttrs...)...)
	case err == nil:
		if ferr := s.throttle.forget(ctx, counted.key); ferr != nil {
			return ferr
		}
	default:
		if ferr := s.throttle.giveBack(context.WithoutCancel(ctx), counted); ferr != nil {
			return errors.Join(err, ferr)
		}
	}
	return err
}

func replaceRecoveryCodes(ctx context.Context, q db.Querier, userID string) ([]string, error) {
	if _, err := q.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = ?`, userID); err != nil {
		return nil, fmt.Errorf("auth: delete the recovery codes of %s: %w", userID, err)
	}
	codes := make([]string, recoveryCodeCount)
	for i := range codes {
		codes[i] = newRecoveryCode()
		if _, err := q.ExecContext(ctx, `INSERT INTO recovery_codes (id, user_id, code_hash) VALUES (?, ?, ?)`,
			uuid.NewString(), userID, hashRecoveryCode(codes[i])); err != nil {
			return nil, fmt.Errorf("auth: store a recovery code of %s: %w", userID, err)
		}
	}
	return codes, nil
}

// DisableTOTP turns two-factor authentication off; it needs a current code
// (or a recovery code, for a lost device).
func (s *Service) DisableTOTP(ctx context.Context, userID, code string) error {
	counted, err := s.takeMFAAttempt(ctx, userID)
	if err != nil {
		return err
	}
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
		if _, err := tx.ExecContext(ctx, `DELETE FROM totp_factors WHERE user_id = ?`, userID); err != nil {
			return fmt.Errorf("auth: delete the authenticator of %s: %w", userID, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = ?`, userID); err != nil {
			return fmt.Errorf("auth: delete the recovery codes of %s: %w", userID, err)
		}
		return nil
	})
	err = s.countCode(ctx, counted, wrong, err, "user_id", userID)
	if err == nil {
		s.logger.Info("auth: two-factor turned off", "event", "mfa_disabled", "user_id", userID)
	}
	return err
}

// RegenerateRecoveryCodes replaces the recovery codes; it needs a current code.
func (s *Service) RegenerateRecoveryCodes(ctx context.Context, userID, code string) ([]string, error) {
	counted, err := s.takeMFAAttempt(ctx, userID)
	if err != nil {
		return nil, err
	}
	var codes []string
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
		codes, err = replaceRecoveryCodes(ctx, tx, userID)
		return err
	})
	err = s.countCode(ctx, counted, wrong, err, "user_id", userID)
	if err == nil {
		s.logger.Info("auth: recovery codes replaced", "event", "mfa_recovery_codes_replaced", "user_id", userID)
	}
	return codes, err
}

// MFAStatus reports whether two-factor authentication is on and how many
// recovery codes are left.
func (s *Service) MFAStatus(ctx context.Context, userID string) (enabled bool, codesLeft int, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT
		EXISTS (SELECT 1 FROM totp_factors WHERE user_id = ? AND enabled_at IS NOT NULL),
		(SELECT COUNT(*) FROM recovery_codes WHERE user_id = ? AND used_at IS NULL)`, userID, userID).Scan(&enabled, &codesLeft)
	if err != nil {
		return false, 0, fmt.Errorf("auth: read the two-factor status of %s: %w", userID, err)
	}
	return enabled, codesLeft, nil
}
