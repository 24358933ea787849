//go:build noui

package web

import "io/fs"

// Dist returns nil: this binary was built without the web app.
func Dist() fs.FS { return nil }
