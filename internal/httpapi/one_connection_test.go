package httpapi_test

import (
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/liturgy"
)

// oneConnection is a server whose database pool holds a single connection
// (CANTICA_DB_MAX_CONNS=1): a request that holds a connection (in a
// transaction) and asks the pool for another waits for itself for ever.
// The clients give up after a while, so such a request fails its test
// instead of hanging it.
var oneConnection = apptest.Options{DBMaxConns: 1, RequestTimeout: 30 * time.Second}

// The calendar's changes work with one database connection: the feast
// dates that say whether an occurrence exists, or whether a series began
// before the changed one, are read in the change's own transaction; and
// the feasts of years not yet computed are computed outside it.
func TestCalendarChangesNeedOneConnection(t *testing.T) {
	t.Parallel()
	eachDB(t, oneConnection, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		easter := feastID(t, c, "easter_sunday")
		lent := c.create(t, map[string]any{
			"title": "Lenten concert", "eventType": "concert", "start": "2026-01-01T18:00:00Z", "end": "2026-01-01T20:00:00Z",
			"timeZone":       "Europe/London",
			"recurrenceRule": map[string]any{"type": "relative_to_feast", "offset": 2, "unit": "weeks", "direction": "before", "feastId": easter},
		}).Str("id")
		weekly := c.create(t, weeklyRehearsal(nil)).Str("id")
		occ := func(series string, d liturgy.Date) string {
			return c.events + "/" + series + "-occurrence-" + d.String()
		}
		lentIn := func(year int) liturgy.Date { return liturgy.WesternEaster(year).AddDays(-14) }
		concert := func(d liturgy.Date, scope string) map[string]any {
			return map[string]any{"title": "Lenten concert", "eventType": "concert", "timeZone": "Europe/London", "scope": scope,
				"start": d.String() + "T18:00:00Z", "end": d.String() + "T20:00:00Z",
				"recurrenceRule": map[string]any{"type": "relative_to_feast", "offset": 2, "unit": "weeks", "direction": "before", "feastId": easter}}
		}
		for _, step := range []struct {
			what, method, path string
			body               map[string]any
		}{
			{"edit one occurrence", "PUT", occ(lent, lentIn(2027)), concert(lentIn(2027), "single")},
			// Years past those computed so far: 2045 is computed on the way.
			{"edit one occurrence of a year not computed yet", "PUT", occ(lent, lentIn(2045)), concert(lentIn(2045), "single")},
			{"delete one occurrence", "DELETE", occ(lent, lentIn(2028)), nil},
			{"edit this and the following", "PUT", occ(lent, lentIn(2030)), concert(lentIn(2030), "following")},
			{"delete this and the following", "DELETE", occ(lent, lentIn(2029)) + "?scope=following", nil},
			{"edit all", "PUT", occ(lent, lentIn(2026)), concert(lentIn(2026), "all")},
			{"delete all", "DELETE", occ(lent, lentIn(2026)) + "?scope=all", nil},
			{"split a weekly series", "PUT", c.events + "/" + weekly + "-occurrence-2026-03-10",
				weeklyRehearsal(map[string]any{"scope": "following", "start": "2026-03-10T19:00:00Z", "end": "2026-03-10T21:00:00Z"})},
			{"delete a weekly series from an occurrence on", "DELETE", c.events + "/" + weekly + "-occurrence-2026-03-05?scope=following", nil},
		} {
			res := c.admin.Do(step.method, step.path, step.body)
			if res.Status != 200 && res.Status != 204 {
				t.Fatalf("%s: %d %s", step.what, res.Status, res.Raw)
			}
		}
	})
}

// The everyday writes of a choir work with one database connection too:
// joining by invitation, the library, a plan, an answer and a message to
// the choir (each sends mail or writes several tables in one transaction).
func TestEverydayWritesNeedOneConnection(t *testing.T) {
	t.Parallel()
	eachDB(t, oneConnection, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		tenor := member(t, h, c.admin, c.id, "tenor@example.com", "member")
		event := c.create(t, map[string]any{"title": "Advent service", "eventType": "service",
			"start": "2026-12-06T10:00:00Z", "end": "2026-12-06T11:30:00Z"}).Str("id")
		base := "/api/v1/choirs/" + c.id
		piece := newPiece(t, c.admin, c.id, map[string]any{"title": "Ave verum corpus", "composer": "Mozart"})
		for _, step := range []struct {
			what, method, path string
			client             *apptest.Client
			body               map[string]any
		}{
			{"change a piece", "PUT", base + "/music/" + piece, c.admin, map[string]any{"title": "Ave verum corpus K. 618"}},
			{"plan the service", "POST", base + "/plans", c.admin, map[string]any{"date": "2026-12-06", "eventId": event}},
			{"answer", "PUT", base + "/events/" + event + "/rsvp", tenor, map[string]any{"status": "going"}},
			{"email the choir", "POST", base + "/events/" + event + "/email", c.admin, map[string]any{"note": "Tea afterwards."}},
		} {
			res := step.client.Do(step.method, step.path, step.body)
			if res.Status/100 != 2 {
				t.Fatalf("%s: %d %s", step.what, res.Status, res.Raw)
			}
		}
	})
}
