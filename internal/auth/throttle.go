package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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

// Over says whether key has used up its limit in the current window (and
// how long until the window ends) without counting anything, for requests
// that must change nothing, such as opening an emailed link: only the
// requests that act count, and once they have used up the limit the
// reads are refused too.
func (s *Service) Over(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	now := s.throttle.now()
	var hits int
	var start time.Time
	err := s.throttle.db.QueryRowContext(ctx, `SELECT hits, window_start FROM throttle WHERE key = ?`, key).Scan(&hits, &start)
	if errors.Is(err, sql.ErrNoRows) {
		return false, 0, nil
	}
	if err != nil {
		return false, 0, fmt.Errorf("auth: read the count of %s: %w", key, err)
	}
	if !start.After(now.Add(-window)) || hits < limit {
		return false, 0, nil
	}
	return true, start.Add(window).Sub(now), nil
}

// allow counts one event for key in a fixed window and says whether it is
// within limit; when not, how long until the window ends.
func (t *throttle) allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	now := t.now()
	var hits int
	var start time.Time
	// One statement, so concurrent requests cannot both take the last slot.
	err := t.db.WriteRowContext(ctx, `
		INSERT INTO throttle (key, hits, window_start) VALUES (?, 1, ?)
		ON CONFLICT (key) DO UPDATE SET
			hits = CASE WHEN throttle.window_start <= ? THEN 1 ELSE throttle.hits + 1 END,
			window_start = CASE WHEN throttle.window_start <= ? THEN excluded.window_start ELSE throttle.window_start END
		RETURNING hits, window_start`,
		key, now, now.Add(-window), now.Add(-window)).Scan(&hits, &start)
	if err != nil {
		return false, 0, fmt.Errorf("auth: count %s against its limit: %w", key, err)
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

// An attempt that is checked (a password, a code) first takes its slot
// with take, in one statement that counts it as a failure and, past the free
// ones, pauses the key; only then is it checked. A check made before any
// attempt is counted would let a burst of simultaneous attempts all pass it
// (40 wrong passwords at once were all evaluated), so the count comes first
// and a right answer takes its count back afterwards: forget for a key of
// one account, giveBack for a key shared by many (a client address).

// attempt is the count take made for one attempt.
type attempt struct {
	key         string
	pausedUntil time.Time // the pause this attempt's count began, or zero
}

// take counts one attempt for key unless key is paused. It answers how
// long the key is still paused (and counts nothing), or 0 and the attempt,
// which may then be checked.
func (t *throttle) take(ctx context.Context, key string, free int) (attempt, time.Duration, error) {
	// Whole microseconds, as PostgreSQL keeps them, so giveBack finds the
	// pause this attempt began by its value.
	now := t.now().Truncate(time.Microsecond)
	pauses := pausesAfter(now)
	// hits after this attempt; a key quiet for failureMemory starts again.
	const next = `(CASE WHEN throttle.window_start <= ? THEN 1 ELSE throttle.hits + 1 END)`
	forgetBefore := now.Add(-failureMemory)
	query := `INSERT INTO throttle (key, hits, window_start, blocked_until) VALUES (?, 1, ?, ?)
		ON CONFLICT (key) DO UPDATE SET
			hits = ` + next + `,
			window_start = CASE WHEN throttle.window_start <= ? OR ` + next + ` > ? THEN ? ELSE throttle.window_start END,
			blocked_until = CASE WHEN ` + next + ` <= ? THEN CAST(NULL AS TIMESTAMPTZ)`
	var pausedAtOnce any // when the first failure is not free
	if until := pauseAt(pauses, 1, free); !until.IsZero() {
		pausedAtOnce = until
	}
	args := []any{key, now, pausedAtOnce,
		forgetBefore,
		forgetBefore, forgetBefore, free, now,
		forgetBefore, free}
	for i, until := range pauses[:len(pauses)-1] {
		query += ` WHEN ` + next + ` = ? THEN ?`
		args = append(args, forgetBefore, free+1+i, until)
	}
	query += ` ELSE ? END
		WHERE throttle.blocked_until IS NULL OR throttle.blocked_until <= ?
		RETURNING hits`
	args = append(args, pauses[len(pauses)-1], now)
	var hits int
	err := t.db.WriteRowContext(ctx, query, args...).Scan(&hits)
	if err == nil {
		return attempt{key: key, pausedUntil: pauseAt(pauses, hits, free)}, 0, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return attempt{}, 0, fmt.Errorf("auth: take an attempt for %s: %w", key, err)
	}
	// No row came back: the key was paused and nothing was counted.
	var until sql.NullTime
	if err := t.db.QueryRowContext(ctx, `SELECT blocked_until FROM throttle WHERE key = ?`, key).Scan(&until); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return attempt{}, 0, fmt.Errorf("auth: read the pause of %s: %w", key, err)
	}
	// The pause may have ended in between; the attempt still was not counted.
	return attempt{}, max(until.Time.Sub(now), time.Second), nil
}

// pausesAfter lists when the pauses that follow the first, second, …
// failure beyond the free ones end: each twice as long as the one before,
// the last one (failurePauseMax) for every failure after that.
func pausesAfter(now time.Time) []time.Time {
	var ends []time.Time
	for pause := firstPause; ; pause *= 2 {
		ends = append(ends, now.Add(min(pause, failurePauseMax)))
		if pause >= failurePauseMax {
			return ends
		}
	}
}

// pauseAt picks from pauses the end of the pause a key with hits failures
// gets, or zero while they are free.
func pauseAt(pauses []time.Time, hits, free int) time.Time {
	if hits <= free {
		return time.Time{}
	}
	return pauses[min(hits-free, len(pauses))-1]
}

// giveBack takes back the count of an attempt that turned out right (or
// was never checked), on a key other attempts share, so that only failures
// count. The pause its count began ends with it, unless a later count has
// changed the pause since.
func (t *throttle) giveBack(ctx context.Context, a attempt) error {
	var began any
	if !a.pausedUntil.IsZero() {
		began = a.pausedUntil
	}
	_, err := t.db.ExecContext(ctx, `UPDATE throttle SET hits = hits - 1,
			blocked_until = CASE WHEN blocked_until = ? THEN NULL ELSE blocked_until END
		WHERE key = ? AND hits > 0`, began, a.key)
	if err != nil {
		return fmt.Errorf("auth: give back an attempt for %s: %w", a.key, err)
	}
	return nil
}

// forget clears a key, after a successful sign-in.
func (t *throttle) forget(ctx context.Context, key string) error {
	if _, err := t.db.ExecContext(ctx, `DELETE FROM throttle WHERE key = ?`, key); err != nil {
		return fmt.Errorf("auth: clear the attempts of %s: %w", key, err)
	}
	return nil
}

// deleteExpired removes counters nobody needs any more.
func (t *throttle) deleteExpired(ctx context.Context, olderThan time.Time) (int64, error) {
	res, err := t.db.ExecContext(ctx, `DELETE FROM throttle WHERE window_start < ? AND (blocked_until IS NULL OR blocked_until < ?)`, olderThan, olderThan)
	if err != nil {
		return 0, fmt.Errorf("auth: delete expired throttle counters: %w", err)
	}
	return res.RowsAffected()
}
