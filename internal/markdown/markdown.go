// Package markdown turns text people write (announcements, later policies)
// into HTML that is safe to show to everyone: Markdown rendered on the
// server with goldmark, raw HTML in it left out, and the result sanitised
// with bluemonday's policy for user-generated content, so that no script,
// event handler or javascript: link survives. Links get
// rel="noopener nofollow" and open in a new tab.
package markdown

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// renderer is goldmark without the unsafe option: raw HTML blocks and
// inline HTML are dropped ("<!-- raw HTML omitted -->") and dangerous link
// destinations are emptied. Strikethrough, tables and autolinks are what a
// director writing a notice expects.
var renderer = goldmark.New(goldmark.WithExtensions(extension.Strikethrough, extension.Table, extension.Linkify))

// policy is built once: bluemonday policies are safe for concurrent use
// once set up.
var policy = sync.OnceValue(func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowURLSchemes("http", "https", "mailto", "tel")
	p.RequireNoFollowOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true) // adds noopener too
	p.RequireNoReferrerOnLinks(false)
	return p
})

// Render turns Markdown into sanitised HTML.
func Render(source string) (string, error) {
	var buf bytes.Buffer
	if err := renderer.Convert([]byte(source), &buf); err != nil {
		return "", fmt.Errorf("markdown: render: %w", err)
	}
	return policy().Sanitize(buf.String()), nil
}
