package choir

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// VoicePart is one of a choir's musical roles (Soprano, Alto, …), in the
// choir's own order.
type VoicePart struct {
	ID        string
	Name      string
	SortOrder int
}

// DefaultVoiceParts are the parts every new choir starts with.
var DefaultVoiceParts = []string{"Soprano", "Alto", "Tenor", "Bass"}

const (
	MsgVoicePartRequired = "Voice part name is required"
	MsgVoicePartTooLong  = "Voice part name is too long"
	MsgVoicePartExists   = "A voice part with this name already exists"
	MsgVoicePartNotFound = "Voice part not found."
	MsgVoicePartUnknown  = "Please choose voice parts of this choir."
	MsgVoicePartOrder    = "The order must list every voice part exactly once."

	VoicePartNameMax = 50
)

func seedVoiceParts(ctx context.Context, tx *db.Tx, choirID string) error {
	for i, name := range DefaultVoiceParts {
		if _, err := tx.ExecContext(ctx, `INSERT INTO musical_roles (id, choir_id, name, sort_order) VALUES (?, ?, ?, ?)`,
			uuid.NewString(), choirID, name, i+1); err != nil {
			return fmt.Errorf("choir: add voice part %s to %s: %w", name, choirID, err)
		}
	}
	return nil
}

func checkVoicePartName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	var f apperr.Fields
	switch {
	case name == "":
		f.Add("name", MsgVoicePartRequired)
	case utf8.RuneCountInString(name) > VoicePartNameMax:
		f.Add("name", MsgVoicePartTooLong)
	}
	return name, f.Err()
}

func voicePartExists() error {
	e := apperr.New(apperr.Conflict, apperr.CodeVoicePartExists, MsgVoicePartExists)
	e.Details = map[string]string{"name": MsgVoicePartExists} // for the form's name field
	return e
}

func voicePartNotFound() error {
	return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgVoicePartNotFound)
}

// VoiceParts lists a choir's voice parts in order.
func (s *Service) VoiceParts(ctx context.Context, choirID string) ([]VoicePart, error) {
	return voiceParts(ctx, s.db, choirID)
}

func voiceParts(ctx context.Context, q db.Querier, choirID string) ([]VoicePart, error) {
	rows, err := q.QueryContext(ctx,
		`SELECT id, name, sort_order FROM musical_roles WHERE choir_id = ? ORDER BY sort_order, name`, choirID)
	if err != nil {
		return nil, fmt.Errorf("choir: list the voice parts of %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (VoicePart, error) {
		var v VoicePart
		err := row.Scan(&v.ID, &v.Name, &v.SortOrder)
		return v, err
	})
	if err != nil {
		return nil, fmt.Errorf("choir: read the voice parts of %s: %w", choirID, err)
	}
	return out, nil
}

// partIDs is the set of a choir's voice part ids.
func partIDs(ctx context.Context, q db.Querier, choirID string) (map[string]bool, error) {
	parts, err := voiceParts(ctx, q, choirID)
	if err != nil {
		return nil, err
	}
	ids := make(map[string]bool, len(parts))
	for _, v := range parts {
		ids[v.ID] = true
	}
	return ids, nil
}

// AddVoicePart adds a part at the end of the choir's order.
func (s *Service) AddVoicePart(ctx context.Context, choirID, name string) (*VoicePart, error) {
	name, err := checkVoicePartName(name)
	if err != nil {
		return nil, err
	}
	v := &VoicePart{ID: uuid.NewString(), Name: name}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(sort_order), 0) + 1 FROM musical_roles WHERE choir_id = ?`,
			choirID).Scan(&v.SortOrder); err != nil {
			return fmt.Errorf("choir: find the end of the voice parts of %s: %w", choirID, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO musical_roles (id, choir_id, name, sort_order) VALUES (?, ?, ?, ?)`,
			v.ID, choirID, v.Name, v.SortOrder); err != nil {
			return fmt.Errorf("choir: add voice part %s to %s: %w", v.Name, choirID, err)
		}
		return nil
	})
	if db.IsUniqueViolation(err) {
		return nil, voicePartExists()
	}
	return v, err
}

// RenameVoicePart gives a part a new name.
func (s *Service) RenameVoicePart(ctx context.Context, choirID, id, name string) (*VoicePart, error) {
	name, err := checkVoicePartName(name)
	if err != nil {
		return nil, err
	}
	v := &VoicePart{ID: id, Name: name}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE musical_roles SET name = ? WHERE id = ? AND choir_id = ?`, name, id, choirID)
		if err != nil {
			return fmt.Errorf("choir: rename voice part %s of %s: %w", id, choirID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return voicePartNotFound()
		}
		if err := tx.QueryRowContext(ctx, `SELECT sort_order FROM musical_roles WHERE id = ?`, id).Scan(&v.SortOrder); err != nil {
			return fmt.Errorf("choir: read the place of voice part %s: %w", id, err)
		}
		return nil
	})
	if db.IsUniqueViolation(err) {
		return nil, voicePartExists()
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

// ReorderVoiceParts puts the parts in the given order, which must name
// each of the choir's parts exactly once.
func (s *Service) ReorderVoiceParts(ctx context.Context, choirID string, ids []string) ([]VoicePart, error) {
	var out []VoicePart
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		known, err := partIDs(ctx, tx, choirID)
		if err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, id := range ids {
			if !known[id] || seen[id] {
				return apperr.New(apperr.Invalid, apperr.CodeValidation, MsgVoicePartOrder)
			}
			seen[id] = true
		}
		if len(seen) != len(known) {
			return apperr.New(apperr.Invalid, apperr.CodeValidation, MsgVoicePartOrder)
		}
		for i, id := range ids {
			if _, err := tx.ExecContext(ctx, `UPDATE musical_roles SET sort_order = ? WHERE id = ?`, i+1, id); err != nil {
				return fmt.Errorf("choir: move voice part %s of %s: %w", id, choirID, err)
			}
		}
		out, err = voiceParts(ctx, tx, choirID)
		return err
	})
	return out, err
}

// RemoveVoicePart deletes a part; members who sang it lose it.
func (s *Service) RemoveVoicePart(ctx context.Context, choirID, id string) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM musical_roles WHERE id = ? AND choir_id = ?`, id, choirID)
	if err != nil {
		return fmt.Errorf("choir: remove voice part %s of %s: %w", id, choirID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return voicePartNotFound()
	}
	return nil
}

// AssignVoiceParts sets the parts a member sings, replacing the old ones.
func (s *Service) AssignVoiceParts(ctx context.Context, choirID, userID string, ids []string) (*Member, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM user_choir_membership WHERE choir_id = ? AND user_id = ?`,
			choirID, userID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return memberNotFound()
		}
		if err != nil {
			return fmt.Errorf("choir: read the membership of %s in %s: %w", userID, choirID, err)
		}
		known, err := partIDs(ctx, tx, choirID)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM member_musical_roles WHERE choir_id = ? AND user_id = ?`, choirID, userID); err != nil {
			return fmt.Errorf("choir: clear the voice parts of %s in %s: %w", userID, choirID, err)
		}
		seen := map[string]bool{}
		for _, id := range ids {
			if !known[id] {
				return apperr.Validation(map[string]string{"musicalRoleIds": MsgVoicePartUnknown}, "musicalRoleIds")
			}
			if seen[id] {
				continue
			}
			seen[id] = true
			if _, err := tx.ExecContext(ctx, `INSERT INTO member_musical_roles (user_id, choir_id, musical_role_id) VALUES (?, ?, ?)`,
				userID, choirID, id); err != nil {
				return fmt.Errorf("choir: give %s voice part %s in %s: %w", userID, id, choirID, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Member(ctx, choirID, userID)
}

// ListVoiceParts lists a choir's voice parts in order, inside the caller's
// transaction or not (for the invitations, which name parts to give).
func ListVoiceParts(ctx context.Context, q db.Querier, choirID string) ([]VoicePart, error) {
	return voiceParts(ctx, q, choirID)
}

// GiveVoiceParts adds voice parts to a membership inside the caller's
// transaction: those of the choir's parts among ids that still exist (one
// removed meanwhile is passed over), each once.
func GiveVoiceParts(ctx context.Context, tx *db.Tx, userID, choirID string, ids []string) error {
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `INSERT INTO member_musical_roles (user_id, choir_id, musical_role_id)
			SELECT ?, ?, id FROM musical_roles WHERE id = ? AND choir_id = ?
			AND NOT EXISTS (SELECT 1 FROM member_musical_roles WHERE user_id = ? AND musical_role_id = ?)`,
			userID, choirID, id, choirID, userID, id); err != nil {
			return fmt.Errorf("choir: give %s voice part %s in %s: %w", userID, id, choirID, err)
		}
	}
	return nil
}
