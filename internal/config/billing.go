package config

import (
	"fmt"
	"net/url"
	"strings"
)

// BillingStripe is the one billing provider (CANTICA_BILLING=stripe).
const BillingStripe = "stripe"

// BillingConfig turns plans, trials, limits and checkout on. Its zero value
// is billing off: a self-hosted server with no prices and no limits.
type BillingConfig struct {
	Provider string // CANTICA_BILLING: "" (off) or BillingStripe

	SecretKey     string // CANTICA_STRIPE_SECRET_KEY, sk_…
	WebhookSecret string // CANTICA_STRIPE_WEBHOOK_SECRET, whsec_…
	// Prices are the Stripe price ids of the plans small, medium and large
	// (CANTICA_STRIPE_PRICE_SMALL, …_MEDIUM, …_LARGE).
	Prices map[string]string
	// PricingTableID and PublishableKey show Stripe's hosted pricing table
	// (CANTICA_STRIPE_PRICING_TABLE_ID, CANTICA_STRIPE_PUBLISHABLE_KEY);
	// both or neither, and without them the plan cards are shown.
	PricingTableID string
	PublishableKey string
	// APIURL replaces Stripe's API address (CANTICA_STRIPE_API_URL), for
	// tests against stripe-mock only; empty is Stripe itself.
	APIURL string
}

// Enabled says whether billing is on.
func (b BillingConfig) Enabled() bool { return b.Provider != "" }

// stripeSetting is one CANTICA_STRIPE_* variable and the prefix Stripe gives
// its values, which catches a key pasted into the wrong variable.
type stripeSetting struct {
	name, prefix, example string
	dest                  *string
}

// parseBilling reads CANTICA_BILLING and, only when it is stripe, the
// CANTICA_STRIPE_* variables (otherwise ignored, as CANTICA_S3_* are
// without an endpoint). Keys are never echoed in messages.
func parseBilling(getenv func(string) string) (BillingConfig, error) {
	var b BillingConfig
	switch v := strings.TrimSpace(getenv("CANTICA_BILLING")); strings.ToLower(v) {
	case "":
		return b, nil
	case BillingStripe:
		b.Provider = BillingStripe
	default:
		return b, &Error{"CANTICA_BILLING", fmt.Sprintf("%q is not a billing provider: use stripe, or leave it empty for a self-hosted server with no plans or limits", v)}
	}
	var small, medium, large string
	required := []stripeSetting{
		{"CANTICA_STRIPE_SECRET_KEY", "sk_", "sk_live_…", &b.SecretKey},
		{"CANTICA_STRIPE_WEBHOOK_SECRET", "whsec_", "whsec_…", &b.WebhookSecret},
		{"CANTICA_STRIPE_PRICE_SMALL", "price_", "price_…", &small},
		{"CANTICA_STRIPE_PRICE_MEDIUM", "price_", "price_…", &medium},
		{"CANTICA_STRIPE_PRICE_LARGE", "price_", "price_…", &large},
	}
	for _, s := range required {
		v := strings.TrimSpace(getenv(s.name))
		if v == "" {
			return b, &Error{s.name, "must be set when CANTICA_BILLING=stripe"}
		}
		if err := checkStripeValue(s, v); err != nil {
			return b, err
		}
		*s.dest = v
	}
	b.Prices = map[string]string{"small": small, "medium": medium, "large": large}
	if small == medium || medium == large || small == large {
		return b, &Error{"CANTICA_STRIPE_PRICE_MEDIUM", "the three plans need three different price ids (small, medium and large)"}
	}
	optional := []stripeSetting{
		{"CANTICA_STRIPE_PRICING_TABLE_ID", "prctbl_", "prctbl_…", &b.PricingTableID},
		{"CANTICA_STRIPE_PUBLISHABLE_KEY", "pk_", "pk_live_…", &b.PublishableKey},
	}
	for _, s := range optional {
		if v := strings.TrimSpace(getenv(s.name)); v != "" {
			if err := checkStripeValue(s, v); err != nil {
				return b, err
			}
			*s.dest = v
		}
	}
	if (b.PricingTableID == "") != (b.PublishableKey == "") {
		missing := "CANTICA_STRIPE_PUBLISHABLE_KEY"
		if b.PricingTableID == "" {
			missing = "CANTICA_STRIPE_PRICING_TABLE_ID"
		}
		return b, &Error{missing, "must be set too, or neither (the plan cards are shown instead of Stripe's pricing table)"}
	}
	if v := strings.TrimSpace(getenv("CANTICA_STRIPE_API_URL")); v != "" {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			return b, &Error{"CANTICA_STRIPE_API_URL", "must be an http(s) address such as http://localhost:12111 (stripe-mock, for tests), or empty for Stripe itself"}
		}
		b.APIURL = strings.TrimSuffix(v, "/")
	}
	return b, nil
}

// checkStripeValue refuses a value without Stripe's prefix for its kind, or
// with characters no Stripe id has, without repeating the value.
func checkStripeValue(s stripeSetting, v string) error {
	if !strings.HasPrefix(v, s.prefix) || len(v) > 255 || strings.ContainsAny(v, " \t\r\n\"'") {
		return &Error{s.name, fmt.Sprintf("is not a Stripe value of this kind: it must look like %s", s.example)}
	}
	return nil
}
