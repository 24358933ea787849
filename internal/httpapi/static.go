package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"html"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cantica/cantica/internal/apperr"
)

// staticFile is one file of the web build, read on the first request for
// it and kept, so serving it again costs no reads and no compression; with
// its gzip form, which the build writes beside it (web/scripts/compress.mjs)
// or else this server makes, once. Nothing is read or compressed at
// start-up: the app's megabytes would make every start wait for them.
type staticFile struct {
	name string
	// src is the build the file is read from; nil for a page made here.
	src  fs.FS
	once sync.Once
	err  error

	body        []byte
	etag        string
	contentType string
	// policy replaces the app's Content-Security-Policy for an HTML page
	// with inline scripts (the prerendered landing page): it allows them by
	// their hashes. Empty for every other file.
	policy  string
	gzipped []byte // nil when compression does not pay
	// brotli is the build's Brotli form (name.br), some 15 % smaller than
	// gzip on the app's scripts; nil when the build wrote none for this
	// content. The server never makes one: Go's library has no encoder.
	brotli []byte
	// brotliOf is the SHA-256 (hex) of the content the build's .br was made
	// from, from the build's .vite/brotli.json; empty when there is none.
	brotliOf string
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
	logger   *slog.Logger // nil logs nothing
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
		for _, suffix := range []string{".gz", ".br"} {
			if base, ok := strings.CutSuffix(name, suffix); ok {
				if _, err := fs.Stat(dist, base); err == nil {
					return nil // a file's compressed form, served in its place
				}
			}
		}
		s.files[name] = &staticFile{name: name, src: dist}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("httpapi: load the web app: %w", err)
	}
	if err := loadBrotliSums(dist, s.files); err != nil {
		return nil, fmt.Errorf("httpapi: load the web app's list of Brotli files: %w", err)
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

// newStaticFile is a page made here from the build's files.
func newStaticFile(name string, body []byte) *staticFile {
	f := &staticFile{name: name}
	f.fill(body)
	return f
}

// load reads the file and its build's gzip form, or compresses it, once.
func (f *staticFile) load() error {
	f.once.Do(func() {
		if f.src != nil {
			body, err := fs.ReadFile(f.src, f.name)
			if err != nil {
				f.err = fmt.Errorf("httpapi: read %s of the web app: %w", f.name, err)
				return
			}
			f.fill(body)
			if gz, err := fs.ReadFile(f.src, f.name+".gz"); err == nil && gzipHolds(gz, body) {
				f.gzipped = gz
			}
			// A Brotli stream carries no checksum to check it by: the build
			// lists what each .br was made from, and a .br left from another
			// build is not sent.
			if sum := sha256.Sum256(body); f.brotliOf == hex.EncodeToString(sum[:]) {
				if br, err := fs.ReadFile(f.src, f.name+".br"); err == nil {
					f.brotli = br
				}
			}
		}
		if f.gzipped == nil && compressible(f.contentType) && len(f.body) > 1024 {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			_, _ = zw.Write(f.body)
			_ = zw.Close()
			if buf.Len() < len(f.body) {
				f.gzipped = buf.Bytes()
			}
		}
	})
	return f.err
}

func (f *staticFile) fill(body []byte) {
	sum := sha256.Sum256(body)
	f.body, f.etag = body, `"`+hex.EncodeToString(sum[:12])+`"`
	f.contentType = mime.TypeByExtension(path.Ext(f.name))
	if path.Ext(f.name) == ".webmanifest" {
		// The phone app's manifest: not in Go's table, and the system's may lack it.
		f.contentType = "application/manifest+json"
	}
	if f.contentType == "" {
		f.contentType = http.DetectContentType(body)
	}
	if strings.HasPrefix(f.contentType, "text/html") {
		f.policy = inlineScriptPolicy(body)
	}
}

// gzipHolds says whether gz, a gzip stream, ends with the checksum and size
// of body (RFC 1952's trailer), so that a .gz left from another build is
// never sent for a file it does not hold.
func gzipHolds(gz, body []byte) bool {
	if len(gz) < 18 || gz[0] != 0x1f || gz[1] != 0x8b {
		return false
	}
	trailer := gz[len(gz)-8:]
	return binary.LittleEndian.Uint32(trailer) == crc32.ChecksumIEEE(body) &&
		binary.LittleEndian.Uint32(trailer[4:]) == uint32(len(body))
}

// loadBrotliSums gives each file the build wrote a .br for the SHA-256 of
// the content it made it from (.vite/brotli.json, web/scripts/compress.mjs).
func loadBrotliSums(dist fs.FS, files map[string]*staticFile) error {
	raw, err := fs.ReadFile(dist, ".vite/brotli.json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var sums map[string]string
	if err := json.Unmarshal(raw, &sums); err != nil {
		return err
	}
	for name, sum := range sums {
		if f, ok := files[name]; ok {
			f.brotliOf = sum
		}
	}
	return nil
}

// appScriptsEnd closes the template of the app's scripts in index.html.
const appScriptsEnd = "</template><!-- app-scripts -->"

// loadPagePreloads makes into pages, for each path of the preloads file
// (written by the web build, see web/vite.shared.ts), a copy of the app's
// HTML that tells the browser to fetch that page's code at once, beside the
// entry, rather than after the entry has run and the router has asked for it.
func loadPagePreloads(dist fs.FS, index *staticFile, preloadsFile string, pages map[string]*staticFile) error {
	if index == nil {
		return nil
	}
	if err := index.load(); err != nil {
		return err
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
	// The signed-in app's HTML holds its scripts in a template that it adds
	// to the page after the loading shell's first paint (web/scripts/prerender.mjs):
	// the page's preloads join them there, else they go at the end of the head.
	at := bytes.Index(index.body, []byte(appScriptsEnd))
	if at < 0 {
		at = bytes.LastIndex(index.body, []byte("</head>"))
	}
	if at < 0 {
		return errors.New("the app's HTML has no </head>")
	}
	for page, files := range preloads {
		var links bytes.Buffer
		for _, file := range files {
			if strings.HasSuffix(file, ".css") {
				// A page's stylesheet: among the deferred scripts it blocks no paint,
				// and the router's loader, finding it linked, does not fetch it again.
				fmt.Fprintf(&links, "    <link rel=\"stylesheet\" href=\"%s\">\n", html.EscapeString(file))
				continue
			}
			fmt.Fprintf(&links, "    <link rel=\"modulepreload\" crossorigin href=\"%s\">\n", html.EscapeString(file))
		}
		body := slices.Concat(index.body[:at], links.Bytes(), index.body[at:])
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
	if err := f.load(); err != nil {
		if s.logger != nil {
			// The file's name, not the path, which may hold an email link's secret.
			s.logger.Error("web app: file not read", "file", f.name, "err", err)
		}
		writeError(w, http.StatusInternalServerError, apperr.CodeInternal, "An unexpected error occurred. Please try again later.", nil)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", cache)
	h.Set("Content-Type", f.contentType)
	if f.policy != "" {
		h.Set("Content-Security-Policy", f.policy)
	}
	varyOn(h, "Accept-Encoding")
	body, etag := f.body, f.etag
	switch {
	case f.brotli != nil && accepts(r, "br"):
		h.Set("Content-Encoding", "br")
		body, etag = f.brotli, strings.TrimSuffix(f.etag, `"`)+`-br"`
	case f.gzipped != nil && accepts(r, "gzip"):
		h.Set("Content-Encoding", "gzip")
		body, etag = f.gzipped, strings.TrimSuffix(f.etag, `"`)+`-gz"`
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// accepts says whether the request's Accept-Encoding allows a content coding.
func accepts(r *http.Request, encoding string) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), encoding) && strings.ReplaceAll(params, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
