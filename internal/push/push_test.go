package push

import (
	"context"
	"crypto/ecdh"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/push/pushtest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// RFC 8291 Appendix A: the worked example, byte for byte.
func TestEncryptMatchesRFC8291Example(t *testing.T) {
	must := func(s string) []byte {
		b, err := decodeKey(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	as, err := ecdh.P256().NewPrivateKey(must("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := encryptWith([]byte("When I grow up, I want to be a watermelon"),
		must("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
		must("BTBZMqHH6r4Tts7J_aSIgg"), as, must("DGv6ra1nlYgDCS1FRnbzlw"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
	if b64.EncodeToString(got) != want {
		t.Fatalf("encrypted:\n got %s\nwant %s", b64.EncodeToString(got), want)
	}
}

// subscribe makes a browser at the stand-in's path, answered with status.
func subscribe(t *testing.T, p *pushtest.Service, s *Service, userID, path string, status int) {
	t.Helper()
	b, endpoint := p.Browser(path, status)
	if err := s.Subscribe(context.Background(), userID, Subscription{Endpoint: endpoint, P256dh: b.P256dh(), Auth: b.AuthKey()}); err != nil {
		t.Fatalf("subscribe %s: %v", path, err)
	}
}

func fresh(t *testing.T, endpoint string) Subscription {
	b := pushtest.NewBrowser(t)
	return Subscription{Endpoint: endpoint, P256dh: b.P256dh(), Auth: b.AuthKey()}
}

func notices(t *testing.T, raw []json.RawMessage) []Notice {
	t.Helper()
	out := make([]Notice, len(raw))
	for i, r := range raw {
		if err := json.Unmarshal(r, &out[i]); err != nil {
			t.Fatalf("payload %s: %v", r, err)
		}
	}
	return out
}

func addUser(t *testing.T, d *db.DB, id string) {
	t.Helper()
	now := time.Now()
	if _, err := d.ExecContext(context.Background(), `INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`,
		id, id+"@example.org", now, now); err != nil {
		t.Fatal(err)
	}
}

func newService(t *testing.T, d *db.DB, client *http.Client) (*Service, *jobs.Queue) {
	base, _ := url.Parse("https://choir.example.org")
	q := jobs.New(d, quiet, time.Now)
	return New(d, config.Config{BaseURL: base}, q, client, quiet, time.Now), q
}

func notify(t *testing.T, d *db.DB, s *Service, userID, key string, n Notice) {
	t.Helper()
	ctx := context.Background()
	if err := d.InTx(ctx, func(tx *db.Tx) error { return s.Notify(ctx, tx, userID, key, n) }); err != nil {
		t.Fatalf("notify: %v", err)
	}
}

func endpoints(t *testing.T, d *db.DB, userID string) map[string]bool {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), `SELECT endpoint, last_success_at IS NOT NULL FROM push_subscriptions WHERE user_id = ?`, userID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	if err := db.Each(rows, func(r db.Scanner) error {
		var e string
		var ok bool
		err := r.Scan(&e, &ok)
		out[e[strings.LastIndex(e, "/"):]] = ok
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// The sender against a local push service that checks the VAPID signature
// and decrypts the message: every browser of the member gets the notice;
// those the service says are gone are removed; another member gets nothing.
func TestSenderDeliversEncryptedSignedNotices(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		addUser(t, d, "ada")
		addUser(t, d, "bob")
		p := pushtest.Start(t, time.Now)
		s, q := newService(t, d, p.Client())
		subscribe(t, p, s, "ada", "/phone", http.StatusCreated)
		subscribe(t, p, s, "ada", "/laptop", http.StatusCreated)
		subscribe(t, p, s, "ada", "/expired", http.StatusGone)
		subscribe(t, p, s, "ada", "/unknown", http.StatusNotFound)
		subscribe(t, p, s, "ada", "/overloaded", http.StatusServiceUnavailable)
		subscribe(t, p, s, "bob", "/bobs-phone", http.StatusCreated)

		notice := Notice{Title: "St Cecilia Choir: Concert dress", Body: "Black, with the red scarf.", URL: "/dashboard/announcements", Tag: "announcement:a1"}
		notify(t, d, s, "ada", "announcement:a1:ada", notice)
		notify(t, d, s, "ada", "announcement:a1:ada", notice) // the same mail's notice is queued once
		if n, err := q.RunDue(ctx); err != nil || n != 1 {
			t.Fatalf("ran %d jobs, %v; want 1", n, err)
		}
		for _, path := range []string{"/phone", "/laptop", "/expired", "/unknown", "/overloaded"} {
			if got := notices(t, p.Got(path)); len(got) != 1 || got[0] != notice {
				t.Errorf("%s received %+v, want the notice once", path, got)
			}
		}
		if got := p.Got("/bobs-phone"); len(got) != 0 {
			t.Errorf("bob received %s", got)
		}
		key, err := s.PublicKey(ctx)
		if signed := p.Keys("/phone"); err != nil || len(signed) != 1 || !signed[key] {
			t.Errorf("signed with %v, want the public key %q given to browsers (%v)", signed, key, err)
		}
		want := map[string]bool{"/phone": true, "/laptop": true, "/overloaded": false}
		if got := endpoints(t, d, "ada"); !equal(got, want) {
			t.Errorf("ada's subscriptions (path: delivered) = %v, want %v", got, want)
		}
	})
}

func equal(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// Someone who never turned push on gets no job at all.
func TestNotifyWithoutSubscriptionQueuesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		addUser(t, d, "ada")
		s, q := newService(t, d, nil)
		notify(t, d, s, "ada", "reminder:ada:2026-11-28", Notice{Title: "Will you be there?"})
		if n, err := q.RunDue(context.Background()); err != nil || n != 0 {
			t.Fatalf("ran %d jobs, %v; want none", n, err)
		}
	})
}

// Two instances starting together end up with one key pair.
func TestTwoInstancesShareOneKeyPair(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		keys := make([]string, 8)
		var wg sync.WaitGroup
		for i := range keys {
			wg.Go(func() {
				s, _ := newService(t, d, nil)
				k, err := s.PublicKey(context.Background())
				if err != nil {
					t.Error(err)
				}
				keys[i] = k
			})
		}
		wg.Wait()
		for _, k := range keys {
			if k != keys[0] || len(k) != 87 { // 65 bytes in base64url
				t.Fatalf("keys %v differ or are not a P-256 point", keys)
			}
		}
	})
}

func TestSubscribeRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		addUser(t, d, "ada")
		addUser(t, d, "bob")
		s, _ := newService(t, d, nil)
		good := fresh(t, "https://push.example.net/send/1")
		bad := map[string]Subscription{
			"plain http":   {Endpoint: "http://push.example.net/x", P256dh: good.P256dh, Auth: good.Auth},
			"no address":   {Endpoint: "", P256dh: good.P256dh, Auth: good.Auth},
			"too long":     {Endpoint: "https://push.example.net/" + strings.Repeat("x", MaxEndpoint), P256dh: good.P256dh, Auth: good.Auth},
			"short secret": {Endpoint: good.Endpoint, P256dh: good.P256dh, Auth: "AAAA"},
			"not a point":  {Endpoint: good.Endpoint, P256dh: b64.EncodeToString(make([]byte, 65)), Auth: good.Auth},
		}
		for name, sub := range bad {
			var ae *apperr.Error
			if err := s.Subscribe(ctx, "ada", sub); !errors.As(err, &ae) || ae.Kind != apperr.Invalid {
				t.Errorf("%s: got %v, want a validation error", name, err)
			}
		}
		if err := s.Subscribe(ctx, "ada", good); err != nil {
			t.Fatal(err)
		}
		// Bob cannot remove Ada's; when Bob subscribes the same browser it becomes his.
		if err := s.Unsubscribe(ctx, "bob", good.Endpoint); err != nil {
			t.Fatal(err)
		}
		if n, _ := s.Count(ctx, "ada"); n != 1 {
			t.Fatalf("ada has %d subscriptions after bob's unsubscribe, want 1", n)
		}
		if err := s.Subscribe(ctx, "bob", good); err != nil {
			t.Fatal(err)
		}
		if a, b := count(t, s, "ada"), count(t, s, "bob"); a != 0 || b != 1 {
			t.Fatalf("after bob took the browser over: ada %d, bob %d; want 0, 1", a, b)
		}
		if err := s.Unsubscribe(ctx, "bob", good.Endpoint); err != nil || count(t, s, "bob") != 0 {
			t.Fatalf("bob's unsubscribe: %v, %d left", err, count(t, s, "bob"))
		}
		// At most MaxPerUser browsers each.
		for i := range MaxPerUser + 3 {
			sub := fresh(t, "https://push.example.net/send/many-"+string(rune('a'+i)))
			if err := s.Subscribe(ctx, "ada", sub); err != nil {
				t.Fatal(err)
			}
		}
		if n := count(t, s, "ada"); n != MaxPerUser {
			t.Fatalf("ada has %d subscriptions, want at most %d", n, MaxPerUser)
		}
	})
}

func count(t *testing.T, s *Service, userID string) int {
	t.Helper()
	n, err := s.Count(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The default client will not post to an address inside the network, as a
// browser-given push address could name one.
func TestDefaultClientRefusesPrivateAddresses(t *testing.T) {
	hit := false
	srv := httptest.NewTLSServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hit = true }))
	defer srv.Close()
	_, err := publicOnlyClient().Post(srv.URL, "text/plain", nil)
	if !errors.Is(err, errPrivateAddress) || hit {
		t.Fatalf("posting to %s: %v (reached: %v); want it refused", srv.URL, err, hit)
	}
}
