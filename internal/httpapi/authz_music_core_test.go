package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of the library's pieces, types, categories,
// voicings, list, numbers and bulk tagging (issue 15). The writes carry
// bodies that are refused or name no piece, so that the matrix leaves the
// library as it found it.
func init() {
	for k, v := range map[string]route{
		"ListMusicTypes":      {"GET", "/api/v1/choirs/{A}/music-types", nil, inChoir(access.ViewMusic, 200)},
		"CreateMusicType":     {"POST", "/api/v1/choirs/{A}/music-types", map[string]any{"name": ""}, inChoir(access.EditMusic, 400)},
		"ListMusicCategories": {"GET", "/api/v1/choirs/{A}/music-categories", nil, inChoir(access.ViewMusic, 200)},
		"CreateMusicCategory": {"POST", "/api/v1/choirs/{A}/music-categories", map[string]any{"name": ""}, inChoir(access.EditMusic, 400)},
		"ListVoicings":        {"GET", "/api/v1/choirs/{A}/voicings", nil, inChoir(access.ViewMusic, 200)},
		"CreateVoicing":       {"POST", "/api/v1/choirs/{A}/voicings", map[string]any{"name": "", "numDistinctParts": 4}, inChoir(access.EditMusic, 400)},
		"ListMusic":           {"GET", "/api/v1/choirs/{A}/music?q=ave&sort=composer", nil, inChoir(access.ViewMusic, 200)},
		"CreateMusic":         {"POST", "/api/v1/choirs/{A}/music", map[string]any{"title": ""}, inChoir(access.EditMusic, 400)},
		"ListLibraryNumbers":  {"GET", "/api/v1/choirs/{A}/music/numbers", nil, inChoir(access.ViewMusic, 200)},
		"BulkTagMusic":        {"POST", "/api/v1/choirs/{A}/music/bulk-tag", map[string]any{"ids": []string{}, "tagIds": []string{}}, inChoir(access.EditMusic, 400)},
		"GetMusic":            {"GET", "/api/v1/choirs/{A}/music/nope", nil, inChoir(access.ViewMusic, 404)},
		"UpdateMusic":         {"PUT", "/api/v1/choirs/{A}/music/nope", map[string]any{"title": "Ave Maria"}, inChoir(access.EditMusic, 404)},
		"ArchiveMusic":        {"POST", "/api/v1/choirs/{A}/music/nope/archive", nil, inChoir(access.EditMusic, 404)},
		"RestoreMusic":        {"POST", "/api/v1/choirs/{A}/music/nope/restore", nil, inChoir(access.EditMusic, 404)},
	} {
		matrix[k] = v
	}
}
