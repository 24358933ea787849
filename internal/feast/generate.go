package feast

import (
	"context"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
)

// EnsureYears computes the civil years of a range that a calendar type
// lacks; years outside what the rules cover are skipped. Years once
// computed stay computed (feast_years rows are never removed), so each
// process remembers the ones it has seen and asks the database only about
// the others.
func (s *Service) EnsureYears(ctx context.Context, key string, from, to int) error {
	from, to = max(from, liturgy.MinYear), min(to, liturgy.MaxYear)
	if from > to || s.YearsKnown(key, from, to) {
		return nil
	}
	done := map[int]bool{}
	rows, err := s.db.QueryContext(ctx, `SELECT year FROM feast_years WHERE calendar_type = ? AND year >= ? AND year <= ?`, key, from, to)
	if err != nil {
		return fmt.Errorf("feast: read the computed years of %s: %w", key, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var y int
		if err := row.Scan(&y); err != nil {
			return err
		}
		done[y] = true
		return nil
	})
	if err != nil {
		return fmt.Errorf("feast: read the computed years of %s: %w", key, err)
	}
	for y := from; y <= to; y++ {
		if !done[y] {
			if _, err := s.generateYear(ctx, key, y); err != nil {
				return err
			}
		}
		s.years.Store(yearKey{key, y}, true)
	}
	return nil
}

type yearKey struct {
	calendarType string
	year         int
}

// YearsKnown says whether this process has seen every year of a range
// computed (years outside what the rules cover count as computed).
func (s *Service) YearsKnown(key string, from, to int) bool {
	for y := max(from, liturgy.MinYear); y <= min(to, liturgy.MaxYear); y++ {
		if _, ok := s.years.Load(yearKey{key, y}); !ok {
			return false
		}
	}
	return true
}

// Generate computes a range of years again from the rules; imported
// instances and corrected names and ranks stay as they are.
func (s *Service) Generate(ctx context.Context, key string, from, to int) (years, instances int, err error) {
	if _, err := s.calendarType(ctx, key, true); err != nil {
		return 0, 0, err
	}
	if from < liturgy.MinYear || to > liturgy.MaxYear || from > to || to-from+1 > MaxGenerateYears {
		msg := fmt.Sprintf(msgYears, liturgy.MinYear, liturgy.MaxYear, MaxGenerateYears)
		return 0, 0, apperr.Validation(map[string]string{"fromYear": msg}, "fromYear")
	}
	for y := from; y <= to; y++ {
		n, err := s.generateYear(ctx, key, y)
		if err != nil {
			return years, instances, err
		}
		years, instances = years+1, instances+n
	}
	s.logger.Info("feasts generated", "event", "feasts_generated", "calendar_type", key, "from", from, "to", to, "instances", instances)
	return years, instances, nil
}

type masterRow struct {
	id              string
	name, rank, typ string
	edited          bool
}

// generateYear replaces the computed instances of one civil year with the
// rules' answer, in one transaction, and returns how many it wrote.
func (s *Service) generateYear(ctx context.Context, key string, year int) (int, error) {
	days, err := liturgy.Compute(key, year)
	if err != nil {
		return 0, fmt.Errorf("feast: compute the feasts of %s in %d: %w", key, year, err)
	}
	now := s.now()
	written := 0
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		// One computation of a calendar at a time: two requests that both
		// find a year missing (the first plans of a new choir, made at once)
		// would otherwise write the same rows in different orders and
		// deadlock on PostgreSQL.
		var held string
		if err := tx.QueryRowContext(ctx, `SELECT key FROM calendar_types WHERE key = ?`+tx.ForUpdate(), key).Scan(&held); err != nil {
			return fmt.Errorf("feast: hold calendar type %s: %w", key, err)
		}
		masters, err := loadMasters(ctx, tx, key)
		if err != nil {
			return err
		}
		imported, err := importedYears(ctx, tx, key, year)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM feast_instances WHERE source = ? AND imported = FALSE
			AND calendar_date >= ? AND calendar_date <= ?`, key, fmt.Sprintf("%04d-01-01", year), fmt.Sprintf("%04d-12-31", year)); err != nil {
			return fmt.Errorf("feast: clear the computed feasts of %s in %d: %w", key, year, err)
		}
		for _, d := range days {
			m, err := ensureMaster(ctx, tx, masters, key, d, now)
			if err != nil {
				return err
			}
			ly, err := liturgy.LiturgicalYear(key, d.Date)
			if err != nil {
				return fmt.Errorf("feast: the liturgical year of %s in %s: %w", d.Date, key, err)
			}
			if imported[m.id+fmt.Sprint(ly)] {
				continue // an imported instance speaks for this feast and year
			}
			res, err := tx.ExecContext(ctx, `INSERT INTO feast_instances
				(id, master_feast_id, calendar_date, liturgical_year, active, source, transferred, imported)
				VALUES (?, ?, ?, ?, TRUE, ?, ?, FALSE) ON CONFLICT (master_feast_id, calendar_date) DO NOTHING`,
				newID(), m.id, d.Date.String(), ly, key, d.Transferred)
			if err != nil {
				return fmt.Errorf("feast: insert %s on %s in %s: %w", d.FeastKey, d.Date, key, err)
			}
			if n, _ := res.RowsAffected(); n > 0 {
				written++
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO feast_years (calendar_type, year, generated_at) VALUES (?, ?, ?)
			ON CONFLICT (calendar_type, year) DO UPDATE SET generated_at = excluded.generated_at`, key, year, now); err != nil {
			return fmt.Errorf("feast: note %d computed for %s: %w", year, key, err)
		}
		return bumpVersion(ctx, tx)
	})
	if err != nil {
		return 0, err
	}
	s.cache.clear()
	return written, nil
}

func loadMasters(ctx context.Context, q db.Querier, key string) (map[string]*masterRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, feast_key, default_name, rank, type, edited FROM master_feasts WHERE calendar_type = ?`, key)
	if err != nil {
		return nil, fmt.Errorf("feast: list the master feasts of %s: %w", key, err)
	}
	out := map[string]*masterRow{}
	err = db.Each(rows, func(row db.Scanner) error {
		var m masterRow
		var feastKey string
		if err := row.Scan(&m.id, &feastKey, &m.name, &m.rank, &m.typ, &m.edited); err != nil {
			return err
		}
		out[feastKey] = &m
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("feast: read the master feasts of %s: %w", key, err)
	}
	return out, nil
}

// importedYears lists, as master id + liturgical year, the imported
// instances that a civil year's computed days could collide with.
func importedYears(ctx context.Context, tx *db.Tx, key string, year int) (map[string]bool, error) {
	rows, err := tx.QueryContext(ctx, `SELECT master_feast_id, liturgical_year FROM feast_instances
		WHERE source = ? AND imported = TRUE AND liturgical_year >= ? AND liturgical_year <= ?`, key, year-1, year+1)
	if err != nil {
		return nil, fmt.Errorf("feast: list the imported feasts of %s around %d: %w", key, year, err)
	}
	out := map[string]bool{}
	err = db.Each(rows, func(row db.Scanner) error {
		var id string
		var ly int
		if err := row.Scan(&id, &ly); err != nil {
			return err
		}
		out[id+fmt.Sprint(ly)] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("feast: read the imported feasts of %s around %d: %w", key, year, err)
	}
	return out, nil
}

// ensureMaster finds or makes the master feast of a computed day; one
// not corrected by hand follows the rules' name, rank and type.
func ensureMaster(ctx context.Context, tx *db.Tx, masters map[string]*masterRow, key string, d liturgy.Day, now time.Time) (*masterRow, error) {
	if m, ok := masters[d.FeastKey]; ok {
		if !m.edited && (m.name != d.Name || m.rank != d.Rank || m.typ != d.Type) {
			if _, err := tx.ExecContext(ctx, `UPDATE master_feasts SET default_name = ?, rank = ?, type = ?, updated_at = ? WHERE id = ?`,
				d.Name, d.Rank, d.Type, now, m.id); err != nil {
				return nil, fmt.Errorf("feast: update master feast %s of %s: %w", d.FeastKey, key, err)
			}
			m.name, m.rank, m.typ = d.Name, d.Rank, d.Type
		}
		return m, nil
	}
	m := &masterRow{id: newID(), name: d.Name, rank: d.Rank, typ: d.Type}
	if _, err := tx.ExecContext(ctx, `INSERT INTO master_feasts (id, calendar_type, feast_key, default_name, rank, type, active, edited, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, TRUE, FALSE, ?, ?) ON CONFLICT (calendar_type, feast_key) DO NOTHING`,
		m.id, key, d.FeastKey, d.Name, d.Rank, d.Type, now, now); err != nil {
		return nil, fmt.Errorf("feast: insert master feast %s of %s: %w", d.FeastKey, key, err)
	}
	// A concurrent generation may have made it first: read back the one that stands.
	if err := tx.QueryRowContext(ctx, `SELECT id, edited FROM master_feasts WHERE calendar_type = ? AND feast_key = ?`, key, d.FeastKey).
		Scan(&m.id, &m.edited); err != nil {
		return nil, fmt.Errorf("feast: read master feast %s of %s back: %w", d.FeastKey, key, err)
	}
	masters[d.FeastKey] = m
	return m, nil
}
