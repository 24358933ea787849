package httpapi_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/music"
	"github.com/cantica/cantica/internal/planning"
)

// planSlot is a slot of a plan a test stores.
type planSlot struct{ label, musicID, note string }

// storePlan writes a plan and its slots straight into the tables, as the
// plan editor will; eventKey and eventID may be "" for a date-only plan.
func storePlan(t *testing.T, h *apptest.Harness, choirID, date, eventKey, eventID, title, feast string, slots ...planSlot) string {
	t.Helper()
	id := uuid.NewString()
	var event any
	if eventID != "" {
		event = eventID
	}
	now := h.Clock.Now()
	if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_plans (id, choir_id, plan_date, event_key, event_id, event_type,
		event_title, feast_key, feast_name, title, notes, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 'service', ?, '', ?, '', '', 1, ?, ?)`,
		id, choirID, date, eventKey, event, title, feast, now, now); err != nil {
		t.Fatal(err)
	}
	for i, s := range slots {
		var m any
		if s.musicID != "" {
			m = s.musicID
		}
		if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_plan_slots (plan_id, position, choir_id, label, music_id, note)
			VALUES (?, ?, ?, ?, ?, ?)`, id, i, choirID, s.label, m, s.note); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func newPiece(t *testing.T, c *apptest.Client, choirID string, fields map[string]any) string {
	t.Helper()
	res := c.Do("POST", "/api/v1/choirs/"+choirID+"/music", fields)
	if res.Status != 201 {
		t.Fatalf("create piece %v: %d %s", fields, res.Status, res.Raw)
	}
	return res.Str("id")
}

// detail is the message of a validation error under a field.
func detail(res apptest.Response, field string) string {
	d, _ := res.JSON["details"].(map[string]any)
	s, _ := d[field].(string)
	return s
}

// liturgyKeys is "feastKey:name,…|season:name,…" of an answer.
func liturgyKeys(res apptest.Response) string {
	var feasts, seasons []string
	for _, f := range res.JSON["feasts"].([]any) {
		f := f.(map[string]any)
		feasts = append(feasts, fmt.Sprint(f["feastKey"], ":", f["name"]))
	}
	for _, s := range res.JSON["seasons"].([]any) {
		s := s.(map[string]any)
		seasons = append(seasons, fmt.Sprint(s["key"], ":", s["name"]))
	}
	return strings.Join(feasts, ",") + "|" + strings.Join(seasons, ",")
}

func TestMusicLiturgy(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		piece := newPiece(t, c.admin, c.id, map[string]any{"title": "Haec dies"})
		path := "/api/v1/choirs/" + c.id + "/music/" + piece + "/liturgy"

		if res := c.member.Do("GET", path, nil); res.Status != 200 || liturgyKeys(res) != "|" {
			t.Fatalf("a new piece's liturgy: %d %s", res.Status, res.Raw)
		}
		// Repeats count once; feasts answer by name, seasons in the order of the year.
		res := c.admin.Do("PUT", path, map[string]any{"feastKeys": []string{"easter_sunday", "christmas", "easter_sunday"},
			"seasons": []string{"lent", "easter", " advent ", "lent"}})
		want := "easter_sunday:Easter Sunday of the Resurrection of the Lord,christmas:The Nativity of the Lord (Christmas)|" +
			"advent:Advent,lent:Lent,easter:Easter"
		if res.Status != 200 || liturgyKeys(res) != want {
			t.Fatalf("set: %d %s", res.Status, res.Raw)
		}
		if res := c.member.Do("GET", path, nil); liturgyKeys(res) != want {
			t.Fatalf("read back: %s", res.Raw)
		}

		// A key the calendar does not have is refused where it stands, and nothing changes.
		res = c.admin.Do("PUT", path, map[string]any{"feastKeys": []string{"christmas", "diwali"}, "seasons": []string{"monsoon"}})
		wantError(t, res, 400, "VALIDATION_ERROR")
		if detail(res, "feastKeys.1") != music.MsgNotAFeast || detail(res, "seasons.0") != music.MsgNotASeason || detail(res, "feastKeys.0") != "" {
			t.Errorf("unknown keys: %s", res.Raw)
		}
		if res := c.member.Do("GET", path, nil); liturgyKeys(res) != want {
			t.Fatalf("after a refused change: %s", res.Raw)
		}
		// At most 50 feasts.
		var many []string
		for _, f := range c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/calendar-feasts", nil).List[:51] {
			many = append(many, f.(map[string]any)["feastKey"].(string))
		}
		res = c.admin.Do("PUT", path, map[string]any{"feastKeys": many, "seasons": []string{}})
		if wantError(t, res, 400, "VALIDATION_ERROR"); detail(res, "feastKeys") != music.MsgTooManyFeasts {
			t.Errorf("51 feasts: %s", res.Raw)
		}
		if res := c.admin.Do("PUT", path, map[string]any{"feastKeys": many[:50], "seasons": []string{}}); res.Status != 200 || len(res.JSON["feasts"].([]any)) != 50 {
			t.Errorf("50 feasts: %d %.300s", res.Status, res.Raw)
		}
		// Singers read it but may not change it.
		wantError(t, c.member.Do("PUT", path, map[string]any{"feastKeys": []string{}, "seasons": []string{}}), 403, "PERMISSION_ERROR")

		// Another choir's director reaches nothing of this piece, even through their own choir.
		confirmedUser(t, h, "rival@example.com")
		rival := signIn(t, h, "rival@example.com")
		other := createChoir(t, rival, "Rival Chorale").Str("id")
		wantError(t, rival.Do("GET", path, nil), 404, "NOT_FOUND")
		wantError(t, rival.Do("GET", "/api/v1/choirs/"+other+"/music/"+piece+"/liturgy", nil), 404, "NOT_FOUND")
		wantError(t, rival.Do("PUT", "/api/v1/choirs/"+other+"/music/"+piece+"/liturgy",
			map[string]any{"feastKeys": []string{}, "seasons": []string{}}), 404, "NOT_FOUND")

		// Deleting the piece takes its feasts and seasons with it.
		if res := c.admin.Do("DELETE", "/api/v1/choirs/"+c.id+"/music/"+piece, nil); res.Status != 204 {
			t.Fatalf("delete the piece: %d %s", res.Status, res.Raw)
		}
		if n := countRows(t, h, `SELECT COUNT(*) FROM music_liturgy WHERE music_id = ?`, piece); n != 0 {
			t.Errorf("%d rows left of a deleted piece", n)
		}
		wantError(t, c.admin.Do("GET", path, nil), 404, "NOT_FOUND")
	})
}

// Replacements of one piece's feasts and seasons at the same moment end
// with exactly one of them, never a mixture or a failure.
func TestMusicLiturgyConcurrentReplacements(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		piece := newPiece(t, c.admin, c.id, map[string]any{"title": "Rorate caeli"})
		path := "/api/v1/choirs/" + c.id + "/music/" + piece + "/liturgy"
		seasons := []string{"advent", "christmas", "lent", "holy_week", "easter", "ordinary_time"}
		var wg sync.WaitGroup
		statuses := make([]int, 16)
		for i := range 16 {
			wg.Go(func() {
				res := c.admin.Do("PUT", path, map[string]any{"feastKeys": []string{}, "seasons": []string{seasons[i%6], seasons[(i+1)%6]}})
				statuses[i] = res.Status
			})
		}
		wg.Wait()
		if slices.ContainsFunc(statuses, func(s int) bool { return s != 200 }) {
			t.Errorf("replacements answered %v\n%s", statuses, h.Logs.String()[max(0, h.Logs.Len()-2000):])
		}
		if n := countRows(t, h, `SELECT COUNT(*) FROM music_liturgy WHERE music_id = ?`, piece); n != 2 {
			t.Errorf("%d rows after 16 replacements of 2 seasons each", n)
		}
	})
}

func TestMusicUsage(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		ave := newPiece(t, c.admin, c.id, map[string]any{"title": "Ave verum corpus", "composer": "W. A. Mozart", "number": "B-7"})
		bogo := newPiece(t, c.admin, c.id, map[string]any{"title": "Bogoroditse Devo", "composer": "Rachmaninoff"})
		formula := newPiece(t, c.admin, c.id, map[string]any{"title": "=HYPERLINK(\"x\")", "number": "+1"})
		old := newPiece(t, c.admin, c.id, map[string]any{"title": "Adeste fideles"})
		// Ave twice in one service counts once; two services on one date count twice.
		storePlan(t, h, c.id, "2026-03-01", "morning", "", "Parish Mass", "", planSlot{"Entrance", ave, ""},
			planSlot{"Communion", ave, "again"}, planSlot{"Offertory", bogo, ""}, planSlot{"Recessional", "", ""})
		storePlan(t, h, c.id, "2026-03-01", "evening", "", "Evensong", "", planSlot{"Anthem", ave, ""})
		storePlan(t, h, c.id, "2026-04-05", "", "", "", "", planSlot{"Anthem", bogo, ""}, planSlot{"Motet", formula, ""})
		storePlan(t, h, c.id, "2025-12-25", "", "", "", "", planSlot{"Entrance", old, ""}) // before the range
		storePlan(t, h, c.id, "2027-01-01", "", "", "", "", planSlot{"Entrance", old, ""}) // after it
		// Another choir's plans stay its own.
		confirmedUser(t, h, "rival@example.com")
		rival := signIn(t, h, "rival@example.com")
		other := createChoir(t, rival, "Rival Chorale").Str("id")
		storePlan(t, h, other, "2026-03-01", "", "", "", "", planSlot{"Anthem", newPiece(t, rival, other, map[string]any{"title": "Rival anthem"}), ""})

		usage := "/api/v1/choirs/" + c.id + "/music-usage?from=2026-01-01&to=2026-12-31"
		res := c.member.Do("GET", usage, nil)
		var got []string
		for _, it := range res.JSON["items"].([]any) {
			it := it.(map[string]any)
			got = append(got, fmt.Sprint(it["title"], "/", it["composer"], "/", it["libraryNumber"], "/", it["timesSung"], "/", it["dates"]))
		}
		// The composer records are the famous composers the texts name.
		want := []string{"Ave verum corpus/Wolfgang Amadeus Mozart/B-7/2/[2026-03-01]", "Bogoroditse Devo/Sergei Rachmaninoff//2/[2026-03-01 2026-04-05]",
			`=HYPERLINK("x")//+1/1/[2026-04-05]`}
		if res.Status != 200 || !slices.Equal(got, want) || res.Str("from") != "2026-01-01" || res.Str("to") != "2026-12-31" {
			t.Fatalf("usage: %d %q\n%s", res.Status, got, res.Raw)
		}
		// The bounds are inclusive.
		if res := c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/music-usage?from=2025-12-25&to=2025-12-25", nil); len(res.JSON["items"].([]any)) != 1 {
			t.Errorf("a one-day range: %s", res.Raw)
		}
		if res := rival.Do("GET", "/api/v1/choirs/"+other+"/music-usage?from=2026-01-01&to=2026-12-31", nil); strings.Contains(res.Raw, "Ave") ||
			len(res.JSON["items"].([]any)) != 1 {
			t.Errorf("the other choir's report: %s", res.Raw)
		}
		wantError(t, rival.Do("GET", usage, nil), 404, "NOT_FOUND")

		// As CSV, with formulas disarmed.
		res = c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/music-usage/export?from=2026-01-01&to=2026-12-31", nil)
		wantCSV := "Title,Composer,Library number,Times sung,Dates\n" +
			"Ave verum corpus,Wolfgang Amadeus Mozart,B-7,2,2026-03-01\n" +
			"Bogoroditse Devo,Sergei Rachmaninoff,,2,2026-03-01; 2026-04-05\n" +
			`"'=HYPERLINK(""x"")",,'+1,1,2026-04-05` + "\n"
		if res.Status != 200 || res.Raw != wantCSV || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
			res.Header.Get("Content-Disposition") != `attachment; filename="music-usage-2026-01-01-to-2026-12-31.csv"` {
			t.Fatalf("export: %d %v\n%s", res.Status, res.Header, res.Raw)
		}

		// Ranges: dates as YYYY-MM-DD, in order, at most three years.
		for q, field := range map[string]string{
			"from=2026-13-01&to=2026-12-31": "from", "from=2026-01-01&to=31/12/2026": "to", "from=&to=": "from",
			"from=2026-02-01&to=2026-01-31": "to", "from=2026-01-01&to=2029-01-02": "to",
		} {
			for _, p := range []string{"/music-usage?", "/music-usage/export?"} {
				res := c.admin.Do("GET", "/api/v1/choirs/"+c.id+p+q, nil)
				if wantError(t, res, 400, "VALIDATION_ERROR"); detail(res, field) == "" {
					t.Errorf("%s%s: no message under %s: %s", p, q, field, res.Raw)
				}
			}
		}
		if res := c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/music-usage?from=2026-01-01&to=2029-01-01", nil); res.Status != 200 {
			t.Errorf("exactly three years: %d %s", res.Status, res.Raw)
		}
		if detail(c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/music-usage?from=2026-01-01&to=2029-01-02", nil), "to") != planning.MsgUsageRange {
			t.Errorf("the message of a range too long")
		}

		// The plan of a draft event counts for those who see drafts.
		draft := c.create(t, map[string]any{"title": "Secret programme", "eventType": "concert", "status": "draft",
			"start": "2026-06-20T18:00:00Z", "end": "2026-06-20T20:00:00Z"}).Str("id")
		storePlan(t, h, c.id, "2026-06-20", draft, draft, "Secret programme", "", planSlot{"Opening", old, ""})
		if res := c.member.Do("GET", usage, nil); len(res.JSON["items"].([]any)) != 3 || strings.Contains(res.Raw, "Adeste") {
			t.Errorf("a member's report counts a draft's plan: %s", res.Raw)
		}
		if res := c.admin.Do("GET", usage, nil); len(res.JSON["items"].([]any)) != 4 || !strings.Contains(res.Raw, `"dates":["2026-06-20"]`) {
			t.Errorf("the director's report leaves out a draft's plan: %s", res.Raw)
		}

		// A piece deleted from the library leaves its slot empty and the report.
		if res := c.admin.Do("DELETE", "/api/v1/choirs/"+c.id+"/music/"+formula, nil); res.Status != 204 {
			t.Fatalf("delete a planned piece: %d %s", res.Status, res.Raw)
		}
		if n := countRows(t, h, `SELECT COUNT(*) FROM music_plan_slots WHERE choir_id = ? AND label = 'Motet' AND music_id IS NULL`, c.id); n != 1 {
			t.Errorf("the deleted piece's slot: %d empty", n)
		}
		if res := c.member.Do("GET", usage, nil); len(res.JSON["items"].([]any)) != 2 {
			t.Errorf("usage after deleting a piece: %s", res.Raw)
		}
	})
}

func TestPlanPdf(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		ave := newPiece(t, c.admin, c.id, map[string]any{"title": "Ave verum corpus", "composer": "W. A. Mozart", "number": "B-7"})
		pie := newPiece(t, c.admin, c.id, map[string]any{"title": "Pie Jesu", "composer": "Gabriel Fauré"})
		plan := storePlan(t, h, c.id, "2027-03-28", "", "", "Easter Day", "Easter Sunday of the Resurrection of the Lord",
			planSlot{"Entrance", ave, "all verses"}, planSlot{"Communion", pie, ""}, planSlot{"Recessional", "", "organ"})
		path := "/api/v1/choirs/" + c.id + "/plans/" + plan + "/pdf"
		res := c.member.Do("GET", path, nil)
		if res.Status != 200 || res.Header.Get("Content-Type") != "application/pdf" ||
			res.Header.Get("Content-Disposition") != `attachment; filename="plan-2027-03-28.pdf"` {
			t.Fatalf("pdf: %d %v %.200s", res.Status, res.Header, res.Raw)
		}
		doc := []byte(res.Raw)
		for _, want := range []string{"%PDF-1.4\n", "(St Cecilia Singers)", "(Easter Day)",
			"(Sunday 28 March 2027 \x96 Easter Sunday of the Resurrection of the Lord)", "(Entrance)", "(Ave verum corpus)",
			"(Wolfgang Amadeus Mozart)", "(B-7)", "(all verses)", "(Gabriel Faur\xe9)", "(Recessional)", "(organ)", "%%EOF\n"} {
			if !bytes.Contains(doc, []byte(want)) {
				t.Errorf("the PDF lacks %q", want)
			}
		}

		// The plan of a draft event is for those who see drafts; that of an
		// event since deleted is still there.
		draft := c.create(t, map[string]any{"title": "Secret programme", "eventType": "concert", "status": "draft",
			"start": "2027-04-20T18:00:00Z", "end": "2027-04-20T20:00:00Z"}).Str("id")
		draftPlan := storePlan(t, h, c.id, "2027-04-20", draft, draft, "Secret programme", "", planSlot{"Opening", ave, ""})
		wantError(t, c.member.Do("GET", "/api/v1/choirs/"+c.id+"/plans/"+draftPlan+"/pdf", nil), 404, "NOT_FOUND")
		if res := c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/plans/"+draftPlan+"/pdf", nil); res.Status != 200 ||
			!strings.Contains(res.Raw, "(Secret programme)") {
			t.Errorf("the director's draft plan: %d", res.Status)
		}
		gone := c.create(t, map[string]any{"title": "Cancelled evensong", "eventType": "service",
			"start": "2027-04-21T18:00:00Z", "end": "2027-04-21T19:00:00Z"}).Str("id")
		gonePlan := storePlan(t, h, c.id, "2027-04-21", gone, gone, "Cancelled evensong", "", planSlot{"Anthem", ave, ""})
		if res := c.admin.Do("DELETE", c.events+"/"+gone, nil); res.Status != 204 {
			t.Fatalf("delete the event: %d %s", res.Status, res.Raw)
		}
		if res := c.member.Do("GET", "/api/v1/choirs/"+c.id+"/plans/"+gonePlan+"/pdf", nil); res.Status != 200 {
			t.Errorf("the plan of a deleted event: %d %s", res.Status, res.Raw)
		}

		// Another choir reaches none of it.
		confirmedUser(t, h, "rival@example.com")
		rival := signIn(t, h, "rival@example.com")
		other := createChoir(t, rival, "Rival Chorale").Str("id")
		wantError(t, rival.Do("GET", path, nil), 404, "NOT_FOUND")
		wantError(t, rival.Do("GET", "/api/v1/choirs/"+other+"/plans/"+plan+"/pdf", nil), 404, "NOT_FOUND")
	})
}

// A plan made and saved through the plan editor's calls prints with its
// feast and counts in the usage report.
func TestPlanMadeThroughTheAPIPrintsAndCounts(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		ave := newPiece(t, c.admin, c.id, map[string]any{"title": "Ave verum corpus", "composer": "W. A. Mozart", "number": "B-7"})
		plans := "/api/v1/choirs/" + c.id + "/plans"
		made := c.admin.Do("POST", plans, map[string]any{"date": "2027-03-28"})
		if made.Status != 201 {
			t.Fatalf("create the plan: %d %s", made.Status, made.Raw)
		}
		saved := c.admin.Do("PUT", plans+"/"+made.Str("id"), map[string]any{"title": "Easter morning", "notes": "Bring the white folders.\nWarm-up at 9:15 (crypt).",
			"slots": []any{map[string]any{"label": "Communion", "musicId": ave, "note": "unaccompanied"}}, "version": made.JSON["version"]})
		if saved.Status != 200 {
			t.Fatalf("save the plan: %d %s", saved.Status, saved.Raw)
		}
		res := c.member.Do("GET", plans+"/"+made.Str("id")+"/pdf", nil)
		for _, want := range []string{"(Easter morning)", "(Sunday 28 March 2027 \x96 " + made.Str("feastName") + ")", "(Communion)",
			"(Ave verum corpus)", "(Wolfgang Amadeus Mozart)", "(B-7)", "(unaccompanied)", "(Bring the white folders.)", `(Warm-up at 9:15 \(crypt\).)`} {
			if res.Status != 200 || made.Str("feastName") == "" || !strings.Contains(res.Raw, want) {
				t.Errorf("the PDF (%d) lacks %q; the plan was %s", res.Status, want, made.Raw)
			}
		}
		res = c.member.Do("GET", "/api/v1/choirs/"+c.id+"/music-usage?from=2027-01-01&to=2027-12-31", nil)
		if items := res.JSON["items"].([]any); len(items) != 1 || !strings.Contains(res.Raw, `"dates":["2027-03-28"]`) ||
			items[0].(map[string]any)["timesSung"] != float64(1) {
			t.Errorf("usage: %s", res.Raw)
		}
	})
}
