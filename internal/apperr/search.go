package apperr

import (
	"strings"
	"unicode/utf8"
)

// Search texts are bounded (issue 25): SQLite refuses a LIKE pattern over
// 50,000 bytes and a search of about 1,000 words (each a LIKE) makes an
// expression tree it refuses too; no person searches for more than this.
const (
	MaxSearchChars = 200
	MaxSearchWords = 20

	MsgSearchTooLong      = "Search for at most 200 characters."
	MsgSearchTooManyWords = "Search for at most 20 words."
)

// SearchProblem says what is wrong with a search text as a person typed it,
// in their words, or "" when nothing is.
func SearchProblem(text string) string {
	if utf8.RuneCountInString(text) > MaxSearchChars {
		return MsgSearchTooLong
	}
	if len(strings.Fields(text)) > MaxSearchWords {
		return MsgSearchTooManyWords
	}
	return ""
}

// CheckSearch is SearchProblem as the VALIDATION_ERROR of a query
// parameter named field, or nil.
func CheckSearch(field, text string) error {
	if msg := SearchProblem(text); msg != "" {
		return Validation(map[string]string{field: msg}, field)
	}
	return nil
}
