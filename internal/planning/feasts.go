package planning

import (
	"context"
	"slices"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/feast"
	"github.com/cantica/cantica/internal/liturgy"
)

// UseCalendar gives planning the choir's calendar and its feasts, which
// the day's feasts and the next service are read from.
func (s *Service) UseCalendar(cal *calendar.Service, feasts *feast.Service) {
	s.cal, s.feasts = cal, feasts
}

// DayFeast is an active feast of the choir's liturgical calendar on a date.
type DayFeast struct {
	Key, Name, Rank string
}

// DayFeasts answers the active feasts of the choir's liturgical calendar
// on a date, highest rank first: in the order of precedence the liturgy
// package gives that calendar, then (feasts it does not compute, such as
// imported ones) by name. None for an unpublished calendar.
func (s *Service) DayFeasts(ctx context.Context, choirID string, d liturgy.Date) ([]DayFeast, error) {
	h, _, err := s.cal.Header(ctx, choirID, "", false, d, d)
	if err != nil {
		return nil, err
	}
	if h == nil {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, choir.MsgChoirNotFound)
	}
	instances, err := s.feasts.ForCalendar(ctx, h.CalendarType, h.FeastsPublished, false, h.FeastVersion, d, d)
	if err != nil {
		return nil, err
	}
	// Compute sorts each date's days by precedence, highest first.
	order := map[string]int{}
	if days, err := liturgy.Compute(h.CalendarType, d.Year); err == nil {
		for _, day := range days {
			if day.Date == d {
				order[day.FeastKey] = len(order)
			}
		}
	}
	out := make([]DayFeast, 0, len(instances))
	for _, in := range instances {
		if in.Date == d.String() && in.Active {
			out = append(out, DayFeast{Key: in.Feast.Key, Name: in.Feast.Name, Rank: in.Feast.Rank})
		}
	}
	rank := func(f DayFeast) int {
		if i, ok := order[f.Key]; ok {
			return i
		}
		return len(order)
	}
	slices.SortStableFunc(out, func(a, b DayFeast) int { return rank(a) - rank(b) }) // instances come by name
	return out, nil
}
