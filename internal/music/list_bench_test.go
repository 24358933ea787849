package music

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

// bigLibrary fills choir A with 5,000 pieces, 20,000 tag links, 5,000
// voicing links and 10,000 attachments, in bulk, in one transaction.
func bigLibrary(b *testing.B, f *fixture) (tags []string) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 50 {
		tags = append(tags, f.tag(f.choir, fmt.Sprintf("Tag %02d", i)))
	}
	var types []string
	for i := range 5 {
		ty, err := f.s.AddType(ctx, f.choir, fmt.Sprintf("Type %d", i))
		if err != nil {
			b.Fatal(err)
		}
		types = append(types, ty.ID)
	}
	words := []string{"Ave", "Gloria", "Magnificat", "Nunc", "Kyrie", "Sanctus", "Agnus", "Laudate", "Jubilate", "Salve"}
	composers := []string{"Tallis", "Byrd", "Palestrina", "Victoria", "Bruckner", "Dvořák", "Rutter", "Howells", "Stanford", "Parry"}
	languages := []string{"Latin", "English", "German"}
	voicings := []string{"voicing-satb", "voicing-ssa", "voicing-ttbb", "voicing-sab"}
	var music, links, voiced, files [][]any
	for i := range 5000 {
		id := uuid.NewString()
		t := Fields{Title: fmt.Sprintf("%s %d", words[i%len(words)], i), Composer: composers[(i/7)%len(composers)],
			Number: fmt.Sprint(i + 1), Language: languages[i%len(languages)]}
		at := now.Add(time.Duration(i) * time.Minute)
		music = append(music, []any{id, f.choir, t.Title, t.Composer, types[i%len(types)], t.Number, t.Language, i%10 == 0,
			searchText(&t, settled{}), fold(t.Title), fold(t.Composer), numberKey(t.Number), fold(t.Language), at, at})
		for j := range 4 {
			links = append(links, []any{id, tags[(i+j*13)%len(tags)], f.choir})
		}
		voiced = append(voiced, []any{id, voicings[i%len(voicings)], f.choir, at, true})
		for j, typ := range []string{"score", "audio_full"} {
			files = append(files, []any{uuid.NewString(), id, f.choir, uuid.NewString(), fmt.Sprintf("f%d", j), typ, "application/pdf", 1000, at, at})
		}
	}
	err := f.d.InTx(ctx, func(tx *db.Tx) error {
		for _, batch := range []struct {
			head string
			rows [][]any
		}{
			{`INSERT INTO music (id, choir_id, title, composer, type_id, number, language, is_archived, search_text, title_key,
				composer_key, number_key, language_key, created_at, updated_at) VALUES `, music},
			{`INSERT INTO music_tags (music_id, tag_id, choir_id) VALUES `, links},
			{`INSERT INTO music_voicings (music_id, voicing_id, choir_id, assigned_at, is_primary) VALUES `, voiced},
			{`INSERT INTO music_attachments (id, music_id, choir_id, url, file_name, type, content_type, size_bytes, created_at,
				updated_at) VALUES `, files},
		} {
			if _, err := insertRows(ctx, tx, batch.head, batch.rows, ""); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	// PostgreSQL's autovacuum would have vacuumed and gathered statistics
	// by the time a library this size is browsed; SQLite keeps none unless
	// asked.
	if f.d.Kind == config.Postgres {
		f.exec(`VACUUM ANALYZE`)
	}
	return tags
}

// BenchmarkListMusic asks for a filtered, sorted page of 50 of a library
// of 5,000 pieces; the target is 30 ms on either database.
func BenchmarkListMusic(b *testing.B) {
	for _, kind := range dbtest.Kinds {
		b.Run(kind, func(b *testing.B) {
			f := newFixture(b, dbtest.Open(b, kind))
			tags := bigLibrary(b, f)
			ctx := context.Background()
			for _, c := range []struct {
				name string
				q    Query
			}{
				{"first page by title", Query{}},
				{"tag and language by composer", Query{TagIDs: []string{tags[3]}, Language: "latin", Sort: "composer"}},
				{"two tags by number", Query{TagIDs: []string{tags[3], tags[16]}, Sort: "number"}},
				{"search by updated", Query{Search: "gloria", Sort: "updated"}},
				{"page 40 by created", Query{Page: 40, Sort: "created", Archived: "all"}},
				{"voicing by last used", Query{VoicingID: "voicing-ssa", Sort: "lastUsed"}},
			} {
				b.Run(c.name, func(b *testing.B) {
					before := cpuTime()
					for b.Loop() {
						p, err := f.s.List(ctx, f.choir, c.q)
						if err != nil || len(p.Items) == 0 {
							b.Fatalf("%+v %v", p, err)
						}
					}
					// SQLite runs in this process, so its CPU time per page
					// says what the page costs however busy the machine is.
					if kind == config.SQLite {
						b.ReportMetric(float64(cpuTime()-before)/float64(b.N), "cpu-ns/op")
					}
				})
			}
		})
	}
}

// cpuTime is the CPU time this process has used, user and system.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
