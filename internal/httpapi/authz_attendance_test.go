package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of answers and attendance (issue 17). They
// name no event, and the one write that could succeed asks for a minimum
// out of range, so that the matrix leaves choir A as it found it.
func init() {
	for k, v := range map[string]route{
		"GetMyRsvp":             {"GET", "/api/v1/choirs/{A}/events/nope/rsvp", nil, inChoir(access.ViewCalendar, 404)},
		"SetMyRsvp":             {"PUT", "/api/v1/choirs/{A}/events/nope/rsvp", map[string]any{"status": "going"}, inChoir(access.ViewCalendar, 404)},
		"ListMyRsvps":           {"GET", "/api/v1/choirs/{A}/rsvps?startDate=2026-11-01&endDate=2026-11-30", nil, inChoir(access.ViewCalendar, 200)},
		"GetEventAttendance":    {"GET", "/api/v1/choirs/{A}/events/nope/attendance", nil, inChoir(access.EditCalendar, 404)},
		"ExportEventAttendance": {"GET", "/api/v1/choirs/{A}/events/nope/attendance/export", nil, inChoir(access.EditCalendar, 404)},
		"MarkAttendance":        {"PUT", "/api/v1/choirs/{A}/events/nope/attendance/marks", map[string]any{"marks": []any{}}, inChoir(access.EditCalendar, 404)},
		"GetAttendanceSettings": {"GET", "/api/v1/choirs/{A}/attendance-settings", nil, inChoir(access.EditCalendar, 200)},
		"SetAttendanceSettings": {"PUT", "/api/v1/choirs/{A}/attendance-settings", map[string]any{"minConfirmedPerPart": 0}, inChoir(access.EditCalendar, 400)},
	} {
		matrix[k] = v
	}
}
