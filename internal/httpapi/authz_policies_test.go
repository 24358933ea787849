package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of choir policies and attendance rules
// (issue 30). Choir A has no policy, so the rows naming one answer 404 to
// those allowed.
func init() {
	valid := map[string]any{"title": "Attendance", "body": "Come to rehearsals."}
	for k, v := range map[string]route{
		"ListPolicies":              {"GET", "/api/v1/choirs/{A}/policies", nil, inChoir(access.ViewDashboard, 200)},
		"CreatePolicy":              {"POST", "/api/v1/choirs/{A}/policies", map[string]any{"title": "", "body": ""}, inChoir(access.ManageChoir, 400)},
		"UpdatePolicy":              {"PUT", "/api/v1/choirs/{A}/policies/nope", valid, inChoir(access.ManageChoir, 404)},
		"DeletePolicy":              {"DELETE", "/api/v1/choirs/{A}/policies/nope", nil, inChoir(access.ManageChoir, 404)},
		"ListPolicyVersions":        {"GET", "/api/v1/choirs/{A}/policies/nope/versions", nil, inChoir(access.ManageChoir, 404)},
		"AcknowledgePolicy":         {"POST", "/api/v1/choirs/{A}/policies/nope/acknowledge", map[string]any{"version": 1}, inChoir(access.ViewDashboard, 404)},
		"GetPolicyAcknowledgements": {"GET", "/api/v1/choirs/{A}/policies/nope/acknowledgements", nil, inChoir(access.ManageChoir, 404)},
		"RemindPolicy":              {"POST", "/api/v1/choirs/{A}/policies/nope/remind", nil, inChoir(access.ManageChoir, 404)},
		"GetAttendanceRules":        {"GET", "/api/v1/choirs/{A}/attendance-rules", nil, inChoir(access.ManageChoir, 200)},
		"SaveAttendanceRules":       {"PUT", "/api/v1/choirs/{A}/attendance-rules", map[string]any{"period": "never", "mandatoryTypes": []string{}}, inChoir(access.ManageChoir, 400)},
		"ListAttendanceStanding":    {"GET", "/api/v1/choirs/{A}/attendance-standing", nil, inChoir(access.ManageChoir, 200)},
		"GetMyAttendanceStanding":   {"GET", "/api/v1/choirs/{A}/attendance-standing/me", nil, inChoir(access.ViewDashboard, 200)},
	} {
		matrix[k] = v
	}
}
