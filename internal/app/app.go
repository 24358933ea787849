// Package app wires Cantica together: configuration, database, services and
// the HTTP server, with plain constructors.
package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/announce"
	"github.com/cantica/cantica/internal/attendance"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/auth/oidc"
	"github.com/cantica/cantica/internal/billing"
	"github.com/cantica/cantica/internal/blob"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/choirmail"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/digest"
	"github.com/cantica/cantica/internal/feast"
	"github.com/cantica/cantica/internal/httpapi"
	"github.com/cantica/cantica/internal/invite"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/mail"
	"github.com/cantica/cantica/internal/music"
	"github.com/cantica/cantica/internal/planning"
	"github.com/cantica/cantica/internal/policies"
	"github.com/cantica/cantica/internal/practice"
	"github.com/cantica/cantica/internal/privacy"
	"github.com/cantica/cantica/internal/push"
	"github.com/cantica/cantica/internal/reminders"
)

// ShutdownTimeout is how long requests in flight get to finish after a
// shutdown signal.
const ShutdownTimeout = 30 * time.Second

// OpenDatabase opens and migrates the configured database.
func OpenDatabase(ctx context.Context, cfg config.Config) (*db.DB, error) {
	if cfg.Database.Kind == config.SQLite {
		if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
			return nil, fmt.Errorf("CANTICA_DATA_DIR: cannot create %s: %w", cfg.DataDir, err)
		}
	}
	d, err := db.Open(ctx, cfg.Database)
	if err != nil {
		return nil, err
	}
	if err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// Run serves Cantica until ctx is cancelled (by SIGINT or SIGTERM), then
// shuts down gracefully.
func Run(ctx context.Context, cfg config.Config, logger *slog.Logger, webApp fs.FS) error {
	d, err := OpenDatabase(ctx, cfg)
	if err != nil {
		return err
	}
	defer d.Close()

	a, err := New(cfg, d, logger, Options{WebApp: webApp})
	if err != nil {
		return err
	}
	// Background work outlives ctx until the server has finished shutting
	// down. Queued mail waits in the database, so nothing is lost on stop.
	background, stopBackground := context.WithCancel(context.WithoutCancel(ctx))
	defer stopBackground()
	go a.RunBackground(background)

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("CANTICA_ADDR: cannot listen on %s: %w", cfg.Addr, err)
	}
	mail := "outbox (CANTICA_SMTP_URL is empty)"
	if cfg.SMTPURL != nil {
		mail = "smtp " + cfg.SMTPURL.Host
	}
	if cfg.MetricsAddr != "" {
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			ln.Close()
			return fmt.Errorf("CANTICA_METRICS_ADDR: cannot listen on %s: %w", cfg.MetricsAddr, err)
		}
		go serveMetrics(ctx, mln, a.Metrics, logger)
	}
	logger.Info("cantica serving", "addr", ln.Addr().String(), "url", cfg.BaseURL.String(),
		"database", cfg.Database.Kind, "data_dir", cfg.DataDir, "mail", mail, "web_app", webApp != nil,
		"metrics", cmp.Or(cfg.MetricsAddr, "off (CANTICA_METRICS_ADDR is empty)"))
	return Serve(ctx, ln, a.Handler, logger)
}

// Options are the parts tests replace.
type Options struct {
	WebApp     fs.FS            // the built web app
	Now        func() time.Time // the clock; time.Now when nil
	HTTPClient *http.Client     // for calls to sign-in providers; a default when nil
	// NoAnswerCache builds every calendar answer anew (httpapi.Options).
	NoAnswerCache bool
	// Files is where uploaded files are kept; the configured store when nil.
	Files blob.Store
	// BodyIdleTimeout replaces httpapi.BodyIdleTimeout when not zero.
	BodyIdleTimeout time.Duration
	// PushClient posts to the push services; nil refuses private addresses.
	PushClient *http.Client
}

// App is Cantica's services and the HTTP handler over them.
type App struct {
	Handler    http.Handler
	Metrics    http.Handler // Prometheus metrics, for CANTICA_METRICS_ADDR only
	Mailer     *mail.Mailer
	Accounts   *auth.Service
	Choirs     *choir.Service
	Invites    *invite.Service
	Feasts     *feast.Service
	Calendar   *calendar.Service
	Music      *music.Service
	Practice   *practice.Service
	Links      *actionlink.Service
	Attendance *attendance.Service
	Planning   *planning.Service
	ChoirMail  *choirmail.Service
	Jobs       *jobs.Queue
	Announce   *announce.Service
	Digest     *digest.Service
	Privacy    *privacy.Service
	Push       *push.Service
	logger     *slog.Logger
}

// New wires the services together over an open, migrated database.
func New(cfg config.Config, d *db.DB, logger *slog.Logger, opts Options) (*App, error) {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	mailer := mail.New(d, cfg, logger, now)
	queue := jobs.New(d, logger, now)
	// Mail a job put in the outbox goes out at once.
	queue.AfterCommit(mailer.Kick)
	providers := oidc.NewRegistry(cfg, d, now, opts.HTTPClient)
	accounts := auth.New(d, cfg, mailer, providers, logger, now)
	choirs := choir.New(d, logger, now)
	invites := invite.New(d, cfg, mailer, accounts, logger, now)
	feasts := feast.New(d, logger, now)
	events := calendar.New(d, choirs, feasts, cfg.BaseURL.String(), logger, now)
	library := music.New(d, logger, now)
	practised := practice.New(d, logger, now)
	links := actionlink.New(d, now)
	attended := attendance.New(d, now)
	plans := planning.New(d, logger, now)
	plans.UseCalendar(events, feasts)
	// What is kept per occurrence follows the calendar's changes.
	events.Follow(attended, plans, links)
	choirMail := choirmail.New(d, cfg, mailer, links, accounts, logger, now)
	// Announcements (issue 27): their publish mail and reminders run on the queue.
	announcements := announce.New(d, cfg, mailer, links, queue, logger, now)
	// The weekly digest: its planner and job handler on the queue.
	digests := digest.New(d, cfg, mailer, links, events, func(ctx context.Context, choirID, eventKey string) (*choirmail.Plan, error) {
		return choirmail.PlanOf(ctx, plans, library, choirID, eventKey)
	}, queue, accounts, logger, now)
	// The digest lists the announcements a member may read that are new since their last digest.
	digests.UseAnnouncements(func(ctx context.Context, userID string, choirIDs []string, since, now time.Time) ([]digest.Announcement, error) {
		published, err := announcements.PublishedSince(ctx, userID, choirIDs, since, now)
		out := make([]digest.Announcement, len(published))
		for i, p := range published {
			out[i] = digest.Announcement{ChoirID: p.ChoirID, Title: p.Title, Summary: p.Summary, Link: cfg.PublicURL("/dashboard/announcements")}
		}
		return out, err
	})
	// RSVP reminders and part-balance alerts: a planner and two job kinds.
	reminding := reminders.New(d, cfg, events, links, mailer, queue, logger, now)
	// Choir policies and attendance rules (issue 30): reminders to acknowledge run on the queue.
	choirPolicies := policies.New(d, cfg, mailer, links, queue, logger, now)
	// Plans and billing (issue 29): trials, read-only and limits; nil, so
	// none of them, with billing off.
	billed := billing.New(d, cfg, mailer, queue, logger, now)
	if billed != nil {
		choirs.UseBilling(billed)
		invites.UseBilling(billed)
		library.UseStorageLimit(billed.StorageLimit)
	}
	files := opts.Files
	if files == nil {
		var err error
		if files, err = blob.Open(context.Background(), cfg.Blob); err != nil {
			return nil, fmt.Errorf("open the file store: %w", err)
		}
	}
	library.UseFiles(files, cfg.Blob.MaxUploadBytes)
	// Your data (issue 30): exports, their expiry and account purges run on the queue.
	yourData := privacy.New(d, cfg, mailer, queue, files, events.WriteUserEvents, logger, now)
	// Web Push (issue 31): reminders and announcement notices go to the browsers members turned it on in.
	pushing := push.New(d, cfg, queue, opts.PushClient, logger, now)
	reminding.UsePush(pushing)
	announcements.UsePush(pushing)
	// Checkout, portal and webhooks (issue 29): nil, and never a call to Stripe, with billing off.
	payments := billing.NewStripe(d, cfg, mailer, logger, now)
	handler, metrics, err := httpapi.NewHandler(httpapi.Options{Stripe: payments, Config: cfg, DB: d, Auth: accounts, Choirs: choirs, Invites: invites, Feasts: feasts, Calendar: events, Music: library, Practice: practised,
		Links: links, Attendance: attended, Mailer: mailer, Planning: plans, ChoirMail: choirMail, Jobs: queue, Announce: announcements, Digest: digests, Reminders: reminding, Privacy: yourData, Push: pushing,
		Policies: choirPolicies, Billing: billed, Logger: logger, WebApp: opts.WebApp, Now: now, NoAnswerCache: opts.NoAnswerCache, BodyIdleTimeout: opts.BodyIdleTimeout})
	if err != nil {
		return nil, err
	}
	return &App{Handler: handler, Metrics: metrics, Mailer: mailer, Accounts: accounts, Choirs: choirs, Invites: invites, Feasts: feasts, Calendar: events, Music: library, Practice: practised, Links: links, Attendance: attended, Planning: plans, ChoirMail: choirMail, Jobs: queue, Announce: announcements, Digest: digests, Privacy: yourData, Push: pushing, logger: logger}, nil
}

// RunBackground delivers mail, runs queued jobs and clears expired data until ctx is done.
func (a *App) RunBackground(ctx context.Context) {
	go a.Mailer.Run(ctx)
	go a.Jobs.Run(ctx)
	// The VAPID key pair is made on the first start, not at the first subscription.
	if _, err := a.Push.PublicKey(ctx); err != nil {
		a.logger.Warn("making the Web Push key pair failed; the first subscription will try again", "err", err)
	}
	// An import whose server stopped part-way is undone once its lease
	// has expired: looked for at start and as often as a lease lasts, so
	// that its pieces do not stay for an hour after a quick restart.
	go every(ctx, music.ImportLease, a.RecoverImports)
	every(ctx, time.Hour, a.CleanUp)
}

// RecoverImports undoes the music imports whose servers stopped part-way.
func (a *App) RecoverImports(ctx context.Context) {
	if _, err := a.Music.RecoverImports(ctx); err != nil {
		a.logger.Warn("undoing music imports that stopped part-way failed", "err", err)
	}
}

// CleanUp is the hourly housekeeping RunBackground does. Each task's
// failure is logged and the others still run.
func (a *App) CleanUp(ctx context.Context) {
	if err := a.Accounts.DeleteExpired(ctx); err != nil {
		a.logger.Warn("clean-up of expired sessions and tokens failed", "err", err)
	}
	if err := a.Invites.ExpireOld(ctx); err != nil {
		a.logger.Warn("marking expired invitations failed", "err", err)
	}
	if err := a.Feasts.MaintainWindow(ctx); err != nil {
		a.logger.Warn("computing the feasts of the coming years failed", "err", err)
	}
	if _, err := a.Jobs.DeleteOld(ctx); err != nil {
		a.logger.Warn("clean-up of old done jobs failed", "err", err)
	}
	if _, err := a.Links.DeleteExpired(ctx); err != nil {
		a.logger.Warn("clean-up of expired email links failed", "err", err)
	}
	// The store reports when files were written by the wall clock.
	if _, err := a.Music.CleanOrphanFiles(ctx, time.Now().Add(-music.OrphanGrace)); err != nil {
		a.logger.Warn("clean-up of files no attachment uses failed", "err", err)
	}
}

// every runs fn now and then at each interval until ctx is done.
func every(ctx context.Context, interval time.Duration, fn func(context.Context)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		fn(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// serveMetrics answers Prometheus on its own listener until ctx is done.
func serveMetrics(ctx context.Context, ln net.Listener, handler http.Handler, logger *slog.Logger) {
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		logger.Error("metrics: serving stopped", "addr", ln.Addr().String(), "err", err)
	}
}

// Serve answers requests on ln until ctx is done, then stops accepting and
// lets requests in flight finish (up to ShutdownTimeout).
func Serve(ctx context.Context, ln net.Listener, handler http.Handler, logger *slog.Logger) error {
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	select {
	case err := <-served:
		return fmt.Errorf("serve HTTP on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	logger.Info("shutting down; finishing requests in flight", "timeout", ShutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve HTTP on %s: %w", ln.Addr(), err)
	}
	logger.Info("stopped")
	return nil
}
