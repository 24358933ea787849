package feast

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/testclock"
)

func TestCacheMergesServesAndForgets(t *testing.T) {
	clock := testclock.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	c := newCache(CacheLifetime, clock.Now)
	var loads atomic.Int32
	release := make(chan struct{})
	slow := func() ([]Instance, error) {
		loads.Add(1)
		<-release
		return []Instance{{ID: "a"}}, nil
	}

	// Sixteen identical requests while the first is being answered: one load.
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			if got, err := c.get("k", slow); err != nil || len(got) != 1 {
				t.Errorf("get: %v %v", got, err)
			}
		})
	}
	for c.waiting("k") == 0 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // let the others join the load under way
	close(release)
	wg.Wait()
	if n := loads.Load(); n != 1 {
		t.Fatalf("%d loads for 16 concurrent requests", n)
	}

	fast := func() ([]Instance, error) { loads.Add(1); return nil, nil }
	c.get("k", fast)
	if n := loads.Load(); n != 1 {
		t.Fatalf("a fresh answer was loaded again (%d loads)", n)
	}
	clock.Advance(CacheLifetime + time.Second)
	c.get("k", fast)
	if n := loads.Load(); n != 2 {
		t.Fatalf("an expired answer was served (%d loads)", n)
	}
	c.clear()
	c.get("k", fast)
	if n := loads.Load(); n != 3 {
		t.Fatalf("a cleared answer was served (%d loads)", n)
	}
	// Failures are not kept.
	failing := func() ([]Instance, error) { loads.Add(1); return nil, errors.New("down") }
	c.get("e", failing)
	c.get("e", failing)
	if n := loads.Load(); n != 5 {
		t.Fatalf("a failure was cached (%d loads)", n)
	}
}

// waiting says whether a load of key is under way .
func (c *cache) waiting(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.inFlight[key]; ok {
		return 1
	}
	return 0
}
