package httpapi_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
)

// An upload whose content is not what its name says is told what the
// content is (issue 25: an HTML page named .pdf was told "Please upload a
// PDF", as if it were one).
func TestUploadSaysWhatTheContentIs(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Ubi caritas")
		wantMessage(t, l.upload(t, p, nil, "Ubi caritas.pdf", []byte("<!DOCTYPE html><html><body>Saved from the web</body></html>")),
			415, "UNSUPPORTED_FILE", "This file is not a PDF: its content is a web page (HTML).")
		wantMessage(t, l.upload(t, p, map[string]string{"type": "score"}, "Ubi caritas.pdf", padded("\x89PNG\r\n\x1a\n", 300)),
			415, "UNSUPPORTED_FILE", "This file is not a PDF: its content is a PNG image.")
	})
}

// sendLikeABrowser sends a request as a browser sends an upload: the whole
// body first, and only then reads the answer. A server that answers early
// and closes with the body unread resets the connection, and such a client
// then sees the reset, not the answer.
func sendLikeABrowser(t *testing.T, h *apptest.Harness, c *apptest.Client, path string, form apptest.Body) (*http.Response, string, error) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(h.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// A safety net against a hang, not a measure of time.
	if err := conn.SetDeadline(time.Now().Add(2 * time.Minute)); err != nil {
		t.Fatal(err)
	}
	head := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nCookie: %s\r\n\r\n",
		path, strings.TrimPrefix(h.URL, "http://"), form.ContentType, len(form.Data), c.Cookie("cantica_session").String())
	if _, err := conn.Write(append([]byte(head), form.Data...)); err != nil {
		return nil, "", fmt.Errorf("send: %w", err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return nil, "", fmt.Errorf("read the answer: %w", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return res, string(raw), err
}

// A refused upload's answer reaches a client that sends the whole body
// before reading (issue 25: the browser showed a connection reset instead
// of the 413's words).
func TestRefusedUploadIsAnsweredReadably(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{MaxUploadBytes: 1 << 20}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Magnificat")
		for _, c := range []struct {
			name    string
			content []byte
			status  int
			message string
		}{
			{"concert.pdf", padded("%PDF-1.7", 32<<20), 413, "This file is larger than the 1 MB limit. Please choose a smaller file."},
			{"page.pdf", padded("<!DOCTYPE html><html>", 1000<<10), 415, "This file is not a PDF: its content is a web page (HTML)."},
		} {
			res, raw, err := sendLikeABrowser(t, h, l.admin, l.attachments(p), uploadForm(nil, c.name, c.content))
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			if res.StatusCode != c.status || !strings.Contains(raw, c.message) {
				t.Errorf("%s: %d %s", c.name, res.StatusCode, raw)
			}
		}
	})
}
