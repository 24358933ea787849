// Package help is the help center: guides written in Markdown, embedded in
// the binary so that a server without internet access has them too. Each
// guide starts with front matter between two "---" lines:
//
//	---
//	title: The practice studio
//	summary: One line shown in the list of guides.
//	for: singer, director
//	path: /dashboard/music
//	permission: view:music
//	order: 70
//	---
//
// "for" names the readers (director, administrator, singer, operator), "path"
// the page of the app the guide is about, "permission" what that page needs
// (left out when anyone signed in may use it), "order" the guide's place in
// the list. The guides are parsed and rendered once, at first use.
package help

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/markdown"
)

//go:embed guides/*.md
var files embed.FS

// Audiences are the readers a guide can be for.
const (
	Director      = "director"      // runs a choir (choir admin)
	Administrator = "administrator" // the platform's global admin
	Singer        = "singer"        // a member or guest of a choir
	Operator      = "operator"      // installs and runs a Cantica server
)

var audiences = []string{Director, Administrator, Singer, Operator}

// MaxQuery bounds the search words a reader may send.
const MaxQuery = 200

// Guide is one guide of the help center.
type Guide struct {
	ID         string // the file's name without .md
	Title      string
	Summary    string
	For        []string
	Path       string
	Permission string // empty: anyone signed in
	Order      int
	Text       string // the Markdown after the front matter
	HTML       string // Text rendered and sanitised
	search     string // title, summary and text in lower case
}

// ErrNotFound is returned by Get for a guide that does not exist.
var ErrNotFound = errors.New("help: no such guide")

var load = sync.OnceValues(func() ([]Guide, error) { return parseAll(files) })

// All lists every guide in its order.
func All() ([]Guide, error) { return load() }

// Get returns one guide.
func Get(id string) (Guide, error) {
	guides, err := load()
	if err != nil {
		return Guide{}, err
	}
	for _, g := range guides {
		if g.ID == id {
			return g, nil
		}
	}
	return Guide{}, ErrNotFound
}

// Search lists the guides holding every word of query in their title,
// summary or text (all of them for an empty query): first those whose title
// holds every word, then those whose summary does, then the rest; within
// each, the guides for any of the reader's audiences come first, and
// otherwise the guides keep their order.
func Search(query string, reader []string) ([]Guide, error) {
	guides, err := load()
	if err != nil {
		return nil, err
	}
	words := strings.Fields(strings.ToLower(query))
	var found []Guide
	for _, g := range guides {
		if !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(g.search, w) }) {
			found = append(found, g)
		}
	}
	holdsAll := func(s string) bool {
		s = strings.ToLower(s)
		return !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(s, w) })
	}
	rank := func(g Guide) int {
		n := 4
		if holdsAll(g.Title) {
			n = 0
		} else if holdsAll(g.Summary) {
			n = 2
		}
		if !slices.ContainsFunc(g.For, func(a string) bool { return slices.Contains(reader, a) }) {
			n++
		}
		return n
	}
	slices.SortStableFunc(found, func(a, b Guide) int { return rank(a) - rank(b) })
	return found, nil
}

// AudiencesOf names the readers a person is: a global admin is the
// platform's administrator and, usually, the server's operator; a choir
// admin is a director; members and guests are singers.
func AudiencesOf(role access.Role) []string {
	switch role {
	case access.GlobalAdmin:
		return []string{Administrator, Operator, Director}
	case access.ChoirAdmin:
		return []string{Director}
	case access.Member, access.Guest:
		return []string{Singer}
	}
	return nil
}

func parseAll(fsys fs.FS) ([]Guide, error) {
	names, err := fs.Glob(fsys, "guides/*.md")
	if err != nil {
		return nil, fmt.Errorf("help: list the guides: %w", err)
	}
	guides := make([]Guide, 0, len(names))
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("help: read %s: %w", name, err)
		}
		g, err := parse(strings.TrimSuffix(path.Base(name), ".md"), string(b))
		if err != nil {
			return nil, err
		}
		guides = append(guides, g)
	}
	slices.SortStableFunc(guides, func(a, b Guide) int { return a.Order - b.Order })
	return guides, nil
}

// parse reads one guide: its front matter, then its Markdown.
func parse(id, source string) (Guide, error) {
	g := Guide{ID: id}
	source = strings.ReplaceAll(source, "\r\n", "\n")
	head, body, ok := strings.Cut(strings.TrimPrefix(source, "---\n"), "\n---\n")
	if !ok || !strings.HasPrefix(source, "---\n") {
		return g, fmt.Errorf("help: guide %s has no front matter between --- lines", id)
	}
	for _, line := range strings.Split(head, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return g, fmt.Errorf("help: guide %s: front matter line %q has no key", id, line)
		}
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(key) {
		case "title":
			g.Title = value
		case "summary":
			g.Summary = value
		case "for":
			for _, a := range strings.Split(value, ",") {
				a = strings.TrimSpace(a)
				if !slices.Contains(audiences, a) {
					return g, fmt.Errorf("help: guide %s is for %q, which is none of %v", id, a, audiences)
				}
				g.For = append(g.For, a)
			}
		case "path":
			g.Path = value
		case "permission":
			g.Permission = value
		case "order":
			n, err := strconv.Atoi(value)
			if err != nil {
				return g, fmt.Errorf("help: guide %s: order %q is not a number", id, value)
			}
			g.Order = n
		default:
			return g, fmt.Errorf("help: guide %s: unknown front matter key %q", id, key)
		}
	}
	switch {
	case g.Title == "" || g.Summary == "":
		return g, fmt.Errorf("help: guide %s needs a title and a summary", id)
	case len(g.For) == 0:
		return g, fmt.Errorf("help: guide %s says for no one", id)
	case !strings.HasPrefix(g.Path, "/"):
		return g, fmt.Errorf("help: guide %s: path %q is not a page of the app", id, g.Path)
	case g.Permission != "" && !slices.Contains(access.AllPermissions, access.Permission(g.Permission)):
		return g, fmt.Errorf("help: guide %s needs permission %q, which does not exist", id, g.Permission)
	}
	g.Text = strings.TrimSpace(body)
	html, err := markdown.Render(g.Text)
	if err != nil {
		return g, fmt.Errorf("help: render guide %s: %w", id, err)
	}
	g.HTML = html
	g.search = strings.ToLower(g.Title + "\n" + g.Summary + "\n" + g.Text)
	return g, nil
}
