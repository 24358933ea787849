package composer

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// variants are ways a person may type a name: as it is, in other case, with
// a letter dropped, doubled or changed, by surname only, with initials.
func variants(name string, rnd *rand.Rand) []string {
	out := []string{name, strings.ToLower(name), strings.ToUpper(name)}
	rs := []rune(name)
	if len(rs) > 3 {
		i := 1 + rnd.IntN(len(rs)-2)
		out = append(out, string(rs[:i])+string(rs[i+1:]), string(rs[:i])+string(rs[i])+string(rs[i:]),
			string(rs[:i])+"x"+string(rs[i+1:]))
	}
	words := strings.Fields(name)
	if len(words) > 1 {
		last := words[len(words)-1]
		var initials []string
		for _, w := range words[:len(words)-1] {
			initials = append(initials, string([]rune(w)[0])+".")
		}
		out = append(out, last, strings.Join(initials, " ")+" "+last, last+", "+strings.Join(words[:len(words)-1], " "))
	}
	return out
}

// TestIndexAnswersAsTheList: resolving through an Index gives exactly what
// Resolve and Reuse give over the plain list, for names close to and far
// from a choir's composers.
func TestIndexAnswersAsTheList(t *testing.T) {
	t.Parallel()
	cs := library(300)
	for i, f := range FamousList() {
		cs = append(cs, Candidate{ID: fmt.Sprint("f", i), Name: f.Name, CanonicalName: f.CanonicalName, Aliases: f.Aliases})
		cs = append(cs, Candidate{ID: fmt.Sprint("t", i), Name: f.Name + " Jr", CanonicalName: CanonicalName(f.Name)})
	}
	cs = append(cs, Candidate{ID: "short", Name: "Bo"}, Candidate{ID: "dots", Name: "..."}, Candidate{ID: "long", Name: strings.Repeat("Longname ", 30)})
	ix := NewIndex(cs)
	rnd := rand.New(rand.NewPCG(1, 2))
	var inputs []string
	for i, c := range cs {
		if i%4 == 0 {
			inputs = append(inputs, variants(c.Name, rnd)...)
		}
	}
	for _, p := range falseFriends {
		inputs = append(inputs, p[0], p[1])
	}
	inputs = append(inputs, "", "B", "Bp", "Zzyzx Unknown", strings.Repeat("Longname ", 29), "J. Bach", "Bach")
	for _, in := range inputs {
		want := Resolve(in, cs)
		want.FamousSuggestions = []Famous{}
		if got := ix.Resolve(in); !reflect.DeepEqual(got, want) {
			t.Fatalf("Index.Resolve(%q) =\n%+v\nwant\n%+v", in, got, want)
		}
		wc, wok := Reuse(in, cs)
		if gc, gok := ix.Reuse(in); gok != wok || gc.ID != wc.ID {
			t.Errorf("Index.Reuse(%q) = %v %v, want %v %v", in, gc.ID, gok, wc.ID, wok)
		}
	}
	t.Logf("%d names compared", len(inputs))
}

// TestMyersIsTheEditDistance: the bit-parallel distance equals the table's
// on random names of up to 64 letters, accents and all.
func TestMyersIsTheEditDistance(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(3, 4))
	alphabet := []rune("abcde éøßxyz")
	word := func() []rune {
		rs := make([]rune, rnd.IntN(65))
		for i := range rs {
			rs[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		return rs
	}
	for range 20000 {
		a, b := word(), word()
		if got, want := myers(a, b), levenshtein(a, b, 1000); got != want {
			t.Fatalf("myers(%q, %q) = %d, want %d", string(a), string(b), got, want)
		}
	}
}
