package planning

import (
	"cmp"
	"slices"
	"strings"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/feast"
	"github.com/cantica/cantica/internal/liturgy"
)

// MsgDayDate refuses a planning date that is not a date the calendars know.
const MsgDayDate = "Please give the date as YYYY-MM-DD, from 1900 to 2200."

// ParseDay reads a planning date (400 under field).
func ParseDay(s, field string) (liturgy.Date, error) {
	d, err := liturgy.ParseDate(s)
	if err != nil || d.Year < liturgy.MinYear || d.Year > liturgy.MaxYear {
		return liturgy.Date{}, apperr.Validation(map[string]string{field: MsgDayDate}, field)
	}
	return d, nil
}

// DayFeast is one of a day's feasts as planning shows it.
type DayFeast struct{ Key, Name, Rank string }

// DayFeasts are the active feasts of one date among a calendar's feast
// instances, highest rank first (liturgy.RankOrder); the day's celebration
// before what is kept beside it (fasts, vigils, Ember and Rogation days,
// civil days) on the same rank; then by name. The first is the day's
// principal feast.
func DayFeasts(instances []feast.Instance, date string) []DayFeast {
	type ranked struct {
		DayFeast
		order, beside int
	}
	var rs []ranked
	for _, in := range instances {
		if in.Date != date || !in.Active {
			continue
		}
		beside := 0
		switch in.Feast.Type {
		case "fast", "ember_day", "rogation_day", "vigil", "holiday", "observance":
			beside = 1
		}
		rs = append(rs, ranked{DayFeast{in.Feast.Key, in.Feast.Name, in.Feast.Rank}, liturgy.RankOrder(in.Feast.Rank), beside})
	}
	slices.SortStableFunc(rs, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.order, b.order), cmp.Compare(a.beside, b.beside),
			strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)))
	})
	out := make([]DayFeast, len(rs))
	for i, r := range rs {
		out[i] = r.DayFeast
	}
	return out
}
