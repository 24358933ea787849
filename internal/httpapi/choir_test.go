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

func createChoir(t *testing.T, c *apptest.Client, name string) apptest.Response {
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

func TestActiveChoir(t *testing.T) {
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		confirmedUser(t, h, "bob@example.com")
		ada := signIn(t, h, "ada@example.com")
		bob := signIn(t, h, "bob@example.com")
		first := createChoir(t, ada, "First").Str("id")
		second := createChoir(t, ada, "Second").Str("id")
		bobs := createChoir(t, bob, "Bobs").Str("id")

		if res := ada.Do("PUT", "/api/v1/account/active-choir", map[string]any{"choirId": first}); res.Status != 204 {
			t.Fatalf("switch: %d %s", res.Status, res.Raw)
		}
		if got := ada.Do("GET", "/api/v1/auth/session", nil).Str("user.lastAccessedChoirId"); got != first {
			t.Fatalf("last accessed %q", got)
		}
		wantError(t, ada.Do("PUT", "/api/v1/account/active-choir", map[string]any{"choirId": bobs}), 404, "NOT_FOUND")
		wantError(t, ada.Do("PUT", "/api/v1/account/active-choir", map[string]any{"choirId": "nope"}), 404, "NOT_FOUND")

		// An inactive membership cannot be chosen.
		if _, err := h.DB.ExecContext(t.Context(), "UPDATE user_choir_membership SET is_active = FALSE WHERE choir_id = ?", second); err != nil {
			t.Fatal(err)
		}
		wantError(t, ada.Do("PUT", "/api/v1/account/active-choir", map[string]any{"choirId": second}), 404, "NOT_FOUND")

		// Global Admin Mode: a global admin may pick any choir, or none.
		if err := h.App.Accounts.SetGlobalAdmin(t.Context(), "bob@example.com", true); err != nil {
			t.Fatal(err)
		}
		if res := bob.Do("PUT", "/api/v1/account/active-choir", map[string]any{"choirId": first}); res.Status != 204 {
			t.Fatalf("global admin to another choir: %d %s", res.Status, res.Raw)
		}
		if res := bob.Do("PUT", "/api/v1/account/active-choir", map[string]any{"choirId": nil}); res.Status != 204 {
			t.Fatalf("global admin mode: %d", res.Status)
		}
		if res := bob.Do("GET", "/api/v1/auth/session", nil); res.JSON["user"].(map[string]any)["lastAccessedChoirId"] != nil ||
			res.JSON["user"].(map[string]any)["isGlobalAdmin"] != true {
			t.Fatalf("global admin session: %s", res.Raw)
		}
	})
}

func TestCalendarCatalogueHidesUnpublishedCalendars(t *testing.T) {
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
