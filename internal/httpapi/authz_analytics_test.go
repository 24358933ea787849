package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of the analytics page (issue 28). Setting
// the threshold to the default leaves choir A as the matrix found it.
func init() {
	for k, v := range map[string]route{
		"GetAnalyticsAttendance":    {"GET", "/api/v1/choirs/{A}/analytics/attendance", nil, inChoir(access.ViewAnalytics, 200)},
		"GetAnalyticsAttendanceCSV": {"GET", "/api/v1/choirs/{A}/analytics/attendance?format=csv&table=events", nil, inChoir(access.ViewAnalytics, 200)},
		"GetAnalyticsAnswers":       {"GET", "/api/v1/choirs/{A}/analytics/answers?period=last12m", nil, inChoir(access.ViewAnalytics, 200)},
		"GetAnalyticsMusic":         {"GET", "/api/v1/choirs/{A}/analytics/music?period=season&format=csv&table=never", nil, inChoir(access.ViewAnalytics, 200)},
		"SetAnalyticsSettings":      {"PUT", "/api/v1/choirs/{A}/analytics/settings", map[string]any{"attendanceThreshold": 60}, inChoir(access.EditSettings, 200)},
	} {
		matrix[k] = v
	}
}
