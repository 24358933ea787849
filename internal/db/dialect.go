package db

import (
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/cantica/cantica/internal/config"
)

// This file holds what differs between SQLite and PostgreSQL beyond
// placeholders.

// IsUniqueViolation recognises a unique-constraint failure on either database.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// ForUpdate is the suffix that locks the rows a SELECT reads until the
// transaction ends: FOR UPDATE on PostgreSQL. SQLite needs none, since its
// write transactions (BEGIN IMMEDIATE) already run one at a time.
func (t *Tx) ForUpdate() string {
	if t.db.Kind == config.Postgres {
		return " FOR UPDATE"
	}
	return ""
}

// ForShare is the suffix that keeps the rows a SELECT reads from being
// changed until the transaction ends, without keeping other readers that
// ask the same from them: FOR SHARE on PostgreSQL, nothing on SQLite (see
// ForUpdate).
func (t *Tx) ForShare() string {
	if t.db.Kind == config.Postgres {
		return " FOR SHARE"
	}
	return ""
}
