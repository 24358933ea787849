package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of the dashboard's week (issue 26). The
// dismissal that can succeed puts the checklist away for the caller only.
func init() {
	for k, v := range map[string]route{
		"GetWeek":         {"GET", "/api/v1/choirs/{A}/week", nil, inChoir(access.ViewCalendar, 200)},
		"DismissWeekItem": {"PUT", "/api/v1/choirs/{A}/week/dismissals/checklist", nil, inChoir(access.ManageChoir, 204)},
	} {
		matrix[k] = v
	}
}
