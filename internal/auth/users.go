package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/db"
)

// User is a person who can sign in, with their profile.
type User struct {
	ID                 string
	Email              string
	PasswordHash       string // empty: signs in through a provider only
	EmailConfirmed     bool
	FirstName          string
	LastName           string
	PhoneNumber        *string
	IsGlobalAdmin      bool
	LastAccessedChoir  *string
	EmailDigestEnabled bool
	SharePhone         bool
	MFAEnabled         bool
}

// HasPassword says whether the user can sign in with a password.
func (u *User) HasPassword() bool { return u.PasswordHash != "" }

var errNoUser = errors.New("no such user")

const userColumns = `u.id, u.email, COALESCE(u.password_hash, ''), u.email_confirmed_at IS NOT NULL,
	p.first_name, p.last_name, p.phone_number, p.is_global_admin, p.last_accessed_choir_id, p.email_digest_enabled, p.share_phone,
	EXISTS (SELECT 1 FROM totp_factors f WHERE f.user_id = u.id AND f.enabled_at IS NOT NULL)`

const userFrom = ` FROM users u JOIN user_profile p ON p.id = u.id `

// scanUser reads the userColumns of a row, and into extra whatever the
// query selects after them.
func scanUser(row db.Scanner, extra ...any) (*User, error) {
	var u User
	var phone, lastChoir sql.NullString
	err := row.Scan(append([]any{&u.ID, &u.Email, &u.PasswordHash, &u.EmailConfirmed,
		&u.FirstName, &u.LastName, &phone, &u.IsGlobalAdmin, &lastChoir, &u.EmailDigestEnabled, &u.SharePhone, &u.MFAEnabled}, extra...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoUser
	}
	if err != nil {
		return nil, err
	}
	if phone.Valid {
		u.PhoneNumber = &phone.String
	}
	if lastChoir.Valid {
		u.LastAccessedChoir = &lastChoir.String
	}
	return &u, nil
}

func userByEmail(ctx context.Context, q db.Querier, email string) (*User, error) {
	u, err := scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+userFrom+`WHERE u.email = ?`, email))
	if err != nil && !errors.Is(err, errNoUser) {
		return nil, fmt.Errorf("auth: read a user by address: %w", err)
	}
	return u, err
}

func userByID(ctx context.Context, q db.Querier, id string) (*User, error) {
	u, err := scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+userFrom+`WHERE u.id = ?`, id))
	if err != nil && !errors.Is(err, errNoUser) {
		return nil, fmt.Errorf("auth: read user %s: %w", id, err)
	}
	return u, err
}

// newUser is what registration and social sign-up insert.
type newUser struct {
	ID           string
	Email        string
	PasswordHash string // empty for provider-only accounts
	Confirmed    bool
	FirstName    string
	LastName     string
	Phone        *string
}

func insertUser(ctx context.Context, tx *db.Tx, u newUser, now time.Time) error {
	var hash any
	if u.PasswordHash != "" {
		hash = u.PasswordHash
	}
	var confirmed any
	if u.Confirmed {
		confirmed = now
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO users (id, email, password_hash, email_confirmed_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
		u.ID, u.Email, hash, confirmed, now, now); err != nil {
		return fmt.Errorf("auth: insert user %s: %w", u.ID, err)
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO user_profile (id, first_name, last_name, phone_number, updated_at) VALUES (?, ?, ?, ?, ?)`,
		u.ID, u.FirstName, u.LastName, u.Phone, now); err != nil {
		return fmt.Errorf("auth: insert the profile of %s: %w", u.ID, err)
	}
	return nil
}

// identityProviders lists the providers an account is connected to.
func identityProviders(ctx context.Context, q db.Querier, userID string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT provider FROM identities WHERE user_id = ? ORDER BY created_at`, userID)
	if err != nil {
		return nil, fmt.Errorf("auth: list the providers of %s: %w", userID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (string, error) {
		var p string
		err := row.Scan(&p)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("auth: read the providers of %s: %w", userID, err)
	}
	return out, nil
}
