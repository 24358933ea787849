package httpapi

import (
	"context"
	"strings"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/auth"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/invite"
)

func invitationOut(inv *invite.Invitation) api.Invitation {
	return api.Invitation{Id: inv.ID, Email: inv.Email, FirstName: inv.FirstName, LastName: inv.LastName,
		Role: api.MembershipRole(inv.Role), Status: api.InvitationStatus(inv.Status),
		CreatedAt: inv.CreatedAt, SentAt: inv.SentAt, ExpiresAt: inv.ExpiresAt, MusicalRoles: voicePartsOut(inv.VoiceParts)}
}

// inviting checks manage:members and names the choir and the inviter for
// the invitation email.
func (s *Server) inviting(ctx context.Context, choirID string) (invite.Choir, invite.Inviter, error) {
	if _, err := s.requireChoir(ctx, choirID, access.ManageMembers); err != nil {
		return invite.Choir{}, invite.Inviter{}, err
	}
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return invite.Choir{}, invite.Inviter{}, err
	}
	u := requestFrom(ctx).user
	return invite.Choir{ID: c.ID, Name: c.Name}, invite.Inviter{ID: u.ID, Name: fullName(u)}, nil
}

func fullName(u *auth.User) string {
	return strings.TrimSpace(u.FirstName + " " + u.LastName)
}

// GetInvitation shows an invitation to whoever holds its link.
func (s *Server) GetInvitation(ctx context.Context, in api.GetInvitationRequestObject) (api.GetInvitationResponseObject, error) {
	p, err := s.invites.Preview(ctx, in.Token)
	if err != nil {
		return nil, err
	}
	return api.GetInvitation200JSONResponse{ChoirName: p.ChoirName, Email: p.Email, FirstName: p.FirstName,
		LastName: p.LastName, Role: api.MembershipRole(p.Role), Status: api.InvitationPreviewStatus(p.Status),
		ExpiresAt: p.ExpiresAt}, nil
}

// AcceptInvitation joins the signed-in user to the invitation's choir.
func (s *Server) AcceptInvitation(ctx context.Context, in api.AcceptInvitationRequestObject) (api.AcceptInvitationResponseObject, error) {
	u := requestFrom(ctx).user
	j, err := s.invites.Accept(ctx, in.Token, invite.Accepter{ID: u.ID, Email: u.Email, EmailConfirmed: u.EmailConfirmed})
	if err != nil {
		return nil, err
	}
	return api.AcceptInvitation200JSONResponse{ChoirId: j.ChoirID, ChoirName: j.ChoirName,
		Role: api.MembershipRole(j.Role), AlreadyMember: j.AlreadyMember}, nil
}

// ListInvitations lists a choir's open invitations.
func (s *Server) ListInvitations(ctx context.Context, in api.ListInvitationsRequestObject) (api.ListInvitationsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageMembers); err != nil {
		return nil, err
	}
	list, err := s.invites.List(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	out := make(api.ListInvitations200JSONResponse, 0, len(list))
	for i := range list {
		out = append(out, invitationOut(&list[i]))
	}
	return out, nil
}

// CreateInvitation invites someone by email.
func (s *Server) CreateInvitation(ctx context.Context, in api.CreateInvitationRequestObject) (api.CreateInvitationResponseObject, error) {
	c, by, err := s.inviting(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	b := in.Body
	inv, err := s.invites.Create(ctx, c, by, invite.Invitee{Email: b.Email, FirstName: b.FirstName, LastName: b.LastName, Role: b.Role,
		VoicePartIDs: deref(b.MusicalRoleIds)})
	if err != nil {
		return nil, err
	}
	return api.CreateInvitation201JSONResponse(invitationOut(inv)), nil
}

// PreviewInvitationImport says what importing a CSV text would do; it
// sends and saves nothing.
func (s *Server) PreviewInvitationImport(ctx context.Context, in api.PreviewInvitationImportRequestObject) (api.PreviewInvitationImportResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageMembers); err != nil {
		return nil, err
	}
	p, err := s.invites.PreviewImport(ctx, in.ChoirId, in.Body.Csv)
	if err != nil {
		return nil, err
	}
	out := api.PreviewInvitationImport200JSONResponse{Ready: p.Ready, Skipped: p.Skipped, Failed: p.Failed,
		Rows: make([]api.InvitationImportPreviewRow, 0, len(p.Rows))}
	for _, r := range p.Rows {
		row := api.InvitationImportPreviewRow{Line: r.Line, FirstName: r.FirstName, LastName: r.LastName, Email: r.Email,
			MusicalRoles: voicePartsOut(r.VoiceParts), Outcome: api.InvitationImportPreviewRowOutcome(r.Outcome), Message: r.Message}
		if r.Role != "" {
			role := api.MembershipRole(r.Role)
			row.Role = &role
		}
		out.Rows = append(out.Rows, row)
	}
	return out, nil
}

// ImportInvitations invites everyone listed in a CSV text.
func (s *Server) ImportInvitations(ctx context.Context, in api.ImportInvitationsRequestObject) (api.ImportInvitationsResponseObject, error) {
	c, by, err := s.inviting(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	res, err := s.invites.Import(ctx, c, by, in.Body.Csv)
	if err != nil {
		return nil, err
	}
	out := api.ImportInvitations200JSONResponse{Invited: res.Invited, Skipped: res.Skipped, Failed: res.Failed,
		Rows: make([]api.InvitationImportRow, 0, len(res.Rows))}
	for _, r := range res.Rows {
		out.Rows = append(out.Rows, api.InvitationImportRow{Line: r.Line, Email: r.Email,
			Outcome: api.InvitationImportRowOutcome(r.Outcome), Message: r.Message})
	}
	return out, nil
}

// ResendInvitation sends an invitation again with a new link.
func (s *Server) ResendInvitation(ctx context.Context, in api.ResendInvitationRequestObject) (api.ResendInvitationResponseObject, error) {
	c, by, err := s.inviting(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	inv, err := s.invites.Resend(ctx, c, by, in.InvitationId)
	if err != nil {
		return nil, err
	}
	return api.ResendInvitation200JSONResponse(invitationOut(inv)), nil
}

// RevokeInvitation withdraws an invitation.
func (s *Server) RevokeInvitation(ctx context.Context, in api.RevokeInvitationRequestObject) (api.RevokeInvitationResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageMembers); err != nil {
		return nil, err
	}
	if err := s.invites.Revoke(ctx, in.ChoirId, in.InvitationId); err != nil {
		return nil, err
	}
	return api.RevokeInvitation204Response{}, nil
}
