package music

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

// library fills choir A with a small library to search; it returns the
// ids by title and the ids of its tags, types and so on by name.
func library(t *testing.T, f *fixture) (pieces, names map[string]string) {
	ctx := t.Context()
	names = map[string]string{"Christmas": f.tag(f.choir, "Christmas"), "Latin": f.tag(f.choir, "Latin")}
	for _, n := range []string{"Anthem", "Motet"} {
		ty, err := f.s.AddType(ctx, f.choir, n)
		if err != nil {
			t.Fatal(err)
		}
		names[n] = ty.ID
	}
	for _, n := range []string{"Advent", "Lent"} {
		c, err := f.s.AddCategory(ctx, f.choir, n)
		if err != nil {
			t.Fatal(err)
		}
		names[n] = c.ID
	}
	pieces = map[string]string{}
	for _, in := range []Input{
		{Fields: Fields{Title: "Ave Maria", Composer: "Anton Bruckner", Number: "10", Language: "Latin", TypeID: names["Motet"],
			CategoryID: names["Advent"], DurationMinutes: intp(4)}, TagIDs: []string{names["Latin"]},
			Voicings: []VoicingChoice{{ID: "voicing-satb", Primary: true}, {ID: "voicing-ssa"}}},
		{Fields: Fields{Title: "Ave verum corpus", Composer: "Antonín Dvořák", Language: "Français"}},
		{Fields: Fields{Title: "O magnum mysterium", Composer: "Morten Lauridsen", Number: "2", Language: "latin"},
			TagIDs: []string{names["Christmas"], names["Latin"]}, Voicings: []VoicingChoice{{ID: "voicing-ssa"}}},
		{Fields: Fields{Title: "Silent Night", Composer: "Franz Gruber", Arranger: "John Rutter", Number: "A-1", Language: "English",
			TypeID: names["Anthem"]}, TagIDs: []string{names["Christmas"]}},
		{Fields: Fields{Title: "Zadok the Priest", Composer: "George Frideric Handel", Number: "15", Language: "English"}},
	} {
		pieces[in.Title] = f.create(in).ID
	}
	if _, err := f.s.Archive(ctx, f.choir, pieces["Zadok the Priest"]); err != nil {
		t.Fatal(err)
	}
	// Files of Ave Maria: a score and a part recording.
	for i, typ := range []string{"score", "audio_part"} {
		now := time.Now().UTC()
		f.exec(`INSERT INTO music_attachments (id, music_id, choir_id, url, file_name, type, content_type, size_bytes, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, 'application/octet-stream', 10, ?, ?)`, uuid.NewString(), pieces["Ave Maria"], f.choir,
			uuid.NewString(), "file"+string(rune('0'+i)), typ, now, now)
	}
	if err := f.s.MarkUsed(ctx, f.choir, []string{pieces["O magnum mysterium"]}, time.Date(2026, 12, 24, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	if err := f.s.MarkUsed(ctx, f.choir, []string{pieces["Ave Maria"]}, time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	return pieces, names
}

func titles(p *Page) []string {
	out := []string{}
	for _, m := range p.Items {
		out = append(out, m.Title)
	}
	return out
}

func TestList(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		_, names := library(t, f)
		const (
			maria  = "Ave Maria"
			verum  = "Ave verum corpus"
			magnum = "O magnum mysterium"
			night  = "Silent Night"
			zadok  = "Zadok the Priest"
		)
		for _, tc := range []struct {
			name  string
			q     Query
			want  []string
			total int
		}{
			{"default: active pieces by title", Query{}, []string{maria, verum, magnum, night}, 4},
			{"search ignores accents and case", Query{Search: "DVORAK"}, []string{verum}, 1},
			{"search finds the arranger", Query{Search: "rutter"}, []string{night}, 1},
			{"search finds the subtitle words together", Query{Search: "ave mar"}, []string{maria}, 1},
			{"search finds the number", Query{Search: "a-1"}, []string{night}, 1},
			{"search takes % literally", Query{Search: "100%"}, []string{}, 0},
			{"one tag", Query{TagIDs: []string{names["Christmas"]}}, []string{magnum, night}, 2},
			{"every tag listed", Query{TagIDs: []string{names["Christmas"], names["Latin"]}}, []string{magnum}, 1},
			{"voicing, primary or not", Query{VoicingID: "voicing-ssa"}, []string{maria, magnum}, 2},
			{"type", Query{TypeID: names["Motet"]}, []string{maria}, 1},
			{"category", Query{CategoryID: names["Advent"]}, []string{maria}, 1},
			{"language, any case", Query{Language: "LATIN"}, []string{maria, magnum}, 2},
			{"language, accents ignored", Query{Language: " francais "}, []string{verum}, 1},
			{"archived only", Query{Archived: "archived"}, []string{zadok}, 1},
			{"archived and active", Query{Archived: "all"}, []string{maria, verum, magnum, night, zadok}, 5},
			{"title descending", Query{Order: "desc"}, []string{night, magnum, verum, maria}, 4},
			{"composer", Query{Sort: "composer"}, []string{maria, verum, night, magnum}, 4},
			{"composer descending", Query{Sort: "composer", Order: "desc"}, []string{magnum, night, verum, maria}, 4},
			{"number, naturally, none last", Query{Sort: "number"}, []string{magnum, maria, night, verum}, 4},
			{"number descending, none still last", Query{Sort: "number", Order: "desc"}, []string{night, maria, magnum, verum}, 4},
			{"created: newest first", Query{Sort: "created"}, []string{night, magnum, verum, maria}, 4},
			{"created ascending", Query{Sort: "created", Order: "asc"}, []string{maria, verum, magnum, night}, 4},
			{"updated: newest first", Query{Sort: "updated", Archived: "all"}, []string{zadok, night, magnum, verum, maria}, 5},
			{"last used: latest first", Query{Sort: "lastUsed"}, []string{magnum, maria, night, verum}, 4},
			{"last used: never used first", Query{Sort: "lastUsed", Order: "asc"}, []string{verum, night, maria, magnum}, 4},
			{"page 1 of 3 a page", Query{PageSize: 3}, []string{maria, verum, magnum}, 4},
			{"page 2 of 3 a page", Query{PageSize: 3, Page: 2}, []string{night}, 4},
			{"past the end", Query{PageSize: 3, Page: 3}, []string{}, 4},
			{"filters together", Query{Language: "english", Archived: "all", Sort: "title", Order: "desc"}, []string{zadok, night}, 2},
		} {
			t.Run(tc.name, func(t *testing.T) {
				p, err := f.s.List(ctx, f.choir, tc.q)
				if err != nil {
					t.Fatal(err)
				}
				if got := titles(p); !reflect.DeepEqual(got, tc.want) || p.Total != tc.total {
					t.Errorf("got %v (total %d), want %v (total %d)", got, p.Total, tc.want, tc.total)
				}
			})
		}

		// A page costs the same statements whatever its size: no query a piece.
		cost := func(q Query) int64 {
			before := d.Statements()
			if _, err := f.s.List(ctx, f.choir, q); err != nil {
				t.Fatal(err)
			}
			return d.Statements() - before
		}
		if one, all := cost(Query{PageSize: 1, Archived: "all"}), cost(Query{Archived: "all"}); one != all || all > 7 {
			t.Errorf("a page of one piece takes %d statements, of five %d", one, all)
		}

		p, err := f.s.List(ctx, f.choir, Query{Search: "maria"})
		if err != nil || len(p.Items) != 1 {
			t.Fatalf("%v %v", p, err)
		}
		m := p.Items[0]
		if m.PrimaryVoicing != "SATB" || m.TypeName != "Motet" || m.CategoryName != "Advent" || m.Number != "10" ||
			m.AttachmentCount != 2 || !m.HasScore || !m.HasAudio || m.LastUsedDate != "2026-11-01" || *m.DurationMinutes != 4 ||
			len(m.Tags) != 1 || m.Tags[0].Name != "Latin" || m.Tags[0].MusicCount != 2 || p.Page != 1 || p.PageSize != DefaultPageSize {
			t.Errorf("summary %+v (page %d of %d)", m, p.Page, p.PageSize)
		}
		if p, _ := f.s.List(ctx, f.choir, Query{Search: "verum"}); p.Items[0].HasScore || p.Items[0].AttachmentCount != 0 ||
			p.Items[0].PrimaryVoicing != "" || len(p.Items[0].Tags) != 0 {
			t.Errorf("a piece with nothing: %+v", p.Items[0])
		}

		for _, tc := range []struct {
			q     Query
			field string
		}{
			{Query{PageSize: 101}, "pageSize"},
			{Query{PageSize: -1}, "pageSize"},
			{Query{Page: -1}, "page"},
			{Query{Sort: "colour"}, "sort"},
			{Query{Order: "up"}, "order"},
			{Query{Archived: "maybe"}, "archived"},
			{Query{TagIDs: many(maxFilterTags + 1)}, "tagId"},
			{Query{Search: strings.Repeat("ave ", apperr.MaxSearchWords+1)}, "q"},
			{Query{Search: strings.Repeat("a", apperr.MaxSearchChars+1)}, "q"},
			{Query{Language: strings.Repeat("a", textMax+1)}, "language"},
		} {
			if _, err := f.s.List(ctx, f.choir, tc.q); refusal(t, err).Details[tc.field] == "" {
				t.Errorf("%+v: %v", tc.q, err)
			}
		}
	})
}

func TestNumbers(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		if nums, next, err := f.s.Numbers(ctx, f.choir); err != nil || len(nums) != 0 || next != "1" {
			t.Errorf("empty library: %v %q %v", nums, next, err)
		}
		library(t, f)
		f.create(Input{Fields: Fields{Title: "Blank number", Number: "   "}})
		nums, next, err := f.s.Numbers(ctx, f.choir)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"2", "10", "15", "A-1"}; !reflect.DeepEqual(nums, want) || next != "16" {
			t.Errorf("numbers %v next %q, want %v and 16 (the archived piece's number counts)", nums, next, want)
		}
	})
}

func TestBulkTag(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		pieces, names := library(t, f)
		theirs, err := f.s.Create(ctx, f.other, f.user, titled("Theirs"))
		if err != nil {
			t.Fatal(err)
		}
		maria, night := pieces["Ave Maria"], pieces["Silent Night"]
		done, failed, err := f.s.BulkTag(ctx, f.choir, []string{maria, night, theirs.ID, "nope"}, []string{names["Christmas"], "", names["Latin"]})
		if err != nil {
			t.Fatal(err)
		}
		wantFailed := []Failure{{theirs.ID, MsgPieceNotFound}, {"nope", MsgPieceNotFound}}
		if !reflect.DeepEqual(done, []string{maria, night}) || !reflect.DeepEqual(failed, wantFailed) {
			t.Errorf("done %v failed %v", done, failed)
		}
		for id, want := range map[string]int{maria: 2, night: 2, theirs.ID: 0} {
			var n int
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM music_tags WHERE music_id = ?`, id).Scan(&n); err != nil || n != want {
				t.Errorf("piece %s has %d tags, want %d (%v)", id, n, want, err)
			}
		}

		for _, tc := range []struct {
			name        string
			ids, tagIDs []string
			msg         string
		}{
			{"no pieces", nil, []string{names["Latin"]}, MsgTagAssignMissing},
			{"no tags", []string{maria}, nil, MsgTagAssignMissing},
			{"only blank tags", []string{maria}, []string{"", " "}, MsgTagAssignNoValid},
			{"another choir's tag", []string{maria}, []string{f.tag(f.other, "Theirs")}, MsgTagUnknown},
			{"too many pieces", many(maxBulk + 1), []string{names["Latin"]}, MsgBulkTooMany},
		} {
			_, _, err := f.s.BulkTag(ctx, f.choir, tc.ids, tc.tagIDs)
			if e := refusal(t, err); e.Kind != apperr.Invalid || e.Message != tc.msg {
				t.Errorf("%s: %v", tc.name, e)
			}
		}
	})
}

// The search finds a piece by any spelling its composer record knows.
func TestSearchByComposerAlias(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		id := uuid.NewString()
		now := time.Now().UTC()
		f.exec(`INSERT INTO composers (id, choir_id, name, name_key, canonical_name, aliases, search_text, created_at, updated_at)
			VALUES (?, ?, 'Pyotr Ilyich Tchaikovsky', 'pyotr ilyich tchaikovsky', 'Tchaikovsky', '["Chaikovsky", "Tschaikowsky"]',
			'pyotr ilyich tchaikovsky tchaikovsky chaikovsky tschaikowsky', ?, ?)`, id, f.choir, now, now)
		p := f.create(Input{Fields: Fields{Title: "The Crown of Roses", Composer: "P. I. Chaikovsky"}, ComposerID: id})
		if p.ComposerRecord == nil || p.ComposerRecord.Aliases[1] != "Tschaikowsky" {
			t.Fatalf("composer record %+v", p.ComposerRecord)
		}
		for _, q := range []string{"Tschaikowsky", "tchaikovsky roses", "chaikovsky"} {
			if page, err := f.s.List(ctx, f.choir, Query{Search: q}); err != nil || page.Total != 1 {
				t.Errorf("%q: %+v %v", q, page, err)
			}
		}
	})
}

// many is n distinct made-up ids.
func many(n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = uuid.NewString()
	}
	return ids
}

// A composer's new spelling reaches its pieces' search and sort keys.
func TestRefreshComposerPieces(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		p := f.create(Input{Fields: Fields{Title: "Hymn to the Cherubim", Composer: "Tchaikovsky"}})
		f.exec(`UPDATE composers SET canonical_name = 'Zzz', search_text = 'tchaikovsky chaikovsky tschaikowsky' WHERE id = ?`, p.ComposerID)
		if err := d.InTx(ctx, func(tx *db.Tx) error { return refreshComposerPieces(ctx, tx, p.ComposerID) }); err != nil {
			t.Fatal(err)
		}
		if page, _ := f.s.List(ctx, f.choir, Query{Search: "tschaikowsky"}); page.Total != 1 {
			t.Errorf("search by a new alias: %+v", page)
		}
		f.create(Input{Fields: Fields{Title: "Ave Maria", Composer: "Anton Bruckner"}})
		if page, _ := f.s.List(ctx, f.choir, Query{Sort: "composer"}); titles(page)[1] != "Hymn to the Cherubim" {
			t.Errorf("sorted by the new canonical name: %v", titles(page))
		}
	})
}

// Correcting a composer's name through the service re-keys its pieces at
// once: the library finds them by the corrected name (and still by the text
// typed on the piece, which is the piece's own).
func TestUpdateComposerRefreshesPieces(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		p := f.create(Input{Fields: Fields{Title: "Lux aurumque", Composer: "Eric Whittacre"}})
		if _, err := f.s.UpdateComposer(ctx, f.choir, p.ComposerID, ComposerInput{Name: "Eric Whitacre", CanonicalName: "Whitacre"}); err != nil {
			t.Fatal(err)
		}
		if page, _ := f.s.List(ctx, f.choir, Query{Search: "whitacre"}); page.Total != 1 {
			t.Errorf("search by the new name: %+v", page)
		}
	})
}
