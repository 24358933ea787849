package billing

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// MsgNoPlanToChange refuses a plan change for a choir without a
// subscription row: one made before billing was on, which is free.
const MsgNoPlanToChange = "This choir is free of charge: it has no plan to change."

// MsgCardDeclined refuses a plan change whose difference the card on file
// could not pay.
const MsgCardDeclined = "The card on file was declined, so the plan was not changed. Update the card in 'Manage billing', then try again."

// ChangePlan switches choirID to plan. A choir that pays through Stripe has
// its subscription's item moved to the plan's price (Stripe prorates the
// difference); a choir on its trial, with no live Stripe subscription, just
// changes the plan it tries. Either way a plan the choir's members or files
// do not fit is refused (409 PLAN_LIMIT): this is why plans change here and
// not in Stripe's customer portal, which cannot ask.
func (s *Stripe) ChangePlan(ctx context.Context, choirID, plan string) error {
	price, ok := s.cfg.Prices[plan]
	if !ok {
		return apperr.Validation(map[string]string{"plan": MsgPlanUnknown}, "plan")
	}
	sub, found, err := readSubscription(ctx, s.db, choirID)
	if err != nil {
		return err
	}
	if !found {
		return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgNoPlanToChange)
	}
	if sub.Plan == plan {
		return nil
	}
	// The plan is recorded first, in the transaction that counts the usage
	// (see recordPlan): from then on invitations meet the new plan's limit,
	// so none slips past a smaller one while Stripe is asked.
	if err := s.recordPlan(ctx, choirID, plan); err != nil {
		return err
	}
	if !sub.Billed() {
		return nil // a trial: nothing is paid yet
	}
	if err := s.moveSubscription(ctx, choirID, sub.StripeSubscriptionID, plan, price); err != nil {
		// The choir keeps the plan it pays for. Stripe's
		// customer.subscription.updated re-reads the price in any case.
		_, undo := s.db.ExecContext(context.WithoutCancel(ctx), `UPDATE choir_subscriptions SET plan = ?, updated_at = ?
			WHERE choir_id = ? AND plan = ?`, sub.Plan, s.now().UTC(), choirID, plan)
		if undo != nil {
			return errors.Join(err, fmt.Errorf("billing: put back plan %s of choir %s: %w", sub.Plan, choirID, undo))
		}
		return err
	}
	return nil
}

// moveSubscription moves a Stripe subscription's item to the plan's price.
func (s *Stripe) moveSubscription(ctx context.Context, choirID, subscriptionID, plan, price string) error {
	current, err := s.client.V1Subscriptions.Retrieve(ctx, subscriptionID, nil)
	if err != nil {
		return stripeFailed("read subscription "+subscriptionID+" of choir "+choirID, err)
	}
	if current.Items == nil || len(current.Items.Data) == 0 {
		return stripeFailed("change the plan of choir "+choirID, fmt.Errorf("subscription %s has no item", current.ID))
	}
	params := &stripe.SubscriptionUpdateParams{
		Items: []*stripe.SubscriptionUpdateItemParams{{ID: stripe.String(current.Items.Data[0].ID), Price: stripe.String(price)}},
		// The difference is charged or credited for the rest of the period.
		ProrationBehavior: stripe.String("create_prorations"),
		Metadata:          map[string]string{"plan": plan},
	}
	if _, err := s.client.V1Subscriptions.Update(ctx, subscriptionID, params); err != nil {
		if se, ok := errors.AsType[*stripe.Error](err); ok && se.Type == stripe.ErrorTypeCard {
			return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgCardDeclined)
		}
		return stripeFailed("move subscription "+subscriptionID+" of choir "+choirID+" to plan "+plan, err)
	}
	return nil
}

// recordPlan writes a choir's plan if the choir fits it. The plan is written
// first, which locks the row as an invitation's ReserveSeats does, so the
// usage counted next cannot miss an invitation being added at the same moment.
func (s *Stripe) recordPlan(ctx context.Context, choirID, plan string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		now := s.now()
		if _, err := tx.ExecContext(ctx, `UPDATE choir_subscriptions SET plan = ?, updated_at = ? WHERE choir_id = ?`,
			plan, now.UTC(), choirID); err != nil {
			return fmt.Errorf("billing: change the plan of choir %s to %s: %w", choirID, plan, err)
		}
		return fits(ctx, tx, choirID, plan, now)
	})
}

// portalConfigKey marks, in its metadata, the customer portal configuration
// Cantica opens: cards, invoices and cancelling, but no plan switch (see
// ChangePlan). Found by it after a restart, created when missing.
const (
	portalConfigKey   = "cantica_portal"
	portalConfigValue = "no-plan-switch"
)

// portalConfiguration is the id of Cantica's customer portal configuration,
// found in the Stripe account or created there the first time, and kept.
func (s *Stripe) portalConfiguration(ctx context.Context) (string, error) {
	s.portalMu.Lock()
	defer s.portalMu.Unlock()
	if s.portalConfig != "" {
		return s.portalConfig, nil
	}
	for c, err := range s.client.V1BillingPortalConfigurations.List(ctx, &stripe.BillingPortalConfigurationListParams{Active: stripe.Bool(true)}) {
		if err != nil {
			return "", stripeFailed("list the customer portal configurations", err)
		}
		if c.Metadata[portalConfigKey] == portalConfigValue {
			s.portalConfig = c.ID
			return c.ID, nil
		}
	}
	on, off := stripe.Bool(true), stripe.Bool(false)
	c, err := s.client.V1BillingPortalConfigurations.Create(ctx, &stripe.BillingPortalConfigurationCreateParams{
		Name: stripe.String("Cantica: card, invoices and cancelling"),
		Features: &stripe.BillingPortalConfigurationCreateFeaturesParams{
			CustomerUpdate: &stripe.BillingPortalConfigurationCreateFeaturesCustomerUpdateParams{
				Enabled: on, AllowedUpdates: stripe.StringSlice([]string{"email", "address", "name"}),
			},
			InvoiceHistory:      &stripe.BillingPortalConfigurationCreateFeaturesInvoiceHistoryParams{Enabled: on},
			PaymentMethodUpdate: &stripe.BillingPortalConfigurationCreateFeaturesPaymentMethodUpdateParams{Enabled: on},
			SubscriptionCancel: &stripe.BillingPortalConfigurationCreateFeaturesSubscriptionCancelParams{
				Enabled: on, Mode: stripe.String("at_period_end"),
			},
			// Plans change in Cantica, which refuses a plan the choir does not fit.
			SubscriptionUpdate: &stripe.BillingPortalConfigurationCreateFeaturesSubscriptionUpdateParams{Enabled: off},
		},
		Metadata: map[string]string{portalConfigKey: portalConfigValue},
	})
	if err != nil {
		return "", stripeFailed("create the customer portal configuration", err)
	}
	s.portalConfig = c.ID
	return c.ID, nil
}
