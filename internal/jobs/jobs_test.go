package jobs_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/testclock"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// effectKind is the job kind of these tests: its effect is one row in
// job_effects, written in the job's completing transaction, so counting the
// rows counts how often a job's effects happened.
const effectKind = "test-effect"

func createEffects(t testing.TB, d *db.DB) {
	t.Helper()
	_, err := d.ExecContext(context.Background(), `CREATE TABLE IF NOT EXISTS job_effects (job_key TEXT NOT NULL, worker TEXT NOT NULL)`)
	if err != nil {
		t.Fatalf("create job_effects: %v", err)
	}
}

// writeEffect is a handler whose effect records the job's key and worker.
func writeEffect(worker string) jobs.Handler {
	return func(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
		return func(ctx context.Context, tx *db.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO job_effects (job_key, worker) VALUES (?, ?)`, job.Key, worker)
			return err
		}, nil
	}
}

// effects counts the effect rows per job key.
func effects(t testing.TB, d *db.DB) map[string]int {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), `SELECT job_key, COUNT(*) FROM job_effects GROUP BY job_key`)
	if err != nil {
		t.Fatalf("count effects: %v", err)
	}
	out := map[string]int{}
	err = db.Each(rows, func(s db.Scanner) error {
		var k string
		var n int
		err := s.Scan(&k, &n)
		out[k] = n
		return err
	})
	if err != nil {
		t.Fatalf("count effects: %v", err)
	}
	return out
}

func enqueueEffects(t testing.TB, q *jobs.Queue, d *db.DB, n int) {
	t.Helper()
	err := d.InTx(context.Background(), func(tx *db.Tx) error {
		for i := range n {
			if _, err := q.Enqueue(context.Background(), tx, jobs.Spec{Kind: effectKind, Key: fmt.Sprintf("job-%03d", i)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("enqueue: %v", err)
	}
}

// expectEachOnce fails unless every one of n jobs had its effect exactly once.
func expectEachOnce(t *testing.T, d *db.DB, n int) {
	t.Helper()
	got := effects(t, d)
	for i := range n {
		if k := fmt.Sprintf("job-%03d", i); got[k] != 1 {
			t.Errorf("job %s had its effect %d times, want exactly once", k, got[k])
		}
	}
	if len(got) != n {
		t.Errorf("effects for %d jobs, want %d", len(got), n)
	}
}

func TestEnqueueOfOneKeyFromManyGoroutinesQueuesOneJob(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		q := jobs.New(d, quiet, time.Now)
		var wg sync.WaitGroup
		var mu sync.Mutex
		created := 0
		for range 24 {
			wg.Go(func() {
				fresh, err := q.Enqueue(context.Background(), d, jobs.Spec{Kind: effectKind, Key: "digest:u1:2026-11-30"})
				if err != nil {
					t.Errorf("enqueue: %v", err)
				}
				if fresh {
					mu.Lock()
					created++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		var rows int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM jobs`).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if created != 1 || rows != 1 {
			t.Errorf("%d enqueues reported a new job and %d rows exist, want 1 and 1", created, rows)
		}
	})
}

func TestAJobNotYetDueWaitsAndADoneKeyIsNotQueuedAgain(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		createEffects(t, d)
		clock := testclock.New(time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC))
		q := jobs.New(d, quiet, clock.Now)
		q.Handle(effectKind, writeEffect("w"))
		spec := jobs.Spec{Kind: effectKind, Key: "job-000", RunAt: clock.Now().Add(2 * time.Hour)}
		if _, err := q.Enqueue(context.Background(), d, spec); err != nil {
			t.Fatal(err)
		}
		if n, err := q.RunDue(context.Background()); err != nil || n != 0 {
			t.Fatalf("before its time RunDue ran %d jobs (%v), want none", n, err)
		}
		clock.Advance(2 * time.Hour)
		if n, err := q.RunDue(context.Background()); err != nil || n != 1 {
			t.Fatalf("at its time RunDue ran %d jobs (%v), want 1", n, err)
		}
		if fresh, err := q.Enqueue(context.Background(), d, spec); err != nil || fresh {
			t.Fatalf("enqueueing a done key again: new=%v err=%v, want an unchanged queue", fresh, err)
		}
		if n, _ := q.RunDue(context.Background()); n != 0 {
			t.Errorf("a done job ran again")
		}
		expectEachOnce(t, d, 1)
	})
}

// Two server instances share one database: each opens its own connections
// and runs its own worker. Every job's effect must happen once.
func TestTwoWorkersOnOneDatabaseRunEachJobOnce(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			cfg := dbtest.MigratedConfig(t, kind)
			first, second := dbtest.OpenConfig(t, cfg), dbtest.OpenConfig(t, cfg)
			createEffects(t, first)
			const n = 120
			a := jobs.New(first, quiet, time.Now)
			b := jobs.New(second, quiet, time.Now)
			a.Handle(effectKind, writeEffect("a"))
			b.Handle(effectKind, writeEffect("b"))
			enqueueEffects(t, a, first, n)
			var wg sync.WaitGroup
			counts := make([]int, 2)
			for i, q := range []*jobs.Queue{a, b} {
				wg.Go(func() {
					done, err := q.RunDue(context.Background())
					if err != nil {
						t.Errorf("worker %d: %v", i, err)
					}
					counts[i] = done
				})
			}
			wg.Wait()
			expectEachOnce(t, first, n)
			if counts[0]+counts[1] != n {
				t.Errorf("the workers completed %d + %d jobs, want %d in all", counts[0], counts[1], n)
			}
		})
	}
}

// A worker whose run outlasted its lease (a stalled process) must not write
// its effects once another worker has taken the job over.
func TestAWorkerThatLostItsLeaseRollsItsEffectsBack(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		createEffects(t, d)
		clock := testclock.New(time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC))
		stalled := jobs.New(d, quiet, clock.Now)
		started, release := make(chan struct{}), make(chan struct{})
		stalled.Handle(effectKind, func(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
			close(started)
			<-release
			return writeEffect("stalled")(ctx, job)
		})
		enqueueEffects(t, stalled, d, 1)
		done := make(chan int)
		go func() {
			n, err := stalled.RunDue(context.Background())
			if err != nil {
				t.Errorf("stalled worker: %v", err)
			}
			done <- n
		}()
		<-started
		clock.Advance(jobs.Lease + time.Second)
		other := jobs.New(d, quiet, clock.Now)
		other.Handle(effectKind, writeEffect("other"))
		if n, err := other.RunDue(context.Background()); err != nil || n != 1 {
			t.Fatalf("the second worker ran %d jobs (%v), want the expired one", n, err)
		}
		close(release)
		if n := <-done; n != 0 {
			t.Errorf("the stalled worker reported %d completed jobs, want 0", n)
		}
		expectEachOnce(t, d, 1)
		var worker string
		if err := d.QueryRowContext(context.Background(), `SELECT worker FROM job_effects`).Scan(&worker); err != nil || worker != "other" {
			t.Errorf("the effect came from %q (%v), want the worker that held the lease", worker, err)
		}
	})
}

func TestAFailingJobRetriesWithBackoffThenWaitsForAnAdmin(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		createEffects(t, d)
		clock := testclock.New(time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC))
		q := jobs.New(d, quiet, clock.Now)
		broken := true
		q.Handle(effectKind, func(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
			if broken {
				return func(ctx context.Context, tx *db.Tx) error {
					return errors.New("the SMTP server said no")
				}, nil
			}
			return writeEffect("w")(ctx, job)
		})
		enqueueEffects(t, q, d, 1)
		for attempt := 1; attempt <= jobs.MaxAttempts; attempt++ {
			if n, err := q.RunDue(context.Background()); err != nil || n != 0 {
				t.Fatalf("attempt %d: completed %d (%v), want a failure", attempt, n, err)
			}
			if attempt < jobs.MaxAttempts {
				if n, _ := q.RunDue(context.Background()); n != 0 {
					t.Fatalf("attempt %d ran again before its backoff", attempt)
				}
				clock.Advance(jobs.Backoff(attempt))
			}
		}
		stats, err := q.Stats(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if stats.Failed != 1 || stats.Pending != 0 || len(stats.Failures) != 1 ||
			!strings.Contains(stats.Failures[0].LastError, "the SMTP server said no") || stats.Failures[0].FailedAt == nil {
			t.Fatalf("after %d failures the admin sees %+v, want one failed job with its last error", jobs.MaxAttempts, stats)
		}
		clock.Advance(24 * time.Hour)
		if n, _ := q.RunDue(context.Background()); n != 0 {
			t.Fatal("a failed job ran again on its own")
		}
		broken = false
		if err := q.Retry(context.Background(), stats.Failures[0].ID); err != nil {
			t.Fatal(err)
		}
		if err := q.Retry(context.Background(), stats.Failures[0].ID); !errors.Is(err, jobs.ErrNotFailed) {
			t.Errorf("retrying a job that is queued again: %v, want ErrNotFailed", err)
		}
		if n, err := q.RunDue(context.Background()); err != nil || n != 1 {
			t.Fatalf("after Retry: completed %d (%v), want 1", n, err)
		}
		expectEachOnce(t, d, 1)
		if stats, _ := q.Stats(context.Background()); stats.Failed != 0 || len(stats.Failures) != 0 {
			t.Errorf("after a successful retry the admin still sees %+v", stats)
		}
	})
}

func TestPlannersEnqueueOnEveryPollWithoutDoubling(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		createEffects(t, d)
		clock := testclock.New(time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC))
		q := jobs.New(d, quiet, clock.Now)
		q.Handle(effectKind, writeEffect("w"))
		q.Plan("daily", func(ctx context.Context, now time.Time) error {
			_, err := q.Enqueue(ctx, d, jobs.Spec{Kind: effectKind, Key: "day-" + now.Format(time.DateOnly)})
			return err
		})
		for range 3 {
			if err := q.PlanDue(context.Background()); err != nil {
				t.Fatal(err)
			}
			if _, err := q.RunDue(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		clock.Advance(24 * time.Hour)
		if err := q.PlanDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		if _, err := q.RunDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		got := effects(t, d)
		if len(got) != 2 || got["day-2026-11-30"] != 1 || got["day-2026-12-01"] != 1 {
			t.Errorf("effects %v, want one per day", got)
		}
	})
}

// The child process of TestAKilledServerLosesAndRepeatsNothing: it runs the
// queue over the database named in its environment until one job is in the
// middle of its run, says so, and waits to be killed.
func TestMain(m *testing.M) {
	if os.Getenv("CANTICA_JOBS_CHILD_DSN") != "" {
		runChild()
		return
	}
	os.Exit(m.Run())
}

const childStallKey = "job-040"

func runChild() {
	cfg := config.DatabaseConfig{Kind: os.Getenv("CANTICA_JOBS_CHILD_KIND"), DSN: os.Getenv("CANTICA_JOBS_CHILD_DSN")}
	d, err := db.Open(context.Background(), cfg)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	q := jobs.New(d, quiet, time.Now)
	q.Handle(effectKind, func(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
		return func(ctx context.Context, tx *db.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO job_effects (job_key, worker) VALUES (?, 'child')`, job.Key); err != nil {
				return err
			}
			if job.Key == childStallKey {
				fmt.Println("mid-run") // its effect written, not committed
				select {}
			}
			return nil
		}, nil
	})
	_, err = q.RunDue(context.Background())
	fmt.Println("error: the run ended:", err)
	os.Exit(1)
}

// A server killed with SIGKILL in the middle of a job has committed nothing
// of it; a server started afterwards runs the rest, that job included, and
// repeats none that were done.
func TestAKilledServerLosesAndRepeatsNothing(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			cfg := dbtest.MigratedConfig(t, kind)
			d := dbtest.OpenConfig(t, cfg)
			createEffects(t, d)
			const n = 80
			enqueueEffects(t, jobs.New(d, quiet, time.Now), d, n)

			child := exec.Command(os.Args[0], "-test.run=^$")
			child.Env = append(os.Environ(), "CANTICA_JOBS_CHILD_KIND="+cfg.Kind, "CANTICA_JOBS_CHILD_DSN="+cfg.DSN)
			out, err := child.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			child.Stderr = os.Stderr
			if err := child.Start(); err != nil {
				t.Fatal(err)
			}
			line, _ := bufio.NewReader(out).ReadString('\n')
			if strings.TrimSpace(line) != "mid-run" {
				_ = child.Process.Kill()
				t.Fatalf("the child said %q, want mid-run", line)
			}
			if err := child.Process.Kill(); err != nil { // SIGKILL
				t.Fatal(err)
			}
			_ = child.Wait()

			before := effects(t, d)
			if before[childStallKey] != 0 {
				t.Fatalf("the killed job's uncommitted effect survived")
			}
			if len(before) == 0 {
				t.Fatal("the child completed no job before the one it was killed in; the test proves nothing")
			}
			// The restarted server sees the killed job's lease run out.
			restarted := jobs.New(d, quiet, func() time.Time { return time.Now().Add(jobs.Lease + time.Minute) })
			restarted.Handle(effectKind, writeEffect("restarted"))
			if _, err := restarted.RunDue(context.Background()); err != nil {
				t.Fatal(err)
			}
			expectEachOnce(t, d, n)
		})
	}
}

func TestOldDoneJobsAreDeletedAndFailedOnesKept(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		createEffects(t, d)
		clock := testclock.New(time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC))
		q := jobs.New(d, quiet, clock.Now)
		q.Handle(effectKind, writeEffect("w"))
		q.Handle("test-broken", func(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
			return nil, errors.New("broken")
		})
		enqueueEffects(t, q, d, 2)
		if _, err := q.Enqueue(context.Background(), d, jobs.Spec{Kind: "test-broken", Key: "broken"}); err != nil {
			t.Fatal(err)
		}
		for attempt := 1; attempt <= jobs.MaxAttempts; attempt++ {
			if _, err := q.RunDue(context.Background()); err != nil {
				t.Fatal(err)
			}
			clock.Advance(jobs.Backoff(attempt))
		}
		clock.Advance(jobs.Keep - 24*time.Hour) // the retries above took under three hours
		if n, err := q.DeleteOld(context.Background()); err != nil || n != 0 {
			t.Fatalf("before Keep: deleted %d (%v)", n, err)
		}
		clock.Advance(48 * time.Hour)
		if n, err := q.DeleteOld(context.Background()); err != nil || n != 2 {
			t.Fatalf("after Keep: deleted %d (%v), want the two done jobs", n, err)
		}
		if st, err := q.Stats(context.Background()); err != nil || st.Failed != 1 {
			t.Errorf("the failed job after the clean-up: %+v %v, want it kept", st, err)
		}
	})
}
