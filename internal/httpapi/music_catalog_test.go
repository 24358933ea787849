package httpapi_test

import (
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/composer"
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

func composerNames(res apptest.Response) string {
	var out []string
	for _, item := range res.List {
		out = append(out, item.(map[string]any)["name"].(string))
	}
	return strings.Join(out, ", ")
}

func TestComposers(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		admin, choirID := libraryAdmin(t, h, "ada@example.com", "Schola")
		base := "/api/v1/choirs/" + choirID + "/composers"

		bach := admin.Do("POST", base, map[string]any{"name": "Johann Sebastian Bach", "aliases": []string{"J.S. Bach", " ", "j.s. bach"},
			"birthYear": 1685, "deathYear": 1750, "period": "Baroque", "nationality": "German"})
		if bach.Status != 201 || bach.Str("canonicalName") != "Bach, Johann Sebastian" || len(bach.JSON["aliases"].([]any)) != 1 {
			t.Fatalf("create: %d %s", bach.Status, bach.Raw)
		}
		wantMessage(t, admin.Do("POST", base, map[string]any{"name": "johann  sebastian bach"}), 409, "DUPLICATE_NAME",
			`A composer named "johann sebastian bach" already exists in this choir.`)
		wantMessage(t, admin.Do("POST", base, map[string]any{"name": ""}), 400, "VALIDATION_ERROR", music.MsgComposerNameRequired)
		wantMessage(t, admin.Do("POST", base, map[string]any{"name": "Hildegard", "period": "Jazz"}), 400, "VALIDATION_ERROR", music.MsgComposerPeriod)
		wantMessage(t, admin.Do("POST", base, map[string]any{"name": "Hildegard", "birthYear": 1179, "deathYear": 1098}), 400, "VALIDATION_ERROR", music.MsgComposerYears)

		dvorak := admin.Do("POST", base, map[string]any{"name": "Antonín Dvořák", "canonicalName": "Dvořák"})
		rutter := admin.Do("POST", base, map[string]any{"name": "John Rutter"})
		wantMessage(t, admin.Do("PUT", base+"/"+rutter.Str("id"), map[string]any{"name": "Antonín Dvořák"}), 409, "DUPLICATE_NAME",
			`A composer named "Antonín Dvořák" already exists in this choir.`)
		if res := admin.Do("PUT", base+"/"+rutter.Str("id"), map[string]any{"name": "John Milford Rutter", "canonicalName": "Rutter", "birthYear": 1945}); res.Status != 200 || res.Str("name") != "John Milford Rutter" {
			t.Fatalf("update: %d %s", res.Status, res.Raw)
		}

		// Searches find a name however it is accented or abbreviated.
		search := func(q string) apptest.Response {
			return admin.Do("GET", base+"?q="+url.QueryEscape(q), nil)
		}
		if got := composerNames(search("dvorak")); got != "Antonín Dvořák" {
			t.Errorf("search dvorak: %q", got)
		}
		if got := composerNames(search("J.S.")); got != "Johann Sebastian Bach" {
			t.Errorf("search by an alias: %q", got)
		}
		if got := composerNames(search("50%")); got != "" {
			t.Errorf("a search with a wildcard: %q", got)
		}
		// The list is by canonical name: Bach, Dvořák, Rutter.
		if got := composerNames(admin.Do("GET", base, nil)); got != "Johann Sebastian Bach, Antonín Dvořák, John Milford Rutter" {
			t.Errorf("list: %q", got)
		}

		// A search answers at most 10, by canonical name.
		for i := range 12 {
			if res := admin.Do("POST", base, map[string]any{"name": fmt.Sprintf("Anna Search%02d", 12-i)}); res.Status != 201 {
				t.Fatal(res.Raw)
			}
		}
		if got := composerNames(search("anna search")); got != "Anna Search01, Anna Search02, Anna Search03, Anna Search04, Anna Search05, Anna Search06, Anna Search07, Anna Search08, Anna Search09, Anna Search10" {
			t.Errorf("search limit and order: %q", got)
		}

		// Another choir neither sees nor changes these.
		other, otherID := libraryAdmin(t, h, "zed@example.com", "Other Choir")
		wantError(t, other.Do("GET", base, nil), 404, "NOT_FOUND")
		wantMessage(t, other.Do("PUT", "/api/v1/choirs/"+otherID+"/composers/"+bach.Str("id"), map[string]any{"name": "Mine"}), 404, "NOT_FOUND", music.MsgComposerNotFound)
		wantMessage(t, other.Do("DELETE", "/api/v1/choirs/"+otherID+"/composers/"+bach.Str("id"), nil), 404, "NOT_FOUND", music.MsgComposerNotFound)
		if res := other.Do("GET", "/api/v1/choirs/"+otherID+"/composers?q=bach", nil); res.Status != 200 || len(res.List) != 0 {
			t.Errorf("another choir's search: %s", res.Raw)
		}
		bob := member(t, h, admin, choirID, "bob@example.com", "member")
		wantError(t, bob.Do("DELETE", base+"/"+dvorak.Str("id"), nil), 403, "PERMISSION_ERROR")

		// Deleting a composer leaves its pieces with the name as text.
		piece := addPiece(t, h, choirID, "Song to the Moon")
		if _, err := h.DB.ExecContext(t.Context(), `UPDATE music SET composer_id = ? WHERE id = ?`, dvorak.Str("id"), piece); err != nil {
			t.Fatal(err)
		}
		if res := admin.Do("DELETE", base+"/"+dvorak.Str("id"), nil); res.Status != 204 {
			t.Fatalf("delete: %d %s", res.Status, res.Raw)
		}
		var text string
		var link *string
		if err := h.DB.QueryRowContext(t.Context(), `SELECT composer, composer_id FROM music WHERE id = ?`, piece).Scan(&text, &link); err != nil {
			t.Fatal(err)
		}
		if text != "Antonín Dvořák" || link != nil {
			t.Errorf("the piece after its composer went: %q %v", text, link)
		}
	})
}

func TestFamousComposersAndMatching(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		admin, choirID := libraryAdmin(t, h, "ada@example.com", "Schola")
		base := "/api/v1/choirs/" + choirID + "/composers"
		famous := len(composer.FamousList())

		// A composer the choir has already is skipped, not doubled.
		admin.Do("POST", base, map[string]any{"name": "Eric Whitacre", "canonicalName": "Whitacre"})
		first := admin.Do("POST", base+"/famous", nil)
		if first.Status != 200 || first.JSON["added"] != float64(famous-1) || first.JSON["skipped"] != float64(1) {
			t.Fatalf("first load of %d: %s", famous, first.Raw)
		}
		again := admin.Do("POST", base+"/famous", nil)
		if again.JSON["added"] != float64(0) || again.JSON["skipped"] != float64(famous) {
			t.Fatalf("second load: %s", again.Raw)
		}
		if list := admin.Do("GET", base, nil); len(list.List) != famous {
			t.Errorf("%d composers listed, want %d", len(list.List), famous)
		}

		match := func(name string) apptest.Response {
			t.Helper()
			res := admin.Do("GET", base+"/match?name="+url.QueryEscape(name), nil)
			if res.Status != 200 {
				t.Fatalf("match %q: %d %s", name, res.Status, res.Raw)
			}
			return res
		}
		bach := match("J.S. Bach")
		top := bach.JSON["matches"].([]any)[0].(map[string]any)
		if bach.Str("recommendation") != "auto_match" || bach.JSON["confidence"].(float64) < 0.95 ||
			top["composer"].(map[string]any)["name"] != "Johann Sebastian Bach" || top["composer"].(map[string]any)["period"] != "Baroque" {
			t.Errorf("J.S. Bach: %s", bach.Raw)
		}
		// J. Bach could be any of the Bachs: the person chooses.
		if res := match("J. Bach"); res.Str("recommendation") != "manual_select" || len(res.JSON["matches"].([]any)) < 2 {
			t.Errorf("J. Bach: %s", res.Raw)
		}
		if res := match("Tchaikovsky"); res.Str("recommendation") != "auto_match" || res.Str("famous.name") == "" {
			t.Errorf("Tchaikovsky: %s", res.Raw)
		}

		// In a choir of its own composers, a near name is a suggestion only.
		own, ownID := libraryAdmin(t, h, "cy@example.com", "Chamber Choir")
		ownBase := "/api/v1/choirs/" + ownID + "/composers"
		own.Do("POST", ownBase, map[string]any{"name": "Eric Whitacre"})
		res := own.Do("GET", ownBase+"/match?name="+url.QueryEscape("Eric Whitacer"), nil)
		if res.Str("recommendation") != "confirm_match" || len(res.JSON["matches"].([]any)) != 1 {
			t.Errorf("Eric Whitacer: %s", res.Raw)
		}
		res = own.Do("GET", ownBase+"/match?name="+url.QueryEscape("Gustav Holst"), nil)
		if res.Str("recommendation") != "create_new" || len(res.JSON["matches"].([]any)) != 0 || len(res.JSON["famousSuggestions"].([]any)) == 0 {
			t.Errorf("Gustav Holst: %s", res.Raw)
		}
		wantError(t, own.Do("GET", ownBase+"/match?name=%20", nil), 400, "VALIDATION_ERROR")
		// Nothing of choir A's composers reaches the other choir's matching.
		if res := own.Do("GET", ownBase+"/match?name="+url.QueryEscape("J.S. Bach"), nil); len(res.JSON["matches"].([]any)) != 0 {
			t.Errorf("another choir's composers matched: %s", res.Raw)
		}
	})
}

// libraryCounts is how many rows of each library table a choir has.
func libraryCounts(t *testing.T, h *apptest.Harness, choirID string) string {
	t.Helper()
	var parts []string
	for _, table := range []string{"music", "music_tags", "music_voicings", "tags", "composers", "music_types", "music_categories"} {
		var n int
		if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM `+table+` WHERE choir_id = ?`, choirID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, fmt.Sprintf("%s=%d", table, n))
	}
	return strings.Join(parts, " ")
}

func rowOutcomes(res apptest.Response) string {
	var b strings.Builder
	for _, r := range res.JSON["rows"].([]any) {
		row := r.(map[string]any)
		fmt.Fprintf(&b, "%v %s %s\n", row["line"], row["outcome"], row["message"])
	}
	return b.String()
}

func TestMusicImportPreviewAndAllOrNothing(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		admin, choirID := libraryAdmin(t, h, "ada@example.com", "Schola")
		base := "/api/v1/choirs/" + choirID + "/music/import"
		if res := admin.Do("POST", base, map[string]any{"csv": "number,title\n6,Exists already\n"}); res.Status != 200 || res.JSON["created"] != float64(1) {
			t.Fatalf("import one piece: %d %s", res.Status, res.Raw)
		}
		before := libraryCounts(t, h, choirID)

		// Semicolon separated, as spreadsheets in many countries save.
		bad := "number;title;composer;voicing;tags;duration_minutes;rehearsal_weighting;type\n" +
			"1;Ave verum corpus;W. A. Mozart;SATB;\"Communion; Lent\";4;3;Motet\n" +
			"2;;Byrd;SATB;;;;\n" +
			"3;Sicut cervus;Palestrina;;;four;;\n" +
			"1;Duplicate number;;;;;;\n" +
			"4;Bad voicing;;XYZ;;;;\n" +
			"5;Too heavy;;;;;11;\n" +
			"6;Number taken;;;;;;\n" +
			"7;Long type;;;;;;" + strings.Repeat("x", 101) + "\n"
		preview := admin.Do("POST", base+"/preview", map[string]any{"csv": bad})
		if preview.Status != 200 || preview.JSON["valid"] != float64(1) || preview.JSON["invalid"] != float64(7) {
			t.Fatalf("preview: %d %s", preview.Status, preview.Raw)
		}
		want := "2 create \n" +
			"3 error Title is required\n" +
			"4 error Duration (minutes) must be a whole number.\n" +
			"5 error Library number 1 appears more than once in the file (first on line 2).\n" +
			"6 error Unknown voicing \"XYZ\". Please use one of the choir's voicings, such as SATB.\n" +
			"7 error Rehearsal weighting must be between 1 and 10.\n" +
			"8 error Library number 6 is already used by \"Exists already\".\n" +
			"9 error The music type's name is too long.\n"
		if got := rowOutcomes(preview); got != want {
			t.Errorf("preview rows:\n%s\nwant:\n%s", got, want)
		}
		mozart := preview.JSON["rows"].([]any)[0].(map[string]any)["composer"].(map[string]any)
		if mozart["input"] != "W. A. Mozart" || mozart["recommendation"] != "create_new" {
			t.Errorf("the composer of line 2: %v", mozart)
		}
		if after := libraryCounts(t, h, choirID); after != before {
			t.Errorf("a preview wrote: %s, was %s", after, before)
		}

		// The import refuses the whole file, saying why for every bad line.
		res := admin.Do("POST", base, map[string]any{"csv": bad})
		wantMessage(t, res, 400, "VALIDATION_ERROR", music.MsgImportInvalid)
		details := res.JSON["details"].(map[string]any)
		if len(details) != 7 || details["line 3"] != "Title is required" || details["line 4"] != "Duration (minutes) must be a whole number." {
			t.Errorf("details: %v", details)
		}
		if after := libraryCounts(t, h, choirID); after != before {
			t.Errorf("a refused import wrote: %s, was %s", after, before)
		}

		// Refusals of the whole file.
		wantMessage(t, admin.Do("POST", base+"/preview", map[string]any{"csv": "name,composer\nx,y\n"}), 400, "VALIDATION_ERROR",
			`The column "name" is not one Cantica knows. The columns are: `+strings.Join(music.CSVColumns, ", ")+".")
		wantMessage(t, admin.Do("POST", base+"/preview", map[string]any{"csv": "number,composer\n1,y\n"}), 400, "VALIDATION_ERROR", music.MsgImportNoTitle)
		wantMessage(t, admin.Do("POST", base+"/preview", map[string]any{"csv": "title\n\n"}), 400, "VALIDATION_ERROR", music.MsgImportEmpty)
		wantMessage(t, admin.Do("POST", base+"/preview", map[string]any{"csv": "title\n" + strings.Repeat(longRow, music.MaxImportRows+1)}), 400, "VALIDATION_ERROR", music.MsgImportTooLong)
	})
}

// longRow makes 5,001 rows more than the API's usual 1 MiB body, as a real
// library's file with its notes is: the import's own limits answer, not the
// body limit.
var longRow = strings.Repeat("A title as long as a real library's titles with their subtitles and notes. ", 3) + "\n"

func TestMusicImportComposerChoices(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		admin, choirID := libraryAdmin(t, h, "ada@example.com", "Schola")
		composers := "/api/v1/choirs/" + choirID + "/composers"
		whitacre := admin.Do("POST", composers, map[string]any{"name": "Eric Whitacre"}).Str("id")
		bach := admin.Do("POST", composers, map[string]any{"name": "Johann Sebastian Bach"}).Str("id")
		_, otherID := libraryAdmin(t, h, "zed@example.com", "Other Choir")
		var foreign string
		if err := h.DB.QueryRowContext(t.Context(), `INSERT INTO composers (id, choir_id, name, name_key, canonical_name, created_at, updated_at)
			VALUES ('foreign-composer', ?, 'Eric Whitacre', 'eric whitacre', 'Whitacre', ?, ?) RETURNING id`, otherID, h.Clock.Now(), h.Clock.Now()).Scan(&foreign); err != nil {
			t.Fatal(err)
		}

		csv := "title,composer\n" +
			"Lux aurumque,Eric Whitacer\n" + // line 2: confirmed as Eric Whitacre
			"Sleep,Eric Whitacer\n" + // line 3: "new"
			"Cantata 140,J.S. Bach\n" + // line 4: no choice: the reuse rule
			"Water Night,Eric Whitacer\n" + // line 5: reuses the composer line 3 made
			"Requiem,Gabriel Fauré\n" // line 6: nobody like him: a new composer
		choices := []map[string]any{{"line": 2, "composerId": whitacre}, {"line": 3, "composerId": "new"}}

		preview := admin.Do("POST", "/api/v1/choirs/"+choirID+"/music/import/preview", map[string]any{"csv": csv, "composerChoices": choices})
		rows := preview.JSON["rows"].([]any)
		line2 := rows[0].(map[string]any)["composer"].(map[string]any)
		if line2["recommendation"] != "confirm_match" || line2["match"].(map[string]any)["id"] != whitacre {
			t.Errorf("line 2's composer: %v", line2)
		}
		if line4 := rows[2].(map[string]any)["composer"].(map[string]any); line4["recommendation"] != "auto_match" || line4["match"].(map[string]any)["id"] != bach {
			t.Errorf("line 4's composer: %v", line4)
		}

		// Another choir's composer is no choice.
		foreignChoice := []map[string]any{{"line": 2, "composerId": foreign}}
		res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/music/import", map[string]any{"csv": csv, "composerChoices": foreignChoice})
		wantMessage(t, res, 400, "VALIDATION_ERROR", music.MsgImportInvalid)
		if d := res.JSON["details"].(map[string]any); len(d) != 1 || d["line 2"] == nil {
			t.Errorf("details: %v", d)
		}

		res = admin.Do("POST", "/api/v1/choirs/"+choirID+"/music/import", map[string]any{"csv": csv, "composerChoices": choices})
		if res.Status != 200 || res.JSON["created"] != float64(5) || res.JSON["composersCreated"] != float64(2) {
			t.Fatalf("import: %d %s", res.Status, res.Raw)
		}
		got := map[string]string{}
		rowsDB, err := h.DB.QueryContext(t.Context(), `SELECT m.title, c.name FROM music m JOIN composers c ON c.id = m.composer_id WHERE m.choir_id = ?`, choirID)
		if err != nil {
			t.Fatal(err)
		}
		defer rowsDB.Close()
		for rowsDB.Next() {
			var title, name string
			if err := rowsDB.Scan(&title, &name); err != nil {
				t.Fatal(err)
			}
			got[title] = name
		}
		want := map[string]string{"Lux aurumque": "Eric Whitacre", "Sleep": "Eric Whitacer", "Cantata 140": "Johann Sebastian Bach",
			"Water Night": "Eric Whitacer", "Requiem": "Gabriel Fauré"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("composers of the pieces: %v, want %v", got, want)
		}
	})
}

func TestMusicExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		admin, choirID := libraryAdmin(t, h, "ada@example.com", "Schola")
		library := "number\ttitle\tsubtitle\tcomposer\tarranger\tlyricist\ttype\tcategory\tvoicing\ttags\tlanguage\tduration_minutes\tyear_composed\trehearsal_weighting\tmin_interval_weeks\tcatalog_number\tsource_publication\tcopyright_info\tnotes\n" +
			"10\tAve verum corpus\tK. 618\tW. A. Mozart\t\tAnon.\tMotet\tCommunion\tSATB\tEucharist; Lent\tLatin\t4\t1791\t3\t4\tCV 40.618\tCarus\tPublic domain\t\"Breathe after \"\"corpus\"\"\nwatch the tempo\"\n" +
			"9\t=SUM(A1:A2)\t\tJohn Rutter\tJohn Rutter\t\tAnthem\t\tSSA\t\tEnglish\t\t\t\t\t\t\t\t-quiet start\n" +
			"\tO magnum mysterium\t\tMorten Lauridsen\t\t\t\t\tSATB\tChristmas\tLatin\t6\t1994\t\t\t\t\t\t@home\n"
		if res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/music/import", map[string]any{"csv": library}); res.Status != 200 || res.JSON["created"] != float64(3) {
			t.Fatalf("import: %d %s", res.Status, res.Raw)
		}
		bob := member(t, h, admin, choirID, "bob@example.com", "member")
		export := bob.Do("GET", "/api/v1/choirs/"+choirID+"/music/export", nil)
		if export.Status != 200 || !strings.HasPrefix(export.Header.Get("Content-Type"), "text/csv") ||
			export.Header.Get("Content-Disposition") != `attachment; filename="music-library-2026-11-23.csv"` {
			t.Fatalf("export: %d %v %s", export.Status, export.Header, export.Raw)
		}
		lines := strings.SplitN(export.Raw, "\n", 2)
		if lines[0] != strings.Join(music.CSVColumns, ",") {
			t.Errorf("header: %q", lines[0])
		}
		// Cells a spreadsheet would run are guarded.
		for _, cell := range []string{"'=SUM(A1:A2)", "'-quiet start", "'@home", `"Breathe after ""corpus""` + "\nwatch the tempo\"", "Eucharist; Lent"} {
			if !strings.Contains(export.Raw, cell) {
				t.Errorf("the export lacks %q:\n%s", cell, export.Raw)
			}
		}

		// Imported into an empty choir, the export gives the same library.
		other, otherID := libraryAdmin(t, h, "zed@example.com", "Other Choir")
		if res := other.Do("POST", "/api/v1/choirs/"+otherID+"/music/import", map[string]any{"csv": export.Raw}); res.Status != 200 || res.JSON["created"] != float64(3) {
			t.Fatalf("import the export: %d %s", res.Status, res.Raw)
		}
		again := other.Do("GET", "/api/v1/choirs/"+otherID+"/music/export", nil)
		if again.Raw != export.Raw {
			t.Errorf("round trip:\n%s\nwas:\n%s", again.Raw, export.Raw)
		}
		if got, want := libraryCounts(t, h, otherID), libraryCounts(t, h, choirID); got != want {
			t.Errorf("the copy has %s, the original %s", got, want)
		}
	})
}

// TestMusicImportWhileAnotherRuns: while an import of the choir runs (its
// lease held, here by another server), a preview or an import is refused
// with 409 in plain words; once it has ended they go through.
func TestMusicImportWhileAnotherRuns(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		admin, choirID := libraryAdmin(t, h, "ada@example.com", "Schola")
		if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_import_leases (choir_id, holder, expires_at) VALUES (?, 'another server', ?)`,
			choirID, h.Clock.Now().Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		base := "/api/v1/choirs/" + choirID + "/music/import"
		file := map[string]any{"csv": "title\nAve verum corpus\n"}
		wantMessage(t, admin.Do("POST", base+"/preview", file), 409, "CONFLICT", music.MsgImportRunning)
		wantMessage(t, admin.Do("POST", base, file), 409, "CONFLICT", music.MsgImportRunning)
		if _, err := h.DB.ExecContext(t.Context(), `DELETE FROM music_import_leases WHERE choir_id = ?`, choirID); err != nil {
			t.Fatal(err)
		}
		if res := admin.Do("POST", base, file); res.Status != 200 || res.JSON["created"] != float64(1) {
			t.Errorf("once it ended: %d %s", res.Status, res.Raw)
		}
	})
}
