package music

import (
	"context"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/db/dbtest"
)

// TestMigrationGivesCanonicalNamesTheirGivenNames: composers made from a
// piece's text before migration 12 had the surname alone as canonical name;
// afterwards they have the name with the surname first, and composers a
// person described (years, period, aliases) keep what they were given.
func TestMigrationGivesCanonicalNamesTheirGivenNames(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.OpenEmpty(t, kind)
			if err := d.MigrateTo(ctx, 11); err != nil {
				t.Fatal(err)
			}
			now := time.Now().UTC()
			if _, err := d.ExecContext(ctx, `INSERT INTO choirs (id, name, country_code, religious_affiliation_id, calendar_type, time_zone, created_at, updated_at)
				VALUES ('c', 'Schola', 'GB', '00000000-0000-4000-8000-000000000101', 'general_roman_ordinary', 'Europe/London', ?, ?)`, now, now); err != nil {
				t.Fatal(err)
			}
			rows := []struct {
				name, canonical, period, aliases, want string
			}{
				{"Joseph Haydn", "Haydn", "", "[]", "Haydn, Joseph"},
				{"Johann Sebastian Bach", "Bach", "", "[]", "Bach, Johann Sebastian"},
				{"Tarik O'Regan", "O'Regan", "", "[]", "O'Regan, Tarik"},
				{"Antonín Dvořák", "Dvořák", "", "[]", "Dvořák, Antonín"},
				{"Joseph Haydn (famous)", "Haydn", "Classical", `["Franz Joseph Haydn"]`, "Haydn"},
				{"Bach", "Bach", "", "[]", "Bach"},
				{"Bach J.S.", "J.S.", "", "[]", "J.S."},
				{"Mozart WA", "WA", "", "[]", "WA"},
				{"Johann Strauss II", "II", "", "[]", "II"},
				{"Johann Strauss Jr", "Jr", "", "[]", "Jr"},
				{"Bach, Johann Sebastian", "Bach", "", "[]", "Bach"},
				{"Elaine Hagenberg", "Hagenberg, E.", "", "[]", "Hagenberg, E."},
				{"Eric Whitacre", "Whitacre", "", `["E. Whitacre"]`, "Whitacre"},
			}
			for _, r := range rows {
				if _, err := d.ExecContext(ctx, `INSERT INTO composers (id, choir_id, name, name_key, canonical_name, aliases, period, created_at, updated_at)
					VALUES (?, 'c', ?, ?, ?, ?, ?, ?, ?)`, r.name, r.name, nameKey(r.name), r.canonical, r.aliases, r.period, now, now); err != nil {
					t.Fatal(err)
				}
			}
			if err := d.MigrateTo(ctx, 12); err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				var got string
				if err := d.QueryRowContext(ctx, `SELECT canonical_name FROM composers WHERE id = ?`, r.name).Scan(&got); err != nil {
					t.Fatal(err)
				}
				if got != r.want {
					t.Errorf("%q (%q): canonical name %q, want %q", r.name, r.canonical, got, r.want)
				}
			}
		})
	}
}
