package httpapi_test

// The authorization matrix rows of the help center (issue 30): open to
// everyone, signed in or not.
func init() {
	for k, v := range map[string]route{
		"ListHelpGuides": {"GET", "/api/v1/help/guides?q=practice", nil, row(200)},
		"GetHelpGuide":   {"GET", "/api/v1/help/guides/practice-studio", nil, row(200)},
	} {
		matrix[k] = v
	}
}
