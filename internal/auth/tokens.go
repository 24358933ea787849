package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/db"
)

// Purposes of single-use tokens, and how long each lives.
const (
	purposeConfirmEmail  = "confirm_email"
	purposeResetPassword = "reset_password"
	purposeMFA           = "mfa"

	confirmEmailLifetime  = 24 * time.Hour
	resetPasswordLifetime = time.Hour
	MFAChallengeLifetime  = 10 * time.Minute
)

// issueToken stores the hash of a new single-use secret and returns the
// secret, which only the recipient ever sees.
func issueToken(ctx context.Context, q db.Querier, userID, purpose, data string, now time.Time, lifetime time.Duration) (string, error) {
	secret := newSecret()
	_, err := q.ExecContext(ctx,
		`INSERT INTO auth_tokens (token_hash, user_id, purpose, data, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		hashSecret(secret), userID, purpose, data, now, now.Add(lifetime))
	if err != nil {
		return "", fmt.Errorf("auth: issue a %s token for %s: %w", purpose, userID, err)
	}
	return secret, nil
}

var errTokenInvalid = errors.New("token unknown, used or expired")

// consumeToken marks a token used and returns its user and data. The
// conditional UPDATE makes it single-use even under concurrent redemption:
// exactly one caller sees a changed row.
func consumeToken(ctx context.Context, tx *db.Tx, secret, purpose string, now time.Time) (userID, data string, err error) {
	hash := hashSecret(secret)
	res, err := tx.ExecContext(ctx,
		`UPDATE auth_tokens SET used_at = ? WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`,
		now, hash, purpose, now)
	if err != nil {
		return "", "", fmt.Errorf("auth: spend a %s token: %w", purpose, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return "", "", errTokenInvalid
	}
	err = tx.QueryRowContext(ctx, `SELECT user_id, data FROM auth_tokens WHERE token_hash = ?`, hash).Scan(&userID, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", errTokenInvalid
	}
	if err != nil {
		return "", "", fmt.Errorf("auth: read a spent %s token: %w", purpose, err)
	}
	return userID, data, nil
}

// retireTokens spends every open token of a purpose for a user, so that an
// older link stops working once a newer one has been used.
func retireTokens(ctx context.Context, q db.Querier, userID, purpose string, now time.Time) error {
	_, err := q.ExecContext(ctx,
		`UPDATE auth_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL`, now, userID, purpose)
	if err != nil {
		return fmt.Errorf("auth: retire the %s tokens of %s: %w", purpose, userID, err)
	}
	return nil
}
