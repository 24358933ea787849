package choir

import "context"

// Country is an ISO 3166-1 country.
type Country struct{ Code, Name string }

// Countries lists the countries by English name.
func (s *Service) Countries(ctx context.Context) ([]Country, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT code, name FROM countries ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Country
	for rows.Next() {
		var c Country
		if err := rows.Scan(&c.Code, &c.Name); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
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
		return nil, err
	}
	defer rows.Close()
	var out []Affiliation
	for rows.Next() {
		var a Affiliation
		if err := rows.Scan(&a.ID, &a.Name, &a.Category, &a.CalendarType, &a.SortOrder, &a.CalendarPublished, &a.CalendarHasFeasts); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
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
		return nil, err
	}
	defer rows.Close()
	var out []CalendarType
	for rows.Next() {
		var c CalendarType
		if err := rows.Scan(&c.Key, &c.Name, &c.Description, &c.Category, &c.IsDefault, &c.IsPublished, &c.HasFeasts); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
