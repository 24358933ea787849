package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/auth/oidc/oidctest"
)

// socialSignIn walks a browser through the provider and back, and returns
// where Cantica sent it in the end.
func socialSignIn(t *testing.T, h *apptest.Harness, c *apptest.Client, provider, query string) *url.URL {
	t.Helper()
	res := c.Do("GET", "/api/v1/auth/oidc/"+provider+"/start"+query, nil)
	if res.Status != 302 {
		t.Fatalf("start: %d %s", res.Status, res.Raw)
	}
	res = c.Follow(res.Header.Get("Location")) // the provider approves at once
	if res.Status != 302 {
		t.Fatalf("provider: %d %s", res.Status, res.Raw)
	}
	back := res.Header.Get("Location")
	if !strings.HasPrefix(back, h.URL+"/api/v1/auth/oidc/"+provider+"/callback?") {
		t.Fatalf("provider sent the browser to %s", back)
	}
	return finishCallback(t, c, back)
}

func finishCallback(t *testing.T, c *apptest.Client, callback string) *url.URL {
	t.Helper()
	res := c.Follow(callback)
	if res.Status != 302 {
		t.Fatalf("callback: %d %s", res.Status, res.Raw)
	}
	u, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func wantCallbackError(t *testing.T, u *url.URL, contains string) {
	t.Helper()
	if u.Path != "/auth/callback" || u.Query().Get("error") == "" || !strings.Contains(u.Query().Get("error_description"), contains) {
		t.Fatalf("want /auth/callback with an error mentioning %q, got %s", contains, u)
	}
}

func TestGoogleSignUpAndSignIn(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		if res := h.NewClient().Do("GET", "/api/v1/info", nil); !strings.Contains(res.Raw, `"google":true`) || !strings.Contains(res.Raw, `"azure":true`) {
			t.Fatalf("providers: %s", res.Raw)
		}
		h.Google.SetUser(oidctest.User{Subject: "g-100", Email: "Grace@Example.com", EmailVerified: true, GivenName: "Grace", FamilyName: "Hopper"})
		c := h.NewClient()
		if to := socialSignIn(t, h, c, "google", "?remember=true"); to.String() != "/auth/callback" {
			t.Fatalf("landed on %s", to)
		}
		res := c.Do("GET", "/api/v1/auth/session", nil)
		if res.Str("user.email") != "grace@example.com" || res.Str("user.firstName") != "Grace" || res.JSON["user"].(map[string]any)["hasPassword"] != false {
			t.Fatalf("session: %s", res.Raw)
		}
		if c.Cookie("cantica_session") == nil {
			t.Fatal("no session cookie")
		}

		// The address now belongs to a Google account (§4.5, §4.8).
		anon := h.NewClient()
		res = anon.Do("POST", "/api/v1/auth/check-provider", map[string]any{"email": "grace@example.com"})
		if res.JSON["found"] != true || res.JSON["isOAuth"] != true || res.Str("provider") != "google" {
			t.Fatalf("check-provider: %s", res.Raw)
		}
		res = anon.Do("POST", "/api/v1/auth/register", map[string]any{"email": "grace@example.com", "password": goodPassword, "firstName": "G", "lastName": "H"})
		wantError(t, res, 409, "ACCOUNT_EXISTS")
		if want := "Account Already Exists: This email is already registered using Google authentication. Please sign in using the Google button on the login page."; res.Str("message") != want {
			t.Fatalf("message %q", res.Str("message"))
		}
		wantError(t, anon.Do("POST", "/api/v1/auth/password/forgot", map[string]any{"email": "grace@example.com"}), 409, "OAUTH_ACCOUNT")

		// The identity is the subject, not the address: a changed address still
		// signs in to the same account.
		h.Google.SetUser(oidctest.User{Subject: "g-100", Email: "grace.hopper@example.com", EmailVerified: true})
		d := h.NewClient()
		socialSignIn(t, h, d, "google", "")
		if got := signedInAs(t, d); got != "grace@example.com" {
			t.Fatalf("signed in as %q", got)
		}
	})
}

func TestGoogleJoinsAConfirmedAccountOnlyWithAVerifiedAddress(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		h.Google.SetUser(oidctest.User{Subject: "g-ada", Email: "ada@example.com", EmailVerified: false})
		c := h.NewClient()
		wantCallbackError(t, socialSignIn(t, h, c, "google", ""), "already exists")
		if signedInAs(t, c) != "" {
			t.Fatal("an unverified address signed in to an existing account")
		}
		h.Google.SetUser(oidctest.User{Subject: "g-ada", Email: "ada@example.com", EmailVerified: true})
		socialSignIn(t, h, c, "google", "")
		if signedInAs(t, c) != "ada@example.com" {
			t.Fatal("a verified address did not reach the confirmed account")
		}
	})
}

// A provider that does not vouch for the address it gives cannot create
// (and so reserve) an account under that address; the person is told to
// register with email and password instead. Connecting the same provider
// to a signed-in account still works.
func TestUnverifiedProviderAddressCreatesNoAccount(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		h.Google.SetUser(oidctest.User{Subject: "g-squat", Email: "victim@example.com", EmailVerified: false, GivenName: "Not", FamilyName: "Victim"})
		c := h.NewClient()
		u := socialSignIn(t, h, c, "google", "")
		want := "Google did not confirm that this email address is yours, so no account was created. " +
			"Please register with your email and password, or continue with a provider that confirms your address."
		if u.Path != "/auth/callback" || u.Query().Get("error") == "" || u.Query().Get("error_description") != want {
			t.Fatalf("redirected to %s", u)
		}
		if signedInAs(t, c) != "" {
			t.Fatal("signed in")
		}
		var users int
		if err := h.DB.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM users").Scan(&users); err != nil {
			t.Fatal(err)
		}
		if users != 0 {
			t.Fatalf("%d accounts created", users)
		}
		// The address is still free for its owner.
		res := h.NewClient().Do("POST", "/api/v1/auth/check-provider", map[string]any{"email": "victim@example.com"})
		if res.JSON["found"] != false {
			t.Fatalf("check-provider: %s", res.Raw)
		}
		confirmedUser(t, h, "victim@example.com")

		// Connecting a Google account whose address Google does not vouch for,
		// while signed in, is fine: the account is already the user's.
		confirmedUser(t, h, "owner@example.com")
		owner := signIn(t, h, "owner@example.com")
		h.Google.SetUser(oidctest.User{Subject: "g-owner", Email: "owner.other@example.com", EmailVerified: false})
		if to := socialSignIn(t, h, owner, "google", "?mode=link"); to.Path != "/account/connected" || to.Query().Get("linked") != "google" {
			t.Fatalf("linking landed on %s", to)
		}
		g := h.NewClient()
		socialSignIn(t, h, g, "google", "")
		if signedInAs(t, g) != "owner@example.com" {
			t.Fatal("the connected Google account does not sign in")
		}
	})
}

func TestMicrosoftSignIn(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		h.Microsoft.SetUser(oidctest.User{TenantID: "tenant-1", ObjectID: "object-1", Email: "ada@example.com", EmailVerified: true, Name: "Ada Lovelace"})
		c := h.NewClient()
		// Microsoft's addresses are never taken as verified: no joining by email.
		wantCallbackError(t, socialSignIn(t, h, c, "azure", ""), "already exists")
		seen := h.Microsoft.LastAuthorizeRequest()
		if seen.Get("prompt") != "login" {
			t.Errorf("prompt %q, want login", seen.Get("prompt"))
		}
		for _, scope := range []string{"openid", "email", "profile", "offline_access", "User.Read"} {
			if !strings.Contains(seen.Get("scope"), scope) {
				t.Errorf("scope %q lacks %s", seen.Get("scope"), scope)
			}
		}
		if seen.Get("code_challenge_method") != "S256" || seen.Get("nonce") == "" {
			t.Errorf("PKCE and nonce: %v", seen)
		}

		// Nor does a Microsoft address found nowhere create an account…
		h.Microsoft.SetUser(oidctest.User{TenantID: "tenant-1", ObjectID: "object-2", Email: "alan@example.com", Name: "Alan Turing"})
		wantCallbackError(t, socialSignIn(t, h, c, "azure", ""), "Microsoft did not confirm that this email address is yours")
		// …but Microsoft connected to an account signs in to it.
		confirmedUser(t, h, "alan@example.com")
		alan := signIn(t, h, "alan@example.com")
		if to := socialSignIn(t, h, alan, "azure", "?mode=link"); to.Query().Get("linked") != "azure" {
			t.Fatalf("linking Microsoft landed on %s", to)
		}
		socialSignIn(t, h, c, "azure", "")
		res := c.Do("GET", "/api/v1/auth/session", nil)
		if res.Str("user.email") != "alan@example.com" {
			t.Fatalf("session: %s", res.Raw)
		}
		var issuer, subject string
		if err := h.DB.QueryRowContext(t.Context(), "SELECT issuer, subject FROM identities WHERE provider = 'azure'").Scan(&issuer, &subject); err != nil {
			t.Fatal(err)
		}
		if issuer != "tenant-1" || subject != "object-2" {
			t.Fatalf("Microsoft identity keyed by %s/%s, want tenant and object id", issuer, subject)
		}
	})
}

func TestBadProviderAnswersAreRefused(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		h.Google.SetUser(oidctest.User{Subject: "g-1", Email: "g@example.com", EmailVerified: true})
		for name, f := range map[string]oidctest.Faults{
			"wrong nonce":    {Nonce: "not-the-nonce"},
			"wrong audience": {Audience: "someone-else"},
			"wrong issuer":   {Issuer: "https://evil.example"},
			"foreign key":    {ForeignKey: true},
		} {
			h.Google.SetFaults(f)
			c := h.NewClient()
			wantCallbackError(t, socialSignIn(t, h, c, "google", ""), "could not be verified")
			if signedInAs(t, c) != "" {
				t.Fatalf("%s: signed in", name)
			}
		}
		h.Google.SetFaults(oidctest.Faults{})

		// A replayed callback (same state) is refused, even by a browser that
		// still holds the sign-in's binding cookie.
		c := h.NewClient()
		res := c.Do("GET", "/api/v1/auth/oidc/google/start", nil)
		binding := c.Cookie("cantica_oidc")
		res = c.Follow(res.Header.Get("Location"))
		callback := res.Header.Get("Location")
		finishCallback(t, c, callback)
		if signedInAs(t, c) != "g@example.com" {
			t.Fatal("the good sign-in failed")
		}
		replay := h.NewClient()
		replay.SetCookie(binding)
		wantCallbackError(t, finishCallback(t, replay, callback), "expired or was already used")

		// A state older than ten minutes is refused.
		late := h.NewClient()
		res = late.Do("GET", "/api/v1/auth/oidc/google/start", nil)
		res = late.Follow(res.Header.Get("Location"))
		h.Clock.Advance(11 * time.Minute)
		wantCallbackError(t, finishCallback(t, late, res.Header.Get("Location")), "expired or was already used")

		// The provider's own error comes through to the callback page.
		u := finishCallback(t, h.NewClient(), "/api/v1/auth/oidc/google/callback?error=access_denied&error_description=The+user+cancelled")
		if u.Path != "/auth/callback" || u.Query().Get("error") != "access_denied" || u.Query().Get("error_description") != "The user cancelled" {
			t.Fatalf("redirected to %s", u)
		}
	})
}

// A social sign-in finishes only in the browser that began it: a callback
// link sent to someone else (login CSRF: the sender's own Google account
// signing the victim in) is refused back to /auth/callback.
func TestSocialCallbackOnlyInTheBrowserThatBegan(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		h.Google.SetUser(oidctest.User{Subject: "g-mallory", Email: "mallory@example.com", EmailVerified: true})
		mallory := h.NewClient()
		res := mallory.Do("GET", "/api/v1/auth/oidc/google/start", nil)
		var bound *http.Cookie
		for _, c := range (&http.Response{Header: res.Header}).Cookies() {
			if c.Name == "cantica_oidc" {
				bound = c
			}
		}
		if bound == nil || bound.Value == "" || !bound.HttpOnly || bound.SameSite != http.SameSiteLaxMode ||
			bound.Path != "/" || bound.MaxAge != 600 {
			t.Fatalf("start set no short-lived HttpOnly, SameSite=Lax binding cookie: %v", res.Header["Set-Cookie"])
		}
		location, _ := url.Parse(res.Header.Get("Location"))
		if state := location.Query().Get("state"); state == "" || strings.Contains(bound.Value, state) {
			t.Fatalf("the cookie must bind the state without holding it: state %q, cookie %q", state, bound.Value)
		}
		callback := mallory.Follow(res.Header.Get("Location")).Header.Get("Location")

		// Another browser, with no sign-in of its own…
		victim := h.NewClient()
		u := finishCallback(t, victim, callback)
		wantCallbackError(t, u, "not started in this browser")
		if u.Query().Get("error") != "access_denied" {
			t.Fatalf("error %q", u.Query().Get("error"))
		}
		if signedInAs(t, victim) != "" {
			t.Fatal("a callback from another browser signed this one in")
		}
		// …or in the middle of its own.
		victim.Do("GET", "/api/v1/auth/oidc/google/start", nil)
		wantCallbackError(t, finishCallback(t, victim, callback), "not started in this browser")
		if signedInAs(t, victim) != "" {
			t.Fatal("a callback from another browser signed this one in")
		}

		// The refusals did not spend the sign-in of the browser that began it.
		if to := finishCallback(t, mallory, callback); to.String() != "/auth/callback" {
			t.Fatalf("the browser that began the sign-in landed on %s", to)
		}
		if signedInAs(t, mallory) != "mallory@example.com" {
			t.Fatal("the browser that began the sign-in is not signed in")
		}
		if mallory.Cookie("cantica_oidc") != nil {
			t.Fatal("the binding cookie outlived the callback")
		}
	})
}

func TestDisabledProvider(t *testing.T) {
	t.Parallel()
	h := apptest.Start(t, "sqlite", apptest.Options{})
	c := h.NewClient()
	if res := c.Do("GET", "/api/v1/info", nil); !strings.Contains(res.Raw, `"google":false`) {
		t.Fatalf("info: %s", res.Raw)
	}
	for _, provider := range []string{"google", "azure", "facebook"} {
		res := c.Do("GET", "/api/v1/auth/oidc/"+provider+"/start", nil)
		u, _ := url.Parse(res.Header.Get("Location"))
		if res.Status != 302 || u.Path != "/auth/callback" || !strings.Contains(u.Query().Get("error_description"), "not available") {
			t.Fatalf("start %s without it configured: %d %s", provider, res.Status, u)
		}
	}
}

func TestConnectAndDisconnectProviders(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		h.Google.SetUser(oidctest.User{Subject: "g-ada", Email: "ada.work@example.com", EmailVerified: true})
		to := socialSignIn(t, h, c, "google", "?mode=link")
		if to.Path != "/account/connected" || to.Query().Get("linked") != "google" {
			t.Fatalf("linking landed on %s", to)
		}
		res := c.Do("GET", "/api/v1/account/identities", nil)
		ids := res.JSON["identities"].([]any)
		if len(ids) != 1 || ids[0].(map[string]any)["provider"] != "google" || res.JSON["hasPassword"] != true {
			t.Fatalf("identities: %s", res.Raw)
		}
		// The linked Google account now signs in to Ada's account.
		g := h.NewClient()
		socialSignIn(t, h, g, "google", "")
		if signedInAs(t, g) != "ada@example.com" {
			t.Fatal("the connected provider does not sign in to the account")
		}
		// Another Cantica account cannot take the same Google account.
		confirmedUser(t, h, "bob@example.com")
		b := signIn(t, h, "bob@example.com")
		u := socialSignIn(t, h, b, "google", "?mode=link")
		if u.Path != "/account/connected" || !strings.Contains(u.Query().Get("error_description"), "already connected to another") {
			t.Fatalf("second owner: %s", u)
		}
		// With a password left, disconnecting is fine.
		id := ids[0].(map[string]any)["id"].(string)
		wantError(t, b.Do("DELETE", "/api/v1/account/identities/"+id, nil), 404, "NOT_FOUND")
		if res := c.Do("DELETE", "/api/v1/account/identities/"+id, nil); res.Status != 204 {
			t.Fatalf("unlink: %d %s", res.Status, res.Raw)
		}

		// A Google-only account cannot drop its only way in.
		h.Google.SetUser(oidctest.User{Subject: "g-solo", Email: "solo@example.com", EmailVerified: true})
		s := h.NewClient()
		socialSignIn(t, h, s, "google", "")
		res = s.Do("GET", "/api/v1/account/identities", nil)
		only := res.JSON["identities"].([]any)[0].(map[string]any)["id"].(string)
		wantError(t, s.Do("DELETE", "/api/v1/account/identities/"+only, nil), 409, "LAST_SIGN_IN_METHOD")
	})
}

func TestSocialSignInAsksForTheSecondFactor(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		h.Google.SetUser(oidctest.User{Subject: "g-mfa", Email: "mfa@example.com", EmailVerified: true})
		c := h.NewClient()
		socialSignIn(t, h, c, "google", "")
		secret, _ := enableTOTP(t, h, c)
		h.Clock.Advance(30 * time.Second)

		b := h.NewClient()
		if to := socialSignIn(t, h, b, "google", ""); to.Path != "/login" {
			t.Fatalf("landed on %s, want /login for the code", to)
		}
		if signedInAs(t, b) != "" {
			t.Fatal("signed in before the second factor")
		}
		if res := b.Do("GET", "/api/v1/auth/mfa", nil); res.JSON["pending"] != true {
			t.Fatalf("pending: %s", res.Raw)
		}
		if res := b.Do("POST", "/api/v1/auth/mfa", map[string]any{"code": code(t, h, secret)}); res.Status != 200 {
			t.Fatalf("verify: %d %s", res.Status, res.Raw)
		}
		if signedInAs(t, b) != "mfa@example.com" {
			t.Fatal("not signed in after the code")
		}
	})
}
