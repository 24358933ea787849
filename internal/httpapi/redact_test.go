package httpapi

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// apiRoutes registers the API's routes, as NewHandler does, on a routes.
func apiRoutes() *routes {
	rt := newRoutes()
	apigen.HandlerWithOptions(nil, apigen.StdHTTPServerOptions{BaseURL: "/api/v1", BaseRouter: rt})
	rt.HandleFunc(oneClickPattern, func(http.ResponseWriter, *http.Request) {})
	return rt
}

func TestRedactedPaths(t *testing.T) {
	t.Parallel()
	rt := apiRoutes()
	for p, want := range map[string]string{
		"/email/rsvp/S3CRET":                        "/email/rsvp/{token}",
		"/email/rsvp/S3CRET/no":                     "/email/rsvp/{token}/no",
		"/email/event/S3CRET":                       "/email/event/{token}",
		"/email/practice/S3CRET":                    "/email/practice/{token}",
		"/email/unsubscribe/S3CRET":                 "/email/unsubscribe/{token}",
		"/api/v1/email-links/rsvp/S3CRET":           "/api/v1/email-links/rsvp/{linkToken}",
		"/api/v1/email-links/event/S3CRET/ics":      "/api/v1/email-links/event/{linkToken}/ics",
		"/api/v1/email-links/unsubscribe/S3CRET/":   "/api/v1/email-links/unsubscribe/{linkToken}/",
		"/api/v1/invitations/S3CRET/accept":         "/api/v1/invitations/{token}/accept",
		"/api/v1/feeds/S3CRET.ics":                  "/api/v1/feeds/{feedFile}",
		"/api/v1/feeds/S3CRET.ics/x/y":              "/api/v1/feeds/{feedFile}/x/y",
		"//api/v1/../v1/feeds/S3CRET.ics":           "/api/v1/feeds/{feedFile}",
		"/api/v1/choirs/c-1/music/m-2/attachments":  "/api/v1/choirs/c-1/music/m-2/attachments",
		"/api/v1/choirs/c-1/plans/2026-12-24":       "/api/v1/choirs/c-1/plans/2026-12-24",
		"/api/v1/auth/oidc/google/start":            "/api/v1/auth/oidc/google/start",
		"/dashboard/calendar/plan-music/2026-12-24": "/dashboard/calendar/plan-music/2026-12-24",
		"/assets/index-abc123.js":                   "/assets/index-abc123.js",
		"/":                                         "/",
		"/email/":                                   "/email/",
	} {
		if got := rt.secrets.path(p); got != want {
			t.Errorf("%s: logged as %s, want %s", p, got, want)
		}
	}
}

// Every parameter in the path of an API operation is an identifier, a
// public word, or kept out of the log.
func TestEveryAPIPathParameterIsPublicOrRedacted(t *testing.T) {
	t.Parallel()
	spec, err := apigen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	rt := apiRoutes()
	checkParams(t, rt, func(yield func(string)) {
		for p := range spec.Paths.Map() {
			yield("/api/v1" + p)
		}
	}, regexp.MustCompile(`\{(\w+)\}`))
}

// Every page of the web app with a parameter in its address (an email
// link's secret) is logged without the secret.
func TestEveryWebPageParameterIsPublicOrRedacted(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../web/src/app/publicPaths.ts")
	if err != nil {
		t.Fatal(err)
	}
	rt := apiRoutes()
	pages := regexp.MustCompile(`'(/[^']*:[^']*)'`).FindAllStringSubmatch(string(src), -1)
	if len(pages) < 4 {
		t.Fatalf("found %d pages with parameters in publicPaths.ts", len(pages))
	}
	checkParams(t, rt, func(yield func(string)) {
		for _, m := range pages {
			yield(m[1])
		}
	}, regexp.MustCompile(`:(\w+)\??`))
}

// checkParams fills each parameter of each path template with a value of
// its own and checks that the logged path shows it only if it is public.
func checkParams(t *testing.T, rt *routes, templates func(func(string)), param *regexp.Regexp) {
	t.Helper()
	n := 0
	templates(func(tmpl string) {
		values := map[string]string{}
		p := param.ReplaceAllStringFunc(tmpl, func(m string) string {
			name := param.FindStringSubmatch(m)[1]
			values[name] = "VALUE-of-" + name
			return values[name]
		})
		logged := rt.secrets.path(p)
		for name, v := range values {
			n++
			if shown := strings.Contains(logged, v); shown != publicWildcard(name) {
				t.Errorf("%s: %s is logged as %s", tmpl, name, logged)
			}
		}
	})
	if n == 0 {
		t.Fatal("no parameters checked")
	}
}

// The request line, the line of a panic and the line of a failed request
// carry the redacted path.
func TestLogLinesCarryTheRedactedPath(t *testing.T) {
	t.Parallel()
	rt := apiRoutes()
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	h := observe(logger, newMetrics(nil), &rt.secrets, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet:
			panic("boom")
		default:
			writeHandlerError(logger, &rt.secrets, w, r, errors.New("disk on fire"))
		}
	}))
	for _, method := range []string{"GET", "POST"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(method, "/api/v1/email-links/rsvp/S3CRET", nil))
	}
	if strings.Contains(logs.String(), "S3CRET") {
		t.Errorf("secret in the log:\n%s", logs.String())
	}
	for _, line := range []string{"panic serving request", "request failed", "msg=request"} {
		if !strings.Contains(logs.String(), line) {
			t.Errorf("no %q line:\n%s", line, logs.String())
		}
	}
}
