package digest_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/choirmail"
	"github.com/cantica/cantica/internal/digest"
	"github.com/cantica/cantica/internal/jobs"
)

// anotherServer is a second server's job queue with the digest on it, over
// the harness's database, as a second `cantica serve` would have.
func anotherServer(h *apptest.Harness) *jobs.Queue {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	q := jobs.New(h.DB, logger, h.Clock.Now)
	q.AfterCommit(h.App.Mailer.Kick)
	digest.New(h.DB, h.Config, h.App.Mailer, h.App.Links, h.App.Calendar, func(ctx context.Context, choirID, key string) (*choirmail.Plan, error) {
		return choirmail.PlanOf(ctx, h.App.Planning, h.App.Music, choirID, key)
	}, q, h.App.Accounts, logger, h.Clock.Now)
	return q
}

// bigChoir is a choir of n singers with one rehearsal this week.
func bigChoir(f fixture, n int) (choirID string, members []string) {
	director := f.user("director")
	choirID = f.choir(director, "St Cecilia Singers", "Europe/London")
	members = f.users("singer", n)
	f.join(choirID, members...)
	f.event(choirID, director, "Advent rehearsal", "rehearsal", time.Date(2026, 11, 26, 19, 30, 0, 0, time.UTC))
	return choirID, members
}

func eachGetsOne(t *testing.T, h *apptest.Harness, n int) {
	t.Helper()
	for i := range n {
		if got := h.MailCount(emailOf(i, "singer")); got != 1 {
			t.Errorf("%s got %d digests, want 1", emailOf(i, "singer"), got)
		}
	}
	if got := h.MailCount(emailOf(0, "director")); got != 1 {
		t.Errorf("the director got %d digests, want 1", got)
	}
}

// Two servers planning and running the same week's digest at once send
// each member exactly one.
func TestTwoWorkersSendOneDigestEach(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, h *apptest.Harness) {
		f := fixture{t, h}
		const n = 40
		bigChoir(f, n)
		second := anotherServer(h)
		var wg sync.WaitGroup
		for _, q := range []*jobs.Queue{h.App.Jobs, second} {
			wg.Go(func() {
				for range 3 { // several polls each, interleaved
					if err := q.PlanDue(t.Context()); err != nil {
						t.Error(err)
					}
					if _, err := q.RunDue(t.Context()); err != nil {
						t.Error(err)
					}
				}
			})
		}
		wg.Wait()
		eachGetsOne(t, h, n)
		if got := f.count(`SELECT COUNT(*) FROM digest_deliveries WHERE outcome = 'sent'`); got != n+1 {
			t.Errorf("%d digests recorded as sent, want %d", got, n+1)
		}
	})
}

// A server stopped in the middle of a run (its context cancelled after a
// few digests, as a kill would leave it) has sent those; once its leases
// expire, the server that runs next sends the rest and repeats none.
func TestStoppedRunSendsTheRestOnce(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, h *apptest.Harness) {
		f := fixture{t, h}
		const n = 30
		choirID, _ := bigChoir(f, n)
		first := anotherServer(h)
		ctx, stop := context.WithCancel(t.Context())
		var done atomic.Int32
		first.AfterCommit(func() {
			if done.Add(1) == 5 {
				stop()
			}
		})
		if err := first.PlanDue(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := first.RunDue(ctx); err == nil {
			t.Fatal("the stopped server finished its run")
		}
		sent := f.count(`SELECT COUNT(*) FROM digest_deliveries WHERE outcome = 'sent'`)
		if sent < 5 || sent >= n+1 {
			t.Fatalf("%d digests sent before the stop, want 5 and not all", sent)
		}
		// Restarted after the stopped server's leases ran out.
		h.Clock.Advance(jobs.Lease + time.Minute)
		h.RunJobs()
		eachGetsOne(t, h, n)
		if got := f.count(`SELECT COUNT(*) FROM digest_deliveries WHERE outcome = 'sent'`); got != n+1 {
			t.Errorf("%d digests recorded as sent, want %d", got, n+1)
		}
		runs, err := h.App.Digest.Runs(t.Context(), choirID)
		if err != nil || len(runs) != 1 || runs[0].Sent != n+1 || runs[0].Pending != 0 || runs[0].Failed != 0 {
			t.Errorf("the run's history: %+v %v", runs, err)
		}
	})
}
