package httpapi_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/music"
)

// libraryAdmin signs in a choir administrator of a new choir.
func libraryAdmin(t *testing.T, h *apptest.Harness, email, choirName string) (*apptest.Client, string) {
	t.Helper()
	confirmedUser(t, h, email)
	c := signIn(t, h, email)
	return c, createChoir(t, c, choirName).Str("id")
}

// addPiece stores a piece with tags straight in the database, for tests of
// what happens around pieces.
func addPiece(t *testing.T, h *apptest.Harness, choirID, title string, tagIDs ...string) string {
	t.Helper()
	id := fmt.Sprintf("piece-%s-%s", choirID[:8], title)
	now := h.Clock.Now()
	if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music (id, choir_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		id, choirID, title, now, now); err != nil {
		t.Fatal(err)
	}
	for _, tag := range tagIDs {
		if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_tags (music_id, tag_id, choir_id) VALUES (?, ?, ?)`, id, tag, choirID); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func names(res apptest.Response) []string {
	var out []string
	for _, item := range res.List {
		out = append(out, item.(map[string]any)["name"].(string))
	}
	return out
}

func TestTags(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		admin, choirID := libraryAdmin(t, h, "ada@example.com", "Schola")
		base := "/api/v1/choirs/" + choirID + "/tags"

		advent := admin.Do("POST", base, map[string]any{"name": "  Advent  "})
		if advent.Status != 201 || advent.Str("name") != "Advent" || advent.Str("color") != music.DefaultTagColor {
			t.Fatalf("create without a colour: %d %s", advent.Status, advent.Raw)
		}
		lent := admin.Do("POST", base, map[string]any{"name": "Lent", "color": "#805AD5"})
		if lent.Status != 201 || lent.Str("color") != "#805ad5" {
			t.Fatalf("create with a colour: %d %s", lent.Status, lent.Raw)
		}
		wantMessage(t, admin.Do("POST", base, map[string]any{"name": "advent"}), 409, "DUPLICATE_NAME",
			`A tag named "advent" already exists in this choir.`)
		wantMessage(t, admin.Do("POST", base, map[string]any{"name": " "}), 400, "VALIDATION_ERROR", music.MsgTagNameRequired)
		wantMessage(t, admin.Do("POST", base, map[string]any{"name": "Easter", "color": "blue"}), 400, "VALIDATION_ERROR", music.MsgTagColor)
		wantMessage(t, admin.Do("PUT", base+"/"+lent.Str("id"), map[string]any{"name": "ADVENT"}), 409, "DUPLICATE_NAME",
			`A tag named "ADVENT" already exists in this choir.`)

		// Renaming keeps the colour unless a new one is given.
		renamed := admin.Do("PUT", base+"/"+lent.Str("id"), map[string]any{"name": "Lent and Passiontide"})
		if renamed.Status != 200 || renamed.Str("name") != "Lent and Passiontide" || renamed.Str("color") != "#805ad5" {
			t.Fatalf("rename: %d %s", renamed.Status, renamed.Raw)
		}

		// The same name in another choir is another tag, and its tags are not
		// this choir's to see or change.
		other, otherID := libraryAdmin(t, h, "zed@example.com", "Other Choir")
		if res := other.Do("POST", "/api/v1/choirs/"+otherID+"/tags", map[string]any{"name": "Advent"}); res.Status != 201 {
			t.Fatalf("the same name in another choir: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, other.Do("PUT", "/api/v1/choirs/"+otherID+"/tags/"+advent.Str("id"), map[string]any{"name": "Mine"}), 404, "NOT_FOUND", music.MsgTagNotFound)
		wantMessage(t, other.Do("DELETE", "/api/v1/choirs/"+otherID+"/tags/"+advent.Str("id"), nil), 404, "NOT_FOUND", music.MsgTagNotFound)
		wantError(t, other.Do("GET", base, nil), 404, "NOT_FOUND")

		// Listed by name with how many pieces carry each; a member reads them.
		addPiece(t, h, choirID, "Rorate caeli", advent.Str("id"))
		addPiece(t, h, choirID, "O come", advent.Str("id"), lent.Str("id"))
		bob := member(t, h, admin, choirID, "bob@example.com", "member")
		list := bob.Do("GET", base, nil)
		if got := fmt.Sprint(names(list)); list.Status != 200 || got != "[Advent Lent and Passiontide]" {
			t.Fatalf("list: %d %s", list.Status, list.Raw)
		}
		if n := list.List[0].(map[string]any)["musicCount"]; n != float64(2) {
			t.Errorf("Advent's piece count %v, want 2", n)
		}
		wantError(t, bob.Do("POST", base, map[string]any{"name": "Mine"}), 403, "PERMISSION_ERROR")

		// Deleting a tag takes it off its pieces and leaves the pieces.
		if res := admin.Do("DELETE", base+"/"+advent.Str("id"), nil); res.Status != 204 {
			t.Fatalf("delete: %d %s", res.Status, res.Raw)
		}
		var links, pieces int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT (SELECT COUNT(*) FROM music_tags WHERE choir_id = ?), (SELECT COUNT(*) FROM music WHERE choir_id = ?)`,
			choirID, choirID).Scan(&links, &pieces); err != nil {
			t.Fatal(err)
		}
		if links != 1 || pieces != 2 {
			t.Errorf("after the delete: %d links, %d pieces; want 1 and 2", links, pieces)
		}
		wantMessage(t, admin.Do("DELETE", base+"/"+advent.Str("id"), nil), 404, "NOT_FOUND", music.MsgTagNotFound)
	})
}

// Many people adding the same tag at once get one tag: the unique key, not
// a look before the insert, decides.
func TestTagCreatedOnceUnderRace(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		admin, choirID := libraryAdmin(t, h, "ada@example.com", "Schola")
		var wg sync.WaitGroup
		statuses := make([]int, 16)
		for i := range statuses {
			wg.Go(func() {
				statuses[i] = admin.Do("POST", "/api/v1/choirs/"+choirID+"/tags", map[string]any{"name": "Christmas"}).Status
			})
		}
		wg.Wait()
		created := 0
		for _, s := range statuses {
			switch s {
			case 201:
				created++
			case 409:
			default:
				t.Errorf("status %d, want 201 or 409", s)
			}
		}
		if list := admin.Do("GET", "/api/v1/choirs/"+choirID+"/tags", nil); created != 1 || len(list.List) != 1 {
			t.Errorf("%d created, %d listed; want exactly one", created, len(list.List))
		}
	})
}
