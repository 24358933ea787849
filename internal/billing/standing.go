package billing

import "time"

// Standing is how a choir stands with billing, as administrators and the
// global admin read it.
type Standing string

const (
	StandingTrial    Standing = "trial"
	StandingActive   Standing = "active"
	StandingPastDue  Standing = "past_due"
	StandingReadOnly Standing = "read_only"
	StandingFree     Standing = "free"
)

// StandingOf says where a choir stands at now, and while it is on its trial
// how many days are left (a day begun counts). A paid subscription (active,
// or trialing in Stripe with a card) is active once the trial is over; one
// Stripe gave up on (unpaid, canceled, …) leaves the choir read-only after
// the trial, as does no payment at all.
func StandingOf(sub Subscription, now time.Time) (Standing, int) {
	if sub.Comped {
		return StandingFree, 0
	}
	switch sub.Status {
	case "active":
		return StandingActive, 0
	case "past_due":
		return StandingPastDue, 0
	}
	if now.Before(sub.TrialEndsAt) {
		left := sub.TrialEndsAt.Sub(now)
		return StandingTrial, int((left + 24*time.Hour - 1) / (24 * time.Hour))
	}
	if sub.Status == "trialing" && sub.StripeSubscriptionID != "" {
		return StandingActive, 0
	}
	return StandingReadOnly, 0
}
