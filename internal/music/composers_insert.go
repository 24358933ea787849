package music

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/composer"
	"github.com/cantica/cantica/internal/db"
)

// composerFromText is the composer a piece's composer text makes when it
// names none of the choir's (§9): the famous composer the text names, with
// the list's canonical name, aliases, years, period and nationality, as the
// form promises ("Johann Sebastian Bach (Baroque, 1685–1750)"); else the
// text as typed, its canonical name the surname first (composer.
// CanonicalName), keeping the given names that tell one Bach from another.
// A famous composer the choir holds already by that name is not the one
// meant (the person said it is someone else): the text as typed then.
// famous is the famous composer the text names, nil for none
// (composer.LookupFamous).
func composerFromText(text string, famous *composer.Famous, held func(nameKey string) bool) ComposerInput {
	if famous != nil && !held(catalogKey(famous.Name)) {
		return famousInput(*famous)
	}
	text = catalogName(text)
	return ComposerInput{Name: text, CanonicalName: composer.CanonicalName(text), Aliases: []string{}}
}

// composerTextTooLong refuses a composer text too long to make a
// composer of.
func composerTextTooLong() error {
	return apperr.Validation(map[string]string{"composer": MsgComposerNameTooLong}, "composer")
}

// insertComposer adds the composer a piece's text makes (composerFromText)
// to a choir and returns its id; when the choir has one of that very name
// (a save running at the same moment made it), that one's id.
func (s *Service) insertComposer(ctx context.Context, tx *db.Tx, choirID, text string) (string, error) {
	if utf8.RuneCountInString(catalogName(text)) > ComposerNameMax {
		return "", composerTextTooLong()
	}
	var failed error
	held := func(key string) bool {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM composers WHERE choir_id = ? AND name_key = ?`, choirID, key).Scan(&n); err != nil {
			failed = fmt.Errorf("music: look for composer %q in %s: %w", key, choirID, err)
		}
		return n > 0
	}
	var famous *composer.Famous
	if f, _, ok := composer.LookupFamous(text); ok {
		famous = &f
	}
	in := composerFromText(text, famous, held)
	if failed != nil {
		return "", failed
	}
	aliases, err := json.Marshal(in.Aliases)
	if err != nil {
		return "", fmt.Errorf("music: encode the aliases of %q: %w", in.Name, err)
	}
	now := s.now()
	if _, err := tx.ExecContext(ctx, `INSERT INTO composers (id, choir_id, name, name_key, canonical_name, aliases, search_text,
		birth_year, death_year, period, nationality, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (choir_id, name_key) DO NOTHING`,
		uuid.NewString(), choirID, in.Name, catalogKey(in.Name), in.CanonicalName, string(aliases), composerSearchText(in),
		in.BirthYear, in.DeathYear, in.Period, in.Nationality, now, now); err != nil {
		return "", fmt.Errorf("music: add composer %q to %s: %w", in.Name, choirID, err)
	}
	var id string
	if err := tx.QueryRowContext(ctx, `SELECT id FROM composers WHERE choir_id = ? AND name_key = ?`, choirID, catalogKey(in.Name)).Scan(&id); err != nil {
		return "", fmt.Errorf("music: read back composer %q of %s: %w", in.Name, choirID, err)
	}
	return id, nil
}
