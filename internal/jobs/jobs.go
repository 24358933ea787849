// Package jobs is Cantica's job queue: scheduled and per-member work
// (digests, reminders, announcement mail) kept in the jobs table, so that it
// survives restarts and is shared by every server instance.
//
// It is the mail outbox's claim-and-lease pattern grown into a queue. Each
// job has a unique key: enqueueing a key that exists does nothing, so a unit
// of work (a member's digest of one week) is queued once however many
// instances plan it. A worker claims a due job with a lease and a fresh
// claim token, runs its handler outside any transaction (reading and
// rendering take no write lock), then writes the handler's effects and marks
// the job done in one transaction — and only while its claim token is still
// the job's. A worker killed mid-run has committed nothing; once its lease
// expires another worker runs the job again from the start. A worker that
// overran its lease finds its token replaced and rolls its effects back.
// So the effects of a job (mail put in the outbox, history rows, follow-up
// jobs) happen exactly once.
package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
)

const (
	// Lease is how long a claimed job belongs to its worker. A handler's
	// context ends well before (RunTimeout), so a lease only expires when
	// the worker died.
	Lease = 5 * time.Minute
	// RunTimeout bounds one run of a handler and the commit of its effects.
	RunTimeout = 2 * time.Minute
	// MaxAttempts is how many runs a job gets before it is marked failed
	// and waits for a global admin's retry.
	MaxAttempts = 8
	// maxKeyLen bounds a unique key; keys are built by the code, never sent
	// by users, so a longer one is a programming error.
	maxKeyLen = 300
)

// Job is one unit of work as its handler sees it.
type Job struct {
	ID      string
	Kind    string
	Key     string
	Args    json.RawMessage
	Attempt int // 1 on the first run
}

// Decode reads the job's arguments into v.
func (j Job) Decode(v any) error {
	if err := json.Unmarshal(j.Args, v); err != nil {
		return fmt.Errorf("jobs: read the arguments of %s job %s: %w", j.Kind, j.Key, err)
	}
	return nil
}

// Spec is a job to enqueue.
type Spec struct {
	Kind  string    // a kind some handler is registered for
	Key   string    // unique across all jobs ever queued, e.g. "digest:<user>:2026-11-30"
	Args  any       // encoded as JSON; nil is {}
	RunAt time.Time // zero: now
}

// Commit writes a job's effects in the transaction that marks it done.
type Commit func(ctx context.Context, tx *db.Tx) error

// Handler does one job. Reads and rendering belong here, outside any
// transaction; the writes belong in the returned Commit (nil: none). An
// error makes the job run again later (after a backoff), up to MaxAttempts.
type Handler func(ctx context.Context, job Job) (Commit, error)

// Planner enqueues the work that is due at now — for example every choir's
// digest whose hour has come. Planners run on every instance at each poll;
// unique keys make that safe.
type Planner func(ctx context.Context, now time.Time) error

// Queue runs jobs.
type Queue struct {
	db       *db.DB
	now      func() time.Time
	logger   *slog.Logger
	poll     time.Duration
	kick     chan struct{}
	mu       sync.RWMutex
	handlers map[string]Handler
	planners []namedPlanner
	// afterCommit runs after a job's effects committed (the mailer's Kick).
	afterCommit []func()
}

type namedPlanner struct {
	name string
	plan Planner
}

// New returns a queue over d.
func New(d *db.DB, logger *slog.Logger, now func() time.Time) *Queue {
	return &Queue{db: d, now: now, logger: logger, poll: 15 * time.Second,
		kick: make(chan struct{}, 1), handlers: map[string]Handler{}}
}

// Handle registers h for jobs of kind. Register before Run.
func (q *Queue) Handle(kind string, h Handler) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if _, dup := q.handlers[kind]; dup {
		panic("jobs: two handlers for " + kind)
	}
	q.handlers[kind] = h
}

// Plan registers a planner. Register before Run.
func (q *Queue) Plan(name string, p Planner) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.planners = append(q.planners, namedPlanner{name, p})
}

// AfterCommit registers fn to run whenever a job's effects have committed,
// such as waking the mail worker.
func (q *Queue) AfterCommit(fn func()) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.afterCommit = append(q.afterCommit, fn)
}

func (q *Queue) clock() time.Time { return q.now().UTC().Truncate(time.Microsecond) }

// Enqueue stores the job through x — the caller's transaction, so that the
// job exists only if the caller's writes commit. It reports whether the job
// is new: false means a job with the same key exists (queued, done or
// failed) and nothing changed. Call Kick after the commit to run it at once.
func (q *Queue) Enqueue(ctx context.Context, x db.Querier, s Spec) (bool, error) {
	if strings.TrimSpace(s.Kind) == "" || strings.TrimSpace(s.Key) == "" || len(s.Key) > maxKeyLen {
		return false, fmt.Errorf("jobs: enqueue %q job with key %q: a kind and a key of at most %d bytes are needed", s.Kind, s.Key, maxKeyLen)
	}
	args := []byte("{}")
	if s.Args != nil {
		var err error
		if args, err = json.Marshal(s.Args); err != nil {
			return false, fmt.Errorf("jobs: encode the arguments of %s job %s: %w", s.Kind, s.Key, err)
		}
	}
	id, err := uuid.NewV7()
	if err != nil {
		return false, fmt.Errorf("jobs: make a job id: %w", err)
	}
	now := q.clock()
	runAt := s.RunAt.UTC().Truncate(time.Microsecond)
	if s.RunAt.IsZero() {
		runAt = now
	}
	res, err := x.ExecContext(ctx, `INSERT INTO jobs (id, kind, unique_key, args, run_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (unique_key) DO NOTHING`,
		id.String(), s.Kind, s.Key, string(args), runAt, now)
	if err != nil {
		return false, fmt.Errorf("jobs: enqueue %s job %s: %w", s.Kind, s.Key, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("jobs: enqueue %s job %s: %w", s.Kind, s.Key, err)
	}
	return n == 1, nil
}

// Kick asks the worker to run due jobs now instead of at its next poll.
func (q *Queue) Kick() {
	select {
	case q.kick <- struct{}{}:
	default:
	}
}

// Run plans and runs due jobs until ctx is done: at once, when kicked, and
// at every poll (which also picks up jobs queued by other instances, retries
// that came due and leases that expired).
func (q *Queue) Run(ctx context.Context) {
	q.logger.Info("job worker started")
	for {
		if err := q.PlanDue(ctx); err != nil && ctx.Err() == nil {
			q.logger.Error("planning jobs failed", "err", err)
		}
		if _, err := q.RunDue(ctx); err != nil && ctx.Err() == nil {
			q.logger.Error("running jobs failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-q.kick:
		case <-time.After(q.poll):
		}
	}
}

// PlanDue runs every planner once. A failing planner is reported and the
// others still run.
func (q *Queue) PlanDue(ctx context.Context) error {
	q.mu.RLock()
	planners := q.planners
	q.mu.RUnlock()
	var errs []error
	for _, p := range planners {
		if err := p.plan(ctx, q.clock()); err != nil {
			errs = append(errs, fmt.Errorf("jobs: plan %s: %w", p.name, err))
		}
	}
	return errors.Join(errs...)
}

// RunDue runs jobs that are due now, one claim at a time, until none is
// left, and returns how many completed. A job that fails is rescheduled
// and does not stop the others.
func (q *Queue) RunDue(ctx context.Context) (int, error) {
	done := 0
	for ctx.Err() == nil {
		job, token, err := q.claim(ctx)
		if err != nil || job == nil {
			return done, err
		}
		ok, err := q.run(ctx, *job, token)
		if err != nil {
			return done, err
		}
		if ok {
			done++
		}
	}
	return done, ctx.Err()
}

// dueCondition selects jobs that may be claimed at time ? (given twice).
const dueCondition = `done_at IS NULL AND failed_at IS NULL AND run_at <= ?
	AND (claimed_until IS NULL OR claimed_until < ?)`

// claim takes the first due job whose kind this worker handles, in one
// statement: choosing it and writing this worker's lease and token are one
// write. On PostgreSQL the choice skips rows another worker is claiming at
// that moment (FOR UPDATE SKIP LOCKED), so that workers never wait for
// each other nor take the same job; SQLite has one writer at a time, which
// does the same. It answers nil when nothing is due.
func (q *Queue) claim(ctx context.Context) (*Job, string, error) {
	now := q.clock()
	q.mu.RLock()
	kinds := make([]any, 0, len(q.handlers))
	for k := range q.handlers {
		kinds = append(kinds, k)
	}
	q.mu.RUnlock()
	if len(kinds) == 0 {
		return nil, "", nil
	}
	lock := ""
	if q.db.Kind == config.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	token := uuid.NewString()
	args := append([]any{now.Add(Lease), token, now, now}, kinds...)
	args = append(args, now, now)
	var j Job
	var jobArgs string
	err := q.db.WriteRowContext(ctx, `UPDATE jobs SET claimed_until = ?, claim_token = ?, attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE `+dueCondition+` AND kind IN (`+db.Placeholders(len(kinds))+`)
			ORDER BY run_at, id LIMIT 1`+lock+`)
		AND `+dueCondition+`
		RETURNING id, kind, unique_key, args, attempts`, args...).Scan(&j.ID, &j.Kind, &j.Key, &jobArgs, &j.Attempt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", fmt.Errorf("jobs: claim a due job: %w", err)
	}
	j.Args = json.RawMessage(jobArgs)
	return &j, token, nil
}

// errLeaseLost is returned inside the completing transaction when another
// worker has claimed the job since, so that this worker's effects roll back.
var errLeaseLost = errors.New("jobs: the lease was lost")

// run runs one claimed job and records the outcome. It reports whether the
// job completed; a handler's failure is recorded on the job, not returned.
func (q *Queue) run(ctx context.Context, job Job, token string) (bool, error) {
	q.mu.RLock()
	h := q.handlers[job.Kind]
	after := q.afterCommit
	q.mu.RUnlock()
	rctx, cancel := context.WithTimeout(ctx, RunTimeout)
	defer cancel()
	commit, err := safely(rctx, h, job)
	if err == nil {
		err = q.db.InTx(rctx, func(tx *db.Tx) error {
			if commit != nil {
				if err := commit(rctx, tx); err != nil {
					return err
				}
			}
			res, err := tx.ExecContext(rctx, `UPDATE jobs SET done_at = ?, claimed_until = NULL, last_error = ''
				WHERE id = ? AND claim_token = ? AND done_at IS NULL`, q.clock(), job.ID, token)
			if err != nil {
				return fmt.Errorf("jobs: mark %s job %s done: %w", job.Kind, job.Key, err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("jobs: mark %s job %s done: %w", job.Kind, job.Key, err)
			} else if n == 0 {
				return errLeaseLost
			}
			return nil
		})
		if err == nil {
			for _, fn := range after {
				fn()
			}
			return true, nil
		}
		if errors.Is(err, errLeaseLost) {
			q.logger.Warn("a job outran its lease; its effects were rolled back", "kind", job.Kind, "key", job.Key)
			return false, nil
		}
	}
	if ctx.Err() != nil {
		return false, ctx.Err() // shutting down: the lease expires and the job runs again
	}
	return false, q.fail(ctx, job, token, err)
}

// safely calls h, turning a panic into an error so that one bad job cannot
// stop the worker.
func safely(ctx context.Context, h Handler, job Job) (c Commit, err error) {
	defer func() {
		if p := recover(); p != nil {
			c, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
	return h(ctx, job)
}

// fail records a failed run: the job runs again after a backoff, or is
// marked failed after MaxAttempts.
func (q *Queue) fail(ctx context.Context, job Job, token string, cause error) error {
	now := q.clock()
	msg := cause.Error()
	if len(msg) > 2000 {
		msg = msg[:2000]
	}
	var err error
	if job.Attempt >= MaxAttempts {
		q.logger.Error("a job failed for good", "kind", job.Kind, "key", job.Key, "attempts", job.Attempt, "err", cause)
		_, err = q.db.ExecContext(ctx, `UPDATE jobs SET failed_at = ?, last_error = ?, claimed_until = NULL
			WHERE id = ? AND claim_token = ?`, now, msg, job.ID, token)
	} else {
		q.logger.Warn("a job failed and will run again", "kind", job.Kind, "key", job.Key, "attempt", job.Attempt, "err", cause)
		_, err = q.db.ExecContext(ctx, `UPDATE jobs SET run_at = ?, last_error = ?, claimed_until = NULL
			WHERE id = ? AND claim_token = ?`, now.Add(Backoff(job.Attempt)), msg, job.ID, token)
	}
	if err != nil {
		return fmt.Errorf("jobs: record the failure of %s job %s: %w", job.Kind, job.Key, err)
	}
	return nil
}

// Backoff is the wait after the given failed attempt: 30 s, 1 min, 2 min …
// doubling up to an hour.
func Backoff(attempt int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < attempt && d < time.Hour; i++ {
		d *= 2
	}
	return min(d, time.Hour)
}
