package practice

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/db/dbtest"
)

// BenchmarkRecord is one report of a running session (the browser sends one
// every few seconds while playing, per singer).
func BenchmarkRecord(b *testing.B) {
	for _, kind := range dbtest.Kinds {
		b.Run(kind, func(b *testing.B) {
			f := newFixture(b, dbtest.Open(b, kind))
			f.clock.Store(3600)
			session := uuid.NewString()
			i := 0
			for b.Loop() {
				i++
				if err := f.report(f.piece, f.anna, Report{SessionID: session, PlayedSeconds: float64(i%600) + 1, Position: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReplaceMarkers replaces a piece's markers with the most allowed.
func BenchmarkReplaceMarkers(b *testing.B) {
	for _, kind := range dbtest.Kinds {
		b.Run(kind, func(b *testing.B) {
			f := newFixture(b, dbtest.Open(b, kind))
			many := make([]Marker, maxMarkers)
			for i := range many {
				many[i] = Marker{Time: float64(i), Page: 1 + i/20}
			}
			for b.Loop() {
				if _, err := f.s.ReplaceMarkers(context.Background(), f.choir, f.piece, many); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
