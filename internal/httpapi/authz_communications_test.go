package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of the weekly digest (issue 27). The
// preview names no member, so that nothing of one is read; the test goes to
// the caller, which a global admin who is no member of choir A cannot get.
func init() {
	for k, v := range map[string]route{
		"GetDigestSettings": {"GET", "/api/v1/choirs/{A}/digest", nil, inChoir(access.ManageCommunications, 200)},
		"SetDigestSettings": {"PUT", "/api/v1/choirs/{A}/digest", map[string]any{"enabled": true, "weekday": "monday", "hour": 8},
			inChoir(access.ManageCommunications, 200)},
		"PreviewDigest":  {"GET", "/api/v1/choirs/{A}/digest/preview?userId=nobody", nil, inChoir(access.ManageCommunications, 404)},
		"SendTestDigest": {"POST", "/api/v1/choirs/{A}/digest/test", nil, [7]int{401, 403, 403, 404, 404, 200, 404}},
		"ListDigestRuns": {"GET", "/api/v1/choirs/{A}/digest/runs", nil, inChoir(access.ManageCommunications, 200)},
	} {
		matrix[k] = v
	}
}
