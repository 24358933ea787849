package composer

import (
	"slices"
	"testing"
)

// periods are the API's ComposerPeriod values.
var periods = []string{"Medieval", "Renaissance", "Renaissance/Baroque", "Baroque", "Classical", "Classical/Romantic", "Romantic", "Romantic/Modern", "Modern", "Contemporary"}

func TestFamousListInvariants(t *testing.T) {
	t.Parallel()
	list := FamousList()
	if len(list) < 90 || len(list) > 130 {
		t.Errorf("the famous list has %d composers, the specification says about 100", len(list))
	}
	seen := map[string]string{}
	for _, f := range list {
		for _, n := range []string{f.Name, f.CanonicalName} {
			if n == "" {
				t.Errorf("%q: empty name or canonical name", f.Name)
			}
			if other, ok := seen[Normalise(n)]; ok && other != f.Name {
				t.Errorf("%q and %q share the name %q", f.Name, other, n)
			}
			seen[Normalise(n)] = f.Name
		}
		if f.Aliases == nil {
			t.Errorf("%q: aliases nil, the API wants a list", f.Name)
		}
		if !slices.Contains(periods, f.Period) {
			t.Errorf("%q: period %q is not one of %v", f.Name, f.Period, periods)
		}
		if f.Nationality == "" || f.BirthYear < 1000 || f.BirthYear > 2010 {
			t.Errorf("%q: nationality %q, born %d", f.Name, f.Nationality, f.BirthYear)
		}
		if f.DeathYear != nil && (*f.DeathYear <= f.BirthYear || *f.DeathYear > 2026 || *f.DeathYear-f.BirthYear > 110) {
			t.Errorf("%q: born %d, died %d", f.Name, f.BirthYear, *f.DeathYear)
		}
		if f.DeathYear == nil && f.BirthYear < 1920 {
			t.Errorf("%q: born %d and said to be living", f.Name, f.BirthYear)
		}
	}
}

// TestFamousNamesKeepApart: no name, canonical name or alias of one famous
// composer auto-matches another, and each finds its own composer.
func TestFamousNamesKeepApart(t *testing.T) {
	t.Parallel()
	list := FamousList()
	for _, f := range list {
		for _, n := range append([]string{f.Name, f.CanonicalName}, f.Aliases...) {
			for _, g := range list {
				if g.Name == f.Name {
					continue
				}
				if s, k := Score(n, g.candidate()); s >= autoScore {
					t.Errorf("%q (of %s) auto-matches %s: %v %s", n, f.Name, g.Name, s, k)
				}
			}
			got, score, ok := LookupFamous(n)
			if !ok || got.Name != f.Name {
				t.Errorf("LookupFamous(%q) = %s %v %v, want %s", n, got.Name, score, ok, f.Name)
			}
		}
	}
}

func TestLookupFamous(t *testing.T) {
	t.Parallel()
	rows := []struct {
		in    string
		name  string // "" when not famous
		score float64
	}{
		{"Bach", "Johann Sebastian Bach", 0.95},
		{"J.S. Bach", "Johann Sebastian Bach", 1},
		{"J.C. Bach", "Johann Christian Bach", 1},
		{"Haendel", "George Frideric Handel", 0.95},
		{"Händel", "George Frideric Handel", 1}, // the canonical Handel, accent folded
		{"Dvorak", "Antonín Dvořák", 1},
		{"Rakhmaninov", "Sergei Rachmaninoff", 0.95},
		{"Palestrina", "Giovanni Pierluigi da Palestrina", 1},
		{"Victoria", "Tomás Luis de Victoria", 1},
		{"Part", "Arvo Pärt", 1},
		{"Hildegerd von Bengin", "Hildegard von Bingen", 0.85}, // the threshold
		{"Hildegerd fon Bengin", "", 0.8},                      // below it
		{"Elaine Hagenberg", "", 0},
		{"", "", 0},
	}
	for _, r := range rows {
		f, score, ok := LookupFamous(r.in)
		if ok != (r.name != "") || f.Name != r.name || score != r.score {
			t.Errorf("LookupFamous(%q) = %q %v %v, want %q %v", r.in, f.Name, score, ok, r.name, r.score)
		}
	}
}

func TestSuggestFamous(t *testing.T) {
	t.Parallel()
	first := func(in string) string {
		fs := SuggestFamous(in, 5)
		if len(fs) == 0 {
			return ""
		}
		return fs[0].Name
	}
	rows := map[string]string{
		"Rut":          "John Rutter",
		"whitac":       "Eric Whitacre",
		"Tschaikowsky": "Pyotr Ilyich Tchaikovsky",
		"Mantyjarvi":   "Jaakko Mäntyjärvi",
		"Rachmaninov":  "Sergei Rachmaninoff",
		"Hildegard":    "Hildegard von Bingen",
		"Zzyzx":        "",
		"":             "",
	}
	for in, want := range rows {
		if got := first(in); got != want {
			t.Errorf("SuggestFamous(%q) first = %q, want %q", in, got, want)
		}
	}
	if fs := SuggestFamous("Bach", 5); len(fs) != 3 || fs[0].Name != "Johann Sebastian Bach" {
		t.Errorf("SuggestFamous(Bach) = %v, want the three Bachs, J.S. first", fs)
	}
	if fs := SuggestFamous("a", 5); len(fs) != 5 {
		t.Errorf("SuggestFamous(a, 5) gave %d", len(fs))
	}
}

func TestFamousListIsACopy(t *testing.T) {
	t.Parallel()
	a := FamousList()
	a[0].Name = "Changed"
	a[0].Aliases[0] = "Changed"
	*a[0].DeathYear = 1
	b := FamousList()
	if b[0].Name == "Changed" || b[0].Aliases[0] == "Changed" || *b[0].DeathYear == 1 {
		t.Errorf("FamousList shares its entries: %+v", b[0])
	}
}
