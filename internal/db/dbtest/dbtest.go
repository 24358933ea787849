// Package dbtest gives tests fresh, migrated databases: SQLite in a temporary
// file, and PostgreSQL in a new database on the server named by
// CANTICA_TEST_DATABASE_URL (make test starts a throwaway one).
package dbtest

import (
	"cmp"
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
)

// Kinds lists the databases every store test runs on.
var Kinds = []string{config.SQLite, config.Postgres}

// Each runs fn once per database kind, as subtests named after the kind.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, kind := range Kinds {
		t.Run(kind, func(t *testing.T) {
			fn(t, Open(t, kind))
		})
	}
}

// Open returns a fresh, migrated database of the given kind, closed and
// removed when the test ends.
func Open(t testing.TB, kind string) *db.DB {
	t.Helper()
	return OpenPool(t, kind, 0)
}

// OpenPool returns a fresh, migrated database of the given kind that opens
// at most conns connections (CANTICA_DB_MAX_CONNS), closed and removed when
// the test ends.
func OpenPool(t testing.TB, kind string, conns int) *db.DB {
	t.Helper()
	cfg := MigratedConfig(t, kind)
	cfg.MaxConns = cmp.Or(conns, cfg.MaxConns)
	return OpenConfig(t, cfg)
}

// OpenEmpty returns a fresh database with no migrations applied.
func OpenEmpty(t testing.TB, kind string) *db.DB {
	t.Helper()
	return OpenConfig(t, Config(t, kind))
}

// OpenConfig opens the database cfg names (one made by Config or
// MigratedConfig), closed when the test ends. Two calls with one cfg are two
// server instances sharing a database.
func OpenConfig(t testing.TB, cfg config.DatabaseConfig) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), cfg)
	if err != nil {
		t.Fatalf("open %s: %v", cfg.Kind, err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// Config creates an empty database of the given kind and returns how to
// reach it, for tests that start the whole server.
func Config(t testing.TB, kind string) config.DatabaseConfig {
	t.Helper()
	if kind == config.SQLite {
		return config.DatabaseConfig{Kind: config.SQLite, DSN: filepath.Join(t.TempDir(), "cantica.db"), MaxConns: maxConns()}
	}
	return config.DatabaseConfig{Kind: config.Postgres, DSN: createPostgresDatabase(t, ""), MaxConns: maxConns()}
}

// maxConns is CANTICA_TEST_DB_MAX_CONNS, or 0 for the server's default.
func maxConns() int {
	n, _ := strconv.Atoi(os.Getenv("CANTICA_TEST_DB_MAX_CONNS"))
	return n
}

var warnOnce sync.Once

// createPostgresDatabase creates a database, a copy of template when one
// is named, and returns its address.
func createPostgresDatabase(t testing.TB, template string) string {
	t.Helper()
	admin := os.Getenv("CANTICA_TEST_DATABASE_URL")
	if admin == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("CANTICA_TEST_DATABASE_URL is not set and CI is: the PostgreSQL pass must run in CI (use make test)")
		}
		warnOnce.Do(func() {
			fmt.Fprintln(os.Stderr, "\n*** PostgreSQL tests SKIPPED: CANTICA_TEST_DATABASE_URL is not set. Run `make test` to start a throwaway PostgreSQL. ***")
		})
		t.Skip("PostgreSQL: CANTICA_TEST_DATABASE_URL not set")
	}
	adminDB, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatalf("open admin connection: %v", err)
	}
	defer adminDB.Close()
	name := "cantica_test_" + strings.ToLower(rand.Text()[:16])
	create := "CREATE DATABASE " + name
	if template != "" {
		create += " TEMPLATE " + template
	}
	if _, err := adminDB.Exec(create); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		adminDB, err := sql.Open("pgx", admin)
		if err != nil {
			return
		}
		defer adminDB.Close()
		_, _ = adminDB.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("parse CANTICA_TEST_DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}
