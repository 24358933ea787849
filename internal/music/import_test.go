package music

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

// libraryFile is a CSV of n pieces numbered from 1, each with a composer,
// a voicing, two tags and a type.
func libraryFile(n int) string {
	var b strings.Builder
	b.WriteString("number,title,composer,voicing,tags,type\n")
	for i := range n {
		fmt.Fprintf(&b, "%d,Piece %d,Composer Number%d,SATB,Tag %d; Tag %d,Type %d\n", i+1, i, i%200, i%30, i%7, i%5)
	}
	return b.String()
}

// TestImportsOneAtATimePerChoir: while an import of a choir's library runs,
// every other import or preview of that choir, on this server or another
// sharing the database, is refused with 409 in plain words; other choirs
// import meanwhile; once it ends the next may start.
func TestImportsOneAtATimePerChoir(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			cfg := dbtest.Config(t, kind)
			open := func() *db.DB {
				d, err := db.Open(context.Background(), cfg)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { d.Close() })
				return d
			}
			d := open()
			if err := d.Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
			f := newFixture(t, d)
			// A second server on the same database.
			other := New(open(), slog.New(slog.NewTextHandler(io.Discard, nil)), ticking())
			entered, release := make(chan struct{}), make(chan struct{})
			var once sync.Once
			f.s.planned = func() {
				once.Do(func() {
					close(entered)
					<-release
				})
			}
			text := libraryFile(20)
			first := make(chan error, 1)
			go func() {
				_, err := f.s.Import(context.Background(), f.choir, f.user, text, nil)
				first <- err
			}()
			<-entered

			const n = 12
			errs := make(chan error, n)
			for i := range n {
				s := []*Service{f.s, other}[i%2]
				go func() {
					var err error
					if i%3 == 0 {
						_, err = s.PreviewImport(context.Background(), f.choir, f.user, text, nil)
					} else {
						_, err = s.Import(context.Background(), f.choir, f.user, text, nil)
					}
					errs <- err
				}()
			}
			for range n {
				select {
				case err := <-errs:
					if e, ok := apperr.As(err); !ok || e.Kind != apperr.Conflict || e.Message != MsgImportRunning {
						t.Errorf("a second import while one runs: %v", err)
					}
				case <-time.After(time.Minute):
					t.Fatal("a second import waited for the first instead of being refused")
				}
			}
			// Another choir is not held up.
			if rep, err := other.Import(context.Background(), f.other, f.user, libraryFile(3), nil); err != nil || rep.Created != 3 {
				t.Errorf("another choir's import: %v %+v", err, rep)
			}
			close(release)
			if err := <-first; err != nil {
				t.Fatalf("the first import: %v", err)
			}
			if rep, err := other.PreviewImport(context.Background(), f.choir, f.user, "title\nOne more\n", nil); err != nil || rep.Valid != 1 {
				t.Errorf("a preview once the import ended: %v %+v", err, rep)
			}
			var pieces int
			if err := d.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM music WHERE choir_id = ?`, f.choir).Scan(&pieces); err != nil || pieces != 20 {
				t.Errorf("%d pieces (%v), want the file's 20 once", pieces, err)
			}
		})
	}
}

// TestImportLeavesOtherChoirsWriting: while an import of 5,000 rows is
// reading, checking and matching its file, another choir's writes go
// through: nothing of that work holds the database's write lock.
func TestImportLeavesOtherChoirsWriting(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		for _, preview := range []bool{true, false} {
			entered, release := make(chan struct{}), make(chan struct{})
			f.s.planned = func() {
				close(entered)
				<-release
			}
			done := make(chan error, 1)
			go func() {
				var err error
				if preview {
					_, err = f.s.PreviewImport(context.Background(), f.choir, f.user, libraryFile(MaxImportRows), nil)
				} else {
					_, err = f.s.Import(context.Background(), f.choir, f.user, libraryFile(MaxImportRows), nil)
				}
				done <- err
			}()
			<-entered
			// The import is still running: it waits for release.
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			_, err := f.s.CreateTag(ctx, f.other, fmt.Sprintf("Written meanwhile %v", preview), nil)
			cancel()
			if err != nil {
				t.Errorf("another choir's write while an import (preview %v) runs: %v", preview, err)
			}
			select {
			case err := <-done:
				t.Fatalf("the import ended before it was let go: %v", err)
			default:
			}
			close(release)
			if err := <-done; err != nil {
				t.Fatalf("the import (preview %v): %v", preview, err)
			}
		}
	})
}

// TestImportDoesWhatItsPreviewShowed: sent without composer choices, the
// import stores every row as its preview showed it — the composer the
// preview names as the match, or a new one where it names none — and makes
// as many composers as it said. Other persons of a family are never taken
// for the choir's composer.
func TestImportDoesWhatItsPreviewShowed(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		held := map[string]string{
			"Joseph Haydn":            f.holdComposer("famous", "Joseph Haydn"),
			"Wolfgang Amadeus Mozart": f.holdComposer("surname", "Wolfgang Amadeus Mozart"),
			"Johann Sebastian Bach":   f.holdComposer("typed", "Johann Sebastian Bach"),
			"Eric Whitacre":           f.holdComposer("typed", "Eric Whitacre"),
		}
		before := map[string]bool{}
		for _, id := range held {
			before[id] = true
		}
		file := "number,title,composer,voicing,tags,type,category\n" +
			"1,The Creation,Joseph Haydn,SATB,Oratorio;Spring,Oratorio,Concert\n" +
			"2,Requiem in C minor,Michael Haydn,SATB,Requiem,Mass,\n" +
			"3,Missa brevis,M. Haydn,,,,\n" +
			"4,Magnificat in D,Johann Christian Bach,SSATB,Magnificat;Christmas,,\n" +
			"5,Sinfonia,J.C. Bach,,,,\n" +
			"6,Jesu meine Freude,Bach,SATB,Motet,Motet,\n" +
			"7,Cantata 140,J. S. Bach,,,,\n" +
			"8,Ave verum corpus,W. A. Mozart,SATB,Communion,Motet,\n" +
			"9,Missa in G,Leopold Mozart,,,,\n" +
			"10,Lux aurumque,Eric Whitacer,SATB,,,\n" +
			"11,The Seal Lullaby,Hagenberg,,,,\n" +
			"12,Song to the Moon,Elaine Hagenberg,,,,\n" +
			"13,Another song,Elaine Hagenberg,,,,\n" +
			"14,Anonymous chant,,Unison,Chant,,\n"
		preview, err := f.s.PreviewImport(ctx, f.choir, f.user, file, nil)
		if err != nil {
			t.Fatal(err)
		}
		report, err := f.s.Import(ctx, f.choir, f.user, file, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(report, preview) {
			t.Errorf("the import's report differs from the preview's:\n%+v\n%+v", report, preview)
		}
		if preview.Valid != 14 || preview.Created != 14 || preview.ComposersCreated != 5 {
			t.Errorf("preview: %d valid, %d to create, %d composers", preview.Valid, preview.Created, preview.ComposersCreated)
		}
		// Who each row's piece names, as stored.
		stored := map[string]string{}
		rows, err := d.QueryContext(ctx, `SELECT number, COALESCE(composer_id, '') FROM music WHERE choir_id = ? AND number IS NOT NULL`, f.choir)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Each(rows, func(row db.Scanner) error {
			var number, id string
			err := row.Scan(&number, &id)
			stored[number] = id
			return err
		}); err != nil {
			t.Fatal(err)
		}
		made := map[string]bool{}
		for _, r := range preview.Rows {
			got := stored[r.Number]
			switch {
			case r.Composer == nil:
				if got != "" {
					t.Errorf("line %d names no composer, stored %s", r.Line, got)
				}
			case r.Composer.Reuse != nil:
				if got != r.Composer.Reuse.ID {
					t.Errorf("line %d (%q): the preview named %q, the import stored %s", r.Line, r.Composer.Input, r.Composer.Reuse.Name, got)
				}
			default:
				if got == "" || before[got] {
					t.Errorf("line %d (%q): the preview said a new composer, the import stored %s", r.Line, r.Composer.Input, got)
				}
				made[got] = true
			}
		}
		if len(made) != preview.ComposersCreated {
			t.Errorf("%d composers made, the preview said %d", len(made), preview.ComposersCreated)
		}
		want := map[string]string{"1": held["Joseph Haydn"], "6": held["Johann Sebastian Bach"], "7": held["Johann Sebastian Bach"],
			"8": held["Wolfgang Amadeus Mozart"], "10": held["Eric Whitacre"]}
		for number, id := range want {
			if stored[number] != id {
				t.Errorf("row %s: composer %s, want %s", number, stored[number], id)
			}
		}
		for _, number := range []string{"2", "3", "4", "5", "9"} {
			if before[stored[number]] {
				t.Errorf("row %s, another person of a family, joined the choir's composer %s", number, stored[number])
			}
		}
		if stored["2"] != stored["3"] || stored["4"] != stored["5"] || stored["12"] != stored["13"] || stored["11"] == stored["12"] {
			t.Errorf("the composers the file makes: %v", stored)
		}
		// Michael Haydn is made as the famous list has him.
		p, err := f.s.Get(ctx, f.choir, pieceNumbered(t, d, f.choir, "2"))
		if err != nil {
			t.Fatal(err)
		}
		if c := p.ComposerRecord; c.Name != "Michael Haydn" || c.BirthYear == nil || *c.BirthYear != 1737 || c.Period != "Classical" {
			t.Errorf("Michael Haydn as made: %+v", c)
		}
		if len(p.Tags) != 1 || p.Tags[0].Name != "Requiem" || p.Type == nil || p.Type.Name != "Mass" || p.Voicings[0].Name != "SATB" {
			t.Errorf("row 2's links: %+v %+v %+v", p.Tags, p.Type, p.Voicings)
		}
	})
}

func pieceNumbered(t *testing.T, d *db.DB, choirID, number string) string {
	t.Helper()
	var id string
	if err := d.QueryRowContext(context.Background(), `SELECT id FROM music WHERE choir_id = ? AND number = ?`, choirID, number).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestImportRefusesBeforeAnyWork: a row whose tags cell names 150,000 tags
// is refused for its tags, having read no more of it than a piece may carry
// and made no tag, with no more statements than a one-row file needs.
func TestImportRefusesBeforeAnyWork(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		var tags strings.Builder
		for i := range 150000 {
			fmt.Fprintf(&tags, "Tag %d;", i)
		}
		statements := func(text string) (int64, *ImportReport) {
			start := d.Statements()
			rep, err := f.s.PreviewImport(ctx, f.choir, f.user, text, nil)
			if err != nil {
				t.Fatal(err)
			}
			return d.Statements() - start, rep
		}
		small, _ := statements("title,tags\nAve,Lent\n")
		big, rep := statements("title,tags\nAve,\"" + tags.String() + "\"\n")
		if rep.Invalid != 1 || rep.Rows[0].Message != MsgTooManyTags {
			t.Errorf("the row: %+v", rep.Rows)
		}
		if big > small {
			t.Errorf("%d statements for the refused row, %d for a one-row file", big, small)
		}
		_, err := f.s.Import(ctx, f.choir, f.user, "title,tags\nAve,\""+tags.String()+"\"\n", nil)
		if e, ok := apperr.As(err); !ok || e.Details["line 2"] != MsgTooManyTags {
			t.Errorf("the import: %v", err)
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM tags WHERE choir_id = ?`, f.choir).Scan(&n); err != nil || n != 0 {
			t.Errorf("%d tags made (%v)", n, err)
		}
		// Cells too long are refused by their column's limit.
		rep, err = f.s.PreviewImport(ctx, f.choir, f.user, "title,composer,notes\nAve,"+strings.Repeat("x", 501)+",\nAve,,"+
			strings.Repeat("n", 10001)+"\nAve,"+strings.Repeat("y", 101)+",\n", nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range []string{"The composer is too long (at most 500 characters).", "The notes is too long (at most 10000 characters).",
			MsgComposerNameTooLong} {
			if rep.Rows[i].Message != want {
				t.Errorf("line %d: %q, want %q", rep.Rows[i].Line, rep.Rows[i].Message, want)
			}
		}
	})
}

// TestImportFailingPartWayLeavesNothing: when writing fails after some of
// the file's pieces, names and composers were written (each step its own
// transaction on SQLite), none of them stay, and the choir may import again.
func TestImportFailingPartWayLeavesNothing(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		counts := func() string {
			var parts []string
			for _, table := range []string{"music", "music_tags", "music_voicings", "tags", "composers", "music_types"} {
				var n int
				if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE choir_id = ?`, f.choir).Scan(&n); err != nil {
					t.Fatal(err)
				}
				parts = append(parts, fmt.Sprintf("%s=%d", table, n))
			}
			return strings.Join(parts, " ")
		}
		f.create(Input{Fields: Fields{Title: "Already here", Composer: "Elaine Hagenberg"}})
		before := counts()
		text := libraryFile(3 * importChunk)
		broken := errors.New("the disk is full")
		steps := 0
		f.s.importStep = func(int) error {
			steps++
			if steps == 6 { // names and composers made, some pieces written
				return broken
			}
			return nil
		}
		if _, err := f.s.Import(ctx, f.choir, f.user, text, nil); !errors.Is(err, broken) {
			t.Fatalf("the import: %v", err)
		}
		if after := counts(); after != before {
			t.Errorf("after a failed import: %s, was %s", after, before)
		}
		f.s.importStep = nil
		if rep, err := f.s.Import(ctx, f.choir, f.user, text, nil); err != nil || rep.Created != 3*importChunk {
			t.Errorf("the import again: %v %+v", err, rep)
		}
	})
}

// library is every row of the choir's library, for comparing it before
// and after.
func (f *fixture) library() string {
	f.t.Helper()
	var b strings.Builder
	for _, q := range []string{
		`SELECT id || ' ' || title || ' ' || COALESCE(composer_id, '-') || ' ' || COALESCE(type_id, '-') FROM music WHERE choir_id = ?`,
		`SELECT music_id || ' ' || tag_id FROM music_tags WHERE choir_id = ?`,
		`SELECT music_id || ' ' || voicing_id FROM music_voicings WHERE choir_id = ?`,
		`SELECT id || ' ' || name FROM composers WHERE choir_id = ?`,
		`SELECT id || ' ' || name FROM tags WHERE choir_id = ?`,
		`SELECT id || ' ' || name FROM music_types WHERE choir_id = ?`,
		`SELECT id || ' ' || name FROM music_categories WHERE choir_id = ?`,
	} {
		rows, err := f.d.QueryContext(context.Background(), q+` ORDER BY 1`, f.choir)
		if err != nil {
			f.t.Fatal(err)
		}
		lines, err := db.All(rows, func(row db.Scanner) (string, error) {
			var s string
			return s, row.Scan(&s)
		})
		if err != nil {
			f.t.Fatal(err)
		}
		fmt.Fprintf(&b, "%d: %s\n", len(lines), strings.Join(lines, "; "))
	}
	return b.String()
}

// movableClock makes the service's clock one that can be moved on, as
// time passes for a server that has stopped.
func (f *fixture) movableClock() *atomic.Int64 {
	var moved atomic.Int64
	tick := ticking()
	f.s.now = func() time.Time { return tick().Add(time.Duration(moved.Load())) }
	return &moved
}

// freezeImport starts an import of text whose server stops (is killed, or
// hangs) after step stop of its write: it neither goes on nor undoes what
// it wrote, nor gives back its lease. thaw lets a server that hung go on;
// its import's error then arrives on done.
func (f *fixture) freezeImport(text string, stop int) (thaw func(), done func() error) {
	if pool := f.d.Pools()["main"]; pool != nil && pool.Stats().MaxOpenConnections < 2 {
		// On PostgreSQL the hung import's transaction holds the one
		// connection (CANTICA_TEST_DB_MAX_CONNS=1), and the test's own reads
		// would wait for it for ever.
		f.t.Skip("a hung import holds PostgreSQL's only connection")
	}
	frozen, thawed := make(chan struct{}), make(chan struct{})
	f.s.importStep = func(step int) error {
		if step == stop {
			close(frozen)
			<-thawed
		}
		return nil
	}
	out := make(chan error, 1)
	go func() {
		_, err := f.s.Import(context.Background(), f.choir, f.user, text, nil)
		out <- err
	}()
	<-frozen
	thaw = sync.OnceFunc(func() { close(thawed) })
	done = sync.OnceValue(func() error { return <-out })
	f.t.Cleanup(func() {
		thaw()
		_ = done()
	})
	return thaw, done
}

// TestImportCutShortIsUndone: an import whose server stops part-way (kill
// -9, power lost) leaves nothing once its lease has expired: the clean-up,
// or the choir's next import or preview, deletes every piece, name and
// composer it wrote, and the library is exactly as before. Until then a
// running import is not touched. A server that only hung and wakes after
// that writes nothing more.
func TestImportCutShortIsUndone(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		for _, by := range []string{"the clean-up", "the next preview", "both, several at once"} {
			t.Run(by, func(t *testing.T) {
				f := newFixture(t, d)
				ctx := context.Background()
				moved := f.movableClock()
				f.create(Input{Fields: Fields{Title: "Already here", Composer: "Elaine Hagenberg"}})
				f.tag(f.choir, "Tag 3")
				before := f.library()
				text := libraryFile(3 * importChunk)
				// Names, composers and the first 100 pieces written.
				thaw, done := f.freezeImport(text, 4)
				if d.Kind == config.SQLite && f.library() == before {
					t.Fatal("nothing written before the server stopped: the test shows nothing")
				}
				half := f.library()
				if n, err := f.s.RecoverImports(ctx); err != nil || n != 0 {
					t.Errorf("the clean-up while the import's lease runs: %d undone, %v", n, err)
				}
				if _, err := f.s.PreviewImport(ctx, f.choir, f.user, "title\nOne\n", nil); !isConflict(err, MsgImportRunning) {
					t.Errorf("a preview while the import's lease runs: %v", err)
				}
				if f.library() != half {
					t.Error("a running import was undone")
				}

				moved.Add(int64(ImportLease))
				switch by {
				case "the clean-up":
					if _, err := f.s.RecoverImports(ctx); err != nil {
						t.Fatal(err)
					}
				case "the next preview":
					if _, err := f.s.PreviewImport(ctx, f.choir, f.user, "title\nOne\n", nil); err != nil {
						t.Fatal(err)
					}
				default:
					// Servers' clean-ups and a preview, racing to undo it.
					errs := make(chan error, 4)
					for i := range 4 {
						go func() {
							var err error
							if i == 0 {
								_, err = f.s.PreviewImport(ctx, f.choir, f.user, "title\nOne\n", nil)
							} else {
								_, err = f.s.RecoverImports(ctx)
							}
							errs <- err
						}()
					}
					for range 4 {
						if err := <-errs; err != nil {
							t.Error(err)
						}
					}
				}
				if after := f.library(); after != before {
					t.Errorf("after the stopped import was undone:\n%s\nwas\n%s", after, before)
				}

				thaw()
				if err := done(); !isConflict(err, MsgImportStopped) {
					t.Errorf("the import of the server that hung: %v", err)
				}
				if after := f.library(); after != before {
					t.Errorf("after the hung server woke:\n%s\nwas\n%s", after, before)
				}
				f.s.importStep = nil
				if rep, err := f.s.Import(ctx, f.choir, f.user, text, nil); err != nil || rep.Created != 3*importChunk {
					t.Errorf("the import again: %v %+v", err, rep)
				}
			})
		}
	})
}

// TestImportFinishedIsNeverUndone: once an import has finished, no
// clean-up and no later import undoes it, however much later.
func TestImportFinishedIsNeverUndone(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		moved := f.movableClock()
		if rep, err := f.s.Import(ctx, f.choir, f.user, libraryFile(3*importChunk), nil); err != nil || rep.Created != 3*importChunk {
			t.Fatalf("the import: %v %+v", err, rep)
		}
		imported := f.library()
		moved.Add(int64(2 * ImportLease))
		if n, err := f.s.RecoverImports(ctx); err != nil || n != 0 {
			t.Errorf("the clean-up: %d undone, %v", n, err)
		}
		if _, err := f.s.PreviewImport(ctx, f.choir, f.user, "title\nOne\n", nil); err != nil {
			t.Fatal(err)
		}
		if after := f.library(); after != imported {
			t.Errorf("a finished import changed:\n%s\nwas\n%s", after, imported)
		}
	})
}

// TestImportUndoneKeepsWhatOthersMade: on SQLite an import's pieces,
// names and composers show as it writes them, so others may use them
// before its server stops. Undoing it deletes its pieces as a delete
// would (an attachment's row and bytes, practice; a plan's slot stays,
// empty), but keeps a tag or composer another piece has taken up since.
// On PostgreSQL nothing of an unfinished import shows.
func TestImportUndoneKeepsWhatOthersMade(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		moved := f.movableClock()
		mine := f.create(Input{Fields: Fields{Title: "Already here", Composer: "Elaine Hagenberg"}})
		f.freezeImport(libraryFile(3*importChunk), 4)
		if d.Kind != config.SQLite {
			if n := f.count(`SELECT COUNT(*) FROM music WHERE choir_id = ?`, f.choir); n != 1 {
				t.Errorf("%d pieces show while the import writes, want the one before it", n)
			}
			return
		}
		var tagID, composerID, pieceID string
		if err := d.QueryRowContext(ctx, `SELECT id FROM tags WHERE choir_id = ? AND name = 'Tag 5'`, f.choir).Scan(&tagID); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRowContext(ctx, `SELECT id FROM composers WHERE choir_id = ? AND name = 'Composer Number7'`, f.choir).Scan(&composerID); err != nil {
			t.Fatal(err)
		}
		pieceID = pieceNumbered(t, d, f.choir, "8")
		// Meanwhile: a piece of the choir takes the import's tag and
		// composer; a plan names a piece of the import, which gets a file
		// and some practice.
		if _, err := f.s.Update(ctx, f.choir, f.user, mine.ID, Input{Fields: Fields{Title: "Already here", Composer: "Composer Number7"},
			ComposerID: composerID, TagIDs: []string{tagID}}); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC()
		f.exec(`INSERT INTO music_plans (id, choir_id, plan_date, created_at, updated_at) VALUES ('plan-1', ?, '2026-12-06', ?, ?)`, f.choir, now, now)
		f.exec(`INSERT INTO music_plan_slots (plan_id, position, choir_id, label, music_id) VALUES ('plan-1', 0, ?, 'Entrance', ?)`, f.choir, pieceID)
		f.exec(`INSERT INTO music_attachments (id, music_id, choir_id, url, file_name, type, content_type, size_bytes, created_at, updated_at)
			VALUES ('att-1', ?, ?, 'key-1', 'score.pdf', 'score', 'application/pdf', 1000, ?, ?)`, pieceID, f.choir, now, now)
		f.exec(`UPDATE choirs SET storage_used_bytes = storage_used_bytes + 1000 WHERE id = ?`, f.choir)
		f.exec(`INSERT INTO practice_sessions (id, choir_id, music_id, user_id, day, played_seconds, loops, position, speed, started_at, updated_at)
			VALUES ('practice-1', ?, ?, ?, '2026-11-23', 10, 0, 10, 1, ?, ?)`, f.choir, pieceID, f.user, now, now)

		moved.Add(int64(ImportLease))
		if n, err := f.s.RecoverImports(ctx); err != nil || n != 1 {
			t.Fatalf("the clean-up: %d undone, %v", n, err)
		}
		if n := f.count(`SELECT COUNT(*) FROM music WHERE choir_id = ?`, f.choir); n != 1 {
			t.Errorf("%d pieces, want the one before the import", n)
		}
		p, err := f.s.Get(ctx, f.choir, mine.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.ComposerID != composerID || len(p.Tags) != 1 || p.Tags[0].ID != tagID {
			t.Errorf("the piece that took the import's composer and tag: composer %s, tags %+v", p.ComposerID, p.Tags)
		}
		if n := f.count(`SELECT COUNT(*) FROM tags WHERE choir_id = ?`, f.choir); n != 1 {
			t.Errorf("%d tags, want the one taken up", n)
		}
		if n := f.count(`SELECT COUNT(*) FROM composers WHERE choir_id = ? AND id <> ?`, f.choir, composerID); n != 1 {
			t.Errorf("%d other composers, want the one before the import", n)
		}
		if n := f.count(`SELECT COUNT(*) FROM music_plan_slots WHERE plan_id = 'plan-1' AND music_id IS NULL`); n != 1 {
			t.Errorf("the plan's slot: %d empty ones, want 1", n)
		}
		if n := f.count(`SELECT COUNT(*) FROM music_attachments WHERE choir_id = ?`, f.choir) +
			f.count(`SELECT COUNT(*) FROM practice_sessions WHERE choir_id = ?`, f.choir) +
			f.count(`SELECT storage_used_bytes FROM choirs WHERE id = ?`, f.choir); n != 0 {
			t.Errorf("the undone piece's file, practice and bytes: %d left", n)
		}
	})
}

func (f *fixture) count(query string, args ...any) int {
	f.t.Helper()
	var n int
	if err := f.d.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		f.t.Fatal(err)
	}
	return n
}

func isConflict(err error, message string) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == apperr.Conflict && e.Message == message
}
