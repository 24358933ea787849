package db

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/database"

	"github.com/cantica/cantica/internal/config"
)

//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrations embed.FS

// MigrationsFS returns the migration folder for a database kind.
func MigrationsFS(kind string) (fs.FS, error) {
	return fs.Sub(migrations, "migrations/"+kind)
}

// Migrate brings the schema up to the newest version. Running it again does
// nothing.
func (d *DB) Migrate(ctx context.Context) error {
	p, err := d.migrator()
	if err != nil {
		return fmt.Errorf("migrate %s database: %w", d.Kind, err)
	}
	results, err := p.Up(ctx)
	for _, r := range results {
		slog.Debug("migration applied", "version", r.Source.Version, "file", r.Source.Path, "duration", r.Duration)
	}
	if err != nil {
		return fmt.Errorf("migrate %s database: %w", d.Kind, err)
	}
	return nil
}

// MigrateTo brings the schema up to a version and no further, for tests of
// what a later migration does to existing rows.
func (d *DB) MigrateTo(ctx context.Context, version int64) error {
	p, err := d.migrator()
	if err != nil {
		return fmt.Errorf("migrate %s database to %d: %w", d.Kind, version, err)
	}
	if _, err := p.UpTo(ctx, version); err != nil {
		return fmt.Errorf("migrate %s database to %d: %w", d.Kind, version, err)
	}
	return nil
}

// SchemaVersion reports the applied migration version.
func (d *DB) SchemaVersion(ctx context.Context) (int64, error) {
	p, err := d.migrator()
	if err != nil {
		return 0, fmt.Errorf("read the %s schema version: %w", d.Kind, err)
	}
	v, err := p.GetDBVersion(ctx)
	if err != nil {
		return 0, fmt.Errorf("read the %s schema version: %w", d.Kind, err)
	}
	return v, nil
}

func (d *DB) migrator() (*goose.Provider, error) {
	dir, err := MigrationsFS(d.Kind)
	if err != nil {
		return nil, fmt.Errorf("the %s migrations: %w", d.Kind, err)
	}
	dialect := database.DialectSQLite3
	if d.Kind == config.Postgres {
		dialect = database.DialectPostgres
	}
	return goose.NewProvider(dialect, d.write, dir)
}
