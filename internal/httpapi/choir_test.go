package httpapi_test

import (
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/choir"
)

const (
	romanCatholic = "00000000-0000-4000-8000-000000000101"
	traditional   = "00000000-0000-4000-8000-000000000102"
	community     = "00000000-0000-4000-8000-000000000201"
)

func createChoir(t testing.TB, c *apptest.Client, name string) apptest.Response {
	t.Helper()
	res := c.Do("POST", "/api/v1/choirs", map[string]any{
		"name": name, "city": "Oxford", "postcode": "OX1 1AA", "country": "gb",
		"religiousAffiliationId": romanCatholic, "timeZone": "Europe/London", "plan": "medium",
	})
	if res.Status != 201 {
		t.Fatalf("create choir %s: %d %s", name, res.Status, res.Raw)
	}
	return res
}

func TestCreateChoir(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		res := createChoir(t, c, "St Cecilia's Schola")
		if res.Str("country") != "United Kingdom" || res.Str("countryCode") != "GB" || res.Str("role") != "choir_admin" ||
			res.Str("calendarType") != "general_roman_ordinary" || res.Str("timeZone") != "Europe/London" ||
			res.Str("plan") != "medium" || res.JSON["memberCount"] != float64(1) {
			t.Fatalf("choir: %s", res.Raw)
		}
		id := res.Str("id")
		session := c.Do("GET", "/api/v1/auth/session", nil)
		if session.Str("user.lastAccessedChoirId") != id {
			t.Fatalf("last accessed choir: %s", session.Raw)
		}
		choirs := session.JSON["choirs"].([]any)
		m := choirs[0].(map[string]any)
		if len(choirs) != 1 || m["role"] != "choir_admin" || m["isActive"] != true || m["status"] != "active" ||
			m["choir"].(map[string]any)["name"] != "St Cecilia's Schola" {
			t.Fatalf("memberships: %s", session.Raw)
		}

		// Details and affiliation change.
		res = c.Do("PATCH", "/api/v1/choirs/"+id, map[string]any{"name": "St Cecilia’s Choir", "timeZone": "America/New_York", "country": "US"})
		if res.Status != 200 || res.Str("name") != "St Cecilia’s Choir" || res.Str("timeZone") != "America/New_York" || res.Str("country") != "United States" || res.Str("city") != "Oxford" {
			t.Fatalf("update: %d %s", res.Status, res.Raw)
		}
		res = c.Do("PUT", "/api/v1/choirs/"+id+"/affiliation", map[string]any{"religiousAffiliationId": traditional})
		if res.Status != 200 || res.Str("calendarType") != "roman_1962_extraordinary" {
			t.Fatalf("affiliation: %d %s", res.Status, res.Raw)
		}
		wantError(t, c.Do("PUT", "/api/v1/choirs/"+id+"/affiliation", map[string]any{"religiousAffiliationId": "not-a-uuid"}), 400, "VALIDATION_ERROR")
	})
}

func TestChoirValidation(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, testChoirValidation)
}

func testChoirValidation(t *testing.T, h *apptest.Harness) {
	confirmedUser(t, h, "ada@example.com")
	c := signIn(t, h, "ada@example.com")
	good := map[string]any{"name": "Schola", "country": "GB", "religiousAffiliationId": community, "timeZone": "Europe/London"}
	for _, tc := range []struct {
		field, value, message string
	}{
		{"name", "  ", "Choir name is required"},
		{"name", strings.Repeat("a", 201), "Choir name is too long"},
		{"name", "Choir & Friends", "Choir name can only contain letters, numbers, spaces, hyphens, and apostrophes"},
		{"name", "Chor <script>", "Choir name can only contain letters, numbers, spaces, hyphens, and apostrophes"},
		{"country", "", "Country is required"},
		{"country", "XX", "Please choose a country from the list"},
		{"religiousAffiliationId", "", "Please complete the choir focus/type selection."},
		{"religiousAffiliationId", "not-a-uuid", "Please complete the choir focus/type selection."},
		{"religiousAffiliationId", "00000000-0000-4000-8000-999999999999", "Please complete the choir focus/type selection."},
		{"timeZone", "Mars/Olympus", "Please choose a valid time zone"},
		{"city", strings.Repeat("c", 101), "City is too long"},
	} {
		body := map[string]any{}
		for k, v := range good {
			body[k] = v
		}
		body[tc.field] = tc.value
		res := c.Do("POST", "/api/v1/choirs", body)
		wantError(t, res, 400, "VALIDATION_ERROR")
		if d, _ := res.JSON["details"].(map[string]any); d[tc.field] != tc.message {
			t.Errorf("%s=%q: %v", tc.field, tc.value, res.JSON["details"])
		}
	}
	// Letters of any script, digits, hyphens and both apostrophes are fine.
	for _, name := range []string{"Chœur Saint-Étienne", "Kór 2", "Хор Святого Духа", "O’Brien's Singers", "合唱団"} {
		body := map[string]any{"name": name, "country": "FR", "religiousAffiliationId": community, "timeZone": "Europe/Paris"}
		if res := c.Do("POST", "/api/v1/choirs", body); res.Status != 201 {
			t.Errorf("%q refused: %s", name, res.Raw)
		}
	}
	if res := c.Do("GET", "/api/v1/auth/session", nil); len(res.JSON["choirs"].([]any)) != 5 {
		t.Fatalf("refused choirs left something behind: %s", res.Raw)
	}
}

// The update path gives the same messages, and a refused change changes nothing.
func TestChoirUpdateValidation(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		created := createChoir(t, c, "Schola")
		id := created.Str("id")
		for _, tc := range []struct {
			field, value, message string
		}{
			{"name", "", "Choir name is required"},
			{"name", "   ", "Choir name is required"},
			{"name", "Choir & Friends", "Choir name can only contain letters, numbers, spaces, hyphens, and apostrophes"},
			{"country", "", "Country is required"},
			{"country", "XX", "Please choose a country from the list"},
			{"timeZone", "Mars/Olympus", "Please choose a valid time zone"},
			{"timeZone", "", "Please choose a valid time zone"},
			{"timeZone", "Local", "Please choose a valid time zone"},
		} {
			res := c.Do("PATCH", "/api/v1/choirs/"+id, map[string]any{tc.field: tc.value, "city": "Cambridge"})
			wantError(t, res, 400, "VALIDATION_ERROR")
			if d, _ := res.JSON["details"].(map[string]any); d[tc.field] != tc.message || res.Str("message") != tc.message {
				t.Errorf("PATCH %s=%q: %s", tc.field, tc.value, res.Raw)
			}
		}
		for _, bad := range []string{"", "not-a-uuid", "00000000-0000-4000-8000-999999999999"} {
			res := c.Do("PUT", "/api/v1/choirs/"+id+"/affiliation", map[string]any{"religiousAffiliationId": bad})
			wantError(t, res, 400, "VALIDATION_ERROR")
			const msg = "Please complete the choir focus/type selection."
			if d, _ := res.JSON["details"].(map[string]any); d["religiousAffiliationId"] != msg || res.Str("message") != msg {
				t.Errorf("affiliation %q: %s", bad, res.Raw)
			}
		}
		after := c.Do("GET", "/api/v1/choirs/"+id, nil)
		for _, field := range []string{"name", "city", "countryCode", "timeZone", "religiousAffiliationId", "calendarType", "updatedAt"} {
			if after.Str(field) != created.Str(field) {
				t.Errorf("a refused change altered %s: %q, was %q", field, after.Str(field), created.Str(field))
			}
		}
	})
}

// A failure in the last step of choir creation leaves no choir and no
// membership behind.
func TestChoirCreationRollsBack(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")
		// A creator without a profile: the last step (setting the creator's
		// last-accessed choir) fails after the choir and membership were written.
		if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO users (id, email, created_at, updated_at) VALUES ('profileless', 'p@example.com', ?, ?)`,
			h.Clock.Now(), h.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		_, err := h.App.Choirs.Create(t.Context(), "profileless", choirCreate())
		if e, ok := apperr.As(err); !ok || e.Kind != apperr.Internal || e.Code != "CHOIR_CREATE_ERROR" {
			t.Fatalf("creation for a user without a profile: %v, want a CHOIR_CREATE_ERROR", err)
		}
		nothingLeft(t, h)

		// Through the API: a step inside the transaction (the voice parts)
		// fails after the choir and the membership were written. The answer
		// is a 500 CHOIR_CREATE_ERROR with a generic message; the cause goes
		// to the log only.
		if _, err := h.DB.ExecContext(t.Context(), `ALTER TABLE musical_roles RENAME TO musical_roles_away`); err != nil {
			t.Fatal(err)
		}
		res := c.Do("POST", "/api/v1/choirs", map[string]any{
			"name": "Doomed", "country": "GB", "religiousAffiliationId": community, "timeZone": "Europe/London",
		})
		wantError(t, res, 500, "CHOIR_CREATE_ERROR")
		if res.Str("message") != "An unexpected error occurred while creating your choir." || strings.Contains(res.Raw, "musical_roles") {
			t.Errorf("failure answer: %s", res.Raw)
		}
		if !strings.Contains(h.Logs.String(), "CHOIR_CREATE_ERROR") || !strings.Contains(h.Logs.String(), "musical_roles") {
			t.Errorf("the cause is not logged:\n%s", h.Logs.String())
		}
		nothingLeft(t, h)
		if res := c.Do("GET", "/api/v1/auth/session", nil); res.JSON["user"].(map[string]any)["lastAccessedChoirId"] != nil {
			t.Errorf("a failed creation set the last-accessed choir: %s", res.Raw)
		}
		if _, err := h.DB.ExecContext(t.Context(), `ALTER TABLE musical_roles_away RENAME TO musical_roles`); err != nil {
			t.Fatal(err)
		}
		createChoir(t, c, "Afterwards")
	})
}

// nothingLeft checks that no choir and no membership exist.
func nothingLeft(t *testing.T, h *apptest.Harness) {
	t.Helper()
	for _, table := range []string{"choirs", "user_choir_membership"} {
		var n int
		if err := h.DB.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%s has %d rows after a failed creation (%v)", table, n, err)
		}
	}
}

// The server's rules of active-choir selection (accounts §4.2), one row per
// rule: who asks, for which choir, what the answer is and what the session
// then says is the user's last-accessed choir.
func TestActiveChoirSelection(t *testing.T) {
	t.Parallel()
	const unchanged = "(unchanged)"
	cases := []struct {
		name   string
		caller string // ada: an ordinary user; gil: a global admin
		choir  string // a choir's name, "unknown", "malformed", or "" for null
		status int
		code   string
		last   string // the choir the session then names, "" for none, or unchanged
	}{
		{"active membership", "ada", "Home", 204, "", "Home"},
		{"inactive membership", "ada", "Lapsed", 404, "NOT_FOUND", unchanged},
		{"another choir", "ada", "Bobs", 404, "NOT_FOUND", unchanged},
		{"unknown id", "ada", "unknown", 404, "NOT_FOUND", unchanged},
		{"malformed id", "ada", "malformed", 404, "NOT_FOUND", unchanged},
		{"no choir is for global admins only", "ada", "", 403, "PERMISSION_ERROR", unchanged},
		{"global admin to any choir", "gil", "Bobs", 204, "", "Bobs"},
		{"global admin to an inactive member's choir", "gil", "Lapsed", 204, "", "Lapsed"},
		{"global admin to an unknown id", "gil", "unknown", 404, "NOT_FOUND", unchanged},
		{"global admin with null: Global Admin Mode", "gil", "", 204, "", ""},
	}
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		for _, e := range []string{"ada@example.com", "bob@example.com", "gil@example.com"} {
			confirmedUser(t, h, e)
		}
		clients := map[string]*apptest.Client{
			"ada": signIn(t, h, "ada@example.com"),
			"bob": signIn(t, h, "bob@example.com"),
			"gil": signIn(t, h, "gil@example.com"),
		}
		ids := map[string]string{"unknown": "00000000-0000-4000-8000-00000000dead", "malformed": "nope"}
		for name, owner := range map[string]string{"Home": "ada", "Away": "ada", "Lapsed": "ada", "Bobs": "bob", "Gils": "gil"} {
			ids[name] = createChoir(t, clients[owner], name).Str("id")
		}
		if _, err := h.DB.ExecContext(t.Context(), "UPDATE user_choir_membership SET is_active = FALSE WHERE choir_id = ?", ids["Lapsed"]); err != nil {
			t.Fatal(err)
		}
		if err := h.App.Accounts.SetGlobalAdmin(t.Context(), "gil@example.com", true); err != nil {
			t.Fatal(err)
		}
		// Before each row the caller works in a choir of their own.
		baseline := map[string]string{"ada": "Away", "gil": "Gils"}
		userIDs := map[string]string{}
		for caller := range baseline {
			id, err := h.App.Accounts.UserIDByEmail(t.Context(), caller+"@example.com")
			if err != nil {
				t.Fatal(err)
			}
			userIDs[caller] = id
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				before := ids[baseline[tc.caller]]
				if err := choir.SetLastAccessed(t.Context(), h.DB, userIDs[tc.caller], &before); err != nil {
					t.Fatal(err)
				}
				c := clients[tc.caller]
				var target any
				if tc.choir != "" {
					target = ids[tc.choir]
				}
				res := c.Do("PUT", "/api/v1/account/active-choir", map[string]any{"choirId": target})
				if tc.code != "" {
					wantError(t, res, tc.status, tc.code)
				} else if res.Status != tc.status {
					t.Fatalf("status %d, want %d: %s", res.Status, tc.status, res.Raw)
				}

				session := c.Do("GET", "/api/v1/auth/session", nil)
				user := session.JSON["user"].(map[string]any)
				var want any = nil
				switch tc.last {
				case unchanged:
					want = before
				case "":
				default:
					want = ids[tc.last]
				}
				if user["lastAccessedChoirId"] != want {
					t.Errorf("session names %v as the last-accessed choir, want %v", user["lastAccessedChoirId"], want)
				}
				if user["isGlobalAdmin"] != (tc.caller == "gil") {
					t.Errorf("session isGlobalAdmin %v", user["isGlobalAdmin"])
				}
				// Only active memberships are listed: an inactive one grants nothing.
				for _, m := range session.JSON["choirs"].([]any) {
					if id := m.(map[string]any)["choir"].(map[string]any)["id"]; id == ids["Lapsed"] || id == ids["Bobs"] {
						t.Errorf("session lists choir %v", id)
					}
				}
			})
		}
	})
}

func TestCalendarCatalogueHidesUnpublishedCalendars(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, testCalendarCatalogue)
}

func testCalendarCatalogue(t *testing.T, h *apptest.Harness) {
	confirmedUser(t, h, "ada@example.com")
	c := signIn(t, h, "ada@example.com")
	res := c.Do("GET", "/api/v1/reference/calendar-types", nil)
	var keys []string
	for _, v := range res.List {
		keys = append(keys, v.(map[string]any)["key"].(string))
	}
	if strings.Join(keys, ",") != "roman_1962_extraordinary,general_roman_ordinary,secular_general" {
		t.Fatalf("an ordinary user sees %v", keys)
	}
	if err := h.App.Accounts.SetGlobalAdmin(t.Context(), "ada@example.com", true); err != nil {
		t.Fatal(err)
	}
	if res := c.Do("GET", "/api/v1/reference/calendar-types", nil); len(res.List) != 16 {
		t.Fatalf("a global admin sees %d calendars, want 16", len(res.List))
	}
	res = h.NewClient().Do("GET", "/api/v1/reference/countries", nil)
	if len(res.List) != 249 || !strings.Contains(res.Raw, `{"label":"Germany","value":"DE"}`) {
		t.Fatalf("countries: %d", len(res.List))
	}
	res = c.Do("GET", "/api/v1/reference/affiliations", nil)
	first := res.List[0].(map[string]any)
	if first["name"] != "Roman Catholic" || first["category"] != "faith_based" || first["calendarPublished"] != true {
		t.Fatalf("affiliations: %s", res.Raw)
	}
}

func choirCreate() choir.Create {
	name, country, tz := "Rollback", "GB", "Europe/London"
	return choir.Create{Details: choir.Details{Name: &name, Country: &country, TimeZone: &tz}, AffiliationID: community}
}
