package dbtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
)

// MigratedConfig is Config with the schema already at its newest version:
// a copy of a database migrated once per migration set, which is several
// times faster than migrating each test's database (PostgreSQL: 0.2 s of
// migrations for each of some 400 databases a run creates).
func MigratedConfig(t testing.TB, kind string) config.DatabaseConfig {
	t.Helper()
	if kind == config.Postgres && os.Getenv("CANTICA_TEST_DATABASE_URL") == "" {
		return Config(t, kind) // skips, or fails in CI, saying why
	}
	conns := maxConns()
	if kind == config.SQLite {
		path := filepath.Join(t.TempDir(), "cantica.db")
		if err := copyFile(sqliteTemplate(t), path); err != nil {
			t.Fatalf("copy the migrated SQLite database: %v", err)
		}
		return config.DatabaseConfig{Kind: config.SQLite, DSN: path, MaxConns: conns}
	}
	return config.DatabaseConfig{Kind: config.Postgres, DSN: createPostgresDatabase(t, postgresTemplate(t)), MaxConns: conns}
}

// migrationsKey names the migration set, so that a template made by an
// older set (another run, another branch) is never copied.
var migrationsKey = sync.OnceValues(func() (string, error) {
	h := sha256.New()
	for _, kind := range Kinds {
		dir, err := db.MigrationsFS(kind)
		if err != nil {
			return "", err
		}
		err = fs.WalkDir(dir, ".", func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			b, err := fs.ReadFile(dir, path)
			fmt.Fprintf(h, "%s/%s %d\n", kind, path, len(b))
			h.Write(b)
			return err
		})
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
})

// sqliteTemplate is a migrated SQLite file shared by the test processes of
// one migration set: made under a temporary name and renamed into place, so
// that a process never copies one another is still writing.
func sqliteTemplate(t testing.TB) string {
	t.Helper()
	path, err := sqliteTemplateMade()
	if err != nil {
		t.Fatalf("make the migrated SQLite template: %v", err)
	}
	return path
}

var sqliteTemplateMade = sync.OnceValues(func() (string, error) {
	key, err := migrationsKey()
	if err != nil {
		return "", err
	}
	path := filepath.Join(os.TempDir(), "cantica-test-template-"+key+".db")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	dir, err := os.MkdirTemp("", "cantica-test-template-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	made := filepath.Join(dir, "cantica.db")
	d, err := db.Open(context.Background(), config.DatabaseConfig{Kind: config.SQLite, DSN: made})
	if err != nil {
		return "", err
	}
	err = d.Migrate(context.Background())
	// Closing the last connection folds the write-ahead log into the file.
	if closeErr := d.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return "", err
	}
	return path, os.Rename(made, path)
})

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// postgresTemplate is a migrated database on the test server, shared by the
// test processes of one migration set. It is migrated under a name of its
// own and renamed when done: a database is copied only once complete, and
// of two processes making it at once the second's rename fails and it
// drops its own.
func postgresTemplate(t testing.TB) string {
	t.Helper()
	name, err := postgresTemplateMade()
	if err != nil {
		t.Fatalf("make the migrated PostgreSQL template: %v", err)
	}
	return name
}

var postgresTemplateMade = sync.OnceValues(makePostgresTemplate)

func makePostgresTemplate() (string, error) {
	key, err := migrationsKey()
	if err != nil {
		return "", err
	}
	return makePostgresTemplateNamed("cantica_template_" + key)
}

func makePostgresTemplateNamed(name string) (string, error) {
	admin := os.Getenv("CANTICA_TEST_DATABASE_URL")
	adminDB, err := sql.Open("pgx", admin)
	if err != nil {
		return "", err
	}
	defer adminDB.Close()
	var exists bool
	if err := adminDB.QueryRow("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil || exists {
		return name, err
	}
	making := "cantica_making_" + strings.ToLower(rand.Text()[:16])
	if _, err := adminDB.Exec("CREATE DATABASE " + making); err != nil {
		return "", err
	}
	u, err := url.Parse(admin)
	if err != nil {
		return "", err
	}
	u.Path = "/" + making
	d, err := db.Open(context.Background(), config.DatabaseConfig{Kind: config.Postgres, DSN: u.String()})
	if err == nil {
		err = d.Migrate(context.Background())
		d.Close()
	}
	if err == nil {
		_, err = adminDB.Exec("ALTER DATABASE " + making + " RENAME TO " + name)
		if madeByAnother(err) {
			err = nil
		}
	}
	// Dropped unless renamed: the one left over when another process won,
	// or a half-made one.
	_, _ = adminDB.Exec("DROP DATABASE IF EXISTS " + making + " WITH (FORCE)")
	return name, err
}

// madeByAnother says whether renaming to the template's name failed because
// another test process made it first: "already exists" (42P04) when its
// rename had committed, or the catalog's unique index (23505) when both
// renamed at the same moment, as two packages of one `go test` run on a new
// cluster do.
func madeByAnother(err error) bool {
	pgErr, ok := errors.AsType[*pgconn.PgError](err)
	return ok && (pgErr.Code == "42P04" || pgErr.Code == "23505")
}
