package music

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// Tag is a label a choir puts on pieces, with how many pieces carry it.
type Tag struct {
	ID         string
	Name       string
	Color      string
	MusicCount int
}

// DefaultTagColor is the colour of a tag made without one (calendar
// document §7).
const DefaultTagColor = "#3b82f6"

const (
	MsgTagNameRequired = "Tag name is required"
	MsgTagNameTooLong  = "Tag name is too long"
	MsgTagColor        = "Please choose a colour as #rrggbb, for example #3b82f6."
	MsgTagNotFound     = "Tag not found."
	msgTagExists       = `A tag named "%s" already exists in this choir.`

	// TagNameMax bounds a tag's name in characters.
	TagNameMax = 50
)

var tagColorPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// catalogName tidies a typed name: surrounding spaces dropped, runs of
// spaces made one.
func catalogName(name string) string {
	return strings.Join(strings.Fields(name), " ")
}

// catalogKey is a tidied name as compared for uniqueness (the migration's
// name_key): without regard to case, the same on both databases.
func catalogKey(name string) string {
	return strings.ToLower(name)
}

func checkTag(name string, color *string) (string, string, error) {
	name = catalogName(name)
	var f apperr.Fields
	switch {
	case name == "":
		f.Add("name", MsgTagNameRequired)
	case utf8.RuneCountInString(name) > TagNameMax:
		f.Add("name", MsgTagNameTooLong)
	}
	c := ""
	if color != nil {
		c = strings.ToLower(strings.TrimSpace(*color))
		if !tagColorPattern.MatchString(c) {
			f.Add("color", MsgTagColor)
		}
	}
	return name, c, f.Err()
}

// nameTaken is the refusal of a name a choir has already given to a
// tag or composer (calendar document §5).
func nameTaken(format, name string) error {
	msg := fmt.Sprintf(format, name)
	e := apperr.New(apperr.Conflict, apperr.CodeDuplicateName, msg)
	e.Details = map[string]string{"name": msg} // for the form's name field
	return e
}

func tagNotFound() error {
	return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgTagNotFound)
}

// Tags lists a choir's tags by name.
func (s *Service) Tags(ctx context.Context, choirID string) ([]Tag, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT t.id, t.name, t.color,
		(SELECT COUNT(*) FROM music_tags mt WHERE mt.tag_id = t.id)
		FROM tags t WHERE t.choir_id = ? ORDER BY t.name_key, t.name`, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: list the tags of %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Tag, error) {
		var t Tag
		err := row.Scan(&t.ID, &t.Name, &t.Color, &t.MusicCount)
		return t, err
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the tags of %s: %w", choirID, err)
	}
	return out, nil
}

// CreateTag adds a tag; without a colour it gets DefaultTagColor.
func (s *Service) CreateTag(ctx context.Context, choirID, name string, color *string) (*Tag, error) {
	name, c, err := checkTag(name, color)
	if err != nil {
		return nil, err
	}
	if c == "" {
		c = DefaultTagColor
	}
	t := &Tag{ID: uuid.NewString(), Name: name, Color: c}
	now := s.now()
	// The unique key decides a clash, so two people adding the same name at
	// once get one tag and one refusal.
	_, err = s.db.ExecContext(ctx, `INSERT INTO tags (id, choir_id, name, name_key, color, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, t.ID, choirID, name, catalogKey(name), c, now, now)
	if db.IsUniqueViolation(err) {
		return nil, nameTaken(msgTagExists, name)
	}
	if err != nil {
		return nil, fmt.Errorf("music: create tag %q in %s: %w", name, choirID, err)
	}
	return t, nil
}

// UpdateTag renames or recolours a tag; a nil colour keeps the one it has.
func (s *Service) UpdateTag(ctx context.Context, choirID, id, name string, color *string) (*Tag, error) {
	name, c, err := checkTag(name, color)
	if err != nil {
		return nil, err
	}
	t := &Tag{ID: id, Name: name}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE tags SET name = ?, name_key = ?, color = CASE WHEN ? = '' THEN color ELSE ? END,
			updated_at = ? WHERE id = ? AND choir_id = ?`, name, catalogKey(name), c, c, s.now(), id, choirID)
		if err != nil {
			return fmt.Errorf("music: update tag %s of %s: %w", id, choirID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return tagNotFound()
		}
		if err := tx.QueryRowContext(ctx, `SELECT color, (SELECT COUNT(*) FROM music_tags WHERE tag_id = ?) FROM tags WHERE id = ?`,
			id, id).Scan(&t.Color, &t.MusicCount); err != nil {
			return fmt.Errorf("music: read tag %s: %w", id, err)
		}
		return nil
	})
	if db.IsUniqueViolation(err) {
		return nil, nameTaken(msgTagExists, name)
	}
	if err != nil {
		return nil, err
	}
	return t, nil
}

// DeleteTag removes a tag's links to pieces, then the tag (calendar
// document §7), in one transaction.
func (s *Service) DeleteTag(ctx context.Context, choirID, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var found string
		err := tx.QueryRowContext(ctx, `SELECT id FROM tags WHERE id = ? AND choir_id = ?`, id, choirID).Scan(&found)
		if errors.Is(err, sql.ErrNoRows) {
			return tagNotFound()
		}
		if err != nil {
			return fmt.Errorf("music: find tag %s of %s: %w", id, choirID, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM music_tags WHERE tag_id = ? AND choir_id = ?`, id, choirID); err != nil {
			return fmt.Errorf("music: remove the links of tag %s: %w", id, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM tags WHERE id = ? AND choir_id = ?`, id, choirID); err != nil {
			return fmt.Errorf("music: delete tag %s: %w", id, err)
		}
		return nil
	})
}
