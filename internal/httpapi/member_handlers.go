package httpapi

import (
	"bytes"
	"context"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/choir"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

func voicePartsOut(parts []choir.VoicePart) []api.MusicalRole {
	out := make([]api.MusicalRole, 0, len(parts))
	for _, v := range parts {
		out = append(out, api.MusicalRole{Id: v.ID, Name: v.Name, SortOrder: v.SortOrder})
	}
	return out
}

// memberOut shows a member to a caller; the phone number only to those who
// manage members, to the member themself, and to everyone when its owner
// shares it.
func memberOut(m *choir.Member, seesPhones bool, callerID string) api.ChoirMember {
	out := api.ChoirMember{UserId: m.UserID, FirstName: m.FirstName, LastName: m.LastName, Email: m.Email,
		Role: api.MembershipRole(m.Role), IsActive: m.IsActive, JoinedDate: m.JoinedDate, MusicalRoles: voicePartsOut(m.VoiceParts)}
	if seesPhones || m.SharePhone || m.UserID == callerID {
		out.PhoneNumber = m.Phone
	}
	return out
}

// ListMembers is the member directory.
func (s *Server) ListMembers(ctx context.Context, in api.ListMembersRequestObject) (api.ListMembersResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ViewDirectory)
	if err != nil {
		return nil, err
	}
	manages := access.Has(role, access.ManageMembers)
	members, err := s.choirs.Members(ctx, in.ChoirId, manages)
	if err != nil {
		return nil, err
	}
	callerID := requestFrom(ctx).user.ID
	out := make(api.ListMembers200JSONResponse, 0, len(members))
	for i := range members {
		out = append(out, memberOut(&members[i], manages, callerID))
	}
	return out, nil
}

// ExportMembers answers the roster as CSV.
func (s *Server) ExportMembers(ctx context.Context, in api.ExportMembersRequestObject) (api.ExportMembersResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageMembers); err != nil {
		return nil, err
	}
	members, err := s.choirs.Members(ctx, in.ChoirId, true)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := choir.WriteRosterCSV(&buf, members); err != nil {
		return nil, err
	}
	w := requestFrom(ctx).w
	w.Header().Set("Content-Disposition", `attachment; filename="members.csv"`)
	return api.ExportMembers200TextcsvResponse{Body: &buf, ContentLength: int64(buf.Len())}, nil
}

// UpdateMember changes a member's role or activity.
func (s *Server) UpdateMember(ctx context.Context, in api.UpdateMemberRequestObject) (api.UpdateMemberResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageMembers); err != nil {
		return nil, err
	}
	m, err := s.choirs.UpdateMember(ctx, in.ChoirId, in.UserId, choir.MemberChange{Role: in.Body.Role, IsActive: in.Body.IsActive})
	if err != nil {
		return nil, err
	}
	return api.UpdateMember200JSONResponse(memberOut(m, true, requestFrom(ctx).user.ID)), nil
}

// RemoveMember takes a member out of the choir.
func (s *Server) RemoveMember(ctx context.Context, in api.RemoveMemberRequestObject) (api.RemoveMemberResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageMembers); err != nil {
		return nil, err
	}
	if err := s.choirs.RemoveMember(ctx, in.ChoirId, in.UserId); err != nil {
		return nil, err
	}
	return api.RemoveMember204Response{}, nil
}

// SetMemberMusicalRoles sets the voice parts a member sings: administrators
// for anyone, every member for themself.
func (s *Server) SetMemberMusicalRoles(ctx context.Context, in api.SetMemberMusicalRolesRequestObject) (api.SetMemberMusicalRolesResponseObject, error) {
	callerID := requestFrom(ctx).user.ID
	need := access.ManageMembers
	if in.UserId == callerID {
		need = access.ViewDashboard // any active standing in the choir
	}
	role, err := s.requireChoir(ctx, in.ChoirId, need)
	if err != nil {
		return nil, err
	}
	m, err := s.choirs.AssignVoiceParts(ctx, in.ChoirId, in.UserId, in.Body.MusicalRoleIds)
	if err != nil {
		return nil, err
	}
	return api.SetMemberMusicalRoles200JSONResponse(memberOut(m, access.Has(role, access.ManageMembers), callerID)), nil
}

// ListMusicalRoles lists the choir's voice parts.
func (s *Server) ListMusicalRoles(ctx context.Context, in api.ListMusicalRolesRequestObject) (api.ListMusicalRolesResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewDirectory); err != nil {
		return nil, err
	}
	parts, err := s.choirs.VoiceParts(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.ListMusicalRoles200JSONResponse(voicePartsOut(parts)), nil
}

// CreateMusicalRole adds a voice part.
func (s *Server) CreateMusicalRole(ctx context.Context, in api.CreateMusicalRoleRequestObject) (api.CreateMusicalRoleResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditSettings); err != nil {
		return nil, err
	}
	v, err := s.choirs.AddVoicePart(ctx, in.ChoirId, in.Body.Name)
	if err != nil {
		return nil, err
	}
	return api.CreateMusicalRole201JSONResponse{Id: v.ID, Name: v.Name, SortOrder: v.SortOrder}, nil
}

// ReorderMusicalRoles puts the voice parts in a new order.
func (s *Server) ReorderMusicalRoles(ctx context.Context, in api.ReorderMusicalRolesRequestObject) (api.ReorderMusicalRolesResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditSettings); err != nil {
		return nil, err
	}
	parts, err := s.choirs.ReorderVoiceParts(ctx, in.ChoirId, in.Body.Ids)
	if err != nil {
		return nil, err
	}
	return api.ReorderMusicalRoles200JSONResponse(voicePartsOut(parts)), nil
}

// RenameMusicalRole renames a voice part.
func (s *Server) RenameMusicalRole(ctx context.Context, in api.RenameMusicalRoleRequestObject) (api.RenameMusicalRoleResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditSettings); err != nil {
		return nil, err
	}
	v, err := s.choirs.RenameVoicePart(ctx, in.ChoirId, in.RoleId, in.Body.Name)
	if err != nil {
		return nil, err
	}
	return api.RenameMusicalRole200JSONResponse{Id: v.ID, Name: v.Name, SortOrder: v.SortOrder}, nil
}

// DeleteMusicalRole removes a voice part.
func (s *Server) DeleteMusicalRole(ctx context.Context, in api.DeleteMusicalRoleRequestObject) (api.DeleteMusicalRoleResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditSettings); err != nil {
		return nil, err
	}
	if err := s.choirs.RemoveVoicePart(ctx, in.ChoirId, in.RoleId); err != nil {
		return nil, err
	}
	return api.DeleteMusicalRole204Response{}, nil
}
