package httpapi_test

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/blob"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/privacy"
	"github.com/cantica/cantica/internal/push/pushtest"
)

// yourDataChoir is the attendance choir where the alto is Philippa
// Quennell, has answered and attended the rehearsal (as has Adams),
// practised a piece and — made a second administrator — uploaded its score.
type yourDataChoir struct {
	attendanceChoir
	piece string
}

func newYourDataChoir(t *testing.T, h *apptest.Harness) yourDataChoir {
	t.Helper()
	c := yourDataChoir{attendanceChoir: newAttendanceChoir(t, h)}
	if res := c.member.Do("PATCH", "/api/v1/account/profile", map[string]any{"firstName": "Philippa", "lastName": "Quennell"}); res.Status != 200 {
		t.Fatalf("rename: %d %s", res.Status, res.Raw)
	}
	for _, singer := range []*apptest.Client{c.member, c.duo} {
		if res := singer.Do("PUT", c.eventPath+"/rsvp", map[string]any{"status": "going"}); res.Status != 200 {
			t.Fatalf("answer: %d %s", res.Status, res.Raw)
		}
	}
	// The director's marks after the rehearsal.
	for user, mark := range map[string]string{c.altoID: "present", c.duoID: "absent"} {
		if _, err := h.DB.ExecContext(t.Context(), `UPDATE member_attendance SET mark = ?, marked_by = ?, marked_at = ? WHERE user_id = ?`,
			mark, c.adminID, h.Clock.Now(), user); err != nil {
			t.Fatal(err)
		}
	}
	c.piece = c.admin.Do("POST", "/api/v1/choirs/"+c.id+"/music", map[string]any{"title": "Ave verum corpus"}).Str("id")
	base := "/api/v1/choirs/" + c.id + "/music/" + c.piece
	for _, singer := range []*apptest.Client{c.member, c.duo} {
		res := singer.Do("POST", base+"/practice/reports", map[string]any{"sessionId": uuid.NewString(), "day": "2026-11-23", "playedSeconds": 120,
			"loops": 2, "position": 130, "speed": 1, "partName": "Alto"})
		if res.Status != 204 {
			t.Fatalf("practice: %d %s", res.Status, res.Raw)
		}
	}
	if res := c.admin.Do("PATCH", "/api/v1/choirs/"+c.id+"/members/"+c.altoID, map[string]any{"role": "choir_admin"}); res.Status != 200 {
		t.Fatalf("make the alto an administrator: %d %s", res.Status, res.Raw)
	}
	if res := c.member.Do("POST", base+"/attachments", uploadForm(map[string]string{"type": "score"}, "ave-verum.pdf", tinyPDF)); res.Status != 201 {
		t.Fatalf("upload: %d %s", res.Status, res.Raw)
	}
	return c
}

// figures are the choir's attendance and practice statistics.
func figures(t *testing.T, h *apptest.Harness, choirID string) string {
	t.Helper()
	var out strings.Builder
	rows, err := h.DB.QueryContext(t.Context(), `SELECT COALESCE(status, ''), COALESCE(mark, ''), COUNT(*), COUNT(DISTINCT user_id)
		FROM member_attendance WHERE choir_id = ? GROUP BY status, mark ORDER BY 1, 2`, choirID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var status, mark string
		var n, people int
		if err := rows.Scan(&status, &mark, &n, &people); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "%s/%s: %d by %d; ", status, mark, n, people)
	}
	var seconds float64
	var singers int
	if err := h.DB.QueryRowContext(t.Context(), `SELECT COALESCE(SUM(played_seconds), 0), COUNT(DISTINCT user_id) FROM practice_sessions WHERE choir_id = ?`,
		choirID).Scan(&seconds, &singers); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&out, "practice %v s by %d", seconds, singers)
	return out.String()
}

// mentions searches every column of every table of the database — listed
// from its catalogue, so tables added later are searched too — for each
// needle, and lists "table.column: needle" for each hit.
func mentions(t *testing.T, h *apptest.Harness, needles ...string) []string {
	t.Helper()
	ctx := t.Context()
	catalogue := `SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY 1, 2`
	cast := "CAST(%s AS TEXT)"
	if h.Config.Database.Kind == config.Postgres {
		catalogue = `SELECT table_name, column_name FROM information_schema.columns
			WHERE table_schema = current_schema() ORDER BY 1, 2`
		cast = "CAST(%s AS TEXT)"
	}
	rows, err := h.DB.QueryContext(ctx, catalogue)
	if err != nil {
		t.Fatal(err)
	}
	var cols [][2]string
	for rows.Next() {
		var table, column string
		if err := rows.Scan(&table, &column); err != nil {
			t.Fatal(err)
		}
		cols = append(cols, [2]string{table, column})
	}
	rows.Close()
	if len(cols) < 100 {
		t.Fatalf("the catalogue lists only %d columns", len(cols))
	}
	var hits []string
	for _, c := range cols {
		for _, needle := range needles {
			var n int
			q := fmt.Sprintf(`SELECT COUNT(*) FROM %q WHERE LOWER(`+cast+`) LIKE ?`, c[0], fmt.Sprintf("%q", c[1]))
			if err := h.DB.QueryRowContext(ctx, q, "%"+strings.ToLower(needle)+"%").Scan(&n); err != nil {
				t.Fatalf("search %s.%s: %v", c[0], c[1], err)
			}
			if n > 0 {
				hits = append(hits, c[0]+"."+c[1]+": "+needle)
			}
		}
	}
	return hits
}

func deleteAccount(t *testing.T, c *apptest.Client) {
	t.Helper()
	if res := c.Do("POST", "/api/v1/account/privacy/deletion", map[string]any{"password": goodPassword}); res.Status != 200 || res.Str("purgeAt") == "" {
		t.Fatalf("delete the account: %d %s", res.Status, res.Raw)
	}
}

func TestDeletedAccountIsRestorableFor30DaysThenPurgedFromEveryTable(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newYourDataChoir(t, h)
		before := figures(t, h, c.id)
		needles := []string{c.altoID, "alto@example.com", "Philippa", "Quennell"}
		if hits := mentions(t, h, needles...); len(hits) < 8 {
			t.Fatalf("the search finds too little before the purge to be trusted: %q", hits)
		}

		wantError(t, c.member.Do("POST", "/api/v1/account/privacy/deletion", map[string]any{"password": "wrong"}), 400, "VALIDATION_ERROR")
		deleteAccount(t, c.member)
		if m := h.Mail("alto@example.com"); !strings.Contains(m.TextBody, "Restore my account") {
			t.Errorf("the confirmation at the request: %q", m.TextBody)
		}
		// Signed out everywhere, gone from the choir, and not signed in by the password alone.
		if res := c.member.Do("GET", "/api/v1/account/profile", nil); res.Status != 401 {
			t.Errorf("the session after the request: %d", res.Status)
		}
		purgeAt := h.Clock.Now().Add(privacy.PurgeAfter)
		wantMessage(t, login(h.NewClient(), "alto@example.com", goodPassword, false), 403, "ACCOUNT_DEACTIVATED", auth.MsgDeactivated(purgeAt))
		if n := len(c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/members", nil).List); n != 2 {
			t.Errorf("members listed while deactivated: %d, want 2", n)
		}

		// Day 29: signing in with "Restore my account" brings everything back.
		h.Clock.Advance(29 * 24 * time.Hour)
		restored := h.NewClient()
		if res := restored.Do("POST", "/api/v1/auth/login", map[string]any{"email": "alto@example.com", "password": goodPassword, "restoreAccount": true}); res.Status != 200 {
			t.Fatalf("restore: %d %s", res.Status, res.Raw)
		}
		if h.RunJobs(); figures(t, h, c.id) != before {
			t.Errorf("figures after the restore: %s, want %s", figures(t, h, c.id), before)
		}
		admin := signIn(t, h, "director@example.com")
		if n := len(admin.Do("GET", "/api/v1/choirs/"+c.id+"/members", nil).List); n != 3 {
			t.Errorf("members after the restore: %d, want 3", n)
		}
		if res := restored.Do("GET", c.eventPath+"/rsvp", nil); res.Str("status") != "going" {
			t.Errorf("the answer after the restore: %s", res.Raw)
		}
		h.Clock.Advance(2 * 24 * time.Hour) // the first request's day 30 passes: nothing happens
		if h.RunJobs(); login(h.NewClient(), "alto@example.com", goodPassword, false).Status != 200 {
			t.Fatal("the restored account was purged by the first request's job")
		}

		// Asked again: on day 30 the purge job erases the person.
		deleteAccount(t, signIn(t, h, "alto@example.com"))
		h.Clock.Advance(privacy.PurgeAfter - time.Minute)
		if h.RunJobs(); login(h.NewClient(), "alto@example.com", goodPassword, false).Status != 403 {
			t.Fatal("purged before day 30")
		}
		h.Clock.Advance(time.Minute)
		h.RunJobs()
		if m := h.Mail("alto@example.com"); !strings.Contains(m.Subject, "has been deleted") {
			t.Errorf("the confirmation at the purge: %q", m.Subject)
		}
		h.Clock.Advance(2 * time.Hour) // the confirmation is forgotten once delivered
		h.RunJobs()

		if hits := mentions(t, h, needles...); len(hits) > 0 {
			t.Errorf("the person is still found after the purge: %q", hits)
		}
		if after := figures(t, h, c.id); after != before {
			t.Errorf("the choir's figures changed: %s, want %s", after, before)
		}
		wantError(t, login(h.NewClient(), "alto@example.com", goodPassword, false), 401, "AUTH_ERROR")
		// The score stays in the library, by a former member.
		var files, kept int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*), COUNT(created_by) FROM music_attachments WHERE choir_id = ?`, c.id).Scan(&files, &kept); err != nil {
			t.Fatal(err)
		}
		if files != 1 || kept != 0 {
			t.Errorf("the upload after the purge: %d files, %d attributed", files, kept)
		}
	})
}

func TestTheSoleAdministratorHandsTheRoleOverBeforeDeleting(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newCalendarChoir(t, h)
		if res := c.admin.Do("GET", "/api/v1/account/privacy", nil); res.Status != 200 || !strings.Contains(res.Raw, `"soleAdminOf":["St Cecilia Singers"]`) {
			t.Errorf("your data: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, c.admin.Do("POST", "/api/v1/account/privacy/deletion", map[string]any{"password": goodPassword}), 409, "LAST_ADMIN",
			privacy.MsgSoleAdmin("St Cecilia Singers"))
		if res := c.admin.Do("GET", "/api/v1/account/profile", nil); res.Status != 200 {
			t.Errorf("the refused administrator is still signed in: %d", res.Status)
		}
	})
}

// unzip reads a ZIP into file name → content.
func unzip(t *testing.T, data []byte) map[string]string {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("the export is no ZIP: %v", err)
	}
	out := map[string]string{}
	for _, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r)
		r.Close()
		out[f.Name] = string(b)
	}
	return out
}

func csvRows(t *testing.T, name, text string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatalf("%s does not parse: %v", name, err)
	}
	return rows
}

func TestTheExportHoldsExactlyThePersonsData(t *testing.T) {
	t.Parallel()
	p := pushtest.Start(t, nil)
	eachDB(t, apptest.Options{PushClient: p.Client()}, func(t *testing.T, h *apptest.Harness) {
		c := newYourDataChoir(t, h)
		at := "/" + h.Config.Database.Kind
		phone := turnPushOn(t, p, c.member, at+"/alto-phone")
		turnPushOn(t, p, c.duo, at+"/duo-phone")
		res := c.member.Do("POST", "/api/v1/account/privacy/exports", nil)
		if res.Status != 202 || res.Str("status") != "pending" {
			t.Fatalf("ask for an export: %d %s", res.Status, res.Raw)
		}
		id := res.Str("id")
		if again := c.member.Do("POST", "/api/v1/account/privacy/exports", nil); again.Str("id") != id {
			t.Errorf("a second request while the first is made: %s", again.Raw)
		}
		h.RunJobs()
		if m := h.Mail("alto@example.com"); !strings.Contains(m.TextBody, h.URL+"/account/privacy") {
			t.Errorf("the ready email: %q", m.TextBody)
		}
		list := c.member.Do("GET", "/api/v1/account/privacy", nil)
		if !strings.Contains(list.Raw, `"status":"ready"`) {
			t.Fatalf("your data: %s", list.Raw)
		}
		path := "/api/v1/account/privacy/exports/" + id
		// Only its owner downloads it.
		wantError(t, c.duo.Do("GET", path, nil), 404, "NOT_FOUND")
		wantError(t, c.admin.Do("GET", path, nil), 404, "NOT_FOUND")
		got := c.member.Do("GET", path, nil)
		if got.Status != 200 || got.Header.Get("Content-Type") != "application/zip" {
			t.Fatalf("download: %d %v", got.Status, got.Header)
		}
		files := unzip(t, []byte(got.Raw))
		for _, name := range []string{"README.txt", "profile.json", "memberships.csv", "attendance.csv", "practice.csv", "events.ics", "uploads/St Cecilia Singers/ave-verum.pdf"} {
			if _, ok := files[name]; !ok {
				t.Errorf("the export lacks %s: has %v", name, len(files))
			}
		}
		if !strings.Contains(files["profile.json"], `"email": "alto@example.com"`) || !strings.Contains(files["profile.json"], `"lastName": "Quennell"`) {
			t.Errorf("profile.json: %s", files["profile.json"])
		}
		// The phone that gets their notices, by its push service only: the
		// push address lets anyone who holds it send to the phone.
		if !strings.Contains(files["profile.json"], `"pushService": "127.0.0.1"`) || strings.Count(files["profile.json"], `"pushService"`) != 1 {
			t.Errorf("profile.json should list the one push device: %s", files["profile.json"])
		}
		if strings.Contains(files["profile.json"], strings.TrimPrefix(phone, "http://")) {
			t.Errorf("profile.json holds the push address: %s", files["profile.json"])
		}
		want := map[string][]string{
			"memberships.csv": {"St Cecilia Singers", "choir_admin", "yes"},
			"attendance.csv":  {"St Cecilia Singers", "Thursday Rehearsal", "2026-11-26", "going"},
			"practice.csv":    {"St Cecilia Singers", "Ave verum corpus", "2026-11-23", "120"},
		}
		for name, cells := range want {
			rows := csvRows(t, name, files[name])
			if len(rows) != 2 {
				t.Errorf("%s has %d rows, want a header and one: %q", name, len(rows), rows)
				continue
			}
			for i, cell := range cells {
				if rows[1][i] != cell {
					t.Errorf("%s cell %d: %q, want %q", name, i, rows[1][i], cell)
				}
			}
		}
		if rows := csvRows(t, "attendance.csv", files["attendance.csv"]); len(rows) == 2 && rows[1][5] != "present" {
			t.Errorf("the attendance mark: %q", rows[1])
		}
		if !strings.Contains(files["events.ics"], "SUMMARY:Thursday Rehearsal") {
			t.Errorf("events.ics: %s", files["events.ics"])
		}
		// Another member's answers, marks and practice never appear.
		for name, text := range files {
			for _, other := range []string{c.duoID, "duo@example.com", "Adams", "absent", c.adminID, "director@example.com"} {
				if strings.Contains(text, other) {
					t.Errorf("%s mentions %q", name, other)
				}
			}
		}
		// After 7 days the file and the export are gone.
		h.Clock.Advance(privacy.ExportLifetime)
		h.RunJobs()
		member := signIn(t, h, "alto@example.com")
		wantError(t, member.Do("GET", path, nil), 404, "NOT_FOUND")
		var left int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM data_exports`).Scan(&left); err != nil || left != 0 {
			t.Errorf("exports left after 7 days: %d %v", left, err)
		}
		store, err := blob.Open(t.Context(), h.Config.Blob)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.Walk(t.Context(), blob.ExportPrefix, func(i blob.Info) error { return fmt.Errorf("a file is left: %s", i.Key) }); err != nil {
			t.Error(err)
		}
	})
}
