package planning

import (
	"context"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/zone"
)

// NextServiceDays is how far ahead the next service is looked for.
const NextServiceDays = 60

// StartDate is the date an event starts on in the choir's zone; all-day
// events keep their own dates.
func StartDate(e *calendar.Event, start time.Time, choirZone string) liturgy.Date {
	if e.AllDay {
		return liturgy.DateOf(start.UTC())
	}
	loc, err := zone.Load(choirZone)
	if err != nil {
		loc = time.UTC
	}
	return liturgy.DateOf(start.In(loc))
}

// NextService answers where planning without a date opens: the first
// service (or liturgical feast) starting from today in the choir's zone
// within NextServiceDays that the caller may see, with its event or
// occurrence id; else next Sunday (today on a Sunday) and "".
func (s *Service) NextService(ctx context.Context, choirID string, seesDrafts bool) (liturgy.Date, string, error) {
	h, _, err := s.cal.Header(ctx, choirID, "", false, liturgy.Date{}, liturgy.Date{})
	if err != nil {
		return liturgy.Date{}, "", err
	}
	if h == nil {
		return liturgy.Date{}, "", apperr.New(apperr.NotFound, apperr.CodeNotFound, choir.MsgChoirNotFound)
	}
	loc, err := zone.Load(h.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	today := liturgy.DateOf(s.now().In(loc))
	list, err := s.cal.List(ctx, h, calendar.Range{From: today, To: today.AddDays(NextServiceDays), SeesDrafts: seesDrafts})
	if err != nil {
		return liturgy.Date{}, "", err
	}
	for _, it := range list.Items {
		if it.Event.Type != "service" && it.Event.Type != "liturgical_feast" {
			continue
		}
		if d := StartDate(it.Event, it.Start, h.TimeZone); !d.Before(today) {
			return d, it.ID, nil
		}
	}
	return today.AddDays((7 - int(today.Weekday())) % 7), "", nil
}
