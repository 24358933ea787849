package policies

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/mail"
)

// A reminder to acknowledge a policy is one job per press
// (policy-remind:<id>:<time>); it writes every message in the transaction
// that completes it, so each member gets each reminder once.
const kindRemind = "policy-remind"

type jobArgs struct {
	PolicyID string `json:"policyId"`
}

// recipient is a member who has not acknowledged a policy and gets mail from the choir.
type recipient struct{ UserID, Email, FirstName string }

func (s *Service) sendReminders(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	var args jobArgs
	if err := job.Decode(&args); err != nil {
		return nil, err
	}
	var choirID, choirName, title string
	err := s.db.QueryRowContext(ctx, `SELECT c.id, c.name, p.title FROM policies p JOIN choirs c ON c.id = p.choir_id WHERE p.id = ?`,
		args.PolicyID).Scan(&choirID, &choirName, &title)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil // deleted meanwhile
	}
	if err != nil {
		return nil, fmt.Errorf("policies: read the choir of %s: %w", args.PolicyID, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT u.id, u.email, pr.first_name FROM user_choir_membership m
		JOIN users u ON u.id = m.user_id JOIN user_profile pr ON pr.id = m.user_id JOIN policies p ON p.id = ?
		WHERE m.choir_id = ? AND `+activeMember+` AND m.email_enabled = TRUE AND NOT `+acked("m.user_id")+` ORDER BY u.email`,
		args.PolicyID, choirID)
	if err != nil {
		return nil, fmt.Errorf("policies: choose whom to remind of %s: %w", args.PolicyID, err)
	}
	to, err := db.All(rows, func(row db.Scanner) (recipient, error) {
		var r recipient
		err := row.Scan(&r.UserID, &r.Email, &r.FirstName)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("policies: read whom to remind of %s: %w", args.PolicyID, err)
	}
	return func(ctx context.Context, tx *db.Tx) error {
		for _, r := range to {
			unsubscribe, err := s.links.Issue(ctx, tx, r.UserID, choirID, actionlink.Unsubscribe, choirID)
			if err != nil {
				return err
			}
			msg, err := mail.PolicyReminder(r.Email, mail.PolicyReminderData{
				ChoirMail: mail.ChoirMail{FirstName: strings.TrimSpace(r.FirstName), ChoirName: choirName,
					Unsubscribe: s.cfg.PublicURL("/email/unsubscribe/" + unsubscribe)},
				Title: title, Open: s.cfg.PublicURL("/dashboard"),
			})
			if err != nil {
				return fmt.Errorf("policies: write the reminder of %s to %s: %w", args.PolicyID, r.UserID, err)
			}
			if err := s.mailer.Enqueue(ctx, tx, msg); err != nil {
				return fmt.Errorf("policies: queue the reminder of %s to %s: %w", args.PolicyID, r.UserID, err)
			}
		}
		s.logger.Info("policy reminder mailed", "event", "policy_reminded", "choir_id", choirID, "policy_id", args.PolicyID, "recipients", len(to))
		return nil
	}, nil
}
