package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/choir"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// Refusals of choir-scoped requests. A choir the caller does not belong to
// is "not found", so that its existence is not revealed.
const MsgNoPermission = "You don't have permission to do this in this choir."

// requireChoir checks (user, choir, permission) through internal/access and
// returns the caller's effective role in the choir.
func (s *Server) requireChoir(ctx context.Context, choirID string, p access.Permission) (access.Role, error) {
	u := requestFrom(ctx).user
	st, err := s.choirs.Standing(ctx, u.ID, u.IsGlobalAdmin, choirID)
	if err != nil {
		return "", err
	}
	return allows(st, p)
}

// requireAnyChoir is requireChoir for operations that any one of several
// permissions opens (planning: view:calendar or manage:music to look,
// edit:music or edit:calendar to change).
func (s *Server) requireAnyChoir(ctx context.Context, choirID string, perms ...access.Permission) (access.Role, error) {
	u := requestFrom(ctx).user
	st, err := s.choirs.Standing(ctx, u.ID, u.IsGlobalAdmin, choirID)
	if err != nil {
		return "", err
	}
	for _, p := range perms[:len(perms)-1] {
		if st.Allows(p) {
			return st.Effective(), nil
		}
	}
	return allows(st, perms[len(perms)-1])
}

// allows is the caller's role in a choir when their standing there allows
// p: NOT_FOUND for a choir they have no part in (so another choir's
// existence is not confirmed), PERMISSION_ERROR for a part without p.
func allows(st access.Standing, p access.Permission) (access.Role, error) {
	role := st.Effective()
	if role == "" {
		return "", apperr.New(apperr.NotFound, apperr.CodeNotFound, choir.MsgChoirNotFound)
	}
	if !st.Allows(p) {
		return "", apperr.New(apperr.Forbidden, apperr.CodePermission, MsgNoPermission)
	}
	return role, nil
}

// platform is the caller's standing outside any choir, for platform-wide
// decisions; internal/access decides what it allows.
func platform(ctx context.Context) access.Standing {
	u := requestFrom(ctx).user
	return access.Platform(u != nil && u.IsGlobalAdmin)
}

func (s *Server) choirDetails(ctx context.Context, c *choir.Choir, role access.Role) (api.ChoirDetails, error) {
	n, err := s.choirs.MemberCount(ctx, c.ID)
	if err != nil {
		return api.ChoirDetails{}, err
	}
	d := api.ChoirDetails{
		Id: c.ID, Name: c.Name, City: c.City, Postcode: c.Postcode, Country: c.Country, CountryCode: c.CountryCode,
		TimeZone: c.TimeZone, ReligiousAffiliationId: c.AffiliationID, CalendarType: c.CalendarType,
		Role: api.Role(role), MemberCount: n, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
	}
	if c.Plan != nil {
		plan := api.ChoirDetailsPlan(*c.Plan)
		d.Plan = &plan
	}
	return d, nil
}

// ListCountries lists the countries.
func (s *Server) ListCountries(ctx context.Context, _ api.ListCountriesRequestObject) (api.ListCountriesResponseObject, error) {
	countries, err := s.choirs.Countries(ctx)
	if err != nil {
		return nil, err
	}
	out := make(api.ListCountries200JSONResponse, 0, len(countries))
	for _, c := range countries {
		out = append(out, api.Country{Value: c.Code, Label: c.Name})
	}
	return out, nil
}

// ListAffiliations lists the religious affiliations.
func (s *Server) ListAffiliations(ctx context.Context, _ api.ListAffiliationsRequestObject) (api.ListAffiliationsResponseObject, error) {
	affs, err := s.choirs.Affiliations(ctx)
	if err != nil {
		return nil, err
	}
	out := make(api.ListAffiliations200JSONResponse, 0, len(affs))
	for _, a := range affs {
		out = append(out, api.Affiliation{Id: a.ID, Name: a.Name, Category: api.AffiliationCategory(a.Category),
			SortOrder: a.SortOrder, CalendarType: a.CalendarType, CalendarPublished: a.CalendarPublished,
			CalendarHasFeasts: a.CalendarHasFeasts})
	}
	return out, nil
}

// ListCalendarTypes lists the calendar catalogue; unpublished calendars are
// for global admins only (§6).
func (s *Server) ListCalendarTypes(ctx context.Context, _ api.ListCalendarTypesRequestObject) (api.ListCalendarTypesResponseObject, error) {
	types, err := s.choirs.CalendarTypes(ctx, access.SeesUnpublishedCalendars(platform(ctx)))
	if err != nil {
		return nil, err
	}
	out := make(api.ListCalendarTypes200JSONResponse, 0, len(types))
	for _, t := range types {
		out = append(out, calendarTypeOut(t))
	}
	return out, nil
}

func calendarTypeOut(t choir.CalendarType) api.CalendarType {
	return api.CalendarType{Key: t.Key, Name: t.Name, Description: t.Description, Category: t.Category,
		IsDefault: t.IsDefault, IsPublished: t.IsPublished, HasFeasts: t.HasFeasts}
}

// SetActiveChoir remembers the choir the user works in.
func (s *Server) SetActiveChoir(ctx context.Context, in api.SetActiveChoirRequestObject) (api.SetActiveChoirResponseObject, error) {
	u := requestFrom(ctx).user
	if err := s.choirs.SetActive(ctx, u.ID, u.IsGlobalAdmin, in.Body.ChoirId); err != nil {
		return nil, err
	}
	return api.SetActiveChoir204Response{}, nil
}

// CreateChoir creates a choir whose creator becomes its administrator.
func (s *Server) CreateChoir(ctx context.Context, in api.CreateChoirRequestObject) (api.CreateChoirResponseObject, error) {
	b := in.Body
	var plan *string
	if b.Plan != nil {
		p := string(*b.Plan)
		plan = &p
	}
	c, err := s.choirs.Create(ctx, requestFrom(ctx).user.ID, choir.Create{
		Details:       choir.Details{Name: &b.Name, City: b.City, Postcode: b.Postcode, Country: &b.Country, TimeZone: &b.TimeZone},
		AffiliationID: b.ReligiousAffiliationId,
		Plan:          plan,
	})
	if err != nil {
		return nil, err
	}
	d, err := s.choirDetails(ctx, c, access.Creator(requestFrom(ctx).user.IsGlobalAdmin).Effective())
	if err != nil {
		return nil, err
	}
	return api.CreateChoir201JSONResponse(d), nil
}

// GetChoir reads a choir the caller belongs to.
func (s *Server) GetChoir(ctx context.Context, in api.GetChoirRequestObject) (api.GetChoirResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ViewDashboard)
	if err != nil {
		return nil, err
	}
	c, err := s.choirs.Get(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	d, err := s.choirDetails(ctx, c, role)
	if err != nil {
		return nil, err
	}
	return api.GetChoir200JSONResponse(d), nil
}

// UpdateChoir changes a choir's details.
func (s *Server) UpdateChoir(ctx context.Context, in api.UpdateChoirRequestObject) (api.UpdateChoirResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir)
	if err != nil {
		return nil, err
	}
	b := in.Body
	c, err := s.choirs.Update(ctx, in.ChoirId, choir.Details{Name: b.Name, City: b.City, Postcode: b.Postcode, Country: b.Country, TimeZone: b.TimeZone})
	if err != nil {
		return nil, err
	}
	d, err := s.choirDetails(ctx, c, role)
	if err != nil {
		return nil, err
	}
	return api.UpdateChoir200JSONResponse(d), nil
}

// UpdateChoirAffiliation changes a choir's affiliation.
func (s *Server) UpdateChoirAffiliation(ctx context.Context, in api.UpdateChoirAffiliationRequestObject) (api.UpdateChoirAffiliationResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir)
	if err != nil {
		return nil, err
	}
	c, err := s.choirs.ChangeAffiliation(ctx, in.ChoirId, in.Body.ReligiousAffiliationId)
	if err != nil {
		return nil, err
	}
	d, err := s.choirDetails(ctx, c, role)
	if err != nil {
		return nil, err
	}
	return api.UpdateChoirAffiliation200JSONResponse(d), nil
}
