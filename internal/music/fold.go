package music

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// fold is text as the library searches and sorts it: lower case, accents
// dropped, spaces collapsed. It is computed here rather than in SQL so
// that both databases compare the same strings ("Dvořák" finds "dvorak").
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if t, ok := unaccented[r]; ok {
			b.WriteString(t)
			continue
		}
		b.WriteRune(r)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// unaccented spells the letters that NFD does not split into a base letter
// and a mark.
var unaccented = map[rune]string{'ø': "o", 'ß': "ss", 'æ': "ae", 'œ': "oe", 'ł': "l", 'đ': "d", 'þ': "th", 'ð': "d"}

// numberKey sorts library numbers naturally: a leading run of digits is
// padded so that "9" comes before "10".
func numberKey(n string) string {
	n = fold(n)
	i := 0
	for i < len(n) && n[i] >= '0' && n[i] <= '9' {
		i++
	}
	if i == 0 || i > 12 {
		return n
	}
	return strings.Repeat("0", 12-i) + n
}
