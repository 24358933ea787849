package blob

import (
	"errors"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/cantica/cantica/internal/config"
)

func TestOpenChoosesTheStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "files")
	s, err := Open(t.Context(), config.BlobConfig{Dir: dir, MaxUploadBytes: 200 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if l, ok := s.(*Local); !ok || l.Dir() != dir {
		t.Fatalf("without an endpoint: %T %+v", s, s)
	}

	backend := s3mem.New()
	if err := backend.CreateBucket(config.DefaultS3Bucket); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	defer srv.Close()
	cfg := config.BlobConfig{Dir: dir, MaxUploadBytes: 200 << 20, S3: config.S3Settings{
		Endpoint: strings.TrimPrefix(srv.URL, "http://"), Bucket: config.DefaultS3Bucket,
		AccessKey: "k", SecretKey: "s", Region: config.DefaultS3Region,
	}}
	s, err = Open(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if s3, ok := s.(*S3); !ok || s3.partSize != MinPartSize {
		t.Fatalf("with an endpoint: %T %+v", s, s)
	}
	cfg.S3.Bucket = "other-bucket"
	if _, err := Open(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), "other-bucket") {
		t.Fatalf("missing bucket: %v", err)
	}
}

func TestPartSizeFor(t *testing.T) {
	for _, max := range []int64{0, 1, 200 << 20, 48 << 30, 100 << 30, 1 << 40} {
		p := partSizeFor(max)
		if p < MinPartSize || p%(1<<20) != 0 || p*maxParts < uint64(max) {
			t.Errorf("max upload %d: part size %d", max, p)
		}
		if max <= 200<<20 && p != MinPartSize {
			t.Errorf("max upload %d: part size %d, want the minimum", max, p)
		}
	}
}

func TestValidKey(t *testing.T) {
	for _, k := range []string{
		"c1/m1/1700000000-score.pdf",
		"0b7c6f1e-2f0a-4c7e-9a55-3d1c2b8e4f10/5e0c/1732550000-Ave Maria – Soprano 1.mp3",
		"a", "a/b.c", "a/..b", "a/b..", "a/.hidden", strings.Repeat("x", MaxKeyLen),
	} {
		if err := ValidKey(k); err != nil {
			t.Errorf("%q refused: %v", k, err)
		}
	}
	for _, k := range []string{
		"", "../x", "/abs", "a//b", `a\b`, "a/", "./a", "a/.", "a/../b", "..", "a/.tmp-1",
		"a\x00b", "a\nb", "a\x7fb", "a\u0085b", "a\xffb", strings.Repeat("x", MaxKeyLen+1),
	} {
		if err := ValidKey(k); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("%q accepted (%v)", k, err)
		}
	}
}

// FuzzValidKey checks that a key ValidKey accepts maps to a path inside the
// local store's directory, and to that key again.
func FuzzValidKey(f *testing.F) {
	for _, s := range []string{"c1/m1/a.pdf", "../x", "a/../../b", "a//b", ".tmp-x", "a/./b", "é/ü"} {
		f.Add(s)
	}
	dir := f.TempDir()
	l, err := NewLocal(dir)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, key string) {
		if ValidKey(key) != nil {
			return
		}
		p := l.path(key)
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, "../") || filepath.ToSlash(rel) != key {
			t.Fatalf("key %q maps to %q (rel %q)", key, p, rel)
		}
	})
}
