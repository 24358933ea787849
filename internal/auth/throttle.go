package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/cantica/cantica/internal/db"
)

// throttle keeps its counters in the database, so that every server
// instance sees the same ones.
type throttle struct {
	db  *db.DB
	now func() time.Time
}

// Allow counts one event for key against a limit per window in the
// counters every instance shares; other capabilities use it to bound the
// emails they send.
func (s *Service) Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	return s.throttle.allow(ctx, key, limit, window)
}

// allow counts one event for key in a fixed window and says whether it is
// within limit; when not, how long until the window ends.
func (t *throttle) allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	now := t.now()
	var hits int
	var start time.Time
	// One statement, so concurrent requests cannot both take the last slot.
	err := t.db.QueryRowContext(ctx, `
		INSERT INTO throttle (key, hits, window_start) VALUES (?, 1, ?)
		ON CONFLICT (key) DO UPDATE SET
			hits = CASE WHEN throttle.window_start <= ? THEN 1 ELSE throttle.hits + 1 END,
			window_start = CASE WHEN throttle.window_start <= ? THEN excluded.window_start ELSE throttle.window_start END
		RETURNING hits, window_start`,
		key, now, now.Add(-window), now.Add(-window)).Scan(&hits, &start)
	if err != nil {
		return false, 0, err
	}
	if hits > limit {
		return false, start.Add(window).Sub(now), nil
	}
	return true, 0, nil
}

// Sign-in failures: a few are free; then each further failure pauses the key
// for twice as long as the one before, up to failurePauseMax. A success
// clears the account's counter, and an hour without failures forgets them,
// so the real owner is never locked out for good.
const (
	freeFailures     = 4
	firstPause       = 30 * time.Second
	failurePauseMax  = 15 * time.Minute
	failureMemory    = time.Hour
	ipFailureAllowed = 20 // per client address, across accounts
)

// blocked says how long key is still paused, or 0.
func (t *throttle) blocked(ctx context.Context, key string) (time.Duration, error) {
	var until sql.NullTime
	err := t.db.QueryRowContext(ctx, `SELECT blocked_until FROM throttle WHERE key = ?`, key).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !until.Valid) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	if wait := until.Time.Sub(t.now()); wait > 0 {
		return wait, nil
	}
	return 0, nil
}

// failed records a failure for key; free is how many failures pass before
// pauses start.
func (t *throttle) failed(ctx context.Context, key string, free int) error {
	now := t.now()
	var hits int
	err := t.db.QueryRowContext(ctx, `
		INSERT INTO throttle (key, hits, window_start) VALUES (?, 1, ?)
		ON CONFLICT (key) DO UPDATE SET
			hits = CASE WHEN throttle.window_start <= ? THEN 1 ELSE throttle.hits + 1 END,
			window_start = CASE WHEN throttle.window_start <= ? THEN excluded.window_start ELSE throttle.window_start END
		RETURNING hits`,
		key, now, now.Add(-failureMemory), now.Add(-failureMemory)).Scan(&hits)
	if err != nil || hits <= free {
		return err
	}
	pause := firstPause
	for i := free + 1; i < hits && pause < failurePauseMax; i++ {
		pause *= 2
	}
	pause = min(pause, failurePauseMax)
	// The window restarts with each pause, so the memory of failures lasts
	// an hour after the last one.
	_, err = t.db.ExecContext(ctx, `UPDATE throttle SET blocked_until = ?, window_start = ? WHERE key = ?`, now.Add(pause), now, key)
	return err
}

// forget clears a key, after a successful sign-in.
func (t *throttle) forget(ctx context.Context, key string) error {
	_, err := t.db.ExecContext(ctx, `DELETE FROM throttle WHERE key = ?`, key)
	return err
}

// deleteExpired removes counters nobody needs any more.
func (t *throttle) deleteExpired(ctx context.Context, olderThan time.Time) (int64, error) {
	res, err := t.db.ExecContext(ctx, `DELETE FROM throttle WHERE window_start < ? AND (blocked_until IS NULL OR blocked_until < ?)`, olderThan, olderThan)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
