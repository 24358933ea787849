package music

import (
	"slices"
	"strconv"
	"testing"
	"unicode/utf8"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Antonín Dvořák":     "antonin dvorak",
		"  Ave   MARIA  ":    "ave maria",
		"Søren Straße Œuvre": "soren strasse oeuvre",
		"Łukaszewski":        "lukaszewski",
		"100% _x_":           "100% _x_",
		"":                   "",
	} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNumberKeyOrder(t *testing.T) {
	numbers := []string{"A-1", "10", "2", "b", "1", "10a", "100", "9", "1000000000000", "999999999999"}
	slices.SortFunc(numbers, func(a, b string) int {
		if numberKey(a) < numberKey(b) {
			return -1
		}
		return 1
	})
	if want := []string{"1", "2", "9", "10", "10a", "100", "999999999999", "1000000000000", "A-1", "b"}; !slices.Equal(numbers, want) {
		t.Errorf("got %v, want %v", numbers, want)
	}
}

// What a person types into the search is folded once and for all: folding
// again changes nothing, and numbers keep their order.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"Dvořák", "J.S. Bach", "Ærø", "ǅ", "\u0301a", "12", "007"} {
		f.Add(s, 3, 12)
	}
	f.Add("x", 999999999999, 1000000000000)
	f.Fuzz(func(t *testing.T, s string, a, b int) {
		if !utf8.ValidString(s) {
			return
		}
		if once := fold(s); fold(once) != once {
			t.Errorf("fold(%q) = %q, folded again %q", s, once, fold(once))
		}
		a, b = max(a, 0), max(b, 0)
		if a < b && numberKey(strconv.Itoa(a)) >= numberKey(strconv.Itoa(b)) {
			t.Errorf("numberKey(%d) >= numberKey(%d)", a, b)
		}
	})
}
