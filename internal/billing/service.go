package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/mail"
)

// PlanURL is where an administrator chooses a plan: the "Plan and billing"
// section of the choir settings.
const PlanURL = "/dashboard/settings/choir#plan"

// Messages of the refusals billing makes.
const (
	MsgReadOnlyAdmin  = "This choir is read-only because its free trial has ended without a plan. Everything can still be seen and exported. Choose a plan to make changes again: " + PlanURL
	MsgReadOnlyMember = "This choir is read-only because its free trial has ended without a plan. Everything can still be seen and exported; an administrator of the choir can choose a plan to make changes again."
	// MsgStorageFull is accounts spec §8's text for an upload past the storage limit.
	MsgStorageFull = "File upload failed. Please check file size and storage limits, then try again."
	msgSeats       = "The %s plan allows %d members, counting pending invitations, and this choir has reached it. Members are never removed: choose a larger plan (%s) or revoke a pending invitation to invite someone new."
	msgSwitch      = "The %s plan allows %d members and %s of files, and this choir has %d members (counting pending invitations) and %s of files. Remove some first, then switch."
)

// Service keeps each choir's subscription standing and applies the plans'
// limits. A nil *Service is billing off: every choir is unlimited and
// nothing is ever read-only, so callers need no check of their own.
type Service struct {
	db     *db.DB
	cfg    config.Config
	mailer *mail.Mailer
	logger *slog.Logger
	now    func() time.Time
}

// New returns the billing service, or nil when billing is off. With a queue
// it registers the trial reminder's planner and job.
func New(d *db.DB, cfg config.Config, mailer *mail.Mailer, queue *jobs.Queue, logger *slog.Logger, now func() time.Time) *Service {
	if !cfg.Billing.Enabled() {
		return nil
	}
	s := &Service{db: d, cfg: cfg, mailer: mailer, logger: logger, now: db.Clock(now)}
	if queue != nil {
		queue.Handle(kindTrialReminder, s.sendTrialReminder)
		queue.Plan("trial reminders", func(ctx context.Context, now time.Time) error {
			return s.planTrialReminders(ctx, now, queue)
		})
	}
	return s
}

// StartTrial gives a new choir its 30-day trial of plan (the default plan
// when empty), in the transaction that creates the choir.
func (s *Service) StartTrial(ctx context.Context, q db.Querier, choirID, plan string, now time.Time) error {
	if s == nil {
		return nil
	}
	if _, ok := PlanByID(plan); !ok {
		plan = DefaultPlan
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO choir_subscriptions (choir_id, plan, status, trial_ends_at, created_at, updated_at)
		VALUES (?, ?, 'trialing', ?, ?, ?)`, choirID, plan, now.Add(TrialLength), now, now); err != nil {
		return fmt.Errorf("billing: start the trial of choir %s: %w", choirID, err)
	}
	return nil
}

// Subscription reads a choir's row; false when it has none (a choir made
// while billing was off, which stays unlimited: see Standing).
func (s *Service) Subscription(ctx context.Context, q db.Querier, choirID string) (Subscription, bool, error) {
	return readSubscription(ctx, q, choirID)
}

// readSubscription is the one reader of a choir's choir_subscriptions row;
// false when it has none.
func readSubscription(ctx context.Context, q db.Querier, choirID string) (Subscription, bool, error) {
	sub := Subscription{ChoirID: choirID}
	var payer, stripeID sql.NullString
	var periodEnd sql.NullTime
	err := q.QueryRowContext(ctx, `SELECT plan, status, trial_ends_at, current_period_end, payer_user_id, stripe_subscription_id, comped
		FROM choir_subscriptions WHERE choir_id = ?`, choirID).
		Scan(&sub.Plan, &sub.Status, &sub.TrialEndsAt, &periodEnd, &payer, &stripeID, &sub.Comped)
	if errors.Is(err, sql.ErrNoRows) {
		return sub, false, nil
	}
	if err != nil {
		return sub, false, fmt.Errorf("billing: read the subscription of choir %s: %w", choirID, err)
	}
	sub.PayerUserID, sub.StripeSubscriptionID = payer.String, stripeID.String
	if periodEnd.Valid {
		sub.CurrentPeriodEnd = &periodEnd.Time
	}
	return sub, true, nil
}

// Standing is a choir's standing now. A choir without a subscription row
// (made before billing was turned on) is Free: turning billing on never
// locks an existing choir out or limits it; the operator sees it as free
// of charge.
func (s *Service) Standing(ctx context.Context, choirID string) (Standing, error) {
	if s == nil {
		return Standing{Kind: Free}, nil
	}
	return s.standing(ctx, s.db, choirID)
}

func (s *Service) standing(ctx context.Context, q db.Querier, choirID string) (Standing, error) {
	sub, ok, err := s.Subscription(ctx, q, choirID)
	if err != nil || !ok {
		return Standing{Kind: Free}, err
	}
	return StandingOf(sub, s.now()), nil
}

// IsReadOnly says whether changes to a choir are refused now.
func (s *Service) IsReadOnly(ctx context.Context, choirID string) (bool, error) {
	st, err := s.Standing(ctx, choirID)
	return st.IsReadOnly(), err
}

// ReadOnlyError is the refusal of a change to a read-only choir; an
// administrator's names where to choose a plan.
func ReadOnlyError(admin bool) error {
	msg := MsgReadOnlyMember
	if admin {
		msg = MsgReadOnlyAdmin
	}
	return &apperr.Error{Kind: apperr.Forbidden, Code: apperr.CodeReadOnly, Message: msg, Details: map[string]string{"planUrl": PlanURL}}
}

// Usage is what a choir uses of its plan's limits.
type Usage struct {
	Members      int   // active members and pending invitations
	StorageBytes int64 // files stored
}

// Usage counts a choir's seats and storage now.
func (s *Service) Usage(ctx context.Context, choirID string) (Usage, error) {
	return usageOf(ctx, s.db, choirID, s.now())
}

// usageOf counts a choir's seats and storage at now, read in q.
func usageOf(ctx context.Context, q db.Querier, choirID string, now time.Time) (Usage, error) {
	var u Usage
	var members, pending int
	err := q.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM user_choir_membership WHERE choir_id = ? AND is_active = TRUE),
		(SELECT COUNT(*) FROM choir_invites WHERE choir_id = ? AND status = 'pending' AND expires_at > ?),
		(SELECT storage_used_bytes FROM choirs WHERE id = ?)`, choirID, choirID, now, choirID).Scan(&members, &pending, &u.StorageBytes)
	if err != nil {
		return u, fmt.Errorf("billing: count the usage of choir %s: %w", choirID, err)
	}
	u.Members = members + pending
	return u, nil
}

// ReserveSeats refuses, inside the transaction tx that is about to add n
// pending invitations, when they would pass the plan's member limit. It
// first locks the choir's subscription row, so that concurrent invitations
// to one choir count one after the other and the last seat goes once.
func (s *Service) ReserveSeats(ctx context.Context, tx *db.Tx, choirID string, n int) error {
	if s == nil {
		return nil
	}
	res, err := tx.ExecContext(ctx, `UPDATE choir_subscriptions SET updated_at = updated_at WHERE choir_id = ?`, choirID)
	if err != nil {
		return fmt.Errorf("billing: lock the subscription of choir %s: %w", choirID, err)
	}
	if locked, err := res.RowsAffected(); err != nil || locked == 0 {
		return err // no row: unlimited
	}
	st, err := s.standing(ctx, tx, choirID)
	if err != nil || !st.Limited() {
		return err
	}
	plan, _ := PlanByID(st.Plan)
	var members, pending int
	if err := tx.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM user_choir_membership WHERE choir_id = ? AND is_active = TRUE),
		(SELECT COUNT(*) FROM choir_invites WHERE choir_id = ? AND status = 'pending' AND expires_at > ?)`,
		choirID, choirID, s.now()).Scan(&members, &pending); err != nil {
		return fmt.Errorf("billing: count the seats of choir %s: %w", choirID, err)
	}
	if members+pending+n > plan.MemberLimit {
		return apperr.New(apperr.Forbidden, apperr.CodePlanLimit, fmt.Sprintf(msgSeats, plan.Name, plan.MemberLimit, PlanURL))
	}
	return nil
}

// StorageLimit is the bytes a choir may store, read in q; false when
// unlimited (billing off, comped, or no subscription row).
func (s *Service) StorageLimit(ctx context.Context, q db.Querier, choirID string) (int64, bool, error) {
	if s == nil {
		return 0, false, nil
	}
	st, err := s.standing(ctx, q, choirID)
	if err != nil || !st.Limited() {
		return 0, false, err
	}
	plan, _ := PlanByID(st.Plan)
	return plan.StorageLimit, true, nil
}

// StorageFull is the refusal of an upload past the storage limit.
func StorageFull() error {
	return apperr.New(apperr.TooLarge, apperr.CodePlanLimit, MsgStorageFull)
}

// CanSwitch refuses a change to plan while the choir's members (counting
// pending invitations) or files do not fit it; a larger plan always fits.
func (s *Service) CanSwitch(ctx context.Context, choirID, plan string) error {
	if s == nil {
		return nil
	}
	return fits(ctx, s.db, choirID, plan, s.now())
}

// fits is CanSwitch's rule, with the usage read in q at now.
func fits(ctx context.Context, q db.Querier, choirID, plan string, now time.Time) error {
	p, ok := PlanByID(plan)
	if !ok {
		return apperr.Validation(map[string]string{"plan": "Please select a plan to continue"}, "plan")
	}
	u, err := usageOf(ctx, q, choirID, now)
	if err != nil {
		return err
	}
	if u.Members > p.MemberLimit || u.StorageBytes > p.StorageLimit {
		return apperr.New(apperr.Conflict, apperr.CodePlanLimit,
			fmt.Sprintf(msgSwitch, p.Name, p.MemberLimit, p.StorageLabel, u.Members, sizeLabel(u.StorageBytes)))
	}
	return nil
}

// AdvancedAllowed says whether a choir's plan opens the advanced analytics:
// the large plan, a comped choir, or billing off.
func (s *Service) AdvancedAllowed(ctx context.Context, choirID string) (bool, error) {
	if s == nil {
		return true, nil
	}
	st, err := s.Standing(ctx, choirID)
	if err != nil {
		return false, err
	}
	p, _ := PlanByID(st.Plan)
	return !st.Limited() || p.AdvancedAnalytics, nil
}

// sizeLabel words a byte count as the plans do (500MB, 1.2GB).
func sizeLabel(n int64) string {
	const mb = 1 << 20
	if n >= 1024*mb {
		return fmt.Sprintf("%.1fGB", float64(n)/float64(1024*mb))
	}
	return fmt.Sprintf("%dMB", (n+mb-1)/mb)
}
