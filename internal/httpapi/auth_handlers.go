package httpapi

import (
	"context"
	"net/url"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/db"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/invite"
)

func sessionUser(u *auth.User) api.SessionUser {
	return api.SessionUser{
		Id: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, PhoneNumber: u.PhoneNumber,
		IsGlobalAdmin: u.IsGlobalAdmin, EmailDigestEnabled: u.EmailDigestEnabled, SharePhone: u.SharePhone, MfaEnabled: u.MFAEnabled,
		HasPassword: u.HasPassword(), LastAccessedChoirId: u.LastAccessedChoir,
	}
}

// rolePermissions is the role → permission table the session hands to the
// web app, read off internal/access (the one place that decides), so the app
// hides exactly what the server would refuse and keeps no copy of its own.
// The table is fixed for the life of the process; it is built once.
var rolePermissions = func() *api.RolePermissions {
	list := func(r access.Role) []api.Permission {
		ps := access.Permissions(r)
		out := make([]api.Permission, len(ps))
		for i, p := range ps {
			out[i] = api.Permission(p)
		}
		return out
	}
	return &api.RolePermissions{
		GlobalAdmin: list(access.GlobalAdmin),
		ChoirAdmin:  list(access.ChoirAdmin),
		Member:      list(access.Member),
		Guest:       list(access.Guest),
	}
}()

// GetSession answers who is signed in, their choirs and the role →
// permission table; a signed-out visitor holds no permission and gets no table.
func (s *Server) GetSession(ctx context.Context, _ api.GetSessionRequestObject) (api.GetSessionResponseObject, error) {
	req := requestFrom(ctx)
	if req.user == nil {
		return api.GetSession200JSONResponse{User: nil, Choirs: []api.Membership{}}, nil
	}
	memberships, err := s.choirs.Memberships(ctx, req.user.ID)
	if err != nil {
		return nil, err
	}
	choirs := make([]api.Membership, 0, len(memberships))
	for _, m := range memberships {
		choirs = append(choirs, api.Membership{
			Choir: api.ChoirSummary{Id: m.Choir.ID, Name: m.Choir.Name, City: m.Choir.City, Country: m.Choir.Country, CountryCode: m.Choir.CountryCode},
			Role:  api.MembershipRole(m.Role), IsActive: m.IsActive, Status: m.Status, JoinedDate: m.JoinedDate,
		})
	}
	u := sessionUser(req.user)
	return api.GetSession200JSONResponse{User: &u, Choirs: choirs, RolePermissions: rolePermissions}, nil
}

// Register creates an account and sends the confirmation email; through
// an invitation's link with the invited address, the invitation proves the
// address instead: the account is signed in at once and joins the choir.
// The server decides that from the token it checks, never from the browser.
func (s *Server) Register(ctx context.Context, in api.RegisterRequestObject) (api.RegisterResponseObject, error) {
	req := requestFrom(ctx)
	b := in.Body
	reg := auth.Registration{Email: b.Email, Password: b.Password, FirstName: b.FirstName, LastName: b.LastName, PhoneNumber: b.PhoneNumber}
	var joined *invite.Joined
	if b.InviteToken != nil && *b.InviteToken != "" {
		token := *b.InviteToken
		reg.Vouch = func(ctx context.Context, tx *db.Tx, userID, email string) (bool, error) {
			vouched, j, err := s.invites.JoinOnRegistration(ctx, tx, token, userID, email)
			joined = j
			return vouched, err
		}
	}
	out, err := s.auth.Register(ctx, reg, s.client(req.r))
	if err != nil {
		return nil, err
	}
	res := api.Register201JSONResponse{Email: out.Email}
	if out.Session == nil {
		return res, nil
	}
	if err := s.startSession(req, out.Session); err != nil {
		return nil, err
	}
	u := sessionUser(out.User)
	res.SignedIn, res.User = true, &u
	if joined != nil {
		res.Joined = &api.InvitationAccepted{ChoirId: joined.ChoirID, ChoirName: joined.ChoirName,
			Role: api.MembershipRole(joined.Role), AlreadyMember: joined.AlreadyMember}
	}
	return res, nil
}

// CheckAuthProvider answers check-auth-provider.
func (s *Server) CheckAuthProvider(ctx context.Context, in api.CheckAuthProviderRequestObject) (api.CheckAuthProviderResponseObject, error) {
	check, err := s.auth.CheckProvider(ctx, in.Body.Email, s.client(requestFrom(ctx).r))
	if err != nil {
		return nil, err
	}
	res := api.CheckAuthProvider200JSONResponse{Found: check.Found, IsOAuth: check.IsOAuth}
	if check.Provider != "" {
		res.Provider = &check.Provider
	}
	return res, nil
}

// ConfirmEmail spends a confirmation link.
func (s *Server) ConfirmEmail(ctx context.Context, in api.ConfirmEmailRequestObject) (api.ConfirmEmailResponseObject, error) {
	email, err := s.auth.ConfirmEmail(ctx, in.Body.Token)
	if err != nil {
		return nil, err
	}
	return api.ConfirmEmail200JSONResponse{Email: email}, nil
}

// ResendConfirmation sends the confirmation email again.
func (s *Server) ResendConfirmation(ctx context.Context, in api.ResendConfirmationRequestObject) (api.ResendConfirmationResponseObject, error) {
	if err := s.auth.ResendConfirmation(ctx, in.Body.Email, s.client(requestFrom(ctx).r)); err != nil {
		return nil, err
	}
	return api.ResendConfirmation202Response{}, nil
}

// Login signs in with email and password.
func (s *Server) Login(ctx context.Context, in api.LoginRequestObject) (api.LoginResponseObject, error) {
	req := requestFrom(ctx)
	remember := in.Body.RememberMe != nil && *in.Body.RememberMe
	restore := in.Body.RestoreAccount != nil && *in.Body.RestoreAccount
	outcome, err := s.auth.Login(ctx, in.Body.Email, in.Body.Password, remember, restore, s.client(req.r))
	if err != nil {
		return nil, err
	}
	res, err := s.loginResult(req, outcome)
	if err != nil {
		return nil, err
	}
	return api.Login200JSONResponse(res), nil
}

// loginResult hands the browser its session, or the cookie of a pending
// two-factor challenge.
func (s *Server) loginResult(req *request, outcome *auth.LoginOutcome) (api.LoginResult, error) {
	if outcome.Session == nil {
		s.cookies.set(req.w, s.cookies.mfa, outcome.MFAChallenge, auth.MFAChallengeLifetime)
		return api.LoginResult{Status: api.MfaRequired}, nil
	}
	if err := s.startSession(req, outcome.Session); err != nil {
		return api.LoginResult{}, err
	}
	u := sessionUser(outcome.User)
	return api.LoginResult{Status: api.SignedIn, User: &u}, nil
}

// GetMfaChallenge says whether this browser has a sign-in waiting for a code.
func (s *Server) GetMfaChallenge(ctx context.Context, _ api.GetMfaChallengeRequestObject) (api.GetMfaChallengeResponseObject, error) {
	req := requestFrom(ctx)
	c, err := req.r.Cookie(s.cookies.mfa)
	if err != nil {
		return api.GetMfaChallenge200JSONResponse{Pending: false}, nil
	}
	pending, err := s.auth.MFAPending(ctx, c.Value)
	if err != nil {
		return nil, err
	}
	return api.GetMfaChallenge200JSONResponse{Pending: pending}, nil
}

// VerifyMfa finishes a sign-in with a code.
func (s *Server) VerifyMfa(ctx context.Context, in api.VerifyMfaRequestObject) (api.VerifyMfaResponseObject, error) {
	req := requestFrom(ctx)
	c, err := req.r.Cookie(s.cookies.mfa)
	if err != nil {
		return nil, apperr.New(apperr.Unauthenticated, apperr.CodeAuth, auth.MsgMFAExpired)
	}
	outcome, err := s.auth.VerifyMFA(ctx, c.Value, in.Body.Code, s.client(req.r))
	if err != nil {
		return nil, err
	}
	res, err := s.loginResult(req, outcome)
	if err != nil {
		return nil, err
	}
	return api.VerifyMfa200JSONResponse(res), nil
}

// Logout revokes this browser's session.
func (s *Server) Logout(ctx context.Context, _ api.LogoutRequestObject) (api.LogoutResponseObject, error) {
	req := requestFrom(ctx)
	if c, err := req.r.Cookie(s.cookies.session); err == nil {
		if err := s.auth.Logout(ctx, c.Value); err != nil {
			return nil, err
		}
	}
	s.cookies.clear(req.w, s.cookies.session)
	s.cookies.clear(req.w, s.cookies.mfa)
	return api.Logout204Response{}, nil
}

// ForgotPassword sends a reset link.
func (s *Server) ForgotPassword(ctx context.Context, in api.ForgotPasswordRequestObject) (api.ForgotPasswordResponseObject, error) {
	if err := s.auth.ForgotPassword(ctx, in.Body.Email, s.client(requestFrom(ctx).r)); err != nil {
		return nil, err
	}
	return api.ForgotPassword202Response{}, nil
}

// ResetPassword sets a new password from a reset link.
func (s *Server) ResetPassword(ctx context.Context, in api.ResetPasswordRequestObject) (api.ResetPasswordResponseObject, error) {
	if err := s.auth.ResetPassword(ctx, in.Body.Token, in.Body.Password); err != nil {
		return nil, err
	}
	return api.ResetPassword204Response{}, nil
}

// StartOidc sends the browser to the provider.
func (s *Server) StartOidc(ctx context.Context, in api.StartOidcRequestObject) (api.StartOidcResponseObject, error) {
	req := requestFrom(ctx)
	if in.Params.Mode != nil && *in.Params.Mode == api.Reauth {
		return s.startReauth(ctx, req, string(in.Provider))
	}
	var link *auth.User
	if in.Params.Mode != nil && *in.Params.Mode == api.Link {
		if req.user == nil {
			return redirectTo("/login"), nil
		}
		link = req.user
	}
	remember := in.Params.Remember != nil && *in.Params.Remember
	to, binding, err := s.auth.BeginSocial(ctx, string(in.Provider), link, remember)
	if err != nil {
		if e, ok := apperr.As(err); ok {
			return redirectTo(callbackError(link != nil, "unavailable", e.Message)), nil
		}
		return nil, err
	}
	// SameSite=Lax still comes with the provider's top-level redirect back.
	// A sign-in begun later (another tab) takes the cookie over, and the
	// earlier one must be begun again.
	s.cookies.set(req.w, s.cookies.oidc, binding, auth.SocialSignInLifetime)
	return redirectTo(to), nil
}

// startReauth sends a signed-in browser to its provider for a fresh
// sign-in that confirms deleting the account (auth/reauth.go).
func (s *Server) startReauth(ctx context.Context, req *request, provider string) (api.StartOidcResponseObject, error) {
	if req.user == nil {
		return redirectTo("/login"), nil
	}
	to, binding, err := s.auth.BeginReauth(ctx, provider, req.user)
	if err != nil {
		if e, ok := apperr.As(err); ok {
			return redirectTo(reauthPage(url.Values{"error": {"unavailable"}, "error_description": {e.Message}})), nil
		}
		return nil, err
	}
	s.cookies.set(req.w, s.cookies.oidc, binding, auth.SocialSignInLifetime)
	return redirectTo(to), nil
}

// reauthPage is where a re-authentication comes back to: the page that
// deletes the account.
func reauthPage(q url.Values) string { return "/account/privacy?" + q.Encode() }

func redirectTo(location string) api.StartOidc302Response {
	return api.StartOidc302Response{Headers: api.StartOidc302ResponseHeaders{Location: &location}}
}

// callbackError is where a failed social sign-in (or linking) lands, with
// the error and error_description the callback page shows (§2.10).
func callbackError(linking bool, code, description string) string {
	page := "/auth/callback"
	if linking {
		page = "/account/connected"
	}
	return page + "?" + url.Values{"error": {code}, "error_description": {description}}.Encode()
}

// OidcCallback receives the provider's answer.
func (s *Server) OidcCallback(ctx context.Context, in api.OidcCallbackRequestObject) (api.OidcCallbackResponseObject, error) {
	req := requestFrom(ctx)
	redirect := func(to string) api.OidcCallbackResponseObject {
		return api.OidcCallback302Response{Headers: api.OidcCallback302ResponseHeaders{Location: &to}}
	}
	p := in.Params
	// The binding is spent whatever the outcome: the state it names is
	// single-use, and a refused callback must be begun again anyway.
	var binding string
	if c, err := req.r.Cookie(s.cookies.oidc); err == nil {
		binding = c.Value
		s.cookies.clear(req.w, s.cookies.oidc)
	}
	reauth := req.user != nil && p.State != nil && s.auth.IsReauth(ctx, string(in.Provider), *p.State)
	if p.Error != nil {
		desc := *p.Error
		if p.ErrorDescription != nil && *p.ErrorDescription != "" {
			desc = *p.ErrorDescription
		}
		if reauth {
			return redirect(reauthPage(url.Values{"error": {*p.Error}, "error_description": {desc}})), nil
		}
		return redirect(callbackError(req.user != nil, *p.Error, desc)), nil
	}
	if p.Code == nil || p.State == nil {
		return redirect(callbackError(false, "invalid_request", "Authentication failed. Please try again.")), nil
	}
	outcome, err := s.auth.FinishSocial(ctx, string(in.Provider), *p.Code, *p.State, binding, req.user, s.client(req.r))
	if err != nil {
		if e, ok := apperr.As(err); ok {
			if reauth {
				return redirect(reauthPage(url.Values{"error": {"access_denied"}, "error_description": {e.Message}})), nil
			}
			return redirect(callbackError(req.user != nil, "access_denied", e.Message)), nil
		}
		return nil, err
	}
	if outcome.ReauthProof != "" {
		s.cookies.set(req.w, s.cookies.reauth, outcome.ReauthProof, auth.ReauthProofLifetime)
		return redirect(reauthPage(url.Values{"confirmed": {outcome.Provider}})), nil
	}
	if outcome.Linked {
		return redirect("/account/connected?" + url.Values{"linked": {outcome.Provider}}.Encode()), nil
	}
	if _, err := s.loginResult(req, outcome.Login); err != nil {
		return nil, err
	}
	if outcome.Login.Session == nil {
		return redirect("/login"), nil // the login page asks for the code
	}
	return redirect("/auth/callback"), nil
}
