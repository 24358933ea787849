package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/billing"
	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// GetBillingPlans answers whether this server charges for choirs and, only
// when it does, its plans: a self-hosted server has no price to show.
func (s *Server) GetBillingPlans(ctx context.Context, _ apigen.GetBillingPlansRequestObject) (apigen.GetBillingPlansResponseObject, error) {
	b := s.cfg.Billing
	out := apigen.GetBillingPlans200JSONResponse{Enabled: b.Enabled(), Plans: []apigen.SubscriptionPlan{}}
	if !b.Enabled() {
		return out, nil
	}
	for _, p := range billing.Plans() {
		out.Plans = append(out.Plans, apigen.SubscriptionPlan{
			Id: apigen.SubscriptionPlanId(p.ID), Name: p.Name, Description: p.Description,
			MemberLimit: p.MemberLimit, StorageLimitBytes: p.StorageLimit, StorageLimit: p.StorageLabel,
			MonthlyPrice: p.MonthlyPrice, Features: p.Features, Recommended: p.Recommended,
		})
	}
	if b.PricingTableID != "" {
		out.PricingTable = &apigen.PricingTable{PricingTableId: b.PricingTableID, PublishableKey: b.PublishableKey}
	}
	return out, nil
}
