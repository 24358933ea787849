package sheet

import (
	"strings"
	"testing"
)

func TestGuardRoundTrip(t *testing.T) {
	t.Parallel()
	for _, cell := range []string{"", "=SUM(A1)", "+1", "-quiet", "@home", "'quoted", "'", "plain", "\ttab"} {
		if got := Unguard(Guard(cell)); got != cell {
			t.Errorf("%q comes back as %q", cell, got)
		}
		if g := Guard(cell); g != "" && strings.ContainsRune("=+-@\t", rune(g[0])) {
			t.Errorf("%q is exported as %q, which a spreadsheet runs", cell, g)
		}
	}
}

func TestNewReader(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]string{
		"a,b\n1,2\n":             "a|b 1|2",
		"\ufeffa;b\n1;\"2;3\"\n": "a|b 1|2;3",
		"a\tb\n1\t2\n":           "a|b 1|2",
		"a;b;c,d\n":              "a|b|c,d",
	} {
		rows, err := NewReader(text).ReadAll()
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		var got []string
		for _, r := range rows {
			got = append(got, strings.Join(r, "|"))
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q reads as %q, want %q", text, strings.Join(got, " "), want)
		}
	}
}
