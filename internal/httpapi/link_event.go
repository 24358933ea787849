package httpapi

import (
	"time"

	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choirmail"
	"github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/zone"
)

// linkEvent is an event or occurrence as email links and attendance show
// it: dates and times read in the choir's time zone (all-day events keep
// their dates and have no time).
func linkEvent(o *calendar.Occurrence, choirZone string) apigen.LinkEvent {
	e := o.Shown
	loc := time.UTC
	if !e.AllDay {
		if l, err := zone.Load(choirZone); err == nil {
			loc = l
		}
	}
	start, end := o.Start.In(loc), o.End.In(loc)
	out := apigen.LinkEvent{
		Id: o.Key, Title: e.Title, EventType: e.Type, AllDay: e.AllDay, TimeZone: choirZone, TimeZonePlace: choirmail.ZonePlace(choirZone),
		Location: e.Location, Notes: e.Notes, Start: o.Start.UTC(), End: o.End.UTC(),
		StartDate: start.Format(time.DateOnly), EndDate: end.Format(time.DateOnly),
	}
	if e.AllDay {
		// An all-day event ends at midnight after its last day.
		out.EndDate = end.Add(-time.Nanosecond).Format(time.DateOnly)
	} else {
		out.StartTime, out.EndTime = start.Format("15:04"), end.Format("15:04")
	}
	return out
}
