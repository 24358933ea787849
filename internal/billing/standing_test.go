package billing

import (
	"testing"
	"time"
)

func TestStandingOf(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	ends := now.Add(72*time.Hour + time.Hour) // three days and an hour: four days begun
	cases := []struct {
		name string
		sub  Subscription
		want Standing
		days int
	}{
		{"trial without a card", Subscription{Status: "trialing", TrialEndsAt: ends}, StandingTrial, 4},
		{"trial over, nothing paid", Subscription{Status: "trialing", TrialEndsAt: now.Add(-time.Minute)}, StandingReadOnly, 0},
		{"trial over, card given in checkout", Subscription{Status: "trialing", TrialEndsAt: now.Add(-time.Minute), StripeSubscriptionID: "sub_1"}, StandingActive, 0},
		{"paying", Subscription{Status: "active", TrialEndsAt: now.Add(-time.Hour)}, StandingActive, 0},
		{"payment failed, Stripe retrying", Subscription{Status: "past_due", TrialEndsAt: now.Add(-time.Hour)}, StandingPastDue, 0},
		{"retries over", Subscription{Status: "unpaid", TrialEndsAt: now.Add(-time.Hour), StripeSubscriptionID: "sub_1"}, StandingReadOnly, 0},
		{"cancelled", Subscription{Status: "canceled", TrialEndsAt: now.Add(-time.Hour), StripeSubscriptionID: "sub_1"}, StandingReadOnly, 0},
		{"cancelled within the trial", Subscription{Status: "canceled", TrialEndsAt: ends, StripeSubscriptionID: "sub_1"}, StandingTrial, 4},
		{"free of charge", Subscription{Status: "canceled", TrialEndsAt: now.Add(-time.Hour), Comped: true}, StandingFree, 0},
	}
	for _, c := range cases {
		got, days := StandingOf(c.sub, now)
		if got != c.want || days != c.days {
			t.Errorf("%s: %s with %d days, want %s with %d", c.name, got, days, c.want, c.days)
		}
	}
}
