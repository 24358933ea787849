// Package oidc signs users in through Google and Microsoft with OpenID
// Connect: the authorization code flow with PKCE, a nonce, and a single-use
// state kept in the database (so any server instance can finish a sign-in
// another one began) and bound to the browser that began it. It answers who
// the provider says the user is; creating or linking accounts is the
// caller's business.
package oidc

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/google/uuid"
	"golang.org/x/oauth2"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
)

// Provider names, as they appear in URLs and in the identities table.
const (
	Google    = "google"
	Microsoft = "azure"
)

// StateLifetime is how long a sign-in may take between Begin and Finish.
const StateLifetime = 10 * time.Minute

// Errors the HTTP layer maps to answers. Every error Finish or Begin returns
// wraps at most one of them, plus the underlying cause for the log; none of
// the messages carries a code, token or verifier.
var (
	// ErrUnknownProvider: the name is not a provider Cantica knows (404).
	ErrUnknownProvider = errors.New("oidc: unknown provider")
	// ErrProviderDisabled: the provider is known but not configured (404).
	ErrProviderDisabled = errors.New("oidc: provider not enabled")
	// ErrProviderUnavailable: the provider's discovery document could not be
	// fetched; worth trying again later (502/503).
	ErrProviderUnavailable = errors.New("oidc: provider unavailable")
	// ErrInvalidState: the state is unknown, already used, expired or belongs
	// to another provider; the user must start signing in again.
	ErrInvalidState = errors.New("oidc: invalid or expired sign-in state")
	// ErrTokenRejected: the code exchange failed or the ID token did not pass
	// verification (signature, audience, issuer, nonce, expiry, claims).
	ErrTokenRejected = errors.New("oidc: provider's answer rejected")
	// ErrOtherBrowser: the callback did not come with the binding of the
	// browser that began the sign-in (a login CSRF attempt, a link opened in
	// another browser, or a sign-in begun again in another tab). The state
	// is left untouched.
	ErrOtherBrowser = errors.New("oidc: sign-in was not begun in this browser")
)

// BeginOptions start a sign-in.
type BeginOptions struct {
	Provider string
	// LinkUserID is the signed-in user who is linking this provider to their
	// account; empty for a sign-in.
	LinkUserID string
	// ReauthUserID is the signed-in user confirming who they are by signing
	// in with the provider again (before deleting an account without a
	// password); empty otherwise. The provider is asked for a fresh sign-in.
	ReauthUserID string
	Remember     bool // "Remember me for 30 days", carried to the callback
}

// ReauthMaxAge is how long ago a re-authentication's sign-in at the
// provider may have happened, when the provider says (auth_time).
const ReauthMaxAge = 5 * time.Minute

// Result is who the provider says signed in, and what Begin was asked for.
// (Issuer, Subject) is the identity's stable key.
type Result struct {
	Provider string
	// Issuer and Subject: for Google the token's iss and sub; for Microsoft
	// the tenant id (tid) and the object id (oid), which unlike sub are the
	// same for the user across applications.
	Issuer  string
	Subject string
	Email   string
	// EmailVerified is the provider's word that the user owns Email. Always
	// false for Microsoft, which lets tenants put any address in the claim.
	EmailVerified bool
	GivenName     string
	FamilyName    string
	Name          string
	LinkUserID    string
	ReauthUserID  string
	Remember      bool
}

// Registry holds the social sign-in providers.
type Registry struct {
	db        *db.DB
	now       func() time.Time
	client    *http.Client
	baseURL   string
	providers map[string]*provider
}

// provider is one configured provider; its discovery document is fetched on
// first use so that start-up never depends on reaching Google or Microsoft.
type provider struct {
	name         string
	cfg          config.OIDCProvider
	discoveryURL string
	scopes       []string
	authParams   []oauth2.AuthCodeOption

	mu sync.Mutex
	// Set once discovery succeeds; a failure leaves them empty so the next
	// request tries again.
	oidc *oidc.Provider
	// pinnedTenant is the only Microsoft tenant id accepted, or "" when the
	// configured tenant admits several (common, organizations, consumers).
	pinnedTenant string
}

// NewRegistry returns the providers of cfg. httpClient makes every call to
// the providers; nil means a client with a timeout.
func NewRegistry(cfg config.Config, d *db.DB, now func() time.Time, httpClient *http.Client) *Registry {
	if httpClient == nil {
		httpClient = &http.Client{Timeout: 15 * time.Second}
	}
	r := &Registry{
		db:        d,
		now:       now,
		client:    httpClient,
		baseURL:   strings.TrimRight(cfg.BaseURL.String(), "/"),
		providers: map[string]*provider{},
	}
	if cfg.Google.Enabled() {
		r.providers[Google] = &provider{
			name:         Google,
			cfg:          cfg.Google,
			discoveryURL: strings.TrimRight(cfg.Google.Issuer, "/"),
			scopes:       []string{oidc.ScopeOpenID, "email", "profile"},
		}
	}
	if cfg.Microsoft.Enabled() {
		ms := cfg.Microsoft
		ms.Issuer = strings.TrimRight(ms.Issuer, "/")
		if ms.Tenant == "" {
			ms.Tenant = "common"
		}
		r.providers[Microsoft] = &provider{
			name:         Microsoft,
			cfg:          ms,
			discoveryURL: ms.Issuer + "/" + ms.Tenant + "/v2.0",
			scopes: []string{oidc.ScopeOpenID, "email", "profile", oidc.ScopeOfflineAccess,
				"https://graph.microsoft.com/User.Read"},
			// Ask for the password even when Microsoft holds a session, so a
			// shared computer does not sign the previous person in.
			authParams: []oauth2.AuthCodeOption{oauth2.SetAuthURLParam("prompt", "login")},
		}
	}
	return r
}

// Enabled says whether the provider is configured.
func (r *Registry) Enabled(name string) bool {
	_, ok := r.providers[name]
	return ok
}

func (r *Registry) lookup(name string) (*provider, error) {
	if p, ok := r.providers[name]; ok {
		return p, nil
	}
	if name == Google || name == Microsoft {
		return nil, fmt.Errorf("%w: %s", ErrProviderDisabled, name)
	}
	return nil, ErrUnknownProvider
}

// discover returns the provider's metadata, fetching it on first use.
func (r *Registry) discover(ctx context.Context, p *provider) (*oidc.Provider, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.oidc != nil {
		return p.oidc, nil
	}
	ctx, cancel := context.WithTimeout(r.clientContext(ctx), 15*time.Second)
	defer cancel()
	if p.name == Microsoft {
		// Microsoft's multi-tenant discovery documents publish an issuer
		// template ("…/{tenantid}/v2.0") that no token carries; tokens are
		// checked against the tenant in checkMicrosoftIssuer instead.
		ctx = oidc.InsecureIssuerURLContext(ctx, p.discoveryURL)
	}
	op, err := oidc.NewProvider(ctx, p.discoveryURL)
	if err != nil {
		return nil, fmt.Errorf("%w: %s discovery: %w", ErrProviderUnavailable, p.name, err)
	}
	if p.name == Microsoft {
		tenant, err := pinnedTenant(op, p.cfg)
		if err != nil {
			return nil, fmt.Errorf("%w: %s discovery: %w", ErrProviderUnavailable, p.name, err)
		}
		p.pinnedTenant = tenant
	}
	p.oidc = op
	return op, nil
}

// pinnedTenant works out which tenant id a configured Microsoft tenant stands
// for: none for the multi-tenant names, the id itself, or — for a domain
// name — the id in the issuer Microsoft's discovery document publishes.
func pinnedTenant(op *oidc.Provider, cfg config.OIDCProvider) (string, error) {
	switch strings.ToLower(cfg.Tenant) {
	case "common", "organizations", "consumers":
		return "", nil
	}
	if id, err := uuid.Parse(cfg.Tenant); err == nil {
		return id.String(), nil
	}
	var doc struct {
		Issuer string `json:"issuer"`
	}
	if err := op.Claims(&doc); err != nil {
		return "", err
	}
	tid := strings.TrimSuffix(strings.TrimPrefix(doc.Issuer, cfg.Issuer+"/"), "/v2.0")
	id, err := uuid.Parse(tid)
	if err != nil {
		return "", fmt.Errorf("tenant %q: discovery names no tenant id in issuer %q", cfg.Tenant, doc.Issuer)
	}
	return id.String(), nil
}

func (r *Registry) clientContext(ctx context.Context) context.Context {
	return oidc.ClientContext(ctx, r.client) // also the oauth2.HTTPClient key
}

func (r *Registry) oauthConfig(p *provider, op *oidc.Provider) *oauth2.Config {
	endpoint := op.Endpoint()
	// Both providers accept client_secret_post; saying so avoids oauth2's
	// guessing, which sends a failed exchange twice.
	endpoint.AuthStyle = oauth2.AuthStyleInParams
	return &oauth2.Config{
		ClientID:     p.cfg.ClientID,
		ClientSecret: p.cfg.ClientSecret,
		Endpoint:     endpoint,
		RedirectURL:  r.baseURL + "/api/v1/auth/oidc/" + p.name + "/callback",
		Scopes:       p.scopes,
	}
}

// StateBinding is what ties a sign-in's state to the browser that began it:
// the caller keeps it in a cookie of that browser (HttpOnly, short-lived)
// and hands it back to Finish. It is a hash of the state, so it tells
// nothing about the state itself; it needs no key, because what it proves
// is that the cookie was set on this browser by Cantica, which a third
// party cannot do.
func StateBinding(state string) string {
	sum := sha256.Sum256([]byte("cantica oidc browser binding\x00" + state))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// Begin records a new sign-in and returns the provider's authorization URL
// to send the browser to, and the binding (StateBinding) the caller must
// keep in that browser for Finish.
func (r *Registry) Begin(ctx context.Context, opts BeginOptions) (authURL, binding string, err error) {
	p, err := r.lookup(opts.Provider)
	if err != nil {
		return "", "", err
	}
	op, err := r.discover(ctx, p)
	if err != nil {
		return "", "", err
	}
	state, nonce := randomToken(), randomToken()
	verifier := oauth2.GenerateVerifier()
	if err := r.saveState(ctx, p.name, state, nonce, verifier, opts); err != nil {
		return "", "", fmt.Errorf("oidc: save sign-in state: %w", err)
	}
	authOpts := append([]oauth2.AuthCodeOption{oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)}, p.authParams...)
	if opts.ReauthUserID != "" {
		// A fresh sign-in, not the provider's running session: prompt=login
		// (Microsoft, and providers that honour it) and max_age=0 (OpenID
		// Connect: the provider re-authenticates and reports auth_time).
		authOpts = append(authOpts, oauth2.SetAuthURLParam("prompt", "login"), oauth2.SetAuthURLParam("max_age", "0"))
	}
	return r.oauthConfig(p, op).AuthCodeURL(state, authOpts...), StateBinding(state), nil
}

// Finish completes a sign-in from the provider's callback: it checks that
// the callback reached the browser that began the sign-in (binding is what
// that browser kept from Begin), consumes the state, exchanges the code and
// verifies the ID token.
func (r *Registry) Finish(ctx context.Context, providerName, code, state, binding string) (Result, error) {
	p, err := r.lookup(providerName)
	if err != nil {
		return Result{}, err
	}
	if state == "" {
		return Result{}, ErrInvalidState
	}
	// Before the state is touched: a callback sent to someone else's browser
	// must neither sign that browser in nor spend the state.
	if subtle.ConstantTimeCompare([]byte(binding), []byte(StateBinding(state))) != 1 {
		return Result{}, ErrOtherBrowser
	}
	// Discovery first: when the provider is unreachable the state is kept,
	// and reloading the callback can still succeed.
	op, err := r.discover(ctx, p)
	if err != nil {
		return Result{}, err
	}
	st, err := r.consumeState(ctx, p.name, state)
	if err != nil {
		return Result{}, err
	}
	if code == "" {
		return Result{}, fmt.Errorf("%w: no authorization code", ErrTokenRejected)
	}

	ctx = r.clientContext(ctx)
	tok, err := r.oauthConfig(p, op).Exchange(ctx, code, oauth2.VerifierOption(st.verifier))
	if err != nil {
		return Result{}, fmt.Errorf("%w: code exchange: %w", ErrTokenRejected, exchangeError(err))
	}
	rawID, _ := tok.Extra("id_token").(string)
	if rawID == "" {
		return Result{}, fmt.Errorf("%w: no id_token in the token response", ErrTokenRejected)
	}
	idToken, err := op.Verifier(&oidc.Config{
		ClientID:        p.cfg.ClientID,
		Now:             r.now,
		SkipIssuerCheck: p.name == Microsoft, // checked per tenant below
	}).Verify(ctx, rawID)
	if err != nil {
		return Result{}, fmt.Errorf("%w: %w", ErrTokenRejected, err)
	}
	// Ties the token to this browser's sign-in, so a token captured from
	// another sign-in cannot be replayed here.
	if subtle.ConstantTimeCompare([]byte(idToken.Nonce), []byte(st.nonce)) != 1 {
		return Result{}, fmt.Errorf("%w: nonce does not match", ErrTokenRejected)
	}

	var c claims
	if err := idToken.Claims(&c); err != nil {
		return Result{}, fmt.Errorf("%w: read claims: %w", ErrTokenRejected, err)
	}
	res := Result{
		Provider:     p.name,
		Email:        c.Email,
		GivenName:    c.GivenName,
		FamilyName:   c.FamilyName,
		Name:         c.Name,
		LinkUserID:   st.linkUserID,
		ReauthUserID: st.reauthUserID,
		Remember:     st.remember,
	}
	// A re-authentication must be a sign-in of the last minutes. A provider
	// that reports no auth_time (Microsoft's tokens often do not) was asked
	// for a fresh sign-in, and this code is minutes old and bound to this
	// browser's state: that is the proof.
	if st.reauthUserID != "" && c.AuthTime != 0 {
		at := time.Unix(c.AuthTime, 0)
		if r.now().Sub(at) > ReauthMaxAge {
			return Result{}, fmt.Errorf("%w: sign-in at the provider %s ago, not fresh", ErrTokenRejected, r.now().Sub(at).Round(time.Second))
		}
	}
	switch p.name {
	case Google:
		res.Issuer, res.Subject, res.EmailVerified = idToken.Issuer, idToken.Subject, bool(c.EmailVerified)
		// go-oidc lets Google write its issuer without the scheme; one user
		// must not end up with two identities because of it.
		if res.Issuer == "accounts.google.com" {
			res.Issuer = "https://accounts.google.com"
		}
	case Microsoft:
		if err := checkMicrosoftIssuer(p, idToken.Issuer, c.TenantID); err != nil {
			return Result{}, fmt.Errorf("%w: %w", ErrTokenRejected, err)
		}
		res.Issuer, res.Subject = c.TenantID, c.ObjectID
		if res.Email == "" && strings.Contains(c.PreferredUsername, "@") {
			res.Email = c.PreferredUsername
		}
		res.EmailVerified = false
	}
	if res.Issuer == "" || res.Subject == "" {
		return Result{}, fmt.Errorf("%w: token names no issuer or subject", ErrTokenRejected)
	}
	return res, nil
}

// checkMicrosoftIssuer does what the skipped go-oidc issuer check cannot: the
// issuer must be the authority's URL for the token's own tenant, and that
// tenant the configured one when a single tenant is configured.
func checkMicrosoftIssuer(p *provider, iss, tid string) error {
	if tid == "" {
		return errors.New("token has no tid claim")
	}
	if want := p.cfg.Issuer + "/" + tid + "/v2.0"; iss != want {
		return fmt.Errorf("issuer %q is not %q", iss, want)
	}
	if p.pinnedTenant != "" && !strings.EqualFold(tid, p.pinnedTenant) {
		return fmt.Errorf("tenant %q is not the configured tenant", tid)
	}
	return nil
}

// claims are the ID token fields Cantica reads beyond go-oidc's own.
type claims struct {
	Email             string   `json:"email"`
	EmailVerified     jsonBool `json:"email_verified"`
	GivenName         string   `json:"given_name"`
	FamilyName        string   `json:"family_name"`
	Name              string   `json:"name"`
	TenantID          string   `json:"tid"`
	ObjectID          string   `json:"oid"`
	PreferredUsername string   `json:"preferred_username"`
	AuthTime          int64    `json:"auth_time"` // when the user signed in at the provider (Unix seconds)
}

// jsonBool reads true or "true": some Google tokens have carried the string.
type jsonBool bool

func (b *jsonBool) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch v := v.(type) {
	case bool:
		*b = jsonBool(v)
	case string:
		*b = jsonBool(v == "true")
	default:
		*b = false
	}
	return nil
}

// exchangeError keeps what is useful in the log from a failed exchange and
// drops the raw response body, which is the provider's to fill.
func exchangeError(err error) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		return err
	}
	status := "no response"
	if re.Response != nil {
		status = re.Response.Status
	}
	if re.ErrorCode == "" {
		return fmt.Errorf("token endpoint answered %s", status)
	}
	return fmt.Errorf("token endpoint answered %s: %s: %s", status, re.ErrorCode, re.ErrorDescription)
}

// randomToken returns 32 random bytes, base64url-encoded.
func randomToken() string {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand panics instead)
	return base64.RawURLEncoding.EncodeToString(b)
}
