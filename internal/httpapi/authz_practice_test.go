package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of practice (issue 16). They name no piece,
// so that the matrix leaves choir A as it found it.
func init() {
	for k, v := range map[string]route{
		"ReportPractice": {"POST", "/api/v1/choirs/{A}/music/nope/practice/reports", map[string]any{"sessionId": "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d",
			"day": "2000-01-01", "playedSeconds": 1, "loops": 0, "position": 0, "speed": 1}, inChoir(access.ViewMusic, 400)},
		"GetMyPractice":          {"GET", "/api/v1/choirs/{A}/music/nope/practice/me", nil, inChoir(access.ViewMusic, 404)},
		"ListMyPractice":         {"GET", "/api/v1/choirs/{A}/practice/me", nil, inChoir(access.ViewMusic, 200)},
		"GetPiecePractice":       {"GET", "/api/v1/choirs/{A}/music/nope/practice", nil, inChoir(access.ViewAnalytics, 404)},
		"ListPracticeMarkers":    {"GET", "/api/v1/choirs/{A}/music/nope/markers", nil, inChoir(access.ViewMusic, 404)},
		"ReplacePracticeMarkers": {"PUT", "/api/v1/choirs/{A}/music/nope/markers", map[string]any{"markers": []any{}}, inChoir(access.EditMusic, 404)},
	} {
		matrix[k] = v
	}
}
