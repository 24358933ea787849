package httpapi

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/config"
)

func TestClientAddressBehindProxies(t *testing.T) {
	t.Parallel()
	s := &Server{cfg: config.Config{TrustedProxies: []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.1/32"),
	}}}
	cases := []struct {
		name, peer, forwarded, want string
	}{
		{"no proxy configured for this peer", "203.0.113.9:5000", "198.51.100.1", "203.0.113.9"},
		{"trusted proxy", "127.0.0.1:5000", "198.51.100.1", "198.51.100.1"},
		{"a forged entry to the left is ignored", "127.0.0.1:5000", "6.6.6.6, 198.51.100.1", "198.51.100.1"},
		{"two trusted hops", "127.0.0.1:5000", "198.51.100.1, 10.1.1.1", "198.51.100.1"},
		{"garbage stops the walk", "127.0.0.1:5000", "not-an-ip", "127.0.0.1"},
		{"no header", "10.2.2.2:80", "", "10.2.2.2"},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer
		if c.forwarded != "" {
			r.Header.Set("X-Forwarded-For", c.forwarded)
		}
		if got := s.client(r).IP; got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// Under HTTPS every cookie, the social sign-in binding included, is Secure
// and carries the __Host- prefix; over plain HTTP (development) neither.
func TestCookiesUnderHTTPS(t *testing.T) {
	t.Parallel()
	for _, https := range []bool{true, false} {
		c := newCookies(https)
		for _, name := range []string{c.session, c.mfa, c.oidc} {
			w := httptest.NewRecorder()
			c.set(w, name, "v", time.Minute)
			got := w.Result().Cookies()[0]
			if strings.HasPrefix(got.Name, "__Host-") != https || got.Secure != https ||
				!got.HttpOnly || got.SameSite != http.SameSiteLaxMode || got.Path != "/" {
				t.Errorf("https %v: cookie %+v", https, got)
			}
		}
	}
}
