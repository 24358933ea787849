package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/billing"
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

// 'Change plan': a trial choir changes the plan it tries, a paying choir's
// Stripe subscription moves to the new price, and a plan the choir's files
// do not fit is refused without asking Stripe. The customer portal opens
// with Cantica's configuration, which has no plan switch.
func TestChangePlan(t *testing.T) {
	stripeHarness(t, func(t *testing.T, h *apptest.Harness, stripe *stripemock.Server) {
		confirmedUser(t, h, "director@example.com")
		admin := signIn(t, h, "director@example.com")
		choirID := createChoir(t, admin, "St Cecilia").Str("id")
		change := func(plan string) apptest.Response {
			return admin.Do("PUT", "/api/v1/choirs/"+choirID+"/billing/plan", map[string]any{"plan": plan})
		}

		if res := change("small"); res.Status != 200 || res.Str("plan") != "small" || res.Str("standing") != "trial" {
			t.Fatalf("trial to small: %d %s", res.Status, res.Raw)
		}
		if n := len(stripe.Requests("")); n != 0 {
			t.Fatalf("a trial's plan change made %d calls to Stripe", n)
		}
		if res := change("huge"); res.Status != 400 {
			t.Fatalf("unknown plan: %d %s", res.Status, res.Raw)
		}

		// 600 MB of files: the small plan's 500 MB does not fit.
		if _, err := h.DB.ExecContext(t.Context(), `UPDATE choirs SET storage_used_bytes = ? WHERE id = ?`, 600<<20, choirID); err != nil {
			t.Fatal(err)
		}
		if res := change("medium"); res.Status != 200 || res.Str("plan") != "medium" {
			t.Fatalf("trial to medium: %d %s", res.Status, res.Raw)
		}
		res := change("small")
		if res.Status != 409 || res.Str("code") != "PLAN_LIMIT" ||
			res.Str("message") != "The Small Choir plan allows 15 members and 500MB of files, and this choir has 1 members (counting pending invitations) and 600MB of files. Remove some first, then switch." {
			t.Fatalf("trial to a plan its files do not fit: %d %s", res.Status, res.Raw)
		}
		if b := choirBilling(t, admin, choirID); b.Str("plan") != "medium" {
			t.Fatalf("a refused change changed the plan: %s", b.Raw)
		}

		// The choir pays for Medium through Stripe.
		stripe.SetSubscription("sub_1", stripemock.Subscription{Status: "active", Price: "price_medium_test", Customer: "cus_1",
			Metadata: map[string]string{"choir_id": choirID}})
		if res := sendEvent(t, h, "evt_paid", "customer.subscription.updated", subscriptionObject("sub_1"), testWebhookSecret); res.Status != 200 {
			t.Fatalf("webhook: %d %s", res.Status, res.Raw)
		}
		if res := change("small"); res.Status != 409 || res.Str("code") != "PLAN_LIMIT" {
			t.Fatalf("a paying choir to a plan its files do not fit: %d %s", res.Status, res.Raw)
		}
		if up := postsTo(stripe, "/v1/subscriptions/sub_1"); len(up) != 0 {
			t.Fatalf("a refused change reached Stripe: %v", up)
		}
		if res := change("large"); res.Status != 200 || res.Str("plan") != "large" || res.JSON["paid"] != true {
			t.Fatalf("paying choir to large: %d %s", res.Status, res.Raw)
		}
		up := postsTo(stripe, "/v1/subscriptions/sub_1")
		if len(up) != 1 || up[0].Form.Get("items[0][price]") != "price_large_test" || up[0].Form.Get("items[0][id]") == "" ||
			up[0].Form.Get("proration_behavior") != "create_prorations" {
			t.Fatalf("the subscription's item was not moved to the large price: %v", up)
		}

		// The portal: Cantica's configuration, made once, without plan switching.
		var configs []string
		for range 2 {
			res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/billing/portal", nil)
			if res.Status != 200 || res.Str("url") == "" {
				t.Fatalf("portal: %d %s", res.Status, res.Raw)
			}
			sessions := stripe.Requests("/v1/billing_portal/sessions")
			configs = append(configs, sessions[len(sessions)-1].Form.Get("configuration"))
		}
		made := postsTo(stripe, "/v1/billing_portal/configurations")
		if len(made) != 1 || made[0].Form.Get("features[subscription_update][enabled]") != "false" ||
			made[0].Form.Get("features[subscription_cancel][enabled]") != "true" || made[0].Form.Get("features[payment_method_update][enabled]") != "true" {
			t.Fatalf("portal configurations made: %v", made)
		}
		if configs[0] == "" || configs[0] != configs[1] {
			t.Fatalf("portal sessions' configurations: %v", configs)
		}
	})
}

// postsTo are the POST requests to path that Stripe received.
func postsTo(stripe *stripemock.Server, path string) []stripemock.Request {
	var out []stripemock.Request
	for _, r := range stripe.Requests(path) {
		if r.Method == "POST" {
			out = append(out, r)
		}
	}
	return out
}

// A checkout from /pricing (Stripe's pricing table, whose session carries
// the choir as its client_reference_id and no metadata) attaches the
// subscription to that choir; the customer portal opens for the
// subscription's customer. A second one for a choir that already pays is
// not attached, and a reference that names no choir attaches nothing.
func TestPricingTableCheckoutIsLinkedToTheChoir(t *testing.T) {
	stripeHarness(t, func(t *testing.T, h *apptest.Harness, stripe *stripemock.Server) {
		confirmedUser(t, h, "director@example.com")
		admin := signIn(t, h, "director@example.com")
		choirID := createChoir(t, admin, "St Cecilia").Str("id")
		completed := func(event, session, reference, sub string) {
			t.Helper()
			obj := `{"id":"` + session + `","object":"checkout.session","client_reference_id":"` + reference + `","subscription":"` + sub + `"}`
			if res := sendEvent(t, h, event, "checkout.session.completed", obj, testWebhookSecret); res.Status != 200 {
				t.Fatalf("webhook %s: %d %s", event, res.Status, res.Raw)
			}
		}

		stripe.SetSubscription("sub_table", stripemock.Subscription{Status: "trialing", Price: "price_large_test", Customer: "cus_table"})
		completed("evt_table", "cs_table", choirID, "sub_table")
		if b := choirBilling(t, admin, choirID); b.JSON["paid"] != true || b.Str("plan") != "large" || b.JSON["canManage"] != true {
			t.Fatalf("after the pricing table's checkout: %s", b.Raw)
		}
		// /pricing then offers 'Change plan' rather than a second checkout.
		if res := admin.Do("GET", "/api/v1/choirs/"+choirID+"/billing/standing", nil); res.JSON["billed"] != true {
			t.Fatalf("standing after the checkout: %s", res.Raw)
		}
		if res := admin.Do("POST", "/api/v1/choirs/"+choirID+"/billing/portal", nil); res.Status != 200 {
			t.Fatalf("portal: %d %s", res.Status, res.Raw)
		}
		sessions := stripe.Requests("/v1/billing_portal/sessions")
		if len(sessions) != 1 || sessions[0].Form.Get("customer") != "cus_table" {
			t.Fatalf("portal sessions: %v", sessions)
		}

		stripe.SetSubscription("sub_again", stripemock.Subscription{Status: "active", Price: "price_small_test", Customer: "cus_table"})
		completed("evt_again", "cs_again", choirID, "sub_again")
		if b := choirBilling(t, admin, choirID); b.Str("plan") != "large" {
			t.Fatalf("a second subscription replaced the one the choir pays with: %s", b.Raw)
		}
		if n := countRows(t, h, `SELECT COUNT(*) FROM choir_subscriptions WHERE stripe_subscription_id = ?`, "sub_again"); n != 0 {
			t.Fatalf("the second subscription was attached to %d choirs", n)
		}

		stripe.SetSubscription("sub_nowhere", stripemock.Subscription{Status: "active", Price: "price_small_test", Customer: "cus_x"})
		completed("evt_nowhere", "cs_nowhere", "00000000-0000-4000-8000-00000000dead", "sub_nowhere")
		completed("evt_garbage", "cs_garbage", "not-a-choir", "sub_nowhere")
		if n := countRows(t, h, `SELECT COUNT(*) FROM choir_subscriptions WHERE stripe_subscription_id = ?`, "sub_nowhere"); n != 0 {
			t.Fatalf("a reference to no choir attached the subscription: %d", n)
		}
	})
}

// A paying choir's move to a smaller plan racing invitations never leaves it
// past the plan it ends on: the plan is recorded, in the transaction that
// counts the seats, before Stripe is asked, so invitations sent meanwhile
// meet the smaller limit.
func TestPlanChangeRacingInvitations(t *testing.T) {
	stripeHarness(t, func(t *testing.T, h *apptest.Harness, stripe *stripemock.Server) {
		confirmedUser(t, h, "director@example.com")
		admin := signIn(t, h, "director@example.com")
		choirID := createChoir(t, admin, "St Cecilia").Str("id")
		stripe.SetSubscription("sub_race", stripemock.Subscription{Status: "active", Price: "price_medium_test", Customer: "cus_race",
			Metadata: map[string]string{"choir_id": choirID}})
		if res := sendEvent(t, h, "evt_race", "customer.subscription.updated", subscriptionObject("sub_race"), testWebhookSecret); res.Status != 200 {
			t.Fatalf("webhook: %d %s", res.Status, res.Raw)
		}
		for i := range 12 { // the director and 12 pending: 13 of the small plan's 15
			if res := inviteSinger(admin, choirID, fmt.Sprintf("early%d@example.com", i)); res.Status != 201 {
				t.Fatalf("invitation %d: %d %s", i, res.Status, res.Raw)
			}
		}
		var wg sync.WaitGroup
		var changed apptest.Response
		wg.Go(func() {
			changed = admin.Do("PUT", "/api/v1/choirs/"+choirID+"/billing/plan", map[string]any{"plan": "small"})
		})
		for i := range 8 {
			wg.Go(func() { inviteSinger(admin, choirID, fmt.Sprintf("racer%d@example.com", i)) })
		}
		wg.Wait()
		if changed.Status != 200 && changed.Str("code") != "PLAN_LIMIT" {
			t.Fatalf("the plan change: %d %s", changed.Status, changed.Raw)
		}
		u, err := billingService(h).Usage(t.Context(), choirID)
		if err != nil {
			t.Fatal(err)
		}
		plan := choirBilling(t, admin, choirID).Str("plan")
		if limit := map[string]int{"small": 15, "medium": 30}[plan]; u.Members > limit {
			t.Fatalf("the choir ends on %s with %d seats used (change: %d %s)", plan, u.Members, changed.Status, changed.Raw)
		}
		if (changed.Status == 200) != (plan == "small") {
			t.Fatalf("the change answered %d, the choir is on %s", changed.Status, plan)
		}

		// Stripe refuses the move (the card is declined): the choir keeps
		// the plan it pays for.
		stripe.SetSubscription("sub_race", stripemock.Subscription{Status: "active", Price: "price_" + plan + "_test", Customer: "cus_race",
			Metadata: map[string]string{"choir_id": choirID}, RefuseChanges: true})
		if res := admin.Do("PUT", "/api/v1/choirs/"+choirID+"/billing/plan", map[string]any{"plan": "large"}); res.Status != 409 || res.Str("message") != billing.MsgCardDeclined {
			t.Fatalf("a move Stripe refused: %d %s", res.Status, res.Raw)
		}
		if got := choirBilling(t, admin, choirID).Str("plan"); got != plan {
			t.Fatalf("after Stripe refused the move to large the choir is on %s, want %s", got, plan)
		}
	})
}
