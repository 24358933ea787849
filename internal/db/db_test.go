package db_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/db/dbtest"
)

func versions(t *testing.T, kind string) []int64 {
	t.Helper()
	dir, err := db.MigrationsFS(kind)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := fs.ReadDir(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, e := range entries {
		prefix, _, ok := strings.Cut(e.Name(), "_")
		if !ok || path.Ext(e.Name()) != ".sql" {
			t.Fatalf("%s/%s: a migration is named NNNNN_description.sql", kind, e.Name())
		}
		v, err := strconv.ParseInt(prefix, 10, 64)
		if err != nil {
			t.Fatalf("%s/%s: version %q is not a number", kind, e.Name(), prefix)
		}
		out = append(out, v)
	}
	return out
}

func TestMigrationFoldersKeepInStep(t *testing.T) {
	sqlite, postgres := versions(t, config.SQLite), versions(t, config.Postgres)
	if len(sqlite) == 0 {
		t.Fatal("no migrations found")
	}
	if !slices.Equal(sqlite, postgres) {
		t.Fatalf("migration versions differ:\n  sqlite:   %v\n  postgres: %v", sqlite, postgres)
	}
}

// The two folders define the same schema: every table has the same columns
// on both databases, so that no query works on one and fails on the other.
// Types, constraints and indexes differ by dialect and are not compared.
func TestMigrationFoldersDefineTheSameSchema(t *testing.T) {
	sqlite := schemaColumns(t, dbtest.Open(t, config.SQLite), `SELECT m.name, p.name
		FROM sqlite_master m JOIN pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\' AND m.name <> ?`)
	postgres := schemaColumns(t, dbtest.Open(t, config.Postgres), `SELECT c.table_name, c.column_name
		FROM information_schema.columns c JOIN information_schema.tables t
			ON t.table_schema = c.table_schema AND t.table_name = c.table_name
		WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> ?`)
	if len(sqlite) == 0 {
		t.Fatal("no tables found in the migrated SQLite database")
	}
	for _, table := range slices.Sorted(maps.Keys(sqlite)) {
		if _, ok := postgres[table]; !ok {
			t.Errorf("table %s exists on SQLite only", table)
			continue
		}
		for _, col := range slices.Sorted(maps.Keys(sqlite[table])) {
			if !postgres[table][col] {
				t.Errorf("column %s.%s exists on SQLite only", table, col)
			}
		}
		for _, col := range slices.Sorted(maps.Keys(postgres[table])) {
			if !sqlite[table][col] {
				t.Errorf("column %s.%s exists on PostgreSQL only", table, col)
			}
		}
	}
	for _, table := range slices.Sorted(maps.Keys(postgres)) {
		if _, ok := sqlite[table]; !ok {
			t.Errorf("table %s exists on PostgreSQL only", table)
		}
	}
}

// schemaColumns reads table → column names with a query of (table, column)
// rows that takes goose's own version table, to leave out, as its argument.
func schemaColumns(t *testing.T, d *db.DB, query string) map[string]map[string]bool {
	t.Helper()
	rows, err := d.QueryContext(context.Background(), query, goose.DefaultTablename)
	if err != nil {
		t.Fatalf("%s: list the columns: %v", d.Kind, err)
	}
	out := map[string]map[string]bool{}
	err = db.Each(rows, func(row db.Scanner) error {
		var table, column string
		if err := row.Scan(&table, &column); err != nil {
			return err
		}
		if out[table] == nil {
			out[table] = map[string]bool{}
		}
		out[table][column] = true
		return nil
	})
	if err != nil {
		t.Fatalf("%s: read the columns: %v", d.Kind, err)
	}
	return out
}

func TestMigrateFromEmptyAndAgain(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.OpenEmpty(t, kind)
			want := slices.Max(versions(t, kind))
			for run := 1; run <= 2; run++ {
				if err := d.Migrate(ctx); err != nil {
					t.Fatalf("run %d: %v", run, err)
				}
				got, err := d.SchemaVersion(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("run %d: schema version %d, want %d", run, got, want)
				}
			}
		})
	}
}

func TestRebind(t *testing.T) {
	cases := map[string]string{
		"SELECT 1":                               "SELECT 1",
		"SELECT * FROM t WHERE a = ? AND b = ?":  "SELECT * FROM t WHERE a = $1 AND b = $2",
		"SELECT '?' , ? FROM t":                  "SELECT '?' , $1 FROM t",
		`SELECT "odd?name", ?`:                   `SELECT "odd?name", $1`,
		"UPDATE t SET a = 'it''s ?' WHERE b = ?": "UPDATE t SET a = 'it''s ?' WHERE b = $1",
	}
	pg := &db.DB{Kind: config.Postgres}
	lite := &db.DB{Kind: config.SQLite}
	for in, want := range cases {
		if got := pg.Rebind(in); got != want {
			t.Errorf("postgres Rebind(%q) = %q, want %q", in, got, want)
		}
		if got := lite.Rebind(in); got != in {
			t.Errorf("sqlite Rebind(%q) = %q, want it unchanged", in, got)
		}
	}
}

func TestInTxRollsBackOnError(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.ExecContext(ctx, "CREATE TABLE probe (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"); err != nil {
			t.Fatal(err)
		}
		boom := errors.New("boom")
		err := d.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.ExecContext(ctx, "INSERT INTO probe (id, name) VALUES (?, ?)", 1, "half-written"); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("InTx returned %v, want boom", err)
		}
		var n int
		if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM probe").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("%d rows left behind by a failed transaction", n)
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			_, err := tx.ExecContext(ctx, "INSERT INTO probe (id, name) VALUES (?, ?)", 2, "kept")
			return err
		}); err != nil {
			t.Fatal(err)
		}
		var name string
		if err := d.QueryRowContext(ctx, "SELECT name FROM probe WHERE id = ?", 2).Scan(&name); err != nil || name != "kept" {
			t.Fatalf("committed row: %q, %v", name, err)
		}
	})
}

// A failed savepoint undoes its own writes only, and the transaction goes
// on, even after a statement the database refused.
func TestSavepointUndoesOnlyItsOwnWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.ExecContext(ctx, "CREATE TABLE probe (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"); err != nil {
			t.Fatal(err)
		}
		insert := func(tx *db.Tx, id int, name string) error {
			_, err := tx.ExecContext(ctx, "INSERT INTO probe (id, name) VALUES (?, ?)", id, name)
			return err
		}
		boom := errors.New("boom")
		err := d.InTx(ctx, func(tx *db.Tx) error {
			if err := insert(tx, 1, "before"); err != nil {
				return err
			}
			err := tx.Savepoint(ctx, func() error {
				if err := insert(tx, 2, "undone"); err != nil {
					return err
				}
				return insert(tx, 1, "a duplicate the database refuses")
			})
			if err == nil {
				return errors.New("the duplicate was accepted")
			}
			if err := tx.Savepoint(ctx, func() error {
				if err := insert(tx, 3, "undone too"); err != nil {
					return err
				}
				return boom
			}); !errors.Is(err, boom) {
				return fmt.Errorf("savepoint returned %v, want boom", err)
			}
			if err := tx.Savepoint(ctx, func() error { return insert(tx, 4, "kept") }); err != nil {
				return err
			}
			return insert(tx, 5, "after")
		})
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		rows, err := d.QueryContext(ctx, "SELECT id FROM probe ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var id int
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, strconv.Itoa(id))
		}
		if got := strings.Join(ids, ","); got != "1,4,5" {
			t.Fatalf("rows %s, want 1,4,5", got)
		}
	})
}

// All reads the rows in order, answers an empty list (not nil) for none, and
// stops at the first row it cannot read.
func TestAllReadsEveryRow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.ExecContext(ctx, "CREATE TABLE probe (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"); err != nil {
			t.Fatal(err)
		}
		for i, name := range []string{"alto", "bass", "tenor"} {
			if _, err := d.ExecContext(ctx, "INSERT INTO probe (id, name) VALUES (?, ?)", i+1, name); err != nil {
				t.Fatal(err)
			}
		}
		name := func(row db.Scanner) (string, error) {
			var id int
			var n string
			err := row.Scan(&id, &n)
			return n, err
		}
		query := func(q string, args ...any) ([]string, error) {
			rows, err := d.QueryContext(ctx, q, args...)
			if err != nil {
				t.Fatal(err)
			}
			return db.All(rows, name)
		}

		got, err := query("SELECT id, name FROM probe ORDER BY id DESC")
		if err != nil || strings.Join(got, ",") != "tenor,bass,alto" {
			t.Fatalf("All = %q, %v; want tenor,bass,alto", got, err)
		}
		got, err = query("SELECT id, name FROM probe WHERE id > ?", 99)
		if err != nil || got == nil || len(got) != 0 {
			t.Fatalf("All of no rows = %#v, %v; want an empty, non-nil list", got, err)
		}
		rows, err := d.QueryContext(ctx, "SELECT id, name FROM probe ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		boom := errors.New("boom")
		calls := 0
		got, err = db.All(rows, func(row db.Scanner) (string, error) {
			if calls++; calls == 2 {
				return "", boom
			}
			return name(row)
		})
		if !errors.Is(err, boom) || got != nil || calls != 2 {
			t.Fatalf("All with a failing row = %q, %v after %d rows; want boom after 2", got, err, calls)
		}
	})
}

// SQLite allows one writer: concurrent transactions must queue, not fail
// with "database is locked", and none of their updates may be lost.
func TestConcurrentWritesQueueOnSQLite(t *testing.T) {
	ctx := context.Background()
	d := dbtest.Open(t, config.SQLite)
	if _, err := d.ExecContext(ctx, "CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ExecContext(ctx, "INSERT INTO counter (id, n) VALUES (1, 0)"); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Go(func() {
			errs <- d.InTx(ctx, func(tx *db.Tx) error {
				var n int
				if err := tx.QueryRowContext(ctx, "SELECT n FROM counter WHERE id = 1").Scan(&n); err != nil {
					return err
				}
				_, err := tx.ExecContext(ctx, "UPDATE counter SET n = ? WHERE id = 1", n+1)
				return err
			})
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("concurrent write failed: %v", err)
		}
	}
	var n int
	if err := d.QueryRowContext(ctx, "SELECT n FROM counter WHERE id = 1").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 16 {
		t.Fatalf("counter = %d after 16 serialised increments", n)
	}
}

// Migration 7 gives existing events the end of their last occurrence, which
// the calendar's range query bounds by: a single event's end, a series' end
// date plus two days and its length, or far ahead without an end date.
func TestEventsGetTheirLastEnd(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.OpenEmpty(t, kind)
			if err := d.MigrateTo(ctx, 6); err != nil {
				t.Fatal(err)
			}
			now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
			if _, err := d.ExecContext(ctx, `INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at)
				VALUES ('c', 'Schola', 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'Europe/London', ?, ?)`, now, now); err != nil {
				t.Fatal(err)
			}
			for _, e := range []struct{ id, start, end, rule string }{
				{"single", "2027-03-02T19:30:00Z", "2027-03-02T21:30:00Z", ""},
				{"open", "2026-09-01T18:30:00Z", "2026-09-01T20:30:00Z", `{"type":"weekly_on_days","weeklyDays":["tuesday"]}`},
				{"ended", "2016-09-06T18:30:00Z", "2016-09-06T20:00:00Z", `{"type":"weekly_on_days","weeklyDays":["tuesday"],"endDate":"2017-08-31"}`},
			} {
				var rule any
				if e.rule != "" {
					rule = e.rule
				}
				if _, err := d.ExecContext(ctx, `INSERT INTO events (id, choir_id, title, event_type, start_at, end_at, time_zone, status, recurrence_rule, created_at, updated_at)
					VALUES (?, 'c', 'Rehearsal', 'rehearsal', ?, ?, 'Europe/London', 'published', ?, ?, ?)`, e.id, e.start, e.end, rule, now, now); err != nil {
					t.Fatal(err)
				}
			}
			if err := d.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			for id, want := range map[string]string{
				"single": "2027-03-02T21:30:00Z",
				"open":   "9999-12-31T23:59:59Z",
				"ended":  "2017-09-02T01:30:00Z", // 2 September, plus the hour and a half a rehearsal lasts
			} {
				var got string
				if err := d.QueryRowContext(ctx, `SELECT last_end_at FROM events WHERE id = ?`, id).Scan(&got); err != nil || got != want {
					t.Errorf("%s: last_end_at %q (%v), want %q", id, got, err, want)
				}
			}
		})
	}
}

func TestPlansGetTheirOccurrenceDate(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.OpenEmpty(t, kind)
			if err := d.MigrateTo(ctx, 11); err != nil {
				t.Fatal(err)
			}
			now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
			if _, err := d.ExecContext(ctx, `INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at)
				VALUES ('c', 'Schola', 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'Europe/London', ?, ?)`, now, now); err != nil {
				t.Fatal(err)
			}
			series := "2f0e3c1a-6d0b-4c8e-9a51-7d2b9c4e8f10"
			for id, key := range map[string]string{"date": "", "single": "0c6f3a52-1b7e-4d2a-8f39-5e4b1a7c9d20",
				"occurrence": series + "-occurrence-2026-12-06"} {
				if _, err := d.ExecContext(ctx, `INSERT INTO music_plans (id, choir_id, plan_date, event_key, created_at, updated_at)
					VALUES (?, 'c', '2026-12-06', ?, ?, ?)`, id, key, now, now); err != nil {
					t.Fatal(err)
				}
			}
			if err := d.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			for id, want := range map[string]string{"date": "", "single": "", "occurrence": "2026-12-06"} {
				var got string
				var hidden bool
				if err := d.QueryRowContext(ctx, `SELECT occurrence_date, deleted_draft FROM music_plans WHERE id = ?`, id).Scan(&got, &hidden); err != nil ||
					got != want || hidden {
					t.Errorf("%s: occurrence_date %q, deleted_draft %v (%v), want %q", id, got, hidden, err, want)
				}
			}
		})
	}
}

// Lateness (00026) keeps every answer and mark taken before it, and the
// database then takes 'late' as a mark, but still nothing else.
func TestAttendanceKeepsItsRowsAndTakesLate(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.OpenEmpty(t, kind)
			if err := d.MigrateTo(ctx, 25); err != nil {
				t.Fatal(err)
			}
			now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
			for _, q := range []string{
				`INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at)
				VALUES ('c', 'Schola', 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'Europe/London', ?, ?)`,
				`INSERT INTO users (id, email, created_at, updated_at) VALUES ('u', 'ann@example.com', ?, ?)`,
				`INSERT INTO events (id, choir_id, title, event_type, start_at, end_at, time_zone, status, created_at, updated_at)
				VALUES ('e', 'c', 'Rehearsal', 'rehearsal', '2026-11-24T18:30:00Z', '2026-11-24T20:30:00Z', 'Europe/London', 'published', ?, ?)`,
			} {
				if _, err := d.ExecContext(ctx, q, now, now); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := d.ExecContext(ctx, `INSERT INTO member_attendance (user_id, choir_id, event_id, occurrence_date, status, updated_at, mark, marked_by, marked_at)
				VALUES ('u', 'c', 'e', '', 'going', ?, 'excused', 'u', ?)`, now, now); err != nil {
				t.Fatal(err)
			}
			if err := d.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			var status, mark, by string
			if err := d.QueryRowContext(ctx, `SELECT status, mark, marked_by FROM member_attendance WHERE user_id = 'u' AND event_id = 'e'`).
				Scan(&status, &mark, &by); err != nil || status != "going" || mark != "excused" || by != "u" {
				t.Fatalf("after the migration: %q, %q, %q (%v); want going, excused, u", status, mark, by, err)
			}
			if _, err := d.ExecContext(ctx, `UPDATE member_attendance SET mark = 'late' WHERE user_id = 'u'`); err != nil {
				t.Fatalf("mark late: %v", err)
			}
			if _, err := d.ExecContext(ctx, `UPDATE member_attendance SET mark = 'tardy' WHERE user_id = 'u'`); err == nil {
				t.Fatal("the database took 'tardy' as a mark")
			}
			if _, err := d.ExecContext(ctx, `DELETE FROM users WHERE id = 'u'`); err != nil {
				t.Fatal(err)
			}
			var n int
			if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM member_attendance`).Scan(&n); err != nil || n != 0 {
				t.Fatalf("%d rows (%v) after their member was deleted; the rebuilt table lost its foreign keys", n, err)
			}
		})
	}
}

// A pool opens at most CANTICA_DB_MAX_CONNS connections for reads, and a
// burst that uses them all leaves them open for the next one instead of
// closing and opening them again.
func TestPoolKeepsItsConnections(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.OpenPool(t, kind, 4)
			reader := d.Pools()["read"]
			if reader == nil {
				reader = d.Pools()["main"]
			}
			if got := reader.Stats().MaxOpenConnections; got != 4 {
				t.Fatalf("the pool opens up to %d connections, want 4", got)
			}
			for range 3 {
				var open []*sql.Rows
				for range 4 { // each holds a connection until closed
					rows, err := d.QueryContext(ctx, "SELECT 1")
					if err != nil {
						t.Fatal(err)
					}
					open = append(open, rows)
				}
				for _, rows := range open {
					rows.Close()
				}
			}
			if st := reader.Stats(); st.MaxIdleClosed != 0 || st.Idle != 4 {
				t.Fatalf("after three bursts: %d connections closed as surplus, %d kept idle; want 0 and 4", st.MaxIdleClosed, st.Idle)
			}
		})
	}
}

// Reads keep their statements by query text: the same query answers
// each time with its own arguments, a wrong one still says what is wrong,
// and queries past the ones kept still run.
func TestReadsWithKeptStatements(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		for i := range 300 {
			var n int
			if err := d.QueryRowContext(ctx, "SELECT ? + 1", i).Scan(&n); err != nil || n != i+1 {
				t.Fatalf("SELECT %d + 1 = %d, %v", i, n, err)
			}
			// Each its own text, past the number kept.
			if err := d.QueryRowContext(ctx, fmt.Sprintf("SELECT %d + ?", i), 1).Scan(&n); err != nil || n != i+1 {
				t.Fatalf("SELECT %d + 1 = %d, %v", i, n, err)
			}
		}
		for range 2 {
			if _, err := d.QueryContext(ctx, "SELEKT 1"); err == nil {
				t.Fatal("a query with a syntax error ran")
			}
		}
	})
}

// A caller waiting for its turn at a busy pool gives up when its request
// does, with the context's error, instead of waiting for ever; and the
// pool serves the next caller once the turn is given back.
func TestWaitingForATurnEndsWithTheRequest(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.OpenPool(t, kind, 1)
			if _, err := d.ExecContext(ctx, "CREATE TABLE waiting (id INTEGER PRIMARY KEY)"); err != nil {
				t.Fatal(err)
			}
			inside, release := make(chan struct{}), make(chan struct{})
			held := make(chan error, 1)
			go func() {
				held <- d.InTx(ctx, func(tx *db.Tx) error {
					close(inside)
					<-release
					_, err := tx.ExecContext(ctx, "INSERT INTO waiting (id) VALUES (1)")
					return err
				})
			}()
			<-inside
			short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
			defer cancel()
			if _, err := d.ExecContext(short, "INSERT INTO waiting (id) VALUES (2)"); !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("a write behind a held transaction answered %v, want the request's deadline", err)
			}
			if err := d.InTx(short, func(*db.Tx) error { return nil }); !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("a transaction behind a held one answered %v, want the request's deadline", err)
			}
			close(release)
			if err := <-held; err != nil {
				t.Fatal(err)
			}
			if _, err := d.ExecContext(ctx, "INSERT INTO waiting (id) VALUES (3)"); err != nil {
				t.Fatalf("the pool did not serve the next caller: %v", err)
			}
			var n int
			if err := d.QueryRowContext(ctx, "SELECT COUNT(*) FROM waiting").Scan(&n); err != nil || n != 2 {
				t.Fatalf("rows = %d (%v), want 2: the held transaction's and the next caller's", n, err)
			}
		})
	}
}
