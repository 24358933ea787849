// Package sheet holds the conventions of CSV as spreadsheets write and read
// it, shared by every import and export: a byte-order mark, commas,
// semicolons or tabs, and cells a spreadsheet would run as formulas.
package sheet

import (
	"encoding/csv"
	"strings"
)

// NewReader reads CSV text as a spreadsheet saved it: a leading byte-order
// mark dropped, the separator guessed from the first line, rows of any
// length, stray quotes tolerated.
func NewReader(text string) *csv.Reader {
	text = strings.TrimPrefix(text, "\ufeff")
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = Delimiter(text)
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	return r
}

// Delimiter guesses the separator from the first line: spreadsheets in
// many countries save with semicolons, and pasted cells come with tabs.
func Delimiter(text string) rune {
	line, _, _ := strings.Cut(text, "\n")
	best, count := ',', strings.Count(line, ",")
	for _, d := range []rune{';', '\t'} {
		if n := strings.Count(line, string(d)); n > count {
			best, count = d, n
		}
	}
	return best
}

// formulaStarts are the first characters that make a spreadsheet run a cell.
const formulaStarts = "=+-@\t\r"

// Guard keeps a spreadsheet from running a cell as a formula: a cell
// starting with = + - @ (or a tab or carriage return) gets an apostrophe in
// front.
func Guard(cell string) string {
	if cell != "" && strings.ContainsRune(formulaStarts, rune(cell[0])) {
		return "'" + cell
	}
	return cell
}

// Unguard takes Guard's apostrophe off again, so that an export imports as
// it was.
func Unguard(cell string) string {
	if len(cell) > 1 && cell[0] == '\'' && strings.ContainsRune(formulaStarts, rune(cell[1])) {
		return cell[1:]
	}
	return cell
}
