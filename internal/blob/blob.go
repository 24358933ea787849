// Package blob keeps uploaded files (scores, recordings) in a store: a local
// directory by default, or S3-compatible object storage when configured.
//
// Stores know nothing of choirs or pieces. Callers build keys such as
// "{choirId}/{musicId}/{timestamp}-{fileName}" and keep them in the database;
// a store only puts, opens, deletes and lists them.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"
)

// ErrNotFound is returned (wrapped) by Open when no file is stored under a key.
var ErrNotFound = errors.New("blob: not found")

// ErrInvalidKey is returned (wrapped) for a key ValidKey refuses.
var ErrInvalidKey = errors.New("blob: invalid key")

// ErrSizeMismatch is returned (wrapped) by Put when the reader delivers more
// or fewer bytes than the size it was given: a truncated upload must not be
// stored as if it were whole.
var ErrSizeMismatch = errors.New("blob: size mismatch")

// Object is an open stored file. Read and Seek stream from the store; no
// implementation holds the whole file in memory.
//
// Seeking past the end is allowed, as with os.File; a Read there returns io.EOF.
type Object interface {
	io.ReadSeekCloser
	Size() int64
	ModTime() time.Time
}

// Info describes one stored file, as Walk reports it.
type Info struct {
	Key     string
	Size    int64
	ModTime time.Time
}

// Store is where files are kept. Every method refuses a key that ValidKey
// refuses, with an error wrapping ErrInvalidKey.
type Store interface {
	// Put streams r to key (size may be -1 when unknown) and returns the
	// bytes written. When size is known, r must deliver exactly size bytes,
	// else Put fails with ErrSizeMismatch. A failed or cancelled Put leaves
	// nothing behind under key: an earlier file under key stays as it was,
	// and no part of the new one is visible to Open or Walk.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) (int64, error)
	// Open opens the file under key; an error wrapping ErrNotFound when absent.
	// The S3 store reads the object with ctx: cancel it only after Close.
	Open(ctx context.Context, key string) (Object, error)
	// Delete removes the file under key; deleting a missing key is not an error.
	Delete(ctx context.Context, key string) error
	// Walk calls fn for every stored key that starts with prefix ("" for all),
	// in no promised order, and stops at fn's first error, returning it.
	// Files of Puts still under way are not listed.
	Walk(ctx context.Context, prefix string, fn func(Info) error) error
}

// ExportPrefix starts the keys of personal data exports (package privacy),
// which keep their own records and expiry: the music library's sweep of
// files no attachment names leaves them alone.
const ExportPrefix = "exports/"

// MaxKeyLen is the longest key accepted, in bytes.
const MaxKeyLen = 512

// tempPrefix starts the names of the local store's in-flight files. No key
// segment may start with it, so that such a file is never taken for a key.
const tempPrefix = ".tmp-"

// ValidKey says whether key can name a stored file: a slash-separated
// relative path of non-empty segments, none of them "." or "..", without
// backslashes or control characters, valid UTF-8, at most MaxKeyLen bytes.
// Segments starting with ".tmp-" are reserved for files being written.
//
// Keys are checked in every store, not only the local one, so that a key
// that works on S3 also works on a disk and nothing can escape the
// directory of the local store.
func ValidKey(key string) error {
	bad := func(why string) error { return fmt.Errorf("%w %q: %s", ErrInvalidKey, key, why) }
	switch {
	case key == "":
		return bad("empty")
	case len(key) > MaxKeyLen:
		return bad(fmt.Sprintf("longer than %d bytes", MaxKeyLen))
	case !utf8.ValidString(key):
		return bad("not UTF-8")
	case strings.HasPrefix(key, "/"):
		return bad("starts with /")
	case strings.Contains(key, `\`):
		return bad(`contains \`)
	}
	for _, r := range key {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return bad("contains a control character")
		}
	}
	for seg := range strings.SplitSeq(key, "/") {
		switch {
		case seg == "":
			return bad("has an empty segment")
		case seg == "." || seg == "..":
			return bad("has a . or .. segment")
		case strings.HasPrefix(seg, tempPrefix):
			return bad("has a segment starting with " + tempPrefix)
		}
	}
	return nil
}

// validPrefix checks a Walk prefix: empty, or a key or the start of one,
// possibly ending in "/".
func validPrefix(prefix string) error {
	if prefix == "" {
		return nil
	}
	if err := ValidKey(strings.TrimSuffix(prefix, "/")); err != nil {
		return fmt.Errorf("%w (as a prefix)", err)
	}
	return nil
}

// sourceReader wraps what Put reads. It stops at a cancelled context, checks
// the byte count against a known size, and wraps every read error but io.EOF.
//
// The wrapping matters: minio-go treats io.ErrUnexpectedEOF from the source
// as the end of the stream, and that is exactly what an HTTP request body
// returns when the client disconnects half-way. Unwrapped, a truncated upload
// would be completed and stored.
//
// With a known size, the reader never reads past it into p, and checks that
// the source ends there before it hands over the last bytes. A single S3 PUT
// sends exactly size bytes and completes once they are sent; a surplus found
// only afterwards would leave a wrong file stored.
type sourceReader struct {
	ctx  context.Context
	r    io.Reader
	want int64 // -1 when unknown
	n    int64
	done bool // the source ended exactly at want
}

// readError is a failure of the source, not of the store.
type readError struct{ err error }

func (e *readError) Error() string { return "reading the upload: " + e.err.Error() }
func (e *readError) Unwrap() error { return e.err }

func (s *sourceReader) Read(p []byte) (int, error) {
	if err := s.ctx.Err(); err != nil {
		return 0, &readError{err}
	}
	if s.done {
		return 0, io.EOF
	}
	if s.want < 0 {
		n, err := s.r.Read(p)
		s.n += int64(n)
		if err != nil && err != io.EOF {
			return n, &readError{err}
		}
		return n, err
	}
	if s.n >= s.want { // want == 0, or a caller reading after the end
		if err := s.atEnd(); err != nil {
			return 0, err
		}
		return 0, io.EOF
	}
	if rest := s.want - s.n; int64(len(p)) > rest {
		p = p[:rest]
	}
	n, err := s.r.Read(p)
	s.n += int64(n)
	switch {
	case err == io.EOF && s.n < s.want:
		return 0, &readError{fmt.Errorf("%w: %d bytes, %d announced", ErrSizeMismatch, s.n, s.want)}
	case err != nil && err != io.EOF:
		return 0, &readError{err}
	case s.n == s.want:
		if err := s.atEnd(); err != nil {
			return 0, err // withhold the last bytes: the upload must not complete
		}
	}
	return n, nil
}

// atEnd checks that the source has nothing past want.
func (s *sourceReader) atEnd() error {
	var b [1]byte
	for range 100 {
		n, err := s.r.Read(b[:])
		switch {
		case n > 0:
			return &readError{fmt.Errorf("%w: more than the %d bytes announced", ErrSizeMismatch, s.want)}
		case err == io.EOF:
			s.done = true
			return nil
		case err != nil:
			return &readError{err}
		}
	}
	return &readError{io.ErrNoProgress}
}
