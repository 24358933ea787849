// Package db opens Cantica's database — SQLite or PostgreSQL — behind one
// small API. Queries are written once with ? placeholders and rebound for
// PostgreSQL; migrations are embedded, one folder per database, kept in step.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver

	"github.com/cantica/cantica/internal/config"
)

// DB is an open database. On SQLite writes go through a single connection
// (SQLite allows one writer at a time) and reads through a pool; on
// PostgreSQL both are the same pool.
type DB struct {
	Kind  string // config.SQLite or config.Postgres
	write *sql.DB
	read  *sql.DB
	// statements counts the statements run through this DB and its
	// transactions, for tests that bound how many a request needs.
	statements atomic.Int64
	reads      preparedReads
	// writeTurns and readTurns admit callers to the pools in the order they
	// came (the same gate when the pools are one).
	writeTurns, readTurns turns
}

// turns lets callers take a pool's connections in the order they asked.
// database/sql hands a freed connection to a random waiter, so under load a
// request could wait behind dozens that came later: with 64 clients on a
// pool of 4, one in a hundred waited five times as long as the typical one
// (the month range's p99 of 75-80 ms against a p50 of 15 ms). Goroutines
// waiting to send on a full channel go in the order they came, so a
// channel of the pool's size is a first-come, first-served gate in front
// of it. A turn ends when the statement has run (or the transaction
// ended); rows or a row still being read hold their connection a moment
// longer, which the pool itself covers.
type turns chan struct{}

// take waits for a turn, or for ctx to end (false: no turn was taken, and
// the caller lets database/sql report ctx's error as it would).
func (t turns) take(ctx context.Context) bool {
	select {
	case t <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (t turns) done() { <-t }

// Statements is how many statements have run through d so far.
func (d *DB) Statements() int64 { return d.statements.Load() }

// Open connects to the configured database. It does not migrate.
func Open(ctx context.Context, cfg config.DatabaseConfig) (*DB, error) {
	conns := cfg.MaxConns
	if conns == 0 {
		conns = config.DefaultDBMaxConns()
	}
	switch cfg.Kind {
	case config.SQLite:
		return openSQLite(ctx, cfg.DSN, conns)
	case config.Postgres:
		return openPostgres(ctx, cfg.DSN, conns)
	}
	return nil, fmt.Errorf("unknown database kind %q", cfg.Kind)
}

// A pool keeps as many connections idle as it may open: a burst that uses
// them all would otherwise close the extra ones after each query and open
// them again (on PostgreSQL a new server process each time).
func keep(pool *sql.DB, conns int) {
	pool.SetMaxOpenConns(conns)
	pool.SetMaxIdleConns(conns)
}

func openSQLite(ctx context.Context, path string, readers int) (*DB, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("create database directory: %w", err)
		}
	}
	// Every connection gets the same pragmas through the DSN.
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(ON)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	write, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open SQLite database %s: %w", path, err)
	}
	keep(write, 1)
	read, err := sql.Open("sqlite", dsn)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("open SQLite database %s: %w", path, err)
	}
	keep(read, readers)
	d := &DB{Kind: config.SQLite, write: write, read: read, writeTurns: make(turns, 1), readTurns: make(turns, readers)}
	if err := d.Ping(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("open SQLite database %s: %w", path, err)
	}
	return d, nil
}

func openPostgres(ctx context.Context, url string, conns int) (*DB, error) {
	pool, err := sql.Open("pgx", url)
	if err != nil {
		// Not the URL itself: it may carry a password.
		return nil, fmt.Errorf("connect to PostgreSQL: %w", err)
	}
	keep(pool, conns)
	gate := make(turns, conns)
	d := &DB{Kind: config.Postgres, write: pool, read: pool, writeTurns: gate, readTurns: gate}
	if err := d.Ping(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("connect to PostgreSQL: %w", err)
	}
	return d, nil
}

// Close closes both pools.
func (d *DB) Close() error {
	d.reads.close()
	err := d.write.Close()
	if d.read != d.write {
		err = errors.Join(err, d.read.Close())
	}
	return err
}

// Ping checks that the database answers.
func (d *DB) Ping(ctx context.Context) error {
	if err := d.write.PingContext(ctx); err != nil {
		return err
	}
	// A query, not only a connection: SQLite "connects" to anything.
	var one int
	return d.read.QueryRowContext(ctx, "SELECT 1").Scan(&one)
}

// Pools names the connection pools, for metrics.
func (d *DB) Pools() map[string]*sql.DB {
	if d.read == d.write {
		return map[string]*sql.DB{"main": d.write}
	}
	return map[string]*sql.DB{"write": d.write, "read": d.read}
}

// Rebind turns ? placeholders into $1, $2, … for PostgreSQL. Question marks
// inside quoted strings are left alone.
func (d *DB) Rebind(query string) string {
	if d.Kind != config.Postgres {
		return query
	}
	return rebindDollar(query)
}

func rebindDollar(query string) string {
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	var quote byte
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// Placeholders is the list of n ? placeholders an IN (…) takes ("?, ?, ?").
func Placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// Strings is ss as the arguments of an IN (…) of Placeholders(len(ss)).
func Strings(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// Contains is the LIKE pattern, for LIKE ? ESCAPE '\', of text that holds
// s anywhere: s's own %, _ and \ match only themselves.
func Contains(s string) string {
	return "%" + likeEscaper.Replace(s) + "%"
}

// Querier is what both *DB and *Tx offer, so store code can run inside or
// outside a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// ExecContext runs a statement on the writer.
func (d *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	d.statements.Add(1)
	if d.writeTurns.take(ctx) {
		defer d.writeTurns.done()
	}
	return d.write.ExecContext(ctx, d.Rebind(query), args...)
}

// QueryContext runs a query on the reader pool.
func (d *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	d.statements.Add(1)
	if d.readTurns.take(ctx) {
		defer d.readTurns.done()
	}
	return d.statement(ctx, query).query(ctx, d.read, args)
}

// QueryRowContext runs a one-row query on the reader pool.
func (d *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	d.statements.Add(1)
	if d.readTurns.take(ctx) {
		defer d.readTurns.done()
	}
	return d.statement(ctx, query).queryRow(ctx, d.read, args)
}

// WriteRowContext runs a statement that writes and returns one row
// (INSERT … RETURNING) on the writer, where writes belong: on SQLite the
// reader pool would make it wait for the write lock beside the writer.
func (d *DB) WriteRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	d.statements.Add(1)
	if d.writeTurns.take(ctx) {
		defer d.writeTurns.done()
	}
	return d.write.QueryRowContext(ctx, d.Rebind(query), args...)
}

// Along is part of a read that another read carries out in its own
// statement, so that a request needs one round trip instead of two: columns
// selected after the other's, tables joined after the other's, the joins'
// arguments in order, and where the columns are scanned. The joins must
// keep the other read's rows as they are: LEFT JOINs on a key, or joins of
// a row that always exists.
type Along struct {
	Columns string // each with a comma before it
	Joins   string
	Args    []any
	Dest    []any
}

// Scanner is a row to read: *sql.Row and *sql.Rows both are.
type Scanner interface{ Scan(dest ...any) error }

// Each calls fn for every row of rows, then closes them; it stops at the
// first error, fn's or the rows'.
func Each(rows *sql.Rows, fn func(Scanner) error) error {
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// All reads every row of rows with scan, then closes them; it stops at the
// first error, scan's or the rows'. No rows give an empty slice, not nil, so
// that a list answered as JSON is [] rather than null.
func All[T any](rows *sql.Rows, scan func(Scanner) (T, error)) ([]T, error) {
	out := []T{}
	err := Each(rows, func(row Scanner) error {
		v, err := scan(row)
		if err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Tx is a transaction on the writer.
type Tx struct {
	tx *sql.Tx
	db *DB
}

// ExecContext runs a statement in the transaction.
func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	t.db.statements.Add(1)
	return t.tx.ExecContext(ctx, t.db.Rebind(query), args...)
}

// QueryContext runs a query in the transaction.
func (t *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	t.db.statements.Add(1)
	return t.tx.QueryContext(ctx, t.db.Rebind(query), args...)
}

// QueryRowContext runs a one-row query in the transaction.
func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	t.db.statements.Add(1)
	return t.tx.QueryRowContext(ctx, t.db.Rebind(query), args...)
}

// InTx runs fn in a transaction: committed when fn returns nil, rolled back
// otherwise (and on panic), so a failure never leaves half-written rows.
func (d *DB) InTx(ctx context.Context, fn func(tx *Tx) error) (err error) {
	if d.writeTurns.take(ctx) {
		defer d.writeTurns.done()
	}
	sqlTx, err := d.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("db: begin a transaction: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = sqlTx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = sqlTx.Rollback()
		}
	}()
	if err = fn(&Tx{tx: sqlTx, db: d}); err != nil {
		return err // fn's own, already saying what it was doing
	}
	if err = sqlTx.Commit(); err != nil {
		return fmt.Errorf("db: commit a transaction: %w", err)
	}
	return nil
}

// Savepoint runs fn inside a savepoint of the transaction. When fn fails,
// only what it wrote is undone and the transaction goes on; without it a
// failed statement would leave its neighbours' writes in place on SQLite
// and spoil the whole transaction on PostgreSQL.
func (t *Tx) Savepoint(ctx context.Context, fn func() error) error {
	const name = "cantica_savepoint" // nested savepoints may share a name: the innermost wins
	if _, err := t.tx.ExecContext(ctx, "SAVEPOINT "+name); err != nil {
		return fmt.Errorf("db: set a savepoint: %w", err)
	}
	if err := fn(); err != nil {
		if _, rbErr := t.tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT "+name); rbErr != nil {
			return errors.Join(err, fmt.Errorf("db: roll back to a savepoint: %w", rbErr))
		}
		// ROLLBACK TO keeps the savepoint open on both databases.
		if _, relErr := t.tx.ExecContext(ctx, "RELEASE SAVEPOINT "+name); relErr != nil {
			return errors.Join(err, fmt.Errorf("db: release a savepoint: %w", relErr))
		}
		return err // fn's own
	}
	if _, err := t.tx.ExecContext(ctx, "RELEASE SAVEPOINT "+name); err != nil {
		return fmt.Errorf("db: release a savepoint: %w", err)
	}
	return nil
}

// Clock is now (time.Now when nil) as the services store it: in UTC, cut to
// microseconds. PostgreSQL keeps no more, and SQLite compares the stored
// text, so a time read back equals the time written on both.
func Clock(now func() time.Time) func() time.Time {
	if now == nil {
		now = time.Now
	}
	return func() time.Time { return now().UTC().Truncate(time.Microsecond) }
}
