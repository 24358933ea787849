package analytics

import "context"

// AdvancedAllowed says whether a choir may see the "advanced analytics" of
// the large plan (the answers and readiness sections). Every choir may until
// plans arrive; billing will decide it here, in this one place.
func AdvancedAllowed(ctx context.Context, choirID string) bool { return true }
