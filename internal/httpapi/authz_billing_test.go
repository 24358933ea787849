package httpapi_test

// The authorization matrix rows of billing (issue 29).
func init() {
	for k, v := range map[string]route{
		// Public: the pricing page and the landing page read it signed out.
		"GetBillingPlans": {"GET", "/api/v1/billing/plans", nil, row(200)},
	} {
		matrix[k] = v
	}
}
