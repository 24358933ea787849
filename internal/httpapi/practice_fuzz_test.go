package httpapi_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/db/dbtest"
)

// FuzzPracticeReport sends practice reports carrying any numbers through
// the API, on every database. Issue 25: two reports of 2^63-1 loops were
// accepted, and from then on the singer's and the director's practice views
// of the piece answered 500. Whatever a report carries, it is recorded
// (204) or refused in words (400), and both views still answer with every
// figure within its bound.
func FuzzPracticeReport(f *testing.F) {
	type place struct {
		singer, director *apptest.Client
		base, day        string
	}
	var places []place
	for _, kind := range dbtest.Kinds {
		h := apptest.Start(f, kind, apptest.Options{})
		confirmedUser(f, h, "director@example.com")
		confirmedUser(f, h, "singer@example.com")
		director := signIn(f, h, "director@example.com")
		choir := createChoir(f, director, "St Cecilia's Schola").Str("id")
		singerID, err := h.App.Accounts.UserIDByEmail(f.Context(), "singer@example.com")
		if err != nil {
			f.Fatal(err)
		}
		if err := h.App.Choirs.AddMember(f.Context(), singerID, choir, access.Member, h.Clock.Now()); err != nil {
			f.Fatal(err)
		}
		piece := director.Do("POST", "/api/v1/choirs/"+choir+"/music", map[string]any{"title": "Ave verum corpus"}).Str("id")
		places = append(places, place{singer: signIn(f, h, "singer@example.com"), director: director,
			base: "/api/v1/choirs/" + choir + "/music/" + piece, day: h.Clock.Now().Format("2006-01-02")})
	}
	// A few sessions, so that reports both add up and race for the largest.
	sessions := []string{uuid.NewString(), uuid.NewString(), uuid.NewString(), uuid.NewString()}

	f.Add(uint8(0), 30.0, int64(3), 40.0, 0.75, "Alto")
	f.Add(uint8(1), 60.0, int64(math.MaxInt64), 1e308, 1.0, "") // issue 25's report, twice
	f.Add(uint8(2), 60.0, int64(math.MaxInt64), 1e308, 1.0, "")
	f.Add(uint8(3), 900.0, int64(9001), 86400.0, 1.5, "Soprano 1")
	f.Add(uint8(3), 900.0, int64(9002), 86400.1, 0.5, "")
	f.Add(uint8(0), -1.0, int64(-1), -0.5, 2.0, "a part name well over the hundred characters a part name may have, so that it is refused in words")
	f.Add(uint8(1), math.Inf(1), int64(0), math.NaN(), 1.0, "\x00")
	f.Add(uint8(2), 1e-300, int64(math.MinInt64), 5e-324, 1.0000000000000002, "Bass\u202e")
	f.Fuzz(func(t *testing.T, session uint8, played float64, loops int64, position, speed float64, part string) {
		partJSON, _ := json.Marshal(part)
		body := fmt.Sprintf(`{"sessionId":%q,"day":%q,"playedSeconds":%s,"loops":%d,"position":%s,"speed":%s,"partName":%s}`,
			sessions[int(session)%len(sessions)], places[0].day, number(played), loops, number(position), number(speed), partJSON)
		for _, p := range places {
			singer, director := p.singer.For(t), p.director.For(t)
			res := singer.Do("POST", p.base+"/practice/reports", apptest.Body{ContentType: "application/json", Data: []byte(body)})
			if res.Status != 204 && res.Status != 400 {
				t.Fatalf("report %s: %d %s", body, res.Status, res.Raw)
			}
			if res.Status == 400 && res.Str("message") == "" {
				t.Fatalf("report %s refused without words: %s", body, res.Raw)
			}
			mine := singer.Do("GET", p.base+"/practice/me", nil)
			if mine.Status != 200 {
				t.Fatalf("after %s, my practice: %d %s", body, mine.Status, mine.Raw)
			}
			// Each session counts at most ten loops a second of the day it may last.
			maxLoops := float64(len(sessions) * (10*86400 + 1))
			if n, _ := mine.JSON["loops"].(float64); n < 0 || n > maxLoops {
				t.Fatalf("after %s, my loops out of bounds: %s", body, mine.Raw)
			}
			if pos, _ := mine.JSON["lastPosition"].(float64); pos < 0 || pos > 86400 {
				t.Fatalf("after %s, my last position out of bounds: %s", body, mine.Raw)
			}
			if res := director.Do("GET", p.base+"/practice", nil); res.Status != 200 {
				t.Fatalf("after %s, the piece's practice: %d %s", body, res.Status, res.Raw)
			}
		}
	})
}

// number is x as JSON would carry it; NaN and infinities, which JSON has no
// words for, come out as text a decoder refuses.
func number(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
