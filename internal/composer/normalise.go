package composer

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Normalise returns the comparison form of a composer's name: diacritics
// folded (Dvořák → dvorak), "Last, First" reordered (Bach, Johann Sebastian →
// johann sebastian bach), dots, hyphens and other punctuation turned into
// spaces and apostrophes dropped (J.S. Bach → j s bach, O'Regan → oregan),
// initials written together in capitals split (JS Bach → j s bach) and put
// first when written last (Bach J.S. → j s bach), spaces collapsed, lower
// case. Normalise(Normalise(s)) == Normalise(s).
func Normalise(s string) string {
	return FoldAccents(strings.ToLower(shape(s)))
}

// shape is Normalise without the lower-casing: two names with the same shape
// differ only in accents, order or punctuation (a canonical match), two with
// the same Normalise but different shapes differ in case too.
func shape(s string) string {
	s = reorder(FoldAccents(s))
	// "JS Bach" and "CPE Bach" write initials together; they are split only
	// in a name that is not all capitals, where "JS" cannot be a shouted word.
	mixed := strings.IndexFunc(s, unicode.IsLower) >= 0
	var buf [8]string
	words := buf[:0]
	for i := 0; i < len(s); {
		start, letters := i, false
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !inWord(r) {
				break
			}
			letters = letters || !apostrophe(r)
			i += n
		}
		if letters {
			words = append(words, strings.Map(dropApostrophe, s[start:i]))
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
	}
	// "Bach J.S." and "Mozart WA" put the initials last, as catalogues do.
	k := len(words)
	for k > 1 && trailingInitials(words[k-1], mixed) {
		k--
	}
	if k < len(words) && utf8.RuneCountInString(words[0]) > 1 {
		words = append(slices.Clone(words[k:]), words[:k]...)
	}
	var b strings.Builder
	b.Grow(len(s) + 4)
	for i, w := range words {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if mixed && i < len(words)-1 && isInitials(w) {
			for j, r := range w {
				if j > 0 {
					b.WriteByte(' ')
				}
				b.WriteRune(r)
			}
			continue
		}
		b.WriteString(w)
	}
	return b.String()
}

// inWord tells the runes of a word; anything else separates words.
// Apostrophes belong to the word and are then dropped: O'Regan and ORegan
// are the same name, a space would split it.
func inWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || apostrophe(r)
}

func dropApostrophe(r rune) rune {
	if apostrophe(r) {
		return -1
	}
	return r
}

func apostrophe(r rune) bool {
	return r == '\'' || r == '’' || r == 'ʼ' || r == '`'
}

func trailingInitials(w string, mixed bool) bool {
	if suffixes[strings.ToLower(w)] {
		return false
	}
	r, n := utf8.DecodeRuneInString(w)
	return n == len(w) && unicode.IsLetter(r) || mixed && isInitials(w)
}

func isInitials(w string) bool {
	n := 0
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n >= 2 && n <= 3
}

// suffixes are generation marks that follow a surname ("Johann Strauss II",
// "Strauss, Jr."): never a surname, never a given name.
var suffixes = map[string]bool{"i": true, "ii": true, "iii": true, "iv": true, "jr": true, "sr": true, "junior": true, "senior": true}

// reorder turns "Last, First" into "First Last". A name with one comma whose
// second part is a generation mark ("Johann Strauss, Jr.") keeps its order;
// with more than one comma the order cannot be known and the commas are
// left for shape to turn into spaces.
func reorder(s string) string {
	last, first, ok := strings.Cut(s, ",")
	if !ok || strings.Contains(first, ",") {
		return s
	}
	last, first = strings.TrimSpace(last), strings.TrimSpace(first)
	if last == "" || first == "" || suffixes[strings.ToLower(strings.Trim(first, ". "))] {
		return s
	}
	return first + " " + last
}

// special are the letters that Unicode does not decompose into a base
// letter and an accent.
var special = map[rune]string{
	'ß': "ss", 'ẞ': "SS", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE",
	'ø': "o", 'Ø': "O", 'ł': "l", 'Ł': "L", 'đ': "d", 'Đ': "D", 'ð': "d", 'Ð': "D",
	'þ': "th", 'Þ': "TH", 'ı': "i", 'ħ': "h", 'Ħ': "H", 'ŀ': "l", 'Ŀ': "L",
}

// FoldAccents removes accents, keeping the case of each letter ("Dvořák" is
// "Dvorak", "Øre" "Ore", "Straße" "Strasse").
func FoldAccents(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if t, ok := special[r]; ok {
			b.WriteString(t)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// CanonicalName is the canonical name of a composer known only by the name
// typed: that name with the surname first ("Bach, Johann Sebastian"), so
// that the library sorts by surname while the given names and initials that
// tell one Bach or Haydn from another stay part of it. It compares as the
// name does (Normalise). A name with a comma is in that order already; a
// single word, with or without a generation mark, is itself; initials
// written after the surname ("Bach J.S.") stay with the given names.
func CanonicalName(name string) string {
	words := strings.Fields(name)
	name = strings.Join(words, " ")
	if strings.Contains(name, ",") || len(words) < 2 {
		return name
	}
	mixed := strings.IndexFunc(name, unicode.IsLower) >= 0
	k := len(words) // the given names are words[:k] (or, initials last, words[k:])
	for k > 1 && initialsWord(words[k-1], mixed) {
		k--
	}
	if k < len(words) {
		return strings.Join(words[:k], " ") + ", " + strings.Join(words[k:], " ")
	}
	k = len(words) - 1
	for k > 0 && suffixes[strings.ToLower(strings.Trim(words[k], "."))] {
		k--
	}
	if k == 0 {
		return name
	}
	return strings.Join(words[k:], " ") + ", " + strings.Join(words[:k], " ")
}

// initialsWord tells a word of initials as written ("J.", "J.S.", "WA").
func initialsWord(w string, mixed bool) bool {
	letters := strings.ReplaceAll(w, ".", "")
	if suffixes[strings.ToLower(letters)] || letters == "" {
		return false
	}
	if utf8.RuneCountInString(letters) == 1 {
		r, _ := utf8.DecodeRuneInString(letters)
		return unicode.IsUpper(r)
	}
	return (mixed || strings.Contains(w, ".")) && isInitials(letters)
}
