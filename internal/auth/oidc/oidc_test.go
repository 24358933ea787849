package oidc_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/auth/oidc"
	"github.com/cantica/cantica/internal/auth/oidc/oidctest"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/testclock"
)

const baseURL = "https://choir.example.org"

// env is a registry wired to local providers: Google-style, Microsoft-style,
// or both.
type env struct {
	reg   *oidc.Registry
	db    *db.DB
	clock *testclock.Clock
	idp   map[string]*oidctest.Provider
	// bindings are what Begin gave the browser for each state.
	bindings map[string]string
}

type setup struct {
	google, azure   *oidctest.Options // nil: the provider is not configured
	microsoftTenant string            // default "common"
}

func newEnv(t *testing.T, d *db.DB, s setup) *env {
	t.Helper()
	base, _ := url.Parse(baseURL)
	cfg := config.Config{BaseURL: base}
	e := &env{db: d, clock: testclock.New(time.Now().UTC()), idp: map[string]*oidctest.Provider{}, bindings: map[string]string{}}
	var client *http.Client
	if s.google != nil {
		p := oidctest.New(t, *s.google)
		e.idp[oidc.Google] = p
		cfg.Google = config.OIDCProvider{ClientID: p.ClientID(), ClientSecret: p.ClientSecret(), Issuer: p.URL()}
		client = p.Client()
	}
	if s.azure != nil {
		opts := *s.azure
		opts.Microsoft = true
		p := oidctest.New(t, opts)
		e.idp[oidc.Microsoft] = p
		tenant := s.microsoftTenant
		if tenant == "" {
			tenant = "common"
		}
		cfg.Microsoft = config.OIDCProvider{ClientID: p.ClientID(), ClientSecret: p.ClientSecret(), Issuer: p.URL(), Tenant: tenant}
		client = p.Client()
	}
	// Every httptest server's client reaches every local server.
	e.reg = oidc.NewRegistry(cfg, d, e.clock.Now, client)
	return e
}

// authorize follows the authorization URL like a browser whose user signs
// in at once, and returns the code and state the provider sent back.
func (e *env) authorize(t *testing.T, provider, authURL string) (code, state string) {
	t.Helper()
	browser := &http.Client{
		Transport:     e.idp[provider].Client().Transport,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	resp, err := browser.Get(authURL)
	if err != nil {
		t.Fatalf("follow authorization URL: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("authorize answered %s, want a redirect", resp.Status)
	}
	back, err := url.Parse(resp.Header.Get("Location"))
	if err != nil {
		t.Fatalf("parse redirect: %v", err)
	}
	if want := baseURL + "/api/v1/auth/oidc/" + provider + "/callback"; back.Scheme+"://"+back.Host+back.Path != want {
		t.Fatalf("provider sent the browser to %s, want %s", back, want)
	}
	return back.Query().Get("code"), back.Query().Get("state")
}

// begin starts a sign-in and brings back the provider's code and state.
func (e *env) begin(t *testing.T, opts oidc.BeginOptions) (code, state string) {
	t.Helper()
	authURL, binding, err := e.reg.Begin(context.Background(), opts)
	if err != nil {
		t.Fatalf("Begin(%s): %v", opts.Provider, err)
	}
	code, state = e.authorize(t, opts.Provider, authURL)
	e.bindings[state] = binding
	return code, state
}

func googleUser() oidctest.User {
	return oidctest.User{
		Subject: "108234567890", Email: "anna@example.org", EmailVerified: true,
		GivenName: "Anna", FamilyName: "Berg", Name: "Anna Berg",
	}
}

func microsoftUser() oidctest.User {
	return oidctest.User{
		Subject: "pairwise-sub", TenantID: uuid.NewString(), ObjectID: uuid.NewString(),
		PreferredUsername: "carl@contoso.example", GivenName: "Carl", FamilyName: "Dahl", Name: "Carl Dahl",
	}
}

func googleOnly() setup { return setup{google: &oidctest.Options{User: googleUser()}} }
func azureOnly() setup  { return setup{azure: &oidctest.Options{User: microsoftUser()}} }

func wantErr(t *testing.T, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("error = %v, want %v", err, target)
	}
}

func TestGoogleSignIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})

		q := e.idp[oidc.Google].LastAuthorizeRequest()
		if got := strings.Fields(q.Get("scope")); !slices.Equal(got, []string{"openid", "email", "profile"}) {
			t.Errorf("scopes = %q", got)
		}
		if q.Get("code_challenge_method") != "S256" || q.Get("nonce") == "" {
			t.Errorf("authorize request lacks PKCE or nonce: %v", q)
		}
		if q.Has("prompt") {
			t.Errorf("Google sign-in sent prompt=%s", q.Get("prompt"))
		}

		res, err := e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state])
		if err != nil {
			t.Fatalf("Finish: %v", err)
		}
		want := oidc.Result{
			Provider: oidc.Google, Issuer: e.idp[oidc.Google].URL(), Subject: "108234567890",
			Email: "anna@example.org", EmailVerified: true,
			GivenName: "Anna", FamilyName: "Berg", Name: "Anna Berg",
		}
		if res != want {
			t.Errorf("Finish = %+v\nwant     %+v", res, want)
		}
	})
}

func TestGoogleUnverifiedEmail(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		u := googleUser()
		u.EmailVerified = false
		e := newEnv(t, d, setup{google: &oidctest.Options{User: u}})
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		res, err := e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state])
		if err != nil {
			t.Fatalf("Finish: %v", err)
		}
		if res.EmailVerified {
			t.Error("EmailVerified = true for a token that says false")
		}
	})
}

func TestMicrosoftSignIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, azureOnly())
		idp := e.idp[oidc.Microsoft]
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Microsoft})

		q := idp.LastAuthorizeRequest()
		if q.Get("prompt") != "login" {
			t.Errorf("prompt = %q, want login", q.Get("prompt"))
		}
		wantScopes := []string{"openid", "email", "profile", "offline_access", "https://graph.microsoft.com/User.Read"}
		if got := strings.Fields(q.Get("scope")); !slices.Equal(got, wantScopes) {
			t.Errorf("scopes = %q, want %q", got, wantScopes)
		}

		res, err := e.reg.Finish(context.Background(), oidc.Microsoft, code, state, e.bindings[state])
		if err != nil {
			t.Fatalf("Finish: %v", err)
		}
		u := idp.User()
		want := oidc.Result{
			Provider: oidc.Microsoft, Issuer: u.TenantID, Subject: u.ObjectID,
			Email: "carl@contoso.example", EmailVerified: false,
			GivenName: "Carl", FamilyName: "Dahl", Name: "Carl Dahl",
		}
		if res != want {
			t.Errorf("Finish = %+v\nwant     %+v", res, want)
		}
	})
}

func TestMicrosoftEmailClaimNeverVerified(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		u := microsoftUser()
		u.Email, u.EmailVerified = "boss@victim.example", true
		e := newEnv(t, d, setup{azure: &oidctest.Options{User: u}})
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Microsoft})
		res, err := e.reg.Finish(context.Background(), oidc.Microsoft, code, state, e.bindings[state])
		if err != nil {
			t.Fatalf("Finish: %v", err)
		}
		if res.Email != "boss@victim.example" || res.EmailVerified {
			t.Errorf("Email, EmailVerified = %q, %v; want the email claim, unverified", res.Email, res.EmailVerified)
		}
	})
}

// TestMicrosoftPinnedTenant: with one tenant configured — by id or by domain
// name — its users sign in and users of another tenant are refused.
func TestMicrosoftPinnedTenant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		u := microsoftUser()
		for _, tenant := range []string{u.TenantID, "contoso.example"} {
			t.Run(tenant, func(t *testing.T) {
				s := azureOnly()
				s.azure.User = u
				s.microsoftTenant = tenant
				e := newEnv(t, d, s)

				code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Microsoft})
				if _, err := e.reg.Finish(context.Background(), oidc.Microsoft, code, state, e.bindings[state]); err != nil {
					t.Fatalf("user of the configured tenant: %v", err)
				}

				e.idp[oidc.Microsoft].SetUser(microsoftUser()) // another tenant, same application
				code, state = e.begin(t, oidc.BeginOptions{Provider: oidc.Microsoft})
				_, err := e.reg.Finish(context.Background(), oidc.Microsoft, code, state, e.bindings[state])
				wantErr(t, err, oidc.ErrTokenRejected)
			})
		}
	})
}

func TestReplayedStateRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		if _, err := e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state]); err != nil {
			t.Fatalf("first Finish: %v", err)
		}
		_, err := e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state])
		wantErr(t, err, oidc.ErrInvalidState)
	})
}

func TestUnknownStateRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		code, _ := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		// Even with a binding that matches: the state must be one Begin saved.
		for _, state := range []string{"", "made-up-state"} {
			_, err := e.reg.Finish(context.Background(), oidc.Google, code, state, oidc.StateBinding(state))
			wantErr(t, err, oidc.ErrInvalidState)
		}
	})
}

// TestStateBoundToTheBrowser: a callback is refused unless it brings the
// binding of the browser that began the sign-in (login CSRF: someone sends
// their own callback link to another person's browser), and the refusal
// leaves the state for the right browser.
func TestStateBoundToTheBrowser(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		_, other := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		if e.bindings[state] != oidc.StateBinding(state) || e.bindings[state] == e.bindings[other] {
			t.Fatal("Begin's binding is not the state's")
		}
		for name, binding := range map[string]string{
			"no binding":               "",
			"another sign-in's":        e.bindings[other],
			"the raw state":            state,
			"binding cut short by one": e.bindings[state][1:],
		} {
			_, err := e.reg.Finish(context.Background(), oidc.Google, code, state, binding)
			if !errors.Is(err, oidc.ErrOtherBrowser) {
				t.Errorf("%s: error = %v, want ErrOtherBrowser", name, err)
			}
		}
		if _, err := e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state]); err != nil {
			t.Fatalf("the browser that began the sign-in: %v", err)
		}
	})
}

func TestExpiredStateRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		e.clock.Advance(11 * time.Minute)
		_, err := e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state])
		wantErr(t, err, oidc.ErrInvalidState)
	})
}

func TestStateOfOtherProviderRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, setup{
			google: &oidctest.Options{User: googleUser()},
			azure:  &oidctest.Options{User: microsoftUser()},
		})
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		_, err := e.reg.Finish(context.Background(), oidc.Microsoft, code, state, e.bindings[state])
		wantErr(t, err, oidc.ErrInvalidState)

		// The misdirected callback did not burn the Google sign-in.
		if _, err := e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state]); err != nil {
			t.Fatalf("Google Finish after the refused one: %v", err)
		}
	})
}

// TestBadTokensRefused: each way a provider's answer can be wrong is refused,
// for both providers.
func TestBadTokensRefused(t *testing.T) {
	cases := []struct {
		name   string
		faults oidctest.Faults
	}{
		{"wrong nonce", oidctest.Faults{Nonce: "some-other-nonce"}},
		{"wrong audience", oidctest.Faults{Audience: "another-client"}},
		{"foreign signing key", oidctest.Faults{ForeignKey: true}},
		{"wrong issuer", oidctest.Faults{Issuer: "https://evil.example"}},
		{"expired token", oidctest.Faults{Expired: true}},
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		for _, provider := range []string{oidc.Google, oidc.Microsoft} {
			for _, tc := range cases {
				t.Run(provider+"/"+tc.name, func(t *testing.T) {
					e := newEnv(t, d, setup{
						google: &oidctest.Options{User: googleUser()},
						azure:  &oidctest.Options{User: microsoftUser()},
					})
					e.idp[provider].SetFaults(tc.faults)
					code, state := e.begin(t, oidc.BeginOptions{Provider: provider})
					res, err := e.reg.Finish(context.Background(), provider, code, state, e.bindings[state])
					wantErr(t, err, oidc.ErrTokenRejected)
					if res != (oidc.Result{}) {
						t.Errorf("refused sign-in still returned %+v", res)
					}
				})
			}
		}
	})
}

// TestMicrosoftIssuerOfAnotherTenantRefused: a token whose iss names another
// tenant than its tid claim is refused even on the multi-tenant endpoint.
func TestMicrosoftIssuerOfAnotherTenantRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, azureOnly())
		idp := e.idp[oidc.Microsoft]
		idp.SetFaults(oidctest.Faults{Issuer: idp.URL() + "/" + uuid.NewString() + "/v2.0"})
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Microsoft})
		_, err := e.reg.Finish(context.Background(), oidc.Microsoft, code, state, e.bindings[state])
		wantErr(t, err, oidc.ErrTokenRejected)
	})
}

func TestFailedExchangeRefusedWithoutSecrets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		bad := code + "x"
		_, err := e.reg.Finish(context.Background(), oidc.Google, bad, state, e.bindings[state])
		wantErr(t, err, oidc.ErrTokenRejected)
		if msg := err.Error(); strings.Contains(msg, code) || strings.Contains(msg, state) ||
			strings.Contains(msg, e.idp[oidc.Google].ClientSecret()) {
			t.Errorf("error message leaks a secret: %s", msg)
		}
	})
}

func TestConcurrentFinishOneWins(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})

		const n = 16
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				_, errs[i] = e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state])
			})
		}
		close(start)
		wg.Wait()

		succeeded := 0
		for _, err := range errs {
			switch {
			case err == nil:
				succeeded++
			case !errors.Is(err, oidc.ErrInvalidState):
				t.Errorf("a losing Finish failed with %v, want ErrInvalidState", err)
			}
		}
		if succeeded != 1 {
			t.Fatalf("%d of %d Finish calls succeeded, want exactly 1", succeeded, n)
		}
	})
}

func TestDisabledAndUnknownProviders(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		if !e.reg.Enabled(oidc.Google) || e.reg.Enabled(oidc.Microsoft) || e.reg.Enabled("github") {
			t.Errorf("Enabled: google %v, azure %v, github %v; want true, false, false",
				e.reg.Enabled(oidc.Google), e.reg.Enabled(oidc.Microsoft), e.reg.Enabled("github"))
		}
		_, _, err := e.reg.Begin(context.Background(), oidc.BeginOptions{Provider: oidc.Microsoft})
		wantErr(t, err, oidc.ErrProviderDisabled)
		_, err = e.reg.Finish(context.Background(), oidc.Microsoft, "code", "state", oidc.StateBinding("state"))
		wantErr(t, err, oidc.ErrProviderDisabled)
		_, _, err = e.reg.Begin(context.Background(), oidc.BeginOptions{Provider: "github"})
		wantErr(t, err, oidc.ErrUnknownProvider)

		var rows int
		if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM oidc_states`).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if rows != 0 {
			t.Errorf("refused Begin calls left %d states", rows)
		}
	})
}

// TestDiscoveryRetriedAfterFailure: a provider that is down when the server
// starts (or at the first sign-in) works once it is back.
func TestDiscoveryRetriedAfterFailure(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := googleOnly()
		s.google.Faults.FailDiscovery = true
		e := newEnv(t, d, s) // must not fail although discovery would
		_, _, err := e.reg.Begin(context.Background(), oidc.BeginOptions{Provider: oidc.Google})
		wantErr(t, err, oidc.ErrProviderUnavailable)

		e.idp[oidc.Google].SetFaults(oidctest.Faults{})
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		if _, err := e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state]); err != nil {
			t.Fatalf("Finish once the provider is back: %v", err)
		}
	})
}

func TestLinkOptionsRoundTrip(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		userID := uuid.NewString()
		now := e.clock.Now()
		if _, err := d.ExecContext(context.Background(),
			`INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`,
			userID, "anna@example.org", now, now); err != nil {
			t.Fatal(err)
		}

		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google, LinkUserID: userID, Remember: true})
		res, err := e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state])
		if err != nil {
			t.Fatalf("Finish: %v", err)
		}
		if res.LinkUserID != userID || !res.Remember {
			t.Errorf("LinkUserID, Remember = %q, %v; want %q, true", res.LinkUserID, res.Remember, userID)
		}

		// And a plain sign-in carries neither.
		code, state = e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		res, err = e.reg.Finish(context.Background(), oidc.Google, code, state, e.bindings[state])
		if err != nil {
			t.Fatalf("Finish: %v", err)
		}
		if res.LinkUserID != "" || res.Remember {
			t.Errorf("LinkUserID, Remember = %q, %v; want empty, false", res.LinkUserID, res.Remember)
		}
	})
}

func TestStateStoredOnlyAsHash(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		_, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		if len(state) < 43 {
			t.Fatalf("state %q is shorter than 32 random bytes", state)
		}

		rows, err := d.QueryContext(context.Background(),
			`SELECT state_hash, provider, nonce, code_verifier FROM oidc_states`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			n++
			var cols [4]string
			if err := rows.Scan(&cols[0], &cols[1], &cols[2], &cols[3]); err != nil {
				t.Fatal(err)
			}
			for _, c := range cols {
				if strings.Contains(c, state) {
					t.Errorf("the raw state is stored in the table: %q", c)
				}
			}
			if len(cols[0]) != 64 {
				t.Errorf("state_hash %q is not a SHA-256 hex digest", cols[0])
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Fatalf("%d state rows, want 1", n)
		}
	})
}

func TestDeleteExpiredStates(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, googleOnly())
		ctx := context.Background()
		usedCode, usedState := e.begin(t, oidc.BeginOptions{Provider: oidc.Google})
		if _, err := e.reg.Finish(ctx, oidc.Google, usedCode, usedState, e.bindings[usedState]); err != nil {
			t.Fatal(err)
		}
		e.begin(t, oidc.BeginOptions{Provider: oidc.Google}) // abandoned
		e.clock.Advance(11 * time.Minute)
		code, state := e.begin(t, oidc.BeginOptions{Provider: oidc.Google}) // still fresh

		n, err := e.reg.DeleteExpiredStates(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n != 2 {
			t.Errorf("deleted %d states, want the 2 expired ones", n)
		}
		if _, err := e.reg.Finish(ctx, oidc.Google, code, state, e.bindings[state]); err != nil {
			t.Errorf("the fresh sign-in no longer finishes: %v", err)
		}
	})
}
