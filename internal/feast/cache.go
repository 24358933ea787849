package feast

import (
	"sync"
	"time"
)

// cache keeps feast answers for a while and merges identical requests that
// arrive while one is being answered (calendar document §9). It is only a
// copy of what the database holds: each instance has its own, cleared on
// its own writes, so another instance's write shows within the lifetime.
type cache struct {
	mu       sync.Mutex
	lifetime time.Duration
	now      func() time.Time
	entries  map[string]cached
	inFlight map[string]*load
	epoch    int // bumped by clear, so a load begun before a write is not kept
}

// maxCached bounds how many answers are kept at once.
const maxCached = 500

type cached struct {
	value   []Instance
	expires time.Time
}

type load struct {
	done  chan struct{}
	value []Instance
	err   error
}

func newCache(lifetime time.Duration, now func() time.Time) *cache {
	return &cache{lifetime: lifetime, now: now, entries: map[string]cached{}, inFlight: map[string]*load{}}
}

// get answers from the cache, joins a load under way, or loads.
func (c *cache) get(key string, fetch func() ([]Instance, error)) ([]Instance, error) {
	c.mu.Lock()
	if e, ok := c.entries[key]; ok && c.now().Before(e.expires) {
		c.mu.Unlock()
		return e.value, nil
	}
	if l, ok := c.inFlight[key]; ok {
		c.mu.Unlock()
		<-l.done
		return l.value, l.err
	}
	l := &load{done: make(chan struct{})}
	c.inFlight[key] = l
	epoch := c.epoch
	c.mu.Unlock()

	l.value, l.err = fetch()

	c.mu.Lock()
	delete(c.inFlight, key)
	if l.err == nil && epoch == c.epoch {
		if len(c.entries) >= maxCached {
			c.entries = map[string]cached{} // bounded memory beats a perfect hit rate
		}
		c.entries[key] = cached{value: l.value, expires: c.now().Add(c.lifetime)}
	}
	c.mu.Unlock()
	close(l.done)
	return l.value, l.err
}

// clear forgets every answer, after a write.
func (c *cache) clear() {
	c.mu.Lock()
	c.entries = map[string]cached{}
	c.epoch++
	c.mu.Unlock()
}
