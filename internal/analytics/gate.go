package analytics

import (
	"context"

	"github.com/cantica/cantica/internal/billing"
)

// AdvancedAllowed says whether a choir may see the "advanced analytics" of
// the large plan (the answers and readiness sections): billing decides
// (always with billing off; comped choirs too).
func AdvancedAllowed(ctx context.Context, choirID string) bool {
	return billing.AdvancedAllowed(ctx, choirID)
}
