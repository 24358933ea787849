package blob

import (
	"fmt"
	"net/http"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Serve writes obj as the response to r, with what audio players and PDF
// viewers need: byte ranges (206 for a satisfiable Range, 416 with
// "Content-Range: bytes */size" otherwise), HEAD, and conditional requests
// against the object's modification time and entity tag, all by
// http.ServeContent. contentType is sent as given (never sniffed), and the
// file name goes in Content-Disposition, inline or as an attachment.
//
// Cache-Control is "private, max-age=0, must-revalidate" rather than the
// API's no-store: a browser seeking in a recording asks for range after
// range, and with no-store it could keep none of them; revalidating keeps
// access checks on every use while letting it reuse what it has.
//
// Serve does not close obj.
func Serve(w http.ResponseWriter, r *http.Request, obj Object, fileName, contentType string, inline bool) {
	h := w.Header()
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	h.Set("Content-Type", contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Disposition", ContentDisposition(fileName, inline))
	h.Set("Cache-Control", "private, max-age=0, must-revalidate")
	if e, ok := obj.(interface{ ETag() string }); ok && e.ETag() != "" {
		h.Set("ETag", e.ETag())
	}
	http.ServeContent(w, r, fileName, obj.ModTime(), obj)
}

// ContentDisposition builds the header value for fileName (RFC 6266): a
// plain-ASCII filename for old clients and the exact name, UTF-8 and
// percent-encoded, in filename*. Any directory part of fileName is dropped.
func ContentDisposition(fileName string, inline bool) string {
	kind := "attachment"
	if inline {
		kind = "inline"
	}
	name := CleanFileName(fileName)
	var ascii, ext strings.Builder
	for _, r := range name {
		switch {
		case r == '"' || r == '\\' || r >= utf8.RuneSelf:
			ascii.WriteByte('_')
		default:
			ascii.WriteRune(r)
		}
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if isAttrChar(c) {
			ext.WriteByte(c)
		} else {
			fmt.Fprintf(&ext, "%%%02X", c)
		}
	}
	return kind + `; filename="` + ascii.String() + `"; filename*=UTF-8''` + ext.String()
}

// CleanFileName is a file name as it may be stored and shown: its last
// path segment (a browser may send a folder part), valid UTF-8, without
// leading or trailing spaces and without invisible characters: control
// characters, line and paragraph separators, and Unicode's format
// characters (category Cf). Among those are the bidirectional controls that
// make "Soprano-part\u202Efdp.exe" read as "Soprano-partexe.pdf", zero-width
// spaces and the byte order mark. The zero-width joiner and non-joiner stay:
// emoji and some scripts need them, and they reorder nothing. An empty
// result is "file".
func CleanFileName(name string) string {
	name = strings.ToValidUTF8(name, "_")
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	name = strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || (unicode.Is(unicode.Cf, r) && r != '\u200c' && r != '\u200d') {
			return -1
		}
		return r
	}, name))
	if name == "" || name == "." || name == "/" || name == ".." {
		return "file"
	}
	return name
}

// isAttrChar is RFC 8187's attr-char: what filename* may carry unencoded.
func isAttrChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("!#$&+-.^_`|~", c) >= 0
}
