package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/apperr"
)

// staticFile is one file of the web build, loaded once at start-up with its
// gzip form, so serving it costs no disk reads and no compression.
type staticFile struct {
	body        []byte
	gzipped     []byte // nil when compression does not pay
	etag        string
	contentType string
	// policy replaces the app's Content-Security-Policy for an HTML page
	// with inline scripts (the prerendered landing page): it allows them by
	// their hashes. Empty for every other file.
	policy string
}

// spa serves the built web app: files as they are; the prerendered landing
// page at /; the public app's public.html at the paths of the pages a visitor
// opens without signing in; every other path the signed-in app's index.html,
// whose router redirects unknown routes to /.
type spa struct {
	files map[string]*staticFile
	// pages holds index.html with <link rel="modulepreload"> for the code of
	// the page at a path (exact, or "/x/*" for /x and everything under it),
	// from the build's .vite/preloads.json.
	pages map[string]*staticFile
	// publicPages holds public.html, likewise, for each path of the public
	// app (.vite/public-preloads.json).
	publicPages map[string]*staticFile
	// landing is landing.html, / prerendered; nil when not built.
	landing *staticFile
	// signedIn says whether a request carries a live session: the landing
	// page sends such a visitor to /dashboard (accounts §2.1).
	signedIn func(*http.Request) bool
}

func newSPA(dist fs.FS, signedIn func(*http.Request) bool) (*spa, error) {
	s := &spa{files: map[string]*staticFile{}, pages: map[string]*staticFile{}, publicPages: map[string]*staticFile{}, signedIn: signedIn}
	if dist == nil {
		return s, nil
	}
	err := fs.WalkDir(dist, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// Dot files and folders (.keep, the build's .vite/) are not the app's.
		if name != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		body, err := fs.ReadFile(dist, name)
		if err != nil {
			return err
		}
		s.files[name] = newStaticFile(name, body)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("httpapi: load the web app: %w", err)
	}
	if err := loadPagePreloads(dist, s.files["index.html"], ".vite/preloads.json", s.pages); err != nil {
		return nil, fmt.Errorf("httpapi: load the web app's page preloads: %w", err)
	}
	if err := loadPagePreloads(dist, s.files["public.html"], ".vite/public-preloads.json", s.publicPages); err != nil {
		return nil, fmt.Errorf("httpapi: load the public app's page preloads: %w", err)
	}
	s.landing = s.files["landing.html"]
	return s, nil
}

func newStaticFile(name string, body []byte) *staticFile {
	sum := sha256.Sum256(body)
	f := &staticFile{body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
	f.contentType = mime.TypeByExtension(path.Ext(name))
	if f.contentType == "" {
		f.contentType = http.DetectContentType(body)
	}
	if strings.HasPrefix(f.contentType, "text/html") {
		f.policy = inlineScriptPolicy(body)
	}
	if compressible(f.contentType) && len(body) > 1024 {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(body)
		_ = zw.Close()
		if buf.Len() < len(body) {
			f.gzipped = buf.Bytes()
		}
	}
	return f
}

// loadPagePreloads makes into pages, for each path of the preloads file
// (written by the web build, see web/vite.shared.ts), a copy of the app's
// HTML that tells the browser to fetch that page's code at once, beside the
// entry, rather than after the entry has run and the router has asked for it.
func loadPagePreloads(dist fs.FS, index *staticFile, preloadsFile string, pages map[string]*staticFile) error {
	if index == nil {
		return nil
	}
	raw, err := fs.ReadFile(dist, preloadsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var preloads map[string][]string
	if err := json.Unmarshal(raw, &preloads); err != nil {
		return err
	}
	head := bytes.LastIndex(index.body, []byte("</head>"))
	if head < 0 {
		return errors.New("the app's HTML has no </head>")
	}
	for page, files := range preloads {
		var links bytes.Buffer
		for _, file := range files {
			fmt.Fprintf(&links, "    <link rel=\"modulepreload\" crossorigin href=\"%s\">\n", html.EscapeString(file))
		}
		body := slices.Concat(index.body[:head], links.Bytes(), index.body[head:])
		pages[page] = newStaticFile("index.html", body)
	}
	return nil
}

// indexFor is the HTML for a page: the public app's if the page is one of
// its own, else the signed-in app's; the copy that preloads the page's code,
// by exact path, then by the longest "/x/*" that holds it, else the plain
// index.html.
func (s *spa) indexFor(page string) (*staticFile, bool) {
	if f, ok := pageFor(s.publicPages, page); ok {
		return f, true
	}
	if f, ok := pageFor(s.pages, page); ok {
		return f, true
	}
	f, ok := s.files["index.html"]
	return f, ok
}

func pageFor(pages map[string]*staticFile, page string) (*staticFile, bool) {
	if f, ok := pages[page]; ok {
		return f, true
	}
	for prefix := page; prefix != "/" && prefix != "."; prefix = path.Dir(prefix) {
		if f, ok := pages[prefix+"/*"]; ok {
			return f, true
		}
	}
	return nil, false
}

var inlineScript = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

// inlineScriptPolicy is the app's Content-Security-Policy, allowing also the
// inline scripts of a page by their SHA-256 (the prerendered landing page
// carries its few lines of script in the page, saving a request on a phone);
// empty for a page with none, which keeps the app's policy.
func inlineScriptPolicy(page []byte) string {
	var hashes []string
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		sum := sha256.Sum256(m[1])
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	if len(hashes) == 0 {
		return ""
	}
	return strings.Replace(contentSecurityPolicy, "script-src 'self'", "script-src 'self' "+strings.Join(hashes, " "), 1)
}

func compressible(contentType string) bool {
	for _, prefix := range []string{"text/", "application/javascript", "text/javascript", "application/json", "image/svg+xml", "application/manifest+json", "application/wasm"} {
		if strings.HasPrefix(contentType, prefix) {
			return true
		}
	}
	return false
}

const (
	cacheForever = "public, max-age=31536000, immutable"
	cacheNever   = "no-cache"
)

func (s *spa) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, apperr.CodeMethodNotAllowed, "Method not allowed.", nil)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if f, ok := s.files[name]; ok && name != "index.html" {
		cache := cacheNever
		// Vite puts content-hashed files under assets/: their name changes
		// whenever their content does.
		if strings.HasPrefix(name, "assets/") {
			cache = cacheForever
		}
		s.serve(w, r, f, cache)
		return
	}
	if strings.HasPrefix(name, "assets/") {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	if name == "" && s.landing != nil {
		// The answer depends on the session cookie: no shared cache may keep it.
		w.Header().Set("Vary", "Cookie")
		if s.signedIn != nil && s.signedIn(r) {
			w.Header().Set("Cache-Control", "private, no-cache")
			http.Redirect(w, r, "/dashboard", http.StatusFound)
			return
		}
		s.serve(w, r, s.landing, "private, no-cache")
		return
	}
	index, ok := s.indexFor("/" + name)
	if !ok {
		http.Error(w, "The Cantica web app is not built into this binary. Build it with `make build`.", http.StatusServiceUnavailable)
		return
	}
	s.serve(w, r, index, cacheNever)
}

func (s *spa) serve(w http.ResponseWriter, r *http.Request, f *staticFile, cache string) {
	h := w.Header()
	h.Set("Cache-Control", cache)
	h.Set("Content-Type", f.contentType)
	if f.policy != "" {
		h.Set("Content-Security-Policy", f.policy)
	}
	h.Add("Vary", "Accept-Encoding")
	body, etag := f.body, f.etag
	if f.gzipped != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body, etag = f.gzipped, strings.TrimSuffix(f.etag, `"`)+`-gz"`
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") && strings.ReplaceAll(params, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
