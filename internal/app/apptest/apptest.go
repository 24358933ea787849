// Package apptest starts the whole Cantica server for integration tests: a
// real database (SQLite or PostgreSQL), a real SMTP server capturing mail,
// local OpenID providers standing in for Google and Microsoft, and a clock
// the test moves.
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/auth/oidc/oidctest"
	"github.com/cantica/cantica/internal/blob"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/mail/smtptest"
	"github.com/cantica/cantica/internal/testclock"
)

// Harness is a running server and what surrounds it.
type Harness struct {
	t         testing.TB
	timeout   time.Duration
	URL       string
	DB        *db.DB
	App       *app.App
	Config    config.Config
	Clock     *testclock.Clock
	SMTP      *smtptest.Server
	Google    *oidctest.Provider
	Microsoft *oidctest.Provider
	Logs      *bytes.Buffer
}

// Options choose what the harness sets up.
type Options struct {
	Social bool // configure Google and Microsoft against local providers
	// TrustedProxies is CANTICA_TRUSTED_PROXIES; with "127.0.0.1" a client
	// can speak for another address through X-Forwarded-For.
	TrustedProxies string
	// NoAnswerCache builds every calendar answer anew (httpapi.Options).
	NoAnswerCache bool
	// ProductionLogs logs as a server does by default (info level) and
	// keeps nothing, for load tests; otherwise everything is kept in Logs.
	ProductionLogs bool
	// MaxUploadBytes replaces the upload limit (CANTICA_MAX_UPLOAD_MB)
	// when not zero, so that a test can exceed it with a small file.
	MaxUploadBytes int64
	// WebApp is the built web app to serve (none when nil).
	WebApp fs.FS
	// Files replaces the file store (by default a local one in the test's
	// temporary data directory), for example with one that fails.
	Files blob.Store
	// BodyIdleTimeout replaces how long a request body may send nothing
	// (httpapi.BodyIdleTimeout) when not zero.
	BodyIdleTimeout time.Duration
	// DBMaxConns is CANTICA_DB_MAX_CONNS when not zero.
	DBMaxConns int
	// RequestTimeout makes a client's request that gets no answer in time
	// fail the test, instead of hanging it (none when zero).
	RequestTimeout time.Duration
	// PushClient posts Web Push notices (a pushtest.Service's client); by
	// default they could reach only public addresses.
	PushClient *http.Client
	// Billing turns billing on (CANTICA_BILLING=stripe) with test keys and
	// price ids; off, the default, is a self-hosted server.
	Billing bool
	// StripeAPIURL is where Stripe's library sends its requests when billing
	// is on (CANTICA_STRIPE_API_URL): stripe-mock, or a stand-in in front
	// of it (internal/billing/stripemock).
	StripeAPIURL string
}

// StripeTestEnv is the billing configuration Options.Billing sets.
var StripeTestEnv = map[string]string{
	"CANTICA_BILLING":               "stripe",
	"CANTICA_STRIPE_SECRET_KEY":     "sk_test_cantica",
	"CANTICA_STRIPE_WEBHOOK_SECRET": "whsec_cantica_test",
	"CANTICA_STRIPE_PRICE_SMALL":    "price_small_test",
	"CANTICA_STRIPE_PRICE_MEDIUM":   "price_medium_test",
	"CANTICA_STRIPE_PRICE_LARGE":    "price_large_test",
}

// Start runs Cantica on a fresh database of the given kind.
func Start(t testing.TB, kind string, opts Options) *Harness {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := &Harness{t: t, timeout: opts.RequestTimeout, URL: "http://" + ln.Addr().String(), Logs: &bytes.Buffer{},
		Clock: testclock.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))}
	h.SMTP = smtptest.Start(t)
	env := map[string]string{
		"CANTICA_BASE_URL":  h.URL,
		"CANTICA_DATA_DIR":  t.TempDir(),
		"CANTICA_SMTP_URL":  h.SMTP.URL(),
		"CANTICA_MAIL_FROM": "Cantica <no-reply@cantica.test>",
	}
	if opts.TrustedProxies != "" {
		env["CANTICA_TRUSTED_PROXIES"] = opts.TrustedProxies
	}
	if opts.Billing {
		maps.Copy(env, StripeTestEnv)
		env["CANTICA_STRIPE_API_URL"] = opts.StripeAPIURL
	}
	if opts.Social {
		h.Google = oidctest.New(t, oidctest.Options{Now: h.Clock.Now, ClientID: "google-client", ClientSecret: "google-secret"})
		h.Microsoft = oidctest.New(t, oidctest.Options{Now: h.Clock.Now, Microsoft: true, ClientID: "ms-client", ClientSecret: "ms-secret"})
		for prefix, p := range map[string]*oidctest.Provider{"CANTICA_GOOGLE": h.Google, "CANTICA_MICROSOFT": h.Microsoft} {
			env[prefix+"_CLIENT_ID"], env[prefix+"_CLIENT_SECRET"], env[prefix+"_ISSUER"] = p.ClientID(), p.ClientSecret(), p.URL()
		}
	}
	h.Config, err = config.Load(func(k string) string { return env[k] }, nil)
	if err != nil {
		t.Fatal(err)
	}
	h.Config.Database = dbtest.MigratedConfig(t, kind)
	if opts.DBMaxConns != 0 {
		h.Config.Database.MaxConns = opts.DBMaxConns
	}
	if opts.MaxUploadBytes != 0 {
		h.Config.Blob.MaxUploadBytes = opts.MaxUploadBytes
	}
	h.DB, err = app.OpenDatabase(context.Background(), h.Config)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.DB.Close() })
	var logMu sync.Mutex
	logger := slog.New(slog.NewTextHandler(lockedWriter{&logMu, h.Logs}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	if opts.ProductionLogs {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	h.App, err = app.New(h.Config, h.DB, logger, app.Options{Now: h.Clock.Now, NoAnswerCache: opts.NoAnswerCache, Files: opts.Files, WebApp: opts.WebApp,
		BodyIdleTimeout: opts.BodyIdleTimeout, PushClient: opts.PushClient})
	if err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: checkDeclared(t, h.App.Handler)}}
	srv.Start()
	t.Cleanup(srv.Close)
	return h
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Mail delivers the queued mail and returns the newest message to an address.
func (h *Harness) Mail(to string) smtptest.Captured {
	h.t.Helper()
	if _, err := h.App.Mailer.DeliverDue(context.Background()); err != nil {
		h.t.Fatalf("deliver mail: %v", err)
	}
	return h.SMTP.WaitFor(h.t, to)
}

// MailCount delivers queued mail and counts the messages sent to an address.
func (h *Harness) MailCount(to string) int {
	h.t.Helper()
	if _, err := h.App.Mailer.DeliverDue(context.Background()); err != nil {
		h.t.Fatalf("deliver mail: %v", err)
	}
	n := 0
	for _, m := range h.SMTP.Messages() {
		for _, rcpt := range m.To {
			if strings.EqualFold(rcpt, to) {
				n++
			}
		}
	}
	return n
}

var linkPattern = regexp.MustCompile(`https?://[^\s"<>]+`)

// Link finds the first link in a message's text that starts with prefix.
func (h *Harness) Link(m smtptest.Captured, prefix string) string {
	h.t.Helper()
	for _, l := range linkPattern.FindAllString(m.TextBody, -1) {
		if strings.HasPrefix(l, h.URL+prefix) {
			return l
		}
	}
	h.t.Fatalf("no link to %s in %q", prefix, m.TextBody)
	return ""
}

// Client is one browser: it keeps cookies and does not follow redirects.
type Client struct {
	h    *Harness
	http *http.Client
	// Header is sent with every request (for example Sec-Fetch-Site).
	Header http.Header
}

// NewClient returns a browser with no cookies.
func (h *Harness) NewClient() *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{h: h, Header: http.Header{}, http: &http.Client{
		Jar:           jar,
		Timeout:       h.timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// For is the same browser (its cookies and headers) reporting failures to
// t, for a fuzz target or subtest that must not fail the harness's own test.
func (c *Client) For(t testing.TB) *Client {
	h := *c.h
	h.t = t
	return &Client{h: &h, http: c.http, Header: c.Header}
}

// Response is an answer with its JSON body decoded.
type Response struct {
	Status int
	Header http.Header
	Raw    string
	JSON   map[string]any
	List   []any
}

// Str reads a string field of a JSON object body, with dots for nesting.
func (r Response) Str(path string) string {
	var v any = r.JSON
	for _, key := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return ""
		}
		v = m[key]
	}
	s, _ := v.(string)
	return s
}

// Body is a request body that is not JSON, such as a multipart form; Do
// sends it as it is.
type Body struct {
	ContentType string
	Data        []byte
}

// Do sends a request with an optional JSON body, or a Body as it is.
func (c *Client) Do(method, path string, body any) Response {
	c.h.t.Helper()
	var rd io.Reader
	form, isRaw := body.(Body)
	if isRaw {
		rd = bytes.NewReader(form.Data)
	} else if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.h.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	target := path
	if !strings.HasPrefix(path, "http") {
		target = c.h.URL + path
	}
	req, err := http.NewRequest(method, target, rd)
	if err != nil {
		c.h.t.Fatal(err)
	}
	if isRaw {
		req.Header.Set("Content-Type", form.ContentType)
	} else if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("User-Agent", "apptest")
	for k, v := range c.Header {
		req.Header[k] = v
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.h.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := Response{Status: res.StatusCode, Header: res.Header, Raw: string(raw)}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		var v any
		if err := json.Unmarshal(raw, &v); err == nil {
			out.JSON, _ = v.(map[string]any)
			out.List, _ = v.([]any)
		}
	}
	return out
}

// Cookie returns the value of a cookie this browser holds for the server.
func (c *Client) Cookie(name string) *http.Cookie {
	u, _ := url.Parse(c.h.URL)
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == name {
			return ck
		}
	}
	return nil
}

// SetCookie gives this browser a cookie for the server, for example one
// copied from another browser.
func (c *Client) SetCookie(ck *http.Cookie) {
	u, _ := url.Parse(c.h.URL)
	c.http.Jar.SetCookies(u, []*http.Cookie{ck})
}

// Follow requests an absolute or relative URL with GET, following nothing.
func (c *Client) Follow(location string) Response {
	return c.Do("GET", location, nil)
}

// RunJobs plans and runs every job due at the harness's clock, as the
// server's job worker would, and returns how many completed. Mail they
// queued is delivered by Mail and MailCount.
func (h *Harness) RunJobs() int {
	h.t.Helper()
	ctx := context.Background()
	if err := h.App.Jobs.PlanDue(ctx); err != nil {
		h.t.Fatalf("plan jobs: %v", err)
	}
	n, err := h.App.Jobs.RunDue(ctx)
	if err != nil {
		h.t.Fatalf("run jobs: %v", err)
	}
	return n
}

// Main runs a package's tests with cheap password hashes: the API tests
// register and sign in accounts by the thousand, and what they check is not
// argon2's cost (two thirds of their CPU time at the real one).
func Main(m *testing.M) {
	auth.UseCheapPasswordHashes()
	os.Exit(m.Run())
}
