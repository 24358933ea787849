// Package pushtest is a local push service for tests (issue 31): it checks
// each message's VAPID signature (RFC 8292) and decrypts its aes128gcm body
// (RFC 8291) with the subscribed browser's private key, as a real push
// service and browser would between them, and keeps what it read. It is
// written apart from the sender's code so that the two check each other.
package pushtest

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

var b64 = base64.RawURLEncoding

// Browser is a subscribed browser: its key pair and authentication secret.
type Browser struct {
	Key  *ecdh.PrivateKey
	Auth []byte
}

// NewBrowser makes a browser with fresh keys.
func NewBrowser(t testing.TB) Browser {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return Browser{Key: key, Auth: auth}
}

// P256dh and AuthKey are the browser's keys as PushSubscription.toJSON() gives them.
func (b Browser) P256dh() string  { return b64.EncodeToString(b.Key.PublicKey().Bytes()) }
func (b Browser) AuthKey() string { return b64.EncodeToString(b.Auth) }

// Decrypt opens an aes128gcm body as RFC 8291 §3.4 and RFC 8188 §2 say.
func (b Browser) Decrypt(body []byte) ([]byte, error) {
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
	shared, err := b.Key.ECDH(as)
	if err != nil {
		return nil, err
	}
	prkKey, _ := hkdf.Extract(sha256.New, shared, b.Auth)
	info := append(append([]byte("WebPush: info\x00"), b.Key.PublicKey().Bytes()...), asPublic...)
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

// VerifyVAPID checks an Authorization header as a push service does
// (RFC 8292 §2–3): "vapid t=<JWT>, k=<key>", the JWT signed with ES256 by
// that key, for this service's origin, expiring within 24 hours, with a
// contact. It answers the key.
func VerifyVAPID(header, origin string, now time.Time) (key string, err error) {
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
	point, err := b64.DecodeString(key)
	if err != nil {
		return "", err
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), point)
	if err != nil {
		return "", err
	}
	sig, err := b64.DecodeString(parts[2])
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
	h, _ := b64.DecodeString(parts[0])
	c, _ := b64.DecodeString(parts[1])
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

// Service is the stand-in push service.
type Service struct {
	*httptest.Server
	t        testing.TB
	now      func() time.Time
	mu       sync.Mutex
	browsers map[string]Browser // by path
	status   map[string]int     // by path
	got      map[string][]json.RawMessage
	keys     map[string]map[string]bool // by path
}

// Start runs a stand-in over TLS (push addresses are HTTPS); now is the
// clock VAPID expiry is checked against (time.Now when nil).
func Start(t testing.TB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	p := &Service{t: t, now: now, browsers: map[string]Browser{}, status: map[string]int{}, got: map[string][]json.RawMessage{}, keys: map[string]map[string]bool{}}
	p.Server = httptest.NewTLSServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.Close)
	return p
}

// Browser makes a browser whose push address is the stand-in's path, which
// answers status (201, or 404/410 for a gone subscription), and answers
// its address.
func (p *Service) Browser(path string, status int) (Browser, string) {
	b := NewBrowser(p.t)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.browsers[path], p.status[path] = b, status
	return b, p.URL + path
}

// SetClock replaces the clock VAPID expiry is checked against, for a
// server under test that runs on a test clock.
func (p *Service) SetClock(now func() time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.now = now
}

// Got is what the browser at path was sent, decrypted.
func (p *Service) Got(path string) []json.RawMessage {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]json.RawMessage(nil), p.got[path]...)
}

// Keys are the VAPID public keys the messages to the browser at path were signed with.
func (p *Service) Keys(path string) map[string]bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]bool{}
	for k := range p.keys[path] {
		out[k] = true
	}
	return out
}

func (p *Service) serve(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	now := p.now()
	p.mu.Unlock()
	key, err := VerifyVAPID(r.Header.Get("Authorization"), p.URL, now)
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
	b, ok := p.browsers[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	if p.keys[r.URL.Path] == nil {
		p.keys[r.URL.Path] = map[string]bool{}
	}
	p.keys[r.URL.Path][key] = true
	plain, err := b.Decrypt(body)
	if err != nil {
		p.t.Errorf("%s: decrypt: %v", r.URL.Path, err)
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	p.got[r.URL.Path] = append(p.got[r.URL.Path], json.RawMessage(plain))
	w.WriteHeader(p.status[r.URL.Path])
}
