package auth

import (
	"context"
	"fmt"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// ProfileUpdate carries the fields a user changes; nil leaves one alone.
type ProfileUpdate struct {
	FirstName, LastName *string
	PhoneNumber         *string // "" removes the number
	EmailDigestEnabled  *bool
	SharePhone          *bool // show the phone number to fellow members
}

// UpdateProfile applies the profile rules of §5 (names 1 to 50 characters)
// and saves.
func (s *Service) UpdateProfile(ctx context.Context, u *User, in ProfileUpdate) (*User, error) {
	var fe apperr.Fields
	first, last, phone := u.FirstName, u.LastName, u.PhoneNumber
	var msg string
	if in.FirstName != nil {
		first, msg = CheckName(*in.FirstName, ProfileNameMax, MsgFirstRequired, MsgFirstTooLong)
		fe.Add("firstName", msg)
	}
	if in.LastName != nil {
		last, msg = CheckName(*in.LastName, ProfileNameMax, MsgLastRequired, MsgLastTooLong)
		fe.Add("lastName", msg)
	}
	if in.PhoneNumber != nil {
		phone, msg = normalisePhone(in.PhoneNumber)
		fe.Add("phoneNumber", msg)
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	digest := u.EmailDigestEnabled
	if in.EmailDigestEnabled != nil {
		digest = *in.EmailDigestEnabled
	}
	share := u.SharePhone
	if in.SharePhone != nil {
		share = *in.SharePhone
	}
	var updated *User
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE user_profile
			SET first_name = ?, last_name = ?, phone_number = ?, email_digest_enabled = ?, share_phone = ?, updated_at = ? WHERE id = ?`,
			first, last, phone, digest, share, s.now(), u.ID); err != nil {
			return fmt.Errorf("auth: update the profile of %s: %w", u.ID, err)
		}
		var err error
		updated, err = userByID(ctx, tx, u.ID)
		return err
	})
	return updated, err
}

// ShowAllLiturgicalDays says whether the user's calendar shows the minor
// liturgical days too (off unless they turned it on).
func (s *Service) ShowAllLiturgicalDays(ctx context.Context, userID string) (bool, error) {
	var on bool
	if err := s.db.QueryRowContext(ctx, `SELECT show_all_liturgical_days FROM user_profile WHERE id = ?`, userID).Scan(&on); err != nil {
		return false, fmt.Errorf("auth: read the calendar preferences of %s: %w", userID, err)
	}
	return on, nil
}

// SetShowAllLiturgicalDays remembers whether the user's calendar shows the
// minor liturgical days too.
func (s *Service) SetShowAllLiturgicalDays(ctx context.Context, userID string, on bool) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE user_profile SET show_all_liturgical_days = ?, updated_at = ? WHERE id = ?`,
		on, s.now(), userID); err != nil {
		return fmt.Errorf("auth: save the calendar preferences of %s: %w", userID, err)
	}
	return nil
}
