package httpapi_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
)

// A client that sends part of a body and then nothing is cut once the body
// has been silent for the idle time (60 s in production, short here): the
// request ends with 408 and the connection is closed, signed in or not.
// An upload whose bytes keep coming, however slowly, is not cut.
func TestStalledBodiesAreCut(t *testing.T) {
	t.Parallel()
	const idle = 500 * time.Millisecond
	eachDB(t, apptest.Options{BodyIdleTimeout: idle}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Miserere")
		form := uploadForm(map[string]string{"type": "score"}, "score.pdf", padded("%PDF-", 64<<10))
		cookie := l.admin.Cookie("cantica_session")

		signIn := fmt.Sprintf("POST /api/v1/auth/login HTTP/1.1\r\nHost: cantica.test\r\n"+
			"Content-Type: application/json\r\nContent-Length: 200\r\n\r\n%s", `{"email": "director@example.com", `)
		upload := fmt.Sprintf("POST %s HTTP/1.1\r\nHost: cantica.test\r\nContent-Type: %s\r\nContent-Length: %d\r\n"+
			"Cookie: %s=%s\r\n\r\n%s", l.attachments(p), form.ContentType, len(form.Data), cookie.Name, cookie.Value, form.Data[:8<<10])
		for name, request := range map[string]string{"sign-in": signIn, "upload": upload} {
			status, code, closed := stall(t, h, request)
			if status != http.StatusRequestTimeout || code != "REQUEST_TIMEOUT" || !closed {
				t.Errorf("%s stalled: %d %s, connection closed: %v", name, status, code, closed)
			}
		}
		if keys := storedKeys(t, h); len(keys) != 0 || l.used(t) != 0 {
			t.Errorf("after a stalled upload: files %v, %d bytes used", keys, l.used(t))
		}
		if n := strings.Count(h.Logs.String(), "status=408"); n != 2 {
			t.Errorf("%d request lines with status 408:\n%s", n, h.Logs.String())
		}

		// A slow client: a tenth of the idle time between chunks, three
		// times the idle time in all.
		pr, pw := io.Pipe()
		go func() {
			for chunk := range slices.Chunk(form.Data, len(form.Data)/30+1) {
				time.Sleep(idle / 10)
				if _, err := pw.Write(chunk); err != nil {
					return
				}
			}
			pw.Close()
		}()
		req, err := http.NewRequestWithContext(t.Context(), "POST", h.URL+l.attachments(p), pr)
		if err != nil {
			t.Fatal(err)
		}
		req.ContentLength = int64(len(form.Data))
		req.Header.Set("Content-Type", form.ContentType)
		req.AddCookie(cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusCreated {
			t.Errorf("slow upload: %d %s", res.StatusCode, raw)
		}
	})
}

// stall sends a request's head and the first part of its body, then
// nothing, and reads the answer's status and code, and whether the server
// closed the connection after it. (The connection's own deadline only
// keeps a server that never answers from hanging the test.)
func stall(t *testing.T, h *apptest.Harness, request string) (status int, code string, closed bool) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(h.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.WriteString(conn, request); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Errorf("no answer: %v", err)
		return 0, "", false
	}
	var body struct{ Code string }
	_ = json.NewDecoder(res.Body).Decode(&body)
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	_, err = br.ReadByte()
	return res.StatusCode, body.Code, errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET)
}
