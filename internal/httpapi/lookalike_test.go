package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/auth/oidc/oidctest"
)

// Letters that Unicode case folding or compatibility mapping takes for
// ASCII ones, in the local part of an address: each spells a look-alike of
// ssec@example.org.
var lookalikes = []string{
	"\u017fsec@example.org", // ſ, long s: folds to s
	"\u212asec@example.org", // K, the Kelvin sign: folds to k
	"\uff53sec@example.org", // ｓ, fullwidth s
}

// An address means one person: a look-alike of an account's address
// cannot be registered, while the same address spelled another way (case,
// a fullwidth domain) is the same account.
func TestLookalikeAddressesCannotRegister(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ssec@example.org")
		c := h.NewClient()
		for _, email := range append(lookalikes, "\u212asec@example.org") {
			res := c.Do("POST", "/api/v1/auth/register", map[string]any{
				"email": email, "password": goodPassword, "firstName": "Eve", "lastName": "Mallory",
			})
			wantError(t, res, 400, "VALIDATION_ERROR")
			if details, _ := res.JSON["details"].(map[string]any); details["email"] != auth.MsgEmailInvalid {
				t.Fatalf("register %q: %s", email, res.Raw)
			}
		}
		res := c.Do("POST", "/api/v1/auth/register", map[string]any{
			"email": "SSEC@\uff45xample.org", "password": goodPassword, "firstName": "Eve", "lastName": "Mallory",
		})
		wantError(t, res, 409, "ACCOUNT_EXISTS")
		if res := login(c, "SSEC@\uff45xample.org", goodPassword, false); res.Status != 200 || signedInAs(t, c) != "ssec@example.org" {
			t.Fatalf("the same address in fullwidth letters: %d %s", res.Status, res.Raw)
		}
		for _, email := range lookalikes {
			wantError(t, login(h.NewClient(), email, goodPassword, false), 401, "AUTH_ERROR")
		}
		var accounts int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM users`).Scan(&accounts); err != nil || accounts != 1 {
			t.Fatalf("%d accounts (%v), want 1", accounts, err)
		}
	})
}

// An invitation binds to exactly one account: no look-alike address can be
// invited, and an account whose address only folds to the invited one
// (such as one registered before addresses had one form) cannot accept it.
func TestInvitationBindsToOneAccount(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		for _, email := range lookalikes {
			res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", map[string]any{
				"email": email, "firstName": "Eve", "lastName": "Mallory", "role": "choir_admin",
			})
			wantError(t, res, 400, "VALIDATION_ERROR")
		}
		token := inviteTo(t, h, admin, choirID, "ssec@example.org", "choir_admin")

		// Accounts whose stored addresses fold to the invited one, each
		// signed in before its address was changed under it.
		for i, email := range lookalikes {
			standIn := fmt.Sprintf("stand-in%d@example.org", i)
			confirmedUser(t, h, standIn)
			c := signIn(t, h, standIn)
			if _, err := h.DB.ExecContext(t.Context(), `UPDATE users SET email = ? WHERE email = ?`, email, standIn); err != nil {
				t.Fatal(err)
			}
			wantError(t, c.Do("POST", "/api/v1/invitations/"+token+"/accept", nil), 403, "EMAIL_MISMATCH")
		}
		var members int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM user_choir_membership WHERE choir_id = ?`, choirID).Scan(&members); err != nil || members != 1 {
			t.Fatalf("%d members (%v), want the administrator alone", members, err)
		}
		// The invited address itself still can.
		confirmedUser(t, h, "ssec@example.org")
		if res := signIn(t, h, "ssec@example.org").Do("POST", "/api/v1/invitations/"+token+"/accept", nil); res.Status != 200 {
			t.Fatalf("the invited address: %d %s", res.Status, res.Raw)
		}
	})
}

// A provider's verified address joins the account whose address it is,
// spelled any way, and never one whose address it only resembles.
func TestProviderAddressesInTheirOneForm(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ssec@example.org")
		for i, email := range lookalikes {
			h.Google.SetUser(oidctest.User{Subject: fmt.Sprintf("g-eve%d", i), Email: email, EmailVerified: true})
			c := h.NewClient()
			wantCallbackError(t, socialSignIn(t, h, c, "google", ""), "usable email address")
			if signedInAs(t, c) != "" {
				t.Fatalf("%q signed in", email)
			}
		}
		h.Google.SetUser(oidctest.User{Subject: "g-ssec", Email: "SSEC@\uff45xample.org", EmailVerified: true})
		c := h.NewClient()
		socialSignIn(t, h, c, "google", "")
		if got := signedInAs(t, c); got != "ssec@example.org" {
			t.Fatalf("signed in as %q", got)
		}
		if res := c.Do("GET", "/api/v1/account/identities", nil); !strings.Contains(res.Raw, `"identities":[{`) ||
			!strings.Contains(res.Raw, `"email":"ssec@example.org"`) {
			t.Fatalf("identities: %s", res.Raw)
		}
	})
}
