package choir

import (
	"context"
	"fmt"

	"github.com/cantica/cantica/internal/db"
)

// Country is an ISO 3166-1 country.
type Country struct{ Code, Name string }

// Countries lists the countries by English name.
func (s *Service) Countries(ctx context.Context) ([]Country, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT code, name FROM countries ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("choir: list countries: %w", err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Country, error) {
		var c Country
		err := row.Scan(&c.Code, &c.Name)
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("choir: read countries: %w", err)
	}
	return out, nil
}

// Affiliation is a religious affiliation (a choir's focus and tradition).
type Affiliation struct {
	ID, Name, Category, CalendarType string
	SortOrder                        int
	CalendarPublished                bool
	CalendarHasFeasts                bool // feast instances exist for its calendar
}

// Affiliations lists the affiliations by sort order then name.
func (s *Service) Affiliations(ctx context.Context) ([]Affiliation, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT a.id, a.name, a.category, a.calendar_type, a.sort_order, t.is_published, `+hasFeasts+`
		FROM religious_affiliations a JOIN calendar_types t ON t.key = a.calendar_type ORDER BY a.sort_order, a.name`)
	if err != nil {
		return nil, fmt.Errorf("choir: list religious affiliations: %w", err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Affiliation, error) {
		var a Affiliation
		err := row.Scan(&a.ID, &a.Name, &a.Category, &a.CalendarType, &a.SortOrder, &a.CalendarPublished, &a.CalendarHasFeasts)
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("choir: read religious affiliations: %w", err)
	}
	return out, nil
}

// CalendarType is one entry of the liturgical calendar catalogue.
type CalendarType struct {
	Key, Name, Description, Category string
	IsDefault, IsPublished           bool
	HasFeasts                        bool // feast instances exist: '(calendar uploaded)'
}

// hasFeasts is the column saying whether the calendar type t has feasts.
const hasFeasts = `EXISTS (SELECT 1 FROM feast_instances i WHERE i.source = t.key)`

// CalendarTypes lists the catalogue; unpublished calendars only when asked
// (for global admins).
func (s *Service) CalendarTypes(ctx context.Context, includeUnpublished bool) ([]CalendarType, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT t.key, t.name, t.description, t.category, t.is_default, t.is_published, `+hasFeasts+`
		FROM calendar_types t WHERE t.is_published = TRUE OR ? ORDER BY t.sort_order`, includeUnpublished)
	if err != nil {
		return nil, fmt.Errorf("choir: list calendar types: %w", err)
	}
	out, err := db.All(rows, func(row db.Scanner) (CalendarType, error) {
		var c CalendarType
		err := row.Scan(&c.Key, &c.Name, &c.Description, &c.Category, &c.IsDefault, &c.IsPublished, &c.HasFeasts)
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("choir: read calendar types: %w", err)
	}
	return out, nil
}
