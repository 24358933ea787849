package httpapi_test

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cantica/cantica/internal/app"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/httpapi"
)

const indexHTML = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`

var bigScript = "console.log('cantica');\n" + strings.Repeat("export const x = 'padding so that compression pays';\n", 100)

func webApp() fstest.MapFS {
	return fstest.MapFS{
		"index.html":             {Data: []byte(indexHTML)},
		"assets/index-abc123.js": {Data: []byte(bigScript)},
		"favicon.svg":            {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
	}
}

func newServer(t *testing.T, d *db.DB) *httptest.Server {
	t.Helper()
	srv, _ := newServers(t, d)
	return srv
}

// newServers serves the public handler and, apart, the metrics.
func newServers(t *testing.T, d *db.DB) (public, metrics *httptest.Server) {
	t.Helper()
	cfg, err := config.Load(func(string) string { return "" }, nil)
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, err := app.New(cfg, d, logger, app.Options{WebApp: webApp()})
	if err != nil {
		t.Fatal(err)
	}
	public, metrics = httptest.NewServer(a.Handler), httptest.NewServer(a.Metrics)
	t.Cleanup(public.Close)
	t.Cleanup(metrics.Close)
	return public, metrics
}

type response struct {
	status int
	header http.Header
	body   string
}

func do(t *testing.T, srv *httptest.Server, method, path string, headers map[string]string) response {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	// A plain transport: no automatic gzip negotiation, so tests see the
	// Content-Encoding the server chose.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body []byte
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatalf("gzip body: %v", err)
		}
		body, _ = io.ReadAll(zr)
	} else {
		body, _ = io.ReadAll(res.Body)
	}
	return response{res.StatusCode, res.Header, string(body)}
}

func TestRoutes(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := newServer(t, d)
		cases := []struct {
			name        string
			method      string
			path        string
			headers     map[string]string
			status      int
			contentType string
			cache       string
			encoding    string
			allow       string
			contains    []string
		}{
			{name: "unknown API path is JSON 404", method: "GET", path: "/api/v1/no-such-thing", status: 404,
				contentType: "application/json", contains: []string{`"code":"NOT_FOUND"`, `"message":`}},
			{name: "unknown API version is JSON 404", method: "GET", path: "/api/v2/info", status: 404,
				contentType: "application/json", contains: []string{`"code":"NOT_FOUND"`}},
			{name: "unknown API POST is JSON 404", method: "POST", path: "/api/v1/nothing/here", status: 404,
				headers: map[string]string{"Sec-Fetch-Site": "same-origin"}, contentType: "application/json", contains: []string{`"code":"NOT_FOUND"`}},
			{name: "API root is JSON 404", method: "GET", path: "/api/", status: 404, contentType: "application/json"},
			{name: "wrong method on an API path is JSON 405", method: "DELETE", path: "/api/v1/info", status: 405,
				headers: map[string]string{"Sec-Fetch-Site": "same-origin"}, contentType: "application/json", allow: "GET, HEAD",
				contains: []string{`"code":"METHOD_NOT_ALLOWED"`, `"message":"Method DELETE is not allowed on /api/v1/info; use GET, HEAD."`}},
			{name: "wrong method on a path with a parameter is JSON 405", method: "POST", path: "/api/v1/choirs/abc", status: 405,
				headers: map[string]string{"Sec-Fetch-Site": "same-origin"}, contentType: "application/json", allow: "GET, HEAD, PATCH",
				contains: []string{`"code":"METHOD_NOT_ALLOWED"`}},
			{name: "GET of a POST-only API path is JSON 405", method: "GET", path: "/api/v1/auth/logout", status: 405,
				contentType: "application/json", allow: "POST", contains: []string{`"code":"METHOD_NOT_ALLOWED"`}},
			{name: "wrong method on the OpenAPI document is JSON 405", method: "PUT", path: "/api/v1/openapi.json", status: 405,
				headers: map[string]string{"Sec-Fetch-Site": "same-origin"}, contentType: "application/json", allow: "GET, HEAD"},
			{name: "API request without its JSON body is refused before its handler runs", method: "POST", path: "/api/v1/auth/login", status: 400,
				headers: map[string]string{"Sec-Fetch-Site": "same-origin"}, contentType: "application/json", contains: []string{`"code":"VALIDATION_ERROR"`}},
			{name: "info", method: "GET", path: "/api/v1/info", status: 200, contentType: "application/json",
				contains: []string{`"version":"v1.0"`}},
			{name: "session of a stranger", method: "GET", path: "/api/v1/auth/session", status: 200,
				contentType: "application/json", contains: []string{`"user":null`}},
			{name: "openapi document", method: "GET", path: "/api/v1/openapi.json", status: 200,
				contentType: "application/json", contains: []string{`"openapi":"3.0.3"`, `"/auth/session"`}},
			{name: "landing page", method: "GET", path: "/", status: 200, contentType: "text/html",
				cache: "no-cache", contains: []string{`<div id="root">`}},
			{name: "app route falls back to the app", method: "GET", path: "/dashboard/calendar", status: 200,
				contentType: "text/html", cache: "no-cache", contains: []string{`<div id="root">`}},
			{name: "unknown page falls back to the app", method: "GET", path: "/no/such/page", status: 200,
				contentType: "text/html", cache: "no-cache", contains: []string{`<div id="root">`}},
			{name: "index.html itself is never cached", method: "GET", path: "/index.html", status: 200,
				contentType: "text/html", cache: "no-cache"},
			{name: "hashed asset cached for a year", method: "GET", path: "/assets/index-abc123.js", status: 200,
				contentType: "javascript", cache: "public, max-age=31536000, immutable", contains: []string{"console.log('cantica')"}},
			{name: "hashed asset gzipped when accepted", method: "GET", path: "/assets/index-abc123.js",
				headers: map[string]string{"Accept-Encoding": "gzip, deflate, br"}, status: 200, encoding: "gzip",
				contentType: "javascript", contains: []string{"console.log('cantica')"}},
			{name: "no gzip when refused", method: "GET", path: "/assets/index-abc123.js",
				headers: map[string]string{"Accept-Encoding": "gzip;q=0"}, status: 200, contentType: "javascript"},
			{name: "unhashed file not cached forever", method: "GET", path: "/favicon.svg", status: 200,
				contentType: "image/svg+xml", cache: "no-cache"},
			{name: "missing asset is a 404, not the app", method: "GET", path: "/assets/gone-123.js", status: 404},
			{name: "POST to a page is refused", method: "POST", path: "/dashboard",
				headers: map[string]string{"Sec-Fetch-Site": "same-origin"}, status: 405, contentType: "application/json", allow: "GET, HEAD"},
			{name: "health", method: "GET", path: "/healthz", status: 200, contains: []string{`"status":"ok"`}},
			{name: "ready", method: "GET", path: "/readyz", status: 200, contains: []string{`"database":"` + d.Kind + `"`}},
			{name: "cross-origin POST refused", method: "POST", path: "/api/v1/auth/logout",
				headers: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, status: 403,
				contentType: "application/json", contains: []string{`"code":"PERMISSION_ERROR"`}},
			{name: "same-origin POST allowed", method: "POST", path: "/api/v1/auth/logout",
				headers: map[string]string{"Sec-Fetch-Site": "same-origin"}, status: 204},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				res := do(t, srv, c.method, c.path, c.headers)
				if res.status != c.status {
					t.Fatalf("status %d, want %d; body %s", res.status, c.status, res.body)
				}
				if c.contentType != "" && !strings.Contains(res.header.Get("Content-Type"), c.contentType) {
					t.Errorf("Content-Type %q, want %q", res.header.Get("Content-Type"), c.contentType)
				}
				if c.cache != "" && res.header.Get("Cache-Control") != c.cache {
					t.Errorf("Cache-Control %q, want %q", res.header.Get("Cache-Control"), c.cache)
				}
				if got := res.header.Get("Allow"); got != c.allow {
					t.Errorf("Allow %q, want %q", got, c.allow)
				}
				if got := res.header.Get("Content-Encoding"); got != c.encoding {
					t.Errorf("Content-Encoding %q, want %q", got, c.encoding)
				}
				for _, s := range c.contains {
					if !strings.Contains(res.body, s) {
						t.Errorf("body lacks %q: %s", s, res.body)
					}
				}
				checkSecurityHeaders(t, res.header)
			})
		}
	})
}

func checkSecurityHeaders(t *testing.T, h http.Header) {
	t.Helper()
	csp := h.Get("Content-Security-Policy")
	for _, directive := range []string{"script-src 'self';", "frame-ancestors 'none'", "object-src 'none'"} {
		if !strings.Contains(csp, directive) {
			t.Errorf("Content-Security-Policy %q lacks %q", csp, directive)
		}
	}
	if strings.Contains(strings.SplitN(strings.SplitN(csp, "script-src", 2)[1], ";", 2)[0], "unsafe-inline") {
		t.Errorf("Content-Security-Policy allows inline scripts: %q", csp)
	}
	want := map[string]string{
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "strict-origin-when-cross-origin",
	}
	for k, v := range want {
		if h.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, h.Get(k), v)
		}
	}
}

func TestMetricsCountRequestsByRoutePattern(t *testing.T) {
	t.Parallel()
	srv, metricsSrv := newServers(t, dbtest.Open(t, config.SQLite))
	do(t, srv, "GET", "/api/v1/info", nil)
	do(t, srv, "GET", "/api/v1/info", nil)
	do(t, srv, "GET", "/dashboard/members/42", nil)
	do(t, srv, "GET", "/api/v1/unknown-42", nil)
	// The public address does not serve them, neither as metrics nor as the app's page.
	if res := do(t, srv, "GET", "/metrics", nil); res.status != 404 || strings.Contains(res.body, "cantica_http") || strings.Contains(res.body, "<html") {
		t.Fatalf("/metrics on the public address: %d %.200s", res.status, res.body)
	}
	res := do(t, metricsSrv, "GET", "/metrics", nil)
	if res.status != 200 || !strings.Contains(res.header.Get("Content-Type"), "text/plain") {
		t.Fatalf("metrics: %d %s", res.status, res.header.Get("Content-Type"))
	}
	for _, want := range []string{
		`cantica_http_requests_total{method="GET",route="GET /api/v1/info",status="200"} 2`,
		`cantica_http_requests_total{method="GET",route="/",status="200"} 1`,
		`cantica_http_requests_total{method="GET",route="/api/",status="404"} 1`,
		`cantica_http_request_duration_seconds_count{route="GET /api/v1/info"} 2`,
		`go_sql_max_open_connections{db_name="write"} 1`,
		`go_sql_open_connections{db_name="read"}`,
	} {
		if !strings.Contains(res.body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(res.body, "/dashboard/members/42") || strings.Contains(res.body, "unknown-42") {
		t.Error("metrics label a raw path; they must use route patterns only")
	}
}

func TestReadyzReportsAnUnreachableDatabase(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t, config.SQLite)
	srv := newServer(t, d)
	d.Close()
	res := do(t, srv, "GET", "/readyz", nil)
	if res.status != http.StatusServiceUnavailable {
		t.Fatalf("readyz with a closed database: %d", res.status)
	}
	var body struct{ Code string }
	if err := json.Unmarshal([]byte(res.body), &body); err != nil || body.Code != "NOT_READY" {
		t.Fatalf("body %s", res.body)
	}
	if res := do(t, srv, "GET", "/healthz", nil); res.status != 200 {
		t.Fatalf("healthz must not depend on the database: %d", res.status)
	}
}

func TestWithoutWebAppBuilt(t *testing.T) {
	t.Parallel()
	cfg, _ := config.Load(func(string) string { return "" }, nil)
	a, err := app.New(cfg, dbtest.Open(t, config.SQLite), slog.New(slog.NewTextHandler(io.Discard, nil)), app.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := a.Handler
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "make build") {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
}

// No text field takes a control character: each is refused with a message
// under its field, and nothing is stored.
func TestControlCharactersAreRefused(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := h.NewClient()
		res := c.Do("POST", "/api/v1/auth/register", map[string]any{
			"email": "nul@example.com", "password": goodPassword, "firstName": "a\u0000b", "lastName": "Back\bspace",
		})
		wantError(t, res, 400, "VALIDATION_ERROR")
		details, _ := res.JSON["details"].(map[string]any)
		if details["firstName"] != httpapi.MsgControlCharacters || details["lastName"] != httpapi.MsgControlCharacters || len(details) != 2 {
			t.Fatalf("details: %s", res.Raw)
		}
		var n int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM users`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d accounts stored (%v)", n, err)
		}

		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		event := map[string]any{"title": "Rehearsal\u001b[31m", "eventType": "rehearsal", "start": "2026-03-03T19:30:00Z", "end": "2026-03-03T21:30:00Z",
			"description": "Bring\tyour\r\nscores"}
		res = admin.Do("POST", "/api/v1/choirs/"+choirID+"/events", event)
		wantError(t, res, 400, "VALIDATION_ERROR")
		if details, _ := res.JSON["details"].(map[string]any); details["title"] != httpapi.MsgControlCharacters || len(details) != 1 {
			t.Fatalf("event details: %s", res.Raw)
		}
		// Tabs and line breaks are text, not control characters.
		event["title"] = "Rehearsal"
		if res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/events", event); res.Status != 201 {
			t.Fatalf("event with a tab and line breaks: %d %s", res.Status, res.Raw)
		}
		// DEL too, on any operation.
		res = admin.Do("PATCH", "/api/v1/choirs/"+choirID, map[string]any{"name": "Schola", "city": "Ely\u007f"})
		wantError(t, res, 400, "VALIDATION_ERROR")
		if details, _ := res.JSON["details"].(map[string]any); details["city"] != httpapi.MsgControlCharacters {
			t.Fatalf("choir details: %s", res.Raw)
		}
	})
}
