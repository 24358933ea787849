package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/push"
	"github.com/cantica/cantica/internal/push/pushtest"
)

func pushNotices(t *testing.T, p *pushtest.Service, path string) []push.Notice {
	t.Helper()
	raw := p.Got(path)
	out := make([]push.Notice, len(raw))
	for i, r := range raw {
		if err := json.Unmarshal(r, &out[i]); err != nil {
			t.Fatalf("payload %s: %v", r, err)
		}
	}
	return out
}

// turnPushOn subscribes a browser of the stand-in push service for the
// client's person, as the notifications page does.
func turnPushOn(t *testing.T, p *pushtest.Service, c *apptest.Client, path string) string {
	t.Helper()
	b, endpoint := p.Browser(path, 201)
	res := c.Do("POST", "/api/v1/push/subscriptions", map[string]any{"endpoint": endpoint, "expirationTime": nil,
		"keys": map[string]any{"p256dh": b.P256dh(), "auth": b.AuthKey()}})
	if res.Status != 204 {
		t.Fatalf("subscribe: %d %s", res.Status, res.Raw)
	}
	return endpoint
}

// A member who turned push on gets the RSVP reminder and the announcement
// they get by email, on their phone, signed with the key the server gives
// browsers; one who answered gets no reminder; after turning push off,
// nothing more comes.
func TestPushCarriesTheSameRemindersAndAnnouncementsAsEmail(t *testing.T) {
	t.Parallel()
	p := pushtest.Start(t, nil)
	eachDB(t, apptest.Options{PushClient: p.Client()}, func(t *testing.T, h *apptest.Harness) {
		p.SetClock(h.Clock.Now)
		at := "/" + h.Config.Database.Kind
		c := newAttendanceChoir(t, h) // rehearsal Thursday 26 November 19:30 London; clock Monday 23 November 10:00
		alto := turnPushOn(t, p, c.member, at+"/alto-phone")
		turnPushOn(t, p, c.duo, at+"/duo-phone")
		if res := c.duo.Do("PUT", c.eventPath+"/rsvp", map[string]any{"status": "going"}); res.Status != 200 {
			t.Fatal(res.Raw)
		}

		setClock(t, h, time.Date(2026, 11, 24, 8, 0, 0, 0, london))
		h.RunJobs()
		mail := wantReminders(t, h, "alto@example.com", 1, "Tuesday 08:00")[0]
		got := pushNotices(t, p, at+"/alto-phone")
		if len(got) != 1 || got[0].Title != mail.Subject || got[0].URL != "/dashboard/calendar" ||
			!strings.Contains(got[0].Body, "St Cecilia Singers: Thursday Rehearsal") {
			t.Fatalf("the alto's phone got %+v; want the reminder %q", got, mail.Subject)
		}
		if got := pushNotices(t, p, at+"/duo-phone"); len(got) != 0 {
			t.Fatalf("duo answered, yet their phone got %+v", got)
		}

		if res := c.admin.Do("POST", "/api/v1/choirs/"+c.id+"/announcements", map[string]any{"title": "Concert dress",
			"body": "Black, with the **red** scarf.", "emailOnPublish": true}); res.Status != 201 {
			t.Fatalf("announce: %d %s", res.Status, res.Raw)
		}
		h.RunJobs()
		want := push.Notice{Title: "St Cecilia Singers: Concert dress", Body: "Black, with the **red** scarf.", URL: "/dashboard/announcements"}
		for _, phone := range []string{"/alto-phone", "/duo-phone"} {
			got := pushNotices(t, p, at+phone)
			if n := len(got); n == 0 || got[n-1].Title != want.Title || got[n-1].Body != want.Body || got[n-1].URL != want.URL {
				t.Errorf("%s got %+v; want the announcement %+v", phone, got, want)
			}
		}

		key := c.member.Do("GET", "/api/v1/push/public-key", nil).Str("publicKey")
		if signed := p.Keys(at + "/alto-phone"); len(signed) != 1 || !signed[key] {
			t.Errorf("notices signed with %v; browsers were given %q", signed, key)
		}

		if res := c.member.Do("DELETE", "/api/v1/push/subscriptions", map[string]any{"endpoint": alto}); res.Status != 204 {
			t.Fatalf("unsubscribe: %d %s", res.Status, res.Raw)
		}
		c.admin.Do("POST", "/api/v1/choirs/"+c.id+"/announcements", map[string]any{"title": "Car park", "body": "Closed on Sunday.", "emailOnPublish": true})
		h.RunJobs()
		if got := pushNotices(t, p, at+"/alto-phone"); len(got) != 2 {
			t.Errorf("after turning push off the alto's phone got %d notices, want still 2", len(got))
		}
		if got := pushNotices(t, p, at+"/duo-phone"); len(got) != 2 {
			t.Errorf("duo's phone got %d notices, want 2 (both announcements)", len(got))
		}
	})
}

// Plain words for what cannot be used; another person's push address is
// not removed by asking.
func TestPushSubscriptionRefusals(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		b := pushtest.NewBrowser(t)
		for _, sub := range []map[string]any{
			{"endpoint": "http://push.example.net/x", "keys": map[string]any{"p256dh": b.P256dh(), "auth": b.AuthKey()}},
			{"endpoint": "https://push.example.net/x", "keys": map[string]any{"p256dh": "not-a-key", "auth": b.AuthKey()}},
			{"endpoint": "https://push.example.net/x"},
		} {
			res := c.member.Do("POST", "/api/v1/push/subscriptions", sub)
			if res.Status != 400 || res.Str("code") != "VALIDATION_ERROR" {
				t.Errorf("%v: %d %s; want 400 in plain words", sub, res.Status, res.Raw)
			}
		}
		res := c.member.Do("POST", "/api/v1/push/subscriptions", map[string]any{"endpoint": "ftp://x", "keys": map[string]any{"p256dh": b.P256dh(), "auth": b.AuthKey()}})
		if msg := res.Str("message"); msg != push.MsgEndpointInvalid {
			t.Errorf("message %q, want %q", msg, push.MsgEndpointInvalid)
		}
		endpoint := "https://push.example.net/send/alto"
		if res := c.member.Do("POST", "/api/v1/push/subscriptions", map[string]any{"endpoint": endpoint,
			"keys": map[string]any{"p256dh": b.P256dh(), "auth": b.AuthKey()}}); res.Status != 204 {
			t.Fatal(res.Raw)
		}
		if res := c.admin.Do("DELETE", "/api/v1/push/subscriptions", map[string]any{"endpoint": endpoint}); res.Status != 204 {
			t.Fatal(res.Raw)
		}
		var n int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM push_subscriptions WHERE endpoint = ?`, endpoint).Scan(&n); err != nil || n != 1 {
			t.Errorf("the alto's subscription after the director's delete: %d rows (%v), want 1", n, err)
		}
	})
}
