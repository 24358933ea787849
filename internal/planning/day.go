package planning

import (
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/liturgy"
)

// MsgDayOutOfRange refuses a date the liturgical calendars do not reach.
const MsgDayOutOfRange = "Choose a date from 1900 to 2200."

// ParseDay reads a date planning looks at (ParseDate), within the years the
// liturgical calendars are computed for.
func ParseDay(s, field string) (liturgy.Date, error) {
	d, err := ParseDate(s, field)
	if err == nil && (d.Year < liturgy.MinYear || d.Year > liturgy.MaxYear) {
		err = apperr.Validation(map[string]string{field: MsgDayOutOfRange}, field)
	}
	return d, err
}
