package httpapi_test

import (
	"html"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/music"
)

// A mail scanner opens every link of every message, and runs the pages'
// scripts: for the email the choir sends, every GET and HEAD of every link
// and of every API read its page makes changes no row of any table. Only the
// RFC 8058 one-click POST, which needs no cookie, acts. (dbRows, the
// snapshot of every table, is the email links' tests'.)
func TestMailScannerOpensEveryLinkAndChangesNothing(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		m := newMailChoir(t, h)
		// The event has a plan with a piece to practise: its practice links
		// ride in the RSVP and event links' fragments, and are opened too.
		m.planFor(t, m.event, "2026-12-03", "Bring the blue folder.",
			[2]string{"Entrance", planPiece(t, h, m.id, "O magnum mysterium", music.TypeScore)})
		if res := m.emailEvent(m.event, map[string]any{"note": "See you there."}); res.Status != 200 {
			t.Fatalf("email event: %d %s", res.Status, res.Raw)
		}
		if res := m.emailPiece(m.piece, map[string]any{}); res.Status != 200 {
			t.Fatalf("email piece: %d %s", res.Status, res.Raw)
		}
		got := m.delivered(t)
		var links []string
		oneClick := map[string]string{} // recipient -> List-Unsubscribe URL of their event email
		for to, msgs := range got {
			for _, c := range msgs {
				header := c.Header.Get("List-Unsubscribe")
				if !strings.HasPrefix(header, "<") || !strings.HasSuffix(header, ">") {
					t.Fatalf("%s: List-Unsubscribe %q", to, header)
				}
				u := strings.Trim(header, "<>")
				if strings.HasPrefix(c.Subject, "St Cecilia Singers: Advent") {
					oneClick[to] = u
				}
				links = append(links, u)
				links = append(links, urlsIn(c.TextBody)...)
				links = append(links, urlsIn(html.UnescapeString(c.HTMLBody))...)
			}
		}
		slices.Sort(links)
		links = slices.Compact(links)
		reads := pageReads(t, h, links)
		// 3 event emails (3 RSVP links, the event, the unsubscribe) and 3
		// practice emails (the practice link, the unsubscribe): the director
		// who sends them gets none.
		if len(links) < 3*5+3*2 {
			t.Fatalf("only %d links found: %v", len(links), links)
		}

		before := dbRows(t, h)
		scanner := h.NewClient()
		for range 2 {
			for _, u := range reads {
				for _, method := range []string{"GET", "HEAD"} {
					res := scanner.Do(method, u, nil)
					// The pages are the web app's (503 in a build without it);
					// their API reads must all succeed.
					if res.Status != 200 && (strings.Contains(u, "/api/") || res.Status != 503) {
						t.Errorf("%s %s: %d %s", method, u, res.Status, res.Raw)
					}
				}
			}
		}
		after := dbRows(t, h)
		for table, rows := range before {
			if !slices.Equal(rows, after[table]) {
				t.Errorf("%s changed when the links were opened:\nbefore %q\nafter  %q", table, rows, after[table])
			}
		}

		// The one-click POST a mail provider sends: no cookie, a form body.
		// It turns the choir's email off for that member only; twice is fine.
		tenor := oneClick["tenor@example.com"]
		if tenor == "" {
			t.Fatal("no List-Unsubscribe URL in the tenor's event email")
		}
		for range 2 {
			res := h.NewClient().Do("POST", tenor, apptest.Body{ContentType: "application/x-www-form-urlencoded", Data: []byte("List-Unsubscribe=One-Click")})
			if res.Status != 200 {
				t.Fatalf("one-click unsubscribe: %d %s", res.Status, res.Raw)
			}
		}
		if n := m.count(t, `SELECT COUNT(*) FROM user_choir_membership WHERE choir_id = ? AND email_enabled = FALSE`, m.id); n != 2 {
			t.Errorf("%d members with email off, want 2 (the tenor and the one who had turned it off)", n)
		}
		if n := m.count(t, `SELECT COUNT(*) FROM user_choir_membership WHERE user_id = ? AND choir_id = ? AND email_enabled = FALSE`,
			m.users["tenor@example.com"], m.id); n != 1 {
			t.Error("the tenor's email from the choir is still on")
		}
		// The bass and the guest.
		if res := m.emailEvent(m.event, map[string]any{}); res.Status != 200 || res.JSON["recipients"] != float64(2) {
			t.Errorf("email after the tenor left: %d %s", res.Status, res.Raw)
		}
	})
}

var urlInMail = regexp.MustCompile(`https?://[^\s"'<>]+`)

func urlsIn(body string) []string { return urlInMail.FindAllString(body, -1) }

// pageReads is every link as a browser requests it (no fragment) and the
// API reads each link's page makes, as the web app's pages do.
func pageReads(t *testing.T, h *apptest.Harness, links []string) []string {
	t.Helper()
	api := h.URL + "/api/v1/email-links/"
	var out []string
	for _, l := range links {
		u, err := url.Parse(l)
		if err != nil || !strings.HasPrefix(l, h.URL+"/email/") {
			t.Fatalf("a link to somewhere else: %q", l)
		}
		out = append(out, h.URL+u.Path)
		parts := strings.Split(strings.TrimPrefix(u.Path, "/email/"), "/")
		kind, secret := parts[0], parts[1]
		out = append(out, api+kind+"/"+secret)
		if kind == "event" {
			out = append(out, api+"event/"+secret+"/ics")
		}
		// The secrets a link's fragment carries, which its page reads.
		fragment, err := url.ParseQuery(u.Fragment)
		if err != nil {
			t.Fatalf("fragment of %q: %v", l, err)
		}
		if rsvp := fragment.Get("rsvp"); rsvp != "" {
			out = append(out, api+"rsvp/"+rsvp)
		}
		for pair := range strings.SplitSeq(fragment.Get("practice"), ",") {
			if i := strings.LastIndex(pair, "."); i >= 0 {
				out = append(out, h.URL+"/email/practice/"+pair[i+1:], api+"practice/"+pair[i+1:])
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
