package httpapi

import (
	"net/http"
	"path"
	"slices"
	"strings"
)

// Some addresses carry a secret that is their whole authority: an email
// link's (answer, read or unsubscribe for a member), an invitation's, a
// calendar feed's file name. The database keeps only their hashes, so the
// log must not keep them either: every log line names a request by its
// redacted path. (Metrics name it by the route pattern, which holds no
// values at all; links that carry a secret in their query string, such as
// a confirmation or password reset, are safe because no log line names a
// query.)
//
// Every wildcard of every route is taken for a secret unless it names an
// identifier (a name ending in "Id") or is listed in publicWildcards, so a
// new route with a token in its path is redacted without anyone having to
// remember it.
var publicWildcards = map[string]bool{"date": true, "calendarType": true, "eventType": true, "provider": true, "action": true}

// webPagesWithSecrets are the web app's pages whose address carries an
// email link's secret (web/src/app/publicPaths.ts; a test checks that every
// page there with a parameter is covered). The app serves them under "/",
// so the ServeMux has no pattern of its own for them.
var webPagesWithSecrets = []string{
	"/email/rsvp/{token}/{action}",
	"/email/practice/{token}",
	"/email/event/{token}",
	"/email/unsubscribe/{token}",
}

// routes is the ServeMux with a note of the secret wildcards of every
// pattern registered on it.
type routes struct {
	*http.ServeMux
	secrets redactor
}

func newRoutes() *routes {
	r := &routes{ServeMux: http.NewServeMux()}
	for _, page := range webPagesWithSecrets {
		r.secrets.add(page)
	}
	return r
}

func (r *routes) Handle(pattern string, h http.Handler) {
	r.secrets.add(pattern)
	r.ServeMux.Handle(pattern, h)
}

func (r *routes) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	r.secrets.add(pattern)
	r.ServeMux.HandleFunc(pattern, h)
}

// secretSegment is a path segment that holds a secret in any path whose
// segments before it match prefix ("" matches any segment).
type secretSegment struct {
	prefix []string
	name   string
}

// redactor replaces the secret segments of request paths.
type redactor struct {
	segments []secretSegment
}

// add notes the secret wildcards of a ServeMux pattern ("[METHOD ]/path").
func (d *redactor) add(pattern string) {
	if i := strings.IndexByte(pattern, '/'); i > 0 {
		pattern = pattern[i:] // without the method (and host)
	}
	parts := strings.Split(strings.TrimPrefix(pattern, "/"), "/")
	prefix := make([]string, 0, len(parts))
	for _, part := range parts {
		name, isWildcard := wildcardName(part)
		if isWildcard && !publicWildcard(name) {
			s := secretSegment{prefix: slices.Clone(prefix), name: name}
			if !slices.ContainsFunc(d.segments, func(o secretSegment) bool { return o.name == s.name && slices.Equal(o.prefix, s.prefix) }) {
				d.segments = append(d.segments, s)
			}
		}
		if isWildcard {
			part = ""
		}
		prefix = append(prefix, part)
	}
}

// path is p, cleaned, with each secret segment replaced by its wildcard's
// name in braces: /email/rsvp/{token}/yes. It applies to any path whose
// segments before the secret match, so a mistyped method or a longer path
// under a token route (which no route answers) is redacted too. Every
// request's line goes through it: a path without secrets costs no
// allocation.
func (d *redactor) path(p string) string {
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	clean := path.Clean(p)
	if strings.HasSuffix(p, "/") && clean != "/" {
		if clean == p[:len(p)-1] {
			clean = p
		} else {
			clean += "/"
		}
	}
	var buf [16]string
	parts := buf[:0]
	for rest := clean[1:]; ; {
		segment, after, more := strings.Cut(rest, "/")
		parts = append(parts, segment)
		if !more {
			break
		}
		rest = after
	}
	redacted := false
	for _, s := range d.segments {
		if len(parts) > len(s.prefix) && prefixMatches(s.prefix, parts) {
			parts[len(s.prefix)] = "{" + s.name + "}"
			redacted = true
		}
	}
	if !redacted {
		return clean
	}
	return "/" + strings.Join(parts, "/")
}

func prefixMatches(prefix, parts []string) bool {
	for i, want := range prefix {
		if want != "" && parts[i] != want {
			return false
		}
	}
	return true
}

// wildcardName reads a pattern segment "{name}" or "{name...}".
func wildcardName(segment string) (string, bool) {
	if !strings.HasPrefix(segment, "{") || !strings.HasSuffix(segment, "}") || segment == "{$}" {
		return "", false
	}
	return strings.TrimSuffix(segment[1:len(segment)-1], "..."), true
}

func publicWildcard(name string) bool {
	return strings.HasSuffix(name, "Id") || publicWildcards[name]
}
