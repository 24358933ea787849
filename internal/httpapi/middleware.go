package httpapi

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cantica/cantica/internal/apperr"
)

// contentSecurityPolicy allows scripts only from this origin (no inline
// scripts). Styles may be inline because Mantine sets CSS variables at run
// time.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; media-src 'self' blob:; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// stripeOrigin serves Stripe's pricing table: its script, and the frame it
// draws the table in. Allowed only when billing is on (accounts §7).
const stripeOrigin = "https://js.stripe.com"

// policyFor is the app's Content-Security-Policy: with billing on, it also
// allows Stripe's pricing table on /pricing and the plan step.
func policyFor(billing bool) string {
	if !billing {
		return contentSecurityPolicy
	}
	p := strings.Replace(contentSecurityPolicy, "script-src 'self';", "script-src 'self' "+stripeOrigin+";", 1)
	return strings.Replace(p, "object-src 'none';", "frame-src "+stripeOrigin+"; object-src 'none';", 1)
}

// securityHeaders sets the headers every response carries.
func securityHeaders(https bool, policy string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", policy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if https {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// statusRecorder remembers the status and size of a response.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// statusClientGone is what the log and the metrics record for a request
// whose client went away before its answer was sent (nginx's 499): not a
// failure of the server.
const statusClientGone = 499

// headerSent says whether the response's status line has gone out (or been
// decided), so that a failure found later cannot be answered any more.
func headerSent(w http.ResponseWriter) bool {
	for w != nil {
		switch rec := w.(type) {
		case *statusRecorder:
			return rec.status != 0
		case *gzipWriter:
			if rec.status != 0 {
				return true
			}
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return false
		}
		w = u.Unwrap()
	}
	return false
}

// gzipMinBytes is the size from which a JSON answer is compressed: below
// it, the gzip header and a round of work cost more than they save.
const gzipMinBytes = 1024

var gzipWriters = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
	return zw
}}

// compressJSON gzips the API's answers of gzipMinBytes or more in a
// compressible type (JSON, calendar feeds, CSV) for clients that accept gzip. An answer that sets its own Content-Encoding
// (a kept calendar answer, compressed once) passes as it is.
func compressJSON(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") || !accepts(r, "gzip") {
			next.ServeHTTP(w, r)
			return
		}
		varyOn(w.Header(), "Accept-Encoding")
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.finish()
		next.ServeHTTP(gw, r)
	})
}

// varyOn adds field to an answer's Vary header unless it is named there
// already: the compression above and an answer kept compressed both name
// Accept-Encoding.
func varyOn(h http.Header, field string) {
	for _, value := range h.Values("Vary") {
		for _, named := range strings.Split(value, ",") {
			if strings.EqualFold(strings.TrimSpace(named), field) {
				return
			}
		}
	}
	h.Add("Vary", field)
}

// gzipWriter holds back an answer's first bytes until it knows whether the
// answer is JSON long enough to compress.
type gzipWriter struct {
	http.ResponseWriter
	status  int
	held    []byte
	decided bool
	zw      *gzip.Writer
}

func (g *gzipWriter) WriteHeader(code int) {
	if g.status == 0 {
		g.status = code
	}
}

func (g *gzipWriter) Write(p []byte) (int, error) {
	if g.status == 0 {
		g.status = http.StatusOK
	}
	if !g.decided {
		if len(g.held)+len(p) < gzipMinBytes {
			g.held = append(g.held, p...)
			return len(p), nil
		}
		if err := g.decide(true); err != nil {
			return 0, err
		}
	}
	if g.zw != nil {
		return g.zw.Write(p)
	}
	return g.ResponseWriter.Write(p)
}

// decide sends the status line, compressing from here on when the answer
// is long enough (long) and is JSON no one has encoded already, and then
// the bytes held back.
func (g *gzipWriter) decide(long bool) error {
	g.decided = true
	h := g.ResponseWriter.Header()
	if long && compressible(h.Get("Content-Type")) && h.Get("Content-Encoding") == "" {
		h.Set("Content-Encoding", "gzip")
		h.Del("Content-Length")
		g.zw = gzipWriters.Get().(*gzip.Writer)
		g.zw.Reset(g.ResponseWriter)
	}
	g.ResponseWriter.WriteHeader(cmp.Or(g.status, http.StatusOK))
	held := g.held
	g.held = nil
	if len(held) == 0 {
		return nil
	}
	var err error
	if g.zw != nil {
		_, err = g.zw.Write(held)
	} else {
		_, err = g.ResponseWriter.Write(held)
	}
	return err
}

// finish sends what is still held back (a short answer, or none) and ends
// the compressed stream.
func (g *gzipWriter) finish() {
	if !g.decided {
		if g.status == 0 && len(g.held) == 0 {
			return // nothing was written: the server answers 200 empty
		}
		_ = g.decide(false)
	}
	if g.zw != nil {
		_ = g.zw.Close()
		g.zw.Reset(io.Discard)
		gzipWriters.Put(g.zw)
		g.zw = nil
	}
}

func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }

// observe logs one line per request, its path without secrets, and feeds
// the metrics. It must wrap the ServeMux directly (with handlers that pass
// the same *http.Request) so that r.Pattern, set by the mux, is visible
// afterwards.
func observe(logger *slog.Logger, m *metrics, secrets *redactor, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				logger.Error("panic serving request", "method", r.Method, "path", secrets.path(r.URL.Path), "panic", fmt.Sprint(p))
				if rec.status == 0 {
					writeError(rec, http.StatusInternalServerError, apperr.CodeInternal, "An unexpected error occurred. Please try again later.", nil)
				}
			}
			if rec.status == 0 {
				rec.status = http.StatusOK
			}
			// A request cut for a stalled body ends its context too, but
			// was answered.
			if r.Context().Err() != nil && rec.status != http.StatusRequestTimeout {
				rec.status = statusClientGone
			}
			elapsed := time.Since(start)
			m.observe(r, rec.status, elapsed)
			level := slog.LevelInfo
			if isProbe(r.URL.Path) {
				level = slog.LevelDebug
			}
			logger.Log(r.Context(), level, "request",
				"method", r.Method, "path", secrets.path(r.URL.Path), "status", rec.status,
				"duration", elapsed.Round(time.Microsecond), "bytes", rec.bytes)
		}()
		next.ServeHTTP(rec, r)
	})
}

func isProbe(path string) bool {
	return path == "/healthz" || path == "/readyz" || path == "/metrics"
}

// privateAPI marks every API answer as one that no browser or proxy may
// keep: they carry one person's data. An answer that may be kept (the
// OpenAPI document, a calendar feed that is revalidated) says so itself.
func privateAPI(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			w.Header().Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

// MsgControlCharacters refuses a text field with an invisible control
// character in it.
const MsgControlCharacters = "This field contains an invisible control character. Please remove it and try again."

// refuseControlCharacters refuses, with a message under each field, any API
// request whose JSON carries a string with a C0 control character other
// than tab, line feed and carriage return: a NUL or an escape stored in a
// name or a title breaks what later prints, exports or emails it. One gate
// here covers every text field of every operation.
func refuseControlCharacters(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") || r.Body == nil || r.Body == http.NoBody ||
			!strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			// Too large (limitBody) or cut off: the API's own decoding says so.
			r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), errReader{err}))
			next.ServeHTTP(w, r)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		var v any
		if json.Unmarshal(body, &v) != nil {
			next.ServeHTTP(w, r) // not JSON: the API's own decoding refuses it
			return
		}
		var f apperr.Fields
		controlFields(v, "", &f)
		if err := f.Err(); err != nil {
			e, _ := apperr.As(err)
			writeError(w, http.StatusBadRequest, apperr.CodeValidation, e.Message, e.Details)
			return
		}
		next.ServeHTTP(w, r)
	})
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// controlFields adds a message for every string under v, at path, that
// holds a control character. Paths name object keys joined by dots and
// array elements by their index ("rows.3.email").
func controlFields(v any, path string, f *apperr.Fields) {
	join := func(key string) string {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	switch v := v.(type) {
	case string:
		if hasControl(v) {
			f.Add(cmp.Or(path, "body"), MsgControlCharacters)
		}
	case map[string]any:
		for _, key := range slices.Sorted(maps.Keys(v)) {
			controlFields(v[key], join(key), f)
		}
	case []any:
		for i, item := range v {
			controlFields(item, join(strconv.Itoa(i)), f)
		}
	}
}

// hasControl finds a C0 control character other than tab, line feed and
// carriage return, or DEL.
func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return (r < 0x20 && r != '\t' && r != '\n' && r != '\r') || r == 0x7f
	})
}

// limitBody caps API request bodies; larger uploads get their own limits,
// and a library's CSV (up to 5,000 rows with notes) a larger cap.
func limitBody(max int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") && r.Body != nil && !isUpload(r) {
			limit := max
			if isMusicImport(r) {
				limit = maxImportBody
			}
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		next.ServeHTTP(w, r)
	})
}

// maxImportBody holds 5,000 rows of a library's CSV with generous notes.
const maxImportBody = 16 << 20

func isMusicImport(r *http.Request) bool {
	p := r.URL.Path
	return r.Method == http.MethodPost && strings.HasPrefix(p, "/api/v1/choirs/") &&
		(strings.HasSuffix(p, "/music/import") || strings.HasSuffix(p, "/music/import/preview"))
}

// BodyIdleTimeout is how long a request's body may send nothing before the
// request is cut: an upload on a slow line goes on as long as bytes keep
// arriving, but a client that stops sending holds no connection, and no
// handler waiting for it, for longer than this.
const BodyIdleTimeout = 60 * time.Second

// MsgBodyStalled answers a request whose body stopped arriving.
const MsgBodyStalled = "The request stopped arriving before it was complete. Please try again."

var errBodyStalled = errors.New("the request body stopped arriving")

// cutStalledBodies gives each read of a request body idle long to bring a
// byte, and answers 408 (closing the connection) for a body that stops: a
// handler that met the failure as a read error answers it however it
// answers a broken body, so the answer is replaced here.
func cutStalledBodies(idle time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		rc := http.NewResponseController(w)
		// Set before the handler runs, so that a body the handler never
		// reads is cut as well when the server drains it afterwards.
		if err := rc.SetReadDeadline(time.Now().Add(idle)); err != nil {
			next.ServeHTTP(w, r) // a connection without deadlines
			return
		}
		body := &idleBody{ReadCloser: r.Body, rc: rc, idle: idle}
		r.Body = body
		sw := &stallWriter{ResponseWriter: w, body: body}
		next.ServeHTTP(sw, r)
		if body.stalled.Load() && !sw.wrote {
			sw.answerStalled()
		}
		if !body.ended.Load() {
			// The server reads what the handler left of the body: it gets
			// idle from now, not from the handler's last read.
			_ = rc.SetReadDeadline(time.Now().Add(idle))
		}
	})
}

// idleBody moves the connection's read deadline to idle from now before
// each read, until the body ends: then the server's own read of the
// connection (which notices a client going away) must have none.
type idleBody struct {
	io.ReadCloser
	rc      *http.ResponseController
	idle    time.Duration
	ended   atomic.Bool
	stalled atomic.Bool
}

func (b *idleBody) Read(p []byte) (int, error) {
	if b.ended.Load() {
		return b.ReadCloser.Read(p)
	}
	_ = b.rc.SetReadDeadline(time.Now().Add(b.idle))
	n, err := b.ReadCloser.Read(p)
	if err != nil {
		b.ended.Store(true)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			b.stalled.Store(true)
			return n, errBodyStalled
		}
	}
	return n, err
}

// stallWriter passes the handler's answer on, unless the body stalled
// before it began: then the answer is 408, whatever the handler made of
// the failed read.
type stallWriter struct {
	http.ResponseWriter
	body  *idleBody
	wrote bool // a status line went out
	cut   bool // and it was the 408: what the handler writes is dropped
}

func (s *stallWriter) WriteHeader(code int) {
	if s.wrote {
		if !s.cut {
			s.ResponseWriter.WriteHeader(code)
		}
		return
	}
	if s.body.stalled.Load() {
		s.answerStalled()
		return
	}
	s.wrote = true
	s.ResponseWriter.WriteHeader(code)
}

func (s *stallWriter) Write(p []byte) (int, error) {
	if !s.wrote {
		s.WriteHeader(http.StatusOK)
	}
	if s.cut {
		return len(p), nil
	}
	return s.ResponseWriter.Write(p)
}

func (s *stallWriter) answerStalled() {
	s.wrote, s.cut = true, true
	h := s.ResponseWriter.Header()
	h.Del("Content-Length")
	h.Set("Connection", "close")
	writeError(s.ResponseWriter, http.StatusRequestTimeout, apperr.CodeRequestTimeout, MsgBodyStalled, nil)
}

func (s *stallWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
