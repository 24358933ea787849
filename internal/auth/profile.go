package auth

import (
	"context"

	"github.com/cantica/cantica/internal/db"
)

// ProfileUpdate carries the fields a user changes; nil leaves one alone.
type ProfileUpdate struct {
	FirstName, LastName *string
	PhoneNumber         *string // "" removes the number
	EmailDigestEnabled  *bool
}

// UpdateProfile applies the profile rules of §5 (names 1 to 50 characters)
// and saves.
func (s *Service) UpdateProfile(ctx context.Context, u *User, in ProfileUpdate) (*User, error) {
	var fe fieldErrors
	first, last, phone := u.FirstName, u.LastName, u.PhoneNumber
	var msg string
	if in.FirstName != nil {
		first, msg = checkName(*in.FirstName, ProfileNameMax, MsgFirstRequired, MsgFirstTooLong)
		fe.add("firstName", msg)
	}
	if in.LastName != nil {
		last, msg = checkName(*in.LastName, ProfileNameMax, MsgLastRequired, MsgLastTooLong)
		fe.add("lastName", msg)
	}
	if in.PhoneNumber != nil {
		phone, msg = normalisePhone(in.PhoneNumber)
		fe.add("phoneNumber", msg)
	}
	if err := fe.err(); err != nil {
		return nil, err
	}
	digest := u.EmailDigestEnabled
	if in.EmailDigestEnabled != nil {
		digest = *in.EmailDigestEnabled
	}
	var updated *User
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE user_profile
			SET first_name = ?, last_name = ?, phone_number = ?, email_digest_enabled = ?, updated_at = ? WHERE id = ?`,
			first, last, phone, digest, s.now(), u.ID); err != nil {
			return err
		}
		var err error
		updated, err = userByID(ctx, tx, u.ID)
		return err
	})
	return updated, err
}
