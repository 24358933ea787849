package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of readiness, practice and a singer's own
// analytics (issue 28). The director's sections need view:analytics; a
// singer's own page is open to every member (view:dashboard).
func init() {
	for k, v := range map[string]route{
		"GetAnalyticsReadiness": {"GET", "/api/v1/choirs/{A}/analytics/readiness", nil, inChoir(access.ViewAnalytics, 200)},
		"GetAnalyticsPractice":  {"GET", "/api/v1/choirs/{A}/analytics/practice?period=last12m&format=csv", nil, inChoir(access.ViewAnalytics, 200)},
		"GetMyAnalytics":        {"GET", "/api/v1/choirs/{A}/analytics/me", nil, inChoir(access.ViewDashboard, 200)},
	} {
		matrix[k] = v
	}
}
