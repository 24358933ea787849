package billing

import (
	"testing"
	"time"
)

func TestStandingOf(t *testing.T) {
	start := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	end := start.Add(TrialLength)
	day := 24 * time.Hour
	cases := []struct {
		name     string
		sub      Subscription
		at       time.Time
		kind     string
		daysLeft int
	}{
		{"first day of the trial", Subscription{Status: "trialing", TrialEndsAt: end}, start, Trial, 30},
		{"day 27: three days left", Subscription{Status: "trialing", TrialEndsAt: end}, start.Add(27 * day), Trial, 3},
		{"last hour counts as a day", Subscription{Status: "trialing", TrialEndsAt: end}, end.Add(-time.Hour), Trial, 1},
		{"trial over, no payment", Subscription{Status: "trialing", TrialEndsAt: end}, end, ReadOnly, 0},
		{"day 31, no payment", Subscription{Status: "trialing", TrialEndsAt: end}, start.Add(31 * day), ReadOnly, 0},
		{"checkout left unfinished after the trial", Subscription{Status: "incomplete", TrialEndsAt: end}, start.Add(31 * day), ReadOnly, 0},
		{"paying during the trial", Subscription{Status: "active", TrialEndsAt: end}, start.Add(3 * day), Active, 0},
		{"paying after the trial", Subscription{Status: "active", TrialEndsAt: end}, start.Add(90 * day), Active, 0},
		{"Stripe trial awaiting its first charge", Subscription{Status: "trialing", StripeSubscriptionID: "sub_1", TrialEndsAt: end}, end.Add(time.Hour), Active, 0},
		{"Stripe trial still running", Subscription{Status: "trialing", StripeSubscriptionID: "sub_1", TrialEndsAt: end}, start.Add(10 * day), Trial, 20},
		{"payment failed, retries go on", Subscription{Status: "past_due", TrialEndsAt: end}, start.Add(40 * day), PastDue, 0},
		{"retries ended", Subscription{Status: "unpaid", TrialEndsAt: end}, start.Add(60 * day), ReadOnly, 0},
		{"cancelled", Subscription{Status: "canceled", TrialEndsAt: end}, start.Add(60 * day), ReadOnly, 0},
		{"cancelled during the trial", Subscription{Status: "canceled", TrialEndsAt: end}, start.Add(5 * day), ReadOnly, 0},
		{"comped after the trial", Subscription{Status: "trialing", Comped: true, TrialEndsAt: end}, start.Add(60 * day), Free, 0},
		{"comped though unpaid", Subscription{Status: "unpaid", Comped: true, TrialEndsAt: end}, start.Add(60 * day), Free, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.sub.Plan = "medium"
			got := StandingOf(c.sub, c.at)
			if got.Kind != c.kind || got.TrialDaysLeft != c.daysLeft || got.Plan != "medium" {
				t.Fatalf("StandingOf = %+v, want %s with %d days left", got, c.kind, c.daysLeft)
			}
			if got.IsReadOnly() != (c.kind == ReadOnly) {
				t.Fatalf("IsReadOnly = %v for %s", got.IsReadOnly(), c.kind)
			}
			if got.Limited() != (c.kind != Free) {
				t.Fatalf("Limited = %v for %s", got.Limited(), c.kind)
			}
		})
	}
}
