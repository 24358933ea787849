package httpapi_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// The authorization matrix: every API operation, called as each kind of
// caller against choir A, with the status each must get. A new operation
// fails TestAuthorizationMatrix until it is added here.

// callers, in the order of the status columns below.
var callers = []string{"anonymous", "guest", "member", "admin of another choir", "inactive admin", "choir admin", "global admin"}

type route struct {
	method, path string // {A} is choir A's id
	body         any
	want         [7]int
}

func row(status int) [7]int { return [7]int{status, status, status, status, status, status, status} }

// signedIn: strangers get 401, everyone signed in the given status.
func signedIn(status int) [7]int { return [7]int{401, status, status, status, status, status, status} }

// globalOnly: the status for global admins, 403 for everyone else signed in.
func globalOnly(status int) [7]int { return [7]int{401, 403, 403, 403, 403, 403, status} }

// inChoir: the status for callers whose standing in choir A allows the
// permission, 403 for members without it, 404 for callers not in choir A.
func inChoir(p access.Permission, status int) [7]int {
	w := [7]int{401, 0, 0, 404, 404, 0, status}
	for i, role := range map[int]access.Role{1: access.Guest, 2: access.Member, 5: access.ChoirAdmin} {
		if access.Has(role, p) {
			w[i] = status
		} else {
			w[i] = 403
		}
	}
	return w
}

// unknownInvite is a well-formed invitation token that no invitation has.
const unknownInvite = "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d"

// validEvent is an event that passes validation, so that a refusal is
// about who asks and what they name.
var validEvent = map[string]any{"title": "Rehearsal", "eventType": "rehearsal", "start": "2026-03-03T19:30:00Z", "end": "2026-03-03T21:30:00Z"}

var matrix = map[string]route{
	"GetInfo":                 {"GET", "/api/v1/info", nil, row(200)},
	"GetSession":              {"GET", "/api/v1/auth/session", nil, row(200)},
	"Register":                {"POST", "/api/v1/auth/register", map[string]any{}, row(400)},
	"CheckAuthProvider":       {"POST", "/api/v1/auth/check-provider", map[string]any{"email": "nobody@example.com"}, row(200)},
	"ConfirmEmail":            {"POST", "/api/v1/auth/confirm", map[string]any{"token": "x"}, row(400)},
	"ResendConfirmation":      {"POST", "/api/v1/auth/confirm/resend", map[string]any{"email": "bad"}, row(400)},
	"Login":                   {"POST", "/api/v1/auth/login", map[string]any{"email": "bad", "password": ""}, row(401)},
	"GetMfaChallenge":         {"GET", "/api/v1/auth/mfa", nil, row(200)},
	"VerifyMfa":               {"POST", "/api/v1/auth/mfa", map[string]any{"code": "123456"}, row(401)},
	"ForgotPassword":          {"POST", "/api/v1/auth/password/forgot", map[string]any{"email": "bad"}, row(400)},
	"ResetPassword":           {"POST", "/api/v1/auth/password/reset", map[string]any{"token": "x", "password": "Aa1!aaaa"}, row(400)},
	"StartOidc":               {"GET", "/api/v1/auth/oidc/google/start", nil, row(302)},
	"OidcCallback":            {"GET", "/api/v1/auth/oidc/google/callback?error=access_denied", nil, row(302)},
	"GetProfile":              {"GET", "/api/v1/account/profile", nil, signedIn(200)},
	"UpdateProfile":           {"PATCH", "/api/v1/account/profile", map[string]any{}, signedIn(200)},
	"ChangePassword":          {"POST", "/api/v1/account/password", map[string]any{"currentPassword": "", "newPassword": ""}, signedIn(400)},
	"ListSessions":            {"GET", "/api/v1/account/sessions", nil, signedIn(200)},
	"EndSession":              {"DELETE", "/api/v1/account/sessions/nope", nil, signedIn(404)},
	"ListIdentities":          {"GET", "/api/v1/account/identities", nil, signedIn(200)},
	"UnlinkIdentity":          {"DELETE", "/api/v1/account/identities/nope", nil, signedIn(404)},
	"GetMfaStatus":            {"GET", "/api/v1/account/mfa", nil, signedIn(200)},
	"EnrollTotp":              {"POST", "/api/v1/account/mfa/totp/enroll", nil, signedIn(200)},
	"ActivateTotp":            {"POST", "/api/v1/account/mfa/totp/activate", map[string]any{"code": "000000"}, signedIn(409)}, // before EnrollTotp: nothing to activate
	"DisableTotp":             {"POST", "/api/v1/account/mfa/totp/disable", map[string]any{"code": "000000"}, signedIn(400)},
	"RegenerateRecoveryCodes": {"POST", "/api/v1/account/mfa/recovery-codes", map[string]any{"code": "000000"}, signedIn(400)},
	"ListCountries":           {"GET", "/api/v1/reference/countries", nil, row(200)},
	"ListAffiliations":        {"GET", "/api/v1/reference/affiliations", nil, signedIn(200)},
	"ListCalendarTypes":       {"GET", "/api/v1/reference/calendar-types", nil, signedIn(200)},
	"CreateChoir":             {"POST", "/api/v1/choirs", map[string]any{}, signedIn(400)},
	"SetActiveChoir":          {"PUT", "/api/v1/account/active-choir", map[string]any{"choirId": "{A}"}, [7]int{401, 204, 204, 404, 404, 204, 204}},
	"GetChoir":                {"GET", "/api/v1/choirs/{A}", nil, inChoir(access.ViewDashboard, 200)},
	"UpdateChoir":             {"PATCH", "/api/v1/choirs/{A}", map[string]any{"name": "Choir A Renamed", "city": "Cambridge"}, inChoir(access.ManageChoir, 200)},
	"UpdateChoirAffiliation":  {"PUT", "/api/v1/choirs/{A}/affiliation", map[string]any{"religiousAffiliationId": community}, inChoir(access.ManageChoir, 200)},
	"GetInvitation":           {"GET", "/api/v1/invitations/" + unknownInvite, nil, row(404)},
	"AcceptInvitation":        {"POST", "/api/v1/invitations/" + unknownInvite + "/accept", nil, signedIn(404)},
	"ListInvitations":         {"GET", "/api/v1/choirs/{A}/invitations", nil, inChoir(access.ManageMembers, 200)},
	"CreateInvitation":        {"POST", "/api/v1/choirs/{A}/invitations", map[string]any{}, inChoir(access.ManageMembers, 400)},
	"ImportInvitations":       {"POST", "/api/v1/choirs/{A}/invitations/import", map[string]any{"csv": ""}, inChoir(access.ManageMembers, 400)},
	"ResendInvitation":        {"POST", "/api/v1/choirs/{A}/invitations/nope/resend", nil, inChoir(access.ManageMembers, 404)},
	"RevokeInvitation":        {"DELETE", "/api/v1/choirs/{A}/invitations/nope", nil, inChoir(access.ManageMembers, 404)},
	"ListMembers":             {"GET", "/api/v1/choirs/{A}/members", nil, inChoir(access.ViewDirectory, 200)},
	"ExportMembers":           {"GET", "/api/v1/choirs/{A}/members/export", nil, inChoir(access.ManageMembers, 200)},
	"UpdateMember":            {"PATCH", "/api/v1/choirs/{A}/members/nope", map[string]any{}, inChoir(access.ManageMembers, 404)},
	"RemoveMember":            {"DELETE", "/api/v1/choirs/{A}/members/nope", nil, inChoir(access.ManageMembers, 404)},
	"SetMemberMusicalRoles":   {"PUT", "/api/v1/choirs/{A}/members/nope/musical-roles", map[string]any{"musicalRoleIds": []string{}}, inChoir(access.ManageMembers, 404)},
	"ListMusicalRoles":        {"GET", "/api/v1/choirs/{A}/musical-roles", nil, inChoir(access.ViewDirectory, 200)},
	"CreateMusicalRole":       {"POST", "/api/v1/choirs/{A}/musical-roles", map[string]any{"name": ""}, inChoir(access.EditSettings, 400)},
	"ReorderMusicalRoles":     {"PUT", "/api/v1/choirs/{A}/musical-roles/order", map[string]any{"ids": []string{}}, inChoir(access.EditSettings, 400)},
	"RenameMusicalRole":       {"PATCH", "/api/v1/choirs/{A}/musical-roles/nope", map[string]any{"name": "Alto"}, inChoir(access.EditSettings, 404)},
	"DeleteMusicalRole":       {"DELETE", "/api/v1/choirs/{A}/musical-roles/nope", nil, inChoir(access.EditSettings, 404)},
	"ListFeasts":              {"GET", "/api/v1/feasts?source=secular_general&from=2026-01-01&to=2026-12-31", nil, signedIn(200)},
	"ListMasterFeasts":        {"GET", "/api/v1/master-feasts?calendarType=roman_1962_extraordinary", nil, globalOnly(200)},
	"UpdateMasterFeast":       {"PATCH", "/api/v1/master-feasts/nope", map[string]any{}, globalOnly(404)},
	"PreviewFeastImport":      {"POST", "/api/v1/calendar-types/secular_general/import/preview", map[string]any{"format": "csv", "content": ""}, globalOnly(400)},
	"CommitFeastImport":       {"POST", "/api/v1/calendar-types/secular_general/import", map[string]any{"format": "csv", "content": ""}, globalOnly(400)},
	"GenerateFeasts":          {"POST", "/api/v1/calendar-types/secular_general/generate", map[string]any{"fromYear": 2026, "toYear": 2026}, globalOnly(200)},
	"SetCalendarPublished":    {"PUT", "/api/v1/calendar-types/secular_general/published", map[string]any{"published": true}, globalOnly(200)},
	"ListEvents":              {"GET", "/api/v1/choirs/{A}/events?startDate=2026-01-01&endDate=2026-01-31", nil, inChoir(access.ViewCalendar, 200)},
	"CreateEvent":             {"POST", "/api/v1/choirs/{A}/events", map[string]any{}, inChoir(access.EditCalendar, 400)},
	"PreviewEvent":            {"POST", "/api/v1/choirs/{A}/events/preview", map[string]any{}, inChoir(access.EditCalendar, 400)},
	"GetEvent":                {"GET", "/api/v1/choirs/{A}/events/nope", nil, inChoir(access.ViewCalendar, 404)},
	"UpdateEvent":             {"PUT", "/api/v1/choirs/{A}/events/nope", validEvent, inChoir(access.EditCalendar, 404)},
	"DeleteEvent":             {"DELETE", "/api/v1/choirs/{A}/events/nope", nil, inChoir(access.EditCalendar, 404)},
	"DownloadEventIcs":        {"GET", "/api/v1/choirs/{A}/events/nope/ics", nil, inChoir(access.ViewCalendar, 404)},
	"ListChoirFeasts":         {"GET", "/api/v1/choirs/{A}/calendar-feasts", nil, inChoir(access.ViewCalendar, 200)},
	"GetCalendarFeed":         {"GET", "/api/v1/calendar-feed", nil, signedIn(200)},
	"RenewCalendarFeed":       {"POST", "/api/v1/calendar-feed", nil, signedIn(200)},
	"RevokeCalendarFeed":      {"DELETE", "/api/v1/calendar-feed", nil, signedIn(204)},
	"GetCalendarFeedIcs":      {"GET", "/api/v1/feeds/nope.ics", nil, row(404)},
	// Last: it ends the caller's session.
	"Logout": {"POST", "/api/v1/auth/logout", nil, row(204)},
}

func TestAuthorizationMatrixListsEveryOperation(t *testing.T) {
	t.Parallel()
	spec, err := apigen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for _, item := range spec.Paths.Map() {
		for _, op := range item.Operations() {
			name := strings.ToUpper(op.OperationID[:1]) + op.OperationID[1:]
			if _, ok := matrix[name]; !ok {
				missing = append(missing, name)
			}
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Fatalf("operations missing from the authorization matrix: %v", missing)
	}
}

func TestAuthorizationMatrix(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		emails := []string{"", "guest@example.com", "member@example.com", "other@example.com", "inactive@example.com", "admin@example.com", "global@example.com"}
		clients := make([]*apptest.Client, len(emails))
		clients[0] = h.NewClient()
		for i, e := range emails[1:] {
			confirmedUser(t, h, e)
			clients[i+1] = signIn(t, h, e)
		}
		choirA := createChoir(t, clients[5], "Choir A")
		a := choirA.Str("id")
		createChoir(t, clients[3], "Choir Bee")
		for i, role := range map[int]access.Role{1: access.Guest, 2: access.Member, 4: access.ChoirAdmin} {
			id, err := h.App.Accounts.UserIDByEmail(t.Context(), emails[i])
			if err != nil {
				t.Fatal(err)
			}
			if err := h.App.Choirs.AddMember(t.Context(), id, a, role, h.Clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := h.DB.ExecContext(t.Context(), `UPDATE user_choir_membership SET is_active = FALSE
			WHERE user_id = (SELECT id FROM users WHERE email = 'inactive@example.com')`); err != nil {
			t.Fatal(err)
		}
		if err := h.App.Accounts.SetGlobalAdmin(t.Context(), "global@example.com", true); err != nil {
			t.Fatal(err)
		}

		// What an allowed caller gets is the choir itself.
		if res := clients[1].Do("GET", "/api/v1/choirs/"+a, nil); res.Str("name") != "Choir A" || res.Str("role") != "guest" {
			t.Errorf("guest reading choir A: %s", res.Raw)
		}

		names := make([]string, 0, len(matrix))
		for name := range matrix {
			if name != "Logout" {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		names = append(names, "Logout")
		for _, name := range names {
			r := matrix[name]
			path := strings.ReplaceAll(r.path, "{A}", a)
			body := r.body
			if m, ok := body.(map[string]any); ok {
				filled := map[string]any{}
				for k, v := range m {
					if v == "{A}" {
						v = a
					}
					filled[k] = v
				}
				body = filled
			}
			for i, c := range clients {
				// A refused write leaves choir A as it was.
				refusedWrite := r.method != "GET" && r.want[i] >= 400
				var before *choir.Choir
				if refusedWrite {
					before = readChoir(t, h, a)
				}
				res := c.Do(r.method, path, body)
				if res.Status != r.want[i] {
					t.Errorf("%s as %s: %d, want %d (%.200s)", name, callers[i], res.Status, r.want[i], res.Raw)
				}
				// No answer of the API is kept by a browser or a proxy.
				if got := res.Header.Get("Cache-Control"); got != "no-store" {
					t.Errorf("%s as %s: Cache-Control %q, want no-store", name, callers[i], got)
				}
				if refusedWrite {
					if after := readChoir(t, h, a); !reflect.DeepEqual(after, before) {
						t.Errorf("%s as %s was refused but changed choir A: %+v, was %+v", name, callers[i], *after, *before)
					}
				}
				// Nothing of choir A reaches a caller outside it.
				if (i == 0 || i == 3 || i == 4) && strings.Contains(res.Raw, "Choir A") {
					t.Errorf("%s as %s: the answer names choir A: %.200s", name, callers[i], res.Raw)
				}
			}
		}

		// The writes the refused callers tried do change choir A when allowed,
		// so the checks above would have seen a refused write get through.
		if c := readChoir(t, h, a); c.Name != "Choir A Renamed" || c.City != "Cambridge" || c.AffiliationID != community {
			t.Errorf("choir A after the allowed writes: %+v", *c)
		}
	})
}

func readChoir(t *testing.T, h *apptest.Harness, id string) *choir.Choir {
	t.Helper()
	c, err := h.App.Choirs.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
