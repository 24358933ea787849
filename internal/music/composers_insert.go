package music

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/composer"
	"github.com/cantica/cantica/internal/db"
)

// insertComposer adds a composer of the given name to a choir and returns
// its id; when the choir has one of that very name (a save running at the
// same moment made it), that one's id. Its canonical name, the one the
// library sorts by, is the surname: the part before a comma ("Bach, J. S.")
// or else the last word.
func (s *Service) insertComposer(ctx context.Context, tx *db.Tx, choirID, name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	canonical := surname(name)
	now := s.now()
	if _, err := tx.ExecContext(ctx, `INSERT INTO composers (id, choir_id, name, name_key, canonical_name, aliases, search_text,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, '[]', ?, ?, ?) ON CONFLICT (choir_id, name_key) DO NOTHING`,
		uuid.NewString(), choirID, name, nameKey(name), canonical, composer.Normalise(name)+" "+composer.Normalise(canonical), now, now); err != nil {
		return "", fmt.Errorf("music: add composer %q to %s: %w", name, choirID, err)
	}
	var id string
	if err := tx.QueryRowContext(ctx, `SELECT id FROM composers WHERE choir_id = ? AND name_key = ?`, choirID, nameKey(name)).Scan(&id); err != nil {
		return "", fmt.Errorf("music: read back composer %q of %s: %w", name, choirID, err)
	}
	return id, nil
}

func surname(name string) string {
	if before, _, ok := strings.Cut(name, ","); ok && strings.TrimSpace(before) != "" {
		return strings.TrimSpace(before)
	}
	words := strings.Fields(name)
	if len(words) == 0 {
		return name
	}
	return words[len(words)-1]
}
