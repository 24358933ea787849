// Package choir keeps choirs, memberships and the reference data a choir is
// described with (countries, religious affiliations, the liturgical
// calendar catalogue). It owns the tables of the choirs migration.
package choir

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/billing"
	"github.com/cantica/cantica/internal/db"
)

// Service runs the choir rules against the database.
type Service struct {
	db     *db.DB
	logger *slog.Logger
	now    func() time.Time
	// billing starts each new choir's trial (nil: billing off).
	billing *billing.Service
}

// UseBilling makes each choir created from now on start its trial.
func (s *Service) UseBilling(b *billing.Service) { s.billing = b }

// New makes the choir service.
func New(d *db.DB, logger *slog.Logger, now func() time.Time) *Service {
	return &Service{db: d, logger: logger, now: func() time.Time { return now().UTC() }}
}

// Choir is a choir with its country's name.
type Choir struct {
	ID, Name, City, Postcode string
	CountryCode, Country     string
	AffiliationID            string
	CalendarType             string
	TimeZone                 string
	Plan                     *string
	CreatedAt, UpdatedAt     time.Time
	// CalendarVersion counts the changes to the choir's events (the
	// calendar bumps it), for tags of answers built on them.
	CalendarVersion int64
}

// Messages of accounts §5 and §8.
const (
	MsgNameRequired       = "Choir name is required"
	MsgNameTooLong        = "Choir name is too long"
	MsgNameCharacters     = "Choir name can only contain letters, numbers, spaces, hyphens, and apostrophes"
	MsgCountryRequired    = "Country is required"
	MsgCountryUnknown     = "Please choose a country from the list"
	MsgAffiliationMissing = "Please complete the choir focus/type selection."
	MsgTimeZoneInvalid    = "Please choose a valid time zone"
	MsgCityTooLong        = "City is too long"
	MsgPostcodeTooLong    = "Postal code is too long"
	MsgChoirNotFound      = "Choir not found."
	MsgCreateFailed       = "An unexpected error occurred while creating your choir."

	NameMax     = 200
	CityMax     = 100
	PostcodeMax = 20
)

// checkName applies the choir name rules.
func checkName(name string) (string, string) {
	name = strings.Join(strings.Fields(name), " ")
	switch {
	case name == "":
		return name, MsgNameRequired
	case utf8.RuneCountInString(name) > NameMax:
		return name, MsgNameTooLong
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) && !strings.ContainsRune(" -'’", r) {
			return name, MsgNameCharacters
		}
	}
	return name, ""
}

// Details are the fields of a choir people fill in; nil leaves one alone on update.
type Details struct {
	Name, City, Postcode, Country, TimeZone *string
}

// apply checks the given details onto c.
func (s *Service) apply(ctx context.Context, q db.Querier, c *Choir, in Details, f *apperr.Fields) error {
	var msg string
	if in.Name != nil {
		c.Name, msg = checkName(*in.Name)
		f.Add("name", msg)
	}
	if in.City != nil {
		c.City = strings.TrimSpace(*in.City)
		if utf8.RuneCountInString(c.City) > CityMax {
			f.Add("city", MsgCityTooLong)
		}
	}
	if in.Postcode != nil {
		c.Postcode = strings.TrimSpace(*in.Postcode)
		if utf8.RuneCountInString(c.Postcode) > PostcodeMax {
			f.Add("postcode", MsgPostcodeTooLong)
		}
	}
	if in.Country != nil {
		code := strings.ToUpper(strings.TrimSpace(*in.Country))
		if code == "" {
			f.Add("country", MsgCountryRequired)
		} else {
			err := q.QueryRowContext(ctx, `SELECT code, name FROM countries WHERE code = ?`, code).Scan(&c.CountryCode, &c.Country)
			if errors.Is(err, sql.ErrNoRows) {
				f.Add("country", MsgCountryUnknown)
			} else if err != nil {
				return fmt.Errorf("choir: read country %s: %w", code, err)
			}
		}
	}
	if in.TimeZone != nil {
		tz := strings.TrimSpace(*in.TimeZone)
		if _, err := time.LoadLocation(tz); err != nil || tz == "" || tz == "Local" {
			f.Add("timeZone", MsgTimeZoneInvalid)
		} else {
			c.TimeZone = tz
		}
	}
	return nil
}

// calendarOf returns the liturgical calendar an affiliation follows, or ""
// when the id names no affiliation.
func calendarOf(ctx context.Context, q db.Querier, affiliationID string) (string, error) {
	if _, err := uuid.Parse(affiliationID); err != nil {
		return "", nil
	}
	var key string
	err := q.QueryRowContext(ctx, `SELECT calendar_type FROM religious_affiliations WHERE id = ?`, affiliationID).Scan(&key)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("choir: read the calendar of affiliation %s: %w", affiliationID, err)
	}
	return key, nil
}

// Create is what choir creation needs.
type Create struct {
	Details
	AffiliationID string
	Plan          *string
}

// Create makes a choir in one transaction: the choir, the creator's active
// choir_admin membership, the four voice parts every choir starts with and
// the creator's last-accessed choir. Any failure leaves nothing behind. A
// broken rule is a VALIDATION_ERROR; any other failure is CHOIR_CREATE_ERROR.
func (s *Service) Create(ctx context.Context, userID string, in Create) (*Choir, error) {
	c, err := s.create(ctx, userID, in)
	if err != nil {
		if _, refused := apperr.As(err); !refused {
			return nil, apperr.Failed(apperr.CodeChoirCreate, MsgCreateFailed, err)
		}
		return nil, err
	}
	return c, nil
}

func (s *Service) create(ctx context.Context, userID string, in Create) (*Choir, error) {
	c := &Choir{ID: uuid.NewString()}
	var f apperr.Fields
	in.Details = withEmpty(in.Details)
	if err := s.apply(ctx, s.db, c, in.Details, &f); err != nil {
		return nil, err
	}
	key, err := calendarOf(ctx, s.db, in.AffiliationID)
	if err != nil {
		return nil, err
	}
	if key == "" {
		f.Add("religiousAffiliationId", MsgAffiliationMissing)
	}
	if in.Plan != nil && *in.Plan != "small" && *in.Plan != "medium" && *in.Plan != "large" {
		f.Add("plan", "Please select a plan to continue")
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	c.AffiliationID, c.CalendarType, c.Plan = in.AffiliationID, key, in.Plan
	now := s.now()
	c.CreatedAt, c.UpdatedAt = now, now
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO choirs
			(id, name, city, postcode, country_code, religious_affiliation_id, calendar_type, time_zone, plan, created_by, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.ID, c.Name, c.City, c.Postcode, c.CountryCode, c.AffiliationID, c.CalendarType, c.TimeZone, c.Plan, userID, now, now); err != nil {
			return fmt.Errorf("choir: insert choir %s: %w", c.ID, err)
		}
		if err := AddMembership(ctx, tx, userID, c.ID, access.ChoirAdmin, now); err != nil {
			return err
		}
		if err := seedVoiceParts(ctx, tx, c.ID); err != nil {
			return err
		}
		plan := billing.DefaultPlan
		if c.Plan != nil {
			plan = *c.Plan
		}
		if err := s.billing.StartTrial(ctx, tx, c.ID, plan, now); err != nil {
			return err
		}
		return SetLastAccessed(ctx, tx, userID, &c.ID)
	})
	if err != nil {
		return nil, err
	}
	s.logger.Info("choir created", "event", "choir_created", "choir_id", c.ID, "user_id", userID)
	return c, nil
}

// withEmpty turns missing required fields into empty ones, so that the
// rules report them.
func withEmpty(d Details) Details {
	empty := func(p *string) *string {
		if p == nil {
			return new(string)
		}
		return p
	}
	d.Name, d.Country, d.TimeZone = empty(d.Name), empty(d.Country), empty(d.TimeZone)
	if d.City == nil {
		d.City = new(string)
	}
	if d.Postcode == nil {
		d.Postcode = new(string)
	}
	return d
}

// AddMembership gives a user an active membership of a choir with a role, inside
// the caller's transaction.
func AddMembership(ctx context.Context, q db.Querier, userID, choirID string, role access.Role, now time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO user_choir_membership (user_id, choir_id, role, is_active, status, joined_date)
		VALUES (?, ?, ?, TRUE, 'active', ?)`, userID, choirID, string(role), now)
	if err != nil {
		return fmt.Errorf("choir: add %s to %s as %s: %w", userID, choirID, role, err)
	}
	return nil
}

var errNoProfile = errors.New("the user has no profile")

// SetLastAccessed makes a choir (or none) the one a user last worked in,
// inside the caller's transaction.
func SetLastAccessed(ctx context.Context, q db.Querier, userID string, choirID *string) error {
	res, err := q.ExecContext(ctx, `UPDATE user_profile SET last_accessed_choir_id = ? WHERE id = ?`, choirID, userID)
	if err != nil {
		return fmt.Errorf("choir: set the choir %s works in: %w", userID, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return fmt.Errorf("choir: set the choir %s works in: %w", userID, errNoProfile)
	}
	return nil
}

const choirColumns = `c.id, c.name, c.city, c.postcode, c.country_code, k.name, c.religious_affiliation_id,
	c.calendar_type, c.time_zone, c.plan, c.created_at, c.updated_at, c.calendar_version`

const choirFrom = ` FROM choirs c JOIN countries k ON k.code = c.country_code `

func scanChoir(row db.Scanner) (*Choir, error) {
	var c Choir
	var plan sql.NullString
	if err := row.Scan(&c.ID, &c.Name, &c.City, &c.Postcode, &c.CountryCode, &c.Country, &c.AffiliationID,
		&c.CalendarType, &c.TimeZone, &plan, &c.CreatedAt, &c.UpdatedAt, &c.CalendarVersion); err != nil {
		return nil, err
	}
	if plan.Valid {
		c.Plan = &plan.String
	}
	return &c, nil
}

// Get reads a choir. Callers check access first.
func (s *Service) Get(ctx context.Context, choirID string) (*Choir, error) {
	return get(ctx, s.db, choirID)
}

func get(ctx context.Context, q db.Querier, choirID string) (*Choir, error) {
	c, err := scanChoir(q.QueryRowContext(ctx, `SELECT `+choirColumns+choirFrom+`WHERE c.id = ?`, choirID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgChoirNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("choir: read choir %s: %w", choirID, err)
	}
	return c, nil
}

// MemberCount counts a choir's active members.
func (s *Service) MemberCount(ctx context.Context, choirID string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx,
		`SELECT COUNT(*) FROM user_choir_membership WHERE choir_id = ? AND is_active = TRUE`, choirID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("choir: count the members of %s: %w", choirID, err)
	}
	return n, nil
}

// Update changes a choir's details.
func (s *Service) Update(ctx context.Context, choirID string, in Details) (*Choir, error) {
	var out *Choir
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		c, err := get(ctx, tx, choirID)
		if err != nil {
			return err
		}
		var f apperr.Fields
		if err := s.apply(ctx, tx, c, in, &f); err != nil {
			return err
		}
		if err := f.Err(); err != nil {
			return err
		}
		c.UpdatedAt = s.now()
		if _, err := tx.ExecContext(ctx, `UPDATE choirs SET name = ?, city = ?, postcode = ?, country_code = ?, time_zone = ?, updated_at = ?
			WHERE id = ?`, c.Name, c.City, c.Postcode, c.CountryCode, c.TimeZone, c.UpdatedAt, c.ID); err != nil {
			return fmt.Errorf("choir: update choir %s: %w", c.ID, err)
		}
		out = c
		return nil
	})
	return out, err
}

// ChangeAffiliation sets a choir's religious affiliation and with it the
// liturgical calendar its feast-based events follow.
func (s *Service) ChangeAffiliation(ctx context.Context, choirID, affiliationID string) (*Choir, error) {
	var out *Choir
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		key, err := calendarOf(ctx, tx, affiliationID)
		if err != nil {
			return err
		}
		if key == "" {
			return apperr.Validation(map[string]string{"religiousAffiliationId": MsgAffiliationMissing}, "religiousAffiliationId")
		}
		res, err := tx.ExecContext(ctx, `UPDATE choirs SET religious_affiliation_id = ?, calendar_type = ?, updated_at = ? WHERE id = ?`,
			affiliationID, key, s.now(), choirID)
		if err != nil {
			return fmt.Errorf("choir: change the affiliation of %s: %w", choirID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgChoirNotFound)
		}
		out, err = get(ctx, tx, choirID)
		return err
	})
	return out, err
}
