package digest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/planning"
)

const romanCatholic = "00000000-0000-4000-8000-000000000101"

// fixture builds choirs, members and events straight through the services
// and the database, so that big choirs are quick to make.
type fixture struct {
	t testing.TB
	h *apptest.Harness
}

func (f fixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.h.DB.ExecContext(context.Background(), query, args...); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
}

// users makes n users at once, named by prefix: <prefix><i>@example.com.
func (f fixture) users(prefix string, n int) []string {
	f.t.Helper()
	ids := make([]string, n)
	now := f.h.Clock.Now()
	err := f.h.DB.InTx(context.Background(), func(tx *db.Tx) error {
		for start := 0; start < n; start += 200 {
			end := min(start+200, n)
			var u, p []string
			var ua, pa []any
			for i := start; i < end; i++ {
				ids[i] = uuid.NewString()
				email := fmt.Sprintf("%s%d@example.com", prefix, i)
				u = append(u, "(?, ?, ?, ?, ?)")
				ua = append(ua, ids[i], email, now, now, now)
				p = append(p, "(?, ?, ?, ?)")
				pa = append(pa, ids[i], fmt.Sprintf("%s%d", strings.ToUpper(prefix[:1])+prefix[1:], i), "Singer", now)
			}
			if _, err := tx.ExecContext(context.Background(), `INSERT INTO users (id, email, email_confirmed_at, created_at, updated_at) VALUES `+
				strings.Join(u, ", "), ua...); err != nil {
				return err
			}
			if _, err := tx.ExecContext(context.Background(), `INSERT INTO user_profile (id, first_name, last_name, updated_at) VALUES `+
				strings.Join(p, ", "), pa...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return ids
}

func (f fixture) user(name string) string {
	f.t.Helper()
	return f.users(name, 1)[0]
}

func (f fixture) choir(adminID, name, tz string) string {
	f.t.Helper()
	city, post, country := "Oxford", "OX1 1AA", "gb"
	plan := "medium"
	c, err := f.h.App.Choirs.Create(context.Background(), adminID, choir.Create{Details: choir.Details{Name: &name, City: &city,
		Postcode: &post, Country: &country, TimeZone: &tz}, AffiliationID: romanCatholic, Plan: &plan})
	if err != nil {
		f.t.Fatal(err)
	}
	return c.ID
}

func (f fixture) join(choirID string, userIDs ...string) {
	f.t.Helper()
	for _, id := range userIDs {
		if err := f.h.App.Choirs.AddMember(context.Background(), id, choirID, access.Member, f.h.Clock.Now()); err != nil {
			f.t.Fatal(err)
		}
	}
}

// event makes a published event of two hours at start.
func (f fixture) event(choirID, adminID, title, kind string, start time.Time) string {
	f.t.Helper()
	ev, err := f.h.App.Calendar.Create(context.Background(), choirID, adminID, calendar.Input{Title: title, Type: kind,
		Start: start.UTC().Format(time.RFC3339), End: start.Add(2 * time.Hour).UTC().Format(time.RFC3339)})
	if err != nil {
		f.t.Fatal(err)
	}
	return ev.ID
}

func (f fixture) answer(userID, choirID, eventID, status string) {
	f.t.Helper()
	f.exec(`INSERT INTO member_attendance (user_id, choir_id, event_id, occurrence_date, status, updated_at) VALUES (?, ?, ?, '', ?, ?)`,
		userID, choirID, eventID, status, f.h.Clock.Now())
}

// piece adds a piece with a score, so it can be practised.
func (f fixture) piece(choirID, title string) string {
	f.t.Helper()
	id := uuid.NewString()
	now := f.h.Clock.Now()
	f.exec(`INSERT INTO music (id, choir_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`, id, choirID, title, now, now)
	return id
}

func (f fixture) practised(userID, choirID, musicID, day string, seconds float64) {
	f.t.Helper()
	now := f.h.Clock.Now()
	f.exec(`INSERT INTO practice_sessions (id, choir_id, music_id, user_id, day, played_seconds, loops, position, speed, started_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 0, 0, 1, ?, ?)`, uuid.NewString(), choirID, musicID, userID, day, seconds, now, now)
}

func (f fixture) count(query string, args ...any) int {
	f.t.Helper()
	var n int
	if err := f.h.DB.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		f.t.Fatalf("%s: %v", query, err)
	}
	return n
}

func emailOf(i int, prefix string) string { return fmt.Sprintf("%s%d@example.com", prefix, i) }

// score gives a piece a score, so that it can be practised.
func (f fixture) score(choirID, musicID string) {
	f.t.Helper()
	now := f.h.Clock.Now()
	f.exec(`INSERT INTO music_attachments (id, music_id, choir_id, url, file_name, type, content_type, size_bytes, created_at, updated_at)
		VALUES (?, ?, ?, ?, 'score.pdf', 'score', 'application/pdf', 10, ?, ?)`, uuid.NewString(), musicID, choirID,
		choirID+"/"+musicID+"/score.pdf", now, now)
}

// plan plans the given pieces for an event.
func (f fixture) plan(choirID, adminID, eventID, title string, musicIDs ...string) {
	f.t.Helper()
	ctx := context.Background()
	occ, err := f.h.App.Calendar.Occurrence(ctx, choirID, eventID, true)
	if err != nil {
		f.t.Fatal(err)
	}
	p, err := f.h.App.Planning.Create(ctx, choirID, planning.NewPlan{Date: liturgy.DateOf(occ.Start), Occurrence: occ, CreatedBy: adminID})
	if err != nil {
		f.t.Fatal(err)
	}
	slots := make([]planning.Slot, len(musicIDs))
	for i, id := range musicIDs {
		slots[i] = planning.Slot{Label: fmt.Sprintf("Piece %d", i+1), MusicID: id}
	}
	if _, err := f.h.App.Planning.Update(ctx, choirID, p.ID, planning.Change{Title: title, Slots: slots, Version: p.Version}); err != nil {
		f.t.Fatal(err)
	}
}
