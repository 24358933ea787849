package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of email to the choir (issue 17). They
// name no event or piece, so that nothing is sent.
func init() {
	for k, v := range map[string]route{
		"EmailEvent":        {"POST", "/api/v1/choirs/{A}/events/nope/email", map[string]any{}, inChoir(access.ManageCommunications, 404)},
		"EmailPracticeLink": {"POST", "/api/v1/choirs/{A}/music/nope/email", map[string]any{}, inChoir(access.ManageCommunications, 404)},
	} {
		matrix[k] = v
	}
}
