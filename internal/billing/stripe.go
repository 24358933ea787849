package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/mail"
)

// MultiChoirCoupon is the Stripe coupon of the 10 % multi-choir discount
// (accounts §1, §2.13). Cantica creates it in the Stripe account the first
// time it is needed, so an operator has nothing to set up for it.
const MultiChoirCoupon = "cantica-multi-choir-10"

// Messages of checkout and the customer portal.
const (
	MsgPlanUnknown        = "Choose one of the plans: small, medium or large."
	MsgAlreadySubscribed  = "This choir already pays for a plan: use 'Change plan' to switch plans, or 'Manage billing' to cancel."
	MsgNoCustomer         = "Nobody has paid for this choir yet: choose a plan first."
	MsgCheckoutNotFound   = "This checkout was not found. Please choose your plan again."
	MsgCheckoutNotFinshed = "This checkout is not finished yet. Please complete the payment first."
	MsgCheckoutUsed       = "This checkout already pays for another choir."
	MsgStripeUnavailable  = "The payment provider could not be reached. Please try again in a minute."
)

// Stripe is checkout, the customer portal and the webhooks of a hosted
// Cantica. It exists only when billing is on.
type Stripe struct {
	db      *db.DB
	cfg     config.BillingConfig
	client  *stripe.Client
	mailer  *mail.Mailer
	baseURL string
	logger  *slog.Logger
	now     func() time.Time

	portalMu     sync.Mutex
	portalConfig string // see portalConfiguration
}

// NewStripe builds the Stripe side of billing, or nil when billing is off:
// a self-hosted server never talks to Stripe.
func NewStripe(d *db.DB, cfg config.Config, mailer *mail.Mailer, logger *slog.Logger, now func() time.Time) *Stripe {
	if !cfg.Billing.Enabled() {
		return nil
	}
	backend := &stripe.BackendConfig{
		HTTPClient: &http.Client{Timeout: 20 * time.Second},
		// Stripe's library logs request errors with their bodies; ours
		// are logged by the caller, without secrets.
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if cfg.Billing.APIURL != "" {
		backend.URL = stripe.String(cfg.Billing.APIURL)
	}
	return &Stripe{
		db: d, cfg: cfg.Billing, mailer: mailer, baseURL: cfg.BaseURL.String(), logger: logger, now: now,
		client: stripe.NewClient(cfg.Billing.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(backend))),
	}
}

// Payer is the signed-in person who pays.
type Payer struct {
	UserID string
	Email  string
}

// stripeFailed is the refusal shown when Stripe cannot be reached or
// refuses a request: the details go to the log, never to the user.
func stripeFailed(what string, err error) error {
	return apperr.Failed(apperr.CodeInternal, MsgStripeUnavailable, fmt.Errorf("billing: %s: %w", what, err))
}

// Checkout opens a Stripe Checkout session that subscribes choirID to plan,
// paid by payer: the rest of the choir's trial is carried over, and a payer
// who already pays for another choir gets the multi-choir discount. It
// returns the address of Stripe's payment page.
func (s *Stripe) Checkout(ctx context.Context, payer Payer, choirID, plan string) (string, error) {
	price, ok := s.cfg.Prices[plan]
	if !ok {
		return "", apperr.Validation(map[string]string{"plan": MsgPlanUnknown}, "plan")
	}
	if err := CanSwitch(ctx, choirID, plan); err != nil {
		return "", err
	}
	sub, err := s.subscriptionOf(ctx, choirID)
	if err != nil {
		return "", err
	}
	if sub.Billed() {
		return "", apperr.New(apperr.Conflict, apperr.CodeConflict, MsgAlreadySubscribed)
	}
	discount, err := s.paysForAnotherChoir(ctx, payer.UserID, choirID)
	if err != nil {
		return "", err
	}
	customer, err := s.customer(ctx, payer)
	if err != nil {
		return "", err
	}
	meta := map[string]string{"choir_id": choirID, "user_id": payer.UserID, "plan": plan}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModeSubscription)),
		Customer:          stripe.String(customer),
		ClientReferenceID: stripe.String(choirID),
		LineItems:         []*stripe.CheckoutSessionCreateLineItemParams{{Price: stripe.String(price), Quantity: stripe.Int64(1)}},
		SuccessURL:        stripe.String(s.baseURL + "/dashboard/settings/choir?checkout=success#plan"),
		CancelURL:         stripe.String(s.baseURL + "/dashboard/settings/choir#plan"),
		Metadata:          meta,
		SubscriptionData:  &stripe.CheckoutSessionCreateSubscriptionDataParams{Metadata: meta},
	}
	if end, ok := trialCarriedOver(sub.TrialEndsAt, s.now()); ok {
		params.SubscriptionData.TrialEnd = stripe.Int64(end.Unix())
	}
	cs, err := s.createSession(ctx, params, discount, "the checkout session of choir "+choirID)
	if err != nil {
		return "", err
	}
	return cs.URL, nil
}

// trialCarriedOver is the end of the trial a new subscription keeps: what is
// left of the choir's own, when Stripe accepts it (at least two days ahead).
func trialCarriedOver(trialEndsAt, now time.Time) (time.Time, bool) {
	if trialEndsAt.Before(now.Add(48 * time.Hour)) {
		return time.Time{}, false
	}
	return trialEndsAt, true
}

// liveStatus says whether a Stripe subscription in this status still bills
// the choir: a second checkout would charge twice.
func liveStatus(status string) bool {
	switch stripe.SubscriptionStatus(status) {
	case stripe.SubscriptionStatusActive, stripe.SubscriptionStatusTrialing, stripe.SubscriptionStatusPastDue:
		return true
	}
	return false
}

// Portal opens Stripe's customer portal for whoever pays for choirID, to
// change the card, see invoices or cancel (plans change in ChangePlan); it
// returns its address. The payer is the Stripe customer Cantica made for
// them, or else the subscription's own (one paid from the pricing table).
func (s *Stripe) Portal(ctx context.Context, choirID string) (string, error) {
	var customer, subscription sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT c.stripe_customer_id, s.stripe_subscription_id FROM choir_subscriptions s
		LEFT JOIN billing_customers c ON c.user_id = s.payer_user_id WHERE s.choir_id = ?`, choirID).Scan(&customer, &subscription)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !customer.Valid && !subscription.Valid) {
		return "", apperr.New(apperr.Conflict, apperr.CodeConflict, MsgNoCustomer)
	}
	if err != nil {
		return "", fmt.Errorf("billing: read the payer of choir %s: %w", choirID, err)
	}
	if !customer.Valid {
		sub, err := s.client.V1Subscriptions.Retrieve(ctx, subscription.String, nil)
		if err != nil {
			return "", stripeFailed("read subscription "+subscription.String+" of choir "+choirID, err)
		}
		if sub.Customer == nil {
			return "", apperr.New(apperr.Conflict, apperr.CodeConflict, MsgNoCustomer)
		}
		customer.String = sub.Customer.ID
	}
	config, err := s.portalConfiguration(ctx)
	if err != nil {
		return "", err
	}
	ps, err := s.client.V1BillingPortalSessions.Create(ctx, &stripe.BillingPortalSessionCreateParams{
		Customer:      stripe.String(customer.String),
		Configuration: stripe.String(config),
		ReturnURL:     stripe.String(s.baseURL + "/dashboard/settings/choir#plan"),
	})
	if err != nil {
		return "", stripeFailed("create the portal session of choir "+choirID, err)
	}
	return ps.URL, nil
}

// subscriptionOf reads a choir's subscription row. A choir created before
// billing was turned on has none yet: it is on a trial of the default plan
// that ends TrialDays after the choir was created.
func (s *Stripe) subscriptionOf(ctx context.Context, choirID string) (Subscription, error) {
	return Load(ctx, s.db, choirID)
}

// Load reads a choir's subscription (see Subscription).
func Load(ctx context.Context, q db.Querier, choirID string) (Subscription, error) {
	sub, ok, err := readSubscription(ctx, q, choirID)
	if err != nil || ok {
		return sub, err
	}
	var created time.Time
	var plan sql.NullString
	if err := q.QueryRowContext(ctx, `SELECT created_at, plan FROM choirs WHERE id = ?`, choirID).Scan(&created, &plan); err != nil {
		return sub, fmt.Errorf("billing: read choir %s: %w", choirID, err)
	}
	sub.Plan, sub.Status, sub.TrialEndsAt = DefaultPlan, string(stripe.SubscriptionStatusTrialing), created.AddDate(0, 0, TrialDays)
	if plan.Valid {
		sub.Plan = plan.String
	}
	return sub, nil
}

// paysForAnotherChoir says whether userID already pays for a choir other
// than choirID, which earns the multi-choir discount.
func (s *Stripe) paysForAnotherChoir(ctx context.Context, userID, choirID string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM choir_subscriptions
		WHERE payer_user_id = ? AND choir_id <> ? AND stripe_subscription_id IS NOT NULL
		AND status IN ('active', 'trialing', 'past_due') AND NOT comped`, userID, choirID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("billing: count the choirs user %s pays for: %w", userID, err)
	}
	return n > 0, nil
}

// customer is payer's Stripe customer, created the first time they pay.
// Two checkouts at once may both create one in Stripe; the first stored
// wins and both use it.
func (s *Stripe) customer(ctx context.Context, payer Payer) (string, error) {
	var id string
	err := s.db.QueryRowContext(ctx, `SELECT stripe_customer_id FROM billing_customers WHERE user_id = ?`, payer.UserID).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("billing: read the customer of user %s: %w", payer.UserID, err)
	}
	params := &stripe.CustomerCreateParams{Email: stripe.String(payer.Email), Metadata: map[string]string{"user_id": payer.UserID}}
	c, err := s.client.V1Customers.Create(ctx, params)
	if err != nil {
		return "", stripeFailed("create the customer of user "+payer.UserID, err)
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO billing_customers (user_id, stripe_customer_id, created_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO NOTHING`, payer.UserID, c.ID, s.now().UTC()); err != nil {
		return "", fmt.Errorf("billing: store the customer of user %s: %w", payer.UserID, err)
	}
	if err := s.db.QueryRowContext(ctx, `SELECT stripe_customer_id FROM billing_customers WHERE user_id = ?`, payer.UserID).Scan(&id); err != nil {
		return "", fmt.Errorf("billing: read the customer of user %s: %w", payer.UserID, err)
	}
	return id, nil
}

// ensureCoupon makes sure the multi-choir coupon exists in the Stripe
// account: 10 % off, for as long as the subscription lasts.
func (s *Stripe) ensureCoupon(ctx context.Context) error {
	_, err := s.client.V1Coupons.Retrieve(ctx, MultiChoirCoupon, nil)
	var serr *stripe.Error
	if errors.As(err, &serr) && serr.HTTPStatusCode == http.StatusNotFound {
		_, err = s.client.V1Coupons.Create(ctx, &stripe.CouponCreateParams{
			ID: stripe.String(MultiChoirCoupon), PercentOff: stripe.Float64(10),
			Duration: stripe.String(string(stripe.CouponDurationForever)), Name: stripe.String("Multi-choir discount"),
		})
		if errors.As(err, &serr) && serr.Code == stripe.ErrorCodeResourceAlreadyExists {
			err = nil // created at the same moment by another checkout
		}
	}
	if err != nil {
		return stripeFailed("make sure the multi-choir coupon exists", err)
	}
	return nil
}

// WizardCheckout opens a Stripe Checkout session for plan before the
// payer's choir exists (the onboarding wizard's plan step): a full trial,
// the multi-choir discount when the payer already pays for a choir, and
// back to the wizard with the session's id, which the new choir's Link uses.
func (s *Stripe) WizardCheckout(ctx context.Context, payer Payer, plan string) (string, error) {
	price, ok := s.cfg.Prices[plan]
	if !ok {
		return "", apperr.Validation(map[string]string{"plan": MsgPlanUnknown}, "plan")
	}
	discount, err := s.paysForAnotherChoir(ctx, payer.UserID, "")
	if err != nil {
		return "", err
	}
	customer, err := s.customer(ctx, payer)
	if err != nil {
		return "", err
	}
	meta := map[string]string{"user_id": payer.UserID, "plan": plan}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModeSubscription)),
		Customer:          stripe.String(customer),
		ClientReferenceID: stripe.String(payer.UserID),
		LineItems:         []*stripe.CheckoutSessionCreateLineItemParams{{Price: stripe.String(price), Quantity: stripe.Int64(1)}},
		// Stripe fills in {CHECKOUT_SESSION_ID} itself.
		SuccessURL: stripe.String(s.baseURL + "/choir-registration?checkout=success&session_id={CHECKOUT_SESSION_ID}"),
		CancelURL:  stripe.String(s.baseURL + "/choir-registration"),
		Metadata:   meta,
		SubscriptionData: &stripe.CheckoutSessionCreateSubscriptionDataParams{
			Metadata: meta, TrialPeriodDays: stripe.Int64(TrialDays),
		},
	}
	cs, err := s.createSession(ctx, params, discount, "the wizard checkout session of user "+payer.UserID)
	if err != nil {
		return "", err
	}
	return cs.URL, nil
}

// Link gives choirID the subscription its creator paid for in the wizard:
// the checkout session must be payer's own and complete, and its
// subscription not yet another choir's. The subscription is told its choir,
// so that Stripe's later events about it find the choir.
func (s *Stripe) Link(ctx context.Context, payer Payer, choirID, sessionID string) error {
	if !strings.HasPrefix(sessionID, "cs_") || len(sessionID) > 255 {
		return apperr.Validation(map[string]string{"sessionId": MsgCheckoutNotFound}, "sessionId")
	}
	params := &stripe.CheckoutSessionRetrieveParams{}
	params.AddExpand("subscription")
	cs, err := s.client.V1CheckoutSessions.Retrieve(ctx, sessionID, params)
	var serr *stripe.Error
	if errors.As(err, &serr) && serr.HTTPStatusCode == http.StatusNotFound {
		return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgCheckoutNotFound)
	}
	if err != nil {
		return stripeFailed("read checkout session for choir "+choirID, err)
	}
	if cs.Metadata["user_id"] != payer.UserID || cs.Metadata["choir_id"] != "" {
		return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgCheckoutNotFound)
	}
	if cs.Status != stripe.CheckoutSessionStatusComplete || cs.Subscription == nil {
		return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgCheckoutNotFinshed)
	}
	var other string
	err = s.db.QueryRowContext(ctx, `SELECT choir_id FROM choir_subscriptions WHERE stripe_subscription_id = ?`, cs.Subscription.ID).Scan(&other)
	switch {
	case err == nil && other != choirID:
		return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgCheckoutUsed)
	case err != nil && !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("billing: look up subscription %s: %w", cs.Subscription.ID, err)
	}
	up := &stripe.SubscriptionUpdateParams{Metadata: map[string]string{"choir_id": choirID}}
	sub, err := s.client.V1Subscriptions.Update(ctx, cs.Subscription.ID, up)
	if err != nil {
		return stripeFailed("give subscription "+cs.Subscription.ID+" its choir "+choirID, err)
	}
	sub.Metadata = map[string]string{"choir_id": choirID} // as Stripe now has it
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		_, err := s.apply(ctx, tx, sub)
		return err
	})
	if db.IsUniqueViolation(err) {
		return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgCheckoutUsed)
	}
	return err
}

// createSession creates a Checkout session, with the multi-choir coupon when
// discount is set; what names the session in the error.
func (s *Stripe) createSession(ctx context.Context, params *stripe.CheckoutSessionCreateParams, discount bool, what string) (*stripe.CheckoutSession, error) {
	if discount {
		if err := s.ensureCoupon(ctx); err != nil {
			return nil, err
		}
		params.Discounts = []*stripe.CheckoutSessionCreateDiscountParams{{Coupon: stripe.String(MultiChoirCoupon)}}
	}
	params.SetIdempotencyKey(uuid.NewString())
	cs, err := s.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return nil, stripeFailed("create "+what, err)
	}
	return cs, nil
}
