// Package billing holds the subscription plans of a hosted Cantica (accounts
// spec §9) and, when billing is on, each choir's trial, subscription and
// limits. With billing off (the default, a self-hosted server) no plan
// applies and nothing is limited.
package billing

// Plan is one subscription plan. The plans are defined here once; the web app
// reads them from the API.
type Plan struct {
	ID          string
	Name        string
	Description string
	MemberLimit int
	// StorageLimit is in bytes; StorageLabel is how users read it.
	StorageLimit int64
	StorageLabel string
	MonthlyPrice int // US dollars
	Features     []string
	Recommended  bool
	// AdvancedAnalytics opens the analytics that only the large plan has.
	AdvancedAnalytics bool
}

// DefaultPlan is the plan selected until the user chooses (accounts §4.11).
const DefaultPlan = "medium"

const mebibyte = 1 << 20

// plans are the three plans of accounts §9, smallest first.
var plans = []Plan{
	{
		ID:           "small",
		Name:         "Small Choir",
		Description:  "For scholas and small ensembles getting organised.",
		MemberLimit:  15,
		StorageLimit: 500 * mebibyte,
		StorageLabel: "500MB",
		MonthlyPrice: 12,
		Features:     []string{"Up to 15 members", "500MB storage", "Unlimited music pieces", "Basic practice scheduling", "Email support"},
	},
	{
		ID:           "medium",
		Name:         "Medium Choir",
		Description:  "For parish and community choirs that rehearse every week.",
		MemberLimit:  30,
		StorageLimit: 1024 * mebibyte,
		StorageLabel: "1GB",
		MonthlyPrice: 19,
		Features:     []string{"Up to 30 members", "1GB storage", "Unlimited music pieces", "Advanced practice scheduling", "Priority email support"},
		Recommended:  true,
	},
	{
		ID:                "large",
		Name:              "Large Choir",
		Description:       "For large choirs and music programmes with several sections.",
		MemberLimit:       50,
		StorageLimit:      2048 * mebibyte,
		StorageLabel:      "2GB",
		MonthlyPrice:      29,
		Features:          []string{"Up to 50 members", "2GB storage", "Unlimited music pieces", "Advanced practice scheduling", "Advanced analytics", "Phone support"},
		AdvancedAnalytics: true,
	},
}

// Plans returns the three plans, smallest first. The slice is a copy.
func Plans() []Plan {
	out := make([]Plan, len(plans))
	copy(out, plans)
	return out
}

// PlanByID returns the plan with the given id.
func PlanByID(id string) (Plan, bool) {
	for _, p := range plans {
		if p.ID == id {
			return p, true
		}
	}
	return Plan{}, false
}
