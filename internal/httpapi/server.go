// Package httpapi is Cantica's HTTP layer: the handlers of the generated API
// interface, middleware, operational endpoints and the embedded web app.
// Handlers never write SQL; they call the capability packages.
package httpapi

import (
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/analytics"
	"github.com/cantica/cantica/internal/announce"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/attendance"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/billing"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/choirmail"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/digest"
	"github.com/cantica/cantica/internal/feast"
	"github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/invite"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/mail"
	"github.com/cantica/cantica/internal/music"
	"github.com/cantica/cantica/internal/overview"
	"github.com/cantica/cantica/internal/planning"
	"github.com/cantica/cantica/internal/policies"
	"github.com/cantica/cantica/internal/practice"
	"github.com/cantica/cantica/internal/privacy"
	"github.com/cantica/cantica/internal/push"
	"github.com/cantica/cantica/internal/reminders"
	"github.com/cantica/cantica/internal/week"
)

// Version is the product version shown to users.
const Version = "v1.0"

const maxAPIBody = 1 << 20 // 1 MiB

// Options is what the HTTP layer needs.
type Options struct {
	Config   config.Config
	DB       *db.DB
	Auth     *auth.Service
	Choirs   *choir.Service
	Invites  *invite.Service
	Feasts   *feast.Service
	Calendar *calendar.Service
	Music    *music.Service
	Practice *practice.Service
	// Email links, attendance and the mail queue (issue 17).
	Links      *actionlink.Service
	Attendance *attendance.Service
	Mailer     *mail.Mailer
	ChoirMail  *choirmail.Service
	Planning   *planning.Service
	Jobs       *jobs.Queue // the job queue (issue 27)
	Announce   *announce.Service
	Digest     *digest.Service
	Reminders  *reminders.Service
	Policies   *policies.Service // choir policies and attendance rules (issue 30)
	Privacy    *privacy.Service  // your data: exports and account deletion (issue 30)
	Push       *push.Service     // Web Push subscriptions and the VAPID key (issue 31)
	Billing    *billing.Service  // plans, trials and limits (issue 29); nil with billing off
	Stripe     *billing.Stripe   // checkout, portal and webhooks (issue 29); nil with billing off
	Logger     *slog.Logger
	WebApp     fs.FS            // the built web app; nil serves a notice instead
	Now        func() time.Time // the clock; time.Now when nil
	// NoAnswerCache builds every calendar answer anew, for benchmarks of
	// the work the cache saves.
	NoAnswerCache bool
	// BodyIdleTimeout replaces BodyIdleTimeout when not zero (for tests).
	BodyIdleTimeout time.Duration
}

// Server implements the generated API interface.
type Server struct {
	cfg        config.Config
	db         *db.DB
	auth       *auth.Service
	choirs     *choir.Service
	invites    *invite.Service
	feasts     *feast.Service
	calendar   *calendar.Service
	music      *music.Service
	practice   *practice.Service
	links      *actionlink.Service
	attendance *attendance.Service
	mailer     *mail.Mailer
	choirMail  *choirmail.Service
	jobs       *jobs.Queue
	announce   *announce.Service
	digest     *digest.Service
	reminders  *reminders.Service
	policies   *policies.Service
	privacy    *privacy.Service
	planning   *planning.Service
	week       *week.Service
	analytics  *analytics.Service  // issue 28
	insights   *analytics.Insights // readiness, practice and a singer's own year (issue 28)
	overview   *overview.Service   // the global admin's overview (issue 30)
	push       *push.Service       // issue 31
	billing    *billing.Service    // nil with billing off (issue 29)
	stripe     *billing.Stripe     // nil with billing off (issue 29)
	logger     *slog.Logger
	cookies    cookies
	now        func() time.Time
	answers    *answers // encoded calendar answers by ETag
	secrets    *redactor
}

var _ apigen.StrictServerInterface = (*Server)(nil)

// NewHandler builds the whole HTTP handler: API, operational endpoints and
// the web app, wrapped in the middleware every response passes through; and
// beside it the handler of the Prometheus metrics, which the public handler
// does not serve: they go to an address of their own (CANTICA_METRICS_ADDR).
func NewHandler(opts Options) (public, metrics http.Handler, err error) {
	s := &Server{cfg: opts.Config, db: opts.DB, auth: opts.Auth, choirs: opts.Choirs, invites: opts.Invites, feasts: opts.Feasts, calendar: opts.Calendar, music: opts.Music, practice: opts.Practice, logger: opts.Logger,
		links: opts.Links, attendance: opts.Attendance, mailer: opts.Mailer, choirMail: opts.ChoirMail, planning: opts.Planning, jobs: opts.Jobs, announce: opts.Announce, digest: opts.Digest, reminders: opts.Reminders,
		policies:  opts.Policies,
		week:      week.New(opts.DB, opts.Now),
		analytics: analytics.New(opts.DB),
		overview:  overview.New(opts.DB, opts.Now),
		cookies:   newCookies(opts.Config.BaseURL.Scheme == "https"), now: opts.Now, answers: newAnswers(answersMaxBytes)}
	s.privacy = opts.Privacy
	s.push = opts.Push
	s.billing = opts.Billing
	s.stripe = opts.Stripe
	if opts.NoAnswerCache {
		s.answers = newAnswers(0)
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.insights = analytics.NewInsights(opts.DB, opts.Calendar, s.now)
	// Read on first request, not on every start: unpacking the description
	// takes milliseconds that start-up need not spend.
	spec := sync.OnceValues(openAPIJSON)
	app, err := newSPA(opts.WebApp, s.hasSession)
	if err != nil {
		return nil, nil, err
	}
	app.logger = s.logger
	if opts.Config.Billing.Enabled() {
		// The prerendered landing page is the self-hosted one, with no price:
		// with billing on the app's landing page reads the plans and shows them.
		app.landing = nil
	}
	m := newMetrics(opts.DB.Pools())

	// Every route is registered through mux, which notes the wildcards
	// that hold secrets so that no log line shows them.
	mux := newRoutes()
	s.secrets = &mux.secrets
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.HandleFunc("GET /readyz", s.ready)
	// Not the web app's page either: a plain refusal.
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "Metrics are not served on this address.", http.StatusNotFound)
	})
	mux.HandleFunc("GET /api/v1/openapi.json", func(w http.ResponseWriter, r *http.Request) {
		b, err := spec()
		if err != nil {
			writeHandlerError(s.logger, s.secrets, w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(b)
	})
	strict := apigen.NewStrictHandlerWithOptions(s, []apigen.StrictMiddlewareFunc{s.authenticate}, apigen.StrictHTTPServerOptions{
		RequestErrorHandlerFunc: func(w http.ResponseWriter, r *http.Request, err error) {
			writeError(w, http.StatusBadRequest, apperr.CodeValidation, err.Error(), nil)
		},
		ResponseErrorHandlerFunc: func(w http.ResponseWriter, r *http.Request, err error) {
			writeHandlerError(s.logger, s.secrets, w, r, err)
		},
	})
	apigen.HandlerWithOptions(strict, apigen.StdHTTPServerOptions{
		BaseURL:    "/api/v1",
		BaseRouter: mux,
		ErrorHandlerFunc: func(w http.ResponseWriter, r *http.Request, err error) {
			writeError(w, http.StatusBadRequest, apperr.CodeValidation, err.Error(), nil)
		},
	})
	// Anything else under /api/ is JSON, never the app: a path served with
	// other methods answers 405, an unknown path 404.
	mux.HandleFunc(apiFallback, func(w http.ResponseWriter, r *http.Request) {
		if allow := allowedMethods(mux.ServeMux, r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, http.StatusMethodNotAllowed, apperr.CodeMethodNotAllowed,
				"Method "+r.Method+" is not allowed on "+r.URL.Path+"; use "+strings.Join(allow, ", ")+".", nil)
			return
		}
		writeError(w, http.StatusNotFound, apperr.CodeNotFound, "No API endpoint at "+r.Method+" "+r.URL.Path+".", nil)
	})
	// RFC 8058 one-click unsubscribe, outside the API: mail providers POST
	// here with no cookie. A GET of the same address is the web app's page.
	mux.HandleFunc(oneClickPattern, s.oneClickUnsubscribe)
	mux.HandleFunc(webhookPattern, s.stripeWebhook)
	mux.Handle("/", app)

	csrf := http.NewCrossOriginProtection()
	// Its secret is its only authority and it reads no cookie, so a
	// cross-origin POST can do nothing a request without one could not:
	// one a mail client running in a browser sends must not be refused.
	csrf.AddInsecureBypassPattern(oneClickPattern)
	csrf.AddInsecureBypassPattern(webhookPattern) // Stripe's signature is its only authority
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusForbidden, apperr.CodePermission, "Cross-origin request refused.", nil)
	}))

	var h http.Handler = mux
	h = refuseControlCharacters(h)
	h = csrf.Handler(h)
	h = limitBody(maxAPIBody, h)
	h = cutStalledBodies(cmp.Or(opts.BodyIdleTimeout, BodyIdleTimeout), h)
	h = privateAPI(h)
	h = compressJSON(h)
	h = observe(opts.Logger, m, s.secrets, h)
	h = securityHeaders(opts.Config.BaseURL.Scheme == "https", policyFor(opts.Config.Billing.Enabled()), h)
	return h, m.handler(), nil
}

// oneClickPattern is where a bulk message's List-Unsubscribe header points.
const oneClickPattern = "POST /email/unsubscribe/{token}"

// apiFallback is the pattern that catches every /api/ request no API route
// matches. Go's ServeMux prefers it to answering 405 itself, because it
// matches every method.
const apiFallback = "/api/"

// probedMethods are the methods API routes use, in the order Allow lists them.
var probedMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// allowedMethods lists the methods for which a route other than the
// fallback matches the request's path.
func allowedMethods(mux *http.ServeMux, r *http.Request) []string {
	var allow []string
	for _, m := range probedMethods {
		if m == r.Method {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := mux.Handler(probe); pattern != "" && pattern != apiFallback {
			allow = append(allow, m)
		}
	}
	return allow
}

func openAPIJSON() ([]byte, error) {
	spec, err := apigen.GetSpecJSON()
	if err != nil {
		return nil, fmt.Errorf("httpapi: read the OpenAPI document: %w", err)
	}
	return spec, nil
}

func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		s.logger.Warn("readiness check failed", "err", err)
		writeError(w, http.StatusServiceUnavailable, apperr.CodeNotReady, "The database is not reachable.", nil)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": s.db.Kind})
}

// GetInfo answers public facts about this server.
func (s *Server) GetInfo(ctx context.Context, _ apigen.GetInfoRequestObject) (apigen.GetInfoResponseObject, error) {
	return apigen.GetInfo200JSONResponse{Name: "Cantica", Version: Version, Providers: s.providers()}, nil
}

func (s *Server) providers() apigen.Providers {
	return apigen.Providers{Google: s.auth.SocialEnabled("google"), Azure: s.auth.SocialEnabled("azure")}
}
