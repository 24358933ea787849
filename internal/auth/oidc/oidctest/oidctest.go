// Package oidctest runs a local OpenID provider for tests. It signs real ID
// tokens (RS256) and checks what a real provider checks — client credentials,
// single-use codes, redirect URI, PKCE — so the code under test goes through
// the same steps as against Google or Microsoft. It can act like Google (the
// issuer is the server's own URL) or like the Microsoft identity platform
// (discovery per tenant, iss per tenant, tid and oid claims), and it can be
// told to misbehave.
package oidctest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/google/uuid"
)

// User is whose sign-in the provider reports.
type User struct {
	Subject string // sub; a random value when empty
	Email   string // left out of the token when empty
	// EmailVerified: Google style always sends email_verified; Microsoft
	// style sends it only when true, as a tenant-controlled claim might.
	EmailVerified bool
	GivenName     string
	FamilyName    string
	Name          string

	// Microsoft style only.
	TenantID          string // tid; a random UUID when empty
	ObjectID          string // oid; a random UUID when empty
	PreferredUsername string
}

// Faults make the provider misbehave, for tests that must see a token refused.
type Faults struct {
	Nonce         string // the ID token carries this nonce instead of the one from /authorize
	Audience      string // the ID token is issued to this audience instead of the client
	Issuer        string // the ID token carries this iss instead of the right one
	ForeignKey    bool   // sign with a key the JWKS does not publish (under the same key id)
	Expired       bool   // issue ID tokens that have already expired
	FailDiscovery bool   // answer the discovery document with 503
	// StaleSignIn reports, when asked for max_age, an auth_time this long
	// ago, as a provider that kept its own session would.
	StaleSignIn time.Duration
}

// Options configure a Provider.
type Options struct {
	// Microsoft makes the provider act like the Microsoft identity platform:
	// discovery under /{tenant}/v2.0, iss = URL/{tid}/v2.0, tid and oid claims.
	Microsoft bool

	ClientID     string // "test-client" when empty
	ClientSecret string // "test-secret" when empty

	User   User
	Faults Faults

	Now func() time.Time // stamps iat and exp; time.Now when nil
}

// Provider is a running local OpenID provider.
type Provider struct {
	srv *httptest.Server

	mu            sync.Mutex
	opts          Options
	grants        map[string]grant // by authorization code
	lastAuthorize url.Values
}

// grant is what /authorize remembered for one code.
type grant struct {
	clientID    string
	redirectURI string
	nonce       string
	challenge   string
	maxAge      bool // max_age was asked: the token says when the user signed in (auth_time)
}

const keyID = "oidctest-key"

// Keys are shared by every Provider: RSA generation is slow, and tests make
// many providers.
var (
	signingKey = sync.OnceValue(func() *rsa.PrivateKey { return newKey() })
	foreignKey = sync.OnceValue(func() *rsa.PrivateKey { return newKey() })
)

func newKey() *rsa.PrivateKey {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	return k
}

// New starts a provider, stopped when the test ends.
func New(t testing.TB, opts Options) *Provider {
	t.Helper()
	if opts.ClientID == "" {
		opts.ClientID = "test-client"
	}
	if opts.ClientSecret == "" {
		opts.ClientSecret = "test-secret"
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	opts.User = withDefaults(opts.User)
	p := &Provider{opts: opts, grants: map[string]grant{}}

	mux := http.NewServeMux()
	if opts.Microsoft {
		mux.HandleFunc("GET /{tenant}/v2.0/.well-known/openid-configuration", p.discovery)
		mux.HandleFunc("GET /{tenant}/oauth2/v2.0/authorize", p.authorize)
		mux.HandleFunc("POST /{tenant}/oauth2/v2.0/token", p.token)
		mux.HandleFunc("GET /{tenant}/discovery/v2.0/keys", p.jwks)
	} else {
		mux.HandleFunc("GET /.well-known/openid-configuration", p.discovery)
		mux.HandleFunc("GET /authorize", p.authorize)
		mux.HandleFunc("POST /token", p.token)
		mux.HandleFunc("GET /jwks", p.jwks)
	}
	p.srv = httptest.NewServer(mux)
	t.Cleanup(p.srv.Close)
	return p
}

func withDefaults(u User) User {
	if u.Subject == "" {
		u.Subject = "sub-" + rand.Text()
	}
	if u.TenantID == "" {
		u.TenantID = uuid.NewString()
	}
	if u.ObjectID == "" {
		u.ObjectID = uuid.NewString()
	}
	return u
}

// URL is the server's base URL: the issuer in Google style, the authority
// base (without tenant) in Microsoft style.
func (p *Provider) URL() string { return p.srv.URL }

// Client is an HTTP client that reaches the server.
func (p *Provider) Client() *http.Client { return p.srv.Client() }

// ClientID and ClientSecret are the credentials the provider accepts.
func (p *Provider) ClientID() string     { return p.options().ClientID }
func (p *Provider) ClientSecret() string { return p.options().ClientSecret }

// User is the user the provider currently signs in.
func (p *Provider) User() User { return p.options().User }

// SetUser changes whose sign-in later tokens report.
func (p *Provider) SetUser(u User) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.opts.User = withDefaults(u)
}

// SetFaults changes how the provider misbehaves from now on.
func (p *Provider) SetFaults(f Faults) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.opts.Faults = f
}

// LastAuthorizeRequest returns the query of the latest /authorize request.
func (p *Provider) LastAuthorizeRequest() url.Values {
	p.mu.Lock()
	defer p.mu.Unlock()
	v := url.Values{}
	for k, vs := range p.lastAuthorize {
		v[k] = append([]string(nil), vs...)
	}
	return v
}

// Issuer returns the iss a correct token carries for the current user.
func (p *Provider) Issuer() string {
	o := p.options()
	if o.Microsoft {
		return p.srv.URL + "/" + o.User.TenantID + "/v2.0"
	}
	return p.srv.URL
}

func (p *Provider) options() Options {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.opts
}

func (p *Provider) discovery(w http.ResponseWriter, r *http.Request) {
	o := p.options()
	if o.Faults.FailDiscovery {
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
	base, issuer := p.srv.URL, p.srv.URL
	if o.Microsoft {
		tenant := r.PathValue("tenant")
		base = p.srv.URL + "/" + tenant
		// Like Microsoft: the multi-tenant authorities publish an issuer
		// template; a specific tenant publishes its own issuer.
		switch tenant {
		case "common", "organizations":
			issuer = p.srv.URL + "/{tenantid}/v2.0"
		default:
			issuer = p.srv.URL + "/" + o.User.TenantID + "/v2.0"
		}
	}
	doc := map[string]any{
		"issuer":                                issuer,
		"authorization_endpoint":                base + "/authorize",
		"token_endpoint":                        base + "/token",
		"jwks_uri":                              base + "/jwks",
		"response_types_supported":              []string{"code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"code_challenge_methods_supported":      []string{"S256"},
		"token_endpoint_auth_methods_supported": []string{"client_secret_post", "client_secret_basic"},
	}
	if o.Microsoft {
		doc["authorization_endpoint"] = base + "/oauth2/v2.0/authorize"
		doc["token_endpoint"] = base + "/oauth2/v2.0/token"
		doc["jwks_uri"] = base + "/discovery/v2.0/keys"
	}
	writeJSON(w, http.StatusOK, doc)
}

func (p *Provider) jwks(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{
		Key: &signingKey().PublicKey, KeyID: keyID, Algorithm: string(jose.RS256), Use: "sig",
	}}})
}

// authorize signs the user in at once and sends the browser back with a code.
func (p *Provider) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p.mu.Lock()
	p.lastAuthorize = q
	clientID := p.opts.ClientID
	p.mu.Unlock()

	redirect, err := url.Parse(q.Get("redirect_uri"))
	switch {
	case q.Get("redirect_uri") == "" || err != nil || !redirect.IsAbs():
		http.Error(w, "missing or invalid redirect_uri", http.StatusBadRequest)
		return
	case q.Get("client_id") != clientID:
		http.Error(w, "unknown client_id", http.StatusBadRequest)
		return
	case q.Get("response_type") != "code":
		http.Error(w, "response_type must be code", http.StatusBadRequest)
		return
	case q.Get("code_challenge") == "" || q.Get("code_challenge_method") != "S256":
		http.Error(w, "PKCE with S256 is required", http.StatusBadRequest)
		return
	}

	code := rand.Text()
	p.mu.Lock()
	p.grants[code] = grant{
		clientID:    q.Get("client_id"),
		redirectURI: q.Get("redirect_uri"),
		nonce:       q.Get("nonce"),
		challenge:   q.Get("code_challenge"),
		maxAge:      q.Has("max_age"),
	}
	p.mu.Unlock()

	back := redirect.Query()
	back.Set("code", code)
	back.Set("state", q.Get("state"))
	redirect.RawQuery = back.Encode()
	http.Redirect(w, r, redirect.String(), http.StatusFound)
}

func (p *Provider) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		tokenError(w, http.StatusBadRequest, "invalid_request", "unreadable form")
		return
	}
	if r.PostForm.Get("grant_type") != "authorization_code" {
		tokenError(w, http.StatusBadRequest, "unsupported_grant_type", "only authorization_code")
		return
	}

	clientID, secret, basic := r.BasicAuth()
	if basic {
		// RFC 6749 §2.3.1: basic credentials are form-encoded first.
		clientID, _ = url.QueryUnescape(clientID)
		secret, _ = url.QueryUnescape(secret)
	} else {
		clientID, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}

	p.mu.Lock()
	o := p.opts
	g, found := p.grants[r.PostForm.Get("code")]
	if found && clientID == o.ClientID && secret == o.ClientSecret {
		delete(p.grants, r.PostForm.Get("code")) // a code is good for one exchange only
	}
	p.mu.Unlock()

	switch {
	case clientID != o.ClientID || secret != o.ClientSecret:
		tokenError(w, http.StatusUnauthorized, "invalid_client", "client authentication failed")
		return
	case !found:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "unknown or used code")
		return
	case g.clientID != clientID:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code issued to another client")
		return
	case r.PostForm.Get("redirect_uri") != g.redirectURI:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "redirect_uri does not match")
		return
	case s256(r.PostForm.Get("code_verifier")) != g.challenge:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code_verifier does not match the challenge")
		return
	}

	idToken, err := p.idToken(o, g)
	if err != nil {
		tokenError(w, http.StatusInternalServerError, "server_error", err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": rand.Text(),
		"token_type":   "Bearer",
		"expires_in":   3600,
		"id_token":     idToken,
	})
}

func (p *Provider) idToken(o Options, g grant) (string, error) {
	now := o.Now()
	exp := now.Add(time.Hour)
	if o.Faults.Expired {
		now, exp = now.Add(-2*time.Hour), now.Add(-time.Hour)
	}
	u := o.User
	claims := map[string]any{
		"iss":   p.srv.URL,
		"sub":   u.Subject,
		"aud":   g.clientID,
		"iat":   now.Unix(),
		"exp":   exp.Unix(),
		"nonce": g.nonce,
	}
	if g.maxAge {
		claims["auth_time"] = now.Add(-o.Faults.StaleSignIn).Unix()
	}
	if o.Microsoft {
		claims["iss"] = p.srv.URL + "/" + u.TenantID + "/v2.0"
		claims["tid"] = u.TenantID
		claims["oid"] = u.ObjectID
		claims["ver"] = "2.0"
		setIf(claims, "preferred_username", u.PreferredUsername)
		if u.EmailVerified {
			claims["email_verified"] = true
		}
	} else {
		claims["email_verified"] = u.EmailVerified
	}
	setIf(claims, "email", u.Email)
	setIf(claims, "given_name", u.GivenName)
	setIf(claims, "family_name", u.FamilyName)
	setIf(claims, "name", u.Name)

	f := o.Faults
	setIf(claims, "nonce", f.Nonce)
	setIf(claims, "aud", f.Audience)
	setIf(claims, "iss", f.Issuer)
	key := signingKey()
	if f.ForeignKey {
		key = foreignKey()
	}
	return sign(key, claims)
}

func setIf(m map[string]any, k, v string) {
	if v != "" {
		m[k] = v
	}
}

func sign(key *rsa.PrivateKey, claims map[string]any) (string, error) {
	signer, err := jose.NewSigner(
		jose.SigningKey{Algorithm: jose.RS256, Key: jose.JSONWebKey{Key: key, KeyID: keyID}},
		(&jose.SignerOptions{}).WithType("JWT"),
	)
	if err != nil {
		return "", err
	}
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		return "", err
	}
	return jws.CompactSerialize()
}

func s256(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func tokenError(w http.ResponseWriter, status int, code, description string) {
	writeJSON(w, status, map[string]string{"error": code, "error_description": description})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v) // a client that went away needs no answer
}
