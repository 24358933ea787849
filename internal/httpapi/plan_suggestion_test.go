package httpapi_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/app/apptest"
)

// suggestPiece adds a piece to a choir's library through the API.
func suggestPiece(t *testing.T, c *apptest.Client, choirID string, body map[string]any) string {
	t.Helper()
	res := c.Do("POST", "/api/v1/choirs/"+choirID+"/music", body)
	if res.Status != 201 {
		t.Fatalf("add piece %v: %d %s", body["title"], res.Status, res.Raw)
	}
	return res.Str("id")
}

// suggestPlan writes a date-only plan holding pieces straight into the
// database: how plans are made is another part's business, what they hold is
// the history the suggestions read.
func suggestPlan(t *testing.T, h *apptest.Harness, choirID, date, eventType string, musicIDs ...string) string {
	t.Helper()
	id, now := uuid.NewString(), h.Clock.Now().UTC()
	if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_plans (id, choir_id, plan_date, event_key, event_type, created_at, updated_at)
		VALUES (?, ?, ?, '', ?, ?, ?)`, id, choirID, date, eventType, now, now); err != nil {
		t.Fatal(err)
	}
	for i, m := range musicIDs {
		if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_plan_slots (plan_id, position, choir_id, label, music_id)
			VALUES (?, ?, ?, 'Piece', ?)`, id, i, choirID, m); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func suggestAssign(t *testing.T, h *apptest.Harness, choirID, musicID, kind, key string) {
	t.Helper()
	if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_liturgy (music_id, choir_id, kind, key) VALUES (?, ?, ?, ?)`,
		musicID, choirID, kind, key); err != nil {
		t.Fatal(err)
	}
}

func TestPlanDayShowsTheSeasonTheFeastsAndTheEventsTheCallerMaySee(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		day := "/api/v1/choirs/" + c.id + "/plan-days/"
		mass := c.create(t, map[string]any{"title": "Easter Mass", "eventType": "service", "start": "2027-03-28T09:00:00Z",
			"end": "2027-03-28T10:30:00Z", "timeZone": "Europe/London"}).Str("id")
		series := c.create(t, map[string]any{"title": "Evensong", "eventType": "service", "start": "2027-03-07T17:00:00Z",
			"end": "2027-03-07T18:00:00Z", "timeZone": "Europe/London",
			"recurrenceRule": map[string]any{"type": "weekly_on_days", "weeklyInterval": 1, "weeklyDays": []string{"sunday"}}}).Str("id")
		c.create(t, map[string]any{"title": "Secret programme", "eventType": "concert", "status": "draft",
			"start": "2027-03-28T19:00:00Z", "end": "2027-03-28T20:00:00Z", "timeZone": "Europe/London"})
		c.create(t, map[string]any{"title": "Saturday vigil", "eventType": "service", "start": "2027-03-27T20:00:00Z",
			"end": "2027-03-27T21:00:00Z", "timeZone": "Europe/London"})

		events := func(res apptest.Response) []string {
			var out []string
			for _, e := range res.JSON["events"].([]any) {
				m := e.(map[string]any)
				out = append(out, fmt.Sprintf("%s %s %s %s", m["id"], m["title"], m["startDate"], m["startTime"]))
			}
			return out
		}
		res := c.member.Do("GET", day+"2027-03-28", nil)
		if res.Status != 200 {
			t.Fatalf("day: %d %s", res.Status, res.Raw)
		}
		season := res.JSON["season"].(map[string]any)
		feasts := res.JSON["feasts"].([]any)
		if season["key"] != "easter" || season["name"] != "Easter" || len(feasts) == 0 ||
			feasts[0].(map[string]any)["feastKey"] != "easter_sunday" || res.Str("date") != "2027-03-28" {
			t.Errorf("Easter Sunday: %s", res.Raw)
		}
		// British Summer Time begins that morning: Evensong stays at 17:00 local.
		wantLines(t, "a member's events", events(res), mass+" Easter Mass 2027-03-28 10:00",
			series+"-occurrence-2027-03-28 Evensong 2027-03-28 17:00")
		admin := c.admin.Do("GET", day+"2027-03-28", nil)
		if got := events(admin); len(got) != 3 || !strings.Contains(got[2], "Secret programme 2027-03-28 20:00") {
			t.Errorf("the director sees drafts: %q", got)
		}

		res = c.member.Do("GET", day+"2026-11-29", nil)
		if res.JSON["season"].(map[string]any)["key"] != "advent" || res.JSON["feasts"].([]any)[0].(map[string]any)["feastKey"] != "first_sunday_of_advent" ||
			len(res.JSON["events"].([]any)) != 0 {
			t.Errorf("Advent Sunday: %s", res.Raw)
		}
		for _, bad := range []string{"2027-02-30", "28-03-2027", "2027-3-28"} {
			wantMessage(t, c.member.Do("GET", day+bad, nil), 400, "VALIDATION_ERROR", "Enter a date as YYYY-MM-DD")
		}
		wantMessage(t, c.member.Do("GET", day+"1800-01-01", nil), 400, "VALIDATION_ERROR", "Choose a date from 1900 to 2200.")

		seasons := c.member.Do("GET", "/api/v1/choirs/"+c.id+"/liturgical-seasons", nil)
		var keys []string
		for _, s := range seasons.List {
			keys = append(keys, s.(map[string]any)["key"].(string))
		}
		if seasons.Status != 200 || !slices.Equal(keys, []string{"advent", "christmas", "ordinary_time", "lent", "holy_week", "easter"}) {
			t.Errorf("seasons: %d %s", seasons.Status, seasons.Raw)
		}

		// A secular calendar has no seasons.
		if _, err := h.DB.ExecContext(t.Context(), `UPDATE choirs SET calendar_type = 'secular_general' WHERE id = ?`, c.id); err != nil {
			t.Fatal(err)
		}
		if res := c.member.Do("GET", day+"2027-03-28", nil); res.Status != 200 || res.JSON["season"] != nil {
			t.Errorf("a secular day: %d %s", res.Status, res.Raw)
		}
		if res := c.member.Do("GET", "/api/v1/choirs/"+c.id+"/liturgical-seasons", nil); res.Status != 200 || len(res.List) != 0 {
			t.Errorf("secular seasons: %d %s", res.Status, res.Raw)
		}

		// Another choir's director sees neither the day nor the seasons of this one.
		confirmedUser(t, h, "elsewhere@example.com")
		other := signIn(t, h, "elsewhere@example.com")
		createChoir(t, other, "Choir B")
		for _, path := range []string{day + "2027-03-28", "/api/v1/choirs/" + c.id + "/liturgical-seasons"} {
			if res := other.Do("GET", path, nil); res.Status != 404 {
				t.Errorf("another choir's director reads %s: %d", path, res.Status)
			}
		}
	})
}

func TestPlanSuggestionsKnowTheFeastTheRestAndTheRehearsals(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		risen := suggestPiece(t, c.admin, c.id, map[string]any{"title": "Christ the Lord is risen today", "composer": "Lyra Davidica", "number": "101", "rehearsalWeighting": 2})
		verum := suggestPiece(t, c.admin, c.id, map[string]any{"title": "Ave verum corpus", "composer": "Mozart", "number": "7", "minIntervalWeeks": 6, "rehearsalWeighting": 10})
		haec := suggestPiece(t, c.admin, c.id, map[string]any{"title": "Haec dies", "composer": "Byrd", "rehearsalWeighting": 9})
		fresh := suggestPiece(t, c.admin, c.id, map[string]any{"title": "New anthem", "composer": "Dvořák", "isNewToChoirFlag": true})
		learnt := suggestPiece(t, c.admin, c.id, map[string]any{"title": "Newer anthem", "isNewToChoirFlag": true})
		old := suggestPiece(t, c.admin, c.id, map[string]any{"title": "Archived Alleluia"})
		suggestAssign(t, h, c.id, risen, "feast", "easter_sunday")
		suggestAssign(t, h, c.id, old, "feast", "easter_sunday")
		suggestAssign(t, h, c.id, haec, "season", "easter")
		if res := c.admin.Do("POST", "/api/v1/choirs/"+c.id+"/music/"+old+"/archive", nil); res.Status != 200 {
			t.Fatalf("archive: %d %s", res.Status, res.Raw)
		}
		// Last Easter (5 April 2026), a fortnight before, and a rehearsal of one new piece.
		suggestPlan(t, h, c.id, "2026-04-05", "service", risen, old)
		suggestPlan(t, h, c.id, "2027-03-14", "service", verum)
		suggestPlan(t, h, c.id, "2027-03-25", "rehearsal", learnt)
		plan := suggestPlan(t, h, c.id, "2027-03-28", "service")
		path := "/api/v1/choirs/" + c.id + "/plans/" + plan + "/suggestions"

		res := c.member.Do("GET", path, nil)
		if res.Status != 200 {
			t.Fatalf("suggestions: %d %s", res.Status, res.Raw)
		}
		var got []string
		for _, it := range res.JSON["items"].([]any) {
			m := it.(map[string]any)
			music := m["music"].(map[string]any)
			got = append(got, fmt.Sprintf("%s|%s|%v|%v|%v", music["title"], m["match"], m["reasons"], m["heldBack"], m["lastSung"]))
		}
		wantLines(t, "suggestions for Easter Sunday 2027", got,
			"Christ the Lord is risen today|feast|[For Easter Sunday of the Resurrection of the Lord not sung for 51 weeks weighting 2]|false|[2026-04-05]",
			"Haec dies|season|[Easter season never sung weighting 9]|false|[]",
			"New anthem|none|[never sung not rehearsed since it was added]|false|[]",
			"Newer anthem|none|[not sung for 0 weeks]|false|[2027-03-25]",
			"Ave verum corpus|none|[sung 2 weeks ago, rests 6 weighting 10]|true|[2027-03-14]")
		if res.JSON["season"].(map[string]any)["key"] != "easter" || res.JSON["feasts"].([]any)[0].(map[string]any)["feastKey"] != "easter_sunday" ||
			res.Str("date") != "2027-03-28" {
			t.Errorf("the day: %s", res.Raw)
		}
		first := res.JSON["items"].([]any)[0].(map[string]any)["music"].(map[string]any)
		if first["id"] != risen || first["composer"] != "Lyra Davidica" || first["libraryNumber"] != "101" ||
			first["rehearsalWeighting"] != float64(2) || first["minIntervalWeeks"] != nil || first["isNewToChoir"] != false {
			t.Errorf("the piece: %v", first)
		}
		if m := res.JSON["items"].([]any)[2].(map[string]any); m["needsRehearsal"] != true || m["music"].(map[string]any)["id"] != fresh {
			t.Errorf("the new piece: %v", m)
		}

		// Search without regard to case or accents, and a limit.
		titles := func(res apptest.Response) []string {
			var out []string
			for _, it := range res.JSON["items"].([]any) {
				out = append(out, it.(map[string]any)["music"].(map[string]any)["title"].(string))
			}
			return out
		}
		wantLines(t, "search by composer", titles(c.member.Do("GET", path+"?q=DVORAK", nil)), "New anthem")
		wantLines(t, "search by number", titles(c.member.Do("GET", path+"?q=101", nil)), "Christ the Lord is risen today")
		wantLines(t, "limit", titles(c.member.Do("GET", path+"?limit=2", nil)), "Christ the Lord is risen today", "Haec dies")
		for _, bad := range []string{"0", "201", "-1"} {
			wantMessage(t, c.member.Do("GET", path+"?limit="+bad, nil), 400, "VALIDATION_ERROR", "The limit must be between 1 and 200.")
		}
		if res := c.member.Do("GET", path+"?limit=lots", nil); res.Status != 400 {
			t.Errorf("limit=lots: %d", res.Status)
		}

		// Another choir: neither this choir's plan through it, nor through its own path.
		confirmedUser(t, h, "elsewhere@example.com")
		other := signIn(t, h, "elsewhere@example.com")
		b := createChoir(t, other, "Choir B").Str("id")
		if res := other.Do("GET", path, nil); res.Status != 404 {
			t.Errorf("another choir's director: %d", res.Status)
		}
		wantMessage(t, other.Do("GET", "/api/v1/choirs/"+b+"/plans/"+plan+"/suggestions", nil), 404, "NOT_FOUND", "Plan not found")
		// Its own plan on the same day suggests only its own pieces.
		mine := suggestPiece(t, other, b, map[string]any{"title": "Choir B's Alleluia"})
		own := suggestPlan(t, h, b, "2027-03-28", "service")
		wantLines(t, "choir B's suggestions", titles(other.Do("GET", "/api/v1/choirs/"+b+"/plans/"+own+"/suggestions", nil)), "Choir B's Alleluia")
		_ = mine
	})
}
