// Package auth is everything a person does to get in and stay in: accounts,
// passwords, email confirmation, sessions, password reset, social sign-in,
// two-factor authentication and throttling. It owns the tables of the
// accounts migration except the mail outbox and the OpenID states.
package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/auth/oidc"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/mail"
)

// Service runs the accounts rules against the database.
type Service struct {
	db       *db.DB
	cfg      config.Config
	mailer   *mail.Mailer
	oidc     *oidc.Registry
	logger   *slog.Logger
	now      func() time.Time
	throttle *throttle
}

// New makes the accounts service. now is the clock (time.Now in production).
func New(d *db.DB, cfg config.Config, mailer *mail.Mailer, providers *oidc.Registry, logger *slog.Logger, now func() time.Time) *Service {
	utc := func() time.Time { return now().UTC() }
	return &Service{db: d, cfg: cfg, mailer: mailer, oidc: providers, logger: logger, now: utc,
		throttle: &throttle{db: d, now: utc}}
}

// Limits on email-sending endpoints, per address and per client address.
const (
	mailAddressGap     = 60 * time.Second // §9: rate-limit default wait
	mailPerClient      = 50               // a whole choir may share one church network
	mailClientWindow   = time.Hour
	lookupsPerClient   = 60
	lookupClientWindow = time.Minute
)

// Messages the specification words (accounts §8).
const (
	MsgSocialAccountExists   = "Account Already Exists: This email is already registered using %s authentication. Please sign in using the %s button on the login page."
	MsgPasswordAccountExists = `This email is already registered. Please sign in using your email and password, or use the "Forgot Password" option if needed.`
	MsgInvalidCredentials    = "Invalid email or password."
	MsgAuthRequired          = "Authentication error. Please log in again."
)

func validationError(fields map[string]string, order []string) error {
	return apperr.Validation(fields, order...)
}

func notFound(msg string) error { return apperr.New(apperr.NotFound, apperr.CodeNotFound, msg) }

// ProviderName is how a provider is named to people.
func ProviderName(provider string) string {
	switch provider {
	case "google":
		return "Google"
	case "azure":
		return "Microsoft"
	}
	return provider
}

// Registration is what the registration form sends.
type Registration struct {
	Email, Password, FirstName, LastName string
	PhoneNumber                          *string
	// Vouch, when set, runs in the registration's transaction once the
	// account exists, and says whether something the server itself checked
	// proves the address: an invitation emailed to it, whose link the
	// registration came through. It may do more in the transaction
	// (joining the invited choir).
	Vouch func(ctx context.Context, tx *db.Tx, userID, email string) (bool, error)
}

// Registered is the outcome of a registration: an unconfirmed account
// whose confirmation email is on its way, or, for an address vouched for,
// a confirmed account signed in at once (Session).
type Registered struct {
	Email   string
	User    *User
	Session *NewSession
}

// Register creates an account, all or nothing: unconfirmed with the
// confirmation email, or, when in.Vouch proves the address, confirmed and
// signed in (a session that lasts for the browser session).
func (s *Service) Register(ctx context.Context, in Registration, client Client) (*Registered, error) {
	var fe apperr.Fields
	email, msg := NormaliseEmail(in.Email)
	fe.Add("email", msg)
	if p := PasswordProblems(in.Password, false); len(p) > 0 {
		fe.Add("password", p[0])
	}
	first, msg := CheckName(in.FirstName, RegistrationNameMax, MsgFirstRequired, MsgFirstTooLong)
	fe.Add("firstName", msg)
	last, msg := CheckName(in.LastName, RegistrationNameMax, MsgLastRequired, MsgLastTooLong)
	fe.Add("lastName", msg)
	phone, msg := normalisePhone(in.PhoneNumber)
	fe.Add("phoneNumber", msg)
	if err := fe.Err(); err != nil {
		return nil, err
	}
	if err := s.limitLookups(ctx, client); err != nil {
		return nil, err
	}
	if existing, err := userByEmail(ctx, s.db, email); err == nil {
		return nil, s.existsError(ctx, existing)
	} else if !errors.Is(err, errNoUser) {
		return nil, err
	}
	if err := s.limitMail(ctx, "register", email, client); err != nil {
		return nil, err
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return nil, err
	}
	now := s.now()
	u := newUser{ID: uuid.NewString(), Email: email, PasswordHash: hash, FirstName: first, LastName: last, Phone: phone}
	out := &Registered{Email: email}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		out.Session = nil // a retried transaction starts over
		if err := insertUser(ctx, tx, u, now); err != nil {
			return err
		}
		vouched := false
		if in.Vouch != nil {
			var err error
			if vouched, err = in.Vouch(ctx, tx, u.ID, email); err != nil {
				return err
			}
		}
		if !vouched {
			return s.sendConfirmation(ctx, tx, u.ID, email, first, now)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET email_confirmed_at = ? WHERE id = ?`, now, u.ID); err != nil {
			return fmt.Errorf("auth: confirm the vouched address of %s: %w", u.ID, err)
		}
		sess, err := startSession(ctx, tx, u.ID, "password", false, client, now)
		out.Session = sess
		return err
	})
	if err != nil {
		if db.IsUniqueViolation(err) { // registered by a concurrent request
			return nil, apperr.New(apperr.Conflict, apperr.CodeAccountExists, MsgPasswordAccountExists)
		}
		return nil, err
	}
	if out.Session == nil {
		s.mailer.Kick()
		s.logger.Info("auth: registered", "event", "register", "user_id", u.ID, "ip", client.IP)
		return out, nil
	}
	if out.User, err = userByID(ctx, s.db, u.ID); err != nil {
		return nil, err
	}
	s.logger.Info("auth: registered through an invitation and signed in", "event", "register", "user_id", u.ID, "vouched", true, "ip", client.IP)
	return out, nil
}

// existsError words the refusal to register an address that has an account.
func (s *Service) existsError(ctx context.Context, u *User) error {
	if !u.HasPassword() {
		providers, err := identityProviders(ctx, s.db, u.ID)
		if err != nil {
			return err
		}
		if len(providers) > 0 {
			name := ProviderName(providers[0])
			return apperr.New(apperr.Conflict, apperr.CodeAccountExists, fmt.Sprintf(MsgSocialAccountExists, name, name))
		}
	}
	return apperr.New(apperr.Conflict, apperr.CodeAccountExists, MsgPasswordAccountExists)
}

func (s *Service) sendConfirmation(ctx context.Context, q db.Querier, userID, email, firstName string, now time.Time) error {
	token, err := issueToken(ctx, q, userID, purposeConfirmEmail, "", now, confirmEmailLifetime)
	if err != nil {
		return err
	}
	msg, err := mail.ConfirmEmail(email, firstName, s.cfg.PublicURL("/auth/callback?confirm="+url.QueryEscape(token)))
	if err != nil {
		return fmt.Errorf("auth: write the confirmation email of %s: %w", userID, err)
	}
	if err := s.mailer.Enqueue(ctx, q, msg); err != nil {
		return fmt.Errorf("auth: queue the confirmation email of %s: %w", userID, err)
	}
	return nil
}

// limitMail refuses a second email to one address within a minute, and
// more than a few an hour from one client.
func (s *Service) limitMail(ctx context.Context, kind, email string, client Client) error {
	if client.IP != "" {
		ok, wait, err := s.throttle.allow(ctx, "mail:ip:"+client.IP, mailPerClient, mailClientWindow)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Limited(apperr.Securityf(wait), wait)
		}
	}
	ok, wait, err := s.throttle.allow(ctx, "mail:"+kind+":"+email, 1, mailAddressGap)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Limited(apperr.Securityf(wait), wait)
	}
	return nil
}

// limitLookups bounds how fast one client can ask which addresses have
// accounts.
func (s *Service) limitLookups(ctx context.Context, client Client) error {
	if client.IP == "" {
		return nil
	}
	ok, wait, err := s.throttle.allow(ctx, "lookup:ip:"+client.IP, lookupsPerClient, lookupClientWindow)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Limited(apperr.Securityf(wait), wait)
	}
	return nil
}

// ProviderCheck answers check-auth-provider.
type ProviderCheck struct {
	Found    bool
	IsOAuth  bool
	Provider string
}

// CheckProvider says whether an address has an account and whether it
// signs in only through a provider.
func (s *Service) CheckProvider(ctx context.Context, rawEmail string, client Client) (ProviderCheck, error) {
	email, err := requireEmail(rawEmail)
	if err != nil {
		return ProviderCheck{}, err
	}
	if err := s.limitLookups(ctx, client); err != nil {
		return ProviderCheck{}, err
	}
	u, err := userByEmail(ctx, s.db, email)
	if errors.Is(err, errNoUser) {
		return ProviderCheck{}, nil
	}
	if err != nil {
		return ProviderCheck{}, err
	}
	check := ProviderCheck{Found: true}
	if !u.HasPassword() {
		providers, err := identityProviders(ctx, s.db, u.ID)
		if err != nil {
			return check, err
		}
		if len(providers) > 0 {
			check.IsOAuth, check.Provider = true, providers[0]
		}
	}
	return check, nil
}

// ConfirmEmail spends a confirmation link and marks the address confirmed.
func (s *Service) ConfirmEmail(ctx context.Context, token string) (string, error) {
	now := s.now()
	var email string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		userID, _, err := consumeToken(ctx, tx, strings.TrimSpace(token), purposeConfirmEmail, now)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx,
			`UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, ?), updated_at = ? WHERE id = ?`, now, now, userID); err != nil {
			return fmt.Errorf("auth: confirm the address of %s: %w", userID, err)
		}
		if err := tx.QueryRowContext(ctx, `SELECT email FROM users WHERE id = ?`, userID).Scan(&email); err != nil {
			return fmt.Errorf("auth: read the address of %s: %w", userID, err)
		}
		return nil
	})
	if errors.Is(err, errTokenInvalid) {
		return "", apperr.New(apperr.Invalid, apperr.CodeInvalidToken,
			"This confirmation link is invalid, has expired or was already used. Sign in to have a new one sent.")
	}
	if err == nil {
		s.logger.Info("auth: email confirmed", "event", "email_confirmed")
	}
	return email, err
}

// ResendConfirmation sends a new confirmation link to an unconfirmed
// account. Other addresses get the same answer and no email.
func (s *Service) ResendConfirmation(ctx context.Context, rawEmail string, client Client) error {
	email, err := requireEmail(rawEmail)
	if err != nil {
		return err
	}
	if err := s.limitMail(ctx, "confirm", email, client); err != nil {
		return err
	}
	u, err := userByEmail(ctx, s.db, email)
	if errors.Is(err, errNoUser) || (err == nil && u.EmailConfirmed) {
		return nil
	}
	if err != nil {
		return err
	}
	now := s.now()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := retireTokens(ctx, tx, u.ID, purposeConfirmEmail, now); err != nil {
			return err
		}
		return s.sendConfirmation(ctx, tx, u.ID, email, u.FirstName, now)
	})
	if err == nil {
		s.mailer.Kick()
	}
	return err
}

// UserByID reads a user with their profile.
func (s *Service) UserByID(ctx context.Context, id string) (*User, error) {
	return userByID(ctx, s.db, id)
}

// Authenticate finds the user and session a session cookie's secret
// belongs to.
func (s *Service) Authenticate(ctx context.Context, secret string) (*User, *Session, error) {
	return s.AuthenticateAlong(ctx, secret, db.Along{})
}

// AuthenticateAlong is Authenticate reading along what a request needs
// next, in the same statement: one round trip to the database instead of
// two. The session is checked exactly as by Authenticate; along's
// destinations are filled only when it is live. Its joins see the session
// as s and its user's account and profile as u and p.
func (s *Service) AuthenticateAlong(ctx context.Context, secret string, along db.Along) (*User, *Session, error) {
	if secret == "" {
		return nil, nil, errNoSession
	}
	sess, u, err := s.sessionBySecret(ctx, secret, along)
	if err != nil {
		return nil, nil, err
	}
	return u, sess, nil
}

// IsNoSession says whether Authenticate found nobody signed in.
func IsNoSession(err error) bool { return errors.Is(err, errNoSession) || errors.Is(err, errNoUser) }

// DeleteExpired removes sessions, tokens, sign-in states and throttle
// counters that can no longer be used. Safe to run on every instance.
func (s *Service) DeleteExpired(ctx context.Context) error {
	now := s.now()
	for _, d := range []struct{ what, query string }{
		{"sessions", `DELETE FROM sessions WHERE expires_at < ?`},
		{"tokens", `DELETE FROM auth_tokens WHERE expires_at < ?`},
		{"re-authentications", `DELETE FROM reauth_proofs WHERE expires_at < ?`},
	} {
		if _, err := s.db.ExecContext(ctx, d.query, now); err != nil {
			return fmt.Errorf("auth: delete expired %s: %w", d.what, err)
		}
	}
	if _, err := s.throttle.deleteExpired(ctx, now.Add(-failureMemory)); err != nil {
		return err
	}
	_, err := s.oidc.DeleteExpiredStates(ctx)
	return err
}

// UserIDByEmail finds an account by address, for administrators' commands.
func (s *Service) UserIDByEmail(ctx context.Context, rawEmail string) (string, error) {
	email, err := requireEmail(rawEmail)
	if err != nil {
		return "", err
	}
	u, err := userByEmail(ctx, s.db, email)
	if errors.Is(err, errNoUser) {
		return "", notFound("No account found with this email.")
	}
	if err != nil {
		return "", err
	}
	return u.ID, nil
}

// SetGlobalAdmin grants or withdraws the platform-wide administrator flag.
func (s *Service) SetGlobalAdmin(ctx context.Context, rawEmail string, on bool) error {
	id, err := s.UserIDByEmail(ctx, rawEmail)
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE user_profile SET is_global_admin = ?, updated_at = ? WHERE id = ?`, on, s.now(), id); err != nil {
		return fmt.Errorf("auth: set the global admin flag of %s: %w", id, err)
	}
	s.logger.Info("auth: global admin changed", "event", "global_admin_changed", "user_id", id, "global_admin", on)
	return nil
}
