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

// settled is the composer record a save names: its id ("" for none), the
// key the library sorts the piece by composer, and the record's search text
// (its normalised name and aliases), so that searching "Tchaikovsky" finds a
// piece whose score says "Chaikovsky".
type settled struct {
	ID, Key, Search string
}

// settleComposer decides which composer record a save names (§9): the one
// the person chose; else, unless they said it is a new one, the choir's
// composer that best matches the text at 0.7 or more; else a new composer
// made of the text.
func (s *Service) settleComposer(ctx context.Context, tx *db.Tx, choirID string, in *Input) (settled, error) {
	id := in.ComposerID
	if id == "" {
		if in.Composer == "" {
			return settled{}, nil
		}
		if !in.NewComposer {
			cs, err := candidates(ctx, tx, choirID)
			if err != nil {
				return settled{}, err
			}
			if c, ok := composer.Reuse(in.Composer, cs); ok {
				id = c.ID
			}
		}
		if id == "" {
			var err error
			if id, err = s.insertComposer(ctx, tx, choirID, in.Composer); err != nil {
				return settled{}, err
			}
		}
	}
	var name, canonical, search string
	if err := tx.QueryRowContext(ctx, `SELECT name, canonical_name, search_text FROM composers WHERE id = ?`, id).Scan(&name, &canonical, &search); err != nil {
		return settled{}, fmt.Errorf("music: read composer %s: %w", id, err)
	}
	if in.Composer == "" {
		in.Composer = name
	}
	return settled{ID: id, Key: composerKey(canonical, in.Composer), Search: search}, nil
}

// composerKey sorts by the composer's canonical (short) name, then by the
// name as written, so that "J. S. Bach" and "Bach, Johann Sebastian" sit
// together.
func composerKey(canonical, written string) string {
	return fold(canonical + " " + written)
}

// refreshComposerPieces recomputes the search text and composer sort key of
// the pieces that name a composer, inside the transaction that changed the
// composer's name, canonical name or aliases, so that the list finds and
// sorts them by what the record now says.
func refreshComposerPieces(ctx context.Context, tx *db.Tx, composerID string) error {
	var c settled
	if err := tx.QueryRowContext(ctx, `SELECT id, canonical_name, search_text FROM composers WHERE id = ?`, composerID).
		Scan(&c.ID, &c.Key, &c.Search); err != nil {
		return fmt.Errorf("music: read composer %s: %w", composerID, err)
	}
	canonical := c.Key
	rows, err := tx.QueryContext(ctx, `SELECT id, title, subtitle, composer, arranger, COALESCE(number, '') FROM music WHERE composer_id = ?`, composerID)
	if err != nil {
		return fmt.Errorf("music: list the pieces of composer %s: %w", composerID, err)
	}
	type piece struct {
		id string
		f  Fields
	}
	pieces, err := db.All(rows, func(row db.Scanner) (piece, error) {
		var p piece
		err := row.Scan(&p.id, &p.f.Title, &p.f.Subtitle, &p.f.Composer, &p.f.Arranger, &p.f.Number)
		return p, err
	})
	if err != nil {
		return fmt.Errorf("music: read the pieces of composer %s: %w", composerID, err)
	}
	for _, p := range pieces {
		c.Key = composerKey(canonical, p.f.Composer)
		if _, err := tx.ExecContext(ctx, `UPDATE music SET search_text = ?, composer_key = ? WHERE id = ?`,
			searchText(&p.f, c), c.Key, p.id); err != nil {
			return fmt.Errorf("music: refresh piece %s of composer %s: %w", p.id, composerID, err)
		}
	}
	return nil
}
