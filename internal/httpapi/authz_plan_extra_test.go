package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of a piece's feasts and seasons, the usage
// report and the plan as PDF (issue 18). Reading the report and the PDF is
// view:calendar or manage:music; everyone holding manage:music holds
// view:calendar, so the rows are view:calendar's. They name no piece or
// plan, so that the matrix leaves choir A as it found it.
func init() {
	for k, v := range map[string]route{
		"GetMusicLiturgy":  {"GET", "/api/v1/choirs/{A}/music/nope/liturgy", nil, inChoir(access.ViewMusic, 404)},
		"SetMusicLiturgy":  {"PUT", "/api/v1/choirs/{A}/music/nope/liturgy", map[string]any{"feastKeys": []any{}, "seasons": []any{}}, inChoir(access.EditMusic, 404)},
		"GetMusicUsage":    {"GET", "/api/v1/choirs/{A}/music-usage?from=2026-01-01&to=2026-12-31", nil, inChoir(access.ViewCalendar, 200)},
		"ExportMusicUsage": {"GET", "/api/v1/choirs/{A}/music-usage/export?from=2026-01-01&to=2026-12-31", nil, inChoir(access.ViewCalendar, 200)},
		"DownloadPlanPdf":  {"GET", "/api/v1/choirs/{A}/plans/nope/pdf", nil, inChoir(access.ViewCalendar, 404)},
	} {
		matrix[k] = v
	}
}
