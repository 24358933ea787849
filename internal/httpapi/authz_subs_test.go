package httpapi_test

// The authorization matrix rows of the global admin's subscriptions page
// (issue 29). The matrix's server has billing off: the list is empty and the
// free-of-charge switch refused with 409, to the global admin alone.
func init() {
	for k, v := range map[string]route{
		"ListChoirSubscriptions": {"GET", "/api/v1/admin/subscriptions", nil, globalOnly(200)},
		"SetChoirComped":         {"PUT", "/api/v1/admin/subscriptions/{A}/comped", map[string]any{"comped": true}, globalOnly(409)},
	} {
		matrix[k] = v
	}
}
