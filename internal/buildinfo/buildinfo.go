// Package buildinfo names the build of Cantica that is running, for tags
// of answers that must change when the code that writes them does.
package buildinfo

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"runtime/debug"
)

// Tag is the commit this binary was built from; a build with uncommitted
// changes, or without version control, adds a value of this process alone,
// so that no other build's answers are taken for its own.
var Tag = func() string {
	var revision string
	modified := false
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if revision == "" || modified {
		revision += "+" + rand.Text()
	}
	return revision
}()

// ETag is a weak entity tag (W/"…") of an answer made of parts: what the
// answer depends on, hashed with the build's Tag.
func ETag(parts ...any) string {
	h := sha256.New()
	fmt.Fprint(h, Tag)
	for _, p := range parts {
		fmt.Fprintf(h, "|%v", p)
	}
	return `W/"` + base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18]) + `"`
}
