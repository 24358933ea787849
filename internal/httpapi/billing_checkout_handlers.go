package httpapi

import (
	"context"
	"io"
	"net/http"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/billing"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// MsgBillingOff answers the billing operations of a self-hosted server.
const MsgBillingOff = "This server has no plans or billing: every choir has every feature."

// requireBilling refuses when billing is off: there is nothing to pay.
func (s *Server) requireBilling() error {
	if s.stripe == nil {
		return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgBillingOff)
	}
	return nil
}

func payer(ctx context.Context) billing.Payer {
	u := requestFrom(ctx).user
	return billing.Payer{UserID: u.ID, Email: u.Email}
}

// GetChoirBilling shows a choir's administrators its plan and standing.
func (s *Server) GetChoirBilling(ctx context.Context, in api.GetChoirBillingRequestObject) (api.GetChoirBillingResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	if err := s.requireBilling(); err != nil {
		return nil, err
	}
	out, err := s.choirBilling(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.GetChoirBilling200JSONResponse(out), nil
}

func (s *Server) choirBilling(ctx context.Context, choirID string) (api.ChoirBilling, error) {
	sub, err := billing.Load(ctx, s.db, choirID)
	if err != nil {
		return api.ChoirBilling{}, err
	}
	// The standing the read-only check and the banners use, so that the
	// settings page never says otherwise (a choir made before billing was
	// turned on has no row and is free).
	standing, err := s.billing.Standing(ctx, choirID)
	if err != nil {
		return api.ChoirBilling{}, err
	}
	out := api.ChoirBilling{
		Plan: api.SubscriptionPlanId(sub.Plan), Status: sub.Status, Standing: api.ChoirBillingStanding(standing.Kind),
		TrialEndsAt: sub.TrialEndsAt.UTC(), CurrentPeriodEnd: sub.CurrentPeriodEnd, Comped: sub.Comped,
		Paid:      sub.StripeSubscriptionID != "" && (sub.Status == "active" || sub.Status == "trialing" || sub.Status == "past_due"),
		CanManage: sub.StripeSubscriptionID != "",
	}
	if standing.Kind == billing.Trial {
		days := standing.TrialDaysLeft
		out.TrialDaysLeft = &days
	}
	return out, nil
}

// CreateChoirCheckout sends an administrator to Stripe Checkout for a plan.
func (s *Server) CreateChoirCheckout(ctx context.Context, in api.CreateChoirCheckoutRequestObject) (api.CreateChoirCheckoutResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	if err := s.requireBilling(); err != nil {
		return nil, err
	}
	url, err := s.stripe.Checkout(ctx, payer(ctx), in.ChoirId, string(in.Body.Plan))
	if err != nil {
		return nil, err
	}
	return api.CreateChoirCheckout200JSONResponse{Url: url}, nil
}

// ChangeChoirPlan switches a choir to another plan: its Stripe subscription
// when it pays, its trial's plan otherwise.
func (s *Server) ChangeChoirPlan(ctx context.Context, in api.ChangeChoirPlanRequestObject) (api.ChangeChoirPlanResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	if err := s.requireBilling(); err != nil {
		return nil, err
	}
	if err := s.stripe.ChangePlan(ctx, in.ChoirId, string(in.Body.Plan)); err != nil {
		return nil, err
	}
	out, err := s.choirBilling(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.ChangeChoirPlan200JSONResponse(out), nil
}

// CreateBillingPortal sends an administrator to Stripe's customer portal.
func (s *Server) CreateBillingPortal(ctx context.Context, in api.CreateBillingPortalRequestObject) (api.CreateBillingPortalResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	if err := s.requireBilling(); err != nil {
		return nil, err
	}
	url, err := s.stripe.Portal(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.CreateBillingPortal200JSONResponse{Url: url}, nil
}

// CreateWizardCheckout sends a new director to Stripe Checkout from the
// onboarding wizard's plan step, before the choir exists.
func (s *Server) CreateWizardCheckout(ctx context.Context, in api.CreateWizardCheckoutRequestObject) (api.CreateWizardCheckoutResponseObject, error) {
	if err := s.requireBilling(); err != nil {
		return nil, err
	}
	url, err := s.stripe.WizardCheckout(ctx, payer(ctx), string(in.Body.Plan))
	if err != nil {
		return nil, err
	}
	return api.CreateWizardCheckout200JSONResponse{Url: url}, nil
}

// LinkChoirCheckout gives a new choir the subscription paid in the wizard.
func (s *Server) LinkChoirCheckout(ctx context.Context, in api.LinkChoirCheckoutRequestObject) (api.LinkChoirCheckoutResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	if err := s.requireBilling(); err != nil {
		return nil, err
	}
	if err := s.stripe.Link(ctx, payer(ctx), in.ChoirId, in.Body.SessionId); err != nil {
		return nil, err
	}
	out, err := s.choirBilling(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.LinkChoirCheckout200JSONResponse(out), nil
}

// webhookPattern is where Stripe sends its events: outside the API, since
// the signature covers the raw body, and without a session, since the
// signature is its only authority.
const webhookPattern = "POST /billing/webhook"

func (s *Server) stripeWebhook(w http.ResponseWriter, r *http.Request) {
	if s.stripe == nil {
		writeError(w, http.StatusNotFound, apperr.CodeNotFound, MsgBillingOff, nil)
		return
	}
	payload, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, apperr.CodeValidation, "The request body could not be read.", nil)
		return
	}
	if err := s.stripe.Webhook(r.Context(), payload, r.Header.Get("Stripe-Signature")); err != nil {
		writeHandlerError(s.logger, s.secrets, w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"received": true})
}
