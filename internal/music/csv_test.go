package music

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

func recordsText(recs []importRecord) string {
	var b strings.Builder
	for _, r := range recs {
		fmt.Fprintf(&b, "%d %q %q %q\n", r.line, r.cell("title"), r.cell("number"), r.cell("tags"))
	}
	return b.String()
}

func TestReadLibraryCSV(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, text, want string }{
		{"comma", "title,number\nAve verum,12\n", "2 \"Ave verum\" \"12\" \"\"\n"},
		{"semicolon, tags quoted", "Title;Number;Tags\nAve, verum;12;\"Lent; Easter\"\n", "2 \"Ave, verum\" \"12\" \"Lent; Easter\"\n"},
		{"tab, byte-order mark, blank lines, spaces in names", "\ufeffLibrary number\ttitle\n\n1\tA\n\t\n2\tB\n",
			""},
		{"guarded cells come back as written", "title,number\n'=1+1,'-3\n'plain,'\n", "2 \"=1+1\" \"-3\" \"\"\n3 \"'plain\" \"'\" \"\"\n"},
		{"an empty column a spreadsheet added", "title,,number\nA,x,1\n", "2 \"A\" \"1\" \"\"\n"},
		{"a short row", "title,number,tags\nA\n", "2 \"A\" \"\" \"\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := readLibraryCSV(tc.text)
			if tc.want == "" {
				if e, ok := apperr.As(err); !ok || !strings.Contains(e.Message, `"Library number"`) {
					t.Fatalf("want an unknown column, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := recordsText(recs); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
	for text, msg := range map[string]string{
		"":                   MsgImportNoTitle,
		"number\n1\n":        MsgImportNoTitle,
		"title\n":            MsgImportEmpty,
		"title,Title\nA,B\n": `The column "Title" appears twice in the first row.`,
	} {
		_, err := readLibraryCSV(text)
		if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid || e.Message != msg {
			t.Errorf("%q: %v, want %q", text, err, msg)
		}
	}
}

// benchChoir makes a choir to import into, straight in the database.
func benchChoir(b *testing.B, d *db.DB) string {
	b.Helper()
	id := "00000000-0000-4000-8000-00000000c001"
	if _, err := d.ExecContext(context.Background(), `INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type,
		time_zone, created_at, updated_at) VALUES (?, 'Bench', 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary',
		'Europe/London', ?, ?)`, id, time.Now(), time.Now()); err != nil {
		b.Fatal(err)
	}
	return id
}

// BenchmarkImport5000 previews a file of the largest size allowed: 5,000
// pieces, 200 composers, tags, voicings and types. The preview runs the
// whole import and rolls it back, so it costs what the import costs.
func BenchmarkImport5000(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("number,title,composer,voicing,tags,type,duration_minutes\n")
	for i := range MaxImportRows {
		fmt.Fprintf(&sb, "%d,Piece %d,Composer Number%d,SATB,Tag %d; Tag %d,Type %d,%d\n", i+1, i, i%200, i%30, i%7, i%5, i%20)
	}
	text := sb.String()
	for _, kind := range dbtest.Kinds {
		b.Run(kind, func(b *testing.B) {
			d := dbtest.Open(b, kind)
			s := New(d, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now)
			choirID := benchChoir(b, d)
			for b.Loop() {
				rep, err := s.PreviewImport(context.Background(), choirID, "", text, nil)
				if err != nil || rep.Valid != MaxImportRows {
					b.Fatalf("%v %+v", err, rep.Rows[0])
				}
			}
		})
	}
}
