package blob_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/minio/minio-go/v7"

	"github.com/cantica/cantica/internal/blob"
)

const testBucket = "music-attachments"

// harness is one store under test, with a way to find what a failed Put may
// have left behind that the Store interface cannot see.
type harness struct {
	store     blob.Store
	leftovers func(t *testing.T) []string
}

func newLocal(t *testing.T) harness {
	t.Helper()
	l, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return harness{store: l, leftovers: func(t *testing.T) []string { return tempFiles(t, l.Dir()) }}
}

// tempFiles lists every ".tmp-" file under dir.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	var found []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasPrefix(d.Name(), ".tmp-") {
			found = append(found, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// fakeS3 serves an in-memory S3 (gofakes3) with testBucket in it.
func fakeS3(t *testing.T) (endpoint string) {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(testBucket); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://")
}

func s3Config(endpoint string) blob.S3Config {
	return blob.S3Config{Endpoint: endpoint, Bucket: testBucket, AccessKey: "cantica", SecretKey: "secret-key", Region: "us-east-1"}
}

func newS3(t *testing.T) harness {
	t.Helper()
	endpoint := fakeS3(t)
	s, err := blob.NewS3(t.Context(), s3Config(endpoint))
	if err != nil {
		t.Fatal(err)
	}
	// A second client to see what the store cannot: unfinished multipart
	// uploads, which an aborted Put must not leave behind.
	raw, err := minio.New(endpoint, &minio.Options{Region: "us-east-1"})
	if err != nil {
		t.Fatal(err)
	}
	return harness{store: s, leftovers: func(t *testing.T) []string {
		var found []string
		for u := range raw.ListIncompleteUploads(context.Background(), testBucket, "", true) {
			// gofakes3 answers NoSuchUpload for a bucket that never had one.
			if u.Err != nil && minio.ToErrorResponse(u.Err).Code == "NoSuchUpload" {
				break
			}
			if u.Err != nil {
				t.Fatalf("list incomplete uploads: %v", u.Err)
			}
			found = append(found, u.Key+" "+u.UploadID)
		}
		return found
	}}
}

var stores = []struct {
	name string
	new  func(*testing.T) harness
}{
	{"local", newLocal},
	{"s3", newS3},
}

// pattern returns n deterministic bytes that differ from offset to offset,
// so that a read from the wrong place shows.
func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i/251)
	}
	return b
}

// patternReader generates the same bytes as pattern on the fly, without
// holding them, and hides every interface but io.Reader.
type patternReader struct {
	off, n int64
}

func (r *patternReader) Read(p []byte) (int, error) {
	if r.off >= r.n {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.n-r.off)]
	for i := range p {
		j := r.off + int64(i)
		p[i] = byte(j*7 + j/251)
	}
	r.off += int64(len(p))
	return len(p), nil
}

// failingReader delivers n bytes of r and then fails with err.
type failingReader struct {
	r   io.Reader
	n   int64
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, f.err
	}
	p = p[:min(int64(len(p)), f.n)]
	n, err := f.r.Read(p)
	f.n -= int64(n)
	return n, err
}

// onceReader calls fn once, after n bytes have been read.
type onceReader struct {
	r  io.Reader
	n  int64
	fn func()
}

func (o *onceReader) Read(p []byte) (int, error) {
	if o.n <= 0 && o.fn != nil {
		o.fn()
		o.fn = nil
	}
	if o.n > 0 {
		p = p[:min(int64(len(p)), o.n)]
	}
	n, err := o.r.Read(p)
	o.n -= int64(n)
	return n, err
}

func put(t *testing.T, s blob.Store, key string, data []byte) {
	t.Helper()
	n, err := s.Put(t.Context(), key, bytes.NewReader(data), int64(len(data)), "application/octet-stream")
	if err != nil || n != int64(len(data)) {
		t.Fatalf("put %s: %d %v", key, n, err)
	}
}

func readAll(t *testing.T, s blob.Store, key string) []byte {
	t.Helper()
	obj, err := s.Open(t.Context(), key)
	if err != nil {
		t.Fatalf("open %s: %v", key, err)
	}
	defer obj.Close()
	b, err := io.ReadAll(obj)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	return b
}

func keys(t *testing.T, s blob.Store, prefix string) []string {
	t.Helper()
	var got []string
	if err := s.Walk(t.Context(), prefix, func(i blob.Info) error {
		got = append(got, i.Key)
		return nil
	}); err != nil {
		t.Fatalf("walk %q: %v", prefix, err)
	}
	slices.Sort(got)
	return got
}

// assertAbsent checks that nothing is stored, or half-stored, under key.
func assertAbsent(t *testing.T, h harness, key string) {
	t.Helper()
	if _, err := h.store.Open(t.Context(), key); !errors.Is(err, blob.ErrNotFound) {
		t.Errorf("open %s after a failed put: %v, want ErrNotFound", key, err)
	}
	if got := keys(t, h.store, ""); slices.Contains(got, key) {
		t.Errorf("walk lists %s after a failed put: %v", key, got)
	}
	if left := h.leftovers(t); len(left) > 0 {
		t.Errorf("a failed put left %v behind", left)
	}
}

func TestConformance(t *testing.T) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			t.Run("PutOpenRead", func(t *testing.T) {
				h := st.new(t)
				data := pattern(3000)
				before := time.Now()
				put(t, h.store, "c1/m1/1700000000-Ave Maria – Soprano 1.mp3", data)
				after := time.Now()
				obj, err := h.store.Open(t.Context(), "c1/m1/1700000000-Ave Maria – Soprano 1.mp3")
				if err != nil {
					t.Fatal(err)
				}
				defer obj.Close()
				if obj.Size() != 3000 {
					t.Errorf("size %d", obj.Size())
				}
				// S3 keeps whole seconds.
				if m := obj.ModTime(); m.Before(before.Truncate(time.Second)) || m.After(after.Add(time.Second)) {
					t.Errorf("mod time %v not within %v..%v", m, before, after)
				}
				got, err := io.ReadAll(obj)
				if err != nil || !bytes.Equal(got, data) {
					t.Fatalf("read back %d bytes, %v", len(got), err)
				}
			})

			t.Run("EmptyFile", func(t *testing.T) {
				h := st.new(t)
				put(t, h.store, "c1/m1/empty.txt", nil)
				if got := readAll(t, h.store, "c1/m1/empty.txt"); len(got) != 0 {
					t.Fatalf("read %d bytes", len(got))
				}
			})

			t.Run("StreamOfUnknownSize", func(t *testing.T) {
				h := st.new(t)
				const size = 12<<20 + 12345 // three parts on S3
				n, err := h.store.Put(t.Context(), "c1/m1/rehearsal.wav", &patternReader{n: size}, -1, "audio/wav")
				if err != nil || n != size {
					t.Fatalf("put: %d %v", n, err)
				}
				obj, err := h.store.Open(t.Context(), "c1/m1/rehearsal.wav")
				if err != nil {
					t.Fatal(err)
				}
				defer obj.Close()
				if obj.Size() != size {
					t.Errorf("size %d", obj.Size())
				}
				want, got := sha256.New(), sha256.New()
				io.Copy(want, &patternReader{n: size})
				if n, err := io.Copy(got, obj); err != nil || n != size {
					t.Fatalf("read back %d, %v", n, err)
				}
				if !bytes.Equal(got.Sum(nil), want.Sum(nil)) {
					t.Fatal("read back different bytes")
				}
			})

			t.Run("KnownSizeLargerThanAPart", func(t *testing.T) {
				h := st.new(t)
				data := pattern(6<<20 + 3)
				put(t, h.store, "c1/m1/score.pdf", data)
				if got := readAll(t, h.store, "c1/m1/score.pdf"); !bytes.Equal(got, data) {
					t.Fatalf("read back %d bytes", len(got))
				}
			})

			t.Run("Seek", func(t *testing.T) {
				h := st.new(t)
				data := pattern(1000)
				put(t, h.store, "c1/m1/a.mp3", data)
				obj, err := h.store.Open(t.Context(), "c1/m1/a.mp3")
				if err != nil {
					t.Fatal(err)
				}
				defer obj.Close()
				read := func(n int, wantFrom int) {
					t.Helper()
					buf := make([]byte, n)
					if _, err := io.ReadFull(obj, buf); err != nil {
						t.Fatalf("read %d at %d: %v", n, wantFrom, err)
					}
					if !bytes.Equal(buf, data[wantFrom:wantFrom+n]) {
						t.Fatalf("read %d: not the bytes at %d", n, wantFrom)
					}
				}
				seek := func(off int64, whence int, want int64) {
					t.Helper()
					if got, err := obj.Seek(off, whence); err != nil || got != want {
						t.Fatalf("seek(%d, %d) = %d, %v; want %d", off, whence, got, err, want)
					}
				}
				read(10, 0)
				seek(100, io.SeekStart, 100)
				read(50, 100)
				seek(20, io.SeekCurrent, 170)
				read(30, 170)
				seek(-10, io.SeekCurrent, 190)
				read(10, 190)
				seek(-100, io.SeekEnd, 900)
				read(100, 900)
				if n, err := obj.Read(make([]byte, 10)); n != 0 || err != io.EOF {
					t.Fatalf("read at the end: %d %v", n, err)
				}
				seek(0, io.SeekEnd, 1000) // what http.ServeContent does to learn the size
				seek(5, io.SeekStart, 5)
				read(995, 5)
				seek(2000, io.SeekStart, 2000) // past the end: allowed, reads EOF
				if n, err := obj.Read(make([]byte, 10)); n != 0 || err != io.EOF {
					t.Fatalf("read past the end: %d %v", n, err)
				}
				if _, err := obj.Seek(-1, io.SeekStart); err == nil {
					t.Fatal("seek before the start succeeded")
				}
				seek(0, io.SeekStart, 0)
				read(1000, 0)
			})

			t.Run("Overwrite", func(t *testing.T) {
				h := st.new(t)
				put(t, h.store, "c1/m1/a.pdf", []byte("first version, longer"))
				put(t, h.store, "c1/m1/a.pdf", []byte("second"))
				if got := readAll(t, h.store, "c1/m1/a.pdf"); string(got) != "second" {
					t.Fatalf("read %q", got)
				}
				if got := keys(t, h.store, ""); !slices.Equal(got, []string{"c1/m1/a.pdf"}) {
					t.Fatalf("walk: %v", got)
				}
			})

			t.Run("Delete", func(t *testing.T) {
				h := st.new(t)
				put(t, h.store, "c1/m1/a.pdf", []byte("x"))
				put(t, h.store, "c1/m1/b.pdf", []byte("y"))
				if err := h.store.Delete(t.Context(), "c1/m1/a.pdf"); err != nil {
					t.Fatal(err)
				}
				if _, err := h.store.Open(t.Context(), "c1/m1/a.pdf"); !errors.Is(err, blob.ErrNotFound) {
					t.Fatalf("open after delete: %v", err)
				}
				if got := readAll(t, h.store, "c1/m1/b.pdf"); string(got) != "y" {
					t.Fatalf("the other file: %q", got)
				}
				for _, k := range []string{"c1/m1/a.pdf", "c9/never/was.pdf", "c1/m1/b.pdf/below-a-file", "c1/m1"} {
					if err := h.store.Delete(t.Context(), k); err != nil {
						t.Errorf("delete %s: %v", k, err)
					}
				}
				if got := readAll(t, h.store, "c1/m1/b.pdf"); string(got) != "y" {
					t.Fatalf("deleting a prefix touched a file: %q", got)
				}
			})

			t.Run("OpenMissing", func(t *testing.T) {
				h := st.new(t)
				put(t, h.store, "c1/m1/a.pdf", []byte("x"))
				for _, k := range []string{"c1/m1/b.pdf", "c2/m1/a.pdf", "c1/m1", "c1/m1/a.pdf/x"} {
					if _, err := h.store.Open(t.Context(), k); !errors.Is(err, blob.ErrNotFound) {
						t.Errorf("open %s: %v, want ErrNotFound", k, err)
					}
				}
			})

			t.Run("Walk", func(t *testing.T) {
				h := st.new(t)
				for _, k := range []string{"c1/m1/1-a.pdf", "c1/m1/2-b.mp3", "c1/m2/1-c.pdf", "c10/m1/1-d.pdf", "c2/m1/1-e.pdf"} {
					put(t, h.store, k, []byte(k))
				}
				for prefix, want := range map[string][]string{
					"":        {"c1/m1/1-a.pdf", "c1/m1/2-b.mp3", "c1/m2/1-c.pdf", "c10/m1/1-d.pdf", "c2/m1/1-e.pdf"},
					"c1/":     {"c1/m1/1-a.pdf", "c1/m1/2-b.mp3", "c1/m2/1-c.pdf"},
					"c1":      {"c1/m1/1-a.pdf", "c1/m1/2-b.mp3", "c1/m2/1-c.pdf", "c10/m1/1-d.pdf"},
					"c1/m1/":  {"c1/m1/1-a.pdf", "c1/m1/2-b.mp3"},
					"c1/m1/2": {"c1/m1/2-b.mp3"},
					"c3/":     nil,
					"c3/x/y/": nil,
				} {
					if got := keys(t, h.store, prefix); !slices.Equal(got, want) {
						t.Errorf("walk %q: %v, want %v", prefix, got, want)
					}
				}
				var info blob.Info
				h.store.Walk(t.Context(), "c1/m1/2", func(i blob.Info) error { info = i; return nil })
				if info.Size != int64(len("c1/m1/2-b.mp3")) || info.ModTime.IsZero() {
					t.Errorf("info %+v", info)
				}
				stop := errors.New("stop")
				calls := 0
				err := h.store.Walk(t.Context(), "", func(blob.Info) error { calls++; return stop })
				if err != stop || calls != 1 {
					t.Errorf("walk after the callback's error: %v, %d calls", err, calls)
				}
				if err := h.store.Walk(t.Context(), "../", func(blob.Info) error { return nil }); !errors.Is(err, blob.ErrInvalidKey) {
					t.Errorf("walk ../: %v", err)
				}
			})

			t.Run("FailedPutLeavesNothing", func(t *testing.T) {
				boom := errors.New("client went away")
				for _, c := range []struct {
					name  string
					after int64 // bytes delivered before the failure
					size  int64
					err   error
				}{
					{"small, size known", 500, 1000, boom},
					{"small, size unknown", 500, -1, boom},
					{"beyond one part, size unknown", 7 << 20, -1, boom},
					{"beyond one part, size known", 7 << 20, 8 << 20, boom},
					// What an HTTP request body returns when the client
					// disconnects: minio-go alone would take it for the end.
					{"unexpected EOF, size unknown", 7 << 20, -1, io.ErrUnexpectedEOF},
					{"unexpected EOF, small", 500, -1, io.ErrUnexpectedEOF},
				} {
					t.Run(c.name, func(t *testing.T) {
						h := st.new(t)
						r := &failingReader{r: &patternReader{n: 16 << 20}, n: c.after, err: c.err}
						_, err := h.store.Put(t.Context(), "c1/m1/broken.wav", r, c.size, "audio/wav")
						if err == nil {
							t.Fatal("put succeeded")
						}
						assertAbsent(t, h, "c1/m1/broken.wav")

						// A failed overwrite keeps the earlier file.
						put(t, h.store, "c1/m1/kept.wav", []byte("earlier"))
						r = &failingReader{r: &patternReader{n: 16 << 20}, n: c.after, err: c.err}
						if _, err := h.store.Put(t.Context(), "c1/m1/kept.wav", r, c.size, "audio/wav"); err == nil {
							t.Fatal("put succeeded")
						}
						if got := readAll(t, h.store, "c1/m1/kept.wav"); string(got) != "earlier" {
							t.Errorf("a failed overwrite changed the file: %d bytes", len(got))
						}
					})
				}
			})

			t.Run("SizeMismatch", func(t *testing.T) {
				h := st.new(t)
				for _, size := range []int64{999, 1001} {
					_, err := h.store.Put(t.Context(), "c1/m1/short.pdf", &patternReader{n: 1000}, size, "application/pdf")
					if err == nil {
						t.Fatalf("put of 1000 bytes announced as %d succeeded", size)
					}
					if st.name == "local" && !errors.Is(err, blob.ErrSizeMismatch) {
						t.Errorf("size %d: %v, want ErrSizeMismatch", size, err)
					}
					assertAbsent(t, h, "c1/m1/short.pdf")
				}
			})

			t.Run("CancelledPut", func(t *testing.T) {
				h := st.new(t)
				ctx, cancel := context.WithCancel(t.Context())
				cancel()
				if _, err := h.store.Put(ctx, "c1/m1/a.wav", bytes.NewReader(pattern(100)), 100, "audio/wav"); err == nil {
					t.Fatal("put with a cancelled context succeeded")
				}
				assertAbsent(t, h, "c1/m1/a.wav")

				for _, after := range []int64{500, 7 << 20} {
					ctx, cancel = context.WithCancel(t.Context())
					r := &onceReader{r: &patternReader{n: 12 << 20}, n: after, fn: cancel}
					_, err := h.store.Put(ctx, "c1/m1/b.wav", r, -1, "audio/wav")
					cancel()
					if err == nil {
						t.Fatalf("put cancelled after %d bytes succeeded", after)
					}
					if st.name == "local" && !errors.Is(err, context.Canceled) {
						t.Errorf("cancelled after %d: %v, want context.Canceled", after, err)
					}
					assertAbsent(t, h, "c1/m1/b.wav")
				}
			})

			t.Run("ConcurrentPutsToOneKey", func(t *testing.T) {
				h := st.new(t)
				// Each writer's file is one repeated byte; whoever wins, the
				// stored file must be one writer's file whole, never a mixture.
				var wg sync.WaitGroup
				for i := range 16 {
					wg.Go(func() {
						data := bytes.Repeat([]byte{byte('a' + i)}, 64<<10+i)
						if _, err := h.store.Put(context.Background(), "c1/m1/same.pdf", bytes.NewReader(data), int64(len(data)), ""); err != nil {
							t.Errorf("writer %d: %v", i, err)
						}
					})
				}
				wg.Wait()
				got := readAll(t, h.store, "c1/m1/same.pdf")
				i := int(got[0] - 'a')
				if len(got) != 64<<10+i || !bytes.Equal(got, bytes.Repeat(got[:1], len(got))) {
					t.Fatalf("stored %d bytes starting %q: not one writer's file", len(got), got[:1])
				}
				if left := h.leftovers(t); len(left) > 0 {
					t.Errorf("left behind: %v", left)
				}
			})

			t.Run("InvalidKeys", func(t *testing.T) {
				h := st.new(t)
				for _, k := range []string{"../x", "/abs", "a//b", `a\b`, "", "a/../b", "a/./b", "a/", "a/.tmp-123", "a\x00b", strings.Repeat("x", 513)} {
					if _, err := h.store.Put(t.Context(), k, strings.NewReader("x"), 1, ""); !errors.Is(err, blob.ErrInvalidKey) {
						t.Errorf("put %q: %v", k, err)
					}
					if _, err := h.store.Open(t.Context(), k); !errors.Is(err, blob.ErrInvalidKey) {
						t.Errorf("open %q: %v", k, err)
					}
					if err := h.store.Delete(t.Context(), k); !errors.Is(err, blob.ErrInvalidKey) {
						t.Errorf("delete %q: %v", k, err)
					}
				}
				if got := keys(t, h.store, ""); len(got) != 0 {
					t.Errorf("stored %v", got)
				}
			})
		})
	}
}

func TestLocalLayoutAndPermissions(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "files")
	l, err := blob.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	put(t, l, "c1/m1/1700000000-score.pdf", []byte("%PDF"))
	p := filepath.Join(dir, "c1", "m1", "1700000000-score.pdf")
	st, err := os.Stat(p)
	if err != nil {
		t.Fatalf("the file is not at the key's path: %v", err)
	}
	if st.Mode().Perm() != 0o640 {
		t.Errorf("file mode %v, want 0640", st.Mode().Perm())
	}
	dst, err := os.Stat(filepath.Join(dir, "c1", "m1"))
	if err != nil || dst.Mode().Perm()&^0o750 != 0 {
		t.Errorf("directory mode %v (umask may remove bits, never add), %v", dst.Mode().Perm(), err)
	}
}

func TestLocalWalkShowsOnlyStoredFiles(t *testing.T) {
	dir := t.TempDir()
	l, err := blob.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	put(t, l, "c1/m1/a.pdf", []byte("a"))
	// What a crashed Put leaves, a stray symbolic link, and a directory.
	os.WriteFile(filepath.Join(dir, "c1", "m1", ".tmp-12345"), []byte("half"), 0o640)
	os.Symlink("/etc/passwd", filepath.Join(dir, "c1", "m1", "link"))
	os.MkdirAll(filepath.Join(dir, "c1", "m2"), 0o750)
	if got := keys(t, l, ""); !slices.Equal(got, []string{"c1/m1/a.pdf"}) {
		t.Fatalf("walk: %v", got)
	}
	if _, err := l.Open(t.Context(), "c1/m2"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("open a directory: %v", err)
	}
}

func TestNewS3MissingBucket(t *testing.T) {
	cfg := s3Config(fakeS3(t))
	cfg.Bucket = "no-such-bucket"
	_, err := blob.NewS3(t.Context(), cfg)
	if err == nil || !strings.Contains(err.Error(), "no-such-bucket") || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("want an error naming the missing bucket, got %v", err)
	}
	cfg = s3Config(fakeS3(t))
	cfg.PartSize = 1 << 20
	if _, err := blob.NewS3(t.Context(), cfg); err == nil {
		t.Fatal("a part size below 5 MiB was accepted")
	}
}
