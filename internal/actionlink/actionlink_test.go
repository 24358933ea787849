package actionlink_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/testclock"
)

func TestSecretsAreLettersAndDigitsAndAllDifferent(t *testing.T) {
	t.Parallel()
	const n = 20000
	seen := make(map[string]bool, n)
	counts := map[rune]int{}
	for range n {
		s := actionlink.NewSecret()
		if len(s) != 32 {
			t.Fatalf("secret %q has %d characters", s, len(s))
		}
		if !actionlink.WellFormed(s) {
			t.Fatalf("secret %q is not letters and digits", s)
		}
		if seen[s] {
			t.Fatalf("secret %q drawn twice", s)
		}
		seen[s] = true
		for _, r := range s {
			counts[r]++
		}
	}
	// Every one of the 62 characters turns up, none far more often than
	// the others (an unevenly drawn alphabet would favour some).
	if len(counts) != 62 {
		t.Fatalf("%d distinct characters, want 62", len(counts))
	}
	mean := float64(n*32) / 62
	for r, c := range counts {
		if float64(c) < 0.9*mean || float64(c) > 1.1*mean {
			t.Errorf("%q drawn %d times, mean %.0f", r, c, mean)
		}
	}
}

func TestWellFormed(t *testing.T) {
	t.Parallel()
	good := strings.Repeat("aZ9", 10) + "xy"
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{good, true},
		{good[:31], false},
		{good + "a", false},
		{"", false},
		{good[:31] + "-", false},
		{good[:31] + "é", false},
		{good[:30] + "%2", false},
	} {
		if got := actionlink.WellFormed(tc.s); got != tc.want {
			t.Errorf("WellFormed(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

func TestLifetimes(t *testing.T) {
	t.Parallel()
	day := 24 * time.Hour
	for typ, want := range map[actionlink.Type]time.Duration{
		actionlink.RSVP: 30 * day, actionlink.Practice: 90 * day, actionlink.Event: 60 * day, actionlink.Unsubscribe: 365 * day, "other": 0,
	} {
		if got := actionlink.Lifetime(typ); got != want {
			t.Errorf("Lifetime(%s) = %v, want %v", typ, got, want)
		}
	}
}

// fixture is a database with a user in a choir and a link service on a
// clock the test moves.
type fixture struct {
	d           *db.DB
	s           *actionlink.Service
	clock       *testclock.Clock
	user, choir string
}

func newFixture(t *testing.T, d *db.DB) *fixture {
	t.Helper()
	f := &fixture{d: d, clock: testclock.New(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)), user: uuid.NewString(), choir: uuid.NewString()}
	f.s = actionlink.New(d, f.clock.Now)
	ctx := context.Background()
	now := f.clock.Now()
	if _, err := d.ExecContext(ctx, `INSERT INTO users (id, email, created_at, updated_at) VALUES (?, ?, ?, ?)`, f.user, "alto@example.com", now, now); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ExecContext(ctx, `INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone,
		created_at, updated_at) VALUES (?, 'Schola', 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'Europe/London', ?, ?)`,
		f.choir, now, now); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) issue(t *testing.T, typ actionlink.Type, resource string) string {
	t.Helper()
	secret, err := f.s.Issue(context.Background(), f.d, f.user, f.choir, typ, resource)
	if err != nil {
		t.Fatal(err)
	}
	return secret
}

func (f *fixture) use(secret string, typ actionlink.Type) (*actionlink.Token, error) {
	var tok *actionlink.Token
	err := f.d.InTx(context.Background(), func(tx *db.Tx) error {
		var err error
		tok, err = f.s.Use(context.Background(), tx, secret, typ)
		return err
	})
	return tok, err
}

func TestOnlyTheHashIsStored(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		secret := f.issue(t, actionlink.RSVP, "event-1")
		sum := sha256.Sum256([]byte(secret))
		if got := actionlink.Hash(secret); got != hex.EncodeToString(sum[:]) || len(got) != 64 {
			t.Fatalf("Hash = %q, want the hex SHA-256", got)
		}
		rows, err := d.QueryContext(t.Context(), `SELECT token_hash, user_id, choir_id, action_type, resource_id, created_at, expires_at, used_at
			FROM email_action_tokens`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			n++
			var hash, user, choir, typ, resource string
			var created, expires time.Time
			var used *time.Time
			if err := rows.Scan(&hash, &user, &choir, &typ, &resource, &created, &expires, &used); err != nil {
				t.Fatal(err)
			}
			all := strings.Join([]string{hash, user, choir, typ, resource, created.String(), expires.String()}, " ")
			if strings.Contains(all, secret) {
				t.Errorf("the secret is stored: %s", all)
			}
			if hash != actionlink.Hash(secret) || user != f.user || choir != f.choir || typ != "rsvp" || resource != "event-1" || used != nil {
				t.Errorf("stored %s", all)
			}
			if !expires.Equal(created.Add(30 * 24 * time.Hour)) {
				t.Errorf("expires %v, created %v: want 30 days later", expires, created)
			}
		}
		if n != 1 {
			t.Fatalf("%d rows, want 1", n)
		}
	})
}

func TestLinksAreBoundToTheirType(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		rsvp := f.issue(t, actionlink.RSVP, "event-1")
		tok, err := f.s.Find(ctx, rsvp, actionlink.RSVP)
		if err != nil || tok.UserID != f.user || tok.ChoirID != f.choir || tok.ResourceID != "event-1" || tok.Type != actionlink.RSVP {
			t.Fatalf("Find(rsvp) = %+v, %v", tok, err)
		}
		for _, other := range []actionlink.Type{actionlink.Practice, actionlink.Event, actionlink.Unsubscribe} {
			if _, err := f.s.Find(ctx, rsvp, other); !errors.Is(err, actionlink.ErrInvalid) {
				t.Errorf("an RSVP link read as %s: %v, want ErrInvalid", other, err)
			}
		}
		if _, err := f.use(rsvp, actionlink.Practice); !errors.Is(err, actionlink.ErrInvalid) {
			t.Errorf("an RSVP link used as a practice link: %v", err)
		}
		if _, err := f.s.Find(ctx, "not a secret", actionlink.RSVP); !errors.Is(err, actionlink.ErrMalformed) {
			t.Errorf("malformed: %v", err)
		}
		if _, err := f.s.Find(ctx, actionlink.NewSecret(), actionlink.RSVP); !errors.Is(err, actionlink.ErrInvalid) {
			t.Errorf("unknown: %v", err)
		}
		if _, err := f.s.Issue(ctx, d, f.user, f.choir, "other", "x"); err == nil {
			t.Error("a link of an unknown type was issued")
		}
	})
}

func TestLinksExpire(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		secrets := map[actionlink.Type]string{}
		for _, typ := range []actionlink.Type{actionlink.RSVP, actionlink.Practice, actionlink.Event, actionlink.Unsubscribe} {
			secrets[typ] = f.issue(t, typ, "r")
		}
		elapsed := time.Duration(0)
		for _, typ := range []actionlink.Type{actionlink.RSVP, actionlink.Event, actionlink.Practice, actionlink.Unsubscribe} {
			// Just before expires_at: still valid.
			f.clock.Advance(actionlink.Lifetime(typ) - elapsed - time.Microsecond)
			if _, err := f.s.Find(ctx, secrets[typ], typ); err != nil {
				t.Errorf("%s link a moment before it expires: %v", typ, err)
			}
			// At expires_at: invalid, for reading and for using.
			f.clock.Advance(time.Microsecond)
			elapsed = actionlink.Lifetime(typ)
			if _, err := f.s.Find(ctx, secrets[typ], typ); !errors.Is(err, actionlink.ErrInvalid) {
				t.Errorf("%s link when it expires: %v", typ, err)
			}
			if _, err := f.use(secrets[typ], typ); !errors.Is(err, actionlink.ErrInvalid) {
				t.Errorf("%s link used when it expires: %v", typ, err)
			}
		}
	})
}

func TestPracticeLinkIsUsedOnce(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		secret := f.issue(t, actionlink.Practice, "piece-1")
		// Reading does not use it up.
		for range 3 {
			if _, err := f.s.Find(ctx, secret, actionlink.Practice); err != nil {
				t.Fatalf("read: %v", err)
			}
		}
		tok, err := f.use(secret, actionlink.Practice)
		if err != nil || tok.ResourceID != "piece-1" || tok.ChoirID != f.choir {
			t.Fatalf("first use: %+v, %v", tok, err)
		}
		if _, err := f.use(secret, actionlink.Practice); !errors.Is(err, actionlink.ErrInvalid) {
			t.Fatalf("second use: %v", err)
		}
		if _, err := f.s.Find(ctx, secret, actionlink.Practice); !errors.Is(err, actionlink.ErrInvalid) {
			t.Fatalf("read after use: %v", err)
		}
		// A use whose transaction fails leaves the link unused.
		other := f.issue(t, actionlink.Practice, "piece-2")
		boom := errors.New("boom")
		if _, err := f.s.UseWith(ctx, other, actionlink.Practice, func(*db.Tx, *actionlink.Token) error { return boom }); !errors.Is(err, boom) {
			t.Fatalf("UseWith failing: %v", err)
		}
		if _, err := f.s.Find(ctx, other, actionlink.Practice); err != nil {
			t.Fatalf("after a failed use the link is gone: %v", err)
		}
	})
}

func TestRSVPLinkIsNotUsedUp(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		secret := f.issue(t, actionlink.RSVP, "event-1")
		for i := range 5 {
			if _, err := f.s.Find(t.Context(), secret, actionlink.RSVP); err != nil {
				t.Fatalf("read %d: %v", i, err)
			}
		}
	})
}

func TestSixteenUsesOfOnePracticeLinkOneSucceeds(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		secret := f.issue(t, actionlink.Practice, "piece-1")
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, invalid := 0, 0
		var others []error
		start := make(chan struct{})
		for range 16 {
			wg.Go(func() {
				<-start
				_, err := f.s.UseWith(context.Background(), secret, actionlink.Practice, func(*db.Tx, *actionlink.Token) error { return nil })
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, actionlink.ErrInvalid):
					invalid++
				default:
					others = append(others, err)
				}
			})
		}
		close(start)
		wg.Wait()
		if ok != 1 || invalid != 15 || len(others) > 0 {
			t.Fatalf("%d uses succeeded, %d refused, other errors %v; want 1 and 15", ok, invalid, others)
		}
		var used int
		if err := d.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM email_action_tokens WHERE used_at IS NOT NULL`).Scan(&used); err != nil || used != 1 {
			t.Fatalf("%d used rows (%v)", used, err)
		}
	})
}

func TestDeleteExpiredRemovesOnlyExpiredLinks(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := t.Context()
		rsvp := f.issue(t, actionlink.RSVP, "e")         // 30 days
		practice := f.issue(t, actionlink.Practice, "p") // 90 days
		f.clock.Advance(31 * 24 * time.Hour)
		event := f.issue(t, actionlink.Event, "e") // 60 days from now
		n, err := f.s.DeleteExpired(ctx)
		if err != nil || n != 1 {
			t.Fatalf("DeleteExpired = %d, %v; want 1", n, err)
		}
		var left []string
		rows, err := d.QueryContext(ctx, `SELECT action_type FROM email_action_tokens ORDER BY action_type`)
		if err != nil {
			t.Fatal(err)
		}
		left, err = db.All(rows, func(r db.Scanner) (string, error) {
			var s string
			return s, r.Scan(&s)
		})
		if err != nil || fmt.Sprint(left) != "[event practice]" {
			t.Fatalf("left %v (%v)", left, err)
		}
		if _, err := f.s.Find(ctx, practice, actionlink.Practice); err != nil {
			t.Errorf("practice link after the clean-up: %v", err)
		}
		if _, err := f.s.Find(ctx, event, actionlink.Event); err != nil {
			t.Errorf("event link after the clean-up: %v", err)
		}
		if _, err := f.s.Find(ctx, rsvp, actionlink.RSVP); !errors.Is(err, actionlink.ErrInvalid) {
			t.Errorf("expired RSVP link: %v", err)
		}
	})
}

func TestRefusalsSayNothingAboutWhy(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		typ                actionlink.Type
		malformed, invalid string
	}{
		{actionlink.RSVP, "Invalid RSVP link", "Invalid or expired RSVP link"},
		{actionlink.Practice, "Invalid practice link", "Invalid or expired practice link"},
		{actionlink.Event, "Invalid event link", "Invalid or expired event link"},
		{actionlink.Unsubscribe, "Invalid unsubscribe link", "Invalid or expired unsubscribe link"},
	} {
		e, _ := apperr.As(actionlink.Refusal(tc.typ, actionlink.ErrMalformed))
		if e == nil || e.Kind != apperr.Invalid || e.Code != apperr.CodeInvalidToken || e.Message != tc.malformed {
			t.Errorf("%s malformed: %+v", tc.typ, e)
		}
		e, _ = apperr.As(actionlink.Refusal(tc.typ, actionlink.ErrInvalid))
		if e == nil || e.Kind != apperr.NotFound || e.Code != apperr.CodeInvalidToken || e.Message != tc.invalid {
			t.Errorf("%s invalid: %+v", tc.typ, e)
		}
	}
	other := errors.New("database down")
	if err := actionlink.Refusal(actionlink.RSVP, other); err != other {
		t.Errorf("another error became %v", err)
	}
}
