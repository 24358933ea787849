package planpdf

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// checkStructure fails unless doc is a well-formed one-page PDF: the
// header, every object where the cross-reference table says it is, a
// trailer naming the catalog, startxref at the table, %%EOF, stream
// lengths that match, and a single page.
func checkStructure(t testing.TB, doc []byte) {
	t.Helper()
	if !bytes.HasPrefix(doc, []byte("%PDF-1.4\n")) {
		t.Fatalf("no PDF header: %q", doc[:min(len(doc), 20)])
	}
	if !bytes.HasSuffix(doc, []byte("%%EOF\n")) {
		t.Fatalf("no %%%%EOF at the end")
	}
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(doc)
	if m == nil {
		t.Fatal("no startxref")
	}
	xref, _ := strconv.Atoi(string(m[1]))
	if xref >= len(doc) || !bytes.HasPrefix(doc[xref:], []byte("xref\n0 ")) {
		t.Fatalf("startxref %d does not point at the xref table", xref)
	}
	table := doc[xref:]
	head := regexp.MustCompile(`^xref\n0 (\d+)\n`).FindSubmatch(table)
	n, _ := strconv.Atoi(string(head[1]))
	entries := table[len(head[0]):]
	if !bytes.HasPrefix(entries, []byte("0000000000 65535 f \n")) {
		t.Fatalf("the first xref entry is not the free head: %q", entries[:20])
	}
	for i := 1; i < n; i++ {
		e := entries[20*i : 20*i+20]
		if !bytes.HasSuffix(e, []byte(" 00000 n \n")) {
			t.Fatalf("xref entry %d malformed: %q", i, e)
		}
		off, err := strconv.Atoi(string(e[:10]))
		if err != nil || !bytes.HasPrefix(doc[off:], fmt.Appendf(nil, "%d 0 obj\n", i)) {
			t.Fatalf("xref entry %d (%d) does not point at its object", i, off)
		}
	}
	if !bytes.Contains(entries[20*n:], fmt.Appendf(nil, "trailer\n<< /Size %d /Root 1 0 R >>", n)) {
		t.Fatal("no trailer with the catalog")
	}
	objects, _, _ := bytes.Cut(doc, []byte("stream\n")) // the page's text could say anything
	if c := bytes.Count(objects, []byte("/Type /Page ")); c != 1 || !bytes.Contains(objects, []byte("/Count 1 ")) {
		t.Fatalf("%d pages", c)
	}
	for _, s := range regexp.MustCompile(`(?s)<< /Length (\d+) >>\nstream\n`).FindAllSubmatchIndex(doc, -1) {
		length, _ := strconv.Atoi(string(doc[s[2]:s[3]]))
		if !bytes.HasPrefix(doc[s[1]+length:], []byte("\nendstream")) {
			t.Fatalf("stream length %d does not end at endstream", length)
		}
	}
}

// shown is the text the page draws, in order, as Windows-1252 bytes.
func shown(doc []byte) []string {
	var out []string
	for _, m := range regexp.MustCompile(`\(((?:[^()\\]|\\.)*)\) Tj`).FindAllSubmatch(doc, -1) {
		out = append(out, strings.NewReplacer(`\(`, "(", `\)`, ")", `\\`, `\`).Replace(string(m[1])))
	}
	return out
}

func easter() Plan {
	return Plan{Choir: "St Cecilia Singers", Title: "Easter Vigil", Date: "Saturday 27 March 2027", Feast: "Easter Vigil",
		Slots: []Slot{
			{Label: "Entrance", Title: "Surrexit Christus hodie", Composer: "Samuel Scheidt", Number: "A-12"},
			{Label: "Psalm", Title: "This is the day (Ps. 118)", Composer: "Fauré", Note: "cantor sings verses"},
			{Label: "Communion", Title: "Ave verum corpus", Composer: "W. A. Mozart", Number: "B-7", Note: "unaccompanied"},
			{Label: "Recessional"},
		}}
}

func TestRenderShowsThePlan(t *testing.T) {
	t.Parallel()
	doc := Render(easter())
	checkStructure(t, doc)
	text := strings.Join(shown(doc), "|")
	for _, want := range []string{"St Cecilia Singers", "Easter Vigil", "Saturday 27 March 2027 \x96 Easter Vigil",
		"Entrance", "Surrexit Christus hodie", "Samuel Scheidt", "A-12",
		"This is the day (Ps. 118)", "cantor sings verses", "Recessional"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page does not show %q: %q", want, text)
		}
	}
	// Accented names are written in the fonts' encoding: é is 0xE9.
	if !bytes.Contains(doc, []byte("(Faur\xe9)")) {
		t.Errorf("Fauré is not written as Windows-1252")
	}
	// Parentheses in text are escaped, so the stream stays valid.
	if !bytes.Contains(doc, []byte(`(This is the day \(Ps. 118\))`)) {
		t.Errorf("parentheses not escaped")
	}
	for _, f := range []string{"/BaseFont /Helvetica /Encoding /WinAnsiEncoding", "/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding", "/MediaBox [0 0 595 842]"} {
		if !bytes.Contains(doc, []byte(f)) {
			t.Errorf("no %s", f)
		}
	}
}

func TestEncode(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Pange lingua":           "Pange lingua",
		"Dvořák":                 "Dvo?\xe1k",
		"Ave María — “Schubert”": "Ave Mar\xeda \x97 \x93Schubert\x94",
		"Œuvre € 5":              "\x8cuvre \x80 5",
		"two\nlines\tand tab":    "two lines and tab",
		"Богородице Дево":        "?????????? ????",
		"😀":                      "?",
	} {
		if got := string(encode(in)); got != want {
			t.Errorf("encode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLongTextIsCutToItsColumn(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Magnificat anima mea Dominum ", 20)
	doc := Render(Plan{Choir: "C", Title: long, Date: "Sunday 4 April 2027", Slots: []Slot{{Label: long, Title: long, Composer: long, Number: long, Note: long}}})
	checkStructure(t, doc)
	for _, s := range shown(doc) {
		if strings.HasPrefix(s, "Magnificat") && !strings.HasSuffix(s, "\x85") {
			t.Errorf("long text not cut with an ellipsis: %q", s)
		}
	}
	if w := width(fit(long, fontBold, 12, 100), fontBold, 12); w > 100 {
		t.Errorf("cut text is %.1f pt wide, want at most 100", w)
	}
}

func TestManySlotsStayOnOnePage(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 12, 40, 400} {
		p := Plan{Choir: "C", Title: "Rehearsal", Date: "Thursday 1 April 2027"}
		for i := range n {
			p.Slots = append(p.Slots, Slot{Label: fmt.Sprintf("Slot %d", i+1), Title: fmt.Sprintf("Piece %d", i+1), Composer: "Anon.", Number: strconv.Itoa(i), Note: "note"})
		}
		doc := Render(p)
		checkStructure(t, doc)
		// Every line is drawn on the page, above the bottom margin.
		for _, m := range regexp.MustCompile(`Td \(`).FindAllIndex(doc, -1) {
			fields := strings.Fields(string(doc[max(0, m[0]-20):m[0]]))
			y, err := strconv.ParseFloat(fields[len(fields)-1], 64)
			if err != nil || y < bottom-1 || y > pageH {
				t.Fatalf("%d slots: a line at y=%s", n, fields[len(fields)-1])
			}
		}
		text := strings.Join(shown(doc), "|")
		switch {
		case n == 40 && !strings.Contains(text, "Piece 40"):
			t.Errorf("40 slots: the last is not shown")
		case n == 400 && !strings.Contains(text, "more"):
			t.Errorf("400 slots: no line says how many are left off")
		}
	}
}

// lineYs are the heights of the lines the page draws, in order.
func lineYs(t *testing.T, doc []byte) []float64 {
	t.Helper()
	var out []float64
	for _, m := range regexp.MustCompile(`Td \(`).FindAllIndex(doc, -1) {
		fields := strings.Fields(string(doc[max(0, m[0]-20):m[0]]))
		y, err := strconv.ParseFloat(fields[len(fields)-1], 64)
		if err != nil {
			t.Fatalf("a line at y=%s", fields[len(fields)-1])
		}
		out = append(out, y)
	}
	return out
}

func TestRenderShowsTheNotesForSingers(t *testing.T) {
	t.Parallel()
	p := easter()
	p.Notes = "Bring the blue folder.\n\n\n\nPractise the Amen (bars 12–30) at home."
	doc := Render(p)
	checkStructure(t, doc)
	text := shown(doc)
	// After the pieces, as the printed page has them, line by line; one
	// blank line at most between paragraphs.
	last := slices.Index(text, "Recessional")
	notes := slices.Index(text, "Bring the blue folder.")
	if last < 0 || notes < last || len(text) != notes+2 || text[notes+1] != "Practise the Amen (bars 12\x9630) at home." {
		t.Fatalf("the notes are not shown after the pieces: %q", text)
	}
	ys := lineYs(t, doc)
	if gap := ys[notes] - ys[notes+1]; gap < 20 || gap > 30 {
		t.Errorf("the paragraphs are %.1f pt apart, want one blank line", gap)
	}
}

func TestLongNotesWrapAndStayOnThePage(t *testing.T) {
	t.Parallel()
	words := strings.Repeat("Sopranos bring pencils and practise the descant of the last verse. ", 30)[:2000]
	for _, tc := range []struct {
		notes string
		slots int
	}{{words, 0}, {words, 12}, {words[:500], 40}, {strings.Repeat("x\n", 1000), 12}, {strings.Repeat("Pneumonoultramicroscopicsilicovolcanoconiosis", 20), 1}} {
		p := Plan{Choir: "C", Title: "Rehearsal", Date: "Thursday 1 April 2027", Notes: tc.notes}
		for i := range tc.slots {
			p.Slots = append(p.Slots, Slot{Label: fmt.Sprintf("Slot %d", i+1), Title: fmt.Sprintf("Piece %d", i+1), Composer: "Anon.", Note: "note"})
		}
		doc := Render(p)
		checkStructure(t, doc)
		for _, y := range lineYs(t, doc) {
			if y < bottom-1 || y > pageH {
				t.Fatalf("%d slots, %d characters of notes: a line at y=%.1f", tc.slots, len(tc.notes), y)
			}
		}
		text := shown(doc)
		if tc.slots > 0 && !slices.Contains(text, fmt.Sprintf("Piece %d", tc.slots)) {
			t.Errorf("%d slots with notes: the last slot is not shown", tc.slots)
		}
		// The notes' lines: black regular type of their size at the left margin.
		var noteLines []string
		for _, s := range shown(bytes.Join(regexp.MustCompile(`0.00 g /F1 10.00 Tf 50.00 [\d.]+ Td \(.*\) Tj`).FindAll(doc, -1), []byte("\n"))) {
			noteLines = append(noteLines, s)
			if w := width([]byte(s), fontRegular, notesSize); w > right-margin+0.01 {
				t.Errorf("a line of notes is %.1f pt wide: %q", w, s)
			}
		}
		switch {
		case len(noteLines) == 0:
			t.Errorf("%q…: no notes shown", tc.notes[:20])
		case tc.notes == words && (len(noteLines) < 15 || strings.Join(noteLines, " ") != strings.TrimSpace(words)):
			t.Errorf("2,000 characters of notes: %d lines %q", len(noteLines), noteLines)
		case strings.HasPrefix(tc.notes, "x") && (len(noteLines) > maxNoteLines || !strings.HasSuffix(noteLines[len(noteLines)-1], "\x85")):
			t.Errorf("1,000 lines of notes: %d shown, the last %q", len(noteLines), noteLines[len(noteLines)-1])
		}
	}
}

func FuzzRender(f *testing.F) {
	f.Add("St Cecilia", "Easter (Vigil)", "Sunday 28 March 2027", "Easter Sunday", "Entrance", "Ave \\ verum", "Mozart", "12", "note", "Bring\nfolders", 3)
	f.Add("", "", "", "", "", "", "", "", "", "", 0)
	f.Add("Chœur", "Ünïcødé ✓", "\x00\xff", "—", ")(", "\\", "\r\n", "%%EOF", "endstream", "\n\n)\r(", 45)
	f.Fuzz(func(t *testing.T, choir, title, date, feast, label, piece, composer, number, note, notes string, n int) {
		p := Plan{Choir: choir, Title: title, Date: date, Feast: feast, Notes: notes}
		for range n % 64 {
			p.Slots = append(p.Slots, Slot{Label: label, Title: piece, Composer: composer, Number: number, Note: note})
		}
		checkStructure(t, Render(p))
	})
}
