package overview_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/overview"
)

// The platform of the benchmark: 1,000 choirs of 20 members each, 10
// events and 50 emails of the last month per choir, and a year of daily
// sign-in counts.
const (
	benchChoirs  = 1000
	benchMembers = 20
	benchEvents  = 10
	benchMails   = 50
)

// BenchmarkRead1000Choirs times the overview of 1,000 choirs; the page's
// answer must stay within 100 ms (issue 30).
func BenchmarkRead1000Choirs(b *testing.B) {
	for _, kind := range dbtest.Kinds {
		b.Run(kind, func(b *testing.B) {
			d := dbtest.Open(b, kind)
			seed(b, d)
			if kind == "postgres" {
				// What autovacuum does after a bulk load; without statistics
				// the planner guesses a handful of rows and loops over them.
				if _, err := d.ExecContext(context.Background(), "ANALYZE"); err != nil {
					b.Fatal(err)
				}
			}
			s := overview.New(d, func() time.Time { return now })
			ctx := context.Background()
			b.ResetTimer()
			for b.Loop() {
				o, err := s.Read(ctx)
				if err != nil {
					b.Fatal(err)
				}
				if o.Total != benchChoirs {
					b.Fatalf("%d choirs, want %d", o.Total, benchChoirs)
				}
			}
		})
	}
}

func seed(b *testing.B, d *db.DB) {
	b.Helper()
	var choirs, users, members, events, mails, days [][]any
	for c := range benchChoirs {
		id := fmt.Sprintf("c%04d", c)
		created := now.Add(-time.Duration(c) * 24 * time.Hour)
		choirs = append(choirs, []any{id, "Choir " + id, "GB", "00000000-0000-4000-8000-000000000101", "general_roman_ordinary", "Europe/London", created, created, int64(c) * 1 << 20})
		for m := range benchMembers {
			u := fmt.Sprintf("%s-u%02d", id, m)
			var signIn any
			if c%3 != 0 {
				signIn = now.Add(-time.Duration(c*m%40) * 24 * time.Hour)
			}
			users = append(users, []any{u, u + "@example.org", now, now, signIn})
			members = append(members, []any{u, id, "member", true, "active", now})
		}
		for e := range benchEvents {
			start := now.Add(time.Duration(e*7-40) * 24 * time.Hour).Format(time.RFC3339)
			end := now.Add(time.Duration(e*7-40)*24*time.Hour + 2*time.Hour).Format(time.RFC3339)
			events = append(events, []any{fmt.Sprintf("%s-e%02d", id, e), id, "Rehearsal", "rehearsal", start, end, end, "Europe/London", "published", now, now})
		}
		for m := range benchMails {
			at := now.Add(-time.Duration(m) * 12 * time.Hour)
			var sent, failed any = at, nil
			if m%10 == 0 {
				sent, failed = nil, at
			}
			mails = append(mails, []any{fmt.Sprintf("%s-m%02d", id, m), "digest", "a@example.org", "Hello", "Hello", "", at, at, sent, failed, id})
		}
	}
	for i := range 365 {
		days = append(days, []any{now.AddDate(0, 0, -i).Format(time.DateOnly), i % 50})
	}
	ctx := context.Background()
	err := d.InTx(ctx, func(tx *db.Tx) error {
		for _, t := range []struct {
			table string
			rows  [][]any
		}{
			{"choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at, storage_used_bytes)", choirs},
			{"users (id, email, created_at, updated_at, last_sign_in_at)", users},
			{"user_choir_membership (user_id, choir_id, role, is_active, status, joined_date)", members},
			{"events (id, choir_id, title, event_type, start_at, end_at, last_end_at, time_zone, status, created_at, updated_at)", events},
			{"mail_outbox (id, kind, to_address, subject, text_body, html_body, created_at, next_attempt_at, sent_at, failed_at, choir_id)", mails},
			{"sign_in_days (day, sign_ins)", days},
		} {
			if err := insertAll(ctx, tx, t.table, t.rows); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// insertAll inserts rows in statements of at most 200 rows.
func insertAll(ctx context.Context, tx *db.Tx, table string, rows [][]any) error {
	for len(rows) > 0 {
		n := min(len(rows), 200)
		one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(rows[0])), ", ") + ")"
		var args []any
		for _, r := range rows[:n] {
			args = append(args, r...)
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO "+table+" VALUES "+strings.TrimSuffix(strings.Repeat(one+", ", n), ", "), args...); err != nil {
			return fmt.Errorf("seed %s: %w", table, err)
		}
		rows = rows[n:]
	}
	return nil
}
