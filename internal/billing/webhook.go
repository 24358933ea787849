package billing

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/mail"
)

// MsgBadSignature answers a webhook call that Stripe did not sign.
const MsgBadSignature = "The Stripe-Signature header does not match this payload."

// Webhook handles one event Stripe sent to POST /billing/webhook: it checks
// the signature, processes each event id once (stripe_events), and writes the
// choir's subscription as Stripe has it now, re-read from Stripe rather than
// taken from the event, so that events arriving late or out of order cannot
// leave an old state behind. An error other than a 400 makes Stripe retry.
func (s *Stripe) Webhook(ctx context.Context, payload []byte, signature string) error {
	// Stripe's API version of the endpoint may differ from the library's:
	// only the event's id, type and object id are read from it.
	ev, err := webhook.ConstructEventWithOptions(payload, signature, s.cfg.WebhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return &apperr.Error{Kind: apperr.Invalid, Code: apperr.CodeValidation, Message: MsgBadSignature, Cause: err}
	}
	var seen int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM stripe_events WHERE event_id = ?`, ev.ID).Scan(&seen); err != nil {
		return fmt.Errorf("billing: look up Stripe event %s: %w", ev.ID, err)
	}
	if seen > 0 {
		return nil
	}
	var sub *stripe.Subscription
	if id := subscriptionIDOf(ev); id != "" {
		if sub, err = s.client.V1Subscriptions.Retrieve(ctx, id, nil); err != nil {
			return fmt.Errorf("billing: re-read subscription %s for event %s: %w", id, ev.ID, err)
		}
	}
	mailed := false
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		// The unique key decides between two deliveries of one event at once.
		if _, err := tx.ExecContext(ctx, `INSERT INTO stripe_events (event_id, event_type, received_at) VALUES (?, ?, ?)`,
			ev.ID, string(ev.Type), s.now().UTC()); err != nil {
			if db.IsUniqueViolation(err) {
				return errDuplicate
			}
			return fmt.Errorf("billing: note Stripe event %s: %w", ev.ID, err)
		}
		if sub == nil {
			return nil
		}
		notify, err := s.applyReferenced(ctx, tx, sub, referencedChoir(ev))
		if err != nil {
			return err
		}
		// In the same transaction: the email goes exactly when the state
		// that calls for it is written.
		for _, m := range notify {
			if err := s.mailer.Enqueue(ctx, tx, m); err != nil {
				return fmt.Errorf("billing: queue the payment-failed email of choir %s: %w", m.ChoirID, err)
			}
		}
		mailed = len(notify) > 0
		return nil
	})
	if errors.Is(err, errDuplicate) {
		return nil
	}
	if err != nil {
		return err
	}
	if mailed {
		s.mailer.Kick()
	}
	return nil
}

var errDuplicate = errors.New("billing: event already processed")

// referencedChoir is the choir a checkout.session.completed names in its
// client_reference_id: the /pricing page's table and cards pass the signed-in
// administrator's choir (the wizard's checkout passes the user, whose choir
// does not exist yet, and is linked by Link). "" for any other event, or a
// reference that is no choir id.
func referencedChoir(ev stripe.Event) string {
	if ev.Type != stripe.EventTypeCheckoutSessionCompleted || ev.Data == nil {
		return ""
	}
	var obj struct {
		ClientReferenceID string `json:"client_reference_id"`
	}
	if json.Unmarshal(ev.Data.Raw, &obj) != nil {
		return ""
	}
	if _, err := uuid.Parse(obj.ClientReferenceID); err != nil {
		return ""
	}
	return obj.ClientReferenceID
}

// subscriptionIDOf is the subscription an event is about, for the events
// that change a choir's standing; "" for any other event.
func subscriptionIDOf(ev stripe.Event) string {
	if ev.Data == nil {
		return ""
	}
	var obj struct {
		ID           string          `json:"id"`
		Subscription json.RawMessage `json:"subscription"`
		Parent       *struct {
			SubscriptionDetails *struct {
				Subscription json.RawMessage `json:"subscription"`
			} `json:"subscription_details"`
		} `json:"parent"`
	}
	if json.Unmarshal(ev.Data.Raw, &obj) != nil {
		return ""
	}
	switch ev.Type {
	case stripe.EventTypeCustomerSubscriptionCreated, stripe.EventTypeCustomerSubscriptionUpdated,
		stripe.EventTypeCustomerSubscriptionDeleted, stripe.EventTypeCustomerSubscriptionPaused,
		stripe.EventTypeCustomerSubscriptionResumed, stripe.EventTypeCustomerSubscriptionTrialWillEnd,
		stripe.EventTypeCustomerSubscriptionPendingUpdateApplied, stripe.EventTypeCustomerSubscriptionPendingUpdateExpired:
		return obj.ID
	case stripe.EventTypeCheckoutSessionCompleted:
		return idOf(obj.Subscription)
	case stripe.EventTypeInvoicePaymentFailed:
		if id := idOf(obj.Subscription); id != "" { // API versions before 2025-03-31
			return id
		}
		if obj.Parent != nil && obj.Parent.SubscriptionDetails != nil {
			return idOf(obj.Parent.SubscriptionDetails.Subscription)
		}
	}
	return ""
}

// idOf reads a Stripe reference that is either an id or an expanded object.
func idOf(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	if id, ok := stripe.ParseID(raw); ok {
		return id
	}
	var obj struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(raw, &obj)
	return obj.ID
}

// apply writes sub as the choir's subscription and returns the emails to
// send when it has just fallen past due.
func (s *Stripe) apply(ctx context.Context, tx *db.Tx, sub *stripe.Subscription) ([]mail.Message, error) {
	return s.applyReferenced(ctx, tx, sub, "")
}

// applyReferenced is apply for a subscription that a checkout session
// names a choir for (reference, "" when none): the choir it is for when
// neither its metadata nor an earlier event has said. Such a subscription
// (paid from Stripe's pricing table on /pricing) never replaces one the
// choir already pays with: that would hide a double charge.
func (s *Stripe) applyReferenced(ctx context.Context, tx *db.Tx, sub *stripe.Subscription, reference string) ([]mail.Message, error) {
	choirID := sub.Metadata["choir_id"]
	if choirID == "" {
		err := tx.QueryRowContext(ctx, `SELECT choir_id FROM choir_subscriptions WHERE stripe_subscription_id = ?`, sub.ID).Scan(&choirID)
		if errors.Is(err, sql.ErrNoRows) && reference == "" {
			// Paid for in the wizard before its choir exists: the choir
			// takes it over when it is created (Link).
			return nil, nil
		}
		if errors.Is(err, sql.ErrNoRows) {
			choirID = reference
		} else if err != nil {
			return nil, fmt.Errorf("billing: find the choir of subscription %s: %w", sub.ID, err)
		}
	}
	var choirName string
	err := tx.QueryRowContext(ctx, `SELECT name FROM choirs WHERE id = ?`, choirID).Scan(&choirName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil // the choir was deleted
	}
	if err != nil {
		return nil, fmt.Errorf("billing: read choir %s: %w", choirID, err)
	}
	cur, err := Load(ctx, tx, choirID)
	if err != nil {
		return nil, err
	}
	// News of an ended subscription never replaces the one the choir pays
	// with now.
	if cur.StripeSubscriptionID != "" && cur.StripeSubscriptionID != sub.ID && !liveStatus(string(sub.Status)) {
		return nil, nil
	}
	if choirID == reference && cur.StripeSubscriptionID != "" && cur.StripeSubscriptionID != sub.ID && liveStatus(cur.Status) {
		s.logger.Warn("billing: a second subscription was paid for a choir that already pays; it is not attached and should be refunded",
			"choir", choirID, "subscription", sub.ID, "paying_with", cur.StripeSubscriptionID)
		return nil, nil
	}
	plan := cur.Plan
	var periodEnd *time.Time
	if sub.Items != nil && len(sub.Items.Data) > 0 {
		item := sub.Items.Data[0]
		if item.Price != nil {
			if p, ok := s.planOfPrice(item.Price.ID); ok {
				plan = p
			} else {
				s.logger.Warn("billing: subscription has a price of no plan; the plan is kept", "subscription", sub.ID, "price", item.Price.ID)
			}
		}
		if item.CurrentPeriodEnd > 0 {
			t := time.Unix(item.CurrentPeriodEnd, 0).UTC()
			periodEnd = &t
		}
	}
	payer := cur.PayerUserID
	if sub.Customer != nil {
		var userID string
		err := tx.QueryRowContext(ctx, `SELECT user_id FROM billing_customers WHERE stripe_customer_id = ?`, sub.Customer.ID).Scan(&userID)
		switch {
		case err == nil:
			payer = userID
		case !errors.Is(err, sql.ErrNoRows):
			return nil, fmt.Errorf("billing: find the payer of subscription %s: %w", sub.ID, err)
		}
	}
	now := s.now().UTC().Truncate(time.Microsecond)
	status := string(sub.Status)
	failedNow := sub.Status == stripe.SubscriptionStatusPastDue && cur.Status != status
	var payerArg any
	if payer != "" {
		payerArg = payer
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO choir_subscriptions
		(choir_id, plan, status, trial_ends_at, current_period_end, payer_user_id, stripe_subscription_id, payment_failed_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (choir_id) DO UPDATE SET plan = excluded.plan, status = excluded.status,
			current_period_end = excluded.current_period_end, payer_user_id = excluded.payer_user_id,
			stripe_subscription_id = excluded.stripe_subscription_id,
			payment_failed_at = CASE WHEN excluded.status = 'past_due' THEN COALESCE(choir_subscriptions.payment_failed_at, excluded.updated_at)
				WHEN excluded.status IN ('active', 'trialing') THEN NULL ELSE choir_subscriptions.payment_failed_at END,
			updated_at = excluded.updated_at`,
		choirID, plan, status, cur.TrialEndsAt.UTC(), periodEnd, payerArg, sub.ID, pastDueSince(status, now), now, now)
	if err != nil {
		return nil, fmt.Errorf("billing: write the subscription of choir %s: %w", choirID, err)
	}
	if !failedNow {
		return nil, nil
	}
	return s.paymentFailedMail(ctx, tx, choirID, choirName, plan)
}

// pastDueSince is payment_failed_at of a new row.
func pastDueSince(status string, now time.Time) any {
	if status == string(stripe.SubscriptionStatusPastDue) {
		return now
	}
	return nil
}

func (s *Stripe) planOfPrice(price string) (string, bool) {
	for plan, id := range s.cfg.Prices {
		if id == price {
			return plan, true
		}
	}
	return "", false
}

// paymentFailedMail tells each administrator of the choir that a payment
// failed and where to put it right.
func (s *Stripe) paymentFailedMail(ctx context.Context, tx *db.Tx, choirID, choirName, plan string) ([]mail.Message, error) {
	rows, err := tx.QueryContext(ctx, `SELECT u.email, p.first_name FROM user_choir_membership m
		JOIN users u ON u.id = m.user_id JOIN user_profile p ON p.id = m.user_id
		WHERE m.choir_id = ? AND m.role = 'choir_admin' AND m.is_active = TRUE AND m.status = 'active' AND u.deactivated_at IS NULL
		ORDER BY u.email`, choirID)
	if err != nil {
		return nil, fmt.Errorf("billing: read the administrators of choir %s: %w", choirID, err)
	}
	type admin struct{ email, first string }
	admins, err := db.All(rows, func(row db.Scanner) (admin, error) {
		var a admin
		err := row.Scan(&a.email, &a.first)
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("billing: read the administrators of choir %s: %w", choirID, err)
	}
	planName := plan
	if p, ok := PlanByID(plan); ok {
		planName = p.Name
	}
	var msgs []mail.Message
	for _, a := range admins {
		m, err := mail.Render("payment_failed", "Payment failed for "+choirName, a.email, struct {
			FirstName, ChoirName, PlanName, Link string
		}{a.first, choirName, planName, s.baseURL + "/dashboard/settings/choir#plan"})
		if err != nil {
			return nil, err
		}
		m.ChoirID = choirID
		msgs = append(msgs, m)
	}
	return msgs, nil
}
