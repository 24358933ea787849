package push

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math/big"
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

// browser is a subscribed browser: its key pair and secret, so that the
// stand-in push service can decrypt what was sent to it as the browser would.
type browser struct {
	key  *ecdh.PrivateKey
	auth []byte
}

func newBrowser(t *testing.T) browser {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return browser{key: key, auth: auth}
}

func (b browser) subscription(endpoint string) Subscription {
	return Subscription{Endpoint: endpoint, P256dh: b64.EncodeToString(b.key.PublicKey().Bytes()), Auth: b64.EncodeToString(b.auth)}
}

// decrypt opens an aes128gcm body as RFC 8291 §3.4 and RFC 8188 §2 say a
// browser does, written apart from the sender's code.
func (b browser) decrypt(body []byte) ([]byte, error) {
	if len(body) < 21 {
		return nil, errors.New("body shorter than its header")
	}
	salt, rs, idlen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	if rs < 18 || len(body) < 21+idlen {
		return nil, errors.New("bad header")
	}
	asPublic, ciphertext := body[21:21+idlen], body[21+idlen:]
	if len(ciphertext) > int(rs) {
		return nil, errors.New("more than one record")
	}
	as, err := ecdh.P256().NewPublicKey(asPublic)
	if err != nil {
		return nil, err
	}
	shared, err := b.key.ECDH(as)
	if err != nil {
		return nil, err
	}
	prkKey, _ := hkdf.Extract(sha256.New, shared, b.auth)
	info := append(append([]byte("WebPush: info\x00"), b.key.PublicKey().Bytes()...), asPublic...)
	ikm, _ := hkdf.Expand(sha256.New, prkKey, string(info), 32)
	prk, _ := hkdf.Extract(sha256.New, ikm, salt)
	cek, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12)
	block, err := aes.NewCipher(cek)
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		return nil, err
	}
	// Strip the padding: zeros back to the delimiter, 0x02 for the last record.
	i := len(plain) - 1
	for i >= 0 && plain[i] == 0 {
		i--
	}
	if i < 0 || plain[i] != 0x02 {
		return nil, errors.New("no last-record delimiter")
	}
	return plain[:i], nil
}

// verifyVAPID checks an Authorization header as a push service does
// (RFC 8292 §2–3): "vapid t=<JWT>, k=<key>", the JWT signed with ES256 by
// that key, for this service's origin, expiring within 24 hours.
func verifyVAPID(header, origin string, now time.Time) (key string, err error) {
	rest, ok := strings.CutPrefix(header, "vapid ")
	if !ok {
		return "", errors.New("not a vapid authorization")
	}
	var token string
	for part := range strings.SplitSeq(rest, ",") {
		name, value, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch name {
		case "t":
			token = value
		case "k":
			key = value
		}
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 || key == "" {
		return "", errors.New("no token or key")
	}
	point, err := decodeKey(key)
	if err != nil {
		return "", err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), point)
	if err != nil {
		return "", err
	}
	sig, err := decodeKey(parts[2])
	if err != nil || len(sig) != 64 {
		return "", errors.New("signature is not 64 bytes")
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		return "", errors.New("the signature does not verify")
	}
	var head struct{ Alg, Typ string }
	var claims struct {
		Aud string
		Exp int64
		Sub string
	}
	h, _ := decodeKey(parts[0])
	c, _ := decodeKey(parts[1])
	if json.Unmarshal(h, &head) != nil || json.Unmarshal(c, &claims) != nil {
		return "", errors.New("unreadable token")
	}
	exp := time.Unix(claims.Exp, 0)
	switch {
	case head.Alg != "ES256":
		return "", errors.New("alg is " + head.Alg)
	case claims.Aud != origin:
		return "", errors.New("aud is " + claims.Aud + ", not " + origin)
	case !exp.After(now) || exp.After(now.Add(24*time.Hour)):
		return "", errors.New("exp is not within the next 24 hours")
	case !strings.HasPrefix(claims.Sub, "mailto:") && !strings.HasPrefix(claims.Sub, "https:"):
		return "", errors.New("sub is " + claims.Sub)
	}
	return key, nil
}

// standIn is a local push service: it answers each path as told and keeps
// what it decrypted, after checking the VAPID signature.
type standIn struct {
	*httptest.Server
	t        *testing.T
	now      func() time.Time
	mu       sync.Mutex
	browsers map[string]browser // by path
	status   map[string]int     // by path
	got      map[string][]Notice
	keys     map[string]bool // the VAPID keys seen
}

func newStandIn(t *testing.T, now func() time.Time) *standIn {
	p := &standIn{t: t, now: now, browsers: map[string]browser{}, status: map[string]int{}, got: map[string][]Notice{}, keys: map[string]bool{}}
	p.Server = httptest.NewTLSServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.Close)
	return p
}

func (p *standIn) serve(w http.ResponseWriter, r *http.Request) {
	key, err := verifyVAPID(r.Header.Get("Authorization"), p.URL, p.now())
	if err != nil {
		p.t.Errorf("%s: VAPID: %v", r.URL.Path, err)
		http.Error(w, err.Error(), http.StatusUnauthorized)
		return
	}
	if r.Header.Get("Content-Encoding") != "aes128gcm" || r.Header.Get("TTL") == "" {
		p.t.Errorf("%s: headers %v", r.URL.Path, r.Header)
	}
	body, _ := io.ReadAll(r.Body)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.keys[key] = true
	plain, err := p.browsers[r.URL.Path].decrypt(body)
	if err != nil {
		p.t.Errorf("%s: decrypt: %v", r.URL.Path, err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var n Notice
	if err := json.Unmarshal(plain, &n); err != nil {
		p.t.Errorf("%s: payload %q: %v", r.URL.Path, plain, err)
	}
	p.got[r.URL.Path] = append(p.got[r.URL.Path], n)
	w.WriteHeader(p.status[r.URL.Path])
}

// subscribe makes a browser at path, answered with status.
func (p *standIn) subscribe(t *testing.T, s *Service, userID, path string, status int) {
	t.Helper()
	b := newBrowser(t)
	p.mu.Lock()
	p.browsers[path], p.status[path] = b, status
	p.mu.Unlock()
	if err := s.Subscribe(context.Background(), userID, b.subscription(p.URL+path)); err != nil {
		t.Fatalf("subscribe %s: %v", path, err)
	}
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
		p := newStandIn(t, time.Now)
		s, q := newService(t, d, p.Client())
		p.subscribe(t, s, "ada", "/phone", http.StatusCreated)
		p.subscribe(t, s, "ada", "/laptop", http.StatusCreated)
		p.subscribe(t, s, "ada", "/expired", http.StatusGone)
		p.subscribe(t, s, "ada", "/unknown", http.StatusNotFound)
		p.subscribe(t, s, "ada", "/overloaded", http.StatusServiceUnavailable)
		p.subscribe(t, s, "bob", "/bobs-phone", http.StatusCreated)

		notice := Notice{Title: "St Cecilia Choir: Concert dress", Body: "Black, with the red scarf.", URL: "/dashboard/announcements", Tag: "announcement:a1"}
		notify(t, d, s, "ada", "announcement:a1:ada", notice)
		notify(t, d, s, "ada", "announcement:a1:ada", notice) // the same mail's notice is queued once
		if n, err := q.RunDue(ctx); err != nil || n != 1 {
			t.Fatalf("ran %d jobs, %v; want 1", n, err)
		}
		for _, path := range []string{"/phone", "/laptop", "/expired", "/unknown", "/overloaded"} {
			if got := p.got[path]; len(got) != 1 || got[0] != notice {
				t.Errorf("%s received %+v, want the notice once", path, got)
			}
		}
		if len(p.got["/bobs-phone"]) != 0 {
			t.Errorf("bob received %+v", p.got["/bobs-phone"])
		}
		key, err := s.PublicKey(ctx)
		if err != nil || len(p.keys) != 1 || !p.keys[key] {
			t.Errorf("signed with %v, want the public key %q given to browsers (%v)", p.keys, key, err)
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
		good := newBrowser(t).subscription("https://push.example.net/send/1")
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
			sub := newBrowser(t).subscription("https://push.example.net/send/many-" + string(rune('a'+i)))
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
