package db

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"

	"github.com/cantica/cantica/internal/config"
)

// preparedReads keeps, by query text, what a read needs before it runs: its
// text for the database (rebound for PostgreSQL) and, on SQLite, a
// statement prepared on the reader pool. Without it SQLite parses and plans
// the same statements on every request (the session check, a calendar's
// header), which cost more than running them; PostgreSQL's driver keeps
// prepared statements of its own. Queries whose text varies (a list of
// placeholders as long as a list of ids) are kept only until maxKept
// texts are: the rest run as they come.
type preparedReads struct {
	byQuery sync.Map // query → *statement
	kept    atomic.Int64
}

// maxKept bounds the statements kept: each SQLite reader holds its own
// copy of each.
const maxKept = 256

type statement struct {
	text string
	stmt *sql.Stmt // SQLite's readers only
}

// statement finds or makes what query needs to run on the reader pool.
func (d *DB) statement(ctx context.Context, query string) *statement {
	if s, ok := d.reads.byQuery.Load(query); ok {
		return s.(*statement)
	}
	s := &statement{text: d.Rebind(query)}
	if d.reads.kept.Load() >= maxKept {
		return s
	}
	if d.Kind == config.SQLite {
		stmt, err := d.read.PrepareContext(ctx, s.text)
		if err != nil {
			return s // run unprepared, the query itself says what is wrong
		}
		s.stmt = stmt
	}
	if kept, loaded := d.reads.byQuery.LoadOrStore(query, s); loaded { // prepared meanwhile
		if s.stmt != nil {
			_ = s.stmt.Close()
		}
		return kept.(*statement)
	}
	d.reads.kept.Add(1)
	return s
}

// query runs a query on the reader pool.
func (s *statement) query(ctx context.Context, read *sql.DB, args []any) (*sql.Rows, error) {
	if s.stmt != nil {
		return s.stmt.QueryContext(ctx, args...)
	}
	return read.QueryContext(ctx, s.text, args...)
}

// queryRow runs a one-row query on the reader pool.
func (s *statement) queryRow(ctx context.Context, read *sql.DB, args []any) *sql.Row {
	if s.stmt != nil {
		return s.stmt.QueryRowContext(ctx, args...)
	}
	return read.QueryRowContext(ctx, s.text, args...)
}

// close closes the prepared statements, before the pools.
func (st *preparedReads) close() {
	st.byQuery.Range(func(_, s any) bool {
		if stmt := s.(*statement).stmt; stmt != nil {
			_ = stmt.Close()
		}
		return true
	})
}
