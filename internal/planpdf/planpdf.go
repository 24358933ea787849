// Package planpdf writes a music plan as a one-page A4 PDF (issue 18: "a
// clean one-page layout with the feast, the date and the pieces with
// composer and library number"), the notes for singers after the pieces.
// It needs no font files: it uses two of the standard fonts every PDF
// reader has, Helvetica and Helvetica-Bold, with WinAnsiEncoding, so text
// is written as Windows-1252 bytes and what that code page lacks becomes
// '?'. Streams are left uncompressed: a plan is small, and the file stays
// searchable by tests and by eye.
package planpdf

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// Plan is what the page shows.
type Plan struct {
	Choir string // the choir's name
	Title string // the plan's title, or the event's
	Date  string // written out, e.g. "Sunday 28 March 2027"
	Feast string // the day's feast; "" when none
	Slots []Slot
	Notes string // the notes for singers, in lines as they were typed
}

// Slot is one line of the plan: a place in the service and its piece.
type Slot struct {
	Label, Title, Composer, Number, Note string
}

// A4 in points, and the page's margins.
const (
	pageW, pageH = 595.0, 842.0
	margin       = 50.0
	right        = pageW - margin
	labelW       = 125.0 // the label column
	numberW      = 70.0  // the library number column, right-aligned
	titleX       = margin + labelW
	baseSize     = 12.0
	minSize      = 4.0
	bottom       = margin
	notesSize    = 10.0
	notesLead    = 1.3
	notesGap     = 16.0 // above the notes, with a rule in its middle
	maxNoteLines = 24   // about a third of the page; 2,000 characters of running text take 21
)

// Slot heights, in multiples of the font size: the piece's line, the line
// of composer and note below it, and the space between slots.
const (
	mainLead  = 1.3
	smallRate = 0.8 // the smaller type of composer and note
	subLead   = 1.15 * smallRate
	slotGap   = 0.45
)

// Render lays the plan out on one page and returns the PDF file. The slots
// take the largest type up to 12 pt that fits them all; text too wide for
// its column is cut with an ellipsis. Slots that would not fit even at the
// smallest type are left off and counted on a last line, so there is never
// a second page.
func Render(p Plan) []byte {
	var c content
	y := pageH - margin

	// The title block.
	y -= 10
	c.text(fontRegular, 10, margin, y, fit(p.Choir, fontRegular, 10, right-margin), 0.35)
	y -= 26
	c.text(fontBold, 20, margin, y, fit(p.Title, fontBold, 20, right-margin), 0)
	y -= 20
	when := p.Date
	if p.Feast != "" {
		when += " – " + p.Feast
	}
	c.text(fontRegular, 12, margin, y, fit(when, fontRegular, 12, right-margin), 0)
	y -= 12
	c.rule(margin, right, y)
	y -= 8

	// The notes for singers come after the pieces, as on the printed page;
	// their room is kept first, so that many slots never push them off.
	notes := noteLines(p.Notes)
	var notesRoom float64
	if len(notes) > 0 {
		notesRoom = notesGap + float64(len(notes))*notesSize*notesLead
	}
	size, shown := layout(p.Slots, y-bottom-notesRoom)
	for _, s := range p.Slots[:shown] {
		y -= size * mainLead
		c.text(fontBold, size, margin, y, fit(s.Label, fontBold, size, labelW-size), 0.35)
		c.text(fontBold, size, titleX, y, fit(s.Title, fontBold, size, right-titleX-numberW), 0)
		if s.Number != "" {
			n := fit(s.Number, fontRegular, size, numberW-size/2)
			c.text(fontRegular, size, right-width(n, fontRegular, size), y, n, 0)
		}
		if s.Composer != "" || s.Note != "" {
			small := size * smallRate
			y -= size * subLead
			x := titleX
			if s.Composer != "" {
				comp := fit(s.Composer, fontRegular, small, right-titleX)
				c.text(fontRegular, small, x, y, comp, 0)
				x += width(comp, fontRegular, small) + 2*small
			}
			if s.Note != "" && right-x > 3*small {
				c.text(fontRegular, small, x, y, fit(s.Note, fontRegular, small, right-x), 0.35)
			}
		}
		y -= size * slotGap
	}
	if left := len(p.Slots) - shown; left > 0 {
		y -= size * mainLead
		c.text(fontRegular, size, titleX, y, encode(fmt.Sprintf("and %d more", left)), 0.35)
	}
	if len(notes) > 0 {
		y -= notesGap / 2
		c.rule(margin, right, y)
		y -= notesGap / 2
		for _, line := range notes {
			y -= notesSize * notesLead
			c.text(fontRegular, notesSize, margin, y, line, 0)
		}
	}
	return document(c.Bytes())
}

// noteLines wraps the notes for singers to the page's width: the lines
// they were typed in kept, one blank line at most between paragraphs, a
// word too long for a line cut. More than maxNoteLines end in an ellipsis.
func noteLines(notes string) [][]byte {
	var lines [][]byte
	for _, para := range strings.Split(strings.TrimSpace(notes), "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			if len(lines) > 0 && len(lines[len(lines)-1]) > 0 {
				lines = append(lines, nil)
			}
			continue
		}
		var line []byte
		for _, w := range words {
			word := fitEncoded(encode(w), fontRegular, notesSize, right-margin)
			if len(line) > 0 && width(line, fontRegular, notesSize)+width(append([]byte{' '}, word...), fontRegular, notesSize) > right-margin {
				lines = append(lines, line)
				line = nil
			}
			if len(line) > 0 {
				line = append(line, ' ')
			}
			line = append(line, word...)
		}
		lines = append(lines, line)
	}
	if len(lines) > maxNoteLines {
		lines = lines[:maxNoteLines]
		last := append(slices.Clip(lines[maxNoteLines-1]), ' ', ellipsis)
		lines[maxNoteLines-1] = fitEncoded(last, fontRegular, notesSize, right-margin)
	}
	return lines
}

// height is the room a slot takes at a font size.
func height(s Slot, size float64) float64 {
	h := size * (mainLead + slotGap)
	if s.Composer != "" || s.Note != "" {
		h += size * subLead
	}
	return h
}

// layout chooses the font size for the slots in the room below the title
// block, and how many of them are shown.
func layout(slots []Slot, room float64) (size float64, shown int) {
	var perPoint float64 // the height of all slots at a 1 pt font
	for _, s := range slots {
		perPoint += height(s, 1)
	}
	if perPoint == 0 {
		return baseSize, 0
	}
	size = min(baseSize, room/perPoint)
	if size >= minSize {
		return size, len(slots)
	}
	size = minSize
	room -= size * mainLead // the "and N more" line
	for _, s := range slots {
		if room < height(s, size) {
			break
		}
		room -= height(s, size)
		shown++
	}
	return size, shown
}

// content is a page's content stream.
type content struct{ bytes.Buffer }

type font int

const (
	fontRegular font = iota // /F1
	fontBold                // /F2
)

// text writes a line at (x, y) in a font, in grey when gray > 0.
func (c *content) text(f font, size, x, y float64, s []byte, gray float64) {
	if len(s) == 0 {
		return
	}
	fmt.Fprintf(&c.Buffer, "BT %.2f g /F%d %.2f Tf %.2f %.2f Td (", gray, int(f)+1, size, x, y)
	for _, b := range s {
		switch b {
		case '(', ')', '\\':
			c.WriteByte('\\')
		}
		c.WriteByte(b)
	}
	c.WriteString(") Tj ET\n")
}

// rule draws a thin horizontal line.
func (c *content) rule(x1, x2, y float64) {
	fmt.Fprintf(&c.Buffer, "0.6 G 0.5 w %.2f %.2f m %.2f %.2f l S\n", x1, y, x2, y)
}

// document wraps a page's content into a complete PDF file with its cross
// reference table.
func document(stream []byte) []byte {
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %g %g] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>", pageW, pageH),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(stream), stream),
	}
	var out bytes.Buffer
	// The second line's high bytes tell tools the file is binary.
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return out.Bytes()
}

// ellipsis is '…' in Windows-1252.
const ellipsis = 0x85

// fit encodes s and cuts it, with an ellipsis, to at most w points wide.
func fit(s string, f font, size, w float64) []byte { return fitEncoded(encode(s), f, size, w) }

// fitEncoded cuts encoded text, with an ellipsis, to at most w points wide.
func fitEncoded(b []byte, f font, size, w float64) []byte {
	if width(b, f, size) <= w {
		return b
	}
	room := w - width([]byte{ellipsis}, f, size)
	n := 0
	for used := 0.0; n < len(b); n++ {
		used += glyphWidth(b[n], f) * size / 1000
		if used > room {
			break
		}
	}
	return append(bytes.TrimRight(b[:n:n], " "), ellipsis)
}

// width is how wide encoded text is at a size, in points.
func width(b []byte, f font, size float64) float64 {
	var w float64
	for _, c := range b {
		w += glyphWidth(c, f)
	}
	return w * size / 1000
}

// encode writes text in Windows-1252 on one line: line breaks and other
// control characters become spaces, what the code page lacks '?'.
func encode(s string) []byte {
	s = strings.Join(strings.Fields(s), " ")
	out := make([]byte, 0, len(s))
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7f:
			out = append(out, ' ')
		case r < 0x7f || (r >= 0xa0 && r <= 0xff):
			out = append(out, byte(r))
		default:
			if b, ok := cp1252[r]; ok {
				out = append(out, b)
			} else {
				out = append(out, '?')
			}
		}
	}
	return out
}

// cp1252 is the part of Windows-1252 that differs from Latin-1.
var cp1252 = map[rune]byte{
	'€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89,
	'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95,
	'–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
}

// glyphWidth is a character's advance in thousandths of the font size,
// from the fonts' metrics for ASCII. Beyond ASCII it takes a generous
// width, so that cut text never runs past its column.
func glyphWidth(c byte, f font) float64 {
	if c >= 0x20 && c < 0x7f {
		if f == fontBold {
			return float64(boldWidths[c-0x20])
		}
		return float64(regularWidths[c-0x20])
	}
	switch {
	case c >= 0xc0 && c <= 0xde: // capitals with accents
		return 780
	case c == 0x85 || c == 0x89 || c == 0x8c || c == 0x97:
		return 1000
	}
	return 620
}

// Advance widths of the printable ASCII characters (space to tilde), from
// the Adobe Font Metrics of Helvetica and Helvetica-Bold.
var regularWidths = [95]int16{
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
	1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
	667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
	333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
	556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
}

var boldWidths = [95]int16{
	278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
	975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
	667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
	333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
	611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
}
