package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// The built index.html holds the app's scripts in a template that a small
// script adds once the loading shell has painted (web/scripts/prerender.mjs):
// the page's preloads go into it too, or they would download before that paint.
func TestIndexPutsThePagesPreloadsWithTheAppsDeferredScripts(t *testing.T) {
	t.Parallel()
	const index = `<!doctype html><html><head><link rel="stylesheet" href="/assets/index-1.css"></head><body><div id="root">shell</div>` +
		`<template id="app-scripts"><script type="module" crossorigin src="/assets/index-1.js"></script></template><!-- app-scripts -->` +
		`<script>(function(){})()</script></body></html>`
	app, err := newSPA(fstest.MapFS{
		"index.html":          {Data: []byte(index)},
		"assets/index-1.js":   {Data: []byte("export {}")},
		"assets/Shell-3.js":   {Data: []byte("export {}")},
		".vite/preloads.json": {Data: []byte(`{"/dashboard/*": ["/assets/Shell-3.js", "/assets/Shell-3.css"]}`)},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/dashboard/music", nil))
	body := rec.Body.String()
	start, end := strings.Index(body, `<template id="app-scripts">`), strings.Index(body, "</template><!-- app-scripts -->")
	for _, link := range []string{`<link rel="modulepreload" crossorigin href="/assets/Shell-3.js">`, `<link rel="stylesheet" href="/assets/Shell-3.css">`} {
		if at := strings.Index(body, link); at < 0 || at < start || at > end {
			t.Fatalf("GET /dashboard/music: %s is not among the deferred scripts: %s", link, body)
		}
	}
	if strings.Count(body, "modulepreload") != 1 || strings.Count(body, `rel="stylesheet"`) != 2 {
		t.Errorf("GET /dashboard/music links more than the shell's script and stylesheet: %s", body)
	}
}

func TestIndexPreloadsThePagesCode(t *testing.T) {
	t.Parallel()
	app, err := newSPA(fstest.MapFS{
		"index.html":           {Data: []byte(`<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>`)},
		"assets/index-1.js":    {Data: []byte("export {}")},
		"assets/Landing-2.js":  {Data: []byte("export {}")},
		"assets/Shell-3.js":    {Data: []byte("export {}")},
		"assets/Calendar-4.js": {Data: []byte("export {}")},
		".vite/manifest.json":  {Data: []byte(`{}`)},
		".vite/preloads.json": {Data: []byte(`{
			"/": ["/assets/Landing-2.js"],
			"/dashboard/*": ["/assets/Shell-3.js"],
			"/dashboard/calendar": ["/assets/Shell-3.js", "/assets/Calendar-4.js"]
		}`)},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code, rec.Body.String()
	}
	preload := func(file string) string { return `<link rel="modulepreload" crossorigin href="` + file + `">` }
	for _, c := range []struct {
		path      string
		preloaded []string
	}{
		{"/", []string{"/assets/Landing-2.js"}},
		{"/dashboard", []string{"/assets/Shell-3.js"}},
		{"/dashboard/members", []string{"/assets/Shell-3.js"}},
		{"/dashboard/calendar", []string{"/assets/Shell-3.js", "/assets/Calendar-4.js"}},
		{"/dashboard/calendar/plan-music", []string{"/assets/Shell-3.js"}},
		{"/login", nil},
		{"/dashboardx", nil},
	} {
		status, body := get(c.path)
		if status != http.StatusOK || !strings.Contains(body, `<script type="module" src="/assets/index-1.js">`) {
			t.Errorf("GET %s: %d, not the app's index.html: %s", c.path, status, body)
			continue
		}
		if got := strings.Count(body, "modulepreload"); got != len(c.preloaded) {
			t.Errorf("GET %s preloads %d files, want %v: %s", c.path, got, c.preloaded, body)
		}
		for _, file := range c.preloaded {
			if i := strings.Index(body, preload(file)); i < 0 || i > strings.Index(body, "</head>") {
				t.Errorf("GET %s does not preload %s in its head: %s", c.path, file, body)
			}
		}
	}
	// The build's own records are not served.
	if _, body := get("/.vite/preloads.json"); strings.Contains(body, `"/dashboard/*"`) {
		t.Errorf("GET /.vite/preloads.json served the build's file: %s", body)
	}
}

// twoApps is a build of both web apps: the signed-in app (index.html), the
// public app (public.html) and the prerendered landing page.
func twoApps() fstest.MapFS {
	return fstest.MapFS{
		"index.html":          {Data: []byte(`<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>`)},
		"public.html":         {Data: []byte(`<!doctype html><html><head><script type="module" src="/assets/public-1.js"></script></head><body></body></html>`)},
		"landing.html":        {Data: []byte(`<!doctype html><html><head></head><body><h1>Choir management, in harmony</h1></body></html>`)},
		"assets/index-1.js":   {Data: []byte("export {}")},
		"assets/public-1.js":  {Data: []byte("export {}")},
		"assets/Login-2.js":   {Data: []byte("export {}")},
		"assets/Rsvp-3.js":    {Data: []byte("export {}")},
		"assets/Shell-4.js":   {Data: []byte("export {}")},
		".vite/preloads.json": {Data: []byte(`{"/dashboard/*": ["/assets/Shell-4.js"]}`)},
		".vite/public-preloads.json": {Data: []byte(`{
			"/": [],
			"/login": ["/assets/Login-2.js"],
			"/email/rsvp/*": ["/assets/Rsvp-3.js"]
		}`)},
	}
}

func TestPublicPagesGetThePublicApp(t *testing.T) {
	t.Parallel()
	app, err := newSPA(twoApps(), func(*http.Request) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, script, preload string
	}{
		{"/login", "/assets/public-1.js", "/assets/Login-2.js"},
		{"/email/rsvp/abc/yes", "/assets/public-1.js", "/assets/Rsvp-3.js"},
		{"/email/rsvp/abc", "/assets/public-1.js", "/assets/Rsvp-3.js"},
		{"/dashboard/calendar", "/assets/index-1.js", "/assets/Shell-4.js"},
		{"/loginx", "/assets/index-1.js", ""},
		{"/no/such/page", "/assets/index-1.js", ""},
	} {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
		body := rec.Body.String()
		if rec.Code != http.StatusOK || !strings.Contains(body, `src="`+c.script+`"`) {
			t.Errorf("GET %s: %d, want the HTML loading %s: %s", c.path, rec.Code, c.script, body)
		}
		if c.preload != "" && !strings.Contains(body, `modulepreload" crossorigin href="`+c.preload+`"`) {
			t.Errorf("GET %s does not preload %s: %s", c.path, c.preload, body)
		}
	}
}

// script is compressible JavaScript large enough to be worth compressing.
var script = []byte(strings.Repeat("export const greeting = 'Gloria in excelsis Deo';\n", 100))

func gzipped(t *testing.T, body []byte, comment string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Comment = comment
	_, _ = zw.Write(body)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func getWith(app http.Handler, path, acceptEncoding string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	app.ServeHTTP(rec, req)
	return rec
}

// The gzip the build wrote beside a file is what a browser that accepts
// gzip gets: the server compresses nothing of its own. A .gz that does not
// hold its file (left from another build) is not used, and no .gz is served
// as a file of its own.
func TestStaticFilesServeTheBuildsGzip(t *testing.T) {
	t.Parallel()
	built := gzipped(t, script, "written by the build")
	stale := gzipped(t, append([]byte("// an older build\n"), script...), "stale")
	app, err := newSPA(fstest.MapFS{
		"index.html":          {Data: []byte(`<!doctype html><html><head></head><body></body></html>`)},
		"assets/app-1.js":     {Data: script},
		"assets/app-1.js.gz":  {Data: built},
		"assets/page-2.js":    {Data: script},
		"assets/page-2.js.gz": {Data: stale},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := getWith(app, "/assets/app-1.js", "gzip, deflate, br")
	if rec.Header().Get("Content-Encoding") != "gzip" || !bytes.Equal(rec.Body.Bytes(), built) {
		t.Errorf("gzip: %s, not the build's .gz (%d bytes, want %d)", rec.Header().Get("Content-Encoding"), rec.Body.Len(), len(built))
	}
	gzipETag := rec.Header().Get("ETag")
	rec = getWith(app, "/assets/app-1.js", "")
	if rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), script) || rec.Header().Get("ETag") == gzipETag {
		t.Errorf("without gzip: %q, %d bytes, ETag %s (gzip's %s)", rec.Header().Get("Content-Encoding"), rec.Body.Len(), rec.Header().Get("ETag"), gzipETag)
	}
	rec = getWith(app, "/assets/page-2.js", "gzip")
	if bytes.Equal(rec.Body.Bytes(), stale) || !bytes.Equal(gunzip(t, rec.Body.Bytes()), script) {
		t.Errorf("a stale .gz was sent for its file")
	}
	if rec := getWith(app, "/assets/app-1.js.gz", "gzip"); rec.Code != http.StatusNotFound {
		t.Errorf("GET the .gz itself: %d", rec.Code)
	}
}

// A file is read when a browser first asks for it, not while the server
// starts; and without a .gz from the build, compressed then, once.
func TestStaticFilesAreReadAndCompressedWhenFirstAsked(t *testing.T) {
	t.Parallel()
	app, err := newSPA(fstest.MapFS{"assets/app-1.js": {Data: script}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := app.files["assets/app-1.js"]
	if f.body != nil || f.gzipped != nil {
		t.Fatal("read or compressed at start-up")
	}
	first := getWith(app, "/assets/app-1.js", "gzip")
	if first.Header().Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzip(t, first.Body.Bytes()), script) {
		t.Fatalf("first request: %q, %d bytes", first.Header().Get("Content-Encoding"), first.Body.Len())
	}
	if again := getWith(app, "/assets/app-1.js", "gzip"); !bytes.Equal(again.Body.Bytes(), first.Body.Bytes()) {
		t.Error("compressed differently the second time")
	}
}

func gunzip(t *testing.T, gz []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// A browser that accepts Brotli gets the .br the build wrote for a file's
// present content (listed in .vite/brotli.json); one left from another build
// is never sent, and a browser without Brotli gets gzip.
func TestStaticFilesServeTheBuildsBrotli(t *testing.T) {
	t.Parallel()
	sum := sha256.Sum256(script)
	fresh := []byte("brotli of the present script")
	stale := []byte("brotli of an older script")
	app, err := newSPA(fstest.MapFS{
		"index.html":          {Data: []byte(`<!doctype html><html><head></head><body></body></html>`)},
		"assets/app-1.js":     {Data: script},
		"assets/app-1.js.br":  {Data: fresh},
		"assets/page-2.js":    {Data: script},
		"assets/page-2.js.br": {Data: stale},
		".vite/brotli.json": {Data: []byte(`{"assets/app-1.js": "` + hex.EncodeToString(sum[:]) +
			`", "assets/page-2.js": "` + strings.Repeat("0", 64) + `"}`)},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := getWith(app, "/assets/app-1.js", "gzip, deflate, br, zstd")
	if rec.Header().Get("Content-Encoding") != "br" || !bytes.Equal(rec.Body.Bytes(), fresh) {
		t.Errorf("with br accepted: %q, %q", rec.Header().Get("Content-Encoding"), rec.Body.Bytes())
	}
	brETag := rec.Header().Get("ETag")
	rec = getWith(app, "/assets/app-1.js", "gzip, br;q=0")
	if rec.Header().Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzip(t, rec.Body.Bytes()), script) || rec.Header().Get("ETag") == brETag {
		t.Errorf("br refused: %q, ETag %s (br's %s)", rec.Header().Get("Content-Encoding"), rec.Header().Get("ETag"), brETag)
	}
	rec = getWith(app, "/assets/page-2.js", "br, gzip")
	if rec.Header().Get("Content-Encoding") == "br" || bytes.Equal(rec.Body.Bytes(), stale) {
		t.Errorf("a stale .br was sent for its file")
	}
	if rec := getWith(app, "/assets/app-1.js.br", "br"); rec.Code != http.StatusNotFound {
		t.Errorf("GET the .br itself: %d", rec.Code)
	}
}

// The phone app's manifest and service worker (issue 31): the manifest with
// its own content type, and the worker never kept by the browser's HTTP
// cache, so that a new build's worker is found at the next visit.
func TestManifestAndServiceWorkerHeaders(t *testing.T) {
	t.Parallel()
	app, err := newSPA(fstest.MapFS{
		"index.html":           {Data: []byte(`<!doctype html><html><head></head><body></body></html>`)},
		"manifest.webmanifest": {Data: []byte(`{"name":"Cantica"}`)},
		"sw.js":                {Data: []byte(`self.addEventListener('fetch', () => {});`)},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rec := getWith(app, "/manifest.webmanifest", ""); rec.Header().Get("Content-Type") != "application/manifest+json" {
		t.Errorf("manifest: Content-Type %q", rec.Header().Get("Content-Type"))
	}
	if rec := getWith(app, "/sw.js", ""); rec.Header().Get("Cache-Control") != cacheNever || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") {
		t.Errorf("service worker: Cache-Control %q, Content-Type %q", rec.Header().Get("Cache-Control"), rec.Header().Get("Content-Type"))
	}
}
