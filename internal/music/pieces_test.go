package music

import (
	"context"
	"reflect"
	"sync"
	"testing"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

// everything is a piece with every field filled in.
func everything(f *fixture) Input {
	ctx := context.Background()
	typ, err := f.s.AddType(ctx, f.choir, "Anthem")
	if err != nil {
		f.t.Fatal(err)
	}
	cat, err := f.s.AddCategory(ctx, f.choir, "Advent")
	if err != nil {
		f.t.Fatal(err)
	}
	return Input{Fields: Fields{Title: "  Ave Maria ", Subtitle: "for Advent", Composer: "Anton Bruckner", Arranger: "J. Rutter",
		Lyricist: "Luke 1", TypeID: typ.ID, CategoryID: cat.ID, DefaultNotes: "Sing softly.\nBreathe at bar 4.", Number: " 42 ",
		RehearsalWeighting: intp(7), MinIntervalWeeks: intp(6), NumPartsInfo: "7 parts", RhythmicComplexityHint: intp(3),
		HarmonicComplexityHint: intp(8), IsNewToChoir: true, ApproxLength: "short", StartingNotesInfo: "F A C",
		Transposition: -2, Language: "Latin", DurationMinutes: intp(4), YearComposed: intp(1861), SourcePublication: "Carus",
		CatalogNumber: "CV 1.234", CopyrightInfo: "Public domain"},
		TagIDs:   []string{f.tag(f.choir, "Marian"), "", f.tag(f.choir, "Latin")},
		Voicings: []VoicingChoice{{ID: "voicing-satb", Primary: true}, {ID: "voicing-ssattb"}}}
}

func TestPieceRoundTrip(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		in := everything(f)
		p := f.create(in)

		want := in.Fields
		want.Title, want.Number = "Ave Maria", "42"
		if !reflect.DeepEqual(p.Fields, want) {
			t.Errorf("fields after create:\n got %+v\nwant %+v", p.Fields, want)
		}
		if p.IsArchived || p.CreatedBy != f.user || p.ChoirID != f.choir || p.LastUsedDate != "" {
			t.Errorf("archived %v, created by %q, choir %q, last used %q", p.IsArchived, p.CreatedBy, p.ChoirID, p.LastUsedDate)
		}
		if p.Type == nil || p.Type.Name != "Anthem" || p.Category == nil || p.Category.Name != "Advent" {
			t.Errorf("type %+v, category %+v", p.Type, p.Category)
		}
		if c := p.ComposerRecord; c == nil || c.Name != "Anton Bruckner" || c.CanonicalName != "Bruckner" || p.ComposerID != c.ID {
			t.Errorf("composer record %+v (id %q)", c, p.ComposerID)
		}
		if len(p.Tags) != 2 || p.Tags[0].Name != "Latin" || p.Tags[1].Name != "Marian" || p.Tags[0].MusicCount != 1 {
			t.Errorf("tags %+v", p.Tags)
		}
		if len(p.Voicings) != 2 || p.Voicings[0] != (PieceVoicing{"voicing-satb", "SATB", 4, true}) || p.Voicings[1].Primary {
			t.Errorf("voicings %+v", p.Voicings)
		}
		if len(p.Attachments) != 0 {
			t.Errorf("attachments %+v", p.Attachments)
		}
		var assignedBy string
		if err := d.QueryRowContext(ctx, `SELECT assigned_by FROM music_voicings WHERE music_id = ? AND voicing_id = 'voicing-satb'`, p.ID).Scan(&assignedBy); err != nil || assignedBy != f.user {
			t.Errorf("assigned by %q, %v", assignedBy, err)
		}

		got, err := f.s.Get(ctx, f.choir, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, p) {
			t.Errorf("get differs from create:\n got %+v\nwant %+v", got, p)
		}

		// Every field changed, the optional ones emptied.
		up := Input{Fields: Fields{Title: "Ave verum corpus", Composer: "Anton Bruckner", Number: "43", Transposition: 3},
			ComposerID: p.ComposerID, Voicings: []VoicingChoice{{ID: "voicing-ssattb", Primary: true}}}
		u, err := f.s.Update(ctx, f.choir, f.user, p.ID, up)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(u.Fields, up.Fields) || u.Type != nil || u.Category != nil || len(u.Tags) != 0 {
			t.Errorf("after update: %+v", u)
		}
		if len(u.Voicings) != 1 || !u.Voicings[0].Primary || !u.UpdatedAt.After(p.UpdatedAt) || !u.CreatedAt.Equal(p.CreatedAt) {
			t.Errorf("voicings %+v, updated %v (was %v), created %v (was %v)", u.Voicings, u.UpdatedAt, p.UpdatedAt, u.CreatedAt, p.CreatedAt)
		}
		if got, _ := f.s.Get(ctx, f.choir, p.ID); !reflect.DeepEqual(got, u) {
			t.Errorf("get differs from update:\n got %+v\nwant %+v", got, u)
		}
	})
}

func TestPieceValidation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		otherType, _ := f.s.AddType(ctx, f.other, "Hymn")
		otherCat, _ := f.s.AddCategory(ctx, f.other, "Lent")
		otherVoicing, _ := f.s.AddVoicing(ctx, f.other, "SSAATTBB div.", 8)
		otherTag := f.tag(f.other, "Theirs")
		var otherComposer string
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			var err error
			otherComposer, err = f.s.insertComposer(ctx, tx, f.other, "Thomas Tallis")
			return err
		}); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name  string
			in    Input
			field string
			msg   string
		}{
			{"no title", Input{Fields: Fields{Title: "   "}}, "title", MsgTitleRequired},
			{"another choir's type", Input{Fields: Fields{Title: "x", TypeID: otherType.ID}}, "typeId", MsgTypeUnknown},
			{"another choir's category", Input{Fields: Fields{Title: "x", CategoryID: otherCat.ID}}, "categoryId", MsgCategoryUnknown},
			{"another choir's composer", Input{Fields: Fields{Title: "x"}, ComposerID: otherComposer}, "composerId", MsgComposerUnknown},
			{"another choir's tag", Input{Fields: Fields{Title: "x"}, TagIDs: []string{otherTag}}, "tagIds", MsgTagUnknown},
			{"another choir's voicing", Input{Fields: Fields{Title: "x"}, Voicings: []VoicingChoice{{ID: otherVoicing.ID}}}, "voicings", MsgVoicingUnknown},
			{"unknown voicing", Input{Fields: Fields{Title: "x"}, Voicings: []VoicingChoice{{ID: "nope"}}}, "voicings", MsgVoicingUnknown},
			{"two primaries", Input{Fields: Fields{Title: "x"}, Voicings: []VoicingChoice{{ID: "voicing-satb", Primary: true}, {ID: "voicing-ssa", Primary: true}}}, "voicings", MsgOnePrimary},
			{"weighting 0", Input{Fields: Fields{Title: "x", RehearsalWeighting: intp(0)}}, "rehearsalWeighting", MsgWeightingRange},
			{"weighting 11", Input{Fields: Fields{Title: "x", RehearsalWeighting: intp(11)}}, "rehearsalWeighting", MsgWeightingRange},
			{"negative interval", Input{Fields: Fields{Title: "x", MinIntervalWeeks: intp(-1)}}, "minIntervalWeeks", MsgMinIntervalRange},
			{"rhythm 11", Input{Fields: Fields{Title: "x", RhythmicComplexityHint: intp(11)}}, "rhythmicComplexityHint", MsgComplexityRange},
			{"harmony 0", Input{Fields: Fields{Title: "x", HarmonicComplexityHint: intp(0)}}, "harmonicComplexityHint", MsgComplexityRange},
			{"transposition 13", Input{Fields: Fields{Title: "x", Transposition: 13}}, "transpositionSemitones", MsgTranspositionRange},
			{"duration -1", Input{Fields: Fields{Title: "x", DurationMinutes: intp(-1)}}, "durationMinutes", MsgDurationRange},
			{"year 0", Input{Fields: Fields{Title: "x", YearComposed: intp(0)}}, "yearComposed", MsgYearRange},
			{"length", Input{Fields: Fields{Title: "x", ApproxLength: "epic"}}, "approxLengthCategory", MsgApproxLength},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, err := f.s.Create(ctx, f.choir, f.user, tc.in)
				e := refusal(t, err)
				if e.Kind != apperr.Invalid || e.Code != apperr.CodeValidation || e.Details[tc.field] != tc.msg {
					t.Errorf("got %v %v, want %s: %q", e, e.Details, tc.field, tc.msg)
				}
			})
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM music) + (SELECT COUNT(*) FROM composers WHERE choir_id = ?)`, f.choir).Scan(&n); err != nil || n != 0 {
			t.Errorf("refused saves left %d rows behind (%v)", n, err)
		}
	})
}

func TestDuplicateNumber(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		first := f.create(Input{Fields: Fields{Title: "Jubilate Deo", Number: "7"}})
		_, err := f.s.Create(ctx, f.choir, f.user, Input{Fields: Fields{Title: "Te Deum", Number: " 7 ", Composer: "Herbert Howells"},
			TagIDs: []string{f.tag(f.choir, "Festal")}})
		e := refusal(t, err)
		if e.Kind != apperr.Conflict || e.Code != apperr.CodeDuplicateNumber || e.Message != `Library number 7 is already used by "Jubilate Deo".` {
			t.Errorf("got %v", e)
		}
		second := f.create(Input{Fields: Fields{Title: "Te Deum", Number: "8"}})
		if _, err := f.s.Update(ctx, f.choir, f.user, second.ID, Input{Fields: Fields{Title: "Te Deum", Number: "7"}}); refusal(t, err).Code != apperr.CodeDuplicateNumber {
			t.Errorf("update to a taken number: %v", err)
		}
		// A piece keeps its own number; another choir may use it too.
		if _, err := f.s.Update(ctx, f.choir, f.user, first.ID, Input{Fields: Fields{Title: "Jubilate", Number: "7"}}); err != nil {
			t.Errorf("keeping its own number: %v", err)
		}
		if _, err := f.s.Create(ctx, f.other, f.user, Input{Fields: Fields{Title: "Other", Number: "7"}}); err != nil {
			t.Errorf("the other choir's 7: %v", err)
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM composers`).Scan(&n); err != nil || n != 0 {
			t.Errorf("a refused save left %d composers (%v)", n, err)
		}
	})
}

// Sixteen people give a new piece the same number at once: one gets it.
func TestConcurrentSameNumber(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		const n = 16
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				_, errs[i] = f.s.Create(ctx, f.choir, f.user, Input{Fields: Fields{Title: "Piece", Number: "100", Composer: "William Byrd"}})
			})
		}
		close(start)
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
				continue
			}
			if e := refusal(t, err); e.Code != apperr.CodeDuplicateNumber || e.Message != `Library number 100 is already used by "Piece".` {
				t.Errorf("got %v", err)
			}
		}
		var pieces, composers int
		if err := d.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM music), (SELECT COUNT(*) FROM composers)`).Scan(&pieces, &composers); err != nil {
			t.Fatal(err)
		}
		if ok != 1 || pieces != 1 || composers != 1 {
			t.Errorf("%d saves succeeded, %d pieces and %d composers stored; want 1 each", ok, pieces, composers)
		}
	})
}

func TestComposerOnSave(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		bach := f.create(Input{Fields: Fields{Title: "Jesu, joy", Composer: "Johann Sebastian Bach"}})
		if bach.ComposerRecord == nil || bach.ComposerRecord.Name != "Johann Sebastian Bach" {
			t.Fatalf("new composer: %+v", bach.ComposerRecord)
		}
		// The same name again reuses the record.
		again := f.create(Input{Fields: Fields{Title: "Sheep may safely graze", Composer: "johann sebastian  bach"}})
		if again.ComposerID != bach.ComposerID {
			t.Errorf("same name: composer %s, want %s", again.ComposerID, bach.ComposerID)
		}
		// A spelling the matching recognises (§9) reuses it too.
		for _, spelling := range []string{"J.S. Bach", "Bach, Johann Sebastian", "Johann Sebastián Bach"} {
			if p := f.create(Input{Fields: Fields{Title: "Cantata " + spelling, Composer: spelling}}); p.ComposerID != bach.ComposerID || p.Composer != spelling {
				t.Errorf("%q: composer %s (%q), want %s", spelling, p.ComposerID, p.Composer, bach.ComposerID)
			}
		}
		// A composer the person chose wins over the text.
		chosen := f.create(Input{Fields: Fields{Title: "Air", Composer: "J.S.B."}, ComposerID: bach.ComposerID})
		if chosen.ComposerID != bach.ComposerID || chosen.Composer != "J.S.B." {
			t.Errorf("chosen: %s %q", chosen.ComposerID, chosen.Composer)
		}
		// A chosen composer with no text gives the text its name.
		named := f.create(Input{Fields: Fields{Title: "Partita"}, ComposerID: bach.ComposerID})
		if named.Composer != "Johann Sebastian Bach" {
			t.Errorf("text of a chosen composer: %q", named.Composer)
		}
		// "Not any of these" makes a new record.
		other := f.create(Input{Fields: Fields{Title: "Magnificat", Composer: "Carl Philipp Emanuel Bach"}, NewComposer: true})
		if other.ComposerID == "" || other.ComposerID == bach.ComposerID {
			t.Errorf("new composer: %s", other.ComposerID)
		}
		// No composer text, no record.
		if anon := f.create(titled("Anonymous")); anon.ComposerID != "" || anon.ComposerRecord != nil {
			t.Errorf("no composer: %+v", anon.ComposerRecord)
		}
	})
}

func TestArchiveRestoreAndTenancy(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		p := f.create(titled("Nunc dimittis"))
		a, err := f.s.Archive(ctx, f.choir, p.ID)
		if err != nil || !a.IsArchived {
			t.Fatalf("archive: %v %v", a, err)
		}
		if page, _ := f.s.List(ctx, f.choir, Query{}); page.Total != 0 {
			t.Errorf("archived piece in the default list: %+v", page)
		}
		if page, _ := f.s.List(ctx, f.choir, Query{Archived: "archived"}); page.Total != 1 {
			t.Errorf("archived list: %+v", page)
		}
		r, err := f.s.Restore(ctx, f.choir, p.ID)
		if err != nil || r.IsArchived {
			t.Fatalf("restore: %v %v", r, err)
		}
		if page, _ := f.s.List(ctx, f.choir, Query{}); page.Total != 1 {
			t.Errorf("restored piece missing from the default list: %+v", page)
		}

		// The other choir sees none of it and changes none of it.
		for name, call := range map[string]func() error{
			"get":     func() error { _, err := f.s.Get(ctx, f.other, p.ID); return err },
			"update":  func() error { _, err := f.s.Update(ctx, f.other, f.user, p.ID, titled("Mine")); return err },
			"archive": func() error { _, err := f.s.Archive(ctx, f.other, p.ID); return err },
			"restore": func() error { _, err := f.s.Restore(ctx, f.other, p.ID); return err },
		} {
			if e := refusal(t, call()); e.Kind != apperr.NotFound || e.Message != MsgPieceNotFound {
				t.Errorf("%s from the other choir: %v", name, e)
			}
		}
		if page, _ := f.s.List(ctx, f.other, Query{Archived: "all"}); page.Total != 0 {
			t.Errorf("the other choir's list: %+v", page)
		}
		if nums, next, _ := f.s.Numbers(ctx, f.other); len(nums) != 0 || next != "1" {
			t.Errorf("the other choir's numbers: %v %s", nums, next)
		}
		if got, _ := f.s.Get(ctx, f.choir, p.ID); got.Title != "Nunc dimittis" || got.IsArchived {
			t.Errorf("piece after the other choir's attempts: %+v", got)
		}
	})
}

func TestMarkUsed(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		p := f.create(titled("Gloria"))
		if err := f.s.MarkUsed(ctx, f.other, []string{p.ID}, f.s.now()); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.s.Get(ctx, f.choir, p.ID); got.LastUsedDate != "" {
			t.Errorf("marked by the other choir: %q", got.LastUsedDate)
		}
		if err := f.s.MarkUsed(ctx, f.choir, []string{p.ID}, f.s.now()); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.s.Get(ctx, f.choir, p.ID); got.LastUsedDate != "2026-11-23" {
			t.Errorf("last used %q", got.LastUsedDate)
		}
	})
}

func TestTypesCategoriesVoicings(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		for _, name := range []string{"Motet", "Anthem"} {
			if _, err := f.s.AddType(ctx, f.choir, name); err != nil {
				t.Fatal(err)
			}
		}
		_, err := f.s.AddType(ctx, f.choir, " motet ")
		if e := refusal(t, err); e.Code != apperr.CodeDuplicateName || e.Message != `A music type named "motet" already exists in this choir.` {
			t.Errorf("duplicate type: %v", e)
		}
		if _, err := f.s.AddType(ctx, f.choir, ""); refusal(t, err).Details["name"] != MsgNameRequired {
			t.Errorf("blank type: %v", err)
		}
		if _, err := f.s.AddType(ctx, f.other, "Motet"); err != nil {
			t.Errorf("the other choir's Motet: %v", err)
		}
		types, _ := f.s.Types(ctx, f.choir)
		if len(types) != 2 || types[0].Name != "Anthem" || types[1].Name != "Motet" {
			t.Errorf("types %+v", types)
		}
		if _, err := f.s.AddCategory(ctx, f.choir, "Lent"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.s.AddCategory(ctx, f.choir, "LENT"); refusal(t, err).Code != apperr.CodeDuplicateName {
			t.Errorf("duplicate category: %v", err)
		}
		if cats, _ := f.s.Categories(ctx, f.choir); len(cats) != 1 {
			t.Errorf("categories %+v", cats)
		}

		if _, err := f.s.AddVoicing(ctx, f.choir, "satb", 4); refusal(t, err).Code != apperr.CodeDuplicateName {
			t.Errorf("a built-in name: %v", err)
		}
		if _, err := f.s.AddVoicing(ctx, f.choir, "SAATB", 0); refusal(t, err).Details["numDistinctParts"] != MsgPartsRange {
			t.Errorf("no parts: %v", err)
		}
		own, err := f.s.AddVoicing(ctx, f.choir, "SAATB", 5)
		if err != nil {
			t.Fatal(err)
		}
		vs, _ := f.s.Voicings(ctx, f.choir)
		builtIn, mine := 0, 0
		for _, v := range vs {
			if v.BuiltIn {
				builtIn++
			} else if v.ID == own.ID {
				mine++
			}
		}
		if builtIn != 16 || mine != 1 || len(vs) != 17 {
			t.Errorf("voicings: %d built in, %d own, %d in all", builtIn, mine, len(vs))
		}
		if theirs, _ := f.s.Voicings(ctx, f.other); len(theirs) != 16 {
			t.Errorf("the other choir sees %d voicings", len(theirs))
		}
	})
}
