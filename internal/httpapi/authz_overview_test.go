package httpapi_test

// The authorization matrix row of the global admin's overview (issue 30):
// the platform's figures are for the global admin alone.
func init() {
	matrix["GetPlatformOverview"] = route{"GET", "/api/v1/admin/overview", nil, globalOnly(200)}
}
