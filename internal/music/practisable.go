package music

import (
	"context"
	"fmt"

	"github.com/cantica/cantica/internal/db"
)

// Practisable says which of a choir's pieces have something to practise
// with: a score or a recording. ids are few (a plan's pieces); other
// choirs' pieces are never practisable.
func (s *Service) Practisable(ctx context.Context, choirID string, ids []string) (map[string]bool, error) {
	ids = cleanIDs(ids)
	if len(ids) == 0 {
		return map[string]bool{}, nil
	}
	return idSet(ctx, s.db, fmt.Sprintf("the practisable pieces among %d of %s", len(ids), choirID),
		`SELECT DISTINCT music_id FROM music_attachments
		WHERE choir_id = ? AND type IN (?, ?, ?) AND music_id IN (`+db.Placeholders(len(ids))+`)`,
		args([]any{choirID, TypeScore, TypeAudioFull, TypeAudioPart}, ids))
}
