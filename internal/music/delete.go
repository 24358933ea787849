package music

import (
	"context"
	"fmt"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// Delete removes a piece (calendar document §4): its files from the store
// first, then in one transaction its tag links, practice rows and markers,
// attachment rows and the piece itself, with the choir's storage total.
//
// What this guarantees, whatever fails part-way:
//   - No attachment row is left pointing at a file the delete removed: when a
//     file's delete fails, the rows of the files already deleted are removed
//     (with their bytes) before the error is returned, so the piece stays with
//     exactly the attachments whose files are still there, and deleting it
//     again goes on from there (deleting a missing file is not an error).
//   - No file without a row survives CleanOrphanFiles: a file whose row goes
//     while the file stays (a crash between the two, an upload that lands as
//     the piece goes) has no row, and the clean-up job deletes it.
//
// The tag links go in the final transaction rather than first, so that a
// piece whose files could not be deleted keeps its tags.
func (s *Service) Delete(ctx context.Context, choirID, musicID string) error {
	if err := pieceExists(ctx, s.db, choirID, musicID, ""); err != nil {
		return err
	}
	atts, err := s.Attachments(ctx, choirID, musicID)
	if err != nil {
		return apperr.Failed(apperr.CodeDeleteFailed, MsgDeleteFailed, fmt.Errorf("music: Failed to fetch attachments: %w", err))
	}
	for i, a := range atts {
		if err := s.files.Delete(ctx, a.Key); err != nil {
			cause := fmt.Errorf("music: Failed to delete attachment files: piece %s, %s: %w", musicID, a.Key, err)
			if err := s.dropAttachmentRows(ctx, choirID, atts[:i]); err != nil {
				cause = fmt.Errorf("%w; and then Failed to delete attachment records: %w", cause, err)
			}
			return apperr.Failed(apperr.CodeDeleteFailed, MsgDeleteFailed, cause)
		}
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := pieceExists(ctx, tx, choirID, musicID, tx.ForUpdate()); err != nil {
			return err // deleted meanwhile by someone else
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM music_tags WHERE music_id = ?`, musicID); err != nil {
			return fmt.Errorf("music: Failed to delete tag associations: piece %s: %w", musicID, err)
		}
		// The piece's practice goes with it (issue 16): it has no meaning
		// without the piece.
		if _, err := tx.ExecContext(ctx, `DELETE FROM practice_markers WHERE music_id = ?`, musicID); err != nil {
			return fmt.Errorf("music: delete practice markers: piece %s: %w", musicID, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM practice_sessions WHERE music_id = ?`, musicID); err != nil {
			return fmt.Errorf("music: delete practice sessions: piece %s: %w", musicID, err)
		}
		// Attachments added since the files were deleted go too: their
		// files, left without a row, are the clean-up job's.
		var bytes int64
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(size_bytes), 0) FROM music_attachments WHERE music_id = ?`,
			musicID).Scan(&bytes); err != nil {
			return fmt.Errorf("music: Failed to fetch attachments: piece %s: %w", musicID, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM music_attachments WHERE music_id = ?`, musicID); err != nil {
			return fmt.Errorf("music: Failed to delete attachment records: piece %s: %w", musicID, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM music WHERE id = ?`, musicID); err != nil {
			return fmt.Errorf("music: Failed to delete music: piece %s: %w", musicID, err)
		}
		return addStorage(ctx, tx, choirID, -bytes)
	})
	if _, refused := apperr.As(err); err != nil && !refused {
		return apperr.Failed(apperr.CodeDeleteFailed, MsgDeleteFailed, err)
	}
	if err != nil {
		return err
	}
	s.logger.Info("music deleted", "event", "music_deleted", "choir_id", choirID, "music_id", musicID, "files", len(atts))
	return nil
}

// dropAttachmentRows removes the rows (and bytes) of attachments whose
// files are gone.
func (s *Service) dropAttachmentRows(ctx context.Context, choirID string, atts []Attachment) error {
	if len(atts) == 0 {
		return nil
	}
	return s.db.InTx(context.WithoutCancel(ctx), func(tx *db.Tx) error {
		for _, a := range atts {
			res, err := tx.ExecContext(ctx, `DELETE FROM music_attachments WHERE id = ? AND url = ?`, a.ID, a.Key)
			if err != nil {
				return fmt.Errorf("music: delete attachment %s: %w", a.ID, err)
			}
			// A row replaced meanwhile points at a new file: it stays.
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("music: delete attachment %s: %w", a.ID, err)
			} else if n == 1 {
				if err := addStorage(ctx, tx, choirID, -a.SizeBytes); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// DeleteFailure is one piece a bulk delete could not delete, and why.
type DeleteFailure struct {
	ID      string
	Message string
}

// DeleteResult says which pieces a bulk delete deleted and which it did not.
type DeleteResult struct {
	Done   []string
	Failed []DeleteFailure
}

// BulkDelete deletes pieces one by one (calendar document §4); one that
// fails does not stop the others.
func (s *Service) BulkDelete(ctx context.Context, choirID string, ids []string) (DeleteResult, error) {
	res := DeleteResult{Done: []string{}, Failed: []DeleteFailure{}}
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if err := ctx.Err(); err != nil {
			return res, err
		}
		err := s.Delete(ctx, choirID, id)
		if err == nil {
			res.Done = append(res.Done, id)
			continue
		}
		e, ok := apperr.As(err)
		if !ok {
			return res, err
		}
		if e.Kind == apperr.Internal {
			s.logger.Error("bulk delete: a piece failed", "choir_id", choirID, "music_id", id, "err", e.Cause)
		}
		res.Failed = append(res.Failed, DeleteFailure{ID: id, Message: e.Message})
	}
	return res, nil
}
