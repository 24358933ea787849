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

		"ListComposers":       {"GET", "/api/v1/choirs/{A}/composers?q=bach", nil, inChoir(access.ViewMusic, 200)},
		"CreateComposer":      {"POST", "/api/v1/choirs/{A}/composers", map[string]any{"name": ""}, inChoir(access.EditMusic, 400)},
		"UpdateComposer":      {"PUT", "/api/v1/choirs/{A}/composers/nope", map[string]any{"name": "Bach"}, inChoir(access.EditMusic, 404)},
		"DeleteComposer":      {"DELETE", "/api/v1/choirs/{A}/composers/nope", nil, inChoir(access.EditMusic, 404)},
		"MatchComposer":       {"GET", "/api/v1/choirs/{A}/composers/match?name=J.S.%20Bach", nil, inChoir(access.ViewMusic, 200)},
		"LoadFamousComposers": {"POST", "/api/v1/choirs/{A}/composers/famous", nil, inChoir(access.EditMusic, 200)},

		"PreviewMusicImport": {"POST", "/api/v1/choirs/{A}/music/import/preview", map[string]any{"csv": "title\nAve verum corpus\n"}, inChoir(access.EditMusic, 200)},
		"ImportMusic":        {"POST", "/api/v1/choirs/{A}/music/import", map[string]any{"csv": "title\n\"\"\n"}, inChoir(access.EditMusic, 400)},
		"ExportMusic":        {"GET", "/api/v1/choirs/{A}/music/export", nil, inChoir(access.ViewMusic, 200)},
	} {
		matrix[k] = v
	}
}
