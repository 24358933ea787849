package httpapi

import (
	"context"
	"errors"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/billing"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// MsgBillingOffComped refuses the free-of-charge switch on a self-hosted
// server, where every choir already is.
const MsgBillingOffComped = "Billing is off on this server: every choir is already free of charge and unlimited."

// MsgSubscriptionNoChoir answers a choir id that names no choir.
const MsgSubscriptionNoChoir = "This choir does not exist."

// ListChoirSubscriptions is the global admin's subscriptions page: every
// choir's plan, standing, usage and price, and the monthly revenue.
func (s *Server) ListChoirSubscriptions(ctx context.Context, _ api.ListChoirSubscriptionsRequestObject) (api.ListChoirSubscriptionsResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	out := api.ListChoirSubscriptions200JSONResponse{Enabled: s.cfg.Billing.Enabled(), Choirs: []api.ChoirSubscription{}}
	if !out.Enabled {
		return out, nil
	}
	list, err := billing.NewSubscriptions(s.db, s.now).List(ctx)
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		out.Choirs = append(out.Choirs, apiChoirSubscription(c))
	}
	out.MonthlyRevenueCents = int64(billing.MonthlyRevenueCents(list))
	return out, nil
}

// SetChoirComped is the free-of-charge switch of one choir.
func (s *Server) SetChoirComped(ctx context.Context, req api.SetChoirCompedRequestObject) (api.SetChoirCompedResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	if !s.cfg.Billing.Enabled() {
		return nil, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgBillingOffComped)
	}
	if req.Body == nil || req.Body.Comped == nil {
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, "Say whether the choir is free of charge (comped: true or false).")
	}
	subs := billing.NewSubscriptions(s.db, s.now)
	if err := subs.SetComped(ctx, req.ChoirId, *req.Body.Comped); errors.Is(err, billing.ErrNoChoir) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgSubscriptionNoChoir)
	} else if err != nil {
		return nil, err
	}
	list, err := subs.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		if c.ChoirID == req.ChoirId {
			return api.SetChoirComped200JSONResponse(apiChoirSubscription(c)), nil
		}
	}
	// Deleted between the two statements.
	return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgSubscriptionNoChoir)
}

func apiChoirSubscription(c billing.ChoirStanding) api.ChoirSubscription {
	out := api.ChoirSubscription{ChoirId: c.ChoirID, ChoirName: c.ChoirName, Members: c.Members, StorageBytes: c.StorageBytes,
		MonthlyPriceCents: c.MonthlyCents, Discounted: c.Discounted}
	if c.Subscription == nil {
		return out
	}
	plan := api.SubscriptionPlanId(c.Subscription.Plan)
	state := api.ChoirStandingState(c.Standing.Kind)
	out.Plan, out.Standing, out.Comped, out.CurrentPeriodEnd = &plan, &state, c.Subscription.Comped, c.Subscription.CurrentPeriodEnd
	if c.Standing.Kind == billing.Trial && c.Standing.TrialDaysLeft > 0 {
		out.TrialDaysLeft = &c.Standing.TrialDaysLeft
	}
	if p, ok := billing.PlanByID(c.Subscription.Plan); ok {
		out.MemberLimit, out.StorageLimitBytes = &p.MemberLimit, &p.StorageLimit
	}
	return out
}
