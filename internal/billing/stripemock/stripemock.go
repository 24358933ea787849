// Package stripemock gives tests Stripe's own mock server, stripe-mock,
// which scripts/with-stripe-mock.sh starts (as scripts/with-postgres.sh
// starts PostgreSQL), and a stand-in in front of it that records what
// Cantica asked and lets a test say what state a subscription or checkout
// session is in: stripe-mock checks every request against Stripe's API
// description but answers with fixed fixtures, so it cannot say "past due".
package stripemock

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
)

var warnOnce sync.Once

// URL is stripe-mock's address, from CANTICA_TEST_STRIPE_MOCK_URL. Without
// it the test is skipped, loudly, or fails when CI is set.
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("CANTICA_TEST_STRIPE_MOCK_URL")
	if u == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("CANTICA_TEST_STRIPE_MOCK_URL is not set and CI is: the Stripe tests must run in CI (use make test, which starts stripe-mock)")
		}
		warnOnce.Do(func() {
			fmt.Fprintln(os.Stderr, "\n*** Stripe tests SKIPPED: CANTICA_TEST_STRIPE_MOCK_URL is not set. Install stripe-mock (go install github.com/stripe/stripe-mock@v0.203.0) and run scripts/with-stripe-mock.sh or make test. ***")
		})
		t.Skip("Stripe: CANTICA_TEST_STRIPE_MOCK_URL not set")
	}
	return u
}

// Request is one request Cantica sent to Stripe.
type Request struct {
	Method, Path string
	Form         url.Values
}

// Subscription is the state a test gives a subscription.
type Subscription struct {
	Status   string
	Price    string
	Customer string
	Metadata map[string]string
	// RefuseChanges makes Stripe refuse every change to the subscription
	// (402, a declined card), as it does a prorated upgrade it cannot charge.
	RefuseChanges bool
}

// Session is the state a test gives a checkout session.
type Session struct {
	Status       string
	Subscription string
	Metadata     map[string]string
}

// Server is the stand-in: every request goes on to stripe-mock (which
// refuses a malformed one), and answers about subscriptions and sessions
// the test has set are changed to that state.
type Server struct {
	URL string

	mu            sync.Mutex
	requests      []Request
	subscriptions map[string]Subscription
	sessions      map[string]Session
}

// Start starts the stand-in in front of stripe-mock.
func Start(t testing.TB) *Server {
	t.Helper()
	upstream := URL(t)
	s := &Server{subscriptions: map[string]Subscription{}, sessions: map[string]Session{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		for k, v := range r.URL.Query() {
			form[k] = v
		}
		s.mu.Lock()
		s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Form: form})
		refused := r.Method == http.MethodPost && s.subscriptions[strings.TrimPrefix(r.URL.Path, "/v1/subscriptions/")].RefuseChanges
		s.mu.Unlock()
		if refused {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusPaymentRequired)
			_, _ = io.WriteString(w, `{"error":{"type":"card_error","code":"card_declined","message":"Your card was declined."}}`)
			return
		}
		req, err := http.NewRequestWithContext(r.Context(), r.Method, upstream+r.URL.RequestURI(), bytes.NewReader(body))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		req.Header = r.Header.Clone()
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		if res.StatusCode == http.StatusOK {
			out = s.patch(r.URL.Path, out)
		}
		for k, v := range res.Header {
			if k != "Content-Length" {
				w.Header()[k] = v
			}
		}
		w.WriteHeader(res.StatusCode)
		_, _ = w.Write(out)
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// SetSubscription makes Stripe say id is in state sub from now on.
func (s *Server) SetSubscription(id string, sub Subscription) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.subscriptions[id] = sub
}

// SetSession makes Stripe say checkout session id is in state cs.
func (s *Server) SetSession(id string, cs Session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions[id] = cs
}

// Requests are the requests to path so far (all of them for "").
func (s *Server) Requests(path string) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if path == "" || r.Path == path {
			out = append(out, r)
		}
	}
	return out
}

func (s *Server) patch(path string, body []byte) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	var obj map[string]any
	if json.Unmarshal(body, &obj) != nil {
		return body
	}
	switch {
	case strings.HasPrefix(path, "/v1/subscriptions/"):
		id := strings.TrimPrefix(path, "/v1/subscriptions/")
		sub, ok := s.subscriptions[id]
		if !ok {
			return body
		}
		obj["id"], obj["status"], obj["metadata"] = id, sub.Status, orEmpty(sub.Metadata)
		if sub.Customer != "" {
			obj["customer"] = sub.Customer
		}
		if items, ok := obj["items"].(map[string]any); ok && sub.Price != "" {
			if data, ok := items["data"].([]any); ok && len(data) > 0 {
				if item, ok := data[0].(map[string]any); ok {
					if price, ok := item["price"].(map[string]any); ok {
						price["id"] = sub.Price
					}
				}
			}
		}
	case strings.HasPrefix(path, "/v1/checkout/sessions/"):
		id := strings.TrimPrefix(path, "/v1/checkout/sessions/")
		cs, ok := s.sessions[id]
		if !ok {
			return body
		}
		obj["id"], obj["status"], obj["metadata"] = id, cs.Status, orEmpty(cs.Metadata)
		if sub, ok := obj["subscription"].(map[string]any); ok {
			sub["id"] = cs.Subscription
		} else {
			obj["subscription"] = cs.Subscription
		}
	default:
		return body
	}
	out, err := json.Marshal(obj)
	if err != nil {
		return body
	}
	return out
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
