package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/auth/oidc/oidctest"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/invite"
)

// invite sends an invitation from an administrator's client and returns the
// token from the emailed link.
func inviteTo(t *testing.T, h *apptest.Harness, admin *apptest.Client, choirID, email, role string) string {
	t.Helper()
	res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", map[string]any{
		"email": email, "firstName": "Bea", "lastName": "Singer", "role": role,
	})
	if res.Status != 201 {
		t.Fatalf("invite %s: %d %s", email, res.Status, res.Raw)
	}
	return tokenOf(t, h.Link(h.Mail(email), "/accept-invite?token="), "token")
}

// member makes a confirmed account that joins choirID through an
// invitation with the given role, and returns it signed in.
func member(t *testing.T, h *apptest.Harness, admin *apptest.Client, choirID, email, role string) *apptest.Client {
	t.Helper()
	token := inviteTo(t, h, admin, choirID, email, role)
	confirmedUser(t, h, email)
	c := signIn(t, h, email)
	if res := c.Do("POST", "/api/v1/invitations/"+token+"/accept", nil); res.Status != 200 {
		t.Fatalf("accept as %s: %d %s", email, res.Status, res.Raw)
	}
	return c
}

func wantMessage(t *testing.T, res apptest.Response, status int, code, message string) {
	t.Helper()
	wantError(t, res, status, code)
	if res.Str("message") != message {
		t.Fatalf("message %q, want %q", res.Str("message"), message)
	}
}

func TestInvitationAcceptedWhileSignedIn(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")

		res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", map[string]any{
			"email": " Bob@Example.com ", "firstName": "Bob", "lastName": "Tenor", "role": "member",
		})
		if res.Status != 201 || res.Str("email") != "bob@example.com" || res.Str("status") != "pending" || res.Str("role") != "member" {
			t.Fatalf("invite: %d %s", res.Status, res.Raw)
		}
		if got, want := res.Str("expiresAt"), h.Clock.Now().Add(14*24*time.Hour).Format(time.RFC3339); got != want {
			t.Errorf("expires %s, want %s", got, want)
		}
		mail := h.Mail("bob@example.com")
		if !strings.Contains(mail.Subject, "Schola") || !strings.Contains(mail.TextBody, "Ada Lovelace has invited you to join Schola on Cantica as a Member") {
			t.Errorf("invitation mail: %s\n%s", mail.Subject, mail.TextBody)
		}
		token := tokenOf(t, h.Link(mail, "/accept-invite?token="), "token")
		if _, err := invite.ParseToken(token); err != nil {
			t.Fatalf("emailed token %q is not a UUID v4", token)
		}

		list := admin.Do("GET", "/api/v1/choirs/"+choirID+"/invitations", nil)
		if list.Status != 200 || len(list.List) != 1 || strings.Contains(list.Raw, token) {
			t.Fatalf("invitations: %s", list.Raw)
		}
		var stored int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM choir_invites WHERE token_hash = ?`, token).Scan(&stored); err != nil || stored != 0 {
			t.Fatalf("the database keeps the token itself (%d, %v)", stored, err)
		}

		preview := h.NewClient().Do("GET", "/api/v1/invitations/"+token, nil)
		if preview.Status != 200 || preview.Str("choirName") != "Schola" || preview.Str("email") != "bob@example.com" ||
			preview.Str("firstName") != "Bob" || preview.Str("status") != "pending" {
			t.Fatalf("preview: %d %s", preview.Status, preview.Raw)
		}

		confirmedUser(t, h, "bob@example.com")
		bob := signIn(t, h, "bob@example.com")
		res = bob.Do("POST", "/api/v1/invitations/"+token+"/accept", nil)
		if res.Status != 200 || res.Str("choirId") != choirID || res.Str("choirName") != "Schola" || res.Str("role") != "member" ||
			res.JSON["alreadyMember"] != false {
			t.Fatalf("accept: %d %s", res.Status, res.Raw)
		}
		session := bob.Do("GET", "/api/v1/auth/session", nil)
		if session.Str("user.lastAccessedChoirId") != choirID || len(session.JSON["choirs"].([]any)) != 1 {
			t.Fatalf("session after joining: %s", session.Raw)
		}
		if got := bob.Do("GET", "/api/v1/choirs/"+choirID, nil); got.Str("role") != "member" {
			t.Fatalf("choir as bob: %s", got.Raw)
		}

		// A second click is harmless; anyone else finds the link used.
		if res := bob.Do("POST", "/api/v1/invitations/"+token+"/accept", nil); res.Status != 200 || res.JSON["alreadyMember"] != true {
			t.Fatalf("second accept: %d %s", res.Status, res.Raw)
		}
		confirmedUser(t, h, "carol@example.com")
		wantMessage(t, signIn(t, h, "carol@example.com").Do("POST", "/api/v1/invitations/"+token+"/accept", nil),
			409, "INVALID_TOKEN", "This invitation has already been accepted.")
		if p := h.NewClient().Do("GET", "/api/v1/invitations/"+token, nil); p.Str("status") != "accepted" {
			t.Fatalf("preview after acceptance: %s", p.Raw)
		}
		if list := admin.Do("GET", "/api/v1/choirs/"+choirID+"/invitations", nil); len(list.List) != 0 {
			t.Fatalf("accepted invitation still listed: %s", list.Raw)
		}
		// Bob is now a member: a new invitation to him is refused.
		wantMessage(t, admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", map[string]any{
			"email": "bob@example.com", "firstName": "Bob", "lastName": "Tenor", "role": "guest",
		}), 409, "ALREADY_MEMBER", invite.MsgAlreadyMember)
	})
}

func TestInvitationRefusals(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		anon := h.NewClient()

		wantMessage(t, anon.Do("GET", "/api/v1/invitations/not-a-token", nil), 400, "INVALID_TOKEN", "Invalid invitation token format.")
		wantMessage(t, anon.Do("GET", "/api/v1/invitations/123e4567-e89b-12d3-a456-426614174000", nil), 400, "INVALID_TOKEN", "Invalid invitation token format.")
		wantMessage(t, anon.Do("GET", "/api/v1/invitations/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", nil), 404, "NOT_FOUND", "Invitation not found or has expired")

		token := inviteTo(t, h, admin, choirID, "dora@example.com", "member")
		wantError(t, anon.Do("POST", "/api/v1/invitations/"+token+"/accept", nil), 401, "AUTH_ERROR")

		// Someone else's invitation.
		confirmedUser(t, h, "carol@example.com")
		carol := signIn(t, h, "carol@example.com")
		res := carol.Do("POST", "/api/v1/invitations/"+token+"/accept", nil)
		wantError(t, res, 403, "EMAIL_MISMATCH")
		if msg := res.Str("message"); !strings.Contains(msg, "dora@example.com") || !strings.Contains(msg, "carol@example.com") {
			t.Fatalf("mismatch message does not say which account to use: %q", msg)
		}
		if got := carol.Do("GET", "/api/v1/auth/session", nil); len(got.JSON["choirs"].([]any)) != 0 {
			t.Fatalf("carol joined: %s", got.Raw)
		}

		// One open invitation per address.
		wantMessage(t, admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", map[string]any{
			"email": "DORA@example.com", "firstName": "Dora", "lastName": "Alto", "role": "guest",
		}), 409, "EMAIL_ALREADY_INVITED", invite.MsgAlreadyInvited)
		wantMessage(t, admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", map[string]any{
			"email": "ada@example.com", "firstName": "Ada", "lastName": "Lovelace", "role": "member",
		}), 409, "ALREADY_MEMBER", invite.MsgAlreadyMember)

		// Expiry after 14 days: shown, refused, and mended by a resend whose new link replaces the old.
		erin := inviteTo(t, h, admin, choirID, "erin@example.com", "guest")
		confirmedUser(t, h, "erin@example.com")
		h.Clock.Advance(14*24*time.Hour + time.Minute)
		if p := anon.Do("GET", "/api/v1/invitations/"+erin, nil); p.Status != 200 || p.Str("status") != "expired" {
			t.Fatalf("expired preview: %d %s", p.Status, p.Raw)
		}
		erinClient := signIn(t, h, "erin@example.com")
		wantMessage(t, erinClient.Do("POST", "/api/v1/invitations/"+erin+"/accept", nil), 409, "INVALID_TOKEN",
			"This invitation has expired. Please ask the choir admin to send a new invitation.")
		if err := h.App.Invites.ExpireOld(t.Context()); err != nil {
			t.Fatal(err)
		}
		admin = signIn(t, h, "ada@example.com") // the old session has lapsed meanwhile
		list := admin.Do("GET", "/api/v1/choirs/"+choirID+"/invitations", nil)
		var erinID string
		for _, item := range list.List {
			inv := item.(map[string]any)
			if inv["email"] == "erin@example.com" {
				erinID = inv["id"].(string)
				if inv["status"] != "expired" {
					t.Fatalf("listed as %v", inv["status"])
				}
			}
		}
		if erinID == "" {
			t.Fatalf("erin is not listed: %s", list.Raw)
		}
		res = admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations/"+erinID+"/resend", nil)
		if res.Status != 200 || res.Str("status") != "pending" {
			t.Fatalf("resend: %d %s", res.Status, res.Raw)
		}
		fresh := tokenOf(t, h.Link(h.Mail("erin@example.com"), "/accept-invite?token="), "token")
		if fresh == erin {
			t.Fatal("the resent link reuses the old token")
		}
		wantMessage(t, erinClient.Do("POST", "/api/v1/invitations/"+erin+"/accept", nil), 404, "NOT_FOUND", "Invitation not found or has expired")
		if res := erinClient.Do("POST", "/api/v1/invitations/"+fresh+"/accept", nil); res.Status != 200 || res.Str("role") != "guest" {
			t.Fatalf("accept the resent link: %d %s", res.Status, res.Raw)
		}

		// Revoked: the link is dead, and says so.
		fay := inviteTo(t, h, admin, choirID, "fay@example.com", "member")
		var fayID string
		for _, item := range admin.Do("GET", "/api/v1/choirs/"+choirID+"/invitations", nil).List {
			if inv := item.(map[string]any); inv["email"] == "fay@example.com" {
				fayID = inv["id"].(string)
			}
		}
		if res := admin.Do("DELETE", "/api/v1/choirs/"+choirID+"/invitations/"+fayID, nil); res.Status != 204 {
			t.Fatalf("revoke: %d %s", res.Status, res.Raw)
		}
		if p := anon.Do("GET", "/api/v1/invitations/"+fay, nil); p.Str("status") != "revoked" {
			t.Fatalf("revoked preview: %s", p.Raw)
		}
		confirmedUser(t, h, "fay@example.com")
		wantMessage(t, signIn(t, h, "fay@example.com").Do("POST", "/api/v1/invitations/"+fay+"/accept", nil), 409, "INVALID_TOKEN",
			"This invitation has already been revoked.")
		mailed := h.MailCount("fay@example.com") + h.MailCount("erin@example.com")
		wantMessage(t, admin.Do("DELETE", "/api/v1/choirs/"+choirID+"/invitations/"+fayID, nil), 409, "INVITE_UPDATE_ERROR",
			"This invitation has already been revoked.")
		wantMessage(t, admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations/"+fayID+"/resend", nil), 409, "INVITE_UPDATE_ERROR",
			"This invitation has already been revoked.")
		// Erin's, accepted above, can be neither resent nor revoked.
		wantMessage(t, admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations/"+erinID+"/resend", nil), 409, "INVITE_UPDATE_ERROR",
			"This invitation has already been accepted.")
		wantMessage(t, admin.Do("DELETE", "/api/v1/choirs/"+choirID+"/invitations/"+erinID, nil), 409, "INVITE_UPDATE_ERROR",
			"This invitation has already been accepted.")
		if n := h.MailCount("fay@example.com") + h.MailCount("erin@example.com"); n != mailed {
			t.Fatalf("refused resends sent %d emails", n-mailed)
		}

		// Invitations that do not exist.
		for _, id := range []string{"0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d", "no-such-invitation"} {
			wantMessage(t, admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations/"+id+"/resend", nil), 404, "NOT_FOUND", invite.MsgInvitationGone)
			wantMessage(t, admin.Do("DELETE", "/api/v1/choirs/"+choirID+"/invitations/"+id, nil), 404, "NOT_FOUND", invite.MsgInvitationGone)
		}
		if invite.MsgInvitationGone != "Invitation not found." {
			t.Fatalf("MsgInvitationGone is %q", invite.MsgInvitationGone)
		}
	})
}

func TestInvitationValidation(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		for _, tc := range []struct{ field, value, message string }{
			{"email", "", "Email is required"},
			{"email", "bob@", "Please enter a valid email address"},
			{"firstName", " ", "First name is required"},
			{"firstName", strings.Repeat("b", 101), "First name is too long"},
			{"lastName", "", "Last name is required"},
			{"lastName", strings.Repeat("b", 101), "Last name is too long"},
			{"role", "global_admin", "Please choose a role: choir_admin, member or guest."},
			{"role", "", "Please choose a role: choir_admin, member or guest."},
		} {
			body := map[string]any{"email": "bob@example.com", "firstName": "Bob", "lastName": "Tenor", "role": "member"}
			body[tc.field] = tc.value
			res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", body)
			wantError(t, res, 400, "VALIDATION_ERROR")
			if got := res.JSON["details"].(map[string]any)[tc.field]; got != tc.message {
				t.Errorf("%s %q: %v, want %q", tc.field, tc.value, got, tc.message)
			}
		}
		// A hundred characters, counted as characters, not bytes, are fine.
		res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", map[string]any{
			"email": "bob@example.com", "firstName": strings.Repeat("é", 100), "lastName": strings.Repeat("ß", 100), "role": "member",
		})
		if res.Status != 201 {
			t.Fatalf("names of 100 characters: %d %s", res.Status, res.Raw)
		}
		if list := admin.Do("GET", "/api/v1/choirs/"+choirID+"/invitations", nil); len(list.List) != 1 {
			t.Fatalf("refused requests were stored: %s", list.Raw)
		}
		if n := h.MailCount("bob@example.com"); n != 1 {
			t.Fatalf("%d invitation emails, want only the accepted request's", n)
		}
	})
}

// partIDs names a choir's voice parts by name.
func partIDs(t *testing.T, c *apptest.Client, choirID string) map[string]string {
	t.Helper()
	res := c.Do("GET", "/api/v1/choirs/"+choirID+"/musical-roles", nil)
	if res.Status != 200 {
		t.Fatalf("voice parts: %d %s", res.Status, res.Raw)
	}
	out := map[string]string{}
	for _, item := range res.List {
		p := item.(map[string]any)
		out[p["name"].(string)] = p["id"].(string)
	}
	return out
}

// Registering through the link with the invited address proves the
// address: no confirmation email, signed in at once, in the choir with
// the invitation's role and voice parts. Another address registers as
// anyone does.
func TestRegistrationThroughInvitation(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		parts := partIDs(t, admin, choirID)
		res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations", map[string]any{
			"email": "newbie@example.com", "firstName": "New", "lastName": "Singer", "role": "guest",
			"musicalRoleIds": []string{parts["Tenor"]},
		})
		if res.Status != 201 {
			t.Fatalf("invite: %d %s", res.Status, res.Raw)
		}
		token := tokenOf(t, h.Link(h.Mail("newbie@example.com"), "/accept-invite?token="), "token")

		c := h.NewClient()
		res = c.Do("POST", "/api/v1/auth/register", map[string]any{
			"email": "NewBie@example.com", "password": goodPassword, "firstName": "New", "lastName": "Singer", "inviteToken": token,
		})
		if res.Status != 201 || res.JSON["signedIn"] != true || res.Str("user.email") != "newbie@example.com" ||
			res.Str("joined.choirId") != choirID || res.Str("joined.choirName") != "Schola" || res.Str("joined.role") != "guest" {
			t.Fatalf("register: %d %s", res.Status, res.Raw)
		}
		if n := h.MailCount("newbie@example.com"); n != 1 {
			t.Fatalf("%d emails to newbie, want the invitation alone (no confirmation)", n)
		}
		// The same browser is signed in, in the choir, with no second sign-in.
		session := c.Do("GET", "/api/v1/auth/session", nil)
		choirs := session.JSON["choirs"].([]any)
		if session.Str("user.email") != "newbie@example.com" || len(choirs) != 1 || choirs[0].(map[string]any)["role"] != "guest" ||
			session.Str("user.lastAccessedChoirId") != choirID {
			t.Fatalf("session after registering: %s", session.Raw)
		}
		if m := memberEntry(t, admin.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil), "newbie@example.com"); m == nil || strings.Join(partNames(m), ",") != "Tenor" {
			t.Fatalf("newbie in the directory: %v", m)
		}
		if p := c.Do("GET", "/api/v1/invitations/"+token, nil); p.Str("status") != "accepted" {
			t.Fatalf("the invitation after registering: %s", p.Raw)
		}
		// The address is confirmed: the password signs in too.
		if login(h.NewClient(), "newbie@example.com", goodPassword, false).Status != 200 {
			t.Fatal("the registered account cannot sign in")
		}
		// The page's own acceptance afterwards finds the work done.
		if res := c.Do("POST", "/api/v1/invitations/"+token+"/accept", nil); res.Status != 200 || res.JSON["alreadyMember"] != true {
			t.Fatalf("accept after registering: %d %s", res.Status, res.Raw)
		}

		// A link used to register another address joins nobody and proves
		// nothing: that address is confirmed as usual, by its own email.
		other := inviteTo(t, h, admin, choirID, "invited@example.com", "member")
		someone := h.NewClient()
		res = someone.Do("POST", "/api/v1/auth/register", map[string]any{
			"email": "someone@example.com", "password": goodPassword, "firstName": "Some", "lastName": "One", "inviteToken": other,
		})
		if res.Status != 201 || res.JSON["signedIn"] != false || res.JSON["user"] != nil || res.JSON["joined"] != nil {
			t.Fatalf("register someone: %d %s", res.Status, res.Raw)
		}
		if signedInAs(t, someone) != "" {
			t.Fatal("another address was signed in")
		}
		wantError(t, login(h.NewClient(), "someone@example.com", goodPassword, false), 403, "EMAIL_NOT_CONFIRMED")
		link := h.Link(h.Mail("someone@example.com"), "/auth/callback?confirm=")
		h.NewClient().Do("POST", "/api/v1/auth/confirm", map[string]any{"token": tokenOf(t, link, "confirm")})
		if got := signIn(t, h, "someone@example.com").Do("GET", "/api/v1/auth/session", nil); len(got.JSON["choirs"].([]any)) != 0 {
			t.Fatalf("someone joined through another's invitation: %s", got.Raw)
		}
		if p := h.NewClient().Do("GET", "/api/v1/invitations/"+other, nil); p.Str("status") != "pending" {
			t.Fatalf("the invitation was spent: %s", p.Raw)
		}
		// A spent, revoked or expired link proves nothing either.
		res = h.NewClient().Do("POST", "/api/v1/auth/register", map[string]any{
			"email": "plain@example.com", "password": goodPassword, "firstName": "Plain", "lastName": "One", "inviteToken": token,
		})
		if res.Status != 201 || res.JSON["signedIn"] != false || h.MailCount("plain@example.com") != 1 {
			t.Fatalf("register with a spent link: %d %s", res.Status, res.Raw)
		}
		late := inviteTo(t, h, admin, choirID, "late@example.com", "member")
		h.Clock.Advance(14*24*time.Hour + time.Minute)
		res = h.NewClient().Do("POST", "/api/v1/auth/register", map[string]any{
			"email": "late@example.com", "password": goodPassword, "firstName": "Late", "lastName": "One", "inviteToken": late,
		})
		if res.Status != 201 || res.JSON["signedIn"] != false {
			t.Fatalf("register with an expired link: %d %s", res.Status, res.Raw)
		}
		// A malformed token does not stand in the way of registering.
		res = h.NewClient().Do("POST", "/api/v1/auth/register", map[string]any{
			"email": "odd@example.com", "password": goodPassword, "firstName": "Odd", "lastName": "One", "inviteToken": "garbage",
		})
		if res.Status != 201 || res.JSON["signedIn"] != false {
			t.Fatalf("register with a malformed token: %d %s", res.Status, res.Raw)
		}
	})
}

// Sixteen browsers register the invited address through the one link at
// the same moment: one account, one session, one membership.
func TestRegistrationThroughInvitationUnderConcurrency(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		token := inviteTo(t, h, admin, choirID, "bob@example.com", "member")
		clients := make([]*apptest.Client, 16)
		for i := range clients {
			clients[i] = h.NewClient()
		}
		statuses := make(chan int, len(clients))
		signedIn := make(chan bool, len(clients))
		start := make(chan struct{})
		var wg sync.WaitGroup
		for _, c := range clients {
			wg.Go(func() {
				<-start
				res := c.Do("POST", "/api/v1/auth/register", map[string]any{
					"email": "bob@example.com", "password": goodPassword, "firstName": "Bob", "lastName": "Tenor", "inviteToken": token,
				})
				statuses <- res.Status
				signedIn <- res.JSON["signedIn"] == true
			})
		}
		close(start)
		wg.Wait()
		close(statuses)
		close(signedIn)
		for s := range statuses {
			if s != 201 && s != 409 && s != 429 {
				t.Errorf("status %d", s)
			}
		}
		n := 0
		for ok := range signedIn {
			if ok {
				n++
			}
		}
		var memberships, sessions int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM user_choir_membership WHERE choir_id = ?`, choirID).Scan(&memberships); err != nil {
			t.Fatal(err)
		}
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM sessions s JOIN users u ON u.id = s.user_id
			WHERE u.email = 'bob@example.com'`).Scan(&sessions); err != nil {
			t.Fatal(err)
		}
		if n != 1 || memberships != 2 || sessions != 1 {
			t.Fatalf("%d registrations signed in, %d sessions; the choir has %d memberships (want 1, 1 and 2)", n, sessions, memberships)
		}
	})
}

// Sixteen requests accept one invitation at the same moment: one membership.
func TestInvitationAcceptedOnceUnderConcurrency(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		token := inviteTo(t, h, admin, choirID, "bob@example.com", "member")
		confirmedUser(t, h, "bob@example.com")
		clients := make([]*apptest.Client, 16)
		for i := range clients {
			clients[i] = signIn(t, h, "bob@example.com")
		}
		type outcome struct {
			status int
			joined bool
		}
		outcomes := make(chan outcome, len(clients))
		start := make(chan struct{})
		var wg sync.WaitGroup
		for _, c := range clients {
			wg.Go(func() {
				<-start
				res := c.Do("POST", "/api/v1/invitations/"+token+"/accept", nil)
				outcomes <- outcome{res.Status, res.JSON["alreadyMember"] == false}
			})
		}
		close(start)
		wg.Wait()
		close(outcomes)
		joined := 0
		for o := range outcomes {
			if o.status != 200 {
				t.Errorf("status %d", o.status)
			}
			if o.joined {
				joined++
			}
		}
		var memberships int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM user_choir_membership WHERE choir_id = ?`, choirID).Scan(&memberships); err != nil {
			t.Fatal(err)
		}
		if joined != 1 || memberships != 2 {
			t.Fatalf("%d requests joined; the choir has %d memberships (want 1 and 2)", joined, memberships)
		}
	})
}

func TestInvitationImport(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		inviteTo(t, h, admin, choirID, "gus@example.com", "member")

		csv := "First name,Last name,Email,Role\n" +
			"Ada,Byron,ada.b@example.com,member\n" +
			"Bob,Builder,not-an-email,member\n" +
			"Cy,Twombly,cy@example.com,conductor\n" +
			"\n" +
			"Dee,Dee,ADA.B@example.com,guest\n" +
			"Ada,Lovelace,ada@example.com,member\n" +
			"Fay,Wray,fay@example.com,\n" +
			"Gus,Grissom,gus@example.com,Choir Admin\n" +
			",Nameless,nameless@example.com,guest\n"
		res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations/import", map[string]any{"csv": csv})
		if res.Status != 200 {
			t.Fatalf("import: %d %s", res.Status, res.Raw)
		}
		want := []struct {
			line           float64
			email, outcome string
			message        string
		}{
			{2, "ada.b@example.com", "invited", ""},
			{3, "not-an-email", "error", "Please enter a valid email address."},
			{4, "cy@example.com", "error", `Unknown role "conductor". Use Choir Administrator, Member or Guest.`},
			{6, "ADA.B@example.com", "skipped", "This email appears more than once in the file."},
			{7, "ada@example.com", "skipped", invite.MsgAlreadyMember},
			{8, "fay@example.com", "invited", ""},
			{9, "gus@example.com", "skipped", invite.MsgAlreadyInvited},
			{10, "nameless@example.com", "error", "First name is required."},
		}
		rows := res.JSON["rows"].([]any)
		if len(rows) != len(want) {
			t.Fatalf("rows: %s", res.Raw)
		}
		for i, w := range want {
			r := rows[i].(map[string]any)
			if r["line"] != w.line || r["email"] != w.email || r["outcome"] != w.outcome || r["message"] != w.message {
				t.Errorf("row %d: %v, want %+v", i, r, w)
			}
		}
		if res.JSON["invited"] != float64(2) || res.JSON["skipped"] != float64(3) || res.JSON["failed"] != float64(3) {
			t.Errorf("totals: %s", res.Raw)
		}
		roles := map[string]any{}
		for _, item := range admin.Do("GET", "/api/v1/choirs/"+choirID+"/invitations", nil).List {
			inv := item.(map[string]any)
			roles[inv["email"].(string)] = inv["role"]
		}
		if len(roles) != 3 || roles["ada.b@example.com"] != "member" || roles["fay@example.com"] != "member" || roles["gus@example.com"] != "member" {
			t.Fatalf("open invitations after import: %v", roles)
		}
		for _, email := range []string{"ada.b@example.com", "fay@example.com"} {
			if n := h.MailCount(email); n != 1 {
				t.Errorf("%d emails to %s", n, email)
			}
		}
		if n := h.MailCount("cy@example.com"); n != 0 {
			t.Errorf("a refused row was emailed")
		}

		// A file that cannot be imported changes nothing.
		wantMessage(t, admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations/import", map[string]any{"csv": " \n"}), 400, "VALIDATION_ERROR", invite.MsgImportEmpty)
		long := strings.Repeat("A,B,someone@example.com,member\n", invite.MaxImportRows+1)
		wantMessage(t, admin.Do("POST", "/api/v1/choirs/"+choirID+"/invitations/import", map[string]any{"csv": long}), 400, "VALIDATION_ERROR", invite.MsgImportTooLong)
	})
}

// The import with voice parts: the preview reads every row, reports
// unknown parts and roles per row, and sends and saves nothing; the import
// of the same text sends exactly the rows the preview showed as ready, each
// with its parts, which the membership gets on joining.
func TestInvitationImportWithVoiceParts(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		base := "/api/v1/choirs/" + choirID + "/invitations/import"
		if res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/musical-roles", map[string]any{"name": "Tenor 1"}); res.Status != 201 {
			t.Fatalf("add a part: %d %s", res.Status, res.Raw)
		}
		csv := "first name;LAST NAME;e-mail;Voice Parts;role\n" +
			"Ann;Alto;ann@example.com;\"alto; soprano \";Member\n" +
			"Ben;Bass;ben@example.com;Tenor 3;member\n" +
			"Cy;Tenor;cy@example.com;TENOR 1;Choir Administrator\n" +
			"Di;Guest;di@example.com;;guest\n"
		preview := admin.Do("POST", base+"/preview", map[string]any{"csv": csv})
		if preview.Status != 200 || preview.JSON["ready"] != float64(3) || preview.JSON["failed"] != float64(1) || preview.JSON["skipped"] != float64(0) {
			t.Fatalf("preview: %d %s", preview.Status, preview.Raw)
		}
		rows := preview.JSON["rows"].([]any)
		for i, want := range []string{
			"2 ann@example.com member Soprano,Alto invite ",
			"3 ben@example.com member  error No voice part named \"Tenor 3\" in this choir.",
			"4 cy@example.com choir_admin Tenor 1 invite ",
			"5 di@example.com guest  invite ",
		} {
			r := rows[i].(map[string]any)
			got := fmt.Sprintf("%v %v %v %s %v %v", r["line"], r["email"], r["role"], strings.Join(partNames(r), ","), r["outcome"], r["message"])
			if got != want {
				t.Errorf("preview row %d: %q, want %q", i, got, want)
			}
		}
		if n := h.MailCount("ann@example.com") + h.MailCount("cy@example.com") + h.MailCount("di@example.com"); n != 0 {
			t.Fatalf("the preview sent %d emails", n)
		}
		if list := admin.Do("GET", "/api/v1/choirs/"+choirID+"/invitations", nil); len(list.List) != 0 {
			t.Fatalf("the preview saved invitations: %s", list.Raw)
		}

		// Confirmed: the same text, checked again; exactly the ready rows go out.
		res := admin.Do("POST", base, map[string]any{"csv": csv})
		if res.Status != 200 || res.JSON["invited"] != float64(3) || res.JSON["failed"] != float64(1) {
			t.Fatalf("import: %d %s", res.Status, res.Raw)
		}
		if r := res.JSON["rows"].([]any)[1].(map[string]any); r["outcome"] != "error" || r["message"] != `No voice part named "Tenor 3" in this choir.` {
			t.Fatalf("the unknown part's row: %v", r)
		}
		invited := map[string]string{}
		for _, item := range admin.Do("GET", "/api/v1/choirs/"+choirID+"/invitations", nil).List {
			inv := item.(map[string]any)
			invited[inv["email"].(string)] = inv["role"].(string) + " " + strings.Join(partNames(inv), ",")
		}
		if len(invited) != 3 || invited["ann@example.com"] != "member Soprano,Alto" || invited["cy@example.com"] != "choir_admin Tenor 1" ||
			invited["di@example.com"] != "guest " {
			t.Fatalf("invitations: %v", invited)
		}
		for _, email := range []string{"ann@example.com", "cy@example.com", "di@example.com"} {
			if n := h.MailCount(email); n != 1 {
				t.Errorf("%d emails to %s", n, email)
			}
		}
		if n := h.MailCount("ben@example.com"); n != 0 {
			t.Errorf("the row with an unknown part was sent")
		}
		// A preview now reports the invited rows as skipped.
		if again := admin.Do("POST", base+"/preview", map[string]any{"csv": csv}); again.JSON["skipped"] != float64(3) {
			t.Fatalf("preview after the import: %s", again.Raw)
		}

		// Ann joins with her parts.
		annToken := tokenOf(t, h.Link(h.Mail("ann@example.com"), "/accept-invite?token="), "token")
		confirmedUser(t, h, "ann@example.com")
		if res := signIn(t, h, "ann@example.com").Do("POST", "/api/v1/invitations/"+annToken+"/accept", nil); res.Status != 200 {
			t.Fatalf("ann accepts: %d %s", res.Status, res.Raw)
		}
		if m := memberEntry(t, admin.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil), "ann@example.com"); m == nil ||
			strings.Join(partNames(m), ",") != "Soprano,Alto" || m["role"] != "member" {
			t.Fatalf("ann in the directory: %v", m)
		}

		// Refusals of the whole text.
		wantMessage(t, admin.Do("POST", base+"/preview", map[string]any{"csv": " \n"}), 400, "VALIDATION_ERROR", invite.MsgImportEmpty)
		long := strings.Repeat("A,B,someone@example.com,member,Alto\n", invite.MaxImportRows+1)
		wantMessage(t, admin.Do("POST", base+"/preview", map[string]any{"csv": long}), 400, "VALIDATION_ERROR", invite.MsgImportTooLong)
	})
}

// An invitation names voice parts of its own choir only; the membership
// gets them when the invitation is accepted, less any part removed meanwhile.
func TestInvitationVoiceParts(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		otherID := createChoir(t, admin, "Other").Str("id")
		parts, foreign := partIDs(t, admin, choirID), partIDs(t, admin, otherID)
		invitations := "/api/v1/choirs/" + choirID + "/invitations"
		for _, ids := range [][]string{{foreign["Alto"]}, {"nope"}, {parts["Alto"], foreign["Bass"]}} {
			res := admin.Do("POST", invitations, map[string]any{"email": "bob@example.com", "firstName": "Bob", "lastName": "Tenor",
				"role": "member", "musicalRoleIds": ids})
			wantError(t, res, 400, "VALIDATION_ERROR")
			if res.JSON["details"].(map[string]any)["musicalRoleIds"] != "Please choose voice parts of this choir." {
				t.Fatalf("parts %v: %s", ids, res.Raw)
			}
		}
		many := make([]string, invite.MaxVoicePartsPerInvitation+1)
		for i := range many {
			many[i] = parts["Alto"]
		}
		wantError(t, admin.Do("POST", invitations, map[string]any{"email": "bob@example.com", "firstName": "Bob", "lastName": "Tenor",
			"role": "member", "musicalRoleIds": many}), 400, "VALIDATION_ERROR")
		if n := h.MailCount("bob@example.com"); n != 0 {
			t.Fatalf("refused invitations sent %d emails", n)
		}

		res := admin.Do("POST", invitations, map[string]any{"email": "bob@example.com", "firstName": "Bob", "lastName": "Tenor",
			"role": "member", "musicalRoleIds": []string{parts["Bass"], parts["Tenor"], parts["Bass"], parts["Soprano"]}})
		if res.Status != 201 || strings.Join(partNames(res.JSON), ",") != "Soprano,Tenor,Bass" {
			t.Fatalf("invite with parts: %d %s", res.Status, res.Raw)
		}
		token := tokenOf(t, h.Link(h.Mail("bob@example.com"), "/accept-invite?token="), "token")
		// A part removed before Bob joins is not given.
		if res := admin.Do("DELETE", "/api/v1/choirs/"+choirID+"/musical-roles/"+parts["Soprano"], nil); res.Status != 204 {
			t.Fatalf("remove soprano: %d %s", res.Status, res.Raw)
		}
		if list := admin.Do("GET", invitations, nil); strings.Join(partNames(list.List[0].(map[string]any)), ",") != "Tenor,Bass" {
			t.Fatalf("invitations after removing a part: %s", list.Raw)
		}
		confirmedUser(t, h, "bob@example.com")
		bob := signIn(t, h, "bob@example.com")
		if res := bob.Do("POST", "/api/v1/invitations/"+token+"/accept", nil); res.Status != 200 {
			t.Fatalf("accept: %d %s", res.Status, res.Raw)
		}
		if m := memberEntry(t, admin.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil), "bob@example.com"); m == nil ||
			strings.Join(partNames(m), ",") != "Tenor,Bass" {
			t.Fatalf("bob in the directory: %v", m)
		}
	})
}

// refuseMemberships makes the database refuse every new membership, as a
// broken disk or constraint would, until the returned func runs.
func refuseMemberships(t *testing.T, h *apptest.Harness) (restore func()) {
	t.Helper()
	create := []string{`CREATE TRIGGER refuse_membership BEFORE INSERT ON user_choir_membership
		BEGIN SELECT RAISE(ABORT, 'membership refused by the test'); END`}
	drop := []string{`DROP TRIGGER refuse_membership`}
	if h.DB.Kind == config.Postgres {
		create = []string{
			`CREATE FUNCTION refuse_membership() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN RAISE EXCEPTION 'membership refused by the test'; END $$`,
			`CREATE TRIGGER refuse_membership BEFORE INSERT ON user_choir_membership
				FOR EACH ROW EXECUTE FUNCTION refuse_membership()`,
		}
		drop = []string{`DROP TRIGGER refuse_membership ON user_choir_membership`, `DROP FUNCTION refuse_membership()`}
	}
	run := func(stmts []string) {
		for _, s := range stmts {
			if _, err := h.DB.ExecContext(t.Context(), s); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
	}
	run(create)
	return func() { run(drop) }
}

// MEMBERSHIP_ADD_FAILED comes only from a failing database or, on
// PostgreSQL, a membership inserted by another path ('cantica admin
// add-member') between join's check for one and its insert; neither can be
// timed from a test, so the database is made to refuse the row. The
// invitation must stay pending on every path, and an account registered
// through its link must still stand, signed in.
func TestMembershipThatCannotBeAdded(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		bobToken := inviteTo(t, h, admin, choirID, "bob@example.com", "member")
		confirmedUser(t, h, "bob@example.com")
		bob := signIn(t, h, "bob@example.com")
		newbieToken := inviteTo(t, h, admin, choirID, "newbie@example.com", "guest")

		restore := refuseMemberships(t, h)
		// Signed in.
		wantMessage(t, bob.Do("POST", "/api/v1/invitations/"+bobToken+"/accept", nil), 409, "MEMBERSHIP_ADD_FAILED",
			"Failed to join choir. Please contact the choir administrator.")
		if p := bob.Do("GET", "/api/v1/invitations/"+bobToken, nil); p.Str("status") != "pending" {
			t.Fatalf("the invitation was spent without a membership: %s", p.Raw)
		}
		if s := bob.Do("GET", "/api/v1/auth/session", nil); len(s.JSON["choirs"].([]any)) != 0 || s.JSON["user"].(map[string]any)["lastAccessedChoirId"] != nil {
			t.Fatalf("bob's session: %s", s.Raw)
		}

		// Registered through the link: the invitation proves the address all
		// the same, and waits for the page's own acceptance.
		c := h.NewClient()
		if res := c.Do("POST", "/api/v1/auth/register", map[string]any{"email": "newbie@example.com", "password": goodPassword,
			"firstName": "New", "lastName": "Singer", "inviteToken": newbieToken}); res.Status != 201 || res.JSON["signedIn"] != true || res.JSON["joined"] != nil {
			t.Fatalf("register while memberships fail: %d %s", res.Status, res.Raw)
		}
		newbie := c
		if s := newbie.Do("GET", "/api/v1/auth/session", nil); s.Str("user.email") != "newbie@example.com" || len(s.JSON["choirs"].([]any)) != 0 {
			t.Fatalf("newbie's session: %s", s.Raw)
		}
		if p := newbie.Do("GET", "/api/v1/invitations/"+newbieToken, nil); p.Str("status") != "pending" {
			t.Fatalf("the invitation was spent without a membership: %s", p.Raw)
		}
		wantMessage(t, newbie.Do("POST", "/api/v1/invitations/"+newbieToken+"/accept", nil), 409, "MEMBERSHIP_ADD_FAILED",
			"Failed to join choir. Please contact the choir administrator.")

		// Mended, both links still work.
		restore()
		for _, tc := range []struct {
			c           *apptest.Client
			token, role string
		}{{bob, bobToken, "member"}, {newbie, newbieToken, "guest"}} {
			if res := tc.c.Do("POST", "/api/v1/invitations/"+tc.token+"/accept", nil); res.Status != 200 ||
				res.JSON["alreadyMember"] != false || res.Str("role") != tc.role {
				t.Fatalf("accept once mended: %d %s", res.Status, res.Raw)
			}
		}
	})
}

// A choir sends at most invite.DailyPerChoir invitation emails a day; new
// invitations, resends and imported rows all count, and are refused alike.
func TestInvitationDailyLimit(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		invitations := "/api/v1/choirs/" + choirID + "/invitations"
		inviteTo(t, h, admin, choirID, "first@example.com", "member")
		firstID := admin.Do("GET", invitations, nil).List[0].(map[string]any)["id"].(string)

		// Ninety minutes and 498 invitations later (the shared counter stands
		// in for them), the 500th of the day still goes out.
		h.Clock.Advance(90 * time.Minute)
		if _, err := h.DB.ExecContext(t.Context(), `UPDATE throttle SET hits = ? WHERE key = ?`,
			invite.DailyPerChoir-1, "invite:choir:"+choirID); err != nil {
			t.Fatal(err)
		}
		inviteTo(t, h, admin, choirID, "last@example.com", "member")

		const refusal = "This choir has sent as many invitations as it may today. Please try again in 23 hours."
		res := admin.Do("POST", invitations, map[string]any{"email": "late@example.com", "firstName": "Late", "lastName": "Comer", "role": "member"})
		wantMessage(t, res, 429, "RATE_LIMITED", refusal)
		if res.JSON["retryAfterSeconds"] != float64((22*time.Hour+30*time.Minute)/time.Second) || res.Header.Get("Retry-After") != "81000" {
			t.Fatalf("wait: %s, Retry-After %q", res.Raw, res.Header.Get("Retry-After"))
		}
		wantMessage(t, admin.Do("POST", invitations+"/"+firstID+"/resend", nil), 429, "RATE_LIMITED", refusal)
		res = admin.Do("POST", invitations+"/import", map[string]any{"csv": "Late,Comer,late@example.com,member\n"})
		if res.Status != 200 || res.JSON["failed"] != float64(1) || res.JSON["rows"].([]any)[0].(map[string]any)["message"] != refusal {
			t.Fatalf("import over the limit: %d %s", res.Status, res.Raw)
		}
		if n := h.MailCount("late@example.com") + h.MailCount("first@example.com"); n != 1 {
			t.Fatalf("%d emails, want only the first invitation", n)
		}
		if list := admin.Do("GET", invitations, nil); len(list.List) != 2 {
			t.Fatalf("refused invitations were stored: %s", list.Raw)
		}

		// Another choir has its own allowance; a new day, a new one.
		confirmedUser(t, h, "zed@example.com")
		zed := signIn(t, h, "zed@example.com")
		inviteTo(t, h, zed, createChoir(t, zed, "Other Choir").Str("id"), "late@example.com", "member")
		h.Clock.Advance(22*time.Hour + 30*time.Minute)
		admin = signIn(t, h, "ada@example.com")
		if res := admin.Do("POST", invitations+"/"+firstID+"/resend", nil); res.Status != 200 {
			t.Fatalf("resend the next day: %d %s", res.Status, res.Raw)
		}
	})
}

// Signing up through Google, then the callback page's acceptance of the
// stored invitation token (§2.10): a verified address joins with the
// invitation's role; an address Google does not vouch for makes an
// unconfirmed account, which may not accept until it confirms.
func TestInvitationAcceptedAfterGoogleSignUp(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Social: true}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")

		token := inviteTo(t, h, admin, choirID, "grace@example.com", "guest")
		h.Google.SetUser(oidctest.User{Subject: "g-grace", Email: "Grace@Example.com", EmailVerified: true, GivenName: "Grace", FamilyName: "Hopper"})
		grace := h.NewClient()
		if to := socialSignIn(t, h, grace, "google", ""); to.String() != "/auth/callback" {
			t.Fatalf("Google sign-up landed on %s", to)
		}
		res := grace.Do("POST", "/api/v1/invitations/"+token+"/accept", nil)
		if res.Status != 200 || res.Str("choirId") != choirID || res.Str("role") != "guest" || res.JSON["alreadyMember"] != false {
			t.Fatalf("accept after Google sign-up: %d %s", res.Status, res.Raw)
		}
		session := grace.Do("GET", "/api/v1/auth/session", nil)
		if choirs := session.JSON["choirs"].([]any); len(choirs) != 1 || choirs[0].(map[string]any)["role"] != "guest" ||
			session.Str("user.lastAccessedChoirId") != choirID {
			t.Fatalf("session after joining: %s", session.Raw)
		}
		if m := memberEntry(t, admin.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil), "grace@example.com"); m == nil || m["role"] != "guest" {
			t.Fatalf("grace in the directory: %v", m)
		}

		// Unverified by Google: no account is made, so nobody can take the
		// invitation that way, and it stays open.
		hedyToken := inviteTo(t, h, admin, choirID, "hedy@example.com", "member")
		h.Google.SetUser(oidctest.User{Subject: "g-hedy", Email: "hedy@example.com", EmailVerified: false, GivenName: "Hedy", FamilyName: "Lamarr"})
		hedy := h.NewClient()
		if to := socialSignIn(t, h, hedy, "google", ""); to.Query().Get("error") == "" || signedInAs(t, hedy) != "" {
			t.Fatalf("an unverified Google sign-up landed on %s, signed in as %q", to, signedInAs(t, hedy))
		}
		if p := hedy.Do("GET", "/api/v1/invitations/"+hedyToken, nil); p.Str("status") != "pending" {
			t.Fatalf("the refused sign-up touched the invitation: %s", p.Raw)
		}

		// An account whose address is not confirmed (as accounts made by an
		// unverified provider sign-up before that was refused) cannot accept.
		if _, err := h.DB.ExecContext(t.Context(), `UPDATE users SET email_confirmed_at = NULL WHERE email = 'grace@example.com'`); err != nil {
			t.Fatal(err)
		}
		second := createChoir(t, admin, "Second Schola").Str("id")
		graceToken := inviteTo(t, h, admin, second, "grace@example.com", "member")
		res = grace.Do("POST", "/api/v1/invitations/"+graceToken+"/accept", nil)
		wantMessage(t, res, 403, "EMAIL_MISMATCH", "Please confirm your email address before accepting the invitation.")
		if res.Str("message") != invite.MsgUnconfirmed {
			t.Fatalf("message %q is not invite.MsgUnconfirmed", res.Str("message"))
		}
		if s := grace.Do("GET", "/api/v1/auth/session", nil); len(s.JSON["choirs"].([]any)) != 1 {
			t.Fatalf("grace joined the second choir: %s", s.Raw)
		}
		if p := grace.Do("GET", "/api/v1/invitations/"+graceToken, nil); p.Str("status") != "pending" {
			t.Fatalf("the refused acceptance spent the invitation: %s", p.Raw)
		}
	})
}

// Opening an accepted invitation again is a welcome back only while the
// membership it gave is there and active: a removed member is told the
// link is spent, a deactivated one that the membership is inactive, and
// neither gets a 500 or their place back.
func TestAcceptingAgainAfterRemovalOrDeactivation(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		members := "/api/v1/choirs/" + choirID + "/members/"
		join := func(email string) (*apptest.Client, string, string) {
			token := inviteTo(t, h, admin, choirID, email, "member")
			confirmedUser(t, h, email)
			c := signIn(t, h, email)
			if res := c.Do("POST", "/api/v1/invitations/"+token+"/accept", nil); res.Status != 200 {
				t.Fatalf("accept as %s: %d %s", email, res.Status, res.Raw)
			}
			return c, token, c.Do("GET", "/api/v1/auth/session", nil).Str("user.id")
		}

		bob, token, bobID := join("bob@example.com")
		if res := admin.Do("DELETE", members+bobID, nil); res.Status != 204 {
			t.Fatalf("remove bob: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, bob.Do("POST", "/api/v1/invitations/"+token+"/accept", nil), 409, "INVALID_TOKEN", invite.MsgNoLongerValid)

		cy, token, cyID := join("cy@example.com")
		if res := admin.Do("PATCH", members+cyID, map[string]any{"isActive": false}); res.Status != 200 {
			t.Fatalf("deactivate cy: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, cy.Do("POST", "/api/v1/invitations/"+token+"/accept", nil), 409, "MEMBERSHIP_INACTIVE",
			"Your membership of Schola is inactive. Please contact the choir administrator to reactivate it.")

		// A pending invitation met by an inactive membership (added by
		// another path) is refused the same way and stays pending.
		token = inviteTo(t, h, admin, choirID, "dee@example.com", "member")
		confirmedUser(t, h, "dee@example.com")
		dee := signIn(t, h, "dee@example.com")
		deeID := dee.Do("GET", "/api/v1/auth/session", nil).Str("user.id")
		if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO user_choir_membership (user_id, choir_id, role, is_active, joined_date)
			VALUES (?, ?, 'member', FALSE, ?)`, deeID, choirID, h.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		wantError(t, dee.Do("POST", "/api/v1/invitations/"+token+"/accept", nil), 409, "MEMBERSHIP_INACTIVE")
		if p := h.NewClient().Do("GET", "/api/v1/invitations/"+token, nil); p.Str("status") != "pending" {
			t.Fatalf("the refused invitation: %s", p.Raw)
		}
		for _, c := range []*apptest.Client{bob, cy, dee} {
			if s := c.Do("GET", "/api/v1/auth/session", nil); len(s.JSON["choirs"].([]any)) != 0 {
				t.Fatalf("a refused acceptance gave a choir back: %s", s.Raw)
			}
		}
		if strings.Contains(h.Logs.String(), "level=ERROR") {
			t.Fatalf("errors logged:\n%s", h.Logs.String())
		}
	})
}
