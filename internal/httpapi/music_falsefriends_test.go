package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/composer"
)

// familyPairs are a composer a choir holds, as the famous list describes
// it, and another person of the family typed later.
var familyPairs = [][2]string{
	{"Joseph Haydn", "Michael Haydn"}, {"Johann Sebastian Bach", "J.C. Bach"}, {"Johann Sebastian Bach", "Johann Christian Bach"},
	{"Wolfgang Amadeus Mozart", "Leopold Mozart"}, {"Robert Schumann", "Clara Schumann"}, {"Felix Mendelssohn", "Fanny Mendelssohn"},
}

// holdFamous gives a choir the famous composers of those names, with the
// list's short canonical names and aliases ("Haydn", "Bach").
func holdFamous(t *testing.T, c *apptest.Client, choirID string, names ...string) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, name := range names {
		if ids[name] != "" {
			continue
		}
		f, _, ok := composer.LookupFamous(name)
		if !ok {
			t.Fatalf("%q is not famous", name)
		}
		res := c.Do("POST", "/api/v1/choirs/"+choirID+"/composers", map[string]any{"name": f.Name, "canonicalName": f.CanonicalName,
			"aliases": f.Aliases, "birthYear": f.BirthYear, "period": f.Period})
		if res.Status != 201 {
			t.Fatalf("hold %q: %d %s", name, res.Status, res.Raw)
		}
		ids[name] = res.Str("id")
	}
	return ids
}

// TestFalseFriendsThroughTheAPI: a piece saved with another family member's
// name and no composer choice, by the API's create and update or by a CSV
// import without choices, gets a composer of its own; the import's preview
// says so, and the import does what it said.
func TestFalseFriendsThroughTheAPI(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		admin, choirID := libraryAdmin(t, h, "ada@example.com", "Schola")
		var heldNames []string
		for _, p := range familyPairs {
			heldNames = append(heldNames, p[0])
		}
		held := holdFamous(t, admin, choirID, heldNames...)
		music := "/api/v1/choirs/" + choirID + "/music"
		for i, p := range familyPairs {
			res := admin.Do("POST", music, map[string]any{"title": "Created " + p[1], "composer": p[1]})
			if res.Status != 201 || res.Str("composerId") == held[p[0]] || res.Str("composerRecord.name") == p[0] {
				t.Errorf("create with %q: %d %s", p[1], res.Status, res.Raw)
			}
			piece := admin.Do("POST", music, map[string]any{"title": fmt.Sprint("Edited ", i)})
			res = admin.Do("PUT", music+"/"+piece.Str("id"), map[string]any{"title": fmt.Sprint("Edited ", i), "composer": p[1]})
			if res.Status != 200 || res.Str("composerId") == held[p[0]] {
				t.Errorf("update with %q: %d %s", p[1], res.Status, res.Raw)
			}
		}

		other, otherID := libraryAdmin(t, h, "zed@example.com", "Other Choir")
		held = holdFamous(t, other, otherID, heldNames...)
		var csv strings.Builder
		csv.WriteString("title,composer\n")
		for _, p := range familyPairs {
			fmt.Fprintf(&csv, "By %s,%s\n", p[1], p[1])
		}
		base := "/api/v1/choirs/" + otherID + "/music/import"
		preview := other.Do("POST", base+"/preview", map[string]any{"csv": csv.String()})
		if preview.Status != 200 {
			t.Fatalf("preview: %d %s", preview.Status, preview.Raw)
		}
		for i, r := range preview.JSON["rows"].([]any) {
			c := r.(map[string]any)["composer"].(map[string]any)
			if c["recommendation"] != "create_new" || c["match"] != nil || len(c["candidates"].([]any)) != 0 {
				t.Errorf("the preview of %q: %v", familyPairs[i][1], c)
			}
		}
		res := other.Do("POST", base, map[string]any{"csv": csv.String()})
		if res.Status != 200 || res.JSON["composersCreated"] != float64(len(familyPairs)-1) { // both J.C. Bachs are one
			t.Fatalf("import: %d %s", res.Status, res.Raw)
		}
		for _, p := range familyPairs {
			var composerID string
			if err := h.DB.QueryRowContext(t.Context(), `SELECT composer_id FROM music WHERE choir_id = ? AND title = ?`, otherID, "By "+p[1]).
				Scan(&composerID); err != nil {
				t.Fatal(err)
			}
			if composerID == held[p[0]] {
				t.Errorf("the import joined %q to %q", p[1], p[0])
			}
		}
	})
}
