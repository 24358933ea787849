package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/analytics"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/httpapi"
)

// A singer's own analytics hold their figures and nobody else's; the
// director's sections are closed to them; bad input is a 400.
func TestMyAnalyticsSeeOnlyTheCaller(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "director@example.com")
		admin := signIn(t, h, "director@example.com")
		a := createChoir(t, admin, "St Cecilia's Schola").Str("id")
		singers := map[string]*apptest.Client{}
		for _, email := range []string{"anna@example.com", "ben@example.com"} {
			confirmedUser(t, h, email)
			id, err := h.App.Accounts.UserIDByEmail(t.Context(), email)
			if err != nil {
				t.Fatal(err)
			}
			if err := h.App.Choirs.AddMember(t.Context(), id, a, access.Member, h.Clock.Now()); err != nil {
				t.Fatal(err)
			}
			singers[email] = signIn(t, h, email)
		}
		anna, ben := singers["anna@example.com"], singers["ben@example.com"]
		// A title a spreadsheet would run as a formula.
		piece := admin.Do("POST", "/api/v1/choirs/"+a+"/music", map[string]any{"title": "=Gloria"}).Str("id")
		h.Clock.Advance(time.Hour)
		day := h.Clock.Now().Format("2006-01-02")
		for singer, secs := range map[*apptest.Client]float64{anna: 700, ben: 900} {
			res := singer.Do("POST", "/api/v1/choirs/"+a+"/music/"+piece+"/practice/reports", map[string]any{"sessionId": uuid.NewString(),
				"day": day, "playedSeconds": secs, "loops": 0, "position": 0, "speed": 1})
			if res.Status != 204 {
				t.Fatalf("report: %d %s", res.Status, res.Raw)
			}
		}

		base := "/api/v1/choirs/" + a + "/analytics/"
		res := anna.Do("GET", base+"me", nil)
		if res.Status != 200 || !strings.Contains(res.Raw, `"pieces":[{"lastDay":"`+day+`","minutes":11,"musicId":"`+piece+`","title":"=Gloria"}]`) ||
			strings.Contains(res.Raw, `"minutes":15`) {
			t.Fatalf("Anna's year: %d %s", res.Status, res.Raw)
		}
		res = anna.Do("GET", base+"me?format=csv&table=practice", nil)
		if res.Status != 200 || res.Raw != "Piece,Minutes,Last practised\n'=Gloria,11,"+day+"\n" {
			t.Fatalf("Anna's practice as CSV: %d %q", res.Status, res.Raw)
		}
		// The director sang nothing: their own page is empty, not the choir's.
		if res := admin.Do("GET", base+"me", nil); res.Status != 200 || !strings.Contains(res.Raw, `"pieces":[]`) {
			t.Fatalf("the director's own year: %d %s", res.Status, res.Raw)
		}
		// The choir's practice is the director's, not a singer's.
		if res := anna.Do("GET", base+"practice", nil); res.Status != 403 {
			t.Fatalf("a singer asks for the choir's practice: %d", res.Status)
		}
		res = admin.Do("GET", base+"practice?format=csv&table=pieces", nil)
		if res.Status != 200 || res.Raw != "Piece,Minutes,Singers\n'=Gloria,26,2\n" {
			t.Fatalf("the most practised pieces: %d %q", res.Status, res.Raw)
		}
		// Nothing is planned: no event, no rows.
		res = admin.Do("GET", base+"readiness", nil)
		if res.Status != 200 || !strings.Contains(res.Raw, `"rows":[]`) || strings.Contains(res.Raw, `"event"`) {
			t.Fatalf("readiness without a service: %d %s", res.Status, res.Raw)
		}
		for path, field := range map[string]string{
			"readiness?eventId=x&occurrenceDate=soon":       httpapi.MsgReadinessOccurrence,
			"readiness?voicePart=" + uuid.NewString():       analytics.MsgVoicePartInvalid,
			"practice?period=custom&from=2026-01-01":        analytics.MsgDateInvalid,
			"readiness?eventId=" + strings.Repeat("x", 201): httpapi.MsgReadinessEventID,
		} {
			if res := admin.Do("GET", base+path, nil); res.Status != 400 || res.Str("message") != field {
				t.Errorf("%s: %d %s", path, res.Status, res.Raw)
			}
		}
		if res := admin.Do("GET", base+"readiness?eventId=nope", nil); res.Status != 404 {
			t.Errorf("an unknown event: %d %s", res.Status, res.Raw)
		}
		if res := admin.Do("GET", base+"practice?period=ever", nil); res.Status != 400 {
			t.Errorf("an unknown period: %d %s", res.Status, res.Raw)
		}
	})
}
