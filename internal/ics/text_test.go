package ics

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                   "plain",
		`a,b;c\d` + "\n":          `a\,b\;c\\d\n`,
		"two\r\nlines\rand\nmore": `two\nlines\nand\nmore`,
		"tab\tstays":              "tab\tstays",
		"bell\a and nul\x00 go":   "bell and nul go",
		"del\x7f goes":            "del goes",
		"bad \xff byte":           "bad \uFFFD byte",
		`already \n escaped`:      `already \\n escaped`,
		"Saint George, Martyr":    `Saint George\, Martyr`,
		"Te Deum; Magnificat, 漢字": `Te Deum\; Magnificat\, 漢字`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUnescapeUndoesEscape(t *testing.T) {
	for _, s := range []string{"", "plain", `a,b;c\d` + "\n", `\n is not a line break`, "x\\\\,y", "Magnificat; Nunc dimittis\nTallis, Byrd"} {
		if got := Unescape(Escape(s)); got != s {
			t.Errorf("Unescape(Escape(%q)) = %q", s, got)
		}
	}
	if got := Unescape(`A\NB \x kept`); got != "A\nB \\x kept" {
		t.Errorf("Unescape: %q", got)
	}
}

func TestFold(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		physical   []string
	}{
		{"short", "SUMMARY:x", []string{"SUMMARY:x"}},
		{"exactly 75 octets", strings.Repeat("a", 75), []string{strings.Repeat("a", 75)}},
		{"76 octets", strings.Repeat("a", 76), []string{strings.Repeat("a", 75), " a"}},
		{"continuations hold 74 octets and the space", strings.Repeat("a", 75+74+1),
			[]string{strings.Repeat("a", 75), " " + strings.Repeat("a", 74), " a"}},
		// A two-octet é would straddle octet 75: it moves to the next line.
		{"no split UTF-8", strings.Repeat("a", 74) + "é", []string{strings.Repeat("a", 74), " é"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := strings.Join(tc.physical, "\r\n") + "\r\n"
			if got := Fold(tc.line); got != want {
				t.Errorf("Fold = %q, want %q", got, want)
			}
		})
	}
}

// TestFoldMultiByte folds lines of characters of every UTF-8 length; every
// physical line stays within 75 octets, valid on its own, and unfolding
// gives the line back.
func TestFoldMultiByte(t *testing.T) {
	for _, line := range []string{
		"SUMMARY:" + strings.Repeat("é", 60),
		"SUMMARY:" + strings.Repeat("Añ漢🎵", 50),
		"X:" + strings.Repeat("🎵", 100),
		"\xff\xfe" + strings.Repeat("\x80", 200), // not UTF-8: still folds and ends
	} {
		folded := Fold(line)
		if !strings.HasSuffix(folded, "\r\n") {
			t.Fatalf("no CRLF at the end of %q", folded)
		}
		for _, l := range strings.Split(strings.TrimSuffix(folded, "\r\n"), "\r\n") {
			if len(l) > maxLineOctets {
				t.Fatalf("line of %d octets", len(l))
			}
			if utf8.ValidString(line) && !utf8.ValidString(l) {
				t.Fatalf("a fold splits a character: %q", l)
			}
		}
		if got := strings.ReplaceAll(strings.TrimSuffix(folded, "\r\n"), "\r\n ", ""); got != line {
			t.Fatalf("unfolding gives %q, want %q", got, line)
		}
	}
}

// TestLongSummaryRoundTrip writes a 200-character summary of one- to
// four-octet characters and reads it back.
func TestLongSummaryRoundTrip(t *testing.T) {
	fixedNow(t)
	summary := strings.Repeat("Añ漢🎵", 45) + "; Tallis, Byrd\\ " + strings.Repeat("x", 4)
	if n := utf8.RuneCountInString(summary); n != 200 {
		t.Fatalf("the summary has %d characters", n)
	}
	c := allDayCalendar()
	c.Events[0].Summary = summary
	doc := mustWrite(t, c)
	if strings.Count(doc, "\r\n ") < 5 {
		t.Errorf("the summary is hardly folded:\n%s", doc)
	}
	for _, l := range Unfold(doc) {
		if name, _, value := SplitLine(l.Text); name == "SUMMARY" {
			if got := Unescape(value); got != summary {
				t.Fatalf("read back %q, want %q", got, summary)
			}
			return
		}
	}
	t.Fatal("no SUMMARY")
}

func TestUnfold(t *testing.T) {
	content := "\ufeffBEGIN:VEVENT\r\nSUMMARY:St Joseph\\, Spouse of the Blessed\r\n  Virgin Mary\r\n\tand more\r\n\r\nDTSTART;VALUE=DATE:20260319\nEND:VEVENT"
	want := []Line{
		{1, "BEGIN:VEVENT"},
		{2, "SUMMARY:St Joseph\\, Spouse of the Blessed Virgin Maryand more"},
		{5, ""},
		{6, "DTSTART;VALUE=DATE:20260319"},
		{7, "END:VEVENT"},
	}
	got := Unfold(content)
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	if got := Unfold("A:1\r\n"); len(got) != 1 || got[0] != (Line{1, "A:1"}) {
		t.Errorf("a final CRLF makes %+v", got)
	}
	if got := Unfold(""); len(got) != 0 {
		t.Errorf("empty content makes %+v", got)
	}
	if got := Unfold(" orphan continuation"); len(got) != 1 || got[0].Text != " orphan continuation" {
		t.Errorf("a leading continuation makes %+v", got)
	}
}

func TestSplitLine(t *testing.T) {
	for _, tc := range []struct{ line, name, params, value string }{
		{"SUMMARY:Mass", "SUMMARY", "", "Mass"},
		{"summary:lower-case name", "SUMMARY", "", "lower-case name"},
		{"DTSTART;VALUE=DATE:20260319", "DTSTART", "VALUE=DATE", "20260319"},
		{"DESCRIPTION:time: 10:00", "DESCRIPTION", "", "time: 10:00"},
		{`DTSTART;TZID="My: zone; here":20260319T100000`, "DTSTART", `TZID="My: zone; here"`, "20260319T100000"},
		{`ATTENDEE;CN="Smith, J";ROLE=CHAIR:mailto:j@example.com`, "ATTENDEE", `CN="Smith, J";ROLE=CHAIR`, "mailto:j@example.com"},
		{"SUMMARY: spaces kept ", "SUMMARY", "", " spaces kept "},
		{"NOVALUE", "NOVALUE", "", ""},
		{"X;A=1", "X", "A=1", ""},
		{"", "", "", ""},
	} {
		name, params, value := SplitLine(tc.line)
		if name != tc.name || params != tc.params || value != tc.value {
			t.Errorf("SplitLine(%q) = %q, %q, %q; want %q, %q, %q", tc.line, name, params, value, tc.name, tc.params, tc.value)
		}
	}
}

func TestParam(t *testing.T) {
	params := `VALUE=DATE;tzid="Europe/London";CN="Smith; J";MEMBER="a","b"`
	for name, want := range map[string]string{
		"VALUE":  "DATE",
		"TZID":   "Europe/London",
		"cn":     "Smith; J",
		"MEMBER": `"a","b"`,
		"ROLE":   "",
	} {
		if got := Param(params, name); got != want {
			t.Errorf("Param(%q) = %q, want %q", name, got, want)
		}
	}
	if got := Param("", "VALUE"); got != "" {
		t.Errorf("Param of nothing = %q", got)
	}
}
