package choir

import (
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/sheet"
)

// Member is a person in a choir's roster.
type Member struct {
	UserID     string
	FirstName  string
	LastName   string
	Email      string
	Phone      *string
	SharePhone bool // the member lets fellow members see the phone number
	Role       access.Role
	IsActive   bool
	JoinedDate time.Time
	VoiceParts []VoicePart
}

const (
	MsgMemberNotFound = "Member not found."
	MsgLastAdmin      = "A choir needs at least one active administrator. Make another member an administrator first."
	MsgRoleInvalid    = "Please choose a role: choir_admin, member or guest."
)

func memberNotFound() error {
	return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgMemberNotFound)
}

const memberSelect = `SELECT m.user_id, p.first_name, p.last_name, u.email, p.phone_number, p.share_phone,
	m.role, m.is_active, m.joined_date
	FROM user_choir_membership m JOIN users u ON u.id = m.user_id JOIN user_profile p ON p.id = m.user_id
	WHERE m.choir_id = ? AND m.status = 'active'`

// Members lists a choir's roster by last name, with each member's voice
// parts; inactive members only when asked for.
func (s *Service) Members(ctx context.Context, choirID string, includeInactive bool) ([]Member, error) {
	query := memberSelect
	if !includeInactive {
		query += ` AND m.is_active = TRUE`
	}
	rows, err := s.db.QueryContext(ctx, query+` ORDER BY lower(p.last_name), lower(p.first_name), u.email`, choirID)
	if err != nil {
		return nil, fmt.Errorf("choir: list the members of %s: %w", choirID, err)
	}
	out, err := db.All(rows, scanMember)
	if err != nil {
		return nil, fmt.Errorf("choir: read the members of %s: %w", choirID, err)
	}
	index := make(map[string]int, len(out))
	for i, m := range out {
		index[m.UserID] = i
	}
	parts, err := s.sungParts(ctx, choirID, "")
	if err != nil {
		return nil, err
	}
	for userID, vs := range parts {
		if i, ok := index[userID]; ok {
			out[i].VoiceParts = vs
		}
	}
	return out, nil
}

// sungParts reads who sings which of a choir's parts, in the choir's
// order: of every member, or of one when userID is given.
func (s *Service) sungParts(ctx context.Context, choirID, userID string) (map[string][]VoicePart, error) {
	query := `SELECT mm.user_id, r.id, r.name, r.sort_order
		FROM member_musical_roles mm JOIN musical_roles r ON r.id = mm.musical_role_id WHERE mm.choir_id = ?`
	args := []any{choirID}
	if userID != "" {
		query += ` AND mm.user_id = ?`
		args = append(args, userID)
	}
	rows, err := s.db.QueryContext(ctx, query+` ORDER BY r.sort_order, r.name`, args...)
	if err != nil {
		return nil, fmt.Errorf("choir: list the voice parts sung in %s: %w", choirID, err)
	}
	out := map[string][]VoicePart{}
	err = db.Each(rows, func(row db.Scanner) error {
		var user string
		var v VoicePart
		if err := row.Scan(&user, &v.ID, &v.Name, &v.SortOrder); err != nil {
			return err
		}
		out[user] = append(out[user], v)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("choir: read the voice parts sung in %s: %w", choirID, err)
	}
	return out, nil
}

func scanMember(row db.Scanner) (Member, error) {
	var m Member
	var phone sql.NullString
	var role string
	if err := row.Scan(&m.UserID, &m.FirstName, &m.LastName, &m.Email, &phone, &m.SharePhone,
		&role, &m.IsActive, &m.JoinedDate); err != nil {
		return m, err
	}
	if phone.Valid {
		m.Phone = &phone.String
	}
	m.Role = access.Role(role)
	m.VoiceParts = []VoicePart{}
	return m, nil
}

// Member reads one member of a choir, with their voice parts.
func (s *Service) Member(ctx context.Context, choirID, userID string) (*Member, error) {
	m, err := scanMember(s.db.QueryRowContext(ctx, memberSelect+` AND m.user_id = ?`, choirID, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, memberNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("choir: read member %s of %s: %w", userID, choirID, err)
	}
	parts, err := s.sungParts(ctx, choirID, userID)
	if err != nil {
		return nil, err
	}
	if vs, ok := parts[userID]; ok {
		m.VoiceParts = vs
	}
	return &m, nil
}

// MemberChange is what an administrator changes about a member; nil leaves
// a field alone.
type MemberChange struct {
	Role     *string
	IsActive *bool
}

// UpdateMember changes a member's role or activity. A choir always keeps
// at least one active administrator.
func (s *Service) UpdateMember(ctx context.Context, choirID, userID string, in MemberChange) (*Member, error) {
	if in.Role != nil && !access.ValidMembershipRole(*in.Role) {
		return nil, apperr.Validation(map[string]string{"role": MsgRoleInvalid}, "role")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		role, active, err := lockMembership(ctx, tx, choirID, userID)
		if err != nil {
			return err
		}
		newRole, newActive := role, active
		if in.Role != nil {
			newRole = access.Role(*in.Role)
		}
		if in.IsActive != nil {
			newActive = *in.IsActive
		}
		// Taken back, a member takes a seat of the plan again.
		if !active && newActive {
			if err := s.billing.ReserveSeats(ctx, tx, choirID, 1); err != nil {
				return err
			}
		}
		if role == access.ChoirAdmin && active && (newRole != access.ChoirAdmin || !newActive) {
			if err := requireAnotherAdmin(ctx, tx, choirID, userID); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE user_choir_membership SET role = ?, is_active = ? WHERE choir_id = ? AND user_id = ?`,
			string(newRole), newActive, choirID, userID); err != nil {
			return fmt.Errorf("choir: change member %s of %s: %w", userID, choirID, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.logger.Info("member changed", "event", "member_changed", "choir_id", choirID, "user_id", userID)
	return s.Member(ctx, choirID, userID)
}

// RemoveMember takes a person out of a choir, with their voice parts; not
// the last active administrator.
func (s *Service) RemoveMember(ctx context.Context, choirID, userID string) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		role, active, err := lockMembership(ctx, tx, choirID, userID)
		if err != nil {
			return err
		}
		if role == access.ChoirAdmin && active {
			if err := requireAnotherAdmin(ctx, tx, choirID, userID); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM user_choir_membership WHERE choir_id = ? AND user_id = ?`, choirID, userID); err != nil {
			return fmt.Errorf("choir: remove member %s of %s: %w", userID, choirID, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE user_profile SET last_accessed_choir_id = NULL WHERE id = ? AND last_accessed_choir_id = ?`,
			userID, choirID); err != nil {
			return fmt.Errorf("choir: forget that %s last worked in %s: %w", userID, choirID, err)
		}
		return nil
	})
	if err == nil {
		s.logger.Info("member removed", "event", "member_removed", "choir_id", choirID, "user_id", userID)
	}
	return err
}

// lockMembership reads a membership after locking the choir's row, so that
// two administrators changing roles at once cannot both remove the last
// other administrator.
func lockMembership(ctx context.Context, tx *db.Tx, choirID, userID string) (access.Role, bool, error) {
	var id string
	if err := tx.QueryRowContext(ctx, `SELECT id FROM choirs WHERE id = ?`+tx.ForUpdate(), choirID).Scan(&id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return "", false, memberNotFound()
		}
		return "", false, fmt.Errorf("choir: lock choir %s: %w", choirID, err)
	}
	var role string
	var active bool
	err := tx.QueryRowContext(ctx, `SELECT role, is_active FROM user_choir_membership WHERE choir_id = ? AND user_id = ?`,
		choirID, userID).Scan(&role, &active)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, memberNotFound()
	}
	if err != nil {
		return "", false, fmt.Errorf("choir: read the membership of %s in %s: %w", userID, choirID, err)
	}
	return access.Role(role), active, nil
}

func requireAnotherAdmin(ctx context.Context, tx *db.Tx, choirID, userID string) error {
	var others int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_choir_membership
		WHERE choir_id = ? AND user_id <> ? AND role = 'choir_admin' AND is_active = TRUE AND status = 'active'`,
		choirID, userID).Scan(&others); err != nil {
		return fmt.Errorf("choir: count the other administrators of %s: %w", choirID, err)
	}
	if others == 0 {
		return apperr.New(apperr.Conflict, apperr.CodeLastAdmin, MsgLastAdmin)
	}
	return nil
}

// RoleLabel is how a role is named to people.
func RoleLabel(r access.Role) string {
	switch r {
	case access.ChoirAdmin:
		return "Choir Administrator"
	case access.Member:
		return "Member"
	case access.Guest:
		return "Guest"
	case access.GlobalAdmin:
		return "Global Administrator"
	}
	return string(r)
}

// WriteRosterCSV writes the roster as CSV with a header row. Cells that a
// spreadsheet would run as a formula are prefixed with an apostrophe.
func WriteRosterCSV(w io.Writer, members []Member) error {
	out := csv.NewWriter(w)
	if err := out.Write([]string{"First name", "Last name", "Email", "Phone", "Role", "Voice parts", "Status", "Joined"}); err != nil {
		return fmt.Errorf("choir: write the roster's header: %w", err)
	}
	for _, m := range members {
		phone := ""
		if m.Phone != nil {
			phone = *m.Phone
		}
		parts := make([]string, len(m.VoiceParts))
		for i, v := range m.VoiceParts {
			parts[i] = v.Name
		}
		status := "Active"
		if !m.IsActive {
			status = "Inactive"
		}
		row := []string{m.FirstName, m.LastName, m.Email, phone, RoleLabel(m.Role), strings.Join(parts, ", "), status,
			m.JoinedDate.UTC().Format(time.DateOnly)}
		for i, cell := range row {
			row[i] = sheet.Guard(cell)
		}
		if err := out.Write(row); err != nil {
			return fmt.Errorf("choir: write member %s to the roster: %w", m.UserID, err)
		}
	}
	out.Flush()
	if err := out.Error(); err != nil {
		return fmt.Errorf("choir: write the roster: %w", err)
	}
	return nil
}
