package blob_test

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/blob"
)

const choirFileName = "Ave Maria – Soprano 1.mp3"

// serveServer serves one 1000-byte file from the store the way an attachment
// handler would: open, Serve, close.
func serveServer(t *testing.T, s blob.Store) (*httptest.Server, []byte) {
	t.Helper()
	data := pattern(1000)
	put(t, s, "c1/m1/1700000000-ave.mp3", data)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		obj, err := s.Open(r.Context(), "c1/m1/1700000000-ave.mp3")
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer obj.Close()
		blob.Serve(w, r, obj, choirFileName, "audio/mpeg", r.URL.Query().Get("download") == "")
	}))
	t.Cleanup(srv.Close)
	return srv, data
}

func do(t *testing.T, method, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func TestServe(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			srv, data := serveServer(t, st.new(t).store)

			resp, body := do(t, "GET", srv.URL, nil)
			if resp.StatusCode != 200 || !bytes.Equal(body, data) {
				t.Fatalf("full GET: %d, %d bytes", resp.StatusCode, len(body))
			}
			for k, want := range map[string]string{
				"Accept-Ranges":          "bytes",
				"Content-Type":           "audio/mpeg",
				"Content-Length":         "1000",
				"Cache-Control":          "private, max-age=0, must-revalidate",
				"X-Content-Type-Options": "nosniff",
				"Content-Disposition":    `inline; filename="Ave Maria _ Soprano 1.mp3"; filename*=UTF-8''Ave%20Maria%20%E2%80%93%20Soprano%201.mp3`,
			} {
				if got := resp.Header.Get(k); got != want {
					t.Errorf("%s: %q, want %q", k, got, want)
				}
			}
			etag, lastMod := resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
			if !strings.HasPrefix(etag, `"`) || lastMod == "" {
				t.Fatalf("validators: ETag %q, Last-Modified %q", etag, lastMod)
			}
			// A browser decodes filename* to the exact name.
			if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition")); err != nil || params["filename"] != choirFileName {
				t.Errorf("Content-Disposition parses to %q, %v", params["filename"], err)
			}

			resp, body = do(t, "GET", srv.URL, map[string]string{"Range": "bytes=100-199"})
			if resp.StatusCode != 206 || !bytes.Equal(body, data[100:200]) || resp.Header.Get("Content-Range") != "bytes 100-199/1000" {
				t.Errorf("range 100-199: %d, %d bytes, Content-Range %q", resp.StatusCode, len(body), resp.Header.Get("Content-Range"))
			}

			resp, body = do(t, "GET", srv.URL, map[string]string{"Range": "bytes=-500"})
			if resp.StatusCode != 206 || !bytes.Equal(body, data[500:]) || resp.Header.Get("Content-Range") != "bytes 500-999/1000" {
				t.Errorf("suffix range: %d, %d bytes, Content-Range %q", resp.StatusCode, len(body), resp.Header.Get("Content-Range"))
			}

			resp, body = do(t, "GET", srv.URL, map[string]string{"Range": "bytes=990-"})
			if resp.StatusCode != 206 || !bytes.Equal(body, data[990:]) {
				t.Errorf("open-ended range: %d, %d bytes", resp.StatusCode, len(body))
			}

			resp, _ = do(t, "GET", srv.URL, map[string]string{"Range": "bytes=5000-6000"})
			if resp.StatusCode != 416 || resp.Header.Get("Content-Range") != "bytes */1000" {
				t.Errorf("unsatisfiable range: %d, Content-Range %q", resp.StatusCode, resp.Header.Get("Content-Range"))
			}

			resp, body = do(t, "HEAD", srv.URL, nil)
			if resp.StatusCode != 200 || len(body) != 0 || resp.Header.Get("Content-Length") != "1000" || resp.Header.Get("Accept-Ranges") != "bytes" {
				t.Errorf("HEAD: %d, %d bytes, Content-Length %q", resp.StatusCode, len(body), resp.Header.Get("Content-Length"))
			}

			resp, body = do(t, "GET", srv.URL, map[string]string{"If-None-Match": etag})
			if resp.StatusCode != 304 || len(body) != 0 {
				t.Errorf("If-None-Match with the ETag: %d", resp.StatusCode)
			}
			resp, _ = do(t, "GET", srv.URL, map[string]string{"If-None-Match": `"something-else"`})
			if resp.StatusCode != 200 {
				t.Errorf("If-None-Match with another ETag: %d", resp.StatusCode)
			}
			resp, _ = do(t, "GET", srv.URL, map[string]string{"If-Modified-Since": lastMod})
			if resp.StatusCode != 304 {
				t.Errorf("If-Modified-Since the Last-Modified: %d", resp.StatusCode)
			}
			resp, _ = do(t, "GET", srv.URL, map[string]string{"If-Modified-Since": "Mon, 01 Jan 2001 00:00:00 GMT"})
			if resp.StatusCode != 200 {
				t.Errorf("If-Modified-Since 2001: %d", resp.StatusCode)
			}
			// An audio player resuming: the range only while the file is unchanged.
			resp, body = do(t, "GET", srv.URL, map[string]string{"Range": "bytes=100-199", "If-Range": etag})
			if resp.StatusCode != 206 || len(body) != 100 {
				t.Errorf("If-Range with the ETag: %d, %d bytes", resp.StatusCode, len(body))
			}
			resp, body = do(t, "GET", srv.URL, map[string]string{"Range": "bytes=100-199", "If-Range": `"changed"`})
			if resp.StatusCode != 200 || len(body) != 1000 {
				t.Errorf("If-Range with another ETag: %d, %d bytes", resp.StatusCode, len(body))
			}

			resp, _ = do(t, "GET", srv.URL+"?download=1", nil)
			if cd := resp.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment; ") {
				t.Errorf("download: Content-Disposition %q", cd)
			}
		})
	}
}

func TestContentDisposition(t *testing.T) {
	for _, c := range []struct {
		name   string
		inline bool
		want   string
	}{
		{"score.pdf", true, `inline; filename="score.pdf"; filename*=UTF-8''score.pdf`},
		{"Ave Maria – Soprano 1.mp3", false, `attachment; filename="Ave Maria _ Soprano 1.mp3"; filename*=UTF-8''Ave%20Maria%20%E2%80%93%20Soprano%201.mp3`},
		{`say "hi".pdf`, false, `attachment; filename="say _hi_.pdf"; filename*=UTF-8''say%20%22hi%22.pdf`},
		{"../../etc/passwd", false, `attachment; filename="passwd"; filename*=UTF-8''passwd`},
		{`C:\Users\x\Kyrie.pdf`, false, `attachment; filename="Kyrie.pdf"; filename*=UTF-8''Kyrie.pdf`},
		{"evil\r\nSet-Cookie: x.pdf", false, `attachment; filename="evilSet-Cookie: x.pdf"; filename*=UTF-8''evilSet-Cookie%3A%20x.pdf`},
		{"", true, `inline; filename="file"; filename*=UTF-8''file`},
		{"50%; x=y.pdf", false, `attachment; filename="50%; x=y.pdf"; filename*=UTF-8''50%25%3B%20x%3Dy.pdf`},
		// Invisible characters that change how a name reads are dropped (issue 25).
		{"Soprano-part\u202Efdp.exe", false, `attachment; filename="Soprano-partfdp.exe"; filename*=UTF-8''Soprano-partfdp.exe`},
		{"\u2066a\u2069\u200b\ufeff\u00ad\u061c\u200e\u2028b\u0085.pdf", true, `inline; filename="ab.pdf"; filename*=UTF-8''ab.pdf`},
		{" \u202e ", true, `inline; filename="file"; filename*=UTF-8''file`},
		// The joiners stay: emoji and some scripts need them.
		{"\u0645\u06cc\u200c\u062e\u0648\u0627\u0646\u0645.pdf", true, `inline; filename="________.pdf"; filename*=UTF-8''%D9%85%DB%8C%E2%80%8C%D8%AE%D9%88%D8%A7%D9%86%D9%85.pdf`},
	} {
		got := blob.ContentDisposition(c.name, c.inline)
		if got != c.want {
			t.Errorf("%q: %s\n want %s", c.name, got, c.want)
		}
		if _, _, err := mime.ParseMediaType(got); err != nil {
			t.Errorf("%q: %s does not parse: %v", c.name, got, err)
		}
	}
}
