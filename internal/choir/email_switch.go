package choir

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// EmailSetting is whether a choir may email one of its members: the
// per-choir switch that an unsubscribe link turns off and the account page
// turns back on. It is kept on the membership, so it is per choir.
// Under it, the member chooses per choir which kinds of mail they get
// (issue 27): the weekly digest, reminders and announcements.
type EmailSetting struct {
	ChoirID, ChoirName string
	Enabled            bool
	Digest             bool
	Reminders          bool
	Announcements      bool
}

// EmailKinds are the switches of the kinds of mail to change; nil leaves
// one as it is.
type EmailKinds struct {
	Digest, Reminders, Announcements *bool
}

const emailSettingColumns = `c.id, c.name, m.email_enabled, m.digest_emails, m.reminder_emails, m.announcement_emails`

const emailSettingFrom = ` FROM user_choir_membership m JOIN choirs c ON c.id = m.choir_id
	WHERE m.user_id = ? AND m.is_active = TRUE AND m.status = 'active'`

func scanEmailSetting(row db.Scanner) (EmailSetting, error) {
	var e EmailSetting
	err := row.Scan(&e.ChoirID, &e.ChoirName, &e.Enabled, &e.Digest, &e.Reminders, &e.Announcements)
	return e, err
}

// EmailSettings lists the switch of each of a user's active memberships, by
// choir name.
func (s *Service) EmailSettings(ctx context.Context, userID string) ([]EmailSetting, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+emailSettingColumns+emailSettingFrom+` ORDER BY c.name, c.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("choir: list the email settings of %s: %w", userID, err)
	}
	out, err := db.All(rows, scanEmailSetting)
	if err != nil {
		return nil, fmt.Errorf("choir: read the email settings of %s: %w", userID, err)
	}
	return out, nil
}

// EmailSetting reads the switch of a user's active membership of a choir;
// none is 404 'Choir not found.'.
func (s *Service) EmailSetting(ctx context.Context, userID, choirID string) (*EmailSetting, error) {
	return emailSetting(ctx, s.db, userID, choirID)
}

func emailSetting(ctx context.Context, q db.Querier, userID, choirID string) (*EmailSetting, error) {
	e, err := scanEmailSetting(q.QueryRowContext(ctx, `SELECT `+emailSettingColumns+emailSettingFrom+` AND m.choir_id = ?`, userID, choirID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgChoirNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("choir: read whether %s may email %s: %w", choirID, userID, err)
	}
	return &e, nil
}

// SetEmails turns a choir's email to a member on or off, in that choir
// only; setting it as it is changes nothing. A user with no active
// membership of the choir gets 404 'Choir not found.'.
func (s *Service) SetEmails(ctx context.Context, userID, choirID string, enabled bool) (*EmailSetting, error) {
	return s.SetEmailSwitches(ctx, userID, choirID, enabled, EmailKinds{})
}

// SetEmailSwitches sets the master switch and, where given, the switches
// of the kinds of mail of a user's membership of a choir, together.
func (s *Service) SetEmailSwitches(ctx context.Context, userID, choirID string, enabled bool, kinds EmailKinds) (*EmailSetting, error) {
	var out *EmailSetting
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		set, args := `email_enabled = ?`, []any{enabled}
		for _, k := range []struct {
			column string
			on     *bool
		}{{"digest_emails", kinds.Digest}, {"reminder_emails", kinds.Reminders}, {"announcement_emails", kinds.Announcements}} {
			if k.on != nil {
				set += `, ` + k.column + ` = ?`
				args = append(args, *k.on)
			}
		}
		_, err := tx.ExecContext(ctx, `UPDATE user_choir_membership SET `+set+`
			WHERE user_id = ? AND choir_id = ? AND is_active = TRUE AND status = 'active'`,
			append(args, userID, choirID)...)
		if err != nil {
			return fmt.Errorf("choir: set whether %s may email %s: %w", choirID, userID, err)
		}
		out, err = emailSetting(ctx, tx, userID, choirID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
