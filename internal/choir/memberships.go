package choir

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// Membership is a user's place in a choir.
type Membership struct {
	Choir      Choir
	Role       access.Role
	IsActive   bool
	Status     string
	JoinedDate time.Time
}

// Memberships lists a user's active memberships, newest first. An inactive
// membership grants nothing, so it is not shown either.
func (s *Service) Memberships(ctx context.Context, userID string) ([]Membership, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+choirColumns+`, m.role, m.is_active, m.status, m.joined_date`+choirFrom+`
		JOIN user_choir_membership m ON m.choir_id = c.id
		WHERE m.user_id = ? AND m.is_active = TRUE AND m.status = 'active' ORDER BY m.joined_date DESC, c.name`, userID)
	if err != nil {
		return nil, fmt.Errorf("choir: list the memberships of %s: %w", userID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Membership, error) {
		var m Membership
		var plan sql.NullString
		var role string
		c := &m.Choir
		if err := row.Scan(&c.ID, &c.Name, &c.City, &c.Postcode, &c.CountryCode, &c.Country, &c.AffiliationID,
			&c.CalendarType, &c.TimeZone, &plan, &c.CreatedAt, &c.UpdatedAt, &c.CalendarVersion, &role, &m.IsActive, &m.Status, &m.JoinedDate); err != nil {
			return m, err
		}
		if plan.Valid {
			c.Plan = &plan.String
		}
		m.Role = access.Role(role)
		return m, nil
	})
	if err != nil {
		return nil, fmt.Errorf("choir: read the memberships of %s: %w", userID, err)
	}
	return out, nil
}

// Standing reads what a user is in a choir, for access decisions.
func (s *Service) Standing(ctx context.Context, userID string, globalAdmin bool, choirID string) (access.Standing, error) {
	var role sql.NullString
	var active sql.NullBool
	err := s.db.QueryRowContext(ctx, `SELECT `+StandingColumns+` FROM choirs c`+StandingJoin+` WHERE c.id = ?`,
		userID, choirID).Scan(&role, &active)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return access.Standing{}, fmt.Errorf("choir: read the standing of %s in %s: %w", userID, choirID, err)
	}
	return StandingOf(globalAdmin, role, active), nil
}

// StandingColumns and StandingJoin let a query that reads a choir (as c)
// read a user's standing in it in the same statement; the join takes the
// user's id as its one argument. StandingOf makes the columns a Standing.
const (
	StandingColumns = `m.role, m.is_active`
	StandingJoin    = ` LEFT JOIN user_choir_membership m ON m.choir_id = c.id AND m.user_id = ?` + activeMembership
	// StandingJoinOfUser is StandingJoin for the user u of the same query
	// (one that checks a session, auth.Along), taking no argument.
	StandingJoinOfUser = ` LEFT JOIN user_choir_membership m ON m.choir_id = c.id AND m.user_id = u.id` + activeMembership
	activeMembership   = ` AND m.status = 'active'`
)

// StandingOf is the standing the StandingColumns describe.
func StandingOf(globalAdmin bool, role sql.NullString, active sql.NullBool) access.Standing {
	return access.Standing{GlobalAdmin: globalAdmin, Member: role.Valid, Active: active.Bool, Role: access.Role(role.String)}
}

// MsgNoChoirGlobalOnly refuses working in no choir to anyone but a global admin.
const MsgNoChoirGlobalOnly = "Only a global administrator may work without a choir."

// SetActive remembers the choir a user works in (last_accessed_choir_id).
// Only an active membership qualifies, except for a global admin, who may
// pick any choir or none (Global Admin Mode).
func (s *Service) SetActive(ctx context.Context, userID string, globalAdmin bool, choirID *string) error {
	if choirID == nil && !access.Platform(globalAdmin).Allows(access.AdminGlobal) {
		return apperr.New(apperr.Forbidden, apperr.CodePermission, MsgNoChoirGlobalOnly)
	}
	if choirID != nil {
		st, err := s.Standing(ctx, userID, globalAdmin, *choirID)
		if err != nil {
			return err
		}
		if st.Effective() == "" {
			return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgChoirNotFound)
		}
		if _, err := s.Get(ctx, *choirID); err != nil {
			return err
		}
	}
	return SetLastAccessed(ctx, s.db, userID, choirID)
}

// AddMember gives a user an active membership of a choir, for
// administrators' commands; a second membership of one choir is refused.
func (s *Service) AddMember(ctx context.Context, userID, choirID string, role access.Role, now time.Time) error {
	err := AddMembership(ctx, s.db, userID, choirID, role, now.UTC())
	if db.IsUniqueViolation(err) {
		return apperr.New(apperr.Conflict, apperr.CodeAlreadyMember, "This account is already a member of the choir.")
	}
	return err
}
