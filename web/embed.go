//go:build !noui

// Package web holds the built React app (web/dist), embedded into the binary.
// Build with -tags noui to leave it out.
package web

import (
	"embed"
	"io/fs"
)

// The all: prefix matters: Vite emits chunks whose names start with "_".
//
//go:embed all:dist
var dist embed.FS

// Dist returns the built app, or nil when it was never built.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil
	}
	return sub
}
