package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of reminders (issue 27). They name no
// event, and the one write that could succeed asks for days out of range,
// so that the matrix leaves choir A as it found it.
func init() {
	for k, v := range map[string]route{
		"GetReminderSettings": {"GET", "/api/v1/choirs/{A}/reminder-settings", nil, inChoir(access.ManageCommunications, 200)},
		"SetReminderSettings": {"PUT", "/api/v1/choirs/{A}/reminder-settings",
			map[string]any{"eventTypes": []any{map[string]any{"eventType": "rehearsal", "days": []int{40}}}, "partBalanceDays": 3},
			inChoir(access.ManageCommunications, 400)},
		"GetEventReminders":   {"GET", "/api/v1/choirs/{A}/events/nope/reminders", nil, inChoir(access.EditCalendar, 404)},
		"SetEventReminders":   {"PUT", "/api/v1/choirs/{A}/events/nope/reminders", map[string]any{"days": []int{3}}, inChoir(access.EditCalendar, 404)},
		"RemindNonResponders": {"POST", "/api/v1/choirs/{A}/events/nope/remind-non-responders", nil, inChoir(access.EditCalendar, 404)},
	} {
		matrix[k] = v
	}
}
