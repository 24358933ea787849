package liturgy

import "strings"

var ordinalWords = []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
	"eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
	"sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"}

var tensWords = []string{"", "", "twenty", "thirty", "forty"}

// ordinal spells n (1..49) as an English ordinal: "twenty-first".
func ordinal(n int) string {
	if n < len(ordinalWords) {
		return ordinalWords[n]
	}
	if n%10 == 0 {
		return strings.TrimSuffix(tensWords[n/10], "y") + "ieth"
	}
	return tensWords[n/10] + "-" + ordinalWords[n%10]
}

// ordinalKey is the snake_case form used in feast keys: "twenty_first".
func ordinalKey(n int) string { return strings.ReplaceAll(ordinal(n), "-", "_") }

// ordinalTitle is the capitalised form used in names: "Twenty-first".
func ordinalTitle(n int) string {
	s := ordinal(n)
	return strings.ToUpper(s[:1]) + s[1:]
}

// numbered builds the key and name of a numbered Sunday, e.g.
// numbered(3, "sunday_of_advent", "Sunday of Advent").
func numbered(n int, keySuffix, nameSuffix string) (string, string) {
	return ordinalKey(n) + "_" + keySuffix, ordinalTitle(n) + " " + nameSuffix
}
