package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of the planning day, the seasons and the
// suggestions (issue 18). Viewing opens with view:calendar or manage:music:
// guests, members and choir admins all hold view:calendar, so every role of
// choir A gets the answer and those outside it 404 (written out by hand, as
// inChoir takes one permission).
func init() {
	for k, v := range map[string]route{
		"GetPlanDay":            {"GET", "/api/v1/choirs/{A}/plan-days/2027-03-28", nil, [7]int{401, 200, 200, 404, 404, 200, 200}},
		"ListLiturgicalSeasons": {"GET", "/api/v1/choirs/{A}/liturgical-seasons", nil, inChoir(access.ViewMusic, 200)},
		// limit=0 is refused (400) only to those who may see the suggestions.
		"ListPlanSuggestions": {"GET", "/api/v1/choirs/{A}/plans/nope/suggestions?limit=0", nil, [7]int{401, 400, 400, 404, 404, 400, 400}},
	} {
		matrix[k] = v
	}
}
