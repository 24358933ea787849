package announce

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/mail"
	"github.com/cantica/cantica/internal/push"
)

// The jobs of announcement mail. A planner hands each announcement whose
// publish time has come, and that asks for email, to the queue once
// (announce-publish:<id>); its job mails every member of the audience whose
// email is on. A reminder to acknowledge is one job per press
// (announce-remind:<id>:<time>). Each job writes all its messages in the
// transaction that completes it, so each member gets each mail once.
const (
	kindPublish = "announce-publish"
	kindRemind  = "announce-remind"
	// planBatch bounds the announcements one planning round hands over.
	planBatch = 100
)

type jobArgs struct {
	AnnouncementID string `json:"announcementId"`
}

// planPublishMail queues the publish mail of the announcements due at now.
func (s *Service) planPublishMail(ctx context.Context, now time.Time) error {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM announcements WHERE email_on_publish = TRUE AND mail_queued_at IS NULL
		AND publish_at <= ? AND (expires_at IS NULL OR expires_at > ?) AND choir_id IS NOT NULL ORDER BY publish_at LIMIT ?`, now, now, planBatch)
	if err != nil {
		return fmt.Errorf("announce: find the announcements to mail: %w", err)
	}
	ids, err := db.All(rows, func(row db.Scanner) (string, error) {
		var id string
		err := row.Scan(&id)
		return id, err
	})
	if err != nil {
		return fmt.Errorf("announce: read the announcements to mail: %w", err)
	}
	queued := false
	for _, id := range ids {
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			res, err := tx.ExecContext(ctx, `UPDATE announcements SET mail_queued_at = ? WHERE id = ? AND mail_queued_at IS NULL`, now, id)
			if err != nil {
				return fmt.Errorf("announce: note the mail of %s as queued: %w", id, err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return nil // another instance took it
			}
			queued = true
			_, err = s.queue.Enqueue(ctx, tx, jobs.Spec{Kind: kindPublish, Key: "announce-publish:" + id, Args: jobArgs{AnnouncementID: id}})
			return err
		})
		if err != nil {
			return err
		}
	}
	if queued {
		s.queue.Kick()
	}
	return nil
}

// recipient is a member who gets an announcement's mail.
type recipient struct{ UserID, Email, FirstName string }

// recipients are the audience of an announcement whose mail from the choir
// is on (the master switch and the announcement switch); with unacked,
// only those who have not acknowledged it.
func (s *Service) recipients(ctx context.Context, choirID, id string, unacked bool) ([]recipient, error) {
	query := `SELECT u.id, u.email, p.first_name FROM user_choir_membership m
		JOIN users u ON u.id = m.user_id JOIN user_profile p ON p.id = m.user_id
		WHERE m.choir_id = ? AND ` + activeMember + ` AND m.email_enabled = TRUE AND m.announcement_emails = TRUE
		AND ` + inAudience("?", "m.user_id")
	args := []any{choirID, id, id}
	if unacked {
		query += ` AND NOT EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = ? AND r.user_id = m.user_id
			AND r.acknowledged_at IS NOT NULL)`
		args = append(args, id)
	}
	rows, err := s.db.QueryContext(ctx, query+` ORDER BY u.email`, args...)
	if err != nil {
		return nil, fmt.Errorf("announce: choose the recipients of %s: %w", id, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (recipient, error) {
		var r recipient
		err := row.Scan(&r.UserID, &r.Email, &r.FirstName)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("announce: read the recipients of %s: %w", id, err)
	}
	return out, nil
}

// mailing is what one mail job sends: an announcement of a choir.
type mailing struct {
	a         *Announcement
	choirID   string
	choirName string
	to        []recipient
}

// load reads what a job mails; nil when there is nothing to send any more
// (deleted, expired, mail turned off meanwhile).
func (s *Service) load(ctx context.Context, job jobs.Job, reminder bool) (*mailing, error) {
	var args jobArgs
	if err := job.Decode(&args); err != nil {
		return nil, err
	}
	var choirID, choirName string
	err := s.db.QueryRowContext(ctx, `SELECT c.id, c.name FROM announcements a JOIN choirs c ON c.id = a.choir_id WHERE a.id = ?`,
		args.AnnouncementID).Scan(&choirID, &choirName)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, fmt.Errorf("announce: read the choir of %s: %w", args.AnnouncementID, err)
	}
	a, err := s.Get(ctx, choirID, args.AnnouncementID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	if a.Expired(now) || !a.Published(now) || (!reminder && !a.EmailOnPublish) {
		return nil, nil
	}
	to, err := s.recipients(ctx, choirID, a.ID, reminder)
	if err != nil {
		return nil, err
	}
	return &mailing{a: a, choirID: choirID, choirName: choirName, to: to}, nil
}

func (s *Service) sendPublishMail(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	m, err := s.load(ctx, job, false)
	if err != nil || m == nil {
		return nil, err
	}
	return s.write(m, job.Key, false), nil
}

func (s *Service) sendReminders(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	m, err := s.load(ctx, job, true)
	if err != nil || m == nil {
		return nil, err
	}
	return s.write(m, job.Key, true), nil
}

// write queues every recipient's message, each with their own unsubscribe
// link, and its push notice under the job's key.
func (s *Service) write(m *mailing, job string, reminder bool) jobs.Commit {
	return func(ctx context.Context, tx *db.Tx) error {
		for _, r := range m.to {
			unsubscribe, err := s.links.Issue(ctx, tx, r.UserID, m.choirID, actionlink.Unsubscribe, m.choirID)
			if err != nil {
				return err
			}
			msg, err := mail.Announcement(r.Email, mail.AnnouncementData{
				ChoirMail: mail.ChoirMail{FirstName: strings.TrimSpace(r.FirstName), ChoirName: m.choirName, SenderName: m.a.AuthorName,
					Unsubscribe: s.cfg.PublicURL("/email/unsubscribe/" + unsubscribe)},
				Title: m.a.Title, BodyHTML: htmltemplate.HTML(m.a.BodyHTML), BodyText: m.a.Body, //nolint:gosec // sanitised by internal/markdown
				RequiresAck: m.a.RequiresAck, Reminder: reminder, Open: s.cfg.PublicURL("/dashboard/announcements"),
			})
			if err != nil {
				return fmt.Errorf("announce: write the mail of %s to %s: %w", m.a.ID, r.UserID, err)
			}
			msg.ChoirID = m.choirID
			if err := s.mailer.Enqueue(ctx, tx, msg); err != nil {
				return fmt.Errorf("announce: queue the mail of %s to %s: %w", m.a.ID, r.UserID, err)
			}
			if s.push != nil {
				// Keyed by the job and the member: one notice per mail.
				n := push.Notice{Title: msg.Subject, Body: summary(m.a.Body), URL: "/dashboard/announcements", Tag: "announcement:" + m.a.ID}
				if err := s.push.Notify(ctx, tx, r.UserID, job+":"+r.UserID, n); err != nil {
					return err
				}
			}
		}
		s.logger.Info("announcement mailed", "event", "announcement_mailed", "choir_id", m.choirID, "announcement_id", m.a.ID,
			"reminder", reminder, "recipients", len(m.to))
		return nil
	}
}
