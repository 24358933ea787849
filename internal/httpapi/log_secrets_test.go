package httpapi_test

import (
	"crypto/rand"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

// Whoever reads the log or the metrics must not find a secret that opens
// an email link, an invitation or a calendar feed: every request to an
// address that carries one, answered or refused, is logged without it.
func TestNoSecretInTheLogOrTheMetrics(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := h.NewClient()
		secrets := map[string]string{}
		secret := func(name string) string {
			s := rand.Text()
			secrets[s] = name
			return s
		}
		requests := []struct{ method, path, loggedAs string }{
			{"GET", "/email/rsvp/" + secret("rsvp page") + "/yes", "/email/rsvp/{token}/yes"},
			{"GET", "/email/rsvp/" + secret("rsvp page without answer"), "/email/rsvp/{token}"},
			{"GET", "/email/event/" + secret("event page"), "/email/event/{token}"},
			{"GET", "/email/practice/" + secret("practice page"), "/email/practice/{token}"},
			{"GET", "/email/unsubscribe/" + secret("unsubscribe page"), "/email/unsubscribe/{token}"},
			{"POST", "/email/unsubscribe/" + secret("one-click unsubscribe"), "/email/unsubscribe/{token}"},
			{"GET", "/api/v1/email-links/rsvp/" + secret("rsvp link"), "/api/v1/email-links/rsvp/{linkToken}"},
			{"POST", "/api/v1/email-links/rsvp/" + secret("rsvp answer"), "/api/v1/email-links/rsvp/{linkToken}"},
			{"GET", "/api/v1/email-links/event/" + secret("event link ics") + "/ics", "/api/v1/email-links/event/{linkToken}/ics"},
			{"GET", "/api/v1/email-links/practice/" + secret("practice link"), "/api/v1/email-links/practice/{linkToken}"},
			{"POST", "/api/v1/email-links/unsubscribe/" + secret("unsubscribe link"), "/api/v1/email-links/unsubscribe/{linkToken}"},
			{"GET", "/api/v1/invitations/" + secret("invitation"), "/api/v1/invitations/{token}"},
			{"POST", "/api/v1/invitations/" + secret("invitation accept") + "/accept", "/api/v1/invitations/{token}/accept"},
			{"GET", "/api/v1/feeds/" + secret("feed") + ".ics", "/api/v1/feeds/{feedFile}"},
			// Refused: a method the route does not serve, a path under it no route serves.
			{"PUT", "/api/v1/feeds/" + secret("feed, wrong method") + ".ics", "/api/v1/feeds/{feedFile}"},
			{"GET", "/api/v1/email-links/rsvp/" + secret("rsvp link, longer path") + "/more", "/api/v1/email-links/rsvp/{linkToken}/more"},
			{"GET", "/api//v1/./invitations/" + secret("invitation, unclean path"), "/api/v1/invitations/{token}"},
		}
		for _, r := range requests {
			var body any
			if r.method == "POST" || r.method == "PUT" {
				body = map[string]any{}
			}
			c.Do(r.method, r.path, body)
		}

		logs := h.Logs.String()
		for _, r := range requests {
			if !strings.Contains(logs, "path="+r.loggedAs+" ") {
				t.Errorf("no request line for %s %s as %s", r.method, r.path, r.loggedAs)
			}
		}
		rec := httptest.NewRecorder()
		h.App.Metrics.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		metrics, _ := io.ReadAll(rec.Body)
		for s, name := range secrets {
			for _, line := range strings.Split(logs, "\n") {
				if strings.Contains(line, s) {
					t.Errorf("the %s secret is in the log: %s", name, line)
				}
			}
			if strings.Contains(string(metrics), s) {
				t.Errorf("the %s secret is in the metrics", name)
			}
		}
	})
}
