package ics

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// fixedNow makes the current year 2026 for the test, so that time zone
// coverage (which reaches the current year + 1) does not move with the clock.
func fixedNow(t *testing.T) {
	t.Helper()
	saved := now
	now = func() time.Time { return time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC) }
	t.Cleanup(func() { now = saved })
}

func load(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func mustWrite(t *testing.T, c Calendar) string {
	t.Helper()
	var b strings.Builder
	if err := Write(&b, c); err != nil {
		t.Fatal(err)
	}
	checkPhysicalLines(t, b.String())
	return b.String()
}

// checkPhysicalLines checks what every document must satisfy: every
// physical line ends in CRLF, holds at most 75 octets and valid UTF-8 (a
// fold never splits a character).
func checkPhysicalLines(t *testing.T, doc string) {
	t.Helper()
	if !strings.HasSuffix(doc, "\r\n") {
		t.Fatalf("the document does not end in CRLF: %q", doc[max(0, len(doc)-20):])
	}
	for i, l := range strings.Split(strings.TrimSuffix(doc, "\r\n"), "\r\n") {
		switch {
		case strings.ContainsAny(l, "\r\n"):
			t.Fatalf("line %d has a bare CR or LF: %q", i+1, l)
		case len(l) > maxLineOctets:
			t.Fatalf("line %d has %d octets: %q", i+1, len(l), l)
		case !utf8.ValidString(l):
			t.Fatalf("line %d splits a UTF-8 sequence: %q", i+1, l)
		}
	}
}

// crlf turns a readable golden text with LF endings into CRLF ones.
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

// block returns the lines of the first component BEGIN:name whose lines
// contain mark, unfolded, BEGIN and END included.
func block(t *testing.T, doc, name, mark string) []string {
	t.Helper()
	var cur []string
	depth := 0
	for _, l := range Unfold(doc) {
		if l.Text == "BEGIN:"+name {
			cur, depth = nil, 1
		} else if depth > 0 && strings.HasPrefix(l.Text, "BEGIN:") {
			depth++
		}
		if depth > 0 {
			cur = append(cur, l.Text)
		}
		if depth > 0 && strings.HasPrefix(l.Text, "END:") {
			depth--
			if depth == 0 && l.Text == "END:"+name && containsLine(cur, mark) {
				return cur
			}
		}
	}
	t.Fatalf("no %s with %q in\n%s", name, mark, doc)
	return nil
}

func containsLine(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}
