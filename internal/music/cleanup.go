package music

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/blob"
	"github.com/cantica/cantica/internal/db"
)

// OrphanGrace is how old a file without a row must be before the clean-up
// job deletes it: an upload is written before its row, so a younger file may
// be one whose row is about to be.
const OrphanGrace = time.Hour

// orphanBatch is how many keys are looked up in one query.
const orphanBatch = 200

// CleanOrphanFiles deletes stored files that no attachment row names and
// that were last written before cutoff (wall-clock time, as the store
// reports it), then the local store's empty folders, and says how many
// files it deleted. Such files are left by a crash
// between a file and its row, a failed delete, or an upload that landed as
// its piece was deleted.
func (s *Service) CleanOrphanFiles(ctx context.Context, cutoff time.Time) (int, error) {
	deleted := 0
	var batch []string
	flush := func() error {
		orphans, err := s.unknownKeys(ctx, batch)
		batch = batch[:0]
		if err != nil {
			return err
		}
		for _, key := range orphans {
			if err := s.files.Delete(ctx, key); err != nil {
				return fmt.Errorf("music: delete orphan file %s: %w", key, err)
			}
			deleted++
			s.logger.Info("orphan file deleted", "event", "orphan_file_deleted", "key", key)
		}
		return nil
	}
	err := s.files.Walk(ctx, "", func(info blob.Info) error {
		if !info.ModTime.Before(cutoff) || strings.HasPrefix(info.Key, blob.ExportPrefix) {
			return nil
		}
		batch = append(batch, info.Key)
		if len(batch) == orphanBatch {
			return flush()
		}
		return nil
	})
	if err == nil && len(batch) > 0 {
		err = flush()
	}
	if err != nil {
		return deleted, fmt.Errorf("music: clean orphan files: %w", err)
	}
	// A store of folders (the local one) removes those left empty: deletes
	// remove theirs, but earlier versions and crashes left some.
	if f, ok := s.files.(interface{ RemoveEmptyFolders(context.Context) error }); ok {
		if err := f.RemoveEmptyFolders(ctx); err != nil {
			return deleted, fmt.Errorf("music: clean orphan files: %w", err)
		}
	}
	return deleted, nil
}

// unknownKeys is the keys no attachment row names.
func (s *Service) unknownKeys(ctx context.Context, keys []string) ([]string, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	args := make([]any, len(keys))
	for i, k := range keys {
		args[i] = k
	}
	rows, err := s.db.QueryContext(ctx, `SELECT url FROM music_attachments WHERE url IN (`+db.Placeholders(len(keys))+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("look up %d stored files: %w", len(keys), err)
	}
	known := map[string]bool{}
	urls, err := db.All(rows, func(row db.Scanner) (string, error) {
		var u string
		return u, row.Scan(&u)
	})
	if err != nil {
		return nil, fmt.Errorf("read the stored files' rows: %w", err)
	}
	for _, u := range urls {
		known[u] = true
	}
	var out []string
	for _, k := range keys {
		if !known[k] {
			out = append(out, k)
		}
	}
	return out, nil
}
