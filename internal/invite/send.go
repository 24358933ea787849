package invite

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/mail"
)

// This file sends invitations: creating, listing, resending and revoking
// them, under the choir's daily limit.

// MaxVoicePartsPerInvitation bounds the parts one invitation names.
const MaxVoicePartsPerInvitation = 50

// partsByID indexes a choir's voice parts by id.
func partsByID(parts []choir.VoicePart) map[string]choir.VoicePart {
	out := make(map[string]choir.VoicePart, len(parts))
	for _, p := range parts {
		out[p.ID] = p
	}
	return out
}

// checkInvitee applies the field rules of an invitation; parts are the
// choir's voice parts by id. The parts named come back once each, in the
// choir's order.
func checkInvitee(in Invitee, parts map[string]choir.VoicePart) (Invitee, error) {
	var f apperr.Fields
	var msg string
	in.Email, msg = auth.NormaliseEmail(in.Email)
	f.Add("email", msg)
	in.FirstName, msg = auth.CheckName(in.FirstName, auth.RegistrationNameMax, auth.MsgFirstRequired, auth.MsgFirstTooLong)
	f.Add("firstName", msg)
	in.LastName, msg = auth.CheckName(in.LastName, auth.RegistrationNameMax, auth.MsgLastRequired, auth.MsgLastTooLong)
	f.Add("lastName", msg)
	if !access.ValidMembershipRole(in.Role) {
		f.Add("role", choir.MsgRoleInvalid)
	}
	ids, ok := knownParts(in.VoicePartIDs, parts)
	if !ok {
		f.Add("musicalRoleIds", choir.MsgVoicePartUnknown)
	}
	in.VoicePartIDs = ids
	return in, f.Err()
}

// knownParts keeps each of ids once, in the choir's order, and says
// whether every one is a part of the choir.
func knownParts(ids []string, parts map[string]choir.VoicePart) ([]string, bool) {
	if len(ids) > MaxVoicePartsPerInvitation {
		return nil, false
	}
	chosen := make([]choir.VoicePart, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		p, ok := parts[id]
		if !ok {
			return nil, false
		}
		if !seen[id] {
			seen[id] = true
			chosen = append(chosen, p)
		}
	}
	slices.SortFunc(chosen, func(a, b choir.VoicePart) int {
		return cmp.Or(cmp.Compare(a.SortOrder, b.SortOrder), cmp.Compare(a.Name, b.Name))
	})
	out := make([]string, len(chosen))
	for i, p := range chosen {
		out[i] = p.ID
	}
	return out, true
}

// voiceParts reads a choir's voice parts by id.
func (s *Service) voiceParts(ctx context.Context, choirID string) (map[string]choir.VoicePart, error) {
	list, err := choir.ListVoiceParts(ctx, s.db, choirID)
	if err != nil {
		return nil, err
	}
	return partsByID(list), nil
}

// Create invites someone to a choir and emails them the link, all or nothing.
func (s *Service) Create(ctx context.Context, c Choir, by Inviter, in Invitee) (*Invitation, error) {
	parts, err := s.voiceParts(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	return s.create(ctx, c, by, in, parts)
}

// create is Create with the choir's voice parts read once by the caller
// (an import reads them once for all its rows).
func (s *Service) create(ctx context.Context, c Choir, by Inviter, in Invitee, parts map[string]choir.VoicePart) (*Invitation, error) {
	in, err := checkInvitee(in, parts)
	if err != nil {
		return nil, err
	}
	if err := s.allowSend(ctx, c.ID); err != nil {
		return nil, err
	}
	now := s.now()
	inv := &Invitation{ID: uuid.NewString(), ChoirID: c.ID, Email: in.Email, FirstName: in.FirstName, LastName: in.LastName,
		Role: access.Role(in.Role), Status: Pending, CreatedAt: now, SentAt: now, ExpiresAt: now.Add(Lifetime),
		VoiceParts: make([]choir.VoicePart, 0, len(in.VoicePartIDs))}
	for _, id := range in.VoicePartIDs {
		inv.VoiceParts = append(inv.VoiceParts, parts[id])
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := refuseMember(ctx, tx, c.ID, inv.Email); err != nil {
			return err
		}
		// An invitation past its term is no use once a new one is out.
		if _, err := tx.ExecContext(ctx, `DELETE FROM choir_invites WHERE choir_id = ? AND email = ?
			AND (status = 'expired' OR (status = 'pending' AND expires_at <= ?))`, c.ID, inv.Email, now); err != nil {
			return fmt.Errorf("invite: clear the lapsed invitations to %s before %s: %w", c.ID, inv.ID, err)
		}
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM choir_invites WHERE choir_id = ? AND email = ? AND status = 'pending'`,
			c.ID, inv.Email).Scan(&open); err != nil {
			return fmt.Errorf("invite: count the open invitations to %s before %s: %w", c.ID, inv.ID, err)
		}
		if open > 0 {
			return alreadyInvited()
		}
		if err := s.billing.ReserveSeats(ctx, tx, c.ID, 1); err != nil {
			return err
		}
		token, err := newToken()
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO choir_invites
			(id, choir_id, email, first_name, last_name, role, token_hash, status, invited_by, created_at, sent_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
			inv.ID, c.ID, inv.Email, inv.FirstName, inv.LastName, string(inv.Role), hashToken(token), by.ID, now, now, inv.ExpiresAt); err != nil {
			return fmt.Errorf("invite: insert invitation %s: %w", inv.ID, err)
		}
		for _, id := range in.VoicePartIDs {
			// A part removed since it was read is passed over, as the choir's own.
			if _, err := tx.ExecContext(ctx, `INSERT INTO choir_invite_musical_roles (invite_id, musical_role_id)
				SELECT ?, id FROM musical_roles WHERE id = ? AND choir_id = ?`, inv.ID, id, c.ID); err != nil {
				return fmt.Errorf("invite: give invitation %s voice part %s: %w", inv.ID, id, err)
			}
		}
		return s.send(ctx, tx, c, by, inv, token)
	})
	if db.IsUniqueViolation(err) { // invited by a concurrent request
		return nil, alreadyInvited()
	}
	if err != nil {
		return nil, err
	}
	s.mailer.Kick()
	s.logger.Info("invitation sent", "event", "invitation_created", "choir_id", c.ID, "invitation_id", inv.ID, "by", by.ID)
	return inv, nil
}

func alreadyInvited() error {
	return apperr.New(apperr.Conflict, apperr.CodeEmailAlreadyInvited, MsgAlreadyInvited)
}

// refuseMember refuses an address whose account already belongs to the choir.
func refuseMember(ctx context.Context, q db.Querier, choirID, email string) error {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_choir_membership m JOIN users u ON u.id = m.user_id
		WHERE m.choir_id = ? AND u.email = ?`, choirID, email).Scan(&n); err != nil {
		return fmt.Errorf("invite: read whether an invitee belongs to %s: %w", choirID, err)
	}
	if n > 0 {
		return apperr.New(apperr.Conflict, apperr.CodeAlreadyMember, MsgAlreadyMember)
	}
	return nil
}

// allowSend counts one invitation email against the choir's daily limit.
func (s *Service) allowSend(ctx context.Context, choirID string) error {
	ok, wait, err := s.limit.Allow(ctx, "invite:choir:"+choirID, DailyPerChoir, 24*time.Hour)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Limited(fmt.Sprintf(msgDailyLimit, inWords(wait)), wait)
	}
	return nil
}

// inWords says how long a wait is as people do: whole minutes under an
// hour, whole hours beyond, rounded up so that nobody comes back too soon.
func inWords(d time.Duration) string {
	minutes := max(int((d+time.Minute-1)/time.Minute), 1)
	if minutes < 60 {
		return plural(minutes, "minute")
	}
	return plural((minutes+59)/60, "hour")
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

func roleWithArticle(r access.Role) string {
	if r == access.ChoirAdmin {
		return "a Choir Administrator"
	}
	return "a " + choir.RoleLabel(r)
}

func (s *Service) send(ctx context.Context, q db.Querier, c Choir, by Inviter, inv *Invitation, token string) error {
	msg, err := mail.Invitation(inv.Email, mail.InvitationData{
		FirstName: inv.FirstName, InviterName: by.Name, ChoirName: c.Name, RoleLabel: roleWithArticle(inv.Role),
		Link:    s.cfg.PublicURL("/accept-invite?token=" + url.QueryEscape(token)),
		Expires: inv.ExpiresAt.Format("2 January 2006"),
	})
	if err != nil {
		return fmt.Errorf("invite: write the email of invitation %s: %w", inv.ID, err)
	}
	msg.ChoirID = c.ID
	if err := s.mailer.Enqueue(ctx, q, msg); err != nil {
		return fmt.Errorf("invite: queue the email of invitation %s: %w", inv.ID, err)
	}
	return nil
}

const invitationColumns = `id, choir_id, email, first_name, last_name, role, status, created_at, sent_at, expires_at`

func scanInvitation(row db.Scanner, now time.Time) (*Invitation, error) {
	var inv Invitation
	var role string
	if err := row.Scan(&inv.ID, &inv.ChoirID, &inv.Email, &inv.FirstName, &inv.LastName, &role, &inv.Status,
		&inv.CreatedAt, &inv.SentAt, &inv.ExpiresAt); err != nil {
		return nil, err
	}
	inv.Role = access.Role(role)
	inv.Status = effective(inv.Status, inv.ExpiresAt, now)
	inv.VoiceParts = []choir.VoicePart{}
	return &inv, nil
}

// List gives a choir's open invitations, pending and expired, the most
// recently sent first.
func (s *Service) List(ctx context.Context, choirID string) ([]Invitation, error) {
	now := s.now()
	rows, err := s.db.QueryContext(ctx, `SELECT `+invitationColumns+` FROM choir_invites
		WHERE choir_id = ? AND status IN ('pending', 'expired') ORDER BY sent_at DESC, email`, choirID)
	if err != nil {
		return nil, fmt.Errorf("invite: list the invitations of %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Invitation, error) {
		inv, err := scanInvitation(row, now)
		if err != nil {
			return Invitation{}, err
		}
		return *inv, nil
	})
	if err != nil {
		return nil, fmt.Errorf("invite: read the invitations of %s: %w", choirID, err)
	}
	parts, err := s.invitedParts(ctx, s.db, choirID, "")
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].VoiceParts = parts[out[i].ID]
	}
	return out, nil
}

// invitedParts reads the voice parts of a choir's open invitations (or of
// one invitation, id), by invitation, in the choir's order; every
// invitation gets a list, if empty.
func (s *Service) invitedParts(ctx context.Context, q db.Querier, choirID, id string) (map[string][]choir.VoicePart, error) {
	query := `SELECT p.invite_id, r.id, r.name, r.sort_order FROM choir_invite_musical_roles p
		JOIN choir_invites i ON i.id = p.invite_id JOIN musical_roles r ON r.id = p.musical_role_id AND r.choir_id = i.choir_id
		WHERE i.choir_id = ? AND i.status IN ('pending', 'expired')`
	args := []any{choirID}
	if id != "" {
		query += ` AND i.id = ?`
		args = append(args, id)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY r.sort_order, r.name`, args...)
	if err != nil {
		return nil, fmt.Errorf("invite: list the voice parts invited to %s: %w", choirID, err)
	}
	out := map[string][]choir.VoicePart{}
	type invited struct {
		invite string
		part   choir.VoicePart
	}
	list, err := db.All(rows, func(row db.Scanner) (invited, error) {
		var v invited
		err := row.Scan(&v.invite, &v.part.ID, &v.part.Name, &v.part.SortOrder)
		return v, err
	})
	if err != nil {
		return nil, fmt.Errorf("invite: read the voice parts invited to %s: %w", choirID, err)
	}
	for _, v := range list {
		out[v.invite] = append(out[v.invite], v.part)
	}
	return out, nil
}

// lockInvitation reads one of a choir's invitations for a change.
func lockInvitation(ctx context.Context, tx *db.Tx, choirID, id string, now time.Time) (*Invitation, error) {
	inv, err := scanInvitation(tx.QueryRowContext(ctx, `SELECT `+invitationColumns+` FROM choir_invites
		WHERE id = ? AND choir_id = ?`+tx.ForUpdate(), id, choirID), now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgInvitationGone)
	}
	if err != nil {
		return nil, fmt.Errorf("invite: load invitation %s: %w", id, err)
	}
	return inv, nil
}

// Resend emails a pending or expired invitation again with a new link and
// a new term; the old link stops working.
func (s *Service) Resend(ctx context.Context, c Choir, by Inviter, id string) (*Invitation, error) {
	if err := s.allowSend(ctx, c.ID); err != nil {
		return nil, err
	}
	now := s.now()
	var inv *Invitation
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if inv, err = lockInvitation(ctx, tx, c.ID, id, now); err != nil {
			return err
		}
		if inv.Status != Pending && inv.Status != Expired {
			return apperr.New(apperr.Conflict, apperr.CodeInviteUpdate, fmt.Sprintf(msgUsed, inv.Status))
		}
		if err := refuseMember(ctx, tx, c.ID, inv.Email); err != nil {
			return err
		}
		// A lapsed invitation holds no seat; sent again, it takes one.
		if inv.Status == Expired {
			if err := s.billing.ReserveSeats(ctx, tx, c.ID, 1); err != nil {
				return err
			}
		}
		token, err := newToken()
		if err != nil {
			return err
		}
		inv.Status, inv.SentAt, inv.ExpiresAt = Pending, now, now.Add(Lifetime)
		if _, err := tx.ExecContext(ctx, `UPDATE choir_invites SET token_hash = ?, status = 'pending', sent_at = ?, expires_at = ?,
			invited_by = ? WHERE id = ?`, hashToken(token), now, inv.ExpiresAt, by.ID, inv.ID); err != nil {
			return fmt.Errorf("invite: renew invitation %s: %w", inv.ID, err)
		}
		parts, err := s.invitedParts(ctx, tx, c.ID, inv.ID)
		if err != nil {
			return err
		}
		if parts[inv.ID] != nil {
			inv.VoiceParts = parts[inv.ID]
		}
		return s.send(ctx, tx, c, by, inv, token)
	})
	if db.IsUniqueViolation(err) {
		return nil, alreadyInvited()
	}
	if err != nil {
		return nil, err
	}
	s.mailer.Kick()
	s.logger.Info("invitation resent", "event", "invitation_resent", "choir_id", c.ID, "invitation_id", id, "by", by.ID)
	return inv, nil
}

// Revoke withdraws a pending or expired invitation; its link stops working.
func (s *Service) Revoke(ctx context.Context, choirID, id string) error {
	now := s.now()
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		inv, err := lockInvitation(ctx, tx, choirID, id, now)
		if err != nil {
			return err
		}
		if inv.Status != Pending && inv.Status != Expired {
			return apperr.New(apperr.Conflict, apperr.CodeInviteUpdate, fmt.Sprintf(msgUsed, inv.Status))
		}
		if _, err := tx.ExecContext(ctx, `UPDATE choir_invites SET status = 'revoked' WHERE id = ?`, id); err != nil {
			return fmt.Errorf("invite: revoke invitation %s: %w", id, err)
		}
		return nil
	})
	if err == nil {
		s.logger.Info("invitation revoked", "event", "invitation_revoked", "choir_id", choirID, "invitation_id", id)
	}
	return err
}
