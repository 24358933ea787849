package music

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/cantica/cantica/internal/composer"
	"github.com/cantica/cantica/internal/db"
)

// candidates reads a choir's composers for matching.
func candidates(ctx context.Context, q db.Querier, choirID string) ([]composer.Candidate, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, name, canonical_name, aliases FROM composers WHERE choir_id = ? ORDER BY name_key, id`, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: list the composers of %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (composer.Candidate, error) {
		var c composer.Candidate
		var aliases string
		if err := row.Scan(&c.ID, &c.Name, &c.CanonicalName, &aliases); err != nil {
			return c, err
		}
		return c, json.Unmarshal([]byte(aliases), &c.Aliases)
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the composers of %s: %w", choirID, err)
	}
	return out, nil
}

// settleComposer decides which composer record a save names (§9): the one
// the person chose; else, unless they said it is a new one, the choir's
// composer that best matches the text at 0.7 or more; else a new composer
// made of the text. It returns the id ("" for no composer) and the key the
// library sorts the piece by composer.
func (s *Service) settleComposer(ctx context.Context, tx *db.Tx, choirID string, in *Input) (string, string, error) {
	if in.ComposerID != "" {
		var name, canonical string
		if err := tx.QueryRowContext(ctx, `SELECT name, canonical_name FROM composers WHERE id = ?`, in.ComposerID).Scan(&name, &canonical); err != nil {
			return "", "", fmt.Errorf("music: read composer %s: %w", in.ComposerID, err)
		}
		if in.Composer == "" {
			in.Composer = name
		}
		return in.ComposerID, composerKey(canonical, in.Composer), nil
	}
	if in.Composer == "" {
		return "", "", nil
	}
	if !in.NewComposer {
		cs, err := candidates(ctx, tx, choirID)
		if err != nil {
			return "", "", err
		}
		if c, ok := composer.Reuse(in.Composer, cs); ok {
			return c.ID, composerKey(c.CanonicalName, in.Composer), nil
		}
	}
	id, err := s.insertComposer(ctx, tx, choirID, in.Composer)
	return id, composerKey(surname(in.Composer), in.Composer), err
}

// composerKey sorts by the composer's canonical (short) name, then by the
// name as written, so that "J. S. Bach" and "Bach, Johann Sebastian" sit
// together.
func composerKey(canonical, written string) string {
	return fold(canonical + " " + written)
}
