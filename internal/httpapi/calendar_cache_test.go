package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app"
	"github.com/cantica/cantica/internal/app/apptest"
)

// rangeStatements counts the statements one request for a range runs, after
// a first request that computes whatever the process computes only once.
func rangeStatements(t *testing.T, h *apptest.Harness, c *apptest.Client, path string) int64 {
	t.Helper()
	if res := c.Do("GET", path, nil); res.Status != 200 {
		t.Fatalf("range: %d %s", res.Status, res.Raw)
	}
	before := h.DB.Statements()
	c.Do("GET", path, nil)
	return h.DB.Statements() - before
}

// A range costs a constant number of statements, however many feast-based
// series, edited occurrences and deleted dates the choir has: the same with
// one series and with thirty.
func TestRangeStatementsDoNotGrowWithSeries(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{NoAnswerCache: true}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		path := c.events + "?startDate=2027-02-01&endDate=2027-05-31"
		var keys []string
		for _, f := range c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/calendar-feasts", nil).List {
			keys = append(keys, f.(map[string]any)["feastKey"].(string))
		}
		feastSeries := func(i int) {
			c.create(t, map[string]any{"title": fmt.Sprintf("Feast series %d", i), "eventType": "service",
				"start": "2026-09-01T10:00:00Z", "end": "2026-09-01T11:00:00Z", "recurrenceRule": map[string]any{
					"type": "relative_to_feast", "offset": 1 + i%3, "unit": "days", "direction": "after", "feastId": feastID(t, c, keys[i*7%len(keys)])}})
		}
		feastSeries(0)
		weekly := c.create(t, weeklyRehearsal(map[string]any{"start": "2026-09-01T18:30:00Z", "end": "2026-09-01T20:30:00Z"})).Str("id")
		one := rangeStatements(t, h, c.member, path)

		for i := 1; i < 30; i++ {
			feastSeries(i)
		}
		// Occurrences edited in and out of the range, and deleted ones.
		for _, change := range []struct{ id, start string }{{"2027-03-02", "2027-09-07T18:00:00Z"}, {"2026-10-06", "2027-04-06T18:00:00Z"}} {
			if res := c.admin.Do("PUT", c.events+"/"+weekly+"-occurrence-"+change.id, weeklyRehearsal(map[string]any{"scope": "single",
				"title": "Moved", "start": change.start, "end": strings.Replace(change.start, "T18", "T19", 1)})); res.Status != 200 {
				t.Fatalf("edit: %s", res.Raw)
			}
		}
		for _, day := range []string{"2027-03-04", "2027-04-13"} {
			if res := c.admin.Do("DELETE", c.events+"/"+weekly+"-occurrence-"+day, nil); res.Status != 204 {
				t.Fatalf("delete: %s", res.Raw)
			}
		}
		thirty := rangeStatements(t, h, c.member, path)
		// The session with the calendar's header, the events, the feasts
		// their rules follow (the range's own feasts are kept).
		if one != 3 || thirty != 3 {
			t.Fatalf("statements per range: %d with one feast-based series, %d with thirty; want 3", one, thirty)
		}
		// Revalidating costs one statement: the session checked in the one
		// that reads the calendar's header.
		res := c.member.Do("GET", path, nil)
		before := h.DB.Statements()
		c.member.Header.Set("If-None-Match", res.Header.Get("ETag"))
		defer c.member.Header.Del("If-None-Match")
		if res := c.member.Do("GET", path, nil); res.Status != 304 {
			t.Fatalf("revalidation: %d", res.Status)
		}
		if n := h.DB.Statements() - before; n != 1 {
			t.Fatalf("a 304 ran %d statements, want 1", n)
		}
	})
}

// A range checks the session in the statement that reads the calendar's
// header, and a kept answer is no exception: a session ended elsewhere, or
// expired, is refused at once (with its cookie cleared), whether or not the
// request carries the current ETag, and so is a member who left the choir.
func TestKeptRangeRefusesAnEndedSessionAtOnce(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		c.create(t, weeklyRehearsal(nil))
		path := c.events + "?startDate=2026-03-01&endDate=2026-04-30"
		// Kept answers for the member, and one statement each.
		if n := rangeStatements(t, h, c.member, path); n != 1 {
			t.Fatalf("a kept answer ran %d statements, want 1", n)
		}
		tag := tagOf(t, c.member, path)
		// refused asks with the cookie of an ended session, with and
		// without the tag of the answer it had.
		refused := func(what string, cookie *http.Cookie) {
			t.Helper()
			for _, etag := range []string{"", tag} {
				client := h.NewClient()
				client.SetCookie(cookie)
				client.Header.Set("If-None-Match", etag)
				res := client.Do("GET", path, nil)
				if res.Status != 401 || res.Str("code") != "AUTH_ERROR" {
					t.Fatalf("%s (If-None-Match %q): %d %.200s", what, etag, res.Status, res.Raw)
				}
				if client.Cookie("cantica_session") != nil {
					t.Errorf("%s: the cookie of the ended session stays in the browser", what)
				}
			}
		}

		// Signed out in another tab: the same cookie is refused.
		cookie := c.member.Cookie("cantica_session")
		if res := c.member.Do("POST", "/api/v1/auth/logout", nil); res.Status != 204 {
			t.Fatalf("logout: %d", res.Status)
		}
		refused("after signing out", cookie)

		// A session that expires: a day without use ends a browser session.
		member := signIn(t, h, "alto@example.com")
		tag = tagOf(t, member, path)
		h.Clock.Advance(25 * time.Hour)
		refused("after a day without use", member.Cookie("cantica_session"))

		// A member who left sees the calendar no more, kept answer or not.
		c.admin = signIn(t, h, "director@example.com")
		member = signIn(t, h, "alto@example.com")
		tag = tagOf(t, member, path)
		id, err := h.App.Accounts.UserIDByEmail(t.Context(), "alto@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if res := c.admin.Do("DELETE", "/api/v1/choirs/"+c.id+"/members/"+id, nil); res.Status/100 != 2 {
			t.Fatalf("remove the member: %d %s", res.Status, res.Raw)
		}
		member.Header.Set("If-None-Match", tag)
		if res := member.Do("GET", path, nil); res.Status != 403 && res.Status != 404 {
			t.Fatalf("a member who left: %d %.200s", res.Status, res.Raw)
		}
	})
}

// tagOf asks for a range and returns its ETag, checking that the tag is
// answered with 304 and nothing else.
func tagOf(t *testing.T, c *apptest.Client, path string) string {
	t.Helper()
	res := c.Do("GET", path, nil)
	tag := res.Header.Get("ETag")
	if res.Status != 200 || !strings.HasPrefix(tag, `W/"`) {
		t.Fatalf("range: %d, ETag %q", res.Status, tag)
	}
	c.Header.Set("If-None-Match", tag)
	defer c.Header.Del("If-None-Match")
	if again := c.Do("GET", path, nil); again.Status != 304 || again.Raw != "" || again.Header.Get("ETag") != tag {
		t.Fatalf("revalidation: %d %q, ETag %q", again.Status, again.Raw, again.Header.Get("ETag"))
	}
	return tag
}

// The ETag of a range changes with every kind of change that can alter the
// answer, for an administrator and a member alike, and the two never share
// one: a member's tag never matches an administrator's answer.
func TestRangeETagFollowsEveryChange(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		confirmedUser(t, h, "global@example.com")
		if err := h.App.Accounts.SetGlobalAdmin(t.Context(), "global@example.com", true); err != nil {
			t.Fatal(err)
		}
		global := signIn(t, h, "global@example.com")
		path := c.events + "?startDate=2026-03-01&endDate=2026-04-30"
		series := c.create(t, weeklyRehearsal(nil)).Str("id")
		c.create(t, map[string]any{"title": "Draft plan", "eventType": "other", "status": "draft", "start": "2026-03-10T10:00:00Z", "end": "2026-03-10T11:00:00Z"})

		seen := map[string]string{}
		check := func(change string) {
			t.Helper()
			admin, member := tagOf(t, c.admin, path), tagOf(t, c.member, path)
			if admin == member {
				t.Fatalf("after %s: the administrator and the member share the tag %s", change, admin)
			}
			for who, tag := range map[string]string{"administrator": admin, "member": member} {
				if earlier, ok := seen[tag]; ok {
					t.Fatalf("after %s: the %s's tag is the one seen %s", change, who, earlier)
				}
				seen[tag] = who + " after " + change
			}
			c.member.Header.Set("If-None-Match", admin)
			if res := c.member.Do("GET", path, nil); res.Status != 200 {
				t.Fatalf("after %s: the administrator's tag answered the member with %d", change, res.Status)
			}
			c.member.Header.Del("If-None-Match")
		}
		do := func(cl *apptest.Client, method, p string, body any, status int) {
			t.Helper()
			if res := cl.Do(method, p, body); res.Status != status {
				t.Fatalf("%s %s: %d %s", method, p, res.Status, res.Raw)
			}
		}
		check("the start")
		do(c.admin, "POST", c.events, map[string]any{"title": "Concert", "eventType": "concert", "start": "2026-04-18T18:00:00Z", "end": "2026-04-18T20:00:00Z"}, 201)
		check("a new event")
		do(c.admin, "PUT", c.events+"/"+series+"-occurrence-2026-03-05", weeklyRehearsal(map[string]any{"scope": "single", "title": "Sectionals"}), 200)
		check("one occurrence changed")
		do(c.admin, "PUT", c.events+"/"+series+"-occurrence-2026-04-07", weeklyRehearsal(map[string]any{"scope": "following", "location": "Crypt"}), 200)
		check("this and following changed")
		do(c.admin, "PUT", c.events+"/"+series, weeklyRehearsal(map[string]any{"scope": "all", "title": "Full rehearsal"}), 200)
		check("the whole series changed")
		do(c.admin, "DELETE", c.events+"/"+series+"-occurrence-2026-03-12", nil, 204)
		check("one occurrence deleted")
		do(c.admin, "DELETE", c.events+"/"+series+"?scope=all", nil, 204)
		check("the series deleted")
		do(global, "PUT", "/api/v1/calendar-types/general_roman_ordinary/published", map[string]any{"published": false}, 200)
		check("the calendar unpublished")
		do(global, "PUT", "/api/v1/calendar-types/general_roman_ordinary/published", map[string]any{"published": true}, 200)
		check("the calendar published")
		do(global, "POST", "/api/v1/calendar-types/general_roman_ordinary/import", map[string]any{"format": "csv",
			"content": "date,feast_key,name,rank,type\n2026-04-02,parish_patron,Parish Patron,feast,saint\n"}, 200)
		check("a feast import")
		do(c.admin, "PATCH", "/api/v1/choirs/"+c.id, map[string]any{"name": "St Cecilia Singers", "city": "Oxford", "timeZone": "America/New_York"}, 200)
		check("the choir's time zone changed")

		// Another instance's change: one that has kept the answer does not
		// serve it once the database says it is out of date.
		other, err := app.New(h.Config, h.DB, slog.New(slog.NewTextHandler(io.Discard, nil)), app.Options{Now: h.Clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		second := httptest.NewServer(other.Handler)
		defer second.Close()
		ask := func(base string) apptest.Response { return c.member.Do("GET", base+path, nil) }
		before := ask(h.URL)
		if again := ask(second.URL); again.Raw != before.Raw || again.Header.Get("ETag") != before.Header.Get("ETag") {
			t.Fatal("two instances answer the same range differently")
		}
		c.admin.Do("POST", second.URL+c.events, map[string]any{"title": "Late addition", "eventType": "other",
			"start": "2026-03-20T10:00:00Z", "end": "2026-03-20T11:00:00Z"})
		if after := ask(h.URL); !strings.Contains(after.Raw, "Late addition") || after.Header.Get("ETag") == before.Header.Get("ETag") {
			t.Fatal("an instance served its kept answer after another instance's change")
		}
	})
}

// rawGet asks for a path with the client's session, saying it accepts
// gzip or not, and returns the answer's headers and its decoded body.
func rawGet(t *testing.T, h *apptest.Harness, c *apptest.Client, path string, gz bool) (http.Header, []byte) {
	t.Helper()
	header := sessionHeader(c)
	if gz {
		header.Set("Accept-Encoding", "gzip")
	}
	res, body := get(t, &http.Client{Transport: &http.Transport{DisableCompression: true}}, h.URL+path, header)
	if res.StatusCode != 200 {
		t.Fatalf("%s: %d", path, res.StatusCode)
	}
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if body, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return res.Header, body
}

// Answers above a small size are gzipped for clients that accept it, and
// decode to the same JSON as the plain ones: kept calendar answers, ones
// built anew and other operations' answers alike.
func TestCompressedAnswersDecodeToTheSameJSON(t *testing.T) {
	t.Parallel()
	for _, built := range []bool{false, true} {
		t.Run(fmt.Sprintf("built anew %t", built), func(t *testing.T) {
			eachDB(t, apptest.Options{NoAnswerCache: built}, func(t *testing.T, h *apptest.Harness) {
				c := newCalendarChoir(t, h)
				c.create(t, weeklyRehearsal(nil))
				for _, p := range []string{c.events + "?startDate=2026-03-01&endDate=2026-05-31", "/api/v1/choirs/" + c.id + "/members", "/api/v1/info"} {
					zipped, fromZip := rawGet(t, h, c.admin, p, true)
					plain, fromPlain := rawGet(t, h, c.admin, p, false)
					long := len(fromPlain) >= 1024
					if (zipped.Get("Content-Encoding") == "gzip") != long || plain.Get("Content-Encoding") != "" {
						t.Errorf("%s (%d bytes): encoded %q asked with gzip, %q without", p, len(fromPlain), zipped.Get("Content-Encoding"), plain.Get("Content-Encoding"))
					}
					// Named once: the compression and a kept answer both add it.
					if vary := strings.Join(zipped.Values("Vary"), ","); long && strings.Count(vary, "Accept-Encoding") != 1 {
						t.Errorf("%s: Vary %q, want Accept-Encoding once", p, vary)
					}
					var a, b any
					if json.Unmarshal(fromZip, &a) != nil || json.Unmarshal(fromPlain, &b) != nil || fmt.Sprint(a) != fmt.Sprint(b) {
						t.Errorf("%s: the gzipped answer decodes to other JSON than the plain one", p)
					}
				}
			})
		})
	}
}

// A client that goes away while its answer is being built is not the
// server's failure: no error is logged, and the request is recorded as
// 499, not 500.
func TestClientGoneIsNotAnError(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{NoAnswerCache: true}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		for i := range 12 {
			c.create(t, weeklyRehearsal(map[string]any{"title": fmt.Sprintf("Rehearsal %d", i)}))
		}
		path := c.events + "?startDate=2026-01-01&endDate=2027-12-31"
		cookie := sessionHeader(c.member).Get("Cookie")
		addr := strings.TrimPrefix(h.URL, "http://")
		for range 5 {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\n\r\n", path, addr, cookie)
			conn.Close()
		}
		// Every request is logged once it has ended, answered or not.
		ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
		defer cancel()
		for strings.Count(h.Logs.String(), "path="+c.events) < 5 && ctx.Err() == nil {
			time.Sleep(10 * time.Millisecond) // polling the log, not a timing assertion
		}
		logs := h.Logs.String()
		if strings.Contains(logs, "level=ERROR") || strings.Contains(logs, "status=500") {
			t.Fatalf("a client that went away was logged as a failure:\n%s", logs)
		}
	})
}

// A calendar app polling a feed gets 304 while the feed is what it holds,
// by ETag or by Last-Modified, for two statements; a change, or the next
// day (the feed's window moves), gives a new feed.
func TestFeedRevalidates(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		c.create(t, weeklyRehearsal(nil))
		feed := c.member.Do("POST", "/api/v1/calendar-feed", nil).Str("url")
		app := h.NewClient() // a calendar app: no session, only the address
		first := app.Do("GET", feed, nil)
		tag, modified := first.Header.Get("ETag"), first.Header.Get("Last-Modified")
		if first.Status != 200 || !strings.HasPrefix(tag, `W/"`) || modified != h.Clock.Now().UTC().Format(http.TimeFormat) {
			t.Fatalf("feed: %d, ETag %q, Last-Modified %q", first.Status, tag, modified)
		}
		ask := func(header, value string) apptest.Response {
			app.Header.Set(header, value)
			defer app.Header.Del(header)
			return app.Do("GET", feed, nil)
		}
		h.Clock.Advance(time.Hour)
		before := h.DB.Statements()
		if res := ask("If-None-Match", tag); res.Status != 304 || res.Header.Get("ETag") != tag || res.Header.Get("Last-Modified") != modified {
			t.Fatalf("If-None-Match: %d %s %s", res.Status, res.Header.Get("ETag"), res.Header.Get("Last-Modified"))
		}
		if n := h.DB.Statements() - before; n != 2 {
			t.Fatalf("a feed's 304 ran %d statements, want 2", n)
		}
		if res := ask("If-Modified-Since", modified); res.Status != 304 {
			t.Fatalf("If-Modified-Since: %d", res.Status)
		}
		if res := ask("If-None-Match", `W/"another"`); res.Status != 200 || res.Header.Get("ETag") != tag {
			t.Fatalf("another tag: %d", res.Status)
		}

		c.create(t, map[string]any{"title": "Concert", "eventType": "concert", "start": "2026-12-12T18:00:00Z", "end": "2026-12-12T20:00:00Z"})
		changed := ask("If-None-Match", tag)
		if changed.Status != 200 || changed.Header.Get("ETag") == tag || !strings.Contains(changed.Raw, "SUMMARY:Concert") ||
			changed.Header.Get("Last-Modified") != h.Clock.Now().UTC().Format(http.TimeFormat) {
			t.Fatalf("after a change: %d, ETag %q, Last-Modified %q", changed.Status, changed.Header.Get("ETag"), changed.Header.Get("Last-Modified"))
		}
		if res := ask("If-Modified-Since", modified); res.Status != 200 {
			t.Fatalf("If-Modified-Since before the change: %d", res.Status)
		}
		tag = changed.Header.Get("ETag")
		h.Clock.Advance(24 * time.Hour)
		if res := ask("If-None-Match", tag); res.Status != 200 || res.Header.Get("ETag") == tag {
			t.Fatalf("the next day: %d, ETag %q", res.Status, res.Header.Get("ETag"))
		}
	})
}
