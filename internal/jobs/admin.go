package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/db"
)

// Failure is a job that gave up, or is retrying, with its last error.
type Failure struct {
	ID        string
	Kind      string
	Attempts  int
	LastError string
	FailedAt  *time.Time // nil: it will run again at RunAt
	RunAt     time.Time
}

// Stats is the queue at a glance for a global admin.
type Stats struct {
	Pending  int       // queued, not yet done (retrying ones included)
	Retrying int       // pending after at least one failed attempt
	Failed   int       // given up; waiting for a retry by hand
	Failures []Failure // the failed and retrying jobs, most recent first, at most 50
}

// maxFailuresShown bounds the list a global admin sees.
const maxFailuresShown = 50

// Stats counts the queue's jobs and lists its failures.
func (q *Queue) Stats(ctx context.Context) (Stats, error) {
	var s Stats
	err := q.db.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN done_at IS NULL AND failed_at IS NULL THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN done_at IS NULL AND failed_at IS NULL AND last_error <> '' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN failed_at IS NOT NULL THEN 1 ELSE 0 END), 0)
		FROM jobs WHERE done_at IS NULL`).Scan(&s.Pending, &s.Retrying, &s.Failed)
	if err != nil {
		return Stats{}, fmt.Errorf("jobs: count the queue: %w", err)
	}
	rows, err := q.db.QueryContext(ctx, `SELECT id, kind, attempts, last_error, failed_at, run_at FROM jobs
		WHERE done_at IS NULL AND last_error <> ''
		ORDER BY COALESCE(failed_at, run_at) DESC, id LIMIT `+fmt.Sprint(maxFailuresShown))
	if err != nil {
		return Stats{}, fmt.Errorf("jobs: list failed jobs: %w", err)
	}
	s.Failures, err = db.All(rows, func(sc db.Scanner) (Failure, error) {
		var f Failure
		var failedAt sql.NullTime
		err := sc.Scan(&f.ID, &f.Kind, &f.Attempts, &f.LastError, &failedAt, &f.RunAt)
		if failedAt.Valid {
			f.FailedAt = &failedAt.Time
		}
		return f, err
	})
	if err != nil {
		return Stats{}, fmt.Errorf("jobs: list failed jobs: %w", err)
	}
	return s, nil
}

// ErrNotFailed is returned by Retry for a job that is not waiting for one.
var ErrNotFailed = errors.New("jobs: the job has not failed")

// Retry gives a failed job a fresh set of attempts, now.
func (q *Queue) Retry(ctx context.Context, id string) error {
	res, err := q.db.ExecContext(ctx, `UPDATE jobs SET failed_at = NULL, attempts = 0, run_at = ?, claimed_until = NULL
		WHERE id = ? AND failed_at IS NOT NULL`, q.clock(), id)
	if err != nil {
		return fmt.Errorf("jobs: retry job %s: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("jobs: retry job %s: %w", id, err)
	} else if n == 0 {
		return ErrNotFailed
	}
	q.Kick()
	return nil
}

// Keep is how long a done job's row is kept. The row is what makes its key
// refuse a second enqueue, so it outlives every schedule that could plan
// the same key again (a week's digest, a day's reminders, an announcement's
// publication); after that it is only clutter.
const Keep = 400 * 24 * time.Hour

// DeleteOld removes the rows of jobs done more than Keep ago and returns
// how many went. Failed jobs stay until a global admin retries them.
func (q *Queue) DeleteOld(ctx context.Context) (int64, error) {
	res, err := q.db.ExecContext(ctx, `DELETE FROM jobs WHERE done_at < ?`, q.clock().Add(-Keep))
	if err != nil {
		return 0, fmt.Errorf("jobs: delete old done jobs: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("jobs: delete old done jobs: %w", err)
	}
	return n, nil
}
