package music

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/cantica/cantica/internal/db"
)

// What planning needs of the music table, in planning's own transaction so
// that a plan and the last used dates it implies change together.

// Owned answers which of ids are pieces of the choir (archived ones too).
func Owned(ctx context.Context, q db.Querier, choirID string, ids []string) (map[string]bool, error) {
	ids = cleanIDs(ids)
	if len(ids) == 0 {
		return map[string]bool{}, nil
	}
	return idSet(ctx, q, fmt.Sprintf("%d pieces of %s", len(ids), choirID),
		`SELECT id FROM music WHERE choir_id = ? AND id IN (`+db.Placeholders(len(ids))+`)`,
		args([]any{choirID}, ids))
}

// idSet gathers the ids a query answers, one per row, as a set; what names
// them in an error.
func idSet(ctx context.Context, q db.Querier, what, query string, params []any) (map[string]bool, error) {
	rows, err := q.QueryContext(ctx, query, params...)
	if err != nil {
		return nil, fmt.Errorf("music: find %s: %w", what, err)
	}
	out := map[string]bool{}
	err = db.Each(rows, func(row db.Scanner) error {
		var id string
		err := row.Scan(&id)
		out[id] = true
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("music: read %s: %w", what, err)
	}
	return out, nil
}

// SetLastUsed records the last used date (YYYY-MM-DD) of pieces of a choir,
// by piece id (calendar §7).
func SetLastUsed(ctx context.Context, q db.Querier, choirID string, dates map[string]string) error {
	// In the order of their ids, so that two plans saved at once that share
	// pieces wait for each other rather than deadlock.
	for _, id := range slices.Sorted(maps.Keys(dates)) {
		date := dates[id]
		if _, err := q.ExecContext(ctx, `UPDATE music SET last_used_date = ? WHERE choir_id = ? AND id = ?`, date, choirID, id); err != nil {
			return fmt.Errorf("music: set the last used date of piece %s: %w", id, err)
		}
	}
	return nil
}

// LockPieces holds pieces of a choir until the transaction ends, in the
// order of their ids, so that a plan's transaction reads when the pieces
// were last planned only after any other plan's change to them is done
// (else the earlier reading could be written last).
func LockPieces(ctx context.Context, tx *db.Tx, choirID string, ids []string) error {
	ids = cleanIDs(ids)
	if len(ids) == 0 {
		return nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT id FROM music WHERE choir_id = ? AND id IN (`+db.Placeholders(len(ids))+`) ORDER BY id`+tx.ForUpdate(),
		args([]any{choirID}, ids)...)
	if err != nil {
		return fmt.Errorf("music: hold %d pieces of %s: %w", len(ids), choirID, err)
	}
	if err := db.Each(rows, func(db.Scanner) error { return nil }); err != nil {
		return fmt.Errorf("music: hold %d pieces of %s: %w", len(ids), choirID, err)
	}
	return nil
}
