package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/billing"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// GetChoirStanding answers where a choir stands with its plan, for the
// banners: every member learns the standing; those who manage the choir
// also the plan, the trial's end and the usage against the limits.
func (s *Server) GetChoirStanding(ctx context.Context, in api.GetChoirStandingRequestObject) (api.GetChoirStandingResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ViewDashboard)
	if err != nil {
		return nil, err
	}
	out := api.GetChoirStanding200JSONResponse{Enabled: s.billing != nil, Standing: api.ChoirStandingStanding(billing.Free)}
	if s.billing == nil {
		return out, nil
	}
	st, err := s.billing.Standing(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	out.Standing = api.ChoirStandingStanding(st.Kind)
	plan, hasPlan := billing.PlanByID(st.Plan)
	if !access.Has(role, access.ManageChoir) {
		return out, nil
	}
	url := billing.PlanURL
	out.PlanUrl, out.Billed = &url, &st.Billed
	if hasPlan {
		id := api.SubscriptionPlanId(plan.ID)
		out.Plan, out.PlanName = &id, &plan.Name
		out.TrialEndsAt = &st.TrialEndsAt
	}
	if st.Kind == billing.Trial {
		out.TrialDaysLeft = &st.TrialDaysLeft
	}
	u, err := s.billing.Usage(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	out.Members, out.StorageUsedBytes = &u.Members, &u.StorageBytes
	if hasPlan && st.Limited() {
		out.MemberLimit, out.StorageLimitBytes = &plan.MemberLimit, &plan.StorageLimit
	}
	return out, nil
}
