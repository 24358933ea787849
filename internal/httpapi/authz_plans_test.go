package httpapi_test

import "github.com/cantica/cantica/internal/access"

// planEdit: edit:music or edit:calendar — the choir's administrators and
// global admins; members and guests hold neither.
func planEdit(status int) [7]int { return [7]int{401, 403, 403, 404, 404, status, status} }

// The authorization matrix rows of plans and templates (issue 18). They
// name no plan, so that the matrix leaves choir A as it found it.
func init() {
	for k, v := range map[string]route{
		"ListPlans":           {"GET", "/api/v1/choirs/{A}/plans?date=2026-11-29", nil, inChoir(access.ViewCalendar, 200)},
		"CreatePlan":          {"POST", "/api/v1/choirs/{A}/plans", map[string]any{"date": "29 November"}, planEdit(400)},
		"GetNextService":      {"GET", "/api/v1/choirs/{A}/plans/next-service", nil, inChoir(access.ViewCalendar, 200)},
		"GetPlan":             {"GET", "/api/v1/choirs/{A}/plans/nope", nil, inChoir(access.ViewCalendar, 404)},
		"UpdatePlan":          {"PUT", "/api/v1/choirs/{A}/plans/nope", map[string]any{"title": "", "notes": "", "slots": []any{}, "version": 1}, planEdit(404)},
		"DeletePlan":          {"DELETE", "/api/v1/choirs/{A}/plans/nope", nil, planEdit(404)},
		"CopyPlan":            {"POST", "/api/v1/choirs/{A}/plans/nope/copy", map[string]any{"fromPlanId": "other"}, planEdit(404)},
		"ListPlanCopySources": {"GET", "/api/v1/choirs/{A}/plans/nope/copy-sources", nil, inChoir(access.ViewCalendar, 404)},
		"GetEventPlan":        {"GET", "/api/v1/choirs/{A}/events/nope/plan", nil, inChoir(access.ViewCalendar, 404)},
		"ListPlanTemplates":   {"GET", "/api/v1/choirs/{A}/plan-templates", nil, inChoir(access.ViewCalendar, 200)},
		"SetPlanTemplate":     {"PUT", "/api/v1/choirs/{A}/plan-templates/concert", map[string]any{"slots": []any{}}, planEdit(200)},
	} {
		matrix[k] = v
	}
}
