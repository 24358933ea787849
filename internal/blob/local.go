package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Permissions of what the local store creates: the server's user and its
// group (for backups) may read; nobody else.
const (
	dirPerm  os.FileMode = 0o750
	filePerm os.FileMode = 0o640
)

// Local keeps files in a directory, each key at the same relative path.
type Local struct {
	dir string
}

var _ Store = (*Local)(nil)

// NewLocal opens (creating if needed) the directory dir as a store.
func NewLocal(dir string) (*Local, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("blob: local store %s: %w", dir, err)
	}
	if err := os.MkdirAll(abs, dirPerm); err != nil {
		return nil, fmt.Errorf("blob: create local store %s: %w", abs, err)
	}
	return &Local{dir: abs}, nil
}

// Dir is the directory the store keeps its files in.
func (l *Local) Dir() string { return l.dir }

func (l *Local) path(key string) string {
	return filepath.Join(l.dir, filepath.FromSlash(key))
}

// Put writes to a temporary file beside the target, syncs it and renames it
// into place, so that a reader sees either the old file or the whole new
// one, and a crash or failure leaves at most a ".tmp-" file that Walk skips.
func (l *Local) Put(ctx context.Context, key string, r io.Reader, size int64, _ string) (n int64, err error) {
	if err := ValidKey(key); err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	final := l.path(key)
	dir := filepath.Dir(final)
	tmp, err := l.createTemp(dir)
	if err != nil {
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	// io.Copy reads through a 32 KiB buffer: memory stays flat for any size.
	n, err = io.Copy(tmp, &sourceReader{ctx: ctx, r: r, want: size})
	if err != nil {
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	if err = tmp.Chmod(filePerm); err != nil { // CreateTemp makes 0o600
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	if err = tmp.Sync(); err != nil {
		return 0, fmt.Errorf("blob: put %s: sync: %w", key, err)
	}
	if err = tmp.Close(); err != nil {
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	// A Put cancelled while the file was being synced still counts as cancelled.
	if err = ctx.Err(); err != nil {
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	if err = os.Rename(tmp.Name(), final); err != nil {
		return 0, fmt.Errorf("blob: put %s: %w", key, err)
	}
	// Sync the directory so the rename itself survives a crash. A failure
	// here does not undo the Put: the file is in place and readable.
	if d, derr := os.Open(dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return n, nil
}

// createTemp makes dir and a ".tmp-" file in it. A Delete emptying the
// folders above may remove one between the two (removeEmptyParents): the
// folders are then made again. Each retry needs another Delete to win the
// same narrow race, so a few are plenty.
func (l *Local) createTemp(dir string) (*os.File, error) {
	for attempt := 1; ; attempt++ {
		err := os.MkdirAll(dir, dirPerm)
		if err == nil {
			afterMkdir(dir)
			var tmp *os.File
			if tmp, err = os.CreateTemp(dir, tempPrefix+"*"); err == nil {
				return tmp, nil
			}
		}
		if !isNotExist(err) || attempt == 10 {
			return nil, err
		}
	}
}

// Open opens the file under key for streaming reads.
func (l *Local) Open(ctx context.Context, key string) (Object, error) {
	if err := ValidKey(key); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("blob: open %s: %w", key, err)
	}
	f, err := os.Open(l.path(key))
	if err != nil {
		if isNotExist(err) {
			return nil, fmt.Errorf("blob: open %s: %w", key, ErrNotFound)
		}
		return nil, fmt.Errorf("blob: open %s: %w", key, err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("blob: open %s: %w", key, err)
	}
	if !st.Mode().IsRegular() { // a directory is a prefix, not a stored file
		f.Close()
		return nil, fmt.Errorf("blob: open %s: %w", key, ErrNotFound)
	}
	return &localObject{f: f, size: st.Size(), mod: st.ModTime()}, nil
}

// Delete removes the file under key, then the folders above it that it
// left empty (removeEmptyParents).
func (l *Local) Delete(ctx context.Context, key string) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("blob: delete %s: %w", key, err)
	}
	p := l.path(key)
	if st, err := os.Lstat(p); err == nil && st.IsDir() {
		return nil // a prefix, not a file: nothing stored under this key
	}
	switch err := os.Remove(p); {
	case err == nil:
		l.removeEmptyParents(filepath.Dir(p))
	case !isNotExist(err):
		return fmt.Errorf("blob: delete %s: %w", key, err)
	}
	return nil
}

// removeEmptyParents removes dir and the folders above it, up to the
// store's own, for as long as they are empty. Removing a folder (rmdir,
// which never removes a file) is atomic and fails when anything is in it,
// so a folder in use stays: a Put's ".tmp-" file is in its folder while it
// writes, and a Put whose folder goes between making it and creating that
// file makes it again (createTemp).
func (l *Local) removeEmptyParents(dir string) {
	for dir != l.dir && strings.HasPrefix(dir, l.dir+string(filepath.Separator)) {
		if syscall.Rmdir(dir) != nil {
			return // not empty, or already gone
		}
		dir = filepath.Dir(dir)
	}
}

// RemoveEmptyFolders removes every folder of the store that holds nothing,
// deepest first: those left by versions that kept emptied folders, or by a
// crash. It is as safe beside Puts as removeEmptyParents.
func (l *Local) RemoveEmptyFolders(ctx context.Context) error {
	var dirs []string
	err := filepath.WalkDir(l.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if isNotExist(err) {
				return nil // removed while walking
			}
			return err
		}
		if d.IsDir() && p != l.dir {
			dirs = append(dirs, p)
		}
		return ctx.Err()
	})
	if err != nil {
		return fmt.Errorf("blob: find empty folders: %w", err)
	}
	// WalkDir lists a folder before what it holds: backwards, children come first.
	for _, dir := range slices.Backward(dirs) {
		_ = syscall.Rmdir(dir) // fails, as it should, unless empty
	}
	return nil
}

// Walk lists the regular files under prefix. It skips in-flight ".tmp-"
// files and anything else that is not a file a Put could have made
// (symbolic links, names that are not valid keys), so that the orphan
// clean-up job never sees, and never deletes, what is not a stored file.
func (l *Local) Walk(ctx context.Context, prefix string, fn func(Info) error) error {
	if err := validPrefix(prefix); err != nil {
		return err
	}
	// Start at the deepest directory the prefix names in full.
	root := l.dir
	if i := strings.LastIndex(prefix, "/"); i >= 0 {
		root = l.path(prefix[:i])
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root && isNotExist(err) {
				return fs.SkipAll // nothing stored under this prefix
			}
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), tempPrefix) {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || strings.HasPrefix(d.Name(), tempPrefix) {
			return nil
		}
		rel, err := filepath.Rel(l.dir, p)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if !strings.HasPrefix(key, prefix) || ValidKey(key) != nil {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			if isNotExist(err) { // deleted while walking
				return nil
			}
			return err
		}
		if err := fn(Info{Key: key, Size: info.Size(), ModTime: info.ModTime()}); err != nil {
			return &fnResult{err}
		}
		return nil
	})
	var res *fnResult
	switch {
	case errors.As(err, &res):
		return res.err
	case err != nil:
		return fmt.Errorf("blob: walk %q: %w", prefix, err)
	}
	return nil
}

// fnResult carries an error from Walk's callback out of WalkDir unwrapped,
// so that the caller gets back exactly what it returned.
type fnResult struct{ err error }

func (r *fnResult) Error() string { return "walk callback" }

func isNotExist(err error) bool {
	// ENOTDIR: a path below a file, such as "a/b/c" when "a/b" is a file.
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

type localObject struct {
	f    *os.File
	size int64
	mod  time.Time
}

func (o *localObject) Read(p []byte) (int, error)                { return o.f.Read(p) }
func (o *localObject) Seek(off int64, whence int) (int64, error) { return o.f.Seek(off, whence) }
func (o *localObject) Close() error                              { return o.f.Close() }
func (o *localObject) Size() int64                               { return o.size }
func (o *localObject) ModTime() time.Time                        { return o.mod }

// ETag identifies this version of the file for HTTP validators: a Put always
// writes a new file, so its modification time in nanoseconds and its size
// change with every version.
func (o *localObject) ETag() string {
	return `"` + strconv.FormatInt(o.mod.UnixNano(), 36) + "-" + strconv.FormatInt(o.size, 36) + `"`
}

// afterMkdir lets a test act between a Put making its folder and creating
// its file in it.
var afterMkdir = func(string) {}
