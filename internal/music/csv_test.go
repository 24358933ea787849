package music

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"

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
	id := uuid.NewString()
	if _, err := d.ExecContext(context.Background(), `INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type,
		time_zone, created_at, updated_at) VALUES (?, 'Bench', 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary',
		'Europe/London', ?, ?)`, id, time.Now(), time.Now()); err != nil {
		b.Fatal(err)
	}
	return id
}

// longComposers is a file of n pieces, each by a distinct composer of a
// long name (60 letters; the edit distance looks at up to 64), all alike:
// the worst a file can ask of the matching.
func longComposers(n, from int) string {
	var sb strings.Builder
	sb.WriteString("title,composer\n")
	for i := range n {
		fmt.Fprintf(&sb, "Piece %d,Anna-Maria Katharina Elisabeth von Hohenzollern-Sigmar %05d\n", i, from+i)
	}
	return sb.String()
}

// BenchmarkImport5000 previews and imports files of the largest size
// allowed, each on both databases: 5,000 pieces with 200 composers, tags,
// voicings and types; 5,000 distinct long composer names, into a choir that
// holds 5,000 others like them; a row naming 150,000 tags. An import goes
// into a new choir each time.
func BenchmarkImport5000(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("number,title,composer,voicing,tags,type,duration_minutes\n")
	for i := range MaxImportRows {
		fmt.Fprintf(&sb, "%d,Piece %d,Composer Number%d,SATB,Tag %d; Tag %d,Type %d,%d\n", i+1, i, i%200, i%30, i%7, i%5, i%20)
	}
	library := sb.String()
	var tags strings.Builder
	for i := range 150000 {
		fmt.Fprintf(&tags, "Tag %d;", i)
	}
	manyTags := "title,tags\nAve,\"" + tags.String() + "\"\n"
	for _, kind := range dbtest.Kinds {
		b.Run(kind, func(b *testing.B) {
			d := dbtest.Open(b, kind)
			s := New(d, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now)
			ctx := context.Background()
			// A choir holding 5,000 long-named composers, for the worst case.
			crowded := benchChoir(b, d)
			if rep, err := s.Import(ctx, crowded, "", longComposers(MaxImportRows, MaxImportRows), nil); err != nil || rep.ComposersCreated != MaxImportRows {
				b.Fatalf("%v %+v", err, rep)
			}
			for _, c := range []struct {
				name, text, choir string
				preview           bool
				valid             int
			}{
				{"preview", library, benchChoir(b, d), true, MaxImportRows},
				{"import", library, "", false, MaxImportRows},
				{"preview-long-composers", longComposers(MaxImportRows, 0), crowded, true, MaxImportRows},
				{"import-long-composers", longComposers(MaxImportRows, 0), "", false, MaxImportRows},
				{"preview-150000-tags", manyTags, benchChoir(b, d), true, 0},
			} {
				b.Run(c.name, func(b *testing.B) {
					for b.Loop() {
						choir := c.choir
						if !c.preview {
							b.StopTimer()
							choir = benchChoir(b, d)
							b.StartTimer()
						}
						var rep *ImportReport
						var err error
						if c.preview {
							rep, err = s.PreviewImport(ctx, choir, "", c.text, nil)
						} else {
							rep, err = s.Import(ctx, choir, "", c.text, nil)
						}
						if err != nil || rep.Valid != c.valid {
							b.Fatalf("%v %+v", err, rep)
						}
					}
				})
			}
		})
	}
}

// BenchmarkWriteDuringImport measures how long another choir's write (a
// tag made) waits while a 5,000-row import runs: writes are made one after
// another for as long as the import lasts, and the longest is reported as
// max-ms (on SQLite a write waits for the import's step under way). On a
// loaded machine that is mostly waiting for a processor, so the processor
// time of the import's longest step, which is what a write waits for on an
// idle one, is reported too, as step-cpu-ms (measured in runs without the
// other writes).
func BenchmarkWriteDuringImport(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("number,title,composer,voicing,tags,type,duration_minutes,notes\n")
	for i := range MaxImportRows {
		fmt.Fprintf(&sb, "%d,Piece %d,Composer Number%d,SATB,Tag %d; Tag %d,Type %d,%d,%s\n", i+1, i, i%200, i%30, i%7, i%5, i%20,
			strings.Repeat("Breathe after the second phrase. ", 8))
	}
	text := sb.String()
	cpu := func() time.Duration {
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	for _, kind := range dbtest.Kinds {
		b.Run(kind, func(b *testing.B) {
			d := dbtest.Open(b, kind)
			s := New(d, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now)
			ctx := context.Background()
			other := benchChoir(b, d)
			var longest, longestStep time.Duration
			writes := 0
			for b.Loop() {
				choir := benchChoir(b, d)
				done := make(chan error, 1)
				go func() {
					_, err := s.Import(ctx, choir, "", text, nil)
					done <- err
				}()
				for running := true; running; {
					start := time.Now()
					if _, err := s.CreateTag(ctx, other, uuid.NewString()[:20], nil); err != nil {
						b.Fatal(err)
					}
					longest = max(longest, time.Since(start))
					writes++
					select {
					case err := <-done:
						if err != nil {
							b.Fatal(err)
						}
						running = false
					default:
					}
				}
				// The same import alone, its steps timed.
				b.StopTimer()
				var last time.Duration
				s.planned = func() { last = cpu() }
				s.importStep = func(int) error {
					now := cpu()
					longestStep, last = max(longestStep, now-last), now
					return nil
				}
				if _, err := s.Import(ctx, benchChoir(b, d), "", text, nil); err != nil {
					b.Fatal(err)
				}
				s.importStep, s.planned = nil, nil
				b.StartTimer()
			}
			b.ReportMetric(float64(longest.Microseconds())/1000, "max-ms")
			b.ReportMetric(float64(longestStep.Microseconds())/1000, "step-cpu-ms")
			b.ReportMetric(float64(writes)/float64(b.N), "writes/op")
		})
	}
}
