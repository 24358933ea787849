package blob

import (
	"os"
	"strings"
	"testing"
)

// A Delete may remove a folder, emptied, just after a Put made it and before
// the Put's file is in it: the Put makes it again and succeeds.
func TestLocalPutRemakesAFolderRemovedUnderIt(t *testing.T) {
	l, err := NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	removed := 0
	afterMkdir = func(dir string) {
		if removed < 2 {
			removed++
			if err := os.Remove(dir); err != nil {
				t.Error(err)
			}
		}
	}
	t.Cleanup(func() { afterMkdir = func(string) {} })
	if _, err := l.Put(t.Context(), "c1/m1/a1/score.pdf", strings.NewReader("%PDF"), -1, ""); err != nil || removed != 2 {
		t.Fatalf("put after its folder was removed twice: %v (removed %d times)", err, removed)
	}
	obj, err := l.Open(t.Context(), "c1/m1/a1/score.pdf")
	if err != nil {
		t.Fatal(err)
	}
	obj.Close()
}
