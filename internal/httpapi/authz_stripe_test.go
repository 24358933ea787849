package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of checkout, the customer portal and a
// choir's plan (issue 29). The matrix runs with billing off, so whoever
// gets past the permission check learns that there is no billing (404);
// billing_stripe_test.go runs them with billing on.
func init() {
	for k, v := range map[string]route{
		"CreateWizardCheckout": {"POST", "/api/v1/billing/checkout", map[string]any{"plan": "medium"}, signedIn(404)},
		"GetChoirBilling":      {"GET", "/api/v1/choirs/{A}/billing", nil, inChoir(access.ManageChoir, 404)},
		"CreateChoirCheckout":  {"POST", "/api/v1/choirs/{A}/billing/checkout", map[string]any{"plan": "medium"}, inChoir(access.ManageChoir, 404)},
		"CreateBillingPortal":  {"POST", "/api/v1/choirs/{A}/billing/portal", nil, inChoir(access.ManageChoir, 404)},
		"ChangeChoirPlan":      {"PUT", "/api/v1/choirs/{A}/billing/plan", map[string]any{"plan": "large"}, inChoir(access.ManageChoir, 404)},
		"LinkChoirCheckout":    {"POST", "/api/v1/choirs/{A}/billing/link", map[string]any{"sessionId": "cs_test_1"}, inChoir(access.ManageChoir, 404)},
	} {
		matrix[k] = v
	}
}
