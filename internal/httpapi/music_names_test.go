package httpapi_test

import (
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

// A file's name is stored and served without the invisible characters that
// change how it reads (issue 25): "Soprano-part\u202Efdp.exe" showed as
// "Soprano-partexe.pdf". Bidirectional controls, zero-width spaces and the
// other format characters are dropped from the name an upload is stored
// under, and from every name shown or sent, so that names stored before
// this rule are served safely too.
func TestFileNamesLoseInvisibleCharacters(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		p := l.piece(t, l.id, "Ubi caritas")
		pdf := padded("%PDF-1.7", 300)
		res := l.upload(t, p, nil, "Soprano-part\u202Efdp.exe", pdf)
		if res.Status != 201 || res.Str("fileName") != "Soprano-partfdp.exe" {
			t.Fatalf("upload: %d %s", res.Status, res.Raw)
		}
		var stored string
		if err := h.DB.QueryRowContext(t.Context(), `SELECT file_name FROM music_attachments WHERE id = ?`, res.Str("id")).Scan(&stored); err != nil ||
			stored != "Soprano-partfdp.exe" {
			t.Fatalf("stored name %q %v", stored, err)
		}
		// A name stored before the rule, with every kind of invisible character.
		old := l.mustUpload(t, p, nil, "old.pdf", pdf)
		if _, err := h.DB.ExecContext(t.Context(), `UPDATE music_attachments SET file_name = ? WHERE id = ?`,
			"\u2067Alto\u2069 \u200bpart\ufeff\u00ad\u202dfdp.exe\u061c\u200e\u2028.pdf", old); err != nil {
			t.Fatal(err)
		}
		const want = "Alto partfdp.exe.pdf"
		piece := l.member.Do("GET", "/api/v1/choirs/"+l.id+"/music/"+p, nil)
		if !strings.Contains(piece.Raw, `"fileName":"`+want+`"`) {
			t.Errorf("the piece's files: %s", piece.Raw)
		}
		for _, file := range []string{res.Str("id"), old} {
			got := l.member.Do("GET", l.attachments(p)+"/"+file+"/file", nil)
			cd := got.Header.Get("Content-Disposition")
			if got.Status != 200 || strings.Contains(cd, "%E2%80") || strings.Contains(cd, "%EF%BB%BF") || strings.Contains(cd, "%C2%AD") ||
				strings.Contains(cd, "%D8%9C") {
				t.Errorf("download %s: %d Content-Disposition %q", file, got.Status, cd)
			}
		}
	})
}
