package httpapi_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/jobs"
)

// A job that keeps failing is not lost: the global admin sees it with its
// last error and can run it again once the cause is fixed.
func TestAGlobalAdminSeesAFailedJobAndRetriesIt(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		var fixed atomic.Bool
		ran := 0
		h.App.Jobs.Handle("test-flaky", func(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
			if !fixed.Load() {
				return nil, errors.New("the mail server refused the connection")
			}
			ran++
			return nil, nil
		})
		if _, err := h.App.Jobs.Enqueue(t.Context(), h.DB, jobs.Spec{Kind: "test-flaky", Key: "flaky:1"}); err != nil {
			t.Fatal(err)
		}
		admin := globalAdmin(t, h, "gail@example.com")
		for attempt := 1; attempt <= jobs.MaxAttempts; attempt++ {
			h.RunJobs()
			if attempt == 1 {
				res := admin.Do("GET", "/api/v1/admin/jobs", nil)
				if res.Status != 200 || res.JSON["pending"] != float64(1) || res.JSON["retrying"] != float64(1) || res.JSON["failed"] != float64(0) {
					t.Fatalf("after one failure: %d %s", res.Status, res.Raw)
				}
			}
			h.Clock.Advance(jobs.Backoff(attempt))
		}
		res := admin.Do("GET", "/api/v1/admin/jobs", nil)
		if res.Status != 200 || res.JSON["failed"] != float64(1) || res.JSON["pending"] != float64(0) {
			t.Fatalf("after every attempt: %d %s", res.Status, res.Raw)
		}
		failure := res.JSON["failures"].([]any)[0].(map[string]any)
		if failure["kind"] != "test-flaky" || failure["lastError"] != "the mail server refused the connection" ||
			failure["attempts"] != float64(jobs.MaxAttempts) || failure["failedAt"] == nil {
			t.Fatalf("the failure as shown: %v", failure)
		}
		fixed.Store(true)
		res = admin.Do("POST", "/api/v1/admin/jobs/"+failure["id"].(string)+"/retry", nil)
		if res.Status != 200 || res.JSON["failed"] != float64(0) || res.JSON["pending"] != float64(1) {
			t.Fatalf("retry: %d %s", res.Status, res.Raw)
		}
		if res := admin.Do("POST", "/api/v1/admin/jobs/"+failure["id"].(string)+"/retry", nil); res.Status != 404 {
			t.Errorf("a second retry of a queued job: %d %s, want 404", res.Status, res.Raw)
		}
		h.RunJobs()
		if ran != 1 {
			t.Errorf("the retried job ran %d times, want once", ran)
		}
		if res := admin.Do("GET", "/api/v1/admin/jobs", nil); res.JSON["pending"] != float64(0) || len(res.JSON["failures"].([]any)) != 0 {
			t.Errorf("after the retry ran: %s", res.Raw)
		}
	})
}
