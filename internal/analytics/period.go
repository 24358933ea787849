// Package analytics answers what a director wants to know about the choir
// over a period: who comes (attendance), who answers (RSVPs) and what is
// sung (music plans). Every figure is an aggregate computed in SQL over the
// choir's rows, with a constant number of statements per section.
package analytics

import (
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
)

// Period kinds (query parameter period).
const (
	Last90   = "last90"
	Season   = "season"
	Last12m  = "last12m"
	Custom   = "custom"
	dateForm = "2006-01-02"
	// MaxCustomDays bounds a custom range: ten years.
	MaxCustomDays = 3660
	maxIDLength   = 64
)

// Messages of a period or filter the server cannot use.
const (
	MsgPeriodInvalid    = "Choose a period: last90, season, last12m or custom."
	MsgDateInvalid      = "Enter a date as YYYY-MM-DD."
	MsgRangeOrder       = "The start date must be on or before the end date."
	MsgRangeTooLong     = "Choose a range of at most ten years."
	MsgEventTypeInvalid = "Choose an event type: rehearsal, service, concert, liturgical_feast or other."
	MsgVoicePartInvalid = "Choose one of the choir's voice parts."
)

// Period is the stretch of time a report covers, in the choir's time zone,
// and the filters it is narrowed by.
type Period struct {
	From, To         time.Time // [From, To) instants: midnight choir time at the start of FromDate and after ToDate
	FromDate, ToDate string    // choir-local YYYY-MM-DD, inclusive
	Kind             string    // last90, season, last12m or custom
	VoicePart        string    // a musical role id, "" for every member
	EventType        string    // an event type, "" for every type
}

// ParsePeriod reads period (last90 by default, season = 1 September to
// 31 August containing today, last12m, or custom with from and to), and the
// filters voicePart and eventType, from q; today is now's date in loc.
// Whether voicePart names one of the choir's parts is for the caller to say.
func ParsePeriod(q url.Values, loc *time.Location, now time.Time) (Period, error) {
	today := now.In(loc)
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, loc)
	p := Period{Kind: q.Get("period")}
	if p.Kind == "" {
		p.Kind = Last90
	}
	var from, to time.Time
	switch p.Kind {
	case Last90:
		from, to = day.AddDate(0, 0, -89), day
	case Last12m:
		from, to = day.AddDate(-1, 0, 1), day
	case Season:
		y := day.Year()
		if day.Month() < time.September {
			y--
		}
		from, to = time.Date(y, time.September, 1, 0, 0, 0, 0, loc), time.Date(y+1, time.August, 31, 0, 0, 0, 0, loc)
	case Custom:
		var err error
		if from, err = time.ParseInLocation(dateForm, q.Get("from"), loc); err != nil {
			return Period{}, apperr.Validation(map[string]string{"from": MsgDateInvalid}, "from")
		}
		if to, err = time.ParseInLocation(dateForm, q.Get("to"), loc); err != nil {
			return Period{}, apperr.Validation(map[string]string{"to": MsgDateInvalid}, "to")
		}
		if to.Before(from) {
			return Period{}, apperr.Validation(map[string]string{"to": MsgRangeOrder}, "to")
		}
		if to.Sub(from) > MaxCustomDays*24*time.Hour {
			return Period{}, apperr.Validation(map[string]string{"to": MsgRangeTooLong}, "to")
		}
	default:
		return Period{}, apperr.Validation(map[string]string{"period": MsgPeriodInvalid}, "period")
	}
	p.FromDate, p.ToDate = from.Format(dateForm), to.Format(dateForm)
	// Midnights are taken from the dates, not by adding 24 hours, so a
	// change of daylight-saving time inside the period moves nothing.
	p.From = from
	p.To = time.Date(to.Year(), to.Month(), to.Day()+1, 0, 0, 0, 0, loc)
	p.EventType = strings.TrimSpace(q.Get("eventType"))
	if p.EventType != "" && !slices.Contains(calendar.EventTypes, p.EventType) {
		return Period{}, apperr.Validation(map[string]string{"eventType": MsgEventTypeInvalid}, "eventType")
	}
	p.VoicePart = strings.TrimSpace(q.Get("voicePart"))
	if len(p.VoicePart) > maxIDLength {
		return Period{}, apperr.Validation(map[string]string{"voicePart": MsgVoicePartInvalid}, "voicePart")
	}
	return p, nil
}

// instants are From and To as the events table keeps instants: UTC RFC 3339.
func (p Period) instants() (string, string) {
	return p.From.UTC().Format(time.RFC3339), p.To.UTC().Format(time.RFC3339)
}
