package httpapi_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/cantica/cantica/internal/app/apptest"
)

// burst sends n requests at once, each from its own goroutine and all
// released together, and counts the answers by status.
func burst(n int, send func(i int) apptest.Response) map[int]int {
	var (
		mu    sync.Mutex
		count = map[int]int{}
		start = make(chan struct{})
		wg    sync.WaitGroup
	)
	for i := range n {
		wg.Go(func() {
			<-start
			res := send(i)
			if res.Status == http.StatusTooManyRequests && res.Header.Get("Retry-After") == "" {
				res.Status = -1 // counted apart: a refusal must say when to come back
			}
			mu.Lock()
			count[res.Status]++
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	return count
}

func wantCounts(t *testing.T, what string, got, want map[int]int) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: answers by status %v, want %v", what, got, want)
	}
}

// A burst of simultaneous wrong passwords gets no more guesses than one
// attacker trying them one after another: the four free failures and the
// fifth that starts the pause are checked, the rest are refused unchecked.
func TestSignInBurstOnOneAccount(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		got := burst(40, func(i int) apptest.Response {
			return login(h.NewClient(), "ada@example.com", fmt.Sprintf("Wrong#Guess%d", i), false)
		})
		wantCounts(t, "40 wrong passwords at once", got, map[int]int{401: 5, 429: 35})

		// When the pause ends, one more guess is checked however many arrive
		// at once, and the pause that follows holds even for the right password.
		h.Clock.Advance(31 * time.Second)
		got = burst(60, func(i int) apptest.Response {
			return login(h.NewClient(), "ada@example.com", fmt.Sprintf("Wrong#Guess%d", i), false)
		})
		wantCounts(t, "60 wrong passwords at once after the pause", got, map[int]int{401: 1, 429: 59})
		wantError(t, login(h.NewClient(), "ada@example.com", goodPassword, false), 429, "RATE_LIMITED")
	})
}

// The per-address limit holds under a burst too: one address trying a
// password on forty accounts at once gets its twenty free failures and the
// one that starts the pause.
func TestSignInBurstFromOneAddress(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{TrustedProxies: "127.0.0.1"}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		got := burst(40, func(i int) apptest.Response {
			c := h.NewClient()
			c.Header.Set("X-Forwarded-For", "203.0.113.7")
			return login(c, fmt.Sprintf("singer%d@example.com", i), "Wrong#Guess1", false)
		})
		wantCounts(t, "40 accounts tried at once from one address", got, map[int]int{401: 21, 429: 19})
		c := h.NewClient()
		c.Header.Set("X-Forwarded-For", "203.0.113.7")
		wantError(t, login(c, "ada@example.com", goodPassword, false), 429, "RATE_LIMITED")
		// Right passwords neither use up an address's failures nor renew its
		// pause: after the pause, one after another, they all get in.
		h.Clock.Advance(31 * time.Second)
		for i := range 25 {
			if res := login(c, "ada@example.com", goodPassword, false); res.Status != 200 {
				t.Fatalf("right password %d after the pause: %d %s", i, res.Status, res.Raw)
			}
		}
	})
}

// wrongCodes are n six-digit codes none of which the authenticator accepts
// now (the current step or the one on either side).
func wrongCodes(t *testing.T, h *apptest.Harness, secret string, n int) []string {
	t.Helper()
	right := map[string]bool{}
	for _, d := range []time.Duration{-30 * time.Second, 0, 30 * time.Second} {
		c, err := totp.GenerateCode(secret, h.Clock.Now().Add(d))
		if err != nil {
			t.Fatal(err)
		}
		right[c] = true
	}
	var codes []string
	for i := 0; len(codes) < n; i++ {
		if c := fmt.Sprintf("%06d", 314159+i); !right[c] {
			codes = append(codes, c)
		}
	}
	return codes
}

// Every place that takes a second-factor code (or the current password)
// checks at most the sequential number of wrong ones in a burst: four free,
// the fifth that starts the pause, the rest refused with Retry-After.
func TestSecondFactorBursts(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		paths := []struct {
			name string
			// setup prepares an account and returns how to send the i-th
			// wrong attempt.
			setup func(t *testing.T, email string) func(i int) apptest.Response
		}{
			{"sign-in with authenticator codes", func(t *testing.T, email string) func(int) apptest.Response {
				secret, _ := enableTOTP(t, h, signIn(t, h, email))
				b := h.NewClient()
				login(b, email, goodPassword, false)
				codes := wrongCodes(t, h, secret, 40)
				return func(i int) apptest.Response {
					return b.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": codes[i]})
				}
			}},
			{"sign-in with recovery codes", func(t *testing.T, email string) func(int) apptest.Response {
				enableTOTP(t, h, signIn(t, h, email))
				b := h.NewClient()
				login(b, email, goodPassword, false)
				return func(i int) apptest.Response {
					return b.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": fmt.Sprintf("wxyza-bcd%02d", i)})
				}
			}},
			{"turning two-factor on", func(t *testing.T, email string) func(int) apptest.Response {
				c := signIn(t, h, email)
				secret := c.Do("POST", "/api/v1/account/mfa/totp/enroll", nil).Str("secret")
				codes := wrongCodes(t, h, secret, 40)
				return func(i int) apptest.Response {
					return c.Do("POST", "/api/v1/account/mfa/totp/activate", map[string]any{"code": codes[i]})
				}
			}},
			{"turning two-factor off", func(t *testing.T, email string) func(int) apptest.Response {
				c := signIn(t, h, email)
				secret, _ := enableTOTP(t, h, c)
				codes := wrongCodes(t, h, secret, 40)
				return func(i int) apptest.Response {
					return c.Do("POST", "/api/v1/account/mfa/totp/disable", map[string]any{"code": codes[i]})
				}
			}},
			{"new recovery codes", func(t *testing.T, email string) func(int) apptest.Response {
				c := signIn(t, h, email)
				secret, _ := enableTOTP(t, h, c)
				codes := wrongCodes(t, h, secret, 40)
				return func(i int) apptest.Response {
					return c.Do("POST", "/api/v1/account/mfa/recovery-codes", map[string]any{"code": codes[i]})
				}
			}},
			{"changing the password", func(t *testing.T, email string) func(int) apptest.Response {
				c := signIn(t, h, email)
				return func(i int) apptest.Response {
					return c.Do("POST", "/api/v1/account/password", map[string]any{
						"currentPassword": fmt.Sprintf("Wrong#Guess%d", i), "newPassword": "Another#Tune2"})
				}
			}},
		}
		for n, p := range paths {
			t.Run(p.name, func(t *testing.T) {
				email := fmt.Sprintf("burst%d@example.com", n)
				confirmedUser(t, h, email)
				send := p.setup(t, email)
				wantCounts(t, "40 wrong at once", burst(40, send), map[int]int{400: 5, 429: 35})
			})
		}
	})
}
