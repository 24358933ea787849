package composer

import (
	"strings"
	"testing"
)

// asStored are composers as a choir holds them: loaded from the famous list
// (a bare-surname canonical name or alias: Haydn, Bach, Mozart), made from
// typed text before canonical names kept the given names (canonical name the
// surname), and made from typed text now.
func asStored(name string) []Candidate {
	out := []Candidate{{ID: "typed-old", Name: name, CanonicalName: surnameOnly(name)}, {ID: "typed", Name: name, CanonicalName: CanonicalName(name)}}
	if f, _, ok := LookupFamous(name); ok && f.Name == name {
		out = append(out, Candidate{ID: "famous", Name: f.Name, CanonicalName: f.CanonicalName, Aliases: f.Aliases})
	}
	return out
}

// surnameOnly is how canonical names were made from typed text before: the
// last word.
func surnameOnly(name string) string {
	words := strings.Fields(name)
	return words[len(words)-1]
}

// falseFriends are pairs of different people whose names share a surname.
var falseFriends = [][2]string{
	{"Michael Haydn", "Joseph Haydn"}, {"M. Haydn", "Joseph Haydn"}, {"Johann Michael Haydn", "Joseph Haydn"},
	{"Joseph Haydn", "Michael Haydn"},
	{"J.C. Bach", "Johann Sebastian Bach"}, {"Johann Christian Bach", "Johann Sebastian Bach"}, {"C.P.E. Bach", "Johann Sebastian Bach"},
	{"Carl Philipp Emanuel Bach", "Johann Sebastian Bach"}, {"W. F. Bach", "Johann Sebastian Bach"}, {"J.S. Bach", "Johann Christian Bach"},
	{"Leopold Mozart", "Wolfgang Amadeus Mozart"}, {"Clara Schumann", "Robert Schumann"}, {"Fanny Mendelssohn", "Felix Mendelssohn"},
	{"Johann Strauss", "Richard Strauss"}, {"Richard Strauss", "Johann Strauss II"}, {"Johann Strauss I", "Johann Strauss II"},
	{"Lili Boulanger", "Nadia Boulanger"}, {"Giovanni Gabrieli", "Andrea Gabrieli"},
}

// TestFalseFriendsNeverMatch: a name with given names never matches another
// person of the family, whatever short form the stored composer carries:
// no score, no suggestion, never reused.
func TestFalseFriendsNeverMatch(t *testing.T) {
	t.Parallel()
	for _, p := range falseFriends {
		for _, c := range asStored(p[1]) {
			if s, k := Score(p[0], c); s != 0 {
				t.Errorf("Score(%q, %s %q/%q) = %v %s, want 0", p[0], c.ID, c.Name, c.CanonicalName, s, k)
			}
			cs := []Candidate{c}
			if r := Resolve(p[0], cs); r.Recommendation != CreateNew || len(r.Matches) != 0 {
				t.Errorf("Resolve(%q, %s %q) = %s %v", p[0], c.ID, c.Name, r.Recommendation, r.Matches)
			}
			if got, ok := Reuse(p[0], cs); ok {
				t.Errorf("Reuse(%q, %s %q) took %q", p[0], c.ID, c.Name, got.Name)
			}
		}
	}
}

// TestTrueFriendsStillMatch: the same person however written still finds
// the stored composer in each of its forms.
func TestTrueFriendsStillMatch(t *testing.T) {
	t.Parallel()
	rows := []struct {
		typed, stored string
		rec           Recommendation // for every stored form
	}{
		{"Bach", "Johann Sebastian Bach", AutoMatch},
		{"J. S. Bach", "Johann Sebastian Bach", AutoMatch},
		{"JS Bach", "Johann Sebastian Bach", AutoMatch},
		{"Bach, Johann Sebastian", "Johann Sebastian Bach", AutoMatch},
		{"johann sebastian bach", "Johann Sebastian Bach", AutoMatch},
		{"Johann Sebastian Bach", "J.S. Bach", AutoMatch},
		{"Mozart", "Wolfgang Amadeus Mozart", AutoMatch},
		{"W. A. Mozart", "Wolfgang Amadeus Mozart", AutoMatch},
		{"Haydn", "Joseph Haydn", AutoMatch},
		{"Franz Joseph Haydn", "Joseph Haydn", AutoMatch},
		{"Michael Haydn", "Michael Haydn", AutoMatch},
		{"Johann Michael Haydn", "Michael Haydn", AutoMatch},
		{"E. Hagenberg", "Elaine Hagenberg", ConfirmMatch},
		{"Elaine Hagenberg", "Elaine Hagenberg", AutoMatch},
		{"ELAINE HAGENBERG", "Elaine Hagenberg", AutoMatch},
	}
	for _, r := range rows {
		for _, c := range asStored(r.stored) {
			res := Resolve(r.typed, []Candidate{c})
			if res.Recommendation != r.rec || len(res.Matches) == 0 {
				t.Errorf("Resolve(%q, %s %q/%q) = %s %v, want %s", r.typed, c.ID, c.Name, c.CanonicalName, res.Recommendation, res.Matches, r.rec)
			}
			if _, ok := Reuse(r.typed, []Candidate{c}); !ok {
				t.Errorf("Reuse(%q, %s %q) made a new composer", r.typed, c.ID, c.Name)
			}
		}
	}
}

func TestCanonicalName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Johann Sebastian Bach":  "Bach, Johann Sebastian",
		"J.S. Bach":              "Bach, J.S.",
		"JS Bach":                "Bach, JS",
		"Michael  Haydn":         "Haydn, Michael",
		"Bach":                   "Bach",
		"Bach, J. S.":            "Bach, J. S.",
		"Bach J.S.":              "Bach, J.S.",
		"Powell R.":              "Powell, R.",
		"Johann Strauss II":      "Strauss II, Johann",
		"Johann Strauss Jr.":     "Strauss Jr., Johann",
		"Strauss II":             "Strauss II",
		"Ralph Vaughan Williams": "Williams, Ralph Vaughan",
		"  ":                     "",
	} {
		got := CanonicalName(in)
		if got != want {
			t.Errorf("CanonicalName(%q) = %q, want %q", in, got, want)
		}
		if in != "  " && Normalise(got) != Normalise(in) {
			t.Errorf("CanonicalName(%q) = %q compares as %q, the name as %q", in, got, Normalise(got), Normalise(in))
		}
	}
}
