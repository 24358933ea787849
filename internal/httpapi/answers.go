package httpapi

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/cantica/cantica/internal/buildinfo"
	"github.com/cantica/cantica/internal/calendar"
)

// answers keeps encoded answers under their ETags, least recently used
// first out when they pass a size in bytes. An ETag is made of the database
// versions a request reads before building its answer, so a kept answer is
// served only when the database says it is current: every instance keeps
// its own, and none needs telling about another's writes.
type answers struct {
	mu       sync.Mutex
	maxBytes int
	bytes    int
	order    *list.List // of *answer, most recently used first
	byTag    map[string]*list.Element
}

// answersMaxBytes bounds the memory kept answers take: a busy choir's
// month is about 150 KB, a few hundred choirs' current months fit.
const answersMaxBytes = 64 << 20

func newAnswers(maxBytes int) *answers {
	return &answers{maxBytes: maxBytes, order: list.New(), byTag: map[string]*list.Element{}}
}

// answer is one encoded JSON answer and, once a client asked for it, its
// gzip form.
type answer struct {
	tag    string
	json   []byte
	gzOnce sync.Once
	gz     []byte
	cache  *answers
}

// get finds the answer kept under tag, or nil.
func (c *answers) get(tag string) *answer {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byTag[tag]; ok {
		c.order.MoveToFront(el)
		return el.Value.(*answer)
	}
	return nil
}

// put keeps an answer under tag (unless it alone is larger than the
// bound) and returns it.
func (c *answers) put(tag string, body []byte) *answer {
	a := &answer{tag: tag, json: body, cache: c}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byTag[tag]; ok { // built meanwhile by another request
		return el.Value.(*answer)
	}
	if len(body) > c.maxBytes {
		return a
	}
	c.byTag[tag] = c.order.PushFront(a)
	c.grow(len(body))
	return a
}

// grow counts n more bytes kept and drops the least recently used answers
// until the total fits. The caller holds mu.
func (c *answers) grow(n int) {
	c.bytes += n
	for c.bytes > c.maxBytes && c.order.Len() > 1 {
		old := c.order.Remove(c.order.Back()).(*answer)
		delete(c.byTag, old.tag)
		c.bytes -= len(old.json) + len(old.gz)
	}
}

// gzipped is the answer compressed, made once.
func (a *answer) gzipped() []byte {
	a.gzOnce.Do(func() {
		var buf bytes.Buffer
		buf.Grow(len(a.json) / 6)
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		_, _ = zw.Write(a.json)
		_ = zw.Close()
		a.gz = buf.Bytes()
		a.cache.mu.Lock()
		if _, kept := a.cache.byTag[a.tag]; kept {
			a.cache.grow(len(a.gz))
		}
		a.cache.mu.Unlock()
	})
	return a.gz
}

// response is the answer for one request: compressed when the client
// accepts gzip.
func (a *answer) response(r *http.Request) encodedAnswer {
	return encodedAnswer{a: a, gzip: accepts(r, "gzip")}
}

// encodedAnswer writes a kept answer as an operation's 200 response.
type encodedAnswer struct {
	a    *answer
	gzip bool
}

func (e encodedAnswer) write(w http.ResponseWriter) error {
	h := w.Header()
	body := e.a.json
	h.Set("Content-Type", "application/json")
	h.Set("ETag", e.a.tag)
	varyOn(h, "Accept-Encoding")
	if e.gzip {
		body = e.a.gzipped()
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if _, err := w.Write(body); err != nil {
		return fmt.Errorf("httpapi: send the answer tagged %s: %w", e.a.tag, err)
	}
	return nil
}

// VisitListEventsResponse makes a kept answer a ListEvents response.
func (e encodedAnswer) VisitListEventsResponse(w http.ResponseWriter) error { return e.write(w) }

// eventsTag is the ETag of a range of a choir's calendar: everything the
// answer depends on.
func eventsTag(h *calendar.Header, r calendar.Range) string {
	return buildinfo.ETag("events", h.ChoirID, h.Version, h.TimeZone, h.CalendarType, h.FeastsPublished, h.FeastVersion,
		r.From, r.To, r.SeesDrafts, r.SeesUnpublished)
}

// etagMatches reads an If-None-Match header: "*", or a list of entity
// tags, compared weakly (RFC 9110 §13.1.2).
func etagMatches(header, tag string) bool {
	want := strings.TrimPrefix(tag, "W/")
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == want {
			return true
		}
	}
	return false
}
