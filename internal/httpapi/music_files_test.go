package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/blob"
)

// library is a choir with a signed-in admin, a member, and an admin of
// another choir.
type library struct {
	h                    *apptest.Harness
	admin, member, other *apptest.Client
	id, otherID          string
}

func newLibrary(t *testing.T, h *apptest.Harness) library {
	t.Helper()
	for _, e := range []string{"director@example.com", "alto@example.com", "rival@example.com"} {
		confirmedUser(t, h, e)
	}
	l := library{h: h, admin: signIn(t, h, "director@example.com"), member: signIn(t, h, "alto@example.com"), other: signIn(t, h, "rival@example.com")}
	l.id = createChoir(t, l.admin, "St Cecilia Singers").Str("id")
	l.otherID = createChoir(t, l.other, "Rival Singers").Str("id")
	memberID, err := h.App.Accounts.UserIDByEmail(t.Context(), "alto@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.App.Choirs.AddMember(t.Context(), memberID, l.id, access.Member, h.Clock.Now()); err != nil {
		t.Fatal(err)
	}
	return l
}

// piece adds a piece to a choir directly: adding pieces is another part's.
func (l library) piece(t *testing.T, choirID, title string) string {
	t.Helper()
	id := uuid.NewString()
	now := l.h.Clock.Now()
	if _, err := l.h.DB.ExecContext(t.Context(), `INSERT INTO music (id, choir_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		id, choirID, title, now, now); err != nil {
		t.Fatal(err)
	}
	return id
}

func (l library) attachments(musicID string) string {
	return "/api/v1/choirs/" + l.id + "/music/" + musicID + "/attachments"
}

func (l library) upload(t *testing.T, musicID string, fields map[string]string, name string, content []byte) apptest.Response {
	t.Helper()
	return l.admin.Do("POST", l.attachments(musicID), uploadForm(fields, name, content))
}

func (l library) mustUpload(t *testing.T, musicID string, fields map[string]string, name string, content []byte) string {
	t.Helper()
	res := l.upload(t, musicID, fields, name, content)
	if res.Status != 201 {
		t.Fatalf("upload %s: %d %s", name, res.Status, res.Raw)
	}
	return res.Str("id")
}

func (l library) used(t *testing.T) int64 {
	t.Helper()
	res := l.member.Do("GET", "/api/v1/choirs/"+l.id+"/music/storage", nil)
	if res.Status != 200 {
		t.Fatalf("storage: %d %s", res.Status, res.Raw)
	}
	return int64(res.JSON["usedBytes"].(float64))
}

// storedKeys lists the files in the harness's store.
func storedKeys(t *testing.T, h *apptest.Harness) []string {
	t.Helper()
	store, err := blob.NewLocal(h.Config.Blob.Dir)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	if err := store.Walk(t.Context(), "", func(i blob.Info) error { keys = append(keys, i.Key); return nil }); err != nil {
		t.Fatal(err)
	}
	slices.Sort(keys)
	return keys
}

// padded is a file's signature followed by filler up to n bytes.
func padded(sig string, n int) []byte {
	b := make([]byte, n)
	copy(b, sig)
	for i := len(sig); i < n; i++ {
		b[i] = byte(i)
	}
	return b
}

func mxl(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	m, _ := z.CreateHeader(&zip.FileHeader{Name: "mimetype", Method: zip.Store})
	_, _ = m.Write([]byte("application/vnd.recordare.musicxml"))
	c, _ := z.Create("META-INF/container.xml")
	_, _ = c.Write([]byte(`<container><rootfiles><rootfile full-path="score.musicxml"/></rootfiles></container>`))
	s, _ := z.Create("score.musicxml")
	_, _ = s.Write([]byte(`<score-partwise version="4.0"/>`))
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestUploadSniffsEachKind(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Ave verum corpus")
		musicXML := []byte("\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE score-partwise PUBLIC \"-//Recordare//DTD MusicXML 4.0 Partwise//EN\" \"http://www.musicxml.org/dtds/partwise.dtd\">\n<score-partwise version=\"4.0\"></score-partwise>\n")
		for _, c := range []struct {
			name        string
			content     []byte
			typ         string // sent; "" lets the server choose
			wantType    string
			contentType string
		}{
			{"score.pdf", padded("%PDF-1.7\n", 300), "", "score", "application/pdf"},
			{"tenor.mp3", padded("ID3\x04\x00", 300), "audio_part", "audio_part", "audio/mpeg"},
			{"raw.mp3", padded("\xFF\xFB\x90\x64", 300), "", "audio_full", "audio/mpeg"},
			{"take.aac", padded("\xFF\xF1\x50\x80", 300), "", "audio_full", "audio/aac"},
			{"take.m4a", padded("\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00", 300), "audio_full", "audio_full", "audio/mp4"},
			{"take.ogg", padded("OggS\x00\x02", 300), "", "audio_full", "audio/ogg"},
			{"take.wav", padded("RIFF\x24\x08\x00\x00WAVEfmt ", 300), "", "audio_full", "audio/wav"},
			{"take.flac", padded("fLaC\x00\x00\x00\x22", 300), "", "audio_full", "audio/flac"},
			{"score.musicxml", musicXML, "", "musicxml", "application/vnd.recordare.musicxml+xml"},
			{"score.mxl", mxl(t), "score", "score", "application/vnd.recordare.musicxml"},
			{"parts.mid", padded("MThd\x00\x00\x00\x06", 300), "", "midi", "audio/midi"},
			{"notes.pdf", padded("%PDF-1.4\n", 100), "other", "other", "application/pdf"},
		} {
			fields := map[string]string{"description": "for " + c.name}
			if c.typ != "" {
				fields["type"] = c.typ
			}
			if c.typ == "audio_part" {
				fields["customPartName"] = "Tenor 1"
			}
			res := l.upload(t, p, fields, c.name, c.content)
			if res.Status != 201 || res.Str("type") != c.wantType || res.Str("contentType") != c.contentType ||
				res.Str("fileName") != c.name || res.JSON["sizeBytes"] != float64(len(c.content)) || res.Str("description") != "for "+c.name {
				t.Errorf("upload %s: %d %s", c.name, res.Status, res.Raw)
				continue
			}
			got := l.member.Do("GET", l.attachments(p)+"/"+res.Str("id")+"/file", nil)
			if got.Status != 200 || got.Raw != string(c.content) || got.Header.Get("Content-Type") != c.contentType {
				t.Errorf("download %s: %d %q, %d bytes", c.name, got.Status, got.Header.Get("Content-Type"), len(got.Raw))
			}
			// MusicXML is XML: a browser would render it as a page, so it is only ever saved.
			if inline := strings.HasPrefix(got.Header.Get("Content-Disposition"), "inline;"); inline != !strings.Contains(c.contentType, "musicxml") {
				t.Errorf("download %s: Content-Disposition %q", c.name, got.Header.Get("Content-Disposition"))
			}
		}

		var want int64
		atts, err := h.App.Music.Attachments(t.Context(), l.id, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range atts {
			want += a.SizeBytes
		}
		if len(atts) != 12 || len(storedKeys(t, h)) != 12 || l.used(t) != want {
			t.Errorf("%d attachments, %d files, %d bytes used, want 12, 12, %d", len(atts), len(storedKeys(t, h)), l.used(t), want)
		}

		// Refused: nothing is stored and nothing counted.
		for _, c := range []struct {
			name    string
			content []byte
			fields  map[string]string
			status  int
			code    string
			message string
		}{
			{"notes.txt", []byte("just some text, not music"), nil, 415, "UNSUPPORTED_FILE", "This type of file is not supported. Please upload a PDF, MP3, M4A, AAC, OGG, Opus, WAV, FLAC, MusicXML or MIDI file."},
			{"setup.exe", padded("MZ\x90\x00", 300), nil, 415, "UNSUPPORTED_FILE", ""},
			{"other.zip", padded("PK\x03\x04\x14\x00\x00\x00notes.txt", 300), nil, 415, "UNSUPPORTED_FILE", ""},
			{"page.html", []byte("<html><body>hello</body></html>"), nil, 415, "UNSUPPORTED_FILE", ""},
			{"score.pdf", padded("%PDF-1.7", 300), map[string]string{"type": "audio_full"}, 415, "UNSUPPORTED_FILE", "A recording must be an MP3, M4A, AAC, OGG, Opus, WAV or FLAC file."},
			{"take.mp3", padded("ID3\x04", 300), map[string]string{"type": "score"}, 415, "UNSUPPORTED_FILE", "A score must be a PDF or MusicXML file."},
			{"take.mp3", padded("ID3\x04", 300), map[string]string{"type": "audio_part"}, 400, "VALIDATION_ERROR", "Please enter the part this recording is of, for example Soprano 1."},
			{"take.mp3", padded("ID3\x04", 300), map[string]string{"type": "audio_part", "customPartName": "  "}, 400, "VALIDATION_ERROR", ""},
			{"take.mp3", padded("ID3\x04", 300), map[string]string{"type": "madrigal"}, 400, "VALIDATION_ERROR", "Please choose a valid attachment type."},
			{"take.mp3", padded("ID3\x04", 300), map[string]string{"description": "bell\x07"}, 400, "VALIDATION_ERROR", "This field contains an invisible control character. Please remove it and try again."},
			{"empty.pdf", nil, nil, 400, "VALIDATION_ERROR", "Please choose a file to upload."},
		} {
			res := l.upload(t, p, c.fields, c.name, c.content)
			if res.Status != c.status || res.Str("code") != c.code || (c.message != "" && res.Str("message") != c.message) {
				t.Errorf("upload %s %v: %d %s", c.name, c.fields, res.Status, res.Raw)
			}
		}
		if n := len(storedKeys(t, h)); n != 12 || l.used(t) != want {
			t.Errorf("after refusals: %d files, %d bytes, want 12, %d", n, l.used(t), want)
		}

		// A form with no file part at all.
		var b bytes.Buffer
		b.WriteString("--x\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nscore\r\n--x--\r\n")
		if res := l.admin.Do("POST", l.attachments(p), apptest.Body{ContentType: "multipart/form-data; boundary=x", Data: b.Bytes()}); res.Status != 400 || res.Str("message") != "Please choose a file to upload." {
			t.Errorf("no file: %d %s", res.Status, res.Raw)
		}
		// Pieces of another choir, or none, are not found; members may not upload.
		rival := l.piece(t, l.otherID, "Rival piece")
		for _, path := range []string{l.attachments(rival), l.attachments("nope")} {
			if res := l.admin.Do("POST", path, uploadForm(nil, "s.pdf", tinyPDF)); res.Status != 404 {
				t.Errorf("upload to %s: %d %s", path, res.Status, res.Raw)
			}
		}
		if res := l.member.Do("POST", l.attachments(p), uploadForm(nil, "s.pdf", tinyPDF)); res.Status != 403 {
			t.Errorf("member uploads: %d %s", res.Status, res.Raw)
		}
	})
}

func TestUploadTooLarge(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{MaxUploadBytes: 4096}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Magnificat")
		if res := l.upload(t, p, nil, "exact.pdf", padded("%PDF-", 4096)); res.Status != 201 {
			t.Fatalf("upload at the limit: %d %s", res.Status, res.Raw)
		}
		res := l.upload(t, p, nil, "big.pdf", padded("%PDF-", 4097))
		if res.Status != 413 || res.Str("code") != "FILE_TOO_LARGE" || res.Str("message") != "This file is larger than the 4096-byte limit. Please choose a smaller file." {
			t.Errorf("too large: %d %s", res.Status, res.Raw)
		}
		if keys := storedKeys(t, h); len(keys) != 1 || l.used(t) != 4096 {
			t.Errorf("after a refused upload: files %v, %d bytes used", keys, l.used(t))
		}
		if res := l.member.Do("GET", "/api/v1/choirs/"+l.id+"/music/storage", nil); res.JSON["maxUploadBytes"] != float64(4096) {
			t.Errorf("storage: %s", res.Raw)
		}

		// A body announced larger than any file allowed is refused before
		// it is read; one of unknown length, once the limit is passed.
		big := uploadForm(nil, "big.pdf", padded("%PDF-", 10<<20))
		for _, chunked := range []bool{false, true} {
			var body io.Reader = bytes.NewReader(big.Data)
			if chunked {
				body = io.MultiReader(body) // hides the length: sent chunked
			}
			req, err := http.NewRequestWithContext(t.Context(), "POST", h.URL+l.attachments(p), body)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", big.ContentType)
			req.AddCookie(l.admin.Cookie("cantica_session"))
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("chunked %v: %v", chunked, err)
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 413 || !strings.Contains(string(raw), "FILE_TOO_LARGE") {
				t.Errorf("10 MiB, chunked %v: %d %s", chunked, res.StatusCode, raw)
			}
		}

		// A body cut off inside the file is the client's failure, not the server's.
		form := uploadForm(nil, "cut.pdf", padded("%PDF-", 3000))
		form.Data = form.Data[:len(form.Data)-1000]
		if res := l.admin.Do("POST", l.attachments(p), form); res.Status != 400 || res.Str("message") != "The upload was cut off before the whole file arrived. Please try again." {
			t.Errorf("cut off: %d %s", res.Status, res.Raw)
		}
		if keys := storedKeys(t, h); len(keys) != 1 || l.used(t) != 4096 {
			t.Errorf("after refused uploads: files %v, %d bytes used", keys, l.used(t))
		}
	})
}

func TestDownloadRanges(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Ubi caritas")
		content := padded("ID3\x04", 1000)
		id := l.mustUpload(t, p, map[string]string{"type": "audio_part", "customPartName": "Soprano 1"}, "Ubi caritas – Soprano 1.mp3", content)
		file := l.attachments(p) + "/" + id + "/file"
		get := func(c *apptest.Client, path, rng string) apptest.Response {
			if rng != "" {
				c.Header.Set("Range", rng)
				defer c.Header.Del("Range")
			}
			return c.Do("GET", path, nil)
		}
		res := get(l.member, file, "")
		if res.Status != 200 || res.Raw != string(content) || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "inline;") ||
			res.Header.Get("Accept-Ranges") != "bytes" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("whole file: %d %v", res.Status, res.Header)
		}
		if !strings.Contains(res.Header.Get("Content-Disposition"), "filename*=UTF-8''Ubi%20caritas%20%E2%80%93%20Soprano%201.mp3") {
			t.Errorf("Content-Disposition %q", res.Header.Get("Content-Disposition"))
		}
		if res := get(l.member, file+"?download=true", ""); !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment;") {
			t.Errorf("download=true: %q", res.Header.Get("Content-Disposition"))
		}
		if res := get(l.member, file, "bytes=100-199"); res.Status != 206 || res.Raw != string(content[100:200]) || res.Header.Get("Content-Range") != "bytes 100-199/1000" {
			t.Errorf("bytes=100-199: %d %q %d bytes", res.Status, res.Header.Get("Content-Range"), len(res.Raw))
		}
		if res := get(l.member, file, "bytes=-100"); res.Status != 206 || res.Raw != string(content[900:]) || res.Header.Get("Content-Range") != "bytes 900-999/1000" {
			t.Errorf("bytes=-100: %d %q", res.Status, res.Header.Get("Content-Range"))
		}
		if res := get(l.member, file, "bytes=5000-6000"); res.Status != 416 || res.Header.Get("Content-Range") != "bytes */1000" {
			t.Errorf("bytes=5000-6000: %d %q", res.Status, res.Header.Get("Content-Range"))
		}
		// Not reachable from outside the choir, nor through another choir's path.
		if res := get(l.other, file, ""); res.Status != 404 || strings.Contains(res.Raw, "ID3") {
			t.Errorf("other choir's admin: %d", res.Status)
		}
		rivalPath := "/api/v1/choirs/" + l.otherID + "/music/" + p + "/attachments/" + id + "/file"
		if res := get(l.other, rivalPath, ""); res.Status != 404 || strings.Contains(res.Raw, "ID3") {
			t.Errorf("through another choir: %d", res.Status)
		}
		if res := get(h.NewClient(), file, ""); res.Status != 401 {
			t.Errorf("anonymous: %d", res.Status)
		}
	})
}

var keyPattern = regexp.MustCompile(`^[0-9a-f-]{36}/[0-9a-f-]{36}/[0-9a-f-]{36}/\d{8}T\d{6}Z(-\d+)?-[A-Za-z0-9._-]+$`)

func TestReplaceUpdateDeleteKeepStorageExact(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Locus iste")
		keep := l.mustUpload(t, p, nil, "keep.pdf", padded("%PDF-", 700))
		id := l.mustUpload(t, p, nil, "Locus iste.pdf", padded("%PDF-", 1000))
		if l.used(t) != 1700 {
			t.Fatalf("after uploads: %d", l.used(t))
		}
		first := storedKeys(t, h)
		for _, k := range first {
			if !keyPattern.MatchString(k) {
				t.Errorf("key %q", k)
			}
		}
		file := l.attachments(p) + "/" + id + "/file"
		for i, size := range []int{3000, 500, 800} {
			h.Clock.Advance(time.Minute)
			before := storedKeys(t, h)
			content := padded("%PDF-1.7 v"+fmt.Sprint(i), size)
			res := l.admin.Do("PUT", file, uploadForm(map[string]string{"description": "edition " + fmt.Sprint(i)}, "Locus iste v2.pdf", content))
			if res.Status != 200 || res.JSON["sizeBytes"] != float64(size) || res.Str("fileName") != "Locus iste v2.pdf" || res.Str("description") != "edition "+fmt.Sprint(i) {
				t.Fatalf("replace with %d bytes: %d %s", size, res.Status, res.Raw)
			}
			if l.used(t) != int64(700+size) {
				t.Errorf("after replacing with %d bytes: %d used", size, l.used(t))
			}
			after := storedKeys(t, h)
			stamp := h.Clock.Now().UTC().Format("20060102T150405Z")
			added, removed := diff(after, before), diff(before, after)
			if len(after) != 2 || len(added) != 1 || len(removed) != 1 || !strings.Contains(added[0], "/"+stamp+"-Locus_iste_v2.pdf") {
				t.Errorf("replace %d: files %v, was %v", i, after, before)
			}
			if got := l.member.Do("GET", file, nil); got.Raw != string(content) {
				t.Errorf("replace %d: download is not the new file", i)
			}
		}
		// Two replacements in one second still get a key of their own.
		before := storedKeys(t, h)
		if res := l.admin.Do("PUT", file, uploadForm(nil, "Locus iste v2.pdf", padded("%PDF-", 800))); res.Status != 200 {
			t.Fatalf("replace again: %d %s", res.Status, res.Raw)
		}
		if after := storedKeys(t, h); len(after) != 2 || slices.Equal(after, before) {
			t.Errorf("replace in the same second: %v, was %v", after, before)
		}
		// A replacement must fit the attachment's type.
		if res := l.admin.Do("PUT", file, uploadForm(nil, "x.mp3", padded("ID3", 100))); res.Status != 415 {
			t.Errorf("replace a score with audio: %d %s", res.Status, res.Raw)
		}

		// PATCH changes the fields, and the type only to one that fits the file.
		res := l.admin.Do("PATCH", l.attachments(p)+"/"+id, map[string]any{"description": "Urtext", "type": "other"})
		if res.Status != 200 || res.Str("description") != "Urtext" || res.Str("type") != "other" || res.Str("fileName") != "Locus iste v2.pdf" {
			t.Errorf("patch: %d %s", res.Status, res.Raw)
		}
		for _, c := range []struct {
			body   map[string]any
			status int
		}{
			{map[string]any{"type": "audio_full"}, 415},
			{map[string]any{"type": "midi"}, 415},
			{map[string]any{"type": "bogus"}, 400},
			{map[string]any{"description": strings.Repeat("x", 1001)}, 400},
		} {
			if res := l.admin.Do("PATCH", l.attachments(p)+"/"+id, c.body); res.Status != c.status {
				t.Errorf("patch %v: %d %s", c.body, res.Status, res.Raw)
			}
		}
		if res := l.member.Do("PATCH", l.attachments(p)+"/"+id, map[string]any{"description": "x"}); res.Status != 403 {
			t.Errorf("member patches: %d", res.Status)
		}
		if res := l.other.Do("PATCH", "/api/v1/choirs/"+l.otherID+"/music/"+p+"/attachments/"+id, map[string]any{"description": "x"}); res.Status != 404 {
			t.Errorf("patch through another choir: %d", res.Status)
		}

		// Delete: the file goes, and its bytes.
		if res := l.admin.Do("DELETE", l.attachments(p)+"/"+id, nil); res.Status != 204 {
			t.Fatalf("delete: %d %s", res.Status, res.Raw)
		}
		if l.used(t) != 700 || len(storedKeys(t, h)) != 1 {
			t.Errorf("after delete: %d used, files %v", l.used(t), storedKeys(t, h))
		}
		if res := l.member.Do("GET", file, nil); res.Status != 404 {
			t.Errorf("download after delete: %d", res.Status)
		}
		if res := l.admin.Do("DELETE", l.attachments(p)+"/"+id, nil); res.Status != 404 {
			t.Errorf("delete again: %d", res.Status)
		}
		if res := l.admin.Do("DELETE", l.attachments(p)+"/"+keep, nil); res.Status != 204 || l.used(t) != 0 || len(storedKeys(t, h)) != 0 {
			t.Errorf("delete the last: %d, %d used", res.Status, l.used(t))
		}
	})
}

func diff(a, b []string) []string {
	var out []string
	for _, k := range a {
		if !slices.Contains(b, k) {
			out = append(out, k)
		}
	}
	return out
}

func TestConcurrentUploadsCountEveryByte(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Crucifixus")
		var wg sync.WaitGroup
		var want atomic.Int64
		errs := make(chan string, 16)
		for i := range 16 {
			wg.Go(func() {
				size := 1000 + 37*i
				res := l.admin.Do("POST", l.attachments(p), uploadForm(nil, fmt.Sprintf("part%d.pdf", i), padded("%PDF-", size)))
				if res.Status != 201 {
					errs <- fmt.Sprintf("upload %d: %d %s", i, res.Status, res.Raw)
					return
				}
				want.Add(int64(size))
			})
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Error(e)
		}
		if got := l.used(t); got != want.Load() || want.Load() != 16*1000+37*120 {
			t.Errorf("used %d bytes, want %d", got, want.Load())
		}
	})
}

// failingStore is a store whose deletes fail from the nth on while armed,
// and which runs beforePut (when set) as a file comes in.
type failingStore struct {
	blob.Store
	armed     atomic.Bool
	deletes   atomic.Int32
	failAt    int32
	beforePut func()
}

func (f *failingStore) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) (int64, error) {
	if f.beforePut != nil {
		f.beforePut()
	}
	return f.Store.Put(ctx, key, r, size, contentType)
}

func (f *failingStore) Delete(ctx context.Context, key string) error {
	if f.armed.Load() && f.deletes.Add(1) >= f.failAt {
		return errors.New("the store is down")
	}
	return f.Store.Delete(ctx, key)
}

func TestDeleteMusicDeletesFilesFirst(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			local, err := blob.NewLocal(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			store := &failingStore{Store: local, failAt: 2}
			h := apptest.Start(t, kind, apptest.Options{Files: store})
			h.Config.Blob.Dir = local.Dir()
			l := newLibrary(t, h)
			p := l.piece(t, l.id, "Os justi")
			spare := l.piece(t, l.id, "Spare")
			l.mustUpload(t, spare, nil, "spare.pdf", padded("%PDF-", 50))
			for i, size := range []int{100, 200, 300} {
				l.mustUpload(t, p, nil, fmt.Sprintf("file%d.pdf", i), padded("%PDF-", size))
			}
			tag := uuid.NewString()
			if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO tags (id, choir_id, name, name_key, color, created_at, updated_at) VALUES (?, ?, 'Lent', 'lent', '#336699', ?, ?)`,
				tag, l.id, h.Clock.Now(), h.Clock.Now()); err != nil {
				t.Fatal(err)
			}
			if _, err := h.DB.ExecContext(t.Context(), `INSERT INTO music_tags (music_id, tag_id, choir_id) VALUES (?, ?, ?)`, p, tag, l.id); err != nil {
				t.Fatal(err)
			}

			// The second file's delete fails: the piece stays, with its tag and
			// exactly the attachments whose files are still there.
			store.armed.Store(true)
			res := l.admin.Do("DELETE", "/api/v1/choirs/"+l.id+"/music/"+p, nil)
			store.armed.Store(false)
			if res.Status != 500 || res.Str("code") != "DELETE_FAILED" || res.Str("message") != "Unable to delete music piece. Please try again." {
				t.Fatalf("delete with a failing store: %d %s", res.Status, res.Raw)
			}
			if !strings.Contains(h.Logs.String(), "Failed to delete attachment files") {
				t.Errorf("the log does not say what failed")
			}
			atts, err := h.App.Music.Attachments(t.Context(), l.id, p)
			if err != nil {
				t.Fatal(err)
			}
			left := int64(50)
			for _, a := range atts {
				left += a.SizeBytes
			}
			if len(atts) != 2 || l.used(t) != left || len(storedKeys(t, h)) != 3 {
				t.Errorf("after the failure: %d attachments, %d bytes used, want %d; files %v", len(atts), l.used(t), left, storedKeys(t, h))
			}
			for _, a := range atts {
				if res := l.member.Do("GET", l.attachments(p)+"/"+a.ID+"/file", nil); res.Status != 200 {
					t.Errorf("attachment %s left without its file: %d", a.FileName, res.Status)
				}
			}
			var tags int
			if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM music_tags WHERE music_id = ?`, p).Scan(&tags); err != nil || tags != 1 {
				t.Errorf("tag links after the failure: %d %v", tags, err)
			}

			// Trying again works, and leaves nothing of the piece.
			if res := l.admin.Do("DELETE", "/api/v1/choirs/"+l.id+"/music/"+p, nil); res.Status != 204 {
				t.Fatalf("delete again: %d %s", res.Status, res.Raw)
			}
			var n int
			if err := h.DB.QueryRowContext(t.Context(), `SELECT (SELECT COUNT(*) FROM music WHERE id = ?) + (SELECT COUNT(*) FROM music_attachments WHERE music_id = ?)
				+ (SELECT COUNT(*) FROM music_tags WHERE music_id = ?)`, p, p, p).Scan(&n); err != nil || n != 0 {
				t.Errorf("rows left: %d %v", n, err)
			}
			if keys := storedKeys(t, h); len(keys) != 1 || !strings.Contains(keys[0], spare) || l.used(t) != 50 {
				t.Errorf("files left %v, %d bytes used", keys, l.used(t))
			}
			if res := l.admin.Do("DELETE", "/api/v1/choirs/"+l.id+"/music/"+p, nil); res.Status != 404 {
				t.Errorf("delete a deleted piece: %d", res.Status)
			}
			if res := l.other.Do("DELETE", "/api/v1/choirs/"+l.otherID+"/music/"+spare, nil); res.Status != 404 {
				t.Errorf("delete through another choir: %d", res.Status)
			}
		})
	}
}

// A piece or attachment that goes while its file is coming in leaves no
// file and no bytes counted.
func TestUploadRacingADelete(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			local, err := blob.NewLocal(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			store := &failingStore{Store: local}
			h := apptest.Start(t, kind, apptest.Options{Files: store})
			h.Config.Blob.Dir = local.Dir()
			l := newLibrary(t, h)
			p := l.piece(t, l.id, "Miserere")
			id := l.mustUpload(t, p, nil, "miserere.pdf", padded("%PDF-", 300))
			before := storedKeys(t, h)

			store.beforePut = func() {
				if _, err := h.DB.ExecContext(context.Background(), `DELETE FROM music_attachments WHERE id = ?`, id); err != nil {
					t.Error(err)
				}
			}
			if res := l.admin.Do("PUT", l.attachments(p)+"/"+id+"/file", uploadForm(nil, "v2.pdf", padded("%PDF-", 900))); res.Status != 404 {
				t.Errorf("replace as the attachment goes: %d %s", res.Status, res.Raw)
			}
			if keys := storedKeys(t, h); !slices.Equal(keys, before) || l.used(t) != 300 {
				t.Errorf("after the replace: files %v (was %v), %d bytes used", keys, before, l.used(t))
			}

			store.beforePut = func() {
				if _, err := h.DB.ExecContext(context.Background(), `DELETE FROM music WHERE id = ?`, p); err != nil {
					t.Error(err)
				}
			}
			if res := l.upload(t, p, nil, "late.pdf", padded("%PDF-", 500)); res.Status != 404 {
				t.Errorf("upload as the piece goes: %d %s", res.Status, res.Raw)
			}
			if keys := storedKeys(t, h); !slices.Equal(keys, before) || l.used(t) != 300 {
				t.Errorf("after the upload: files %v (was %v), %d bytes used", keys, before, l.used(t))
			}
		})
	}
}

func TestBulkDeleteMusic(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		a, b, c := l.piece(t, l.id, "A"), l.piece(t, l.id, "B"), l.piece(t, l.id, "C")
		rival := l.piece(t, l.otherID, "Rival")
		l.mustUpload(t, a, nil, "a.pdf", padded("%PDF-", 100))
		l.mustUpload(t, c, nil, "c.pdf", padded("%PDF-", 10))
		res := l.admin.Do("POST", "/api/v1/choirs/"+l.id+"/music/bulk-delete", map[string]any{"ids": []string{a, "nope", b, rival}})
		if res.Status != 200 {
			t.Fatalf("bulk delete: %d %s", res.Status, res.Raw)
		}
		done := fmt.Sprint(res.JSON["done"])
		failed := fmt.Sprint(res.JSON["failed"])
		if done != fmt.Sprint([]any{a, b}) || failed != fmt.Sprintf("[map[id:nope message:Music piece not found.] map[id:%s message:Music piece not found.]]", rival) {
			t.Errorf("bulk delete: done %s failed %s", done, failed)
		}
		if l.used(t) != 10 || len(storedKeys(t, h)) != 1 {
			t.Errorf("after bulk delete: %d used, %v", l.used(t), storedKeys(t, h))
		}
		if res := l.member.Do("POST", "/api/v1/choirs/"+l.id+"/music/bulk-delete", map[string]any{"ids": []string{c}}); res.Status != 403 {
			t.Errorf("member bulk deletes: %d", res.Status)
		}
	})
}

func TestCleanOrphanFiles(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Salve Regina")
		l.mustUpload(t, p, nil, "kept.pdf", padded("%PDF-", 100))
		store, err := blob.NewLocal(h.Config.Blob.Dir)
		if err != nil {
			t.Fatal(err)
		}
		orphan := l.id + "/" + p + "/" + uuid.NewString() + "/20261123T100000Z-lost.pdf"
		if _, err := store.Put(t.Context(), orphan, strings.NewReader("%PDF-lost"), -1, "application/pdf"); err != nil {
			t.Fatal(err)
		}
		// A file younger than the grace period may be an upload in flight.
		if n, err := h.App.Music.CleanOrphanFiles(t.Context(), time.Now().Add(-time.Hour)); err != nil || n != 0 || len(storedKeys(t, h)) != 2 {
			t.Errorf("clean young files: %d %v, files %v", n, err, storedKeys(t, h))
		}
		n, err := h.App.Music.CleanOrphanFiles(t.Context(), time.Now().Add(time.Minute))
		keys := storedKeys(t, h)
		if err != nil || n != 1 || len(keys) != 1 || keys[0] == orphan {
			t.Errorf("clean old files: %d %v, files %v", n, err, keys)
		}
		atts, _ := h.App.Music.Attachments(t.Context(), l.id, p)
		if len(atts) != 1 || l.member.Do("GET", l.attachments(p)+"/"+atts[0].ID+"/file", nil).Status != 200 {
			t.Errorf("the kept attachment: %v", atts)
		}

		// The hourly housekeeping runs it, for files over an hour old.
		if _, err := store.Put(t.Context(), orphan, strings.NewReader("%PDF-lost"), -1, "application/pdf"); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-2 * time.Hour)
		for _, k := range append(storedKeys(t, h), orphan) {
			if err := os.Chtimes(filepath.Join(store.Dir(), filepath.FromSlash(k)), old, old); err != nil {
				t.Fatal(err)
			}
		}
		h.App.CleanUp(t.Context())
		if keys := storedKeys(t, h); len(keys) != 1 || keys[0] != atts[0].Key {
			t.Errorf("after the housekeeping: %v", keys)
		}
	})
}

// wavStream is a WAV file of n bytes made as it is read: a header, then silence.
type wavStream struct{ n, off int64 }

func (w *wavStream) Read(p []byte) (int, error) {
	if w.off >= w.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), w.n-w.off)]
	clear(p)
	if w.off == 0 && len(p) >= 12 {
		copy(p, "RIFF\x00\x00\x00\x00WAVE")
	}
	w.off += int64(len(p))
	return len(p), nil
}

// TestLargeUploadStreams uploads a 200 MiB WAV through the HTTP API and
// checks that the process's heap does not grow by anything like the file.
// Not parallel: it measures the whole process.
func TestLargeUploadStreams(t *testing.T) {
	// Not parallel: it measures the process's memory, which other tests'
	// servers would share.
	if testing.Short() {
		t.Skip("uploads 200 MiB")
	}
	h := apptest.Start(t, "sqlite", apptest.Options{ProductionLogs: true})
	l := newLibrary(t, h)
	p := l.piece(t, l.id, "Spem in alium")
	const size = 200 << 20
	res, growth := uploadStream(t, h, l, p, size)
	if res.StatusCode != 201 {
		t.Fatalf("upload: %d", res.StatusCode)
	}
	t.Logf("200 MiB WAV upload: peak heap growth %.1f MB, peak RSS growth %.1f MB", float64(growth.heap)/1e6, float64(growth.rss)/1e6)
	if growth.heap > 20<<20 {
		t.Errorf("heap grew by %d bytes during a %d-byte upload", growth.heap, size)
	}
	if l.used(t) != size {
		t.Errorf("used %d", l.used(t))
	}
}

type memGrowth struct{ heap, rss int64 }

// uploadStream posts a WAV of size bytes, generated as it is sent, and
// reports how much the heap (sampled while the upload runs) and the
// resident set (its peak, where Linux lets it be reset) grew meanwhile.
func uploadStream(t *testing.T, h *apptest.Harness, l library, musicID string, size int64) (*http.Response, memGrowth) {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		_ = mw.WriteField("type", "audio_full")
		f, err := mw.CreateFormFile("file", "Spem in alium.wav")
		if err == nil {
			_, err = io.Copy(f, &wavStream{n: size})
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	req, err := http.NewRequestWithContext(t.Context(), "POST", h.URL+l.attachments(musicID), pr)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.AddCookie(l.admin.Cookie("cantica_session"))

	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	heapBefore := int64(ms.HeapInuse)
	rssBefore := procStatus("VmRSS")
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) // resets VmHWM to the current RSS
	var peak atomic.Int64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if v := int64(m.HeapInuse); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	res, err := http.DefaultClient.Do(req)
	close(done)
	<-sampled
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res, memGrowth{heap: peak.Load() - heapBefore, rss: max(procStatus("VmHWM"), procStatus("VmRSS")) - rssBefore}
}

// procStatus reads a size in bytes from /proc/self/status, 0 where there is none.
func procStatus(field string) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(rest), "%d", &kb)
			return kb << 10
		}
	}
	return 0
}

// BenchmarkUploadAndDownload stores an 8 MiB recording through the API and
// reads it back, per operation.
func BenchmarkUploadAndDownload(b *testing.B) {
	h := apptest.Start(b, "sqlite", apptest.Options{ProductionLogs: true})
	confirmedUser(b, h, "director@example.com")
	admin := signIn(b, h, "director@example.com")
	choirID := createChoir(b, admin, "Bench Singers").Str("id")
	musicID := uuid.NewString()
	if _, err := h.DB.ExecContext(b.Context(), `INSERT INTO music (id, choir_id, title, created_at, updated_at) VALUES (?, ?, 'Bench', ?, ?)`,
		musicID, choirID, h.Clock.Now(), h.Clock.Now()); err != nil {
		b.Fatal(err)
	}
	form := uploadForm(nil, "take.wav", padded("RIFF\x00\x00\x00\x00WAVE", 8<<20))
	path := "/api/v1/choirs/" + choirID + "/music/" + musicID + "/attachments"
	b.SetBytes(2 * 8 << 20)
	for b.Loop() {
		res := admin.Do("POST", path, form)
		if res.Status != 201 {
			b.Fatalf("upload: %d %s", res.Status, res.Raw)
		}
		if got := admin.Do("GET", path+"/"+res.Str("id")+"/file", nil); got.Status != 200 || len(got.Raw) != 8<<20 {
			b.Fatalf("download: %d", got.Status)
		}
	}
}
