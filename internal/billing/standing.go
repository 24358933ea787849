package billing

import "time"

// The standings a choir can be in when billing is on. The web app and the
// global admin's page show them; only read-only refuses changes.
const (
	Trial    = "trial"     // the free trial runs (TrialDaysLeft says how long)
	Active   = "active"    // paid up
	PastDue  = "past_due"  // a payment failed; Stripe is still retrying
	ReadOnly = "read_only" // trial over without payment, or retries ended
	Free     = "free"      // comped by the operator: no limit, never read-only
)

// TrialDays is the free trial every new choir starts with (accounts §1, §9);
// Stripe takes it in days, the clock as TrialLength.
const TrialDays = 30

// TrialLength is TrialDays as a duration.
const TrialLength = TrialDays * 24 * time.Hour

// ReminderBefore is how long before the trial ends its reminder goes (§9).
const ReminderBefore = 3 * 24 * time.Hour

// Subscription is a choir's choir_subscriptions row.
type Subscription struct {
	ChoirID              string
	Plan                 string
	Status               string // Stripe's subscription status, 'trialing' before checkout
	TrialEndsAt          time.Time
	StripeSubscriptionID string
	Comped               bool
	PayerUserID          string     // "" before checkout
	CurrentPeriodEnd     *time.Time // nil before checkout
}

// Billed says whether a Stripe subscription still bills the choir.
func (sub Subscription) Billed() bool {
	return sub.StripeSubscriptionID != "" && liveStatus(sub.Status)
}

// Standing is where a choir stands at one moment.
type Standing struct {
	Kind          string // Trial, Active, PastDue, ReadOnly or Free
	Plan          string
	TrialEndsAt   time.Time
	TrialDaysLeft int // whole days, rounded up; only for Trial
	// Billed: a Stripe subscription bills the choir, so its plan changes with
	// 'Change plan' and a new checkout would charge twice.
	Billed bool
}

// IsReadOnly says whether changes to the choir are refused.
func (s Standing) IsReadOnly() bool { return s.Kind == ReadOnly }

// Limited says whether the plan's member and storage limits apply: not to
// a choir the operator made free of charge.
func (s Standing) Limited() bool { return s.Kind != Free }

// StandingOf is the one rule that turns a subscription row and the clock
// into a standing. Stripe's statuses: 'active' pays; 'past_due' is a failed
// payment Stripe still retries (writes stay open); 'unpaid', 'canceled' and
// 'incomplete_expired' mean the retries ended. 'trialing' (our own row
// before checkout, or Stripe's trial after it) lasts until trial_ends_at;
// after it, a trial without a Stripe subscription is read-only, while one
// with a subscription stays open until Stripe's webhook says how the first
// charge went.
func StandingOf(sub Subscription, now time.Time) Standing {
	st := Standing{Plan: sub.Plan, TrialEndsAt: sub.TrialEndsAt, Billed: sub.Billed()}
	switch {
	case sub.Comped:
		st.Kind = Free
	case sub.Status == "active":
		st.Kind = Active
	case sub.Status == "past_due":
		st.Kind = PastDue
	case sub.Status == "unpaid", sub.Status == "canceled", sub.Status == "incomplete_expired", sub.Status == "paused":
		st.Kind = ReadOnly
	case now.Before(sub.TrialEndsAt):
		st.Kind = Trial
		st.TrialDaysLeft = DaysLeft(sub.TrialEndsAt, now)
	case sub.Status == "trialing" && sub.StripeSubscriptionID != "":
		st.Kind = Active
	default: // trial over without payment ('trialing', 'incomplete', …)
		st.Kind = ReadOnly
	}
	return st
}

// DaysLeft counts the days until end, a started day counting as one: on
// day 27 of a 30-day trial 3 days are left, in its last hour 1.
func DaysLeft(end, now time.Time) int {
	left := end.Sub(now)
	if left <= 0 {
		return 0
	}
	return int((left + 24*time.Hour - 1) / (24 * time.Hour))
}
