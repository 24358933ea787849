package httpapi_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/feast"
)

// feastOn finds the instance of a feast key in a feast answer.
func feastOn(res apptest.Response, key string) map[string]any {
	for _, item := range res.List {
		f := item.(map[string]any)
		if f["masterFeast"].(map[string]any)["feastKey"] == key {
			return f
		}
	}
	return nil
}

func globalAdmin(t *testing.T, h *apptest.Harness, email string) *apptest.Client {
	t.Helper()
	confirmedUser(t, h, email)
	if err := h.App.Accounts.SetGlobalAdmin(t.Context(), email, true); err != nil {
		t.Fatal(err)
	}
	return signIn(t, h, email)
}

func TestFeastsOfAPublishedCalendar(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		// What the server does at start-up: the window of years for the published calendars.
		if err := h.App.Feasts.MaintainWindow(t.Context()); err != nil {
			t.Fatal(err)
		}
		confirmedUser(t, h, "ada@example.com")
		c := signIn(t, h, "ada@example.com")

		res := c.Do("GET", "/api/v1/feasts?source=general_roman_ordinary&from=2035-03-01&to=2035-04-30", nil)
		if res.Status != 200 {
			t.Fatalf("feasts: %d %s", res.Status, res.Raw)
		}
		easter := feastOn(res, "easter_sunday")
		if easter == nil || easter["calendarDate"] != "2035-03-25" || easter["liturgicalYear"] != float64(2035) ||
			easter["source"] != "general_roman_ordinary" || easter["masterFeast"].(map[string]any)["rank"] != "solemnity" {
			t.Fatalf("Easter 2035: %v", easter)
		}
		if a := feastOn(res, "annunciation"); a == nil || a["calendarDate"] != "2035-04-02" || a["transferred"] != true {
			t.Fatalf("the Annunciation 2035 moves to 2 April: %v", a)
		}
		var last string
		for _, item := range res.List {
			d := item.(map[string]any)["calendarDate"].(string)
			if d < last || d < "2035-03-01" || d > "2035-04-30" {
				t.Fatalf("%s out of order or range", d)
			}
			last = d
		}

		// A year outside the window is computed when asked for.
		res = c.Do("GET", "/api/v1/feasts?source=general_roman_ordinary&from=2090-04-01&to=2090-04-30", nil)
		if e := feastOn(res, "easter_sunday"); e == nil || e["calendarDate"] != "2090-04-16" {
			t.Fatalf("Easter 2090: %d %s", res.Status, res.Raw)
		}
		// The liturgical year 2036 begins with Advent 2035.
		res = c.Do("GET", "/api/v1/feasts?source=general_roman_ordinary&liturgicalYear=2036", nil)
		if a := feastOn(res, "first_sunday_of_advent"); a == nil || a["calendarDate"] != "2035-12-02" {
			t.Fatalf("Advent of the liturgical year 2036: %v", a)
		}

		// Unpublished calendars are for global admins only.
		wantMessage(t, c.Do("GET", "/api/v1/feasts?source=roman_1955_pre_reform&from=2026-01-01&to=2026-12-31", nil), 404, "NOT_FOUND", feast.MsgCalendarNotFound)
		wantMessage(t, c.Do("GET", "/api/v1/feasts?source=nonsense&from=2026-01-01&to=2026-12-31", nil), 404, "NOT_FOUND", feast.MsgCalendarNotFound)
		admin := globalAdmin(t, h, "root@example.com")
		if res := admin.Do("GET", "/api/v1/feasts?source=roman_1955_pre_reform&from=2026-01-01&to=2026-12-31", nil); res.Status != 200 || len(res.List) != 0 {
			t.Fatalf("an unpublished calendar without feasts: %d %s", res.Status, res.Raw)
		}
		for _, bad := range []string{"from=2026-1-1&to=2026-12-31", "from=2026-12-31&to=2026-01-01", "from=2020-01-01&to=2027-01-02", "to=2026-01-01"} {
			wantError(t, c.Do("GET", "/api/v1/feasts?source=general_roman_ordinary&"+bad, nil), 400, "VALIDATION_ERROR")
		}
		wantError(t, h.NewClient().Do("GET", "/api/v1/feasts?source=general_roman_ordinary&from=2026-01-01&to=2026-12-31", nil), 401, "AUTH_ERROR")
	})
}

func TestMasterFeastsImportAndPublishing(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		admin := globalAdmin(t, h, "root@example.com")
		const cal = "/api/v1/calendar-types/roman_1955_pre_reform"
		res := admin.Do("POST", cal+"/generate", map[string]any{"fromYear": 2026, "toYear": 2027})
		if res.Status != 200 || res.JSON["years"] != float64(2) || res.JSON["instances"].(float64) < 400 {
			t.Fatalf("generate: %d %s", res.Status, res.Raw)
		}
		wantError(t, admin.Do("POST", cal+"/generate", map[string]any{"fromYear": 1800, "toYear": 1801}), 400, "VALIDATION_ERROR")
		wantError(t, admin.Do("POST", cal+"/generate", map[string]any{"fromYear": 2000, "toYear": 2060}), 400, "VALIDATION_ERROR")

		res = admin.Do("GET", "/api/v1/master-feasts?calendarType=roman_1955_pre_reform&q=EASTER", nil)
		var easter map[string]any
		for _, item := range res.List {
			if m := item.(map[string]any); m["feastKey"] == "easter_sunday" {
				easter = m
			}
		}
		if easter == nil || easter["nextDate"] != "2027-03-28" || easter["edited"] != false {
			t.Fatalf("master feasts: %d %s", res.Status, res.Raw)
		}
		// A correction survives computing the year again.
		res = admin.Do("PATCH", "/api/v1/master-feasts/"+easter["id"].(string), map[string]any{"defaultName": " Easter  Day ", "rank": "double_i_class_with_octave"})
		if res.Status != 200 || res.Str("defaultName") != "Easter Day" || res.JSON["edited"] != true {
			t.Fatalf("rename: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, admin.Do("PATCH", "/api/v1/master-feasts/"+easter["id"].(string), map[string]any{"defaultName": ""}), 400, "VALIDATION_ERROR", feast.MsgNameRequired)
		admin.Do("POST", cal+"/generate", map[string]any{"fromYear": 2026, "toYear": 2026})
		feasts := admin.Do("GET", "/api/v1/feasts?source=roman_1955_pre_reform&from=2026-04-01&to=2026-04-30", nil)
		if e := feastOn(feasts, "easter_sunday"); e == nil || e["masterFeast"].(map[string]any)["defaultName"] != "Easter Day" || e["calendarDate"] != "2026-04-05" {
			t.Fatalf("after regenerating: %v", e)
		}
		// Deactivated feasts leave the default answer.
		if res := admin.Do("PATCH", "/api/v1/master-feasts/"+easter["id"].(string), map[string]any{"active": false}); res.JSON["active"] != false {
			t.Fatalf("deactivate: %s", res.Raw)
		}
		if feastOn(admin.Do("GET", "/api/v1/feasts?source=roman_1955_pre_reform&from=2026-04-01&to=2026-04-30", nil), "easter_sunday") != nil {
			t.Fatal("a deactivated feast is still listed")
		}
		if feastOn(admin.Do("GET", "/api/v1/feasts?source=roman_1955_pre_reform&from=2026-04-01&to=2026-04-30&active=false", nil), "easter_sunday") == nil {
			t.Fatal("active=false does not list the deactivated feast")
		}

		// An import with one bad row is refused whole.
		stJoseph := feastOn(admin.Do("GET", "/api/v1/feasts?source=roman_1955_pre_reform&from=2026-03-01&to=2026-03-31", nil), "st_joseph")
		if stJoseph == nil {
			t.Fatal("no St Joseph in March 2026")
		}
		sj := stJoseph["masterFeast"].(map[string]any)
		good := "date,feast_key,name,rank,type\n" +
			stJoseph["calendarDate"].(string) + ",st_joseph,\"" + sj["defaultName"].(string) + "\"," + sj["rank"].(string) + "," + sj["type"].(string) + "\n" +
			"2026-09-02,dedication_of_the_cathedral,Dedication of the Cathedral,double_i_class,dedication\n" +
			"2027-03-20,st_joseph,\"" + sj["defaultName"].(string) + "\",double_i_class,saint\n"
		bad := good + "2026-13-01,patron,Patron,feast,saint\n2026-10-01,Bad Key,Name,feast,saint\n2026-10-02,no_name,,feast,saint\n"
		res = admin.Do("POST", cal+"/import/preview", map[string]any{"format": "csv", "content": bad})
		if res.Status != 200 || res.JSON["new"] != float64(1) || res.JSON["changed"] != float64(1) || res.JSON["unchanged"] != float64(1) || res.JSON["invalid"] != float64(3) {
			t.Fatalf("preview: %d %s", res.Status, res.Raw)
		}
		rows := res.JSON["rows"].([]any)
		if r := rows[2].(map[string]any); r["status"] != "changed" || !strings.Contains(r["reason"].(string), "date 2027-03-19 → 2027-03-20") {
			t.Errorf("changed row: %v", r)
		}
		if r := rows[3].(map[string]any); r["status"] != "invalid" || r["line"] != float64(5) || !strings.Contains(r["reason"].(string), "YYYY-MM-DD") {
			t.Errorf("bad date row: %v", r)
		}
		if r := rows[5].(map[string]any); r["reason"] != feast.MsgNameRequired {
			t.Errorf("nameless row: %v", r)
		}
		res = admin.Do("POST", cal+"/import", map[string]any{"format": "csv", "content": bad})
		wantMessage(t, res, 400, "VALIDATION_ERROR", feast.MsgImportInvalid)
		if feastOn(admin.Do("GET", "/api/v1/feasts?source=roman_1955_pre_reform&from=2026-09-01&to=2026-09-30", nil), "dedication_of_the_cathedral") != nil {
			t.Fatal("a refused import left a row behind")
		}

		// The good rows go in; imported instances outrank computed ones and survive recomputing.
		res = admin.Do("POST", cal+"/import", map[string]any{"format": "csv", "content": good})
		if res.Status != 200 || res.JSON["new"] != float64(1) || res.JSON["changed"] != float64(1) {
			t.Fatalf("import: %d %s", res.Status, res.Raw)
		}
		admin.Do("POST", cal+"/generate", map[string]any{"fromYear": 2027, "toYear": 2027})
		march := admin.Do("GET", "/api/v1/feasts?source=roman_1955_pre_reform&from=2027-03-01&to=2027-03-31", nil)
		var josephs []string
		for _, item := range march.List {
			if f := item.(map[string]any); f["masterFeast"].(map[string]any)["feastKey"] == "st_joseph" {
				josephs = append(josephs, f["calendarDate"].(string))
				if f["imported"] != true {
					t.Errorf("not marked imported: %v", f)
				}
			}
		}
		if strings.Join(josephs, ",") != "2027-03-20" {
			t.Fatalf("St Joseph 2027 after import and recomputing: %v", josephs)
		}
		var count int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM feast_instances WHERE source = 'roman_1955_pre_reform'`).Scan(&count); err != nil {
			t.Fatal(err)
		}
		res = admin.Do("POST", cal+"/import", map[string]any{"format": "csv", "content": good})
		if res.JSON["unchanged"] != float64(3) {
			t.Fatalf("re-import: %s", res.Raw)
		}
		var again int
		h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM feast_instances WHERE source = 'roman_1955_pre_reform'`).Scan(&again)
		if again != count {
			t.Fatalf("re-importing changed the instances: %d → %d", count, again)
		}

		// Publishing shows a calendar to everyone; withdrawing hides it again.
		confirmedUser(t, h, "ada@example.com")
		ada := signIn(t, h, "ada@example.com")
		res = admin.Do("PUT", "/api/v1/calendar-types/anglican_common_worship/published", map[string]any{"published": true})
		if res.Status != 200 || res.JSON["isPublished"] != true || res.JSON["hasFeasts"] != true {
			t.Fatalf("publish: %d %s", res.Status, res.Raw)
		}
		if e := feastOn(ada.Do("GET", "/api/v1/feasts?source=anglican_common_worship&from=2026-04-01&to=2026-04-30", nil), "easter_sunday"); e == nil {
			t.Fatal("a published calendar shows no Easter")
		}
		types := ada.Do("GET", "/api/v1/reference/calendar-types", nil)
		if !strings.Contains(types.Raw, "anglican_common_worship") || strings.Contains(types.Raw, "roman_1955_pre_reform") {
			t.Fatalf("calendar types for a member: %s", types.Raw)
		}
		admin.Do("PUT", "/api/v1/calendar-types/anglican_common_worship/published", map[string]any{"published": false})
		wantError(t, ada.Do("GET", "/api/v1/feasts?source=anglican_common_worship&from=2026-04-01&to=2026-04-30", nil), 404, "NOT_FOUND")
		for _, item := range admin.Do("GET", "/api/v1/reference/affiliations", nil).List {
			a := item.(map[string]any)
			if a["calendarType"] == "anglican_common_worship" && (a["calendarHasFeasts"] != true || a["calendarPublished"] != false) {
				t.Fatalf("affiliation: %v", a)
			}
		}
	})
}

// choirFeastKeys lists "key date" of the feasts a client sees with a range
// of a choir's calendar.
func choirFeastKeys(t *testing.T, c *apptest.Client, events, from, to string) []string {
	t.Helper()
	res := c.Do("GET", events+"?startDate="+from+"&endDate="+to, nil)
	if res.Status != 200 {
		t.Fatalf("list events: %d %s", res.Status, res.Raw)
	}
	out := []string{}
	for _, f := range res.JSON["feasts"].([]any) {
		out = append(out, f.(map[string]any)["feastKey"].(string)+" "+f.(map[string]any)["date"].(string))
	}
	return out
}

func TestUnpublishedCalendarIsHiddenFromChoirsThatFollowIt(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		const anglican = "00000000-0000-4000-8000-000000000103" // follows anglican_common_worship, unpublished
		c := newCalendarChoir(t, h)
		if _, err := h.App.Choirs.ChangeAffiliation(t.Context(), c.id, anglican); err != nil {
			t.Fatal(err)
		}
		root := globalAdmin(t, h, "root@example.com")
		picker := "/api/v1/choirs/" + c.id + "/calendar-feasts"
		instances := func() (n int) {
			t.Helper()
			if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM feast_instances WHERE source = 'anglican_common_worship'`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		uploaded := func() any {
			t.Helper()
			for _, item := range c.member.Do("GET", "/api/v1/reference/affiliations", nil).List {
				if a := item.(map[string]any); a["id"] == anglican {
					return a["calendarHasFeasts"]
				}
			}
			t.Fatal("no Anglican affiliation")
			return nil
		}

		// Looking at the calendar and the rule builder's feast picker, as
		// anyone, shows no feasts and computes none: the tradition still
		// reads '(calendar not uploaded)'.
		for who, cl := range map[string]*apptest.Client{"member": c.member, "choir admin": c.admin, "global admin": root} {
			if got := choirFeastKeys(t, cl, c.events, "2026-04-01", "2026-04-10"); len(got) != 0 {
				t.Errorf("%s sees feasts of a calendar without any: %v", who, got)
			}
			if res := cl.Do("GET", picker, nil); res.Status != 200 || len(res.List) != 0 {
				t.Errorf("%s's feast picker: %d %.200s", who, res.Status, res.Raw)
			}
		}
		if n := instances(); n != 0 {
			t.Fatalf("viewing computed %d feasts of an unpublished calendar", n)
		}
		if uploaded() != false {
			t.Fatal("viewing flipped the calendar to '(calendar uploaded)'")
		}

		// A global admin computes a year: only global admins see its feasts.
		if res := root.Do("POST", "/api/v1/calendar-types/anglican_common_worship/generate", map[string]any{"fromYear": 2026, "toYear": 2026}); res.Status != 200 {
			t.Fatalf("generate: %d %s", res.Status, res.Raw)
		}
		before := instances()
		for who, cl := range map[string]*apptest.Client{"member": c.member, "choir admin": c.admin} {
			if got := choirFeastKeys(t, cl, c.events, "2026-04-01", "2026-04-10"); len(got) != 0 {
				t.Errorf("%s sees feasts of an unpublished calendar: %v", who, got)
			}
			if got := choirFeastKeys(t, cl, c.events, "2027-03-20", "2027-04-10"); len(got) != 0 {
				t.Errorf("%s sees feasts of an unpublished calendar: %v", who, got)
			}
			if res := cl.Do("GET", picker, nil); res.Status != 200 || len(res.List) != 0 {
				t.Errorf("%s's feast picker offers an unpublished calendar: %d %.300s", who, res.Status, res.Raw)
			}
		}
		if n := instances(); n != before {
			t.Fatalf("an ordinary user's viewing computed feasts: %d → %d", before, n)
		}
		if got := choirFeastKeys(t, root, c.events, "2026-04-01", "2026-04-10"); !slices.Contains(got, "easter_sunday 2026-04-05") {
			t.Errorf("a global admin does not see the unpublished calendar's feasts: %v", got)
		}
		if res := root.Do("GET", picker, nil); len(res.List) == 0 {
			t.Errorf("a global admin's feast picker is empty: %.300s", res.Raw)
		}

		// The background upkeep of the window leaves unpublished calendars alone.
		years := func() (n int) {
			t.Helper()
			if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM feast_years WHERE calendar_type = 'anglican_common_worship'`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		had := years()
		if err := h.App.Feasts.MaintainWindow(t.Context()); err != nil {
			t.Fatal(err)
		}
		if n := years(); n != had {
			t.Fatalf("the window was computed for an unpublished calendar: %d → %d years", had, n)
		}

		// Published, the choir sees its feasts; withdrawn, no longer.
		root.Do("PUT", "/api/v1/calendar-types/anglican_common_worship/published", map[string]any{"published": true})
		if got := choirFeastKeys(t, c.member, c.events, "2026-04-01", "2026-04-10"); !slices.Contains(got, "easter_sunday 2026-04-05") {
			t.Errorf("a member does not see the published calendar's feasts: %v", got)
		}
		if res := c.admin.Do("GET", picker, nil); len(res.List) == 0 {
			t.Errorf("the choir admin's feast picker is empty once published: %.300s", res.Raw)
		}
		root.Do("PUT", "/api/v1/calendar-types/anglican_common_worship/published", map[string]any{"published": false})
		if got := choirFeastKeys(t, c.member, c.events, "2026-04-01", "2026-04-10"); len(got) != 0 {
			t.Errorf("a member still sees the feasts of a withdrawn calendar: %v", got)
		}
		if res := c.admin.Do("GET", picker, nil); len(res.List) != 0 {
			t.Errorf("the feast picker still offers a withdrawn calendar: %.300s", res.Raw)
		}
	})
}
