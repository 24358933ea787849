package blob_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cantica/cantica/internal/blob"
)

// folders lists the folders under dir, relative and sorted.
func folders(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// Deleting a file removes the folders it leaves empty (issue 25: the
// clean-up left a folder per attachment behind), never one still in use,
// nor the store's own folder.
func TestLocalDeleteRemovesEmptiedFolders(t *testing.T) {
	dir := t.TempDir()
	l, err := blob.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	put(t, l, "c1/m1/a1/score.pdf", []byte("a"))
	put(t, l, "c1/m1/a2/take.mp3", []byte("b"))
	if err := l.Delete(t.Context(), "c1/m1/a1/score.pdf"); err != nil {
		t.Fatal(err)
	}
	if got := folders(t, dir); !slices.Equal(got, []string{"c1", "c1/m1", "c1/m1/a2"}) {
		t.Fatalf("after deleting one of two files: %v", got)
	}
	if err := l.Delete(t.Context(), "c1/m1/a2/take.mp3"); err != nil {
		t.Fatal(err)
	}
	if got := folders(t, dir); len(got) != 0 {
		t.Fatalf("after deleting the last file: %v", got)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("the store's folder: %v", err)
	}
}

// The clean-up removes empty folders an earlier version left behind, and
// keeps those holding a file or an upload in flight.
func TestLocalRemoveEmptyFolders(t *testing.T) {
	dir := t.TempDir()
	l, err := blob.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	put(t, l, "c1/m1/a1/score.pdf", []byte("a"))
	for _, d := range []string{"c1/m1/a2", "c1/m2/a3", "c2/m4/a5/x", "c3/m5/a6"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(d)), 0o750); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "c3", "m5", "a6", ".tmp-123"), []byte("half"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := l.RemoveEmptyFolders(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got, want := folders(t, dir), []string{"c1", "c1/m1", "c1/m1/a1", "c3", "c3/m5", "c3/m5/a6"}; !slices.Equal(got, want) {
		t.Fatalf("folders %v, want %v", got, want)
	}
}

// Puts beside deletes that empty the folders they share, over and over,
// never fail and never lose a file: a folder removed under a Put is made
// again.
func TestLocalPutsRacingDeletesInOneFolder(t *testing.T) {
	dir := t.TempDir()
	l, err := blob.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	const writers, rounds = 8, 50
	var wg sync.WaitGroup
	errs := make(chan error, writers*rounds)
	for w := range writers {
		wg.Go(func() {
			for r := range rounds {
				key := fmt.Sprintf("c1/m1/a%d/%d.pdf", w, r)
				if _, err := l.Put(t.Context(), key, strings.NewReader("%PDF"), -1, ""); err != nil {
					errs <- fmt.Errorf("put %s: %w", key, err)
					return
				}
				if r < rounds-1 {
					if err := l.Delete(t.Context(), key); err != nil {
						errs <- fmt.Errorf("delete %s: %w", key, err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if got := keys(t, l, ""); len(got) != writers {
		t.Fatalf("the last file of each writer: %v", got)
	}
}
