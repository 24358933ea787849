package httpapi_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app/apptest"
)

// Deleting files leaves no empty folders behind on the local store, and the
// clean-up removes those an earlier version left (issue 25).
func TestDeletedFilesLeaveNoFolders(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		kept, gone := l.piece(t, l.id, "Salve Regina"), l.piece(t, l.id, "Ave Maria")
		keep := l.mustUpload(t, kept, nil, "kept.pdf", padded("%PDF-", 100))
		first := l.mustUpload(t, gone, nil, "score.pdf", padded("%PDF-", 100))
		l.mustUpload(t, gone, nil, "take.mp3", padded("ID3\x04", 100))
		dir := h.Config.Blob.Dir
		exists := func(parts ...string) bool {
			_, err := os.Stat(filepath.Join(append([]string{dir}, parts...)...))
			return err == nil
		}
		if res := l.admin.Do("DELETE", l.attachments(gone)+"/"+first, nil); res.Status != 204 {
			t.Fatalf("delete a file: %d %s", res.Status, res.Raw)
		}
		if exists(l.id, gone, first) || !exists(l.id, gone) {
			t.Errorf("after deleting one of the piece's two files: its folder %v, the piece's %v", exists(l.id, gone, first), exists(l.id, gone))
		}
		if res := l.admin.Do("DELETE", "/api/v1/choirs/"+l.id+"/music/"+gone, nil); res.Status != 204 {
			t.Fatalf("delete the piece: %d %s", res.Status, res.Raw)
		}
		if exists(l.id, gone) || !exists(l.id, kept, keep) {
			t.Errorf("after deleting the piece: its folder %v, the other piece's file's %v", exists(l.id, gone), exists(l.id, kept, keep))
		}

		// Folders an earlier version left empty go with the hourly clean-up.
		left := filepath.Join(dir, l.id, "old-piece", "old-attachment")
		if err := os.MkdirAll(left, 0o750); err != nil {
			t.Fatal(err)
		}
		if _, err := h.App.Music.CleanOrphanFiles(t.Context(), time.Now().Add(-time.Hour)); err != nil {
			t.Fatal(err)
		}
		if exists(l.id, "old-piece") || !exists(l.id, kept, keep) {
			t.Errorf("after the clean-up: the empty folder %v, the kept file's %v", exists(l.id, "old-piece"), exists(l.id, kept, keep))
		}
	})
}
