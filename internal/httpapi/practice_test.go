package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/music"
	"github.com/cantica/cantica/internal/practice"
)

func TestPractice(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "director@example.com")
		confirmedUser(t, h, "singer@example.com")
		confirmedUser(t, h, "elsewhere@example.com")
		admin := signIn(t, h, "director@example.com")
		a := createChoir(t, admin, "St Cecilia's Schola").Str("id")
		stranger := signIn(t, h, "elsewhere@example.com")
		b := createChoir(t, stranger, "Choir B").Str("id")
		singerID, err := h.App.Accounts.UserIDByEmail(t.Context(), "singer@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if err := h.App.Choirs.AddMember(t.Context(), singerID, a, access.Member, h.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		singer := signIn(t, h, "singer@example.com")
		alto := ""
		for _, r := range admin.Do("GET", "/api/v1/choirs/"+a+"/musical-roles", nil).List {
			if r := r.(map[string]any); r["name"] == "Alto" {
				alto = r["id"].(string)
			}
		}
		if res := admin.Do("PUT", "/api/v1/choirs/"+a+"/members/"+singerID+"/musical-roles", map[string]any{"musicalRoleIds": []string{alto}}); res.Status != 200 {
			t.Fatalf("make the singer an alto: %d %s", res.Status, res.Raw)
		}
		piece := admin.Do("POST", "/api/v1/choirs/"+a+"/music", map[string]any{"title": "Ave verum corpus"}).Str("id")
		base := "/api/v1/choirs/" + a + "/music/" + piece

		// The singer practises: reports retried and out of order count once.
		h.Clock.Advance(time.Hour)
		session := uuid.NewString()
		day := h.Clock.Now().Format("2006-01-02")
		for _, played := range []float64{30, 90, 60, 90} {
			res := singer.Do("POST", base+"/practice/reports", map[string]any{"sessionId": session, "day": day, "playedSeconds": played,
				"loops": int(played / 30), "position": played + 10, "speed": 0.75, "partName": "Alto"})
			if res.Status != 204 {
				t.Fatalf("report %v: %d %s", played, res.Status, res.Raw)
			}
		}
		res := singer.Do("GET", base+"/practice/me", nil)
		if res.Status != 200 || res.Raw != `{"days":[{"day":"`+day+`","loops":3,"seconds":90}],"lastPosition":100,"loops":3,"partName":"Alto","speed":0.75,"totalSeconds":90,"voiceParts":["Alto"]}`+"\n" {
			t.Fatalf("my practice: %d %s", res.Status, res.Raw)
		}
		// The director sings no part: the mixer has no "My part" for them.
		if res := admin.Do("GET", base+"/practice/me", nil); res.Status != 200 || !strings.Contains(res.Raw, `"voiceParts":[]`) {
			t.Fatalf("the director's practice: %d %s", res.Status, res.Raw)
		}
		res = singer.Do("GET", "/api/v1/choirs/"+a+"/practice/me", nil)
		if res.Status != 200 || res.Raw != `{"pieces":[{"lastDay":"`+day+`","musicId":"`+piece+`","title":"Ave verum corpus","totalSeconds":90}],"weekSeconds":90}`+"\n" {
			t.Fatalf("my recent practice: %d %s", res.Status, res.Raw)
		}

		// Mistakes are 400 with the field named; someone else's session 409.
		res = singer.Do("POST", base+"/practice/reports", map[string]any{"sessionId": "x", "day": day, "playedSeconds": 1, "loops": 0, "position": 0, "speed": 2})
		if res.Status != 400 || res.Str("details.sessionId") != practice.MsgSessionID || res.Str("details.speed") != practice.MsgSpeed {
			t.Fatalf("a bad report: %d %s", res.Status, res.Raw)
		}
		if res := singer.Do("POST", base+"/practice/reports", map[string]any{"sessionId": session, "day": day, "playedSeconds": "lots"}); res.Status != 400 {
			t.Fatalf("a report that is not numbers: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, admin.Do("POST", base+"/practice/reports", map[string]any{"sessionId": session, "day": day, "playedSeconds": 500, "loops": 0,
			"position": 0, "speed": 1}), 409, "PRACTICE_SESSION_TAKEN", practice.MsgSessionTaken)

		// Another choir sees none of it, through its own path or choir A's.
		wantError(t, stranger.Do("GET", base+"/practice", nil), 404, "NOT_FOUND")
		wantMessage(t, stranger.Do("GET", "/api/v1/choirs/"+b+"/music/"+piece+"/practice/me", nil), 404, "NOT_FOUND", music.MsgPieceNotFound)
		wantMessage(t, stranger.Do("POST", "/api/v1/choirs/"+b+"/music/"+piece+"/practice/reports", map[string]any{"sessionId": uuid.NewString(),
			"day": day, "playedSeconds": 1, "loops": 0, "position": 0, "speed": 1}), 404, "NOT_FOUND", music.MsgPieceNotFound)
		if res := stranger.Do("GET", "/api/v1/choirs/"+b+"/practice/me", nil); res.Raw != `{"pieces":[],"weekSeconds":0}`+"\n" {
			t.Fatalf("the other choir's recent practice: %s", res.Raw)
		}

		// The director sees who practised, per member and voice part; a
		// member does not.
		wantError(t, singer.Do("GET", base+"/practice", nil), 403, "PERMISSION_ERROR")
		res = admin.Do("GET", base+"/practice", nil)
		parts := res.JSON["voiceParts"].([]any)
		if res.Status != 200 || len(res.JSON["members"].([]any)) != 2 || len(parts) != 2 ||
			parts[0].(map[string]any)["voicePart"] != "Alto" || parts[0].(map[string]any)["practisedMembers"] != float64(1) ||
			parts[0].(map[string]any)["totalSeconds"] != float64(90) ||
			parts[1].(map[string]any)["voicePart"] != "" || parts[1].(map[string]any)["practisedMembers"] != float64(0) {
			t.Fatalf("the piece's practice: %d %s", res.Status, res.Raw)
		}
		// A member who leaves keeps their practice in the choir's record.
		if res := admin.Do("DELETE", "/api/v1/choirs/"+a+"/members/"+singerID, nil); res.Status != 204 {
			t.Fatalf("remove the singer: %d %s", res.Status, res.Raw)
		}
		res = admin.Do("GET", base+"/practice", nil)
		members := res.JSON["members"].([]any)
		if len(members) != 2 || members[1].(map[string]any)["userId"] != singerID || members[1].(map[string]any)["totalSeconds"] != float64(90) ||
			res.JSON["voiceParts"].([]any)[0].(map[string]any)["voicePart"] != "" {
			t.Fatalf("after the singer left: %s", res.Raw)
		}

		// Markers: replaced as a whole, sorted by time, checked.
		res = admin.Do("PUT", base+"/markers", map[string]any{"markers": []map[string]any{{"time": 42.5, "page": 2, "bar": 45}, {"time": 0, "page": 1}}})
		if res.Status != 200 || res.Raw != `{"markers":[{"page":1,"time":0},{"bar":45,"page":2,"time":42.5}]}`+"\n" {
			t.Fatalf("set markers: %d %s", res.Status, res.Raw)
		}
		res = admin.Do("PUT", base+"/markers", map[string]any{"markers": []map[string]any{{"time": 1, "page": 0}}})
		if details, _ := res.JSON["details"].(map[string]any); res.Status != 400 || details["markers.0.page"] != practice.MsgMarkerPage {
			t.Fatalf("a marker on page 0: %d %s", res.Status, res.Raw)
		}
		if res := stranger.Do("GET", "/api/v1/choirs/"+b+"/music/"+piece+"/markers", nil); res.Status != 404 {
			t.Fatalf("another choir's markers: %d %s", res.Status, res.Raw)
		}

		// Deleting the piece deletes its practice and markers.
		if res := admin.Do("DELETE", base, nil); res.Status != 204 {
			t.Fatalf("delete the piece: %d %s", res.Status, res.Raw)
		}
		for _, table := range []string{"practice_sessions", "practice_markers"} {
			var n int
			if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM `+table+` WHERE music_id = ?`, piece).Scan(&n); err != nil || n != 0 {
				t.Fatalf("%s after the piece was deleted: %d %v", table, n, err)
			}
		}
	})
}
