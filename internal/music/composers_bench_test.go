package music

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/db/dbtest"
)

// BenchmarkMatchComposer resolves a typed name against a choir of 2,000
// composers (the famous list and made-up ones), as the composer field asks
// while a person types: the choir's composers are read, then matched.
func BenchmarkMatchComposer(b *testing.B) {
	for _, kind := range dbtest.Kinds {
		b.Run(kind, func(b *testing.B) {
			d := dbtest.Open(b, kind)
			s := New(d, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now)
			ctx := context.Background()
			choirID := benchChoir(b, d)
			loaded, err := s.LoadFamousComposers(ctx, choirID)
			if err != nil {
				b.Fatal(err)
			}
			for i := loaded.Added; i < 2000; i++ {
				if _, err := s.CreateComposer(ctx, choirID, ComposerInput{Name: fmt.Sprintf("Anna Maria Composer%04d", i),
					Aliases: []string{fmt.Sprintf("A. M. Composer%04d", i)}}); err != nil {
					b.Fatal(err)
				}
			}
			for b.Loop() {
				r, err := s.MatchComposer(ctx, choirID, "J.S. Bach")
				if err != nil || r.Recommendation != "auto_match" {
					b.Fatalf("%v %+v", err, r)
				}
			}
		})
	}
}
