package ics

import (
	"strings"
	"unicode/utf8"
)

// maxLineOctets is the longest a physical line may be, CRLF excluded
// (RFC 5545 §3.1).
const maxLineOctets = 75

// textEscaper escapes the characters that would otherwise end a TEXT value
// or a list item (RFC 5545 §3.3.11). A lone CR counts as a line break too.
var textEscaper = strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)

// Escape escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon,
// comma and line breaks. Other control characters are not allowed in TEXT,
// so they are dropped rather than let one stray byte of user input make a
// whole feed invalid; invalid UTF-8 becomes U+FFFD.
func Escape(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || !isControl(r) {
			return r
		}
		return -1
	}, s)
	return textEscaper.Replace(s)
}

// isControl reports the CONTROL characters of RFC 5545 §3.1 (all C0
// characters and DEL).
func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// hasControl reports whether s holds a control character, which would break
// or inject content lines if written into a value that is not escaped.
func hasControl(s string) bool { return strings.ContainsFunc(s, isControl) }

// Fold ends a content line with CRLF, folding it so that no physical line
// exceeds 75 octets and no UTF-8 sequence is split (RFC 5545 §3.1).
func Fold(line string) string {
	var b strings.Builder
	limit := maxLineOctets
	for len(line) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(line[cut]) {
			cut--
		}
		if cut == 0 { // not UTF-8 at all: cut anywhere rather than loop forever
			cut = limit
		}
		b.WriteString(line[:cut])
		b.WriteString("\r\n ")
		line = line[cut:]
		limit = maxLineOctets - 1 // the leading space of a continuation counts
	}
	b.WriteString(line)
	b.WriteString("\r\n")
	return b.String()
}

// Line is one unfolded content line and the number (from 1) of the physical
// line it starts on, for error messages.
type Line struct {
	Number int
	Text   string
}

// Unfold splits iCalendar content into content lines, joining folded ones
// (RFC 5545 §3.1). It accepts CRLF or bare LF endings and a leading byte
// order mark, as files saved by hand often have them.
func Unfold(content string) []Line {
	content = strings.TrimPrefix(content, "\ufeff")
	content = strings.TrimSuffix(content, "\n")
	if content == "" {
		return nil
	}
	var out []Line
	for i, physical := range strings.Split(content, "\n") {
		physical = strings.TrimRight(physical, "\r")
		if len(out) > 0 && (strings.HasPrefix(physical, " ") || strings.HasPrefix(physical, "\t")) {
			out[len(out)-1].Text += physical[1:]
			continue
		}
		out = append(out, Line{Number: i + 1, Text: physical})
	}
	return out
}

// SplitLine parses a content line NAME;PARAMS:VALUE. The name is upper-cased
// (names are case-insensitive), params is the raw text between the first
// semicolon and the colon that ends them, value is left exactly as written.
// A colon or semicolon inside a quoted parameter value does not count.
func SplitLine(line string) (name, params, value string) {
	inQuotes := false
	nameEnd := -1
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '"':
			inQuotes = !inQuotes
		case inQuotes:
		case c == ';' && nameEnd < 0:
			nameEnd = i
		case c == ':':
			if nameEnd < 0 {
				return strings.ToUpper(strings.TrimSpace(line[:i])), "", line[i+1:]
			}
			return strings.ToUpper(strings.TrimSpace(line[:nameEnd])), line[nameEnd+1 : i], line[i+1:]
		}
	}
	// No value at all: treat the whole line as the name.
	if nameEnd < 0 {
		return strings.ToUpper(strings.TrimSpace(line)), "", ""
	}
	return strings.ToUpper(strings.TrimSpace(line[:nameEnd])), line[nameEnd+1:], ""
}

// Param returns the value of the named parameter (case-insensitive) in the
// params part of a content line, without its quotes; "" when it is absent.
// A multi-valued parameter comes back as written, commas and quotes included.
func Param(params, name string) string {
	inQuotes := false
	start := 0
	for i := 0; i <= len(params); i++ {
		if i < len(params) {
			if params[i] == '"' {
				inQuotes = !inQuotes
			}
			if inQuotes || params[i] != ';' {
				continue
			}
		}
		key, value, _ := strings.Cut(params[start:i], "=")
		if strings.EqualFold(strings.TrimSpace(key), name) {
			if len(value) >= 2 && strings.Count(value, `"`) == 2 && value[0] == '"' && value[len(value)-1] == '"' {
				return value[1 : len(value)-1]
			}
			return value
		}
		start = i + 1
	}
	return ""
}

// textUnescaper undoes Escape; an unknown escape is kept as written.
var textUnescaper = strings.NewReplacer(`\\`, `\`, `\;`, ";", `\,`, ",", `\n`, "\n", `\N`, "\n")

// Unescape decodes a TEXT value (RFC 5545 §3.3.11).
func Unescape(s string) string { return textUnescaper.Replace(s) }
