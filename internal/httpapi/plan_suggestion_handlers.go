package httpapi

import (
	"context"
	"slices"
	"strings"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/planning"
	"github.com/cantica/cantica/internal/planning/suggest"
)

// The suggestions' page.
const (
	suggestionsDefault = 50
	suggestionsMax     = 200
	msgSuggestionLimit = "The limit must be between 1 and 200."
)

// allowsAny is allows for operations that any one of several permissions
// opens, on a standing already read.
func allowsAny(st access.Standing, perms ...access.Permission) (access.Role, error) {
	for _, p := range perms[:len(perms)-1] {
		if st.Allows(p) {
			return st.Effective(), nil
		}
	}
	return allows(st, perms[len(perms)-1])
}

// GetPlanDay answers a date as planning sees it: its season, its feasts and
// the events the caller may see.
func (s *Server) GetPlanDay(ctx context.Context, in api.GetPlanDayRequestObject) (api.GetPlanDayResponseObject, error) {
	u := requestFrom(ctx).user
	d, dateErr := planning.ParseDay(in.Date, "date")
	if dateErr != nil {
		d = liturgy.Date{} // no feasts to compute for a date refused below
	}
	h, st, err := s.calendar.Header(ctx, in.ChoirId, u.ID, u.IsGlobalAdmin, d, d)
	if err != nil {
		return nil, err
	}
	role, err := allowsAny(st, access.ViewCalendar, access.ManageMusic)
	if err != nil {
		return nil, err
	}
	if dateErr != nil { // told only to those who may see the day
		return nil, dateErr
	}
	list, err := s.calendar.List(ctx, h, calendar.Range{From: d, To: d, SeesDrafts: access.SeesDraftEvents(role)})
	if err != nil {
		return nil, err
	}
	// The feasts as the plans record them (the first is the principal one).
	feasts, err := s.planning.DayFeasts(ctx, in.ChoirId, d)
	if err != nil {
		return nil, err
	}
	out := api.PlanDay{Date: d.String(), Season: seasonOut(h.CalendarType, d), Feasts: dayFeastsOut(feasts), Events: []api.LinkEvent{}}
	// The day's events are those that begin on it in the choir's zone; the
	// listing also holds those that only run into it.
	for _, it := range list.Items {
		e := linkEvent(&calendar.Occurrence{Key: it.ID, Shown: it.Event, Start: it.Start, End: it.End}, h.TimeZone)
		if e.StartDate == out.Date {
			out.Events = append(out.Events, e)
		}
	}
	slices.SortStableFunc(out.Events, func(a, b api.LinkEvent) int {
		if c := a.Start.Compare(b.Start); c != 0 {
			return c
		}
		return strings.Compare(a.Title, b.Title)
	})
	return api.GetPlanDay200JSONResponse(out), nil
}

// ListLiturgicalSeasons answers the seasons of the choir's calendar.
func (s *Server) ListLiturgicalSeasons(ctx context.Context, in api.ListLiturgicalSeasonsRequestObject) (api.ListLiturgicalSeasonsResponseObject, error) {
	u := requestFrom(ctx).user
	h, st, err := s.calendar.Header(ctx, in.ChoirId, u.ID, u.IsGlobalAdmin, liturgy.Date{}, liturgy.Date{})
	if err != nil {
		return nil, err
	}
	if _, err := allows(st, access.ViewMusic); err != nil {
		return nil, err
	}
	out := api.ListLiturgicalSeasons200JSONResponse(choirSeasons(h.CalendarType))
	return out, nil
}

// ListPlanSuggestions ranks the choir's pieces for a plan's date.
func (s *Server) ListPlanSuggestions(ctx context.Context, in api.ListPlanSuggestionsRequestObject) (api.ListPlanSuggestionsResponseObject, error) {
	seesDrafts, err := s.planReader(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	limit := suggestionsDefault
	if in.Params.Limit != nil {
		limit = *in.Params.Limit
		if limit < 1 || limit > suggestionsMax {
			return nil, apperr.Validation(map[string]string{"limit": msgSuggestionLimit}, "limit")
		}
	}
	// A plan of a draft event only for those who see drafts, as getPlan.
	plan, err := s.planning.View(ctx, in.ChoirId, in.PlanId, seesDrafts)
	if err != nil {
		return nil, err
	}
	d, err := liturgy.ParseDate(plan.Date)
	if err != nil {
		return nil, err // a stored plan's date is always one
	}
	u := requestFrom(ctx).user
	h, _, err := s.calendar.Header(ctx, in.ChoirId, u.ID, u.IsGlobalAdmin, liturgy.Date{}, liturgy.Date{})
	if err != nil {
		return nil, err
	}
	feasts, err := s.planning.DayFeasts(ctx, in.ChoirId, d)
	if err != nil {
		return nil, err
	}
	cands, err := s.planning.Candidates(ctx, in.ChoirId, deref(in.Params.Q))
	if err != nil {
		return nil, err
	}
	day := suggest.Day{Date: d, EventType: plan.EventType}
	for _, f := range feasts {
		day.Feasts = append(day.Feasts, suggest.Named{Key: f.Key, Name: f.Name})
	}
	season := seasonOut(h.CalendarType, d)
	if season != nil {
		day.Season = &suggest.Named{Key: season.Key, Name: season.Name}
	}
	ranked := suggest.Rank(day, cands)
	out := api.PlanSuggestions{Date: plan.Date, Season: season, Feasts: dayFeastsOut(feasts),
		Items: make([]api.PlanSuggestion, 0, min(limit, len(ranked)))}
	for _, sg := range ranked[:min(limit, len(ranked))] {
		p := sg.Piece
		item := api.PlanSuggestion{Match: api.PlanSuggestionMatch(sg.Match), Reasons: sg.Reasons, HeldBack: sg.HeldBack,
			NeedsRehearsal: sg.NeedsRehearsal, LastSung: make([]string, len(sg.LastSung)),
			Music: api.SuggestionPiece{Id: p.ID, Title: p.Title, Composer: p.Composer, LibraryNumber: p.LibraryNumber,
				RehearsalWeighting: p.Weighting, MinIntervalWeeks: p.MinIntervalWeeks, IsNewToChoir: p.NewToChoir}}
		for i, ls := range sg.LastSung {
			item.LastSung[i] = ls.String()
		}
		out.Items = append(out.Items, item)
	}
	return api.ListPlanSuggestions200JSONResponse(out), nil
}

func seasonOut(calendarType string, d liturgy.Date) *api.LiturgicalSeason {
	season, ok := liturgy.SeasonOf(calendarType, d)
	if !ok {
		return nil
	}
	return &api.LiturgicalSeason{Key: season.Key, Name: season.Name}
}

func dayFeastsOut(fs []planning.DayFeast) []api.DayFeast {
	out := make([]api.DayFeast, len(fs))
	for i, f := range fs {
		out[i] = api.DayFeast{FeastKey: f.Key, Name: f.Name, Rank: f.Rank}
	}
	return out
}
