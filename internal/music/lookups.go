package music

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// Named is a choir's music type or category.
type Named struct {
	ID   string
	Name string
}

// Voicing is a scoring (SATB, SSA, …): a built-in one every choir sees, or
// one of a choir's own.
type Voicing struct {
	ID               string
	Name             string
	NumDistinctParts int
	BuiltIn          bool
}

const (
	MsgNameRequired  = "Name is required"
	MsgNameTooLong   = "Name is too long"
	MsgPartsRange    = "The number of distinct parts must be between 1 and 16."
	NameMax          = 100
	maxDistinctParts = 16
)

// The two kinds of lookup a piece names by id, each in its own table.
var (
	kindType     = lookup{table: "music_types", what: "type", word: "music type"}
	kindCategory = lookup{table: "music_categories", what: "category", word: "music category"}
)

type lookup struct{ table, what, word string }

func checkName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	var f apperr.Fields
	switch {
	case name == "":
		f.Add("name", MsgNameRequired)
	case utf8.RuneCountInString(name) > NameMax:
		f.Add("name", MsgNameTooLong)
	}
	return name, f.Err()
}

// duplicateName is the 409 for a name the choir already uses, shown under
// the form's name field.
func duplicateName(word, name string) error {
	msg := fmt.Sprintf("A %s named %q already exists in this choir.", word, name)
	e := apperr.New(apperr.Conflict, apperr.CodeDuplicateName, msg)
	e.Details = map[string]string{"name": msg}
	return e
}

// Types lists a choir's music types by name.
func (s *Service) Types(ctx context.Context, choirID string) ([]Named, error) {
	return s.listNamed(ctx, kindType, choirID)
}

// Categories lists a choir's music categories by name.
func (s *Service) Categories(ctx context.Context, choirID string) ([]Named, error) {
	return s.listNamed(ctx, kindCategory, choirID)
}

// AddType adds a music type to a choir.
func (s *Service) AddType(ctx context.Context, choirID, name string) (*Named, error) {
	return s.addNamed(ctx, kindType, choirID, name)
}

// AddCategory adds a music category to a choir.
func (s *Service) AddCategory(ctx context.Context, choirID, name string) (*Named, error) {
	return s.addNamed(ctx, kindCategory, choirID, name)
}

func (s *Service) listNamed(ctx context.Context, k lookup, choirID string) ([]Named, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name FROM `+k.table+` WHERE choir_id = ? ORDER BY name_key, id`, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: list the %s of %s: %w", k.table, choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Named, error) {
		var n Named
		err := row.Scan(&n.ID, &n.Name)
		return n, err
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the %s of %s: %w", k.table, choirID, err)
	}
	return out, nil
}

func (s *Service) addNamed(ctx context.Context, k lookup, choirID, name string) (*Named, error) {
	name, err := checkName(name)
	if err != nil {
		return nil, err
	}
	n := &Named{ID: uuid.NewString(), Name: name}
	_, err = s.db.ExecContext(ctx, `INSERT INTO `+k.table+` (id, choir_id, name, name_key, created_at) VALUES (?, ?, ?, ?, ?)`,
		n.ID, choirID, name, nameKey(name), s.now())
	if db.IsUniqueViolation(err) {
		return nil, duplicateName(k.word, name)
	}
	if err != nil {
		return nil, fmt.Errorf("music: add %s %q to %s: %w", k.what, name, choirID, err)
	}
	return n, nil
}

// nameKey is a name as compared for uniqueness within a choir (the
// migration's name_key): trimmed, spaces collapsed, lower case.
func nameKey(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}

// Voicings lists the built-in voicings and the choir's own, by name.
func (s *Service) Voicings(ctx context.Context, choirID string) ([]Voicing, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, num_distinct_parts, choir_id IS NULL FROM voicings
		WHERE choir_id IS NULL OR choir_id = ? ORDER BY name_key, id`, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: list the voicings of %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Voicing, error) {
		var v Voicing
		err := row.Scan(&v.ID, &v.Name, &v.NumDistinctParts, &v.BuiltIn)
		return v, err
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the voicings of %s: %w", choirID, err)
	}
	return out, nil
}

// AddVoicing adds a voicing of the choir's own. A name the built-in list
// has counts as taken, so that a choir never sees two SATBs.
func (s *Service) AddVoicing(ctx context.Context, choirID, name string, parts int) (*Voicing, error) {
	name, err := checkName(name)
	if err != nil {
		return nil, err
	}
	if parts < 1 || parts > maxDistinctParts {
		return nil, apperr.Validation(map[string]string{"numDistinctParts": MsgPartsRange}, "numDistinctParts")
	}
	v := &Voicing{ID: uuid.NewString(), Name: name, NumDistinctParts: parts}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM voicings WHERE name_key = ? AND (choir_id IS NULL OR choir_id = ?)`,
			nameKey(name), choirID).Scan(&n); err != nil {
			return fmt.Errorf("music: look for voicing %q in %s: %w", name, choirID, err)
		}
		if n > 0 {
			return duplicateName("voicing", name)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO voicings (id, choir_id, name, name_key, num_distinct_parts, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, v.ID, choirID, name, nameKey(name), parts, s.now()); err != nil {
			return fmt.Errorf("music: add voicing %q to %s: %w", name, choirID, err)
		}
		return nil
	})
	if db.IsUniqueViolation(err) {
		return nil, duplicateName("voicing", name)
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}
