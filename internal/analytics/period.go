package analytics

import (
	"net/url"
	"time"

	"github.com/cantica/cantica/internal/apperr"
)

// Period is the stretch of time an analytics answer covers.
type Period struct {
	From, To         time.Time // [From, To) instants
	FromDate, ToDate string    // choir-local YYYY-MM-DD, inclusive
}

// maxPeriodDays bounds a custom period.
const maxPeriodDays = 5*366 + 1

// Messages of the period's query parameters.
const (
	MsgPeriodKind  = "Choose a period: last 90 days, this season, last 12 months or custom dates."
	MsgPeriodDates = "Enter both dates as YYYY-MM-DD, the start no later than the end."
	MsgPeriodLong  = "Choose a period of at most five years."
)

// ParsePeriod reads period=last90|season|last12m|custom (default last90)
// and, for custom, from and to (YYYY-MM-DD, inclusive), in the choir's zone
// loc. A season runs from 1 September to 31 August and is the one containing
// today.
func ParsePeriod(q url.Values, loc *time.Location, now time.Time) (Period, error) {
	local := now.In(loc)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, time.UTC)
	var from, to time.Time
	switch q.Get("period") {
	case "", "last90":
		from, to = today.AddDate(0, 0, -89), today
	case "last12m":
		from, to = today.AddDate(-1, 0, 1), today
	case "season":
		y := today.Year()
		if today.Month() < time.September {
			y--
		}
		from, to = time.Date(y, time.September, 1, 0, 0, 0, 0, time.UTC), time.Date(y+1, time.August, 31, 0, 0, 0, 0, time.UTC)
	case "custom":
		f, err1 := time.Parse(time.DateOnly, q.Get("from"))
		t, err2 := time.Parse(time.DateOnly, q.Get("to"))
		switch {
		case err1 != nil || err2 != nil || t.Before(f):
			return Period{}, apperr.Validation(map[string]string{"from": MsgPeriodDates}, "from")
		case t.Sub(f) > maxPeriodDays*24*time.Hour:
			return Period{}, apperr.Validation(map[string]string{"to": MsgPeriodLong}, "to")
		}
		from, to = f, t
	default:
		return Period{}, apperr.Validation(map[string]string{"period": MsgPeriodKind}, "period")
	}
	return Period{
		From:     time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, loc),
		To:       time.Date(to.Year(), to.Month(), to.Day()+1, 0, 0, 0, 0, loc),
		FromDate: from.Format(time.DateOnly),
		ToDate:   to.Format(time.DateOnly),
	}, nil
}
