package httpapi_test

import (
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/billing/stripemock"
)

// stripeHarness starts Cantica with billing on, talking to stripe-mock
// through the stand-in that lets a test set a subscription's state.
func stripeHarness(t *testing.T, fn func(t *testing.T, h *apptest.Harness, stripe *stripemock.Server)) {
	stripemock.URL(t) // skips (or fails in CI) before any database is made
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			stripe := stripemock.Start(t)
			fn(t, apptest.Start(t, kind, apptest.Options{Billing: true, StripeAPIURL: stripe.URL}), stripe)
		})
	}
}

// sendEvent delivers a Stripe event about a subscription to the webhook,
// signed with secret.
func sendEvent(t *testing.T, h *apptest.Harness, id, typ, object, secret string) apptest.Response {
	t.Helper()
	payload, _ := json.Marshal(map[string]any{
		"id": id, "object": "event", "type": typ, "api_version": "2025-08-27.basil", "created": time.Now().Unix(),
		"data": map[string]any{"object": json.RawMessage(object)},
	})
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret})
	c := h.NewClient()
	c.Header.Set("Stripe-Signature", signed.Header)
	return c.Do("POST", "/billing/webhook", apptest.Body{ContentType: "application/json", Data: payload})
}

const testWebhookSecret = "whsec_cantica_test"

func subscriptionObject(id string) string {
	return `{"id":"` + id + `","object":"subscription"}`
}

// choirBilling reads the choir's plan and standing as its administrator sees them.
func choirBilling(t *testing.T, admin *apptest.Client, choirID string) apptest.Response {
	t.Helper()
	res := admin.Do("GET", "/api/v1/choirs/"+choirID+"/billing", nil)
	if res.Status != 200 {
		t.Fatalf("billing of choir: %d %s", res.Status, res.Raw)
	}
	return res
}

// Checkout subscribes with the rest of the trial, and a payer who already
// pays for a choir gets the multi-choir discount on the next one.
func TestCheckoutCarriesTrialAndDiscount(t *testing.T) {
	stripeHarness(t, func(t *testing.T, h *apptest.Harness, stripe *stripemock.Server) {
		confirmedUser(t, h, "director@example.com")
		admin := signIn(t, h, "director@example.com")
		first := createChoir(t, admin, "St Cecilia").Str("id")
		second := createChoir(t, admin, "St Gregory").Str("id")

		res := admin.Do("POST", "/api/v1/choirs/"+first+"/billing/checkout", map[string]any{"plan": "medium"})
		if res.Status != 200 || res.Str("url") == "" {
			t.Fatalf("checkout: %d %s", res.Status, res.Raw)
		}
		sessions := stripe.Requests("/v1/checkout/sessions")
		if len(sessions) != 1 {
			t.Fatalf("%d checkout sessions created", len(sessions))
		}
		f := sessions[0].Form
		trialEnd := h.Clock.Now().AddDate(0, 0, 30).Unix() // the choir was created now
		if f.Get("mode") != "subscription" || f.Get("line_items[0][price]") != "price_medium_test" ||
			f.Get("subscription_data[trial_end]") != strconv.FormatInt(trialEnd, 10) || f.Get("subscription_data[metadata][choir_id]") != first {
			t.Fatalf("first checkout session: %v", f)
		}
		if f.Get("discounts[0][coupon]") != "" {
			t.Fatalf("a first choir got the multi-choir discount: %v", f)
		}
		if len(stripe.Requests("/v1/customers")) != 1 {
			t.Fatalf("customers created: %d", len(stripe.Requests("/v1/customers")))
		}

		// Stripe says the first choir now pays.
		customer := customerOf(t, h, "director@example.com")
		stripe.SetSubscription("sub_first", stripemock.Subscription{Status: "trialing", Price: "price_medium_test", Customer: customer,
			Metadata: map[string]string{"choir_id": first}})
		if res := sendEvent(t, h, "evt_paid_first", "checkout.session.completed",
			`{"id":"cs_1","object":"checkout.session","subscription":"sub_first"}`, testWebhookSecret); res.Status != 200 {
			t.Fatalf("webhook: %d %s", res.Status, res.Raw)
		}
		if b := choirBilling(t, admin, first); b.JSON["paid"] != true || b.JSON["canManage"] != true {
			t.Fatalf("first choir after checkout: %s", b.Raw)
		}
		if res := admin.Do("POST", "/api/v1/choirs/"+first+"/billing/checkout", map[string]any{"plan": "large"}); res.Status != 409 {
			t.Fatalf("a second checkout for a paying choir: %d %s", res.Status, res.Raw)
		}

		res = admin.Do("POST", "/api/v1/choirs/"+second+"/billing/checkout", map[string]any{"plan": "small"})
		if res.Status != 200 {
			t.Fatalf("second checkout: %d %s", res.Status, res.Raw)
		}
		sessions = stripe.Requests("/v1/checkout/sessions")
		f = sessions[len(sessions)-1].Form
		if f.Get("discounts[0][coupon]") != "cantica-multi-choir-10" || f.Get("line_items[0][price]") != "price_small_test" || f.Get("customer") != customer {
			t.Fatalf("second choir's checkout session: %v", f)
		}
		if n := len(stripe.Requests("/v1/customers")); n != 1 {
			t.Fatalf("the payer got %d Stripe customers", n)
		}

		if res := admin.Do("POST", "/api/v1/choirs/"+first+"/billing/portal", nil); res.Status != 200 || res.Str("url") == "" {
			t.Fatalf("portal: %d %s", res.Status, res.Raw)
		}
		if res := admin.Do("POST", "/api/v1/choirs/"+second+"/billing/checkout", map[string]any{"plan": "huge"}); res.Status != 400 {
			t.Fatalf("unknown plan: %d %s", res.Status, res.Raw)
		}
	})
}

func customerOf(t *testing.T, h *apptest.Harness, email string) string {
	t.Helper()
	var id string
	if err := h.DB.QueryRowContext(t.Context(), `SELECT c.stripe_customer_id FROM billing_customers c JOIN users u ON u.id = c.user_id WHERE u.email = ?`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// The webhook: a bad signature changes nothing, a duplicate is a no-op,
// late events cannot undo newer news, and Stripe giving up leaves the
// choir read-only.
func TestStripeWebhook(t *testing.T) {
	stripeHarness(t, func(t *testing.T, h *apptest.Harness, stripe *stripemock.Server) {
		confirmedUser(t, h, "director@example.com")
		admin := signIn(t, h, "director@example.com")
		choirID := createChoir(t, admin, "St Cecilia").Str("id")
		meta := map[string]string{"choir_id": choirID}
		stripe.SetSubscription("sub_1", stripemock.Subscription{Status: "past_due", Price: "price_large_test", Metadata: meta})

		// Not signed by Stripe: refused, nothing written, nothing asked of Stripe.
		res := sendEvent(t, h, "evt_forged", "customer.subscription.updated", subscriptionObject("sub_1"), "whsec_someone_else")
		if res.Status != 400 {
			t.Fatalf("forged event: %d %s", res.Status, res.Raw)
		}
		if n := countRows(t, h, `SELECT COUNT(*) FROM stripe_events`); n != 0 {
			t.Fatalf("forged event noted: %d", n)
		}
		if b := choirBilling(t, admin, choirID); b.Str("standing") != "trial" || b.Str("plan") != "medium" {
			t.Fatalf("after a forged event: %s", b.Raw)
		}
		if n := len(stripe.Requests("/v1/subscriptions/sub_1")); n != 0 {
			t.Fatalf("a forged event made %d calls to Stripe", n)
		}

		// A payment failed: past due, and one email to the administrator,
		// however often Stripe delivers the event.
		for range 2 {
			if res := sendEvent(t, h, "evt_failed", "invoice.payment_failed",
				`{"id":"in_1","object":"invoice","parent":{"subscription_details":{"subscription":"sub_1"}}}`, testWebhookSecret); res.Status != 200 {
				t.Fatalf("payment failed: %d %s", res.Status, res.Raw)
			}
		}
		if b := choirBilling(t, admin, choirID); b.Str("standing") != "past_due" || b.Str("plan") != "large" {
			t.Fatalf("after the failed payment: %s", b.Raw)
		}
		if n := countRows(t, h, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'payment_failed' AND to_address = ?`, "director@example.com"); n != 1 {
			t.Fatalf("%d payment-failed emails", n)
		}
		if n := len(stripe.Requests("/v1/subscriptions/sub_1")); n != 1 {
			t.Fatalf("the duplicate re-read Stripe: %d reads", n)
		}

		// The card was updated and Stripe says active; an older event that
		// said past due arrives late: the choir stays active, no email.
		stripe.SetSubscription("sub_1", stripemock.Subscription{Status: "active", Price: "price_large_test", Metadata: meta})
		if res := sendEvent(t, h, "evt_recovered", "customer.subscription.updated", subscriptionObject("sub_1"), testWebhookSecret); res.Status != 200 {
			t.Fatalf("recovered: %d %s", res.Status, res.Raw)
		}
		if res := sendEvent(t, h, "evt_late_past_due", "customer.subscription.updated", subscriptionObject("sub_1"), testWebhookSecret); res.Status != 200 {
			t.Fatalf("late event: %d %s", res.Status, res.Raw)
		}
		if b := choirBilling(t, admin, choirID); b.Str("standing") != "active" {
			t.Fatalf("after the late event: %s", b.Raw)
		}
		if n := countRows(t, h, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'payment_failed'`); n != 1 {
			t.Fatalf("%d payment-failed emails after recovery", n)
		}

		// The retries end without payment: read-only once the trial is over.
		stripe.SetSubscription("sub_1", stripemock.Subscription{Status: "unpaid", Price: "price_large_test", Metadata: meta})
		if res := sendEvent(t, h, "evt_unpaid", "customer.subscription.updated", subscriptionObject("sub_1"), testWebhookSecret); res.Status != 200 {
			t.Fatalf("unpaid: %d %s", res.Status, res.Raw)
		}
		h.Clock.Advance(31 * 24 * time.Hour)
		admin = signIn(t, h, "director@example.com") // the session of a month ago has ended
		if b := choirBilling(t, admin, choirID); b.Str("standing") != "read_only" {
			t.Fatalf("after the retries ended: %s", b.Raw)
		}

		// News of an older, cancelled subscription never replaces the live one.
		stripe.SetSubscription("sub_1", stripemock.Subscription{Status: "active", Price: "price_large_test", Metadata: meta})
		sendEvent(t, h, "evt_paid_again", "customer.subscription.updated", subscriptionObject("sub_1"), testWebhookSecret)
		stripe.SetSubscription("sub_old", stripemock.Subscription{Status: "canceled", Price: "price_small_test", Metadata: meta})
		if res := sendEvent(t, h, "evt_old", "customer.subscription.deleted", subscriptionObject("sub_old"), testWebhookSecret); res.Status != 200 {
			t.Fatalf("old subscription's event: %d %s", res.Status, res.Raw)
		}
		if b := choirBilling(t, admin, choirID); b.Str("standing") != "active" || b.Str("plan") != "large" {
			t.Fatalf("after the old subscription's event: %s", b.Raw)
		}
	})
}

// A new director pays in the wizard before the choir exists; the choir
// created next takes the subscription over, once, and nobody else can.
func TestWizardCheckoutIsLinkedToTheNewChoir(t *testing.T) {
	stripeHarness(t, func(t *testing.T, h *apptest.Harness, stripe *stripemock.Server) {
		confirmedUser(t, h, "director@example.com")
		confirmedUser(t, h, "other@example.com")
		admin := signIn(t, h, "director@example.com")
		res := admin.Do("POST", "/api/v1/billing/checkout", map[string]any{"plan": "small"})
		if res.Status != 200 || res.Str("url") == "" {
			t.Fatalf("wizard checkout: %d %s", res.Status, res.Raw)
		}
		f := stripe.Requests("/v1/checkout/sessions")[0].Form
		if f.Get("subscription_data[trial_period_days]") != "30" || f.Get("line_items[0][price]") != "price_small_test" ||
			f.Get("success_url") != h.URL+"/choir-registration?checkout=success&session_id={CHECKOUT_SESSION_ID}" {
			t.Fatalf("wizard checkout session: %v", f)
		}
		var userID string
		if err := h.DB.QueryRowContext(t.Context(), `SELECT id FROM users WHERE email = ?`, "director@example.com").Scan(&userID); err != nil {
			t.Fatal(err)
		}
		stripe.SetSession("cs_wizard", stripemock.Session{Status: "complete", Subscription: "sub_w", Metadata: map[string]string{"user_id": userID, "plan": "small"}})
		stripe.SetSubscription("sub_w", stripemock.Subscription{Status: "trialing", Price: "price_small_test", Customer: customerOf(t, h, "director@example.com")})
		choirID := createChoir(t, admin, "St Cecilia").Str("id")

		other := signIn(t, h, "other@example.com")
		otherChoir := createChoir(t, other, "Elsewhere").Str("id")
		if res := other.Do("POST", "/api/v1/choirs/"+otherChoir+"/billing/link", map[string]any{"sessionId": "cs_wizard"}); res.Status != 404 {
			t.Fatalf("someone else's checkout: %d %s", res.Status, res.Raw)
		}
		res = admin.Do("POST", "/api/v1/choirs/"+choirID+"/billing/link", map[string]any{"sessionId": "cs_wizard"})
		if res.Status != 200 || res.JSON["paid"] != true || res.Str("plan") != "small" || res.Str("standing") != "trial" {
			t.Fatalf("link: %d %s", res.Status, res.Raw)
		}
		if up := stripe.Requests("/v1/subscriptions/sub_w"); len(up) != 1 || up[0].Form.Get("metadata[choir_id]") != choirID {
			t.Fatalf("the subscription was not told its choir: %v", up)
		}
		second := createChoir(t, admin, "St Gregory").Str("id")
		if res := admin.Do("POST", "/api/v1/choirs/"+second+"/billing/link", map[string]any{"sessionId": "cs_wizard"}); res.Status != 409 {
			t.Fatalf("one checkout for two choirs: %d %s", res.Status, res.Raw)
		}
	})
}
