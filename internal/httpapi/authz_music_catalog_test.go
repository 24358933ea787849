package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of the library's catalogue: tags,
// composers, matching, CSV import and export.
func init() {
	for k, v := range map[string]route{
		"ListTags":  {"GET", "/api/v1/choirs/{A}/tags", nil, inChoir(access.ViewMusic, 200)},
		"CreateTag": {"POST", "/api/v1/choirs/{A}/tags", map[string]any{"name": ""}, inChoir(access.EditMusic, 400)},
		"UpdateTag": {"PUT", "/api/v1/choirs/{A}/tags/nope", map[string]any{"name": "Advent"}, inChoir(access.EditMusic, 404)},
		"DeleteTag": {"DELETE", "/api/v1/choirs/{A}/tags/nope", nil, inChoir(access.EditMusic, 404)},
	} {
		matrix[k] = v
	}
}
