package oidc

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/cantica/cantica/internal/db"
)

// storedState is what Begin left for Finish.
type storedState struct {
	nonce        string
	verifier     string
	linkUserID   string
	reauthUserID string
	remember     bool
}

// hashState is the table's key: only the hash is stored, so a leaked table
// (or backup) cannot be used to forge a callback.
func hashState(state string) string {
	sum := sha256.Sum256([]byte(state))
	return hex.EncodeToString(sum[:])
}

func (r *Registry) saveState(ctx context.Context, provider, state, nonce, verifier string, opts BeginOptions) error {
	now := r.now().UTC()
	link := sql.NullString{String: opts.LinkUserID, Valid: opts.LinkUserID != ""}
	reauth := sql.NullString{String: opts.ReauthUserID, Valid: opts.ReauthUserID != ""}
	_, err := r.db.ExecContext(ctx,
		`INSERT INTO oidc_states (state_hash, provider, nonce, code_verifier, link_user_id, reauth_user_id, remember, created_at, expires_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		hashState(state), provider, nonce, verifier, link, reauth, opts.Remember, now, now.Add(StateLifetime))
	return err
}

// consumeState marks the state used and returns it. The guarded UPDATE is
// what makes a state single-use: of two callbacks racing with one state,
// only one sees a row change.
func (r *Registry) consumeState(ctx context.Context, provider, state string) (storedState, error) {
	now := r.now().UTC()
	hash := hashState(state)
	var st storedState
	err := r.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx,
			`UPDATE oidc_states SET used_at = ?
			 WHERE state_hash = ? AND provider = ? AND used_at IS NULL AND expires_at > ?`,
			now, hash, provider, now)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n != 1 {
			return ErrInvalidState
		}
		var link, reauth sql.NullString
		err = tx.QueryRowContext(ctx,
			`SELECT nonce, code_verifier, link_user_id, reauth_user_id, remember FROM oidc_states WHERE state_hash = ?`,
			hash).Scan(&st.nonce, &st.verifier, &link, &reauth, &st.remember)
		st.linkUserID, st.reauthUserID = link.String, reauth.String
		return err
	})
	if errors.Is(err, ErrInvalidState) {
		return storedState{}, err
	}
	if err != nil {
		return storedState{}, fmt.Errorf("oidc: consume sign-in state: %w", err)
	}
	return st, nil
}

// IsReauth says whether state names a re-authentication, without using it
// up: where a provider's refusal sends the browser back depends on it.
func (r *Registry) IsReauth(ctx context.Context, provider, state string) bool {
	var reauth sql.NullString
	err := r.db.QueryRowContext(ctx, `SELECT reauth_user_id FROM oidc_states WHERE state_hash = ? AND provider = ?`,
		hashState(state), provider).Scan(&reauth)
	return err == nil && reauth.Valid
}

// DeleteExpiredStates removes the states past their expiry, used or not:
// none of them can complete a sign-in any more.
func (r *Registry) DeleteExpiredStates(ctx context.Context) (int64, error) {
	res, err := r.db.ExecContext(ctx, `DELETE FROM oidc_states WHERE expires_at <= ?`, r.now().UTC())
	if err != nil {
		return 0, fmt.Errorf("oidc: delete expired states: %w", err)
	}
	return res.RowsAffected()
}
