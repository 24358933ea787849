package music

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// An import on SQLite writes in steps, each its own transaction, and
// records in the same transaction what the step made: a row of
// music_import_writes per step, keyed to the import's lease holder. Its
// last step gives back the lease and deletes those rows, so a finished
// import is never undone. An import that does not finish is undone from
// them: at once when a step fails, or, when its server stopped (killed,
// power lost), once its lease has expired: by the choir's next import or
// preview before it reads the library, or by RecoverImports, which the
// server runs at start and every ImportLease. Each step renews the lease,
// and a step that finds it expired or taken writes nothing, so an import
// undone as stopped never writes again, even should its server only have
// hung. On PostgreSQL an import is one transaction and has no journal.

// renewLease keeps the import's lease for another ImportLease, as a step
// starts; a lease lost refuses the step.
func (w *importWrite) renewLease(ctx context.Context, tx *db.Tx) error {
	now := w.s.now()
	res, err := tx.ExecContext(ctx, `UPDATE music_import_leases SET expires_at = ? WHERE choir_id = ? AND holder = ? AND expires_at > ?`,
		now.Add(ImportLease), w.choirID, w.holder, now)
	return leaseKept(res, err, w.choirID)
}

// finish gives back the import's lease and forgets its journal, in the
// transaction of its last step; a lease lost refuses the step.
func (w *importWrite) finish(ctx context.Context, tx *db.Tx) error {
	res, err := tx.ExecContext(ctx, `DELETE FROM music_import_leases WHERE choir_id = ? AND holder = ? AND expires_at > ?`,
		w.choirID, w.holder, w.s.now())
	if err := leaseKept(res, err, w.choirID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM music_import_writes WHERE choir_id = ? AND holder = ?`, w.choirID, w.holder); err != nil {
		return fmt.Errorf("music: forget the journal of the import into %s: %w", w.choirID, err)
	}
	return nil
}

func leaseKept(res sql.Result, err error, choirID string) error {
	if err != nil {
		return fmt.Errorf("music: keep the import lease of %s: %w", choirID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("music: keep the import lease of %s: %w", choirID, err)
	} else if n == 0 {
		return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgImportStopped)
	}
	return nil
}

// journal records the rows a step made, in the step's transaction.
func (w *importWrite) journal(ctx context.Context, tx *db.Tx, step int, m madeRows) error {
	if len(m.ids) == 0 {
		return nil
	}
	ids, err := json.Marshal(m.ids)
	if err != nil {
		return fmt.Errorf("music: encode step %d of the import into %s: %w", step, w.choirID, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO music_import_writes (choir_id, holder, step, table_name, ids) VALUES (?, ?, ?, ?, ?)`,
		w.choirID, w.holder, step, m.table, string(ids)); err != nil {
		return fmt.Errorf("music: record step %d of the import into %s: %w", step, w.choirID, err)
	}
	return nil
}

// RecoverImports undoes the imports whose servers stopped part-way: those
// with a journal whose lease has expired or is gone. A running import's
// lease is live, so it is never touched. It says how many it undid.
func (s *Service) RecoverImports(ctx context.Context) (int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT w.choir_id, w.holder FROM music_import_writes w
		WHERE NOT EXISTS (SELECT 1 FROM music_import_leases l WHERE l.choir_id = w.choir_id AND l.holder = w.holder AND l.expires_at > ?)`,
		s.now())
	if err != nil {
		return 0, fmt.Errorf("music: look for imports that stopped: %w", err)
	}
	stopped, err := db.All(rows, func(row db.Scanner) ([2]string, error) {
		var ch [2]string
		return ch, row.Scan(&ch[0], &ch[1])
	})
	if err != nil {
		return 0, fmt.Errorf("music: look for imports that stopped: %w", err)
	}
	for i, ch := range stopped {
		if err := s.undoImport(ctx, ch[0], ch[1]); err != nil {
			return i, err
		}
	}
	return len(stopped), nil
}

// undoImportsOf undoes the choir's imports other than holder's, which
// holds the choir's lease: they lost theirs.
func (s *Service) undoImportsOf(ctx context.Context, choirID, holder string) error {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT holder FROM music_import_writes WHERE choir_id = ? AND holder <> ?`, choirID, holder)
	if err != nil {
		return fmt.Errorf("music: look for stopped imports into %s: %w", choirID, err)
	}
	stopped, err := db.All(rows, func(row db.Scanner) (string, error) {
		var h string
		return h, row.Scan(&h)
	})
	if err != nil {
		return fmt.Errorf("music: look for stopped imports into %s: %w", choirID, err)
	}
	for _, h := range stopped {
		if err := s.undoImport(ctx, choirID, h); err != nil {
			return err
		}
	}
	return nil
}

// undoImport deletes what an import had written, from its journal, a step
// at a time and last step first (the pieces before the names and
// composers they name), each step's rows in one transaction with its
// journal row: stopped part-way, it goes on from there next time.
func (s *Service) undoImport(ctx context.Context, choirID, holder string) error {
	rows, err := s.db.QueryContext(ctx, `SELECT step, table_name, ids FROM music_import_writes WHERE choir_id = ? AND holder = ?
		ORDER BY step DESC`, choirID, holder)
	if err != nil {
		return fmt.Errorf("music: read the journal of an import into %s: %w", choirID, err)
	}
	steps, err := db.All(rows, func(row db.Scanner) (journalStep, error) {
		var e journalStep
		var ids string
		if err := row.Scan(&e.step, &e.table, &ids); err != nil {
			return e, err
		}
		return e, json.Unmarshal([]byte(ids), &e.ids)
	})
	if err != nil {
		return fmt.Errorf("music: read the journal of an import into %s: %w", choirID, err)
	}
	for _, e := range steps {
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			res, err := tx.ExecContext(ctx, `DELETE FROM music_import_writes WHERE choir_id = ? AND holder = ? AND step = ?`,
				choirID, holder, e.step)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				return err // undone meanwhile by another
			}
			return dropImported(ctx, tx, choirID, e.table, e.ids)
		})
		if err != nil {
			return fmt.Errorf("music: undo step %d of an import into %s: %w", e.step, choirID, err)
		}
	}
	if len(steps) > 0 {
		s.logger.Warn("unfinished music import undone", "event", "music_import_undone", "choir_id", choirID, "steps", len(steps))
	}
	return nil
}

// journalStep is what a step of an import made.
type journalStep struct {
	step  int
	table string
	ids   []string
}

// dropImported deletes rows an import made. Its pieces go as a delete
// would take them (their tags, voicings and liturgy with them; a plan's
// slot stays, empty), with what others added in the seconds they showed:
// practice, and attachment rows with their bytes (the files, left without
// a row, are CleanOrphanFiles'). A name or composer stays when a piece
// outside the import has taken it up since.
func dropImported(ctx context.Context, tx *db.Tx, choirID, table string, ids []string) error {
	in := ` IN (` + db.Placeholders(len(ids)) + `)`
	a := args([]any{choirID}, ids)
	var deletes []string
	switch table {
	case "music":
		var bytes int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(size_bytes), 0) FROM music_attachments WHERE choir_id = ? AND music_id`+in,
			a...).Scan(&bytes); err != nil {
			return err
		}
		if err := addStorage(ctx, tx, choirID, -bytes); err != nil {
			return err
		}
		deletes = []string{
			`DELETE FROM practice_markers WHERE choir_id = ? AND music_id` + in,
			`DELETE FROM practice_sessions WHERE choir_id = ? AND music_id` + in,
			`DELETE FROM music_attachments WHERE choir_id = ? AND music_id` + in,
			`DELETE FROM music WHERE choir_id = ? AND id` + in,
		}
	case "composers":
		deletes = []string{`DELETE FROM composers WHERE choir_id = ? AND id` + in +
			` AND NOT EXISTS (SELECT 1 FROM music m WHERE m.composer_id = composers.id)`}
	case "tags":
		deletes = []string{`DELETE FROM tags WHERE choir_id = ? AND id` + in +
			` AND NOT EXISTS (SELECT 1 FROM music_tags mt WHERE mt.tag_id = tags.id)`}
	case "music_types", "music_categories":
		// No index leads from a type or category to its pieces: the
		// choir's pieces are read once.
		column := map[string]string{"music_types": "type_id", "music_categories": "category_id"}[table]
		a = append(a, choirID)
		deletes = []string{`DELETE FROM ` + table + ` WHERE choir_id = ? AND id` + in +
			` AND id NOT IN (SELECT ` + column + ` FROM music WHERE choir_id = ? AND ` + column + ` IS NOT NULL)`}
	default:
		return fmt.Errorf("an import's journal names table %q", table)
	}
	for _, q := range deletes {
		if _, err := tx.ExecContext(ctx, q, a...); err != nil {
			return err
		}
	}
	return nil
}
