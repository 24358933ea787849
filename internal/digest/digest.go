// Package digest is the weekly digest (issue 27): one email per member per
// week covering all their choirs, sent at the day and hour the first of
// their choirs chose, with the events awaiting their answer first (with
// one-tap RSVP links), the next 14 days, announcements since the last
// digest, the music of the next service with practice links, and their own
// practice of last week. Nothing new: no email.
//
// It runs on the job queue (internal/jobs): a planner queues, for each
// choir whose hour has come, one job per member keyed by member and ISO
// week, so a member gets one digest a week however many choirs, servers
// or restarts there are.
package digest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choirmail"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/mail"
	"github.com/cantica/cantica/internal/zone"
)

// Kind is the job kind of one member's digest.
const Kind = "digest"

// Limits.
const (
	// Days is how far ahead the digest looks.
	Days = 14
	// TestsPerHour bounds "Send me a test" per administrator and choir.
	TestsPerHour = 5
	// maxPractice bounds the pieces listed as last week's practice.
	maxPractice = 10
	// viewTTL is how long a choir's calendar and plan, read for one
	// member's digest, serve the others of the same run.
	viewTTL = time.Minute
)

// Messages.
const (
	MsgMemberNotFound = "Member not found."
	MsgWeekday        = "Choose a day of the week"
	MsgHour           = "Choose an hour from 0 to 23"
	msgTestLimit      = "You have sent as many test digests as you may this hour. Please try again in %s."
)

// Skip reasons, shown in the history.
const (
	ReasonNothingNew  = "nothing new"
	ReasonSwitchedOff = "switched off"
)

// PlanFunc reads the music planned for an event (choirmail.PlanOf).
type PlanFunc func(ctx context.Context, choirID, eventKey string) (*choirmail.Plan, error)

// Announcement is one announcement for the digest.
type Announcement struct {
	ChoirID, Title, Summary, Link string
}

// AnnouncementsFunc answers the announcements of the given choirs that a
// member may read, published after since (zero: none is too old) and up
// to now, newest first.
type AnnouncementsFunc func(ctx context.Context, userID string, choirIDs []string, since, now time.Time) ([]Announcement, error)

// NoAnnouncements is the seam until announcements exist: none.
func NoAnnouncements(context.Context, string, []string, time.Time, time.Time) ([]Announcement, error) {
	return nil, nil
}

// Limiter counts events against shared limits.
type Limiter interface {
	Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error)
}

// Service builds and sends digests.
type Service struct {
	db            *db.DB
	cfg           config.Config
	mailer        *mail.Mailer
	links         *actionlink.Service
	events        *calendar.Service
	plans         PlanFunc
	announcements AnnouncementsFunc
	queue         *jobs.Queue
	limit         Limiter
	logger        *slog.Logger
	now           func() time.Time

	mu    sync.Mutex
	views map[string]*choirView // by choir id
}

// New makes the service and registers its planner and job handler on queue.
func New(d *db.DB, cfg config.Config, mailer *mail.Mailer, links *actionlink.Service, events *calendar.Service, plans PlanFunc,
	queue *jobs.Queue, limit Limiter, logger *slog.Logger, now func() time.Time) *Service {
	s := &Service{db: d, cfg: cfg, mailer: mailer, links: links, events: events, plans: plans, announcements: NoAnnouncements,
		queue: queue, limit: limit, logger: logger, now: db.Clock(now), views: map[string]*choirView{}}
	queue.Handle(Kind, s.handle)
	queue.Plan("weekly digest", s.Plan)
	return s
}

// UseAnnouncements sets where announcements come from.
func (s *Service) UseAnnouncements(f AnnouncementsFunc) { s.announcements = f }

// Settings is a choir's digest schedule as its page shows it.
type Settings struct {
	Schedule
	TimeZone string
	Next     time.Time // zero when off
}

// Settings reads a choir's digest schedule.
func (s *Service) Settings(ctx context.Context, choirID string) (*Settings, error) {
	return s.settings(ctx, s.db, choirID)
}

func (s *Service) settings(ctx context.Context, q db.Querier, choirID string) (*Settings, error) {
	var out Settings
	var wd int
	err := q.QueryRowContext(ctx, `SELECT digest_enabled, digest_weekday, digest_hour, time_zone FROM choirs WHERE id = ?`, choirID).
		Scan(&out.Enabled, &wd, &out.Hour, &out.TimeZone)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, "Choir not found.")
	}
	if err != nil {
		return nil, fmt.Errorf("digest: read the schedule of choir %s: %w", choirID, err)
	}
	out.Weekday = time.Weekday(wd)
	if out.Enabled {
		out.Next = out.Schedule.Next(out.TimeZone, s.now())
	}
	return &out, nil
}

// SetSchedule changes a choir's digest schedule.
func (s *Service) SetSchedule(ctx context.Context, choirID string, sch Schedule) (*Settings, error) {
	fields := map[string]string{}
	if sch.Weekday < time.Sunday || sch.Weekday > time.Saturday {
		fields["weekday"] = MsgWeekday
	}
	if sch.Hour < 0 || sch.Hour > 23 {
		fields["hour"] = MsgHour
	}
	if len(fields) > 0 {
		return nil, apperr.Validation(fields, "weekday", "hour")
	}
	var out *Settings
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE choirs SET digest_enabled = ?, digest_weekday = ?, digest_hour = ? WHERE id = ?`,
			sch.Enabled, int(sch.Weekday), sch.Hour, choirID); err != nil {
			return fmt.Errorf("digest: set the schedule of choir %s: %w", choirID, err)
		}
		var err error
		out, err = s.settings(ctx, tx, choirID)
		return err
	})
	return out, err
}

// args are a digest job's arguments.
type args struct {
	UserID  string `json:"userId"`
	ChoirID string `json:"choirId"` // the choir whose run queued it
	Week    string `json:"week"`
}

// JobKey is the unique key of a member's digest of an ISO week.
func JobKey(userID, week string) string { return "digest:" + userID + ":" + week }

// Plan queues the digests that are due at now: for each choir whose hour
// has come this week and whose run is not yet planned, a job per member who
// wants it. Two statements when nothing is due.
func (s *Service) Plan(ctx context.Context, now time.Time) error {
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.time_zone, c.digest_weekday, c.digest_hour, r.week
		FROM choirs c LEFT JOIN digest_runs r ON r.choir_id = c.id AND r.planned_at > ?
		WHERE c.digest_enabled = TRUE`, now.Add(-8*24*time.Hour))
	if err != nil {
		return fmt.Errorf("digest: read the choirs' schedules: %w", err)
	}
	type due struct{ choirID, week string }
	planned := map[due]bool{}
	var todo []due
	err = db.Each(rows, func(row db.Scanner) error {
		var id, tz string
		var wd, hour int
		var week sql.NullString
		if err := row.Scan(&id, &tz, &wd, &hour, &week); err != nil {
			return err
		}
		if week.Valid {
			planned[due{id, week.String}] = true
		}
		if w, ok := (Schedule{Enabled: true, Weekday: time.Weekday(wd), Hour: hour}).Due(tz, now); ok && !slices.Contains(todo, due{id, w}) {
			todo = append(todo, due{id, w})
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("digest: read the choirs' schedules: %w", err)
	}
	var errs []error
	queued := false
	for _, d := range todo {
		if planned[d] {
			continue
		}
		n, err := s.planChoir(ctx, d.choirID, d.week, now)
		if err != nil {
			errs = append(errs, err)
		}
		queued = queued || n > 0
	}
	if queued {
		s.queue.Kick()
	}
	return errors.Join(errs...)
}

// planChoir plans a choir's run of a week once: the run's row is written
// by one server only, and a member already queued this week (by another
// of their choirs) is not queued again. It answers how many were queued.
func (s *Service) planChoir(ctx context.Context, choirID, week string, now time.Time) (int, error) {
	queued := 0
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		queued = 0
		res, err := tx.ExecContext(ctx, `INSERT INTO digest_runs (choir_id, week, planned_at) VALUES (?, ?, ?)
			ON CONFLICT (choir_id, week) DO NOTHING`, choirID, week, now)
		if err != nil {
			return fmt.Errorf("digest: plan the run of choir %s for %s: %w", choirID, week, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // planned already, by another server
		}
		rows, err := tx.QueryContext(ctx, `SELECT m.user_id FROM user_choir_membership m JOIN user_profile p ON p.id = m.user_id
			WHERE m.choir_id = ? AND m.is_active = TRUE AND m.status = 'active'
			AND m.email_enabled = TRUE AND m.digest_emails = TRUE AND p.email_digest_enabled = TRUE
			ORDER BY m.user_id`, choirID)
		if err != nil {
			return fmt.Errorf("digest: choose the members of choir %s: %w", choirID, err)
		}
		members, err := db.All(rows, func(row db.Scanner) (string, error) {
			var id string
			return id, row.Scan(&id)
		})
		if err != nil {
			return fmt.Errorf("digest: choose the members of choir %s: %w", choirID, err)
		}
		for _, userID := range members {
			key := JobKey(userID, week)
			fresh, err := s.queue.Enqueue(ctx, tx, jobs.Spec{Kind: Kind, Key: key, Args: args{UserID: userID, ChoirID: choirID, Week: week}})
			if err != nil {
				return err
			}
			if !fresh {
				continue // this week's digest is another choir's to send
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO digest_deliveries (user_id, week, choir_id, job_key, outcome, queued_at)
				VALUES (?, ?, ?, ?, 'queued', ?) ON CONFLICT (user_id, week) DO NOTHING`, userID, week, choirID, key, now); err != nil {
				return fmt.Errorf("digest: record the digest of %s for %s: %w", userID, week, err)
			}
			queued++
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if queued > 0 {
		s.logger.Info("weekly digest planned", "event", "digest_planned", "choir_id", choirID, "week", week, "members", queued)
	}
	return queued, nil
}

// handle builds and sends one member's digest. The reads and rendering
// happen here; the links, the message and the outcome are written in the
// transaction that completes the job.
func (s *Service) handle(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	var a args
	if err := job.Decode(&a); err != nil {
		return nil, err
	}
	now := s.now()
	b, err := s.build(ctx, a.UserID, "", a.ChoirID, now, true)
	if err != nil {
		return nil, err
	}
	outcome, reason := "sent", ""
	var msg mail.Message
	switch {
	case b == nil:
		outcome, reason = "skipped", ReasonSwitchedOff
	case b.empty():
		outcome, reason = "skipped", ReasonNothingNew
	default:
		if msg, err = mail.Digest(b.to, b.data); err != nil {
			return nil, fmt.Errorf("digest: write the digest of %s: %w", a.UserID, err)
		}
		msg.ChoirID = a.ChoirID
	}
	return func(ctx context.Context, tx *db.Tx) error {
		if outcome == "sent" {
			if err := s.links.StoreAll(ctx, tx, b.links); err != nil {
				return err
			}
			if err := s.mailer.Enqueue(ctx, tx, msg); err != nil {
				return fmt.Errorf("digest: queue the digest of %s: %w", a.UserID, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE digest_deliveries SET outcome = ?, reason = ?, done_at = ? WHERE user_id = ? AND week = ?`,
			outcome, reason, now, a.UserID, a.Week); err != nil {
			return fmt.Errorf("digest: record the digest of %s for %s: %w", a.UserID, a.Week, err)
		}
		return nil
	}, nil
}

// Preview is the digest a member would get, as it would be sent.
type Preview struct {
	Subject, HTML, Text string
	// Empty: nothing new, so this member would get no email.
	Empty bool
	// SwitchedOff: the member does not get digests from this choir.
	SwitchedOff bool
}

// Preview builds the digest a member of the choir would get, limited to
// this choir (an administrator sees nothing of the member's other choirs).
// Its links are made but not stored: they lead nowhere. A user who is not
// an active member of the choir is 404.
func (s *Service) Preview(ctx context.Context, choirID, userID string) (*Preview, error) {
	b, err := s.build(ctx, userID, choirID, choirID, s.now(), false)
	if err != nil {
		return nil, err
	}
	msg, err := mail.Digest(b.to, b.data)
	if err != nil {
		return nil, fmt.Errorf("digest: write the preview for %s: %w", userID, err)
	}
	return &Preview{Subject: msg.Subject, HTML: msg.HTML, Text: msg.Text, Empty: b.empty(), SwitchedOff: !b.wanted}, nil
}

// SendTest emails the caller their own digest of this choir now, with
// working links, whatever their switches and even with nothing new; it is
// not recorded as a run. It answers the address it went to.
func (s *Service) SendTest(ctx context.Context, choirID, userID string) (string, error) {
	ok, wait, err := s.limit.Allow(ctx, "digest:test:"+choirID+":"+userID, TestsPerHour, time.Hour)
	if err != nil {
		return "", err
	}
	if !ok {
		minutes := max(int((wait+time.Minute-1)/time.Minute), 1)
		in := fmt.Sprintf("%d minutes", minutes)
		if minutes == 1 {
			in = "1 minute"
		}
		return "", apperr.Limited(fmt.Sprintf(msgTestLimit, in), wait)
	}
	b, err := s.build(ctx, userID, choirID, choirID, s.now(), false)
	if err != nil {
		return "", err
	}
	msg, err := mail.Digest(b.to, b.data)
	if err != nil {
		return "", fmt.Errorf("digest: write the test digest for %s: %w", userID, err)
	}
	msg.Subject = "Test: " + msg.Subject
	msg.ChoirID = choirID
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.links.StoreAll(ctx, tx, b.links); err != nil {
			return err
		}
		if err := s.mailer.Enqueue(ctx, tx, msg); err != nil {
			return fmt.Errorf("digest: queue the test digest for %s: %w", userID, err)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	s.mailer.Kick()
	return b.to, nil
}

// Run is one week's digest run of a choir, as its history shows it.
type Run struct {
	Week                           string
	PlannedAt                      time.Time
	Sent, Skipped, Failed, Pending int
}

// Runs lists a choir's last 20 runs, newest first, with how many digests
// went, were skipped (nothing new, or switched off meanwhile), failed for
// good (the job gave up) and are still to go.
func (s *Service) Runs(ctx context.Context, choirID string) ([]Run, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT r.week, r.planned_at,
		COALESCE(SUM(CASE WHEN d.outcome = 'sent' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN d.outcome = 'skipped' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN d.outcome = 'queued' AND j.failed_at IS NOT NULL THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN d.outcome = 'queued' AND j.failed_at IS NULL THEN 1 ELSE 0 END), 0)
		FROM digest_runs r
		LEFT JOIN digest_deliveries d ON d.choir_id = r.choir_id AND d.week = r.week
		LEFT JOIN jobs j ON j.unique_key = d.job_key
		WHERE r.choir_id = ? GROUP BY r.week, r.planned_at ORDER BY r.planned_at DESC LIMIT 20`, choirID)
	if err != nil {
		return nil, fmt.Errorf("digest: read the runs of choir %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Run, error) {
		var r Run
		err := row.Scan(&r.Week, &r.PlannedAt, &r.Sent, &r.Skipped, &r.Failed, &r.Pending)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("digest: read the runs of choir %s: %w", choirID, err)
	}
	return out, nil
}

// Weekday names, as the API spells them.
var weekdays = []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}

// WeekdayName spells a weekday as the API does ("monday").
func WeekdayName(d time.Weekday) string { return weekdays[d] }

// ParseWeekday reads a weekday as the API spells it; -1 when unknown.
func ParseWeekday(s string) time.Weekday {
	for i, w := range weekdays {
		if strings.EqualFold(strings.TrimSpace(s), w) {
			return time.Weekday(i)
		}
	}
	return -1
}

// localDate is today's date in a zone.
func localDate(tz string, now time.Time) liturgy.Date {
	loc, err := zone.Load(tz)
	if err != nil {
		loc = time.UTC
	}
	return liturgy.DateOf(now.In(loc))
}
