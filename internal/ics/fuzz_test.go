package ics

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// FuzzText writes user text into every TEXT property: the document keeps
// its shape (each value on its own content line, lines within 75 octets,
// CRLF) and reading back gives the text, minus what TEXT cannot carry.
func FuzzText(f *testing.F) {
	for _, s := range []string{"", "Saint George, Martyr", "a;b\\c\nd\r\ne\rf", "\x00\x1b[31m\x7f", "\xff\xfe", strings.Repeat("🎵é", 80), "END:VEVENT\r\nBEGIN:VEVENT"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		saved := now
		now = func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
		defer func() { now = saved }()
		e := Event{UID: s + "@x", Stamp: stamp, Start: stamp, Summary: s, Description: s, Place: s, Categories: []string{s, s}}
		doc := mustWrite(t, Calendar{ProdID: "p", Name: s, Events: []Event{e}})
		text := normalizedText(s)
		ev := block(t, doc, "VEVENT", "DTSTAMP:20260110T090000Z")
		for name, want := range map[string]string{"UID": text + "@x", "SUMMARY": text, "DESCRIPTION": text, "LOCATION": text} {
			var values []string
			for _, l := range ev {
				if n, _, v := SplitLine(l); n == name {
					values = append(values, Unescape(v))
				}
			}
			if want == "" && len(values) == 0 {
				continue // an empty value is left out
			}
			if len(values) != 1 || values[0] != want {
				t.Fatalf("%s: read %q, want %q", name, values, want)
			}
		}
	})
}

// normalizedText is what Escape keeps of s: valid UTF-8, no control
// characters but tab, line breaks as LF.
func normalizedText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' || r >= 0x20 && r != 0x7f {
			return r
		}
		return -1
	}, s)
	return strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
}

// FuzzRead feeds any content to the reading helpers (files imported by
// users): no panic, line numbers rise, and unfolding what Fold made gives
// the line back.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"BEGIN:VEVENT\r\nSUMMARY:a\r\n  b\r\nEND:VEVENT\r\n", `DTSTART;TZID="a:b";VALUE=DATE:2026`, "\ufeff\n\n \t", ";;::\"\""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		last := 0
		for _, l := range Unfold(content) {
			if l.Number <= last {
				t.Fatalf("line number %d after %d", l.Number, last)
			}
			last = l.Number
			name, params, value := SplitLine(l.Text)
			_ = Param(params, "VALUE")
			_ = Unescape(value)
			if strings.ContainsAny(name, ";:") && !strings.Contains(l.Text, `"`) {
				t.Fatalf("name %q of %q", name, l.Text)
			}
		}
		if line := strings.Map(func(r rune) rune {
			if r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, content); utf8.ValidString(line) && !strings.HasPrefix(line, "\ufeff") {
			got := Unfold(Fold(line))
			if len(got) != 1 || got[0].Text != line {
				t.Fatalf("Unfold(Fold(%q)) = %+v", line, got)
			}
		}
	})
}
