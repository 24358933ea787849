package feast

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/db/dbtest"
)

// BenchmarkGenerateYear measures computing and storing one civil year of a
// calendar, the unit of the start-up window (3 published calendars × 16
// years) and of on-demand extension.
func BenchmarkGenerateYear(b *testing.B) {
	for _, kind := range dbtest.Kinds {
		b.Run(kind, func(b *testing.B) {
			d := dbtest.Open(b, kind)
			s := New(d, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Now)
			ctx := context.Background()
			b.ResetTimer()
			for i := range b.N {
				if _, err := s.generateYear(ctx, "general_roman_ordinary", 2000+i%50); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
