package httpapi_test

import (
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

// An upload whose content is not what its name says is told what the
// content is (issue 25: an HTML page named .pdf was told "Please upload a
// PDF", as if it were one).
func TestUploadSaysWhatTheContentIs(t *testing.T) {
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Ubi caritas")
		wantMessage(t, l.upload(t, p, nil, "Ubi caritas.pdf", []byte("<!DOCTYPE html><html><body>Saved from the web</body></html>")),
			415, "UNSUPPORTED_FILE", "This file is not a PDF: its content is a web page (HTML).")
		wantMessage(t, l.upload(t, p, map[string]string{"type": "score"}, "Ubi caritas.pdf", padded("\x89PNG\r\n\x1a\n", 300)),
			415, "UNSUPPORTED_FILE", "This file is not a PDF: its content is a PNG image.")
	})
}
