package markdown

import (
	"regexp"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string // fragments the HTML must hold
		never    []string // fragments it must not hold (lower case)
	}{
		{"emphasis and lists", "Bring **black** folders\n\n- tenors\n- basses",
			[]string{"<strong>black</strong>", "<li>tenors</li>"}, nil},
		{"script tag", "Hello <script>alert(1)</script> there",
			[]string{"Hello"}, []string{"<script", "</script"}},
		{"script block", "<script>\nalert(1)\n</script>",
			nil, []string{"<script", "alert"}},
		{"javascript link", "[click](javascript:alert(1))",
			[]string{"click"}, []string{"javascript:"}},
		{"javascript link in capitals and entities", "[x](JaVaScRiPt:alert(1)) [y](&#106;avascript:alert(1))",
			nil, []string{"javascript:", "alert(1)\""}},
		{"event handler in raw html", `<img src="x" onerror="alert(1)"> <a href="https://example.com" onclick="steal()">a</a>`,
			nil, []string{"onerror", "onclick", "<img"}},
		{"raw html block", "<div style=\"position:fixed\">covering</div>\n\ntext",
			[]string{"text"}, []string{"<div", "position:fixed"}},
		{"iframe", `<iframe src="https://evil.example"></iframe>`, nil, []string{"<iframe"}},
		{"link gets rel", "[programme](https://example.com/p)",
			[]string{`href="https://example.com/p"`, "nofollow", "noopener"}, nil},
		{"autolink", "See https://example.com/concert",
			[]string{`href="https://example.com/concert"`, "nofollow"}, nil},
		{"data url image", "![x](data:text/html;base64,PHNjcmlwdD4=)", nil, []string{"data:"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Render(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("Render(%q) = %q, want it to hold %q", tc.in, got, w)
				}
			}
			for _, n := range tc.never {
				if strings.Contains(strings.ToLower(got), n) {
					t.Errorf("Render(%q) = %q, holds %q", tc.in, got, n)
				}
			}
		})
	}
}

var (
	unsafeTag     = regexp.MustCompile(`(?i)<\s*(script|iframe|object|embed|style|form|input|svg|math)\b`)
	eventHandler  = regexp.MustCompile(`(?i)<[^>]*\son[a-z]+\s*=`)
	unsafeURL     = regexp.MustCompile(`(?i)(href|src)\s*=\s*"\s*(javascript|vbscript|data):`)
	linkWithoutRe = regexp.MustCompile(`(?i)<a\s[^>]*href=`)
)

// Whatever anyone writes, the HTML holds no script, no event handler and
// no javascript: link, and every link carries rel nofollow.
func FuzzRender(f *testing.F) {
	for _, seed := range []string{
		"plain", "**bold** [a](https://x.example)", "<script>alert(1)</script>", "[x](javascript:alert(1))",
		`<img src=x onerror=alert(1)>`, "<a href=\"javascript:1\">x</a>", "`<script>`", "<svg onload=alert(1)>",
		"[x](java\tscript:alert(1))", "<<script>script>alert(1)<</script>/script>", "| a | b |\n|---|---|\n| <b onclick=x>1</b> | 2 |",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := Render(in)
		if err != nil {
			t.Fatal(err)
		}
		if m := unsafeTag.FindString(got); m != "" {
			t.Fatalf("Render(%q) holds %q: %s", in, m, got)
		}
		if m := eventHandler.FindString(got); m != "" {
			t.Fatalf("Render(%q) holds an event handler %q: %s", in, m, got)
		}
		if m := unsafeURL.FindString(got); m != "" {
			t.Fatalf("Render(%q) holds an unsafe link %q: %s", in, m, got)
		}
		for _, a := range regexp.MustCompile(`(?i)<a\s[^>]*>`).FindAllString(got, -1) {
			if linkWithoutRe.MatchString(a) && !strings.Contains(a, "nofollow") {
				t.Fatalf("Render(%q): link without nofollow %q", in, a)
			}
		}
	})
}
