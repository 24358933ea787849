package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/mail"
)

// The trial reminder (accounts §1, §9: 3 days before the trial ends) is one
// job per choir, keyed trial-reminder:<choir>, so however many instances
// plan it, it is queued once; its commit marks trial_reminder_sent_at only
// where it is still empty and writes the mail only then, so it is sent once.
const kindTrialReminder = "trial-reminder"

type reminderArgs struct {
	ChoirID string `json:"choirId"`
}

// planTrialReminders queues the reminder of every choir whose trial ends
// within ReminderBefore, has not ended, and has no payment set up.
func (s *Service) planTrialReminders(ctx context.Context, now time.Time, queue *jobs.Queue) error {
	rows, err := s.db.QueryContext(ctx, `SELECT choir_id FROM choir_subscriptions
		WHERE status = 'trialing' AND comped = FALSE AND stripe_subscription_id IS NULL
		AND trial_reminder_sent_at IS NULL AND trial_ends_at > ? AND trial_ends_at <= ?`, now, now.Add(ReminderBefore))
	if err != nil {
		return fmt.Errorf("billing: find the trials ending soon: %w", err)
	}
	due, err := db.All(rows, func(r db.Scanner) (string, error) {
		var id string
		return id, r.Scan(&id)
	})
	if err != nil {
		return fmt.Errorf("billing: read the trials ending soon: %w", err)
	}
	for _, id := range due {
		if _, err := queue.Enqueue(ctx, s.db, jobs.Spec{Kind: kindTrialReminder, Key: kindTrialReminder + ":" + id, Args: reminderArgs{id}}); err != nil {
			return fmt.Errorf("billing: queue the trial reminder of choir %s: %w", id, err)
		}
	}
	return nil
}

type admin struct{ Email, FirstName string }

// sendTrialReminder writes the reminder to each active administrator of
// the choir.
func (s *Service) sendTrialReminder(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	var args reminderArgs
	if err := job.Decode(&args); err != nil {
		return nil, err
	}
	var name string
	var ends time.Time
	if err := s.db.QueryRowContext(ctx, `SELECT c.name, cs.trial_ends_at FROM choirs c
		JOIN choir_subscriptions cs ON cs.choir_id = c.id WHERE c.id = ?`, args.ChoirID).Scan(&name, &ends); err != nil {
		return nil, fmt.Errorf("billing: read the trial of choir %s: %w", args.ChoirID, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT u.email, pr.first_name FROM user_choir_membership m
		JOIN users u ON u.id = m.user_id JOIN user_profile pr ON pr.id = m.user_id
		WHERE m.choir_id = ? AND m.is_active = TRUE AND m.role = 'choir_admin' ORDER BY u.email`, args.ChoirID)
	if err != nil {
		return nil, fmt.Errorf("billing: find the administrators of choir %s: %w", args.ChoirID, err)
	}
	admins, err := db.All(rows, func(r db.Scanner) (admin, error) {
		var a admin
		return a, r.Scan(&a.Email, &a.FirstName)
	})
	if err != nil {
		return nil, fmt.Errorf("billing: read the administrators of choir %s: %w", args.ChoirID, err)
	}
	return func(ctx context.Context, tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE choir_subscriptions SET trial_reminder_sent_at = ?
			WHERE choir_id = ? AND trial_reminder_sent_at IS NULL`, s.now(), args.ChoirID)
		if err != nil {
			return fmt.Errorf("billing: mark the trial reminder of choir %s: %w", args.ChoirID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // sent already
		}
		for _, a := range admins {
			if err := s.mailer.Enqueue(ctx, tx, trialReminder(s.cfg.PublicURL(PlanURL), name, a, ends, s.now())); err != nil {
				return fmt.Errorf("billing: queue the trial reminder of choir %s: %w", args.ChoirID, err)
			}
		}
		return nil
	}, nil
}

func trialReminder(planURL, choirName string, to admin, ends, now time.Time) mail.Message {
	days := DaysLeft(ends, now)
	when := fmt.Sprintf("in %d days", days)
	if days == 1 {
		when = "tomorrow"
	}
	greeting := "Hello,"
	if to.FirstName != "" {
		greeting = "Hello " + to.FirstName + ","
	}
	text := greeting + "\n\n" +
		"the free trial of " + choirName + " on Cantica ends " + when + ", on " + ends.UTC().Format("Monday 2 January 2006") + ".\n\n" +
		"To keep making changes, choose a plan:\n" + planURL + "\n\n" +
		"If no plan is chosen, the choir becomes read-only: members can still see the calendar, music and files and export everything, and nothing is deleted.\n"
	return mail.Message{Kind: "trial_reminder", To: to.Email, Subject: "Your free trial of " + choirName + " ends " + when, Text: text}
}
