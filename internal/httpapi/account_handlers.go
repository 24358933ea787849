package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/auth"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// GetProfile returns the signed-in user's profile.
func (s *Server) GetProfile(ctx context.Context, _ api.GetProfileRequestObject) (api.GetProfileResponseObject, error) {
	return api.GetProfile200JSONResponse(sessionUser(requestFrom(ctx).user)), nil
}

// UpdateProfile changes names, phone number or the digest preference.
func (s *Server) UpdateProfile(ctx context.Context, in api.UpdateProfileRequestObject) (api.UpdateProfileResponseObject, error) {
	b := in.Body
	u, err := s.auth.UpdateProfile(ctx, requestFrom(ctx).user, auth.ProfileUpdate{
		FirstName: b.FirstName, LastName: b.LastName, PhoneNumber: b.PhoneNumber, EmailDigestEnabled: b.EmailDigestEnabled,
		SharePhone: b.SharePhone,
	})
	if err != nil {
		return nil, err
	}
	return api.UpdateProfile200JSONResponse(sessionUser(u)), nil
}

// ChangePassword needs the current password and ends the other sessions.
func (s *Server) ChangePassword(ctx context.Context, in api.ChangePasswordRequestObject) (api.ChangePasswordResponseObject, error) {
	req := requestFrom(ctx)
	if err := s.auth.ChangePassword(ctx, req.user, req.session.ID, in.Body.CurrentPassword, in.Body.NewPassword); err != nil {
		return nil, err
	}
	return api.ChangePassword204Response{}, nil
}

// ListSessions lists where the user is signed in.
func (s *Server) ListSessions(ctx context.Context, _ api.ListSessionsRequestObject) (api.ListSessionsResponseObject, error) {
	req := requestFrom(ctx)
	sessions, err := s.auth.ListSessions(ctx, req.user.ID)
	if err != nil {
		return nil, err
	}
	out := make(api.ListSessions200JSONResponse, 0, len(sessions))
	for _, sess := range sessions {
		out = append(out, api.SessionInfo{
			Id: sess.ID, Current: sess.ID == req.session.ID, Persistent: sess.Persistent, Method: sess.Method,
			CreatedAt: sess.CreatedAt, LastSeenAt: sess.LastSeenAt, ExpiresAt: sess.ExpiresAt,
			UserAgent: sess.UserAgent, ClientIp: sess.ClientIP,
		})
	}
	return out, nil
}

// EndSession ends one of the user's sessions.
func (s *Server) EndSession(ctx context.Context, in api.EndSessionRequestObject) (api.EndSessionResponseObject, error) {
	if err := s.auth.EndSession(ctx, requestFrom(ctx).user.ID, in.SessionId); err != nil {
		return nil, err
	}
	return api.EndSession204Response{}, nil
}

// ListIdentities lists connected providers.
func (s *Server) ListIdentities(ctx context.Context, _ api.ListIdentitiesRequestObject) (api.ListIdentitiesResponseObject, error) {
	u := requestFrom(ctx).user
	ids, err := s.auth.ListIdentities(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	out := api.ListIdentities200JSONResponse{Identities: []api.Identity{}, HasPassword: u.HasPassword(), Available: s.providers()}
	for _, i := range ids {
		out.Identities = append(out.Identities, api.Identity{Id: i.ID, Provider: i.Provider, Email: i.Email, CreatedAt: i.CreatedAt})
	}
	return out, nil
}

// UnlinkIdentity disconnects a provider.
func (s *Server) UnlinkIdentity(ctx context.Context, in api.UnlinkIdentityRequestObject) (api.UnlinkIdentityResponseObject, error) {
	if err := s.auth.UnlinkIdentity(ctx, requestFrom(ctx).user, in.IdentityId); err != nil {
		return nil, err
	}
	return api.UnlinkIdentity204Response{}, nil
}

// GetMfaStatus reports two-factor authentication.
func (s *Server) GetMfaStatus(ctx context.Context, _ api.GetMfaStatusRequestObject) (api.GetMfaStatusResponseObject, error) {
	enabled, left, err := s.auth.MFAStatus(ctx, requestFrom(ctx).user.ID)
	if err != nil {
		return nil, err
	}
	return api.GetMfaStatus200JSONResponse{TotpEnabled: enabled, RecoveryCodesLeft: left}, nil
}

// EnrollTotp starts authenticator enrolment.
func (s *Server) EnrollTotp(ctx context.Context, _ api.EnrollTotpRequestObject) (api.EnrollTotpResponseObject, error) {
	e, err := s.auth.EnrollTOTP(ctx, requestFrom(ctx).user)
	if err != nil {
		return nil, err
	}
	return api.EnrollTotp200JSONResponse{Secret: e.Secret, OtpauthUrl: e.OTPAuthURL, QrCode: e.QRCode}, nil
}

// ActivateTotp turns two-factor authentication on.
func (s *Server) ActivateTotp(ctx context.Context, in api.ActivateTotpRequestObject) (api.ActivateTotpResponseObject, error) {
	codes, err := s.auth.ActivateTOTP(ctx, requestFrom(ctx).user.ID, in.Body.Code)
	if err != nil {
		return nil, err
	}
	return api.ActivateTotp200JSONResponse{RecoveryCodes: codes}, nil
}

// DisableTotp turns two-factor authentication off.
func (s *Server) DisableTotp(ctx context.Context, in api.DisableTotpRequestObject) (api.DisableTotpResponseObject, error) {
	if err := s.auth.DisableTOTP(ctx, requestFrom(ctx).user.ID, in.Body.Code); err != nil {
		return nil, err
	}
	return api.DisableTotp204Response{}, nil
}

// RegenerateRecoveryCodes replaces the recovery codes.
func (s *Server) RegenerateRecoveryCodes(ctx context.Context, in api.RegenerateRecoveryCodesRequestObject) (api.RegenerateRecoveryCodesResponseObject, error) {
	codes, err := s.auth.RegenerateRecoveryCodes(ctx, requestFrom(ctx).user.ID, in.Body.Code)
	if err != nil {
		return nil, err
	}
	return api.RegenerateRecoveryCodes200JSONResponse{RecoveryCodes: codes}, nil
}

// GetCalendarPreferences answers how the caller likes the calendar shown.
func (s *Server) GetCalendarPreferences(ctx context.Context, _ api.GetCalendarPreferencesRequestObject) (api.GetCalendarPreferencesResponseObject, error) {
	on, err := s.auth.ShowAllLiturgicalDays(ctx, requestFrom(ctx).user.ID)
	if err != nil {
		return nil, err
	}
	return api.GetCalendarPreferences200JSONResponse{ShowAllLiturgicalDays: on}, nil
}

// SetCalendarPreferences remembers how the caller likes the calendar shown.
func (s *Server) SetCalendarPreferences(ctx context.Context, in api.SetCalendarPreferencesRequestObject) (api.SetCalendarPreferencesResponseObject, error) {
	if err := s.auth.SetShowAllLiturgicalDays(ctx, requestFrom(ctx).user.ID, in.Body.ShowAllLiturgicalDays); err != nil {
		return nil, err
	}
	return api.SetCalendarPreferences200JSONResponse(*in.Body), nil
}
