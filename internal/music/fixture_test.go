package music

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// fixture is a database with two choirs, A (whose library the tests work
// on) and B (the other choir), and a user who edits A.
type fixture struct {
	t            testing.TB
	d            *db.DB
	s            *Service
	choir, other string
	user         string
}

// ticking is a clock that moves one second at every reading, so that the
// order of saves is the order of their timestamps.
func ticking() func() time.Time {
	var n atomic.Int64
	base := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	return func() time.Time { return base.Add(time.Duration(n.Add(1)) * time.Second) }
}

func newFixture(t testing.TB, d *db.DB) *fixture {
	t.Helper()
	f := &fixture{t: t, d: d, s: New(d, slog.New(slog.NewTextHandler(io.Discard, nil)), ticking()),
		choir: uuid.NewString(), other: uuid.NewString(), user: uuid.NewString()}
	ctx := context.Background()
	now := time.Now().UTC()
	f.exec(`INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`, f.user, f.user+"@example.com", now, now)
	for _, c := range []string{f.choir, f.other} {
		if _, err := d.ExecContext(ctx, `INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone,
			created_at, updated_at) VALUES (?, ?, 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'Europe/London', ?, ?)`,
			c, "Choir "+c[:4], now, now); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func (f *fixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.d.ExecContext(context.Background(), query, args...); err != nil {
		f.t.Fatal(err)
	}
}

// tag adds a tag to a choir (tags have a service of their own; the
// library only links to them).
func (f *fixture) tag(choirID, name string) string {
	f.t.Helper()
	id := uuid.NewString()
	now := time.Now().UTC()
	f.exec(`INSERT INTO tags (id, choir_id, name, name_key, color, created_at, updated_at) VALUES (?, ?, ?, ?, '#3b82f6', ?, ?)`,
		id, choirID, name, nameKey(name), now, now)
	return id
}

func (f *fixture) create(in Input) *Piece {
	f.t.Helper()
	p, err := f.s.Create(context.Background(), f.choir, f.user, in)
	if err != nil {
		f.t.Fatalf("create %q: %v", in.Title, err)
	}
	return p
}

func titled(title string) Input { return Input{Fields: Fields{Title: title}} }

func intp(n int) *int { return &n }

// refusal is the apperr behind err, or fails the test.
func refusal(t testing.TB, err error) *apperr.Error {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) {
		t.Fatalf("want a refusal, got %v", err)
	}
	return e
}
