package music

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/composer"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

// falseFriends are pairs of different people of one family: a piece of the
// first, saved with only its composer text, never joins the second.
var falseFriends = [][2]string{
	{"Michael Haydn", "Joseph Haydn"}, {"Joseph Haydn", "Michael Haydn"}, {"M. Haydn", "Joseph Haydn"},
	{"J.C. Bach", "Johann Sebastian Bach"}, {"Johann Christian Bach", "J.S. Bach"}, {"C.P.E. Bach", "Johann Sebastian Bach"},
	{"J.S. Bach", "Johann Christian Bach"}, {"Leopold Mozart", "Wolfgang Amadeus Mozart"},
	{"Clara Schumann", "Robert Schumann"}, {"Fanny Mendelssohn", "Felix Mendelssohn"}, {"Richard Strauss", "Johann Strauss II"},
}

// storedForms are the ways a choir may hold the second of a pair: made from
// a piece's text, loaded from the famous list, or made from text before
// canonical names kept the given names (the surname alone).
var storedForms = []string{"typed", "famous", "surname"}

// holdComposer gives the choir the composer of that name in one of the
// stored forms and returns its id.
func (f *fixture) holdComposer(form, name string) string {
	f.t.Helper()
	ctx := context.Background()
	switch form {
	case "typed":
		return f.create(Input{Fields: Fields{Title: "By " + name, Composer: name}, NewComposer: true}).ComposerID
	case "famous":
		fam, _, ok := composer.LookupFamous(name)
		if !ok || fam.Name != name {
			f.t.Fatalf("%q is not on the famous list", name)
		}
		c, err := f.s.CreateComposer(ctx, f.choir, famousInput(fam))
		if err != nil {
			f.t.Fatal(err)
		}
		return c.ID
	default:
		id := uuid.NewString()
		now := time.Now().UTC()
		f.exec(`INSERT INTO composers (id, choir_id, name, name_key, canonical_name, aliases, search_text, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, '[]', '', ?, ?)`, id, f.choir, name, nameKey(name), lastWord(name), now, now)
		return id
	}
}

func lastWord(name string) string {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == ' ' {
			return name[i+1:]
		}
	}
	return name
}

// TestFalseFriendsOnSave: saving a piece with only the composer text of
// another person of the family makes a new composer, on create and on
// update, whatever form the family member is stored in.
func TestFalseFriendsOnSave(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		for _, form := range storedForms {
			for _, p := range falseFriends {
				if form == "famous" {
					if fam, _, ok := composer.LookupFamous(p[1]); !ok || fam.Name != p[1] {
						continue
					}
				}
				f := newFixture(t, d)
				held := f.holdComposer(form, p[1])
				created := f.create(Input{Fields: Fields{Title: "Piece by " + p[0], Composer: p[0]}})
				if created.ComposerID == held {
					t.Errorf("%s %q: create with %q joined it", form, p[1], p[0])
				}
				other := f.create(titled("Another"))
				updated, err := f.s.Update(context.Background(), f.choir, f.user, other.ID, Input{Fields: Fields{Title: "Another", Composer: p[0]}})
				if err != nil {
					t.Fatal(err)
				}
				if updated.ComposerID == held {
					t.Errorf("%s %q: update with %q joined it", form, p[1], p[0])
				}
			}
		}
	})
}

// TestTrueFriendsOnSave: the same person however written joins the stored
// composer.
func TestTrueFriendsOnSave(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		for _, form := range storedForms {
			for _, p := range [][2]string{{"Bach", "Johann Sebastian Bach"}, {"J. S. Bach", "Johann Sebastian Bach"},
				{"Mozart", "Wolfgang Amadeus Mozart"}, {"W. A. Mozart", "Wolfgang Amadeus Mozart"}, {"joseph haydn", "Joseph Haydn"},
				{"Franz Joseph Haydn", "Joseph Haydn"}} {
				f := newFixture(t, d)
				held := f.holdComposer(form, p[1])
				if got := f.create(Input{Fields: Fields{Title: "Piece", Composer: p[0]}}); got.ComposerID != held {
					t.Errorf("%s %q: %q made composer %+v", form, p[1], p[0], got.ComposerRecord)
				}
			}
		}
	})
}

// TestNewComposerFromTheFamousList: a composer made from a famous name is
// the famous composer, with its years, period and nationality, as the form
// promises ("Johann Sebastian Bach (Baroque, 1685–1750)"); any other name
// is made as typed, its canonical name the surname first.
func TestNewComposerFromTheFamousList(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		p := f.create(Input{Fields: Fields{Title: "Jesu, joy", Composer: "J.S. Bach"}, NewComposer: true})
		c := p.ComposerRecord
		if c == nil || c.Name != "Johann Sebastian Bach" || c.CanonicalName != "J.S. Bach" || c.Period != "Baroque" ||
			c.Nationality != "German" || c.BirthYear == nil || *c.BirthYear != 1685 || c.DeathYear == nil || *c.DeathYear != 1750 ||
			len(c.Aliases) == 0 || p.Composer != "J.S. Bach" {
			t.Errorf("the famous composer made: %+v (text %q)", c, p.Composer)
		}
		living := f.create(Input{Fields: Fields{Title: "Lux aurumque", Composer: "Eric Whitacre"}})
		if c := living.ComposerRecord; c == nil || c.BirthYear == nil || *c.BirthYear != 1970 || c.DeathYear != nil || c.Period != "Contemporary" {
			t.Errorf("a living famous composer: %+v", c)
		}
		plain := f.create(Input{Fields: Fields{Title: "Song", Composer: "Elaine  Hagenberg"}})
		if c := plain.ComposerRecord; c == nil || c.Name != "Elaine Hagenberg" || c.CanonicalName != "Hagenberg, Elaine" || c.BirthYear != nil || c.Period != "" {
			t.Errorf("an unknown composer: %+v", c)
		}
		// A famous name whose famous composer the choir has already, said to
		// be someone else, is made as typed, without the famous details.
		bach := p.ComposerID
		other := f.create(Input{Fields: Fields{Title: "Cantata", Composer: "Bach"}, NewComposer: true})
		if c := other.ComposerRecord; c == nil || other.ComposerID == bach || c.Name != "Bach" || c.BirthYear != nil {
			t.Errorf("someone else than the Bach the choir has: %+v", c)
		}
	})
}
