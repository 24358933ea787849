package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/db"
)

// MultiChoirDiscountPercent is taken off each additional choir of a payer
// who already pays for one (accounts §1, §2.13).
const MultiChoirDiscountPercent = 10

// ChoirStanding is one choir on the global admin's subscriptions page: its
// plan and standing, what it uses against its plan's limits, and what it
// pays a month.
type ChoirStanding struct {
	ChoirID   string
	ChoirName string
	// Subscription is nil for a choir that has no row yet (one created
	// before billing was turned on); Standing is then nil too.
	Subscription *Subscription
	Standing     *Standing
	// Members counts what the member limit counts: active members and
	// pending invitations.
	Members      int
	StorageBytes int64
	// MonthlyCents is what the choir pays a month in US cents, after the
	// multi-choir discount; 0 unless it is paying (active or past due).
	MonthlyCents int
	Discounted   bool // the multi-choir discount applies to it
}

// Subscriptions reads and comps choirs' subscriptions for the global admin.
type Subscriptions struct {
	db  *db.DB
	now func() time.Time
}

// NewSubscriptions returns the service; now is the clock.
func NewSubscriptions(d *db.DB, now func() time.Time) *Subscriptions {
	return &Subscriptions{db: d, now: db.Clock(now)}
}

// ErrNoChoir is returned for a choir id that names no choir.
var ErrNoChoir = errors.New("billing: no such choir")

// List reads every choir with its subscription, in one query, by name.
func (s *Subscriptions) List(ctx context.Context) ([]ChoirStanding, error) {
	now := s.now()
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.name, c.storage_used_bytes,
			COALESCE(m.n, 0) + COALESCE(i.n, 0),
			s.plan, s.status, s.trial_ends_at, s.current_period_end,
			COALESCE(s.payer_user_id, ''), COALESCE(s.stripe_subscription_id, ''), s.comped, s.created_at
		FROM choirs c
		LEFT JOIN choir_subscriptions s ON s.choir_id = c.id
		LEFT JOIN (SELECT choir_id, COUNT(*) AS n FROM user_choir_membership
			WHERE is_active = TRUE AND status = 'active' GROUP BY choir_id) m ON m.choir_id = c.id
		LEFT JOIN (SELECT choir_id, COUNT(*) AS n FROM choir_invites
			WHERE status = 'pending' AND expires_at > ? GROUP BY choir_id) i ON i.choir_id = c.id
		ORDER BY c.name, c.id`, now)
	if err != nil {
		return nil, fmt.Errorf("billing: read the choirs' subscriptions: %w", err)
	}
	type scanned struct {
		ChoirStanding
		subscribedAt time.Time
	}
	list, err := db.All(rows, func(sc db.Scanner) (scanned, error) {
		var c scanned
		var plan, status sql.NullString
		var trialEnds, periodEnd, created sql.NullTime
		var payer, stripeID string
		var comped sql.NullBool
		if err := sc.Scan(&c.ChoirID, &c.ChoirName, &c.StorageBytes, &c.Members,
			&plan, &status, &trialEnds, &periodEnd, &payer, &stripeID, &comped, &created); err != nil {
			return c, err
		}
		if !plan.Valid {
			return c, nil
		}
		sub := &Subscription{ChoirID: c.ChoirID, Plan: plan.String, Status: status.String, TrialEndsAt: trialEnds.Time.UTC(),
			PayerUserID: payer, StripeSubscriptionID: stripeID, Comped: comped.Bool}
		if periodEnd.Valid {
			t := periodEnd.Time.UTC()
			sub.CurrentPeriodEnd = &t
		}
		standing := StandingOf(*sub, now)
		c.Subscription, c.Standing, c.subscribedAt = sub, &standing, created.Time
		return c, nil
	})
	if err != nil {
		return nil, fmt.Errorf("billing: read the choirs' subscriptions: %w", err)
	}
	out := make([]ChoirStanding, len(list))
	firsts := map[string]scanned{} // each payer's first paying choir, which pays in full
	for _, c := range list {
		if c.Standing == nil || !paying(c.Standing.Kind) || c.Subscription.PayerUserID == "" {
			continue
		}
		if f, ok := firsts[c.Subscription.PayerUserID]; !ok || c.subscribedAt.Before(f.subscribedAt) ||
			(c.subscribedAt.Equal(f.subscribedAt) && c.ChoirID < f.ChoirID) {
			firsts[c.Subscription.PayerUserID] = c
		}
	}
	for i, c := range list {
		if c.Standing != nil && paying(c.Standing.Kind) {
			plan, _ := PlanByID(c.Subscription.Plan)
			c.MonthlyCents = plan.MonthlyPrice * 100
			if payer := c.Subscription.PayerUserID; payer != "" && firsts[payer].ChoirID != c.ChoirID {
				c.MonthlyCents = c.MonthlyCents * (100 - MultiChoirDiscountPercent) / 100
				c.Discounted = true
			}
		}
		out[i] = c.ChoirStanding
	}
	return out, nil
}

// paying says whether a choir in this standing is charged each month: a
// past-due subscription still is, while Stripe retries the payment.
func paying(s string) bool { return s == Active || s == PastDue }

// MonthlyRevenueCents sums what the choirs pay a month, in US cents.
func MonthlyRevenueCents(choirs []ChoirStanding) int {
	total := 0
	for _, c := range choirs {
		total += c.MonthlyCents
	}
	return total
}

// SetComped makes a choir free of charge, or charged again. A choir with
// no subscription row yet gets one on the default plan, its trial starting
// now, so that turning "free of charge" off later leaves it a fair trial.
func (s *Subscriptions) SetComped(ctx context.Context, choirID string, comped bool) error {
	now := s.now()
	res, err := s.db.ExecContext(ctx, `INSERT INTO choir_subscriptions (choir_id, plan, status, trial_ends_at, comped, created_at, updated_at)
		SELECT id, ?, 'trialing', ?, ?, ?, ? FROM choirs WHERE id = ?
		ON CONFLICT (choir_id) DO UPDATE SET comped = excluded.comped, updated_at = excluded.updated_at`,
		DefaultPlan, now.Add(TrialLength), comped, now, now, choirID)
	if err != nil {
		return fmt.Errorf("billing: set choir %s free of charge (%t): %w", choirID, comped, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("billing: set choir %s free of charge (%t): %w", choirID, comped, err)
	} else if n == 0 {
		return ErrNoChoir
	}
	return nil
}
