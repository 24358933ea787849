package config_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/config"
)

// stripeEnv is a complete, valid billing configuration.
func stripeEnv() map[string]string {
	return map[string]string{
		"CANTICA_BILLING":               "stripe",
		"CANTICA_STRIPE_SECRET_KEY":     "sk_test_secret123",
		"CANTICA_STRIPE_WEBHOOK_SECRET": "whsec_abc",
		"CANTICA_STRIPE_PRICE_SMALL":    "price_small",
		"CANTICA_STRIPE_PRICE_MEDIUM":   "price_medium",
		"CANTICA_STRIPE_PRICE_LARGE":    "price_large",
	}
}

func TestBillingOffByDefault(t *testing.T) {
	// The Stripe variables alone do not turn billing on.
	vars := stripeEnv()
	delete(vars, "CANTICA_BILLING")
	cfg, err := config.Load(env(vars), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Billing.Enabled() || cfg.Billing.SecretKey != "" {
		t.Fatalf("billing should be off: %+v", cfg.Billing)
	}
}

func TestBillingStripe(t *testing.T) {
	vars := stripeEnv()
	vars["CANTICA_STRIPE_PRICING_TABLE_ID"] = "prctbl_123"
	vars["CANTICA_STRIPE_PUBLISHABLE_KEY"] = "pk_test_123"
	cfg, err := config.Load(env(vars), nil)
	if err != nil {
		t.Fatal(err)
	}
	b := cfg.Billing
	if !b.Enabled() || b.SecretKey != "sk_test_secret123" || b.WebhookSecret != "whsec_abc" ||
		b.Prices["small"] != "price_small" || b.Prices["medium"] != "price_medium" || b.Prices["large"] != "price_large" ||
		b.PricingTableID != "prctbl_123" || b.PublishableKey != "pk_test_123" {
		t.Fatalf("billing: %+v", b)
	}
}

// CANTICA_STRIPE_API_URL points Stripe's library at stripe-mock in tests.
func TestBillingAPIURL(t *testing.T) {
	vars := stripeEnv()
	vars["CANTICA_STRIPE_API_URL"] = "http://127.0.0.1:12111/"
	cfg, err := config.Load(env(vars), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Billing.APIURL != "http://127.0.0.1:12111" {
		t.Fatalf("API URL: %q", cfg.Billing.APIURL)
	}
	if cfg, _ := config.Load(env(stripeEnv()), nil); cfg.Billing.APIURL != "" {
		t.Fatalf("API URL without the variable: %q", cfg.Billing.APIURL)
	}
}

func TestBillingBadValues(t *testing.T) {
	cases := []struct {
		name, value string // "" removes the variable
		mention     string
	}{
		{"CANTICA_BILLING", "paypal", "stripe"},
		{"CANTICA_STRIPE_SECRET_KEY", "", "must be set"},
		{"CANTICA_STRIPE_SECRET_KEY", "pk_test_oops", "sk_"},
		{"CANTICA_STRIPE_WEBHOOK_SECRET", "", "must be set"},
		{"CANTICA_STRIPE_WEBHOOK_SECRET", "sk_test_oops", "whsec_"},
		{"CANTICA_STRIPE_PRICE_SMALL", "", "must be set"},
		{"CANTICA_STRIPE_PRICE_MEDIUM", "prod_123", "price_"},
		{"CANTICA_STRIPE_PRICE_LARGE", "", "must be set"},
		{"CANTICA_STRIPE_PRICE_MEDIUM", "price_small", "three different"},
		{"CANTICA_STRIPE_PRICING_TABLE_ID", "table", "prctbl_"},
		{"CANTICA_STRIPE_PUBLISHABLE_KEY", "pk_test_1", "CANTICA_STRIPE_PRICING_TABLE_ID"},
		{"CANTICA_STRIPE_API_URL", "localhost:12111", "http(s) address"},
		{"CANTICA_STRIPE_API_URL", "ftp://localhost:12111", "http(s) address"},
	}
	for _, c := range cases {
		t.Run(c.name+"="+c.value, func(t *testing.T) {
			vars := stripeEnv()
			vars[c.name] = c.value
			_, err := config.Load(env(vars), nil)
			var cfgErr *config.Error
			if !errors.As(err, &cfgErr) {
				t.Fatalf("want a config.Error, got %v", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, c.name+": ") && !(c.name == "CANTICA_STRIPE_PUBLISHABLE_KEY" && strings.HasPrefix(msg, "CANTICA_STRIPE_PRICING_TABLE_ID: ")) {
				t.Errorf("message %q does not start with the variable's name", msg)
			}
			if !strings.Contains(msg, c.mention) || strings.Contains(msg, "\n") {
				t.Errorf("message %q does not say %q on one line", msg, c.mention)
			}
			if strings.Contains(msg, "oops") {
				t.Errorf("message %q echoes the key", msg)
			}
		})
	}
}
