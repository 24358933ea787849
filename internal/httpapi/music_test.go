package httpapi_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/music"
)

func TestMusicLibrary(t *testing.T) {
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
		base := "/api/v1/choirs/" + a + "/music"

		typ := admin.Do("POST", "/api/v1/choirs/"+a+"/music-types", map[string]any{"name": "Motet"})
		if typ.Status != 201 || typ.Str("name") != "Motet" {
			t.Fatalf("type: %d %s", typ.Status, typ.Raw)
		}
		wantMessage(t, admin.Do("POST", "/api/v1/choirs/"+a+"/music-types", map[string]any{"name": "motet"}), 409, "DUPLICATE_NAME",
			`A music type named "motet" already exists in this choir.`)
		tag := uuid.NewString()
		if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO tags (id, choir_id, name, name_key, color, created_at, updated_at)
			VALUES (?, ?, 'Advent', 'advent', '#3b82f6', ?, ?)`, tag, a, time.Now().UTC(), time.Now().UTC()); err != nil {
			t.Fatal(err)
		}

		piece := map[string]any{"title": " Ave Maria ", "subtitle": "Op. 2", "composer": "Anton Bruckner", "arranger": "", "lyricist": "Luke",
			"typeId": typ.Str("id"), "categoryId": "", "defaultNotes": "Softly", "number": " 12 ", "rehearsalWeighting": 5,
			"minIntervalWeeks": 4, "numPartsInfo": "7", "rhythmicComplexityHint": 2, "harmonicComplexityHint": 7, "isNewToChoirFlag": true,
			"approxLengthCategory": "short", "startingNotesInfo": "F", "transpositionSemitones": -1, "language": "Latin",
			"durationMinutes": 3, "yearComposed": 1861, "sourcePublication": "Carus", "catalogNumber": "WAB 6", "copyrightInfo": "PD",
			"tagIds": []string{tag}, "voicings": []map[string]any{{"voicingId": "voicing-satb", "isPrimary": true}}}
		res := admin.Do("POST", base, piece)
		if res.Status != 201 || res.Str("title") != "Ave Maria" || res.Str("number") != "12" || res.JSON["categoryId"] != nil ||
			res.JSON["rehearsalWeighting"] != float64(5) || res.JSON["transpositionSemitones"] != float64(-1) ||
			res.Str("type.name") != "Motet" || res.Str("composerRecord.name") != "Anton Bruckner" || res.JSON["isArchived"] != false ||
			len(res.JSON["tags"].([]any)) != 1 || len(res.JSON["voicings"].([]any)) != 1 || len(res.JSON["attachments"].([]any)) != 0 {
			t.Fatalf("create: %d %s", res.Status, res.Raw)
		}
		id := res.Str("id")
		got := singer.Do("GET", base+"/"+id, nil)
		if got.Status != 200 || got.Raw != res.Raw {
			t.Fatalf("a member reads the piece: %d %s\nwant %s", got.Status, got.Raw, res.Raw)
		}

		// Members read but do not change; other choirs do not see it.
		wantError(t, singer.Do("PUT", base+"/"+id, map[string]any{"title": "Mine"}), 403, "PERMISSION_ERROR")
		wantError(t, stranger.Do("GET", base+"/"+id, nil), 404, "NOT_FOUND")
		wantMessage(t, stranger.Do("GET", "/api/v1/choirs/"+b+"/music/"+id, nil), 404, "NOT_FOUND", music.MsgPieceNotFound)
		wantMessage(t, stranger.Do("PUT", "/api/v1/choirs/"+b+"/music/"+id, map[string]any{"title": "Mine"}), 404, "NOT_FOUND", music.MsgPieceNotFound)
		if res := stranger.Do("GET", "/api/v1/choirs/"+b+"/music?archived=all", nil); res.Status != 200 || res.JSON["total"] != float64(0) {
			t.Fatalf("the other choir's library: %s", res.Raw)
		}

		// The user's mistakes are 4xx with the field named.
		wantMessage(t, admin.Do("POST", base, map[string]any{"title": "Te Deum", "number": "12"}), 409, "DUPLICATE_NUMBER",
			`Library number 12 is already used by "Ave Maria".`)
		res = admin.Do("POST", base, map[string]any{"title": "Te Deum", "voicings": []map[string]any{
			{"voicingId": "voicing-satb", "isPrimary": true}, {"voicingId": "voicing-ssa", "isPrimary": true}}})
		if res.Status != 400 || res.Str("details.voicings") != music.MsgOnePrimary {
			t.Fatalf("two primaries: %d %s", res.Status, res.Raw)
		}
		if res := admin.Do("POST", base, map[string]any{"title": "Te Deum", "rehearsalWeighting": "lots"}); res.Status != 400 {
			t.Fatalf("a weighting that is not a number: %d %s", res.Status, res.Raw)
		}
		if res := admin.Do("GET", base+"?pageSize=500", nil); res.Status != 400 || res.Str("details.pageSize") != music.MsgPageSize {
			t.Fatalf("page size 500: %d %s", res.Status, res.Raw)
		}

		// Found by the list's search and filters, as a member.
		admin.Do("POST", base, map[string]any{"title": "Te Deum", "composer": "Herbert Howells", "number": "3"})
		res = singer.Do("GET", base+"?q=bruckner&tagId="+tag+"&voicingId=voicing-satb&typeId="+typ.Str("id")+"&language=latin", nil)
		items, _ := res.JSON["items"].([]any)
		if res.Status != 200 || res.JSON["total"] != float64(1) || len(items) != 1 {
			t.Fatalf("search: %d %s", res.Status, res.Raw)
		}
		item := items[0].(map[string]any)
		if item["id"] != id || item["primaryVoicing"] != "SATB" || item["typeName"] != "Motet" || item["hasScore"] != false ||
			item["tags"].([]any)[0].(map[string]any)["musicCount"] != float64(1) {
			t.Fatalf("summary: %v", item)
		}
		if res := singer.Do("GET", base+"?sort=number&order=desc", nil); res.JSON["items"].([]any)[0].(map[string]any)["title"] != "Ave Maria" {
			t.Fatalf("by number, descending: %s", res.Raw)
		}
		if res := singer.Do("GET", base+"/numbers", nil); res.Status != 200 || res.Raw != `{"next":"13","numbers":["3","12"]}`+"\n" {
			t.Fatalf("numbers: %d %q", res.Status, res.Raw)
		}

		// Archive, restore, bulk tag.
		if res := admin.Do("POST", base+"/"+id+"/archive", nil); res.Status != 200 || res.JSON["isArchived"] != true {
			t.Fatalf("archive: %d %s", res.Status, res.Raw)
		}
		if res := singer.Do("GET", base, nil); res.JSON["total"] != float64(1) {
			t.Fatalf("the archived piece is listed: %s", res.Raw)
		}
		if res := admin.Do("POST", base+"/"+id+"/restore", nil); res.Status != 200 || res.JSON["isArchived"] != false {
			t.Fatalf("restore: %d %s", res.Status, res.Raw)
		}
		res = admin.Do("POST", base+"/bulk-tag", map[string]any{"ids": []string{id, "nope"}, "tagIds": []string{tag, ""}})
		if res.Status != 200 || res.Raw != `{"done":["`+id+`"],"failed":[{"id":"nope","message":"Music piece not found"}]}`+"\n" {
			t.Fatalf("bulk tag: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, admin.Do("POST", base+"/bulk-tag", map[string]any{"ids": []string{id}, "tagIds": []string{""}}), 400,
			"VALIDATION_ERROR", music.MsgTagAssignNoValid)
		wantMessage(t, admin.Do("POST", base+"/bulk-tag", map[string]any{"ids": []string{}, "tagIds": []string{tag}}), 400,
			"VALIDATION_ERROR", music.MsgTagAssignMissing)
	})
}
