package billing_test

import (
	"testing"
	"time"

	"github.com/cantica/cantica/internal/billing"
)

// Each standing, from the row and the clock, with the edges of the trial.
func TestStandingOf(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	for _, c := range []struct {
		name string
		row  billing.Subscription
		want billing.Standing
	}{
		{"first day of a 30-day trial", billing.Subscription{Status: "trialing", TrialEndsAt: now.Add(30 * day)}, billing.Standing{State: billing.StateTrial, TrialDaysLeft: 30}},
		{"a started day counts as left", billing.Subscription{Status: "trialing", TrialEndsAt: now.Add(2*day + time.Second)}, billing.Standing{State: billing.StateTrial, TrialDaysLeft: 3}},
		{"the last second of the trial", billing.Subscription{Status: "trialing", TrialEndsAt: now.Add(time.Second)}, billing.Standing{State: billing.StateTrial, TrialDaysLeft: 1}},
		{"the trial ends exactly now", billing.Subscription{Status: "trialing", TrialEndsAt: now}, billing.Standing{State: billing.StateReadOnly}},
		{"a trial ended without payment", billing.Subscription{Status: "trialing", TrialEndsAt: now.Add(-day)}, billing.Standing{State: billing.StateReadOnly}},
		{"a trial carried over at checkout, past its end", billing.Subscription{Status: "trialing", TrialEndsAt: now.Add(-time.Minute), StripeSubscriptionID: "sub_1"}, billing.Standing{State: billing.StateTrial}},
		{"paying", billing.Subscription{Status: "active", TrialEndsAt: now.Add(-40 * day)}, billing.Standing{State: billing.StateActive}},
		{"a payment failed", billing.Subscription{Status: "past_due", TrialEndsAt: now.Add(-40 * day)}, billing.Standing{State: billing.StatePastDue}},
		{"retries ended", billing.Subscription{Status: "unpaid", TrialEndsAt: now.Add(-40 * day)}, billing.Standing{State: billing.StateReadOnly}},
		{"cancelled", billing.Subscription{Status: "canceled", TrialEndsAt: now.Add(20 * day)}, billing.Standing{State: billing.StateReadOnly}},
		{"comped, trial long over", billing.Subscription{Status: "trialing", TrialEndsAt: now.Add(-90 * day), Comped: true}, billing.Standing{State: billing.StateFree}},
		{"comped beats cancelled", billing.Subscription{Status: "canceled", Comped: true}, billing.Standing{State: billing.StateFree}},
	} {
		if got := billing.StandingOf(c.row, now); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}
