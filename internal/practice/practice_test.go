package practice

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

// fixture is a database with two choirs, A (with two pieces) and B (with
// one), two singers of A and a clock the test moves.
type fixture struct {
	t                  testing.TB
	d                  *db.DB
	s                  *Service
	clock              *atomic.Int64 // seconds after base
	choir, other       string
	piece, piece2, far string // far is choir B's
	anna, ben          string
}

var base = time.Date(2026, 11, 26, 18, 0, 0, 0, time.UTC)

const today = "2026-11-26"

func newFixture(t testing.TB, d *db.DB) *fixture {
	t.Helper()
	f := &fixture{t: t, d: d, clock: &atomic.Int64{}, choir: uuid.NewString(), other: uuid.NewString(),
		piece: uuid.NewString(), piece2: uuid.NewString(), far: uuid.NewString(), anna: uuid.NewString(), ben: uuid.NewString()}
	f.s = New(d, slog.New(slog.NewTextHandler(io.Discard, nil)), func() time.Time { return base.Add(time.Duration(f.clock.Load()) * time.Second) })
	now := time.Now().UTC()
	for _, u := range [][3]string{{f.anna, "Anna", "Byrd"}, {f.ben, "Ben", "Tallis"}} {
		f.exec(`INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`, u[0], u[0]+"@example.com", now, now)
		f.exec(`INSERT INTO user_profile (id, first_name, last_name, updated_at) VALUES (?, ?, ?, ?)`, u[0], u[1], u[2], now)
	}
	for _, c := range []string{f.choir, f.other} {
		f.exec(`INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone,
			created_at, updated_at) VALUES (?, ?, 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'Europe/London', ?, ?)`,
			c, "Choir "+c[:4], now, now)
	}
	for _, p := range [][3]string{{f.piece, f.choir, "Ave verum"}, {f.piece2, f.choir, "Te Deum"}, {f.far, f.other, "Elsewhere"}} {
		f.exec(`INSERT INTO music (id, choir_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`, p[0], p[1], p[2], now, now)
	}
	return f
}

func (f *fixture) exec(query string, args ...any) {
	f.t.Helper()
	if _, err := f.d.ExecContext(context.Background(), query, args...); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) report(musicID, userID string, r Report) error {
	if r.Day == "" {
		r.Day = today
	}
	if r.Speed == 0 {
		r.Speed = 1
	}
	return f.s.Record(context.Background(), f.choir, musicID, userID, r)
}

func (f *fixture) mine(musicID, userID string) Mine {
	f.t.Helper()
	m, err := f.s.Mine(context.Background(), f.choir, musicID, userID)
	if err != nil {
		f.t.Fatal(err)
	}
	return m
}

func wantKind(t *testing.T, err error, kind apperr.Kind, field string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != kind || (field != "" && e.Details[field] == "") {
		t.Fatalf("got %v, want kind %d on %q", err, kind, field)
	}
}

func TestReportsAreCumulativeAndOrderProof(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		if m := f.mine(f.piece, f.anna); m.TotalSeconds != 0 || m.Speed != 1 || m.LastPosition != 0 || len(m.Days) != 0 {
			t.Fatalf("before any practice: %+v", m)
		}
		session := uuid.NewString()
		f.clock.Store(600)
		// Sent 30, 60, 90 seconds in; the 60 arrives last, and the 90 twice.
		for _, r := range []Report{
			{SessionID: session, PlayedSeconds: 30, Loops: 1, Position: 40, Speed: 0.75},
			{SessionID: session, PlayedSeconds: 90, Loops: 3, Position: 100, Speed: 0.8, PartName: "Alto"},
			{SessionID: session, PlayedSeconds: 90, Loops: 3, Position: 100, Speed: 0.8, PartName: "Alto"},
			{SessionID: session, PlayedSeconds: 60, Loops: 2, Position: 70, Speed: 0.75},
		} {
			if err := f.report(f.piece, f.anna, r); err != nil {
				t.Fatal(err)
			}
		}
		m := f.mine(f.piece, f.anna)
		if m.TotalSeconds != 90 || m.Loops != 3 || m.LastPosition != 100 || m.Speed != 0.8 || m.PartName != "Alto" ||
			len(m.Days) != 1 || m.Days[0] != (Day{Day: today, Seconds: 90, Loops: 3}) {
			t.Fatalf("one session reported out of order: %+v", m)
		}
		// A second session the next day adds to the first.
		f.clock.Store(86400)
		if err := f.report(f.piece, f.anna, Report{SessionID: uuid.NewString(), Day: "2026-11-27", PlayedSeconds: 20, Position: 5, Speed: 1.25}); err != nil {
			t.Fatal(err)
		}
		m = f.mine(f.piece, f.anna)
		if m.TotalSeconds != 110 || m.Loops != 3 || m.LastPosition != 5 || m.Speed != 1.25 || len(m.Days) != 2 || m.Days[0].Day != "2026-11-27" {
			t.Fatalf("two sessions: %+v", m)
		}
		// Ben's practice is his own.
		if m := f.mine(f.piece, f.ben); m.TotalSeconds != 0 {
			t.Fatalf("Ben sees Anna's practice: %+v", m)
		}
		r, err := f.s.Recent(context.Background(), f.choir, f.anna)
		if err != nil {
			t.Fatal(err)
		}
		if r.WeekSeconds != 110 || len(r.Pieces) != 1 || r.Pieces[0] != (RecentPiece{MusicID: f.piece, Title: "Ave verum", TotalSeconds: 110, LastDay: "2026-11-27"}) {
			t.Fatalf("recent: %+v", r)
		}
	})
}

func TestSessionsAreNeverMerged(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		session := uuid.NewString()
		if err := f.report(f.piece, f.anna, Report{SessionID: session, PlayedSeconds: 10}); err != nil {
			t.Fatal(err)
		}
		wantKind(t, f.report(f.piece, f.ben, Report{SessionID: session, PlayedSeconds: 500}), apperr.Conflict, "")
		wantKind(t, f.report(f.piece2, f.anna, Report{SessionID: session, PlayedSeconds: 500}), apperr.Conflict, "")
		if m := f.mine(f.piece, f.anna); m.TotalSeconds != 10 {
			t.Fatalf("a refused report counted: %+v", m)
		}
		// Another choir's piece is not found, even with the right session.
		err := f.s.Record(context.Background(), f.choir, f.far, f.anna, Report{SessionID: uuid.NewString(), Day: today, PlayedSeconds: 1, Speed: 1})
		wantKind(t, err, apperr.NotFound, "")
		_, err = f.s.Mine(context.Background(), f.choir, f.far, f.anna)
		wantKind(t, err, apperr.NotFound, "")
	})
}

func TestReportValidation(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		id := uuid.NewString()
		for _, c := range []struct {
			field string
			r     Report
		}{
			{"sessionId", Report{SessionID: "session-1", PlayedSeconds: 1}},
			{"day", Report{SessionID: id, Day: "2026-11-28"}},
			{"day", Report{SessionID: id, Day: "2026-11-24"}},
			{"day", Report{SessionID: id, Day: "26/11/2026"}},
			{"playedSeconds", Report{SessionID: id, PlayedSeconds: -1}},
			{"loops", Report{SessionID: id, Loops: -1}},
			{"loops", Report{SessionID: id, PlayedSeconds: 10, Loops: 102}},
			{"loops", Report{SessionID: id, PlayedSeconds: 10, Loops: math.MaxInt64}},
			{"position", Report{SessionID: id, Position: -0.5}},
			{"position", Report{SessionID: id, Position: 1e308}},
			{"position", Report{SessionID: id, Position: maxPosition + 0.1}},
			{"speed", Report{SessionID: id, Speed: 1.55}},
			{"speed", Report{SessionID: id, Speed: 0.45}},
			{"partName", Report{SessionID: id, PartName: strings.Repeat("a", 101)}},
		} {
			wantKind(t, f.report(f.piece, f.anna, c.r), apperr.Invalid, c.field)
		}
		// The largest figures the bounds allow are kept.
		edge := Report{SessionID: uuid.NewString(), PlayedSeconds: 10, Loops: 101, Position: maxPosition}
		if err := f.report(f.piece2, f.anna, edge); err != nil {
			t.Fatal(err)
		}
		if m := f.mine(f.piece2, f.anna); m.Loops != 101 || m.LastPosition != maxPosition {
			t.Fatalf("a report at the bounds: %+v", m)
		}
		// More played than the time since the session began (plus slack).
		if err := f.report(f.piece, f.anna, Report{SessionID: id, PlayedSeconds: 60}); err != nil {
			t.Fatal(err)
		}
		f.clock.Store(60)
		wantKind(t, f.report(f.piece, f.anna, Report{SessionID: id, PlayedSeconds: 60 + slack.Seconds() + 1}), apperr.Invalid, "playedSeconds")
		if err := f.report(f.piece, f.anna, Report{SessionID: id, PlayedSeconds: 60 + slack.Seconds()}); err != nil {
			t.Fatal(err)
		}
		f.clock.Store(3 * 86400)
		wantKind(t, f.report(f.piece, f.anna, Report{SessionID: id, Day: "2026-11-29", PlayedSeconds: 86401}), apperr.Invalid, "playedSeconds")
		if m := f.mine(f.piece, f.anna); m.TotalSeconds != 60+slack.Seconds() {
			t.Fatalf("refused reports counted: %+v", m)
		}
	})
}

// Reports of one session racing with each other keep exactly the largest
// figures; sessions of one member on one day add up exactly.
func TestConcurrentReports(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		f.clock.Store(3600)
		const n = 16
		session := uuid.NewString()
		order := rand.Perm(n)
		var wg sync.WaitGroup
		errs := make(chan error, 2*n)
		for _, i := range order {
			wg.Go(func() {
				errs <- f.report(f.piece, f.anna, Report{SessionID: session, PlayedSeconds: float64(10 * (i + 1)), Loops: i, Position: float64(i)})
			})
		}
		for i := range n {
			wg.Go(func() {
				errs <- f.report(f.piece2, f.anna, Report{SessionID: uuid.NewString(), PlayedSeconds: float64(i + 1), Loops: 1})
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if m := f.mine(f.piece, f.anna); m.TotalSeconds != 10*n || m.Loops != n-1 || m.LastPosition != n-1 {
			t.Fatalf("one session, %d racing reports in the order %v: %+v", n, order, m)
		}
		m := f.mine(f.piece2, f.anna)
		if m.TotalSeconds != n*(n+1)/2 || m.Loops != n || len(m.Days) != 1 || m.Days[0].Seconds != n*(n+1)/2 {
			t.Fatalf("%d sessions on one day: %+v", n, m)
		}
	})
}

// Rows stored before the bounds existed (issue 25: loops of 2^63-1 and a
// position of 1e308 were once accepted) are read within the bounds: no
// sum overflows and nobody's practice page fails.
func TestOutOfBoundRowsAreReadWithinBounds(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		huge := int64(math.MaxInt64)
		if d.Kind == config.Postgres {
			huge = math.MaxInt32 // the most its INTEGER column holds
		}
		now := base.UTC()
		for range 2 {
			f.exec(`INSERT INTO practice_sessions (id, choir_id, music_id, user_id, day, played_seconds, loops, position, speed,
				part_name, started_at, updated_at) VALUES (?, ?, ?, ?, ?, 60, ?, 1e308, 1, '', ?, ?)`,
				uuid.NewString(), f.choir, f.piece, f.anna, today, huge, now, now)
		}
		m := f.mine(f.piece, f.anna)
		if m.Loops != 2*maxStoredLoops || m.LastPosition != 0 || m.TotalSeconds != 120 || len(m.Days) != 1 || m.Days[0].Loops != 2*maxStoredLoops {
			t.Fatalf("my practice over out-of-bound rows: %+v", m)
		}
		got, err := f.s.Piece(context.Background(), f.choir, f.piece, []Singer{{UserID: f.anna, Name: "Anna Byrd"}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Members) != 1 || got.Members[0].Loops != 2*maxStoredLoops || got.Members[0].TotalSeconds != 120 {
			t.Fatalf("the piece's practice over out-of-bound rows: %+v", got)
		}
	})
}

func TestPiecePracticePerMemberAndVoicePart(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		gone := uuid.NewString()
		now := time.Now().UTC()
		f.exec(`INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`, gone, gone+"@example.com", now, now)
		f.exec(`INSERT INTO user_profile (id, first_name, last_name, updated_at) VALUES (?, 'Cara', 'Left', ?)`, gone, now)
		f.clock.Store(3600)
		for _, r := range []struct {
			user    string
			seconds float64
		}{{f.anna, 100}, {f.anna, 50}, {gone, 30}} {
			if err := f.report(f.piece, r.user, Report{SessionID: uuid.NewString(), PlayedSeconds: r.seconds, Loops: 2}); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.report(f.piece2, f.ben, Report{SessionID: uuid.NewString(), PlayedSeconds: 99}); err != nil {
			t.Fatal(err)
		}
		roster := []Singer{{UserID: f.anna, Name: "Anna Byrd", VoiceParts: []string{"Alto"}}, {UserID: f.ben, Name: "Ben Tallis", VoiceParts: []string{"Tenor", "Bass"}},
			{UserID: "nobody", Name: "Dan Partless"}}
		got, err := f.s.Piece(context.Background(), f.choir, f.piece, roster, []string{"Soprano", "Alto", "Tenor", "Bass"})
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprint(PiecePractice{
			Members: []MemberPractice{
				{UserID: f.anna, Name: "Anna Byrd", VoiceParts: []string{"Alto"}, TotalSeconds: 150, Loops: 4, LastDay: today},
				{UserID: f.ben, Name: "Ben Tallis", VoiceParts: []string{"Tenor", "Bass"}},
				{UserID: "nobody", Name: "Dan Partless", VoiceParts: []string{}},
				{UserID: gone, Name: "Cara Left", VoiceParts: []string{}, TotalSeconds: 30, Loops: 2, LastDay: today},
			},
			VoiceParts: []PartPractice{
				{VoicePart: "Alto", Members: 1, PractisedMembers: 1, TotalSeconds: 150},
				{VoicePart: "Tenor", Members: 1},
				{VoicePart: "Bass", Members: 1},
				{VoicePart: "", Members: 1},
			},
		})
		if fmt.Sprint(got) != want {
			t.Fatalf("piece practice:\n got %v\nwant %s", got, want)
		}
		_, err = f.s.Piece(context.Background(), f.choir, f.far, roster, nil)
		wantKind(t, err, apperr.NotFound, "")
	})
}

func TestMarkers(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		now := time.Now().UTC()
		rec, score := uuid.NewString(), uuid.NewString()
		for _, a := range [][2]string{{rec, "audio_part"}, {score, "score"}} {
			f.exec(`INSERT INTO music_attachments (id, music_id, choir_id, url, file_name, type, content_type, size_bytes, created_at, updated_at)
				VALUES (?, ?, ?, ?, 'f', ?, 'audio/wav', 1, ?, ?)`, a[0], f.piece, f.choir, a[0], a[1], now, now)
		}
		bar := func(n int) *int { return &n }
		list, err := f.s.ReplaceMarkers(ctx, f.choir, f.piece, []Marker{
			{Time: 30, Page: 2, Bar: bar(17)}, {Time: 0, Page: 1, Bar: bar(1)}, {Time: 12.5, Page: 1, AttachmentID: &rec}})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 3 || list[0].Time != 0 || list[1].Time != 12.5 || *list[1].AttachmentID != rec || list[1].Bar != nil ||
			list[2].Page != 2 || *list[2].Bar != 17 || list[2].AttachmentID != nil {
			t.Fatalf("markers by time: %+v", list)
		}
		// A bad list changes nothing.
		for field, m := range map[string]Marker{
			"markers.1.time":         {Time: -1, Page: 1},
			"markers.1.page":         {Time: 1, Page: 0},
			"markers.1.bar":          {Time: 1, Page: 1, Bar: bar(0)},
			"markers.1.attachmentId": {Time: 1, Page: 1, AttachmentID: &score},
		} {
			_, err := f.s.ReplaceMarkers(ctx, f.choir, f.piece, []Marker{{Time: 0, Page: 1}, m})
			wantKind(t, err, apperr.Invalid, field)
		}
		_, err = f.s.ReplaceMarkers(ctx, f.choir, f.piece, make([]Marker, maxMarkers+1))
		wantKind(t, err, apperr.Invalid, "markers")
		if got, err := f.s.Markers(ctx, f.choir, f.piece); err != nil || len(got) != 3 {
			t.Fatalf("after refused replacements: %+v %v", got, err)
		}
		// The most a piece may have, in one go; then none.
		many := make([]Marker, maxMarkers)
		for i := range many {
			many[i] = Marker{Time: float64(maxMarkers - i), Page: 1 + i/20}
		}
		if got, err := f.s.ReplaceMarkers(ctx, f.choir, f.piece, many); err != nil || len(got) != maxMarkers || got[0].Time != 1 {
			t.Fatalf("%d markers: %v", maxMarkers, err)
		}
		if got, err := f.s.ReplaceMarkers(ctx, f.choir, f.piece, nil); err != nil || len(got) != 0 {
			t.Fatalf("no markers: %+v %v", got, err)
		}
		// Choir B's piece is not choir A's.
		_, err = f.s.ReplaceMarkers(ctx, f.choir, f.far, nil)
		wantKind(t, err, apperr.NotFound, "")
		_, err = f.s.Markers(ctx, f.choir, f.far)
		wantKind(t, err, apperr.NotFound, "")
	})
}
