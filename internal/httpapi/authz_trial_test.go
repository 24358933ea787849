package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of the trial, read-only and limits part of
// billing (issue 29).
func init() {
	for k, v := range map[string]route{
		// Every member learns the standing, for the banners.
		"GetChoirStanding": {"GET", "/api/v1/choirs/{A}/billing/standing", nil, inChoir(access.ViewDashboard, 200)},
	} {
		matrix[k] = v
	}
}
