package music

import (
	"fmt"
	"strings"

	"github.com/cantica/cantica/internal/composer"
	"github.com/cantica/cantica/internal/db"
)

// fold is text as the library searches and sorts it: lower case, accents
// dropped (as composer names are compared), spaces collapsed. It is computed
// here rather than in SQL so that both databases compare the same strings
// ("Dvořák" finds "dvorak").
func fold(s string) string {
	return strings.Join(strings.Fields(composer.FoldAccents(strings.ToLower(s))), " ")
}

// SearchPatterns are the LIKE patterns (ESCAPE '\') a piece's search_text
// must all match to be found by a search: one per word, folded as
// search_text is, so that case and accents do not matter.
func SearchPatterns(search string) []string {
	words := strings.Fields(fold(search))
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = db.Contains(w)
	}
	return out
}

// numberKey sorts library numbers naturally: a leading run of digits is
// written as its length and its digits, so that "9" comes before "10" and
// "007" beside "7", however long the numbers.
func numberKey(n string) string {
	n = fold(n)
	i := 0
	for i < len(n) && n[i] >= '0' && n[i] <= '9' {
		i++
	}
	digits := strings.TrimLeft(n[:i], "0")
	if i == 0 || len(digits) > 99 {
		return n
	}
	return fmt.Sprintf("%02d", len(digits)) + digits + n[i:]
}
