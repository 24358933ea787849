package billing

import (
	"time"
)

// Subscription is a choir's row of choir_subscriptions: its plan and where
// it stands with Stripe.
type Subscription struct {
	ChoirID string
	Plan    string
	// Status is Stripe's subscription status ('trialing', 'active',
	// 'past_due', 'unpaid', 'canceled', …); 'trialing' before any checkout.
	Status               string
	TrialEndsAt          time.Time
	CurrentPeriodEnd     *time.Time
	PayerUserID          string // "" before checkout
	StripeSubscriptionID string // "" before checkout
	Comped               bool   // free of charge: never limited, never read-only
}

// State is what a choir's standing is called in the API and on the pages.
type State string

// The standings of a choir.
const (
	StateTrial    State = "trial"     // trying its plan for free, no card yet, or a card with the trial carried over
	StateActive   State = "active"    // paying
	StatePastDue  State = "past_due"  // a payment failed and Stripe is retrying it
	StateReadOnly State = "read_only" // the trial ended without payment, or the subscription ended
	StateFree     State = "free"      // comped by the global admin
)

// Standing is where a choir stands, worked out from its row and the clock.
type Standing struct {
	State State
	// TrialDaysLeft counts the days, started ones included, until the
	// trial ends; 0 outside a trial.
	TrialDaysLeft int
}

// StandingOf is the one rule that says a choir's standing from its
// subscription row at the instant now. A comped choir is free whatever
// Stripe says. A trial without payment ends at trial_ends_at; with a
// subscription at Stripe (the trial carried over at checkout) Stripe's
// status is trusted, as it moves to active or past due when the trial
// ends. A subscription Stripe has given up on (unpaid, canceled, expired,
// paused) leaves the choir read-only: its data is kept, never hidden.
func StandingOf(row Subscription, now time.Time) Standing {
	if row.Comped {
		return Standing{State: StateFree}
	}
	switch row.Status {
	case "active":
		return Standing{State: StateActive}
	case "past_due":
		return Standing{State: StatePastDue}
	case "unpaid", "canceled", "incomplete_expired", "paused":
		return Standing{State: StateReadOnly}
	}
	// trialing, and incomplete (a first payment not yet made at checkout):
	// the trial's own clock decides.
	left := row.TrialEndsAt.Sub(now)
	if left <= 0 {
		if row.Status == "trialing" && row.StripeSubscriptionID != "" {
			return Standing{State: StateTrial} // paid for; Stripe's next event says how it went
		}
		return Standing{State: StateReadOnly}
	}
	days := int((left + 24*time.Hour - 1) / (24 * time.Hour))
	return Standing{State: StateTrial, TrialDaysLeft: days}
}

// ReadOnly says whether a choir in this standing refuses changes.
func (s Standing) ReadOnly() bool { return s.State == StateReadOnly }
