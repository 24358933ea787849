package music

import (
	"context"
	"fmt"
	"slices"

	"github.com/cantica/cantica/internal/db"
)

// Practisable says which of a choir's pieces have something to practise
// with: a score or a recording. ids are few (a plan's pieces); other
// choirs' pieces are never practisable.
func (s *Service) Practisable(ctx context.Context, choirID string, ids []string) (map[string]bool, error) {
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	out := make(map[string]bool, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT music_id FROM music_attachments
		WHERE choir_id = ? AND type IN (?, ?, ?) AND music_id IN (`+db.Placeholders(len(ids))+`)`,
		args([]any{choirID, TypeScore, TypeAudioFull, TypeAudioPart}, ids)...)
	if err != nil {
		return nil, fmt.Errorf("music: find the practisable pieces among %d of %s: %w", len(ids), choirID, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var id string
		err := row.Scan(&id)
		out[id] = true
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the practisable pieces among %d of %s: %w", len(ids), choirID, err)
	}
	return out, nil
}
