package httpapi

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/billing"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// request is what a handler knows of the HTTP exchange behind a typed
// operation: the writer (for cookies), the request and who is signed in.
type request struct {
	w       http.ResponseWriter
	r       *http.Request
	secret  string // the session cookie's
	user    *auth.User
	session *auth.Session
}

type requestKey struct{}

func requestFrom(ctx context.Context) *request {
	return ctx.Value(requestKey{}).(*request)
}

// publicOperations may be called without signing in. Every other operation
// needs a session: a new operation is private unless listed here.
var publicOperations = map[string]bool{
	"GetInfo": true, "GetSession": true, "Register": true, "CheckAuthProvider": true,
	"ConfirmEmail": true, "ResendConfirmation": true, "Login": true, "GetMfaChallenge": true,
	"VerifyMfa": true, "Logout": true, "ForgotPassword": true, "ResetPassword": true,
	"StartOidc": true, "OidcCallback": true, "ListCountries": true, "GetInvitation": true,
	"GetCalendarFeedIcs": true,
	// Billing (issue 29): the plans are shown on public pages.
	"GetBillingPlans": true,
	// Email links: the link's secret is the authority (openPracticeLink is
	// not among them: it needs the member signed in).
	"GetRsvpLink": true, "AnswerRsvpLink": true, "GetEventLink": true, "DownloadEventLinkIcs": true,
	"GetPracticeLink": true, "GetUnsubscribeLink": true, "UnsubscribeLink": true,
	// The help center works signed out (issue 30).
	"ListHelpGuides": true, "GetHelpGuide": true,
}

// sessionAlong lists the operations that check the session themselves, in
// the statement that reads what they need first (db.Along): the calendar's
// range, whose kept answers then cost one statement. Each calls signIn
// before anything else, and answers 500 if it did not.
var sessionAlong = map[string]bool{"ListEvents": true}

// authenticate resolves the session cookie for every API operation and
// refuses private ones to strangers.
func (s *Server) authenticate(next apigen.StrictHandlerFunc, operation string) apigen.StrictHandlerFunc {
	return func(ctx context.Context, w http.ResponseWriter, r *http.Request, body any) (any, error) {
		req := &request{w: w, r: r}
		if c, err := r.Cookie(s.cookies.session); err == nil {
			req.secret = c.Value
		}
		ctx = context.WithValue(ctx, requestKey{}, req)
		ctx = billing.WithService(ctx, s.billing)
		if sessionAlong[operation] {
			res, err := next(ctx, w, r, body)
			if err == nil && req.user == nil {
				return nil, fmt.Errorf("httpapi: %s answered without checking the session", operation)
			}
			return res, err
		}
		if err := s.session(ctx, req, db.Along{}); err != nil {
			return nil, err
		}
		if req.user == nil && !publicOperations[operation] {
			return nil, errSignInRequired()
		}
		if err := s.refuseReadOnly(ctx, req, operation); err != nil {
			return nil, err
		}
		return next(ctx, w, r, body)
	}
}

// session resolves the request's session cookie, reading along in the
// same statement. Without a live session req.user stays nil, and the
// cookie of one that ended or expired is cleared from the browser.
func (s *Server) session(ctx context.Context, req *request, along db.Along) error {
	if req.secret == "" {
		return nil
	}
	u, sess, err := s.auth.AuthenticateAlong(ctx, req.secret, along)
	switch {
	case err == nil:
		req.user, req.session = u, sess
	case auth.IsNoSession(err):
		s.cookies.clear(req.w, s.cookies.session) // ended or expired elsewhere
	default:
		return err
	}
	return nil
}

// signIn is what authenticate does for a private operation, for those
// that check the session along their first read (sessionAlong).
func (s *Server) signIn(ctx context.Context, along db.Along) error {
	req := requestFrom(ctx)
	if err := s.session(ctx, req, along); err != nil {
		return err
	}
	if req.user == nil {
		return errSignInRequired()
	}
	return nil
}

func errSignInRequired() error {
	return apperr.New(apperr.Unauthenticated, apperr.CodeAuth, auth.MsgAuthRequired)
}

// client describes the browser behind a request. Behind trusted reverse
// proxies the address comes from X-Forwarded-For: the nearest entry that is
// not itself a trusted proxy (entries further left can be forged).
func (s *Server) client(r *http.Request) auth.Client {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := host
	if s.trusted(host) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			hop := strings.TrimSpace(hops[i])
			if _, err := netip.ParseAddr(hop); err != nil {
				break
			}
			ip = hop
			if !s.trusted(hop) {
				break
			}
		}
	}
	return auth.Client{IP: ip, UserAgent: r.UserAgent()}
}

func (s *Server) trusted(ip string) bool {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// cookies names and writes Cantica's cookies. Under HTTPS they carry the
// __Host- prefix, which browsers only accept when Secure, host-only and
// for the whole site.
type cookies struct {
	secure  bool
	session string
	mfa     string
	// oidc ties a social sign-in to the browser that began it: it holds
	// the binding of the sign-in's state until the provider sends the
	// browser back (oidc.StateBinding).
	oidc string
	// reauth holds the proof of a fresh provider sign-in that confirms an
	// account deletion without a password (auth/reauth.go).
	reauth string
}

func newCookies(https bool) cookies {
	c := cookies{secure: https, session: "cantica_session", mfa: "cantica_mfa", oidc: "cantica_oidc", reauth: "cantica_reauth"}
	if https {
		c.session, c.mfa, c.oidc, c.reauth = "__Host-"+c.session, "__Host-"+c.mfa, "__Host-"+c.oidc, "__Host-"+c.reauth
	}
	return c
}

// set writes a cookie; a zero lifetime makes it last for the browser session.
func (c cookies) set(w http.ResponseWriter, name, value string, lifetime time.Duration) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: int(lifetime.Seconds()),
		HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteLaxMode})
}

func (c cookies) clear(w http.ResponseWriter, name string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteLaxMode})
}

// startSession hands a new session to the browser: persistent sessions get
// a dated cookie, others one that ends with the browser session.
func (s *Server) startSession(req *request, sess *auth.NewSession) error {
	// A browser holds one session: the one it had before ends on the server
	// too, so that signing in as someone else leaves nothing of the first
	// person usable by whoever kept its cookie.
	if c, err := req.r.Cookie(s.cookies.session); err == nil && c.Value != "" && c.Value != sess.Secret {
		if err := s.auth.Logout(req.r.Context(), c.Value); err != nil {
			return fmt.Errorf("httpapi: end the session this browser held before signing in: %w", err)
		}
	}
	var lifetime time.Duration
	if sess.Persistent {
		lifetime = sess.ExpiresAt.Sub(s.now())
	}
	s.cookies.set(req.w, s.cookies.session, sess.Secret, lifetime)
	s.cookies.clear(req.w, s.cookies.mfa)
	return nil
}

// hasSession says whether a request's session cookie belongs to a live
// session. A failure to tell counts as no: the visitor sees the landing page.
func (s *Server) hasSession(r *http.Request) bool {
	c, err := r.Cookie(s.cookies.session)
	if err != nil || c.Value == "" {
		return false
	}
	_, _, err = s.auth.Authenticate(r.Context(), c.Value)
	if err != nil && !auth.IsNoSession(err) {
		s.logger.Error("httpapi: check the session for the landing page", "err", err)
	}
	return err == nil
}
