package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestIndexPreloadsThePagesCode(t *testing.T) {
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
