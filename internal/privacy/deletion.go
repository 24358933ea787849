package privacy

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/mail"
)

// MsgSoleAdmin refuses the deletion of the only administrator of a choir
// that has other members, and says how to hand the role over.
func MsgSoleAdmin(choirName string) string {
	return "You are the only administrator of " + choirName + ". Before you delete your account, make another member an administrator: " +
		"in that choir's dashboard open Members, choose the member and set their role to Choir Administrator."
}

// SoleAdminOf lists the choirs with other members of which userID is the
// only active administrator.
func (s *Service) SoleAdminOf(ctx context.Context, q db.Querier, userID string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT c.name FROM user_choir_membership m JOIN choirs c ON c.id = m.choir_id
		WHERE m.user_id = ? AND m.role = 'choir_admin' AND m.is_active = TRUE AND m.status = 'active'
		AND NOT EXISTS (SELECT 1 FROM user_choir_membership o WHERE o.choir_id = m.choir_id AND o.user_id <> m.user_id
			AND o.role = 'choir_admin' AND o.is_active = TRUE AND o.status = 'active')
		AND EXISTS (SELECT 1 FROM user_choir_membership o WHERE o.choir_id = m.choir_id AND o.user_id <> m.user_id AND o.status = 'active')
		ORDER BY c.name`, userID)
	if err != nil {
		return nil, fmt.Errorf("privacy: find the choirs %s administers alone: %w", userID, err)
	}
	names, err := db.All(rows, func(r db.Scanner) (string, error) {
		var n string
		return n, r.Scan(&n)
	})
	if err != nil {
		return nil, fmt.Errorf("privacy: read the choirs %s administers alone: %w", userID, err)
	}
	return names, nil
}

type purgeArgs struct {
	Request string `json:"request"`
}

// RequestDeletion deactivates u's account at once — signed out everywhere,
// memberships set aside, email links void — and queues its purge for
// PurgeAfter from now. The caller has checked the password. It returns when
// the account will be purged.
func (s *Service) RequestDeletion(ctx context.Context, u *auth.User) (time.Time, error) {
	now := s.now()
	purgeAt := now.Add(PurgeAfter)
	request := uuid.NewString()
	msg, err := mail.Render("account_deletion_requested", "Your Cantica account will be deleted", u.Email, struct {
		FirstName, PurgeDate, Link string
	}{u.FirstName, purgeAt.Format("2 January 2006"), s.cfg.PublicURL("/login")})
	if err != nil {
		return time.Time{}, err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		alone, err := s.SoleAdminOf(ctx, tx, u.ID)
		if err != nil {
			return err
		}
		if len(alone) > 0 {
			return apperr.New(apperr.Conflict, apperr.CodeLastAdmin, MsgSoleAdmin(alone[0]))
		}
		res, err := tx.ExecContext(ctx, `UPDATE users SET deactivated_at = ?, purge_at = ?, deletion_request = ?, updated_at = ?
			WHERE id = ? AND deactivated_at IS NULL`, now, purgeAt, request, now, u.ID)
		if err != nil {
			return fmt.Errorf("privacy: deactivate account %s: %w", u.ID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // already deactivated by a concurrent request
		}
		for _, stmt := range []string{
			`UPDATE user_choir_membership SET status = 'deactivated' WHERE user_id = ? AND status = 'active'`,
			`DELETE FROM email_action_tokens WHERE user_id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, stmt, u.ID); err != nil {
				return fmt.Errorf("privacy: deactivate account %s: %w", u.ID, err)
			}
		}
		if err := auth.EndAllSessions(ctx, tx, u.ID); err != nil {
			return err
		}
		if _, err := s.queue.Enqueue(ctx, tx, jobs.Spec{Kind: kindPurge, Key: "privacy.purge:" + request,
			Args: purgeArgs{Request: request}, RunAt: purgeAt}); err != nil {
			return err
		}
		return s.mailer.Enqueue(ctx, tx, msg)
	})
	if err != nil {
		return time.Time{}, err
	}
	s.mailer.Kick()
	s.logger.Info("privacy: account deactivated for deletion", "event", "account_deactivated", "user_id", u.ID, "purge_at", purgeAt)
	return purgeAt, nil
}

// purge erases a deactivated account whose time has come. Files are deleted
// first, outside the transaction (deleting a missing file is no error, so a
// rerun is safe); the transaction then moves the person's attendance and
// practice to a new anonymous "Former member" account — so that the
// choirs' figures do not change — attributes what they wrote for their
// choirs to it, removes every row that names them, deletes the account
// (whose foreign keys cascade or set null) and queues the confirmation.
func (s *Service) purge(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	var args purgeArgs
	if err := job.Decode(&args); err != nil {
		return nil, err
	}
	var userID string
	var purgeAt time.Time
	err := s.db.QueryRowContext(ctx, `SELECT id, purge_at FROM users WHERE deletion_request = ? AND deactivated_at IS NOT NULL`,
		args.Request).Scan(&userID, &purgeAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil // restored, or purged already
	}
	if err != nil {
		return nil, fmt.Errorf("privacy: read the account of a deletion request: %w", err)
	}
	if s.now().Before(purgeAt) {
		return nil, fmt.Errorf("privacy: the purge of %s is due at %s", userID, purgeAt)
	}
	person, err := s.person(ctx, userID)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT file_key FROM data_exports WHERE user_id = ? AND file_key IS NOT NULL`, userID)
	if err != nil {
		return nil, fmt.Errorf("privacy: list the export files of %s: %w", userID, err)
	}
	keys, err := db.All(rows, func(r db.Scanner) (string, error) {
		var k string
		return k, r.Scan(&k)
	})
	if err != nil {
		return nil, fmt.Errorf("privacy: list the export files of %s: %w", userID, err)
	}
	for _, k := range keys {
		if err := s.files.Delete(ctx, k); err != nil {
			return nil, fmt.Errorf("privacy: delete an export file of %s: %w", userID, err)
		}
	}
	msg, err := mail.Render(mailPurged, "Your Cantica account has been deleted", person.email, struct{ FirstName string }{person.firstName})
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, tx *db.Tx) error {
		if err := s.erase(ctx, tx, userID, person); err != nil {
			return err
		}
		if err := s.mailer.Enqueue(ctx, tx, msg); err != nil {
			return err
		}
		// The confirmation itself names them: forgotten once delivered.
		_, err := s.queue.Enqueue(ctx, tx, jobs.Spec{Kind: kindForgetMail, Key: "privacy.forget_mail:" + args.Request,
			RunAt: s.now().Add(forgetMailAfter)})
		if err == nil {
			s.logger.Info("privacy: account purged", "event", "account_purged")
		}
		return err
	}, nil
}

func (s *Service) erase(ctx context.Context, tx *db.Tx, userID string, p *personRow) error {
	now := s.now()
	anon := uuid.NewString()
	var kept int
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM member_attendance WHERE user_id = ?)
		+ (SELECT COUNT(*) FROM practice_sessions WHERE user_id = ?) + (SELECT COUNT(*) FROM announcements WHERE created_by = ?)`,
		userID, userID, userID).Scan(&kept); err != nil {
		return fmt.Errorf("privacy: count what the choirs of %s keep: %w", userID, err)
	}
	like := func(s string) string { return db.Contains(s) }
	fullName := strings.TrimSpace(p.firstName + " " + p.lastName)
	type stmt struct {
		sql  string
		args []any
	}
	var stmts []stmt
	if kept > 0 {
		// A former member's account: no password, no identity, deactivated,
		// and in no choir, so it never signs in nor appears in a list.
		stmts = append(stmts,
			stmt{`INSERT INTO users (id, email, created_at, updated_at, deactivated_at) VALUES (?, ?, ?, ?, ?)`,
				[]any{anon, "former-member-" + anon + "@purged.invalid", now, now, now}},
			stmt{`INSERT INTO user_profile (id, first_name, last_name, email_digest_enabled, updated_at) VALUES (?, 'Former', 'member', FALSE, ?)`,
				[]any{anon, now}},
			stmt{`UPDATE member_attendance SET user_id = ? WHERE user_id = ?`, []any{anon, userID}},
			stmt{`UPDATE practice_sessions SET user_id = ? WHERE user_id = ?`, []any{anon, userID}},
			stmt{`UPDATE announcements SET created_by = ?, author_name = ? WHERE created_by = ?`, []any{anon, FormerMember, userID}},
		)
	}
	stmts = append(stmts,
		stmt{`DELETE FROM choir_invites WHERE email = ?`, []any{p.email}},
		stmt{`DELETE FROM throttle WHERE key LIKE ? ESCAPE '\' OR key LIKE ? ESCAPE '\'`, []any{like(p.email), like(userID)}},
		// Mail to them or about them (the log of what was sent).
		stmt{`DELETE FROM mail_outbox WHERE to_address LIKE ? ESCAPE '\' OR text_body LIKE ? ESCAPE '\' OR text_body LIKE ? ESCAPE '\'
			OR (? <> '' AND text_body LIKE ? ESCAPE '\')`, []any{like(p.email), like(p.email), like(userID), fullName, like(fullName)}},
		// Queued or finished work for them (digests, reminders); this job names only its request.
		stmt{`DELETE FROM jobs WHERE unique_key LIKE ? ESCAPE '\' OR args LIKE ? ESCAPE '\' OR args LIKE ? ESCAPE '\'`,
			[]any{like(userID), like(userID), like(p.email)}},
		stmt{`DELETE FROM users WHERE id = ?`, []any{userID}},
	)
	for _, st := range stmts {
		if _, err := tx.ExecContext(ctx, st.sql, st.args...); err != nil {
			return fmt.Errorf("privacy: purge account %s: %w", userID, err)
		}
	}
	return nil
}

// forgetPurgeMail deletes the purge confirmations once delivered; one still
// waiting makes the job try again later.
func (s *Service) forgetPurgeMail(ctx context.Context, _ jobs.Job) (jobs.Commit, error) {
	var waiting int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM mail_outbox WHERE kind = ? AND sent_at IS NULL AND failed_at IS NULL`,
		mailPurged).Scan(&waiting); err != nil {
		return nil, fmt.Errorf("privacy: count undelivered purge confirmations: %w", err)
	}
	if waiting > 0 {
		return nil, fmt.Errorf("privacy: %d purge confirmations are not delivered yet", waiting)
	}
	return func(ctx context.Context, tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM mail_outbox WHERE kind = ? AND (sent_at IS NOT NULL OR failed_at IS NOT NULL)`, mailPurged); err != nil {
			return fmt.Errorf("privacy: forget delivered purge confirmations: %w", err)
		}
		return nil
	}, nil
}
