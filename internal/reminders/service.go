package reminders

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
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
	"github.com/cantica/cantica/internal/push"
)

// Job kinds.
const (
	KindReminder    = "reminder"
	KindPartBalance = "part-balance"
)

// Messages.
const (
	MsgAlreadyReminded  = "Non-responders of this event were already reminded on %s. An event gets one reminder by hand."
	MsgEveryoneAnswered = "Everyone has answered this event: there is nobody to remind."
	MsgNotPublished     = "Publish the event before reminding anyone."
	MsgStarted          = "This event has already started."
)

// Service plans and sends reminders and part-balance alerts.
type Service struct {
	db     *db.DB
	cfg    config.Config
	cal    *calendar.Service
	links  *actionlink.Service
	mailer *mail.Mailer
	queue  *jobs.Queue
	push   *push.Service // nil: no push notices
	logger *slog.Logger
	now    func() time.Time
}

// UsePush sends each reminder by Web Push too, in the browsers where the
// member turned it on (issue 31).
func (s *Service) UsePush(p *push.Service) { s.push = p }

// New makes the service and registers its planner and job handlers on queue.
func New(d *db.DB, cfg config.Config, cal *calendar.Service, links *actionlink.Service, mailer *mail.Mailer, queue *jobs.Queue,
	logger *slog.Logger, now func() time.Time) *Service {
	s := &Service{db: d, cfg: cfg, cal: cal, links: links, mailer: mailer, queue: queue, logger: logger, now: db.Clock(now)}
	queue.Handle(KindReminder, s.runReminder)
	queue.Handle(KindPartBalance, s.runPartBalance)
	queue.Plan("reminders", s.Plan)
	return s
}

// reminderArgs are a reminder job's: whose day, and the zone whose quiet
// hours hold it.
type reminderArgs struct {
	UserID, Date, TimeZone string
}

func reminderKey(userID string, date liturgy.Date) string {
	return "reminder:" + userID + ":" + date.String()
}

// choirs reads every choir with its zone.
func (s *Service) choirs(ctx context.Context, q db.Querier, where string, args ...any) ([]*choirRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, name, time_zone FROM choirs`+where+` ORDER BY id`, args...)
	if err != nil {
		return nil, fmt.Errorf("reminders: read the choirs: %w", err)
	}
	out, err := db.All(rows, func(row db.Scanner) (*choirRow, error) {
		c := &choirRow{}
		err := row.Scan(&c.ID, &c.Name, &c.TimeZone)
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("reminders: read the choirs: %w", err)
	}
	return out, nil
}

// Plan enqueues, for every choir where it is day, one job per member with
// reminders due today (key reminder:<user>:<choir-local date>) and one
// alert per short service or concert. Idempotent: the keys make a second
// run, on this or another server, do nothing.
func (s *Service) Plan(ctx context.Context, now time.Time) error {
	choirs, err := s.choirs(ctx, s.db, "")
	if err != nil {
		return err
	}
	var errs []error
	planned := false
	for _, c := range choirs {
		if !daytime(now, c.zone()) {
			continue
		}
		today := liturgy.DateOf(now.In(c.zone()))
		due, err := s.due(ctx, s.db, c, today, now, "", "", nil)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for user := range due {
			isNew, err := s.queue.Enqueue(ctx, s.db, jobs.Spec{Kind: KindReminder, Key: reminderKey(user, today),
				Args: reminderArgs{UserID: user, Date: today.String(), TimeZone: c.TimeZone}, RunAt: now})
			if err != nil {
				errs = append(errs, err)
			}
			planned = planned || isNew
		}
		isNew, err := s.planBalance(ctx, c, today, now)
		if err != nil {
			errs = append(errs, err)
		}
		planned = planned || isNew
	}
	if planned {
		s.queue.Kick()
	}
	return errors.Join(errs...)
}

// runReminder writes one member's reminders of a day, from every choir of
// theirs where that day's reminders are due, into one message.
func (s *Service) runReminder(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	var args reminderArgs
	if err := job.Decode(&args); err != nil {
		return nil, err
	}
	date, err := liturgy.ParseDate(args.Date)
	if err != nil {
		return nil, fmt.Errorf("reminders: job %s has no date: %w", job.Key, err)
	}
	now := s.now()
	held := &choirRow{TimeZone: args.TimeZone}
	if !daytime(now, held.zone()) {
		// Late (the server was down all day): the same reminders, the next morning.
		return func(ctx context.Context, tx *db.Tx) error {
			_, err := s.queue.Enqueue(ctx, tx, jobs.Spec{Kind: KindReminder, Key: job.Key + ":held", Args: args, RunAt: SendTime(now, held.zone())})
			return err
		}, nil
	}
	choirs, err := s.choirs(ctx, s.db, ` WHERE id IN (SELECT choir_id FROM user_choir_membership WHERE user_id = ?)`, args.UserID)
	if err != nil {
		return nil, err
	}
	type found struct {
		choir *choirRow
		items []Due
	}
	var all []found
	for _, c := range choirs {
		due, err := s.due(ctx, s.db, c, date, now, args.UserID, "", nil)
		if err != nil {
			return nil, err
		}
		if items := due[args.UserID]; len(items) > 0 {
			all = append(all, found{c, items})
		}
	}
	if len(all) == 0 {
		return nil, nil // answered meanwhile, or reminded by another job of the day
	}
	var email, firstName string
	if err := s.db.QueryRowContext(ctx, `SELECT u.email, p.first_name FROM users u JOIN user_profile p ON p.id = u.id WHERE u.id = ?`,
		args.UserID).Scan(&email, &firstName); err != nil {
		return nil, fmt.Errorf("reminders: read the address of %s: %w", args.UserID, err)
	}
	return func(ctx context.Context, tx *db.Tx) error {
		d := mail.ReminderData{FirstName: strings.TrimSpace(firstName), Settings: s.cfg.PublicURL("/account/notifications")}
		for _, f := range all {
			unsubscribe, err := s.links.Issue(ctx, tx, args.UserID, f.choir.ID, actionlink.Unsubscribe, f.choir.ID)
			if err != nil {
				return err
			}
			d.Choirs = append(d.Choirs, mail.ReminderChoir{Name: f.choir.Name, Unsubscribe: s.cfg.PublicURL("/email/unsubscribe/" + unsubscribe)})
			for _, it := range f.items {
				if err := s.record(ctx, tx, f.choir.ID, args.UserID, it, now); err != nil {
					return err
				}
				ev, err := s.eventLinks(ctx, tx, f.choir, args.UserID, it)
				if err != nil {
					return err
				}
				d.Events = append(d.Events, ev)
			}
		}
		msg, err := mail.Reminder(email, d)
		if err != nil {
			return fmt.Errorf("reminders: write the reminder of %s: %w", args.UserID, err)
		}
		if len(all) == 1 { // one reminder may speak for several choirs: then it is nobody's
			msg.ChoirID = all[0].choir.ID
		}
		if err := s.mailer.Enqueue(ctx, tx, msg); err != nil {
			return fmt.Errorf("reminders: queue the reminder of %s: %w", args.UserID, err)
		}
		if s.push != nil {
			if err := s.push.Notify(ctx, tx, args.UserID, job.Key, reminderNotice(msg.Subject, d)); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// reminderNotice is a reminder as a push notification: the mail's subject,
// and where and for which choirs; a tap opens the calendar, where the
// member answers (offline too, once the app is installed).
func reminderNotice(subject string, d mail.ReminderData) push.Notice {
	var lines []string
	for _, ev := range d.Events {
		line := ev.ChoirName + ": " + ev.Title + ", " + ev.When
		if ev.Location != "" {
			line += ", " + ev.Location
		}
		lines = append(lines, line)
	}
	return push.Notice{Title: subject, Body: strings.Join(lines, "\n"), URL: "/dashboard/calendar", Tag: "rsvp-reminder"}
}

// errRaced means another job of the same member sent one of these
// reminders first; the job runs again and leaves it out.
var errRaced = errors.New("reminders: another job sent one of these reminders first")

// record notes which reminders of an event went to the member; a row that
// exists already means another job sent it, and this one must not.
func (s *Service) record(ctx context.Context, tx *db.Tx, choirID, userID string, it Due, now time.Time) error {
	answer := ""
	if it.SaidMaybe {
		answer = "maybe"
	}
	for _, w := range it.Which {
		res, err := tx.ExecContext(ctx, `INSERT INTO reminders_sent (choir_id, event_id, occurrence_date, user_id, which, answer, sent_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (event_id, occurrence_date, user_id, which) DO NOTHING`,
			choirID, it.EventID, it.Date, userID, w, answer, now)
		if err != nil {
			return fmt.Errorf("reminders: record the %s reminder of %s to %s: %w", w, it.Key, userID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return errRaced
		}
	}
	return nil
}

// eventLinks issues the member's RSVP and event links for an event.
func (s *Service) eventLinks(ctx context.Context, tx *db.Tx, c *choirRow, userID string, it Due) (mail.ReminderEvent, error) {
	rsvp, err := s.links.Issue(ctx, tx, userID, c.ID, actionlink.RSVP, it.Key)
	if err != nil {
		return mail.ReminderEvent{}, err
	}
	event, err := s.links.Issue(ctx, tx, userID, c.ID, actionlink.Event, it.Key)
	if err != nil {
		return mail.ReminderEvent{}, err
	}
	rsvpURL := s.cfg.PublicURL("/email/rsvp/" + rsvp)
	ev := mail.ReminderEvent{ChoirName: c.Name, Title: strings.TrimSpace(it.Event.Title), When: choirmail.When(it.occurrence(), c.TimeZone),
		Location: strings.TrimSpace(it.Event.Location), SaidMaybe: it.SaidMaybe,
		Going: rsvpURL + "/going", Maybe: rsvpURL + "/maybe", NotGoing: rsvpURL + "/not_going",
		View: s.cfg.PublicURL("/email/event/"+event) + "#rsvp=" + rsvp}
	if !it.Event.AllDay {
		ev.Zone = choirmail.ZonePlace(c.TimeZone)
	}
	return ev, nil
}

// ManualState is when an event's one reminder by hand was asked for.
type ManualState struct {
	RequestedAt, SendsAt time.Time
	By                   string // their name; "" when unknown
	Recipients           int    // members it is for
}

// LastManual reads when non-responders of an occurrence were reminded by
// hand, or nil.
func (s *Service) LastManual(ctx context.Context, choirID string, o *calendar.Occurrence) (*ManualState, error) {
	var at time.Time
	var sendDate string
	var first, last sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT r.requested_at, r.send_date, p.first_name, p.last_name FROM manual_reminders r
		LEFT JOIN user_profile p ON p.id = r.requested_by WHERE r.choir_id = ? AND r.event_id = ? AND r.occurrence_date = ?`,
		choirID, o.EventID, o.Date).Scan(&at, &sendDate, &first, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reminders: read the reminder by hand of %s: %w", o.Key, err)
	}
	out := &ManualState{RequestedAt: at.UTC(), By: strings.TrimSpace(first.String + " " + last.String)}
	out.SendsAt = out.RequestedAt
	if d, err := liturgy.ParseDate(sendDate); err == nil {
		c := &choirRow{}
		if err := s.db.QueryRowContext(ctx, `SELECT time_zone FROM choirs WHERE id = ?`, choirID).Scan(&c.TimeZone); err != nil {
			return nil, fmt.Errorf("reminders: read the zone of choir %s: %w", choirID, err)
		}
		if sends := SendTime(out.RequestedAt, c.zone()); liturgy.DateOf(sends.In(c.zone())) == d {
			out.SendsAt = sends.UTC()
		} else {
			out.SendsAt = Morning(d, c.zone()).UTC()
		}
	}
	return out, nil
}

// RemindNow reminds an occurrence's non-responders (and those who said
// Maybe, once) at once, or at 08:00 when asked at night: one job per
// member, merged with whatever else is due to them that day. An event gets
// this once; a second request is 409 saying when the first was.
func (s *Service) RemindNow(ctx context.Context, choirID, byUserID string, o *calendar.Occurrence) (*ManualState, error) {
	if o.Draft {
		return nil, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgNotPublished)
	}
	now := s.now()
	if !now.Before(o.Start) {
		return nil, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgStarted)
	}
	cs, err := s.choirs(ctx, s.db, ` WHERE id = ?`, choirID)
	if err != nil {
		return nil, err
	}
	if len(cs) == 0 {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, calendar.MsgEventNotFound)
	}
	c := cs[0]
	sendsAt := SendTime(now, c.zone())
	date := liturgy.DateOf(sendsAt.In(c.zone()))
	if last, err := s.LastManual(ctx, choirID, o); err != nil {
		return nil, err
	} else if last != nil {
		return nil, alreadyReminded(last, c)
	}
	// Who is reminded is read before the transaction, which only writes:
	// the reads take connections of their own.
	pressed := occOfOccurrence(o)
	due, err := s.due(ctx, s.db, c, date, now, "", o.Key, &pressed)
	if err != nil {
		return nil, err
	}
	var users []string
	for user, items := range due {
		if hasManual(items) {
			users = append(users, user)
		}
	}
	slices.Sort(users)
	if len(users) == 0 {
		err = errNobody // nothing stored: the button stays for when someone is left
	} else {
		err = s.db.InTx(ctx, func(tx *db.Tx) error {
			res, err := tx.ExecContext(ctx, `INSERT INTO manual_reminders (choir_id, event_id, occurrence_date, requested_by, requested_at, send_date)
				VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (event_id, occurrence_date) DO NOTHING`, choirID, o.EventID, o.Date, byUserID, now, date.String())
			if err != nil {
				return fmt.Errorf("reminders: ask to remind the non-responders of %s: %w", o.Key, err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("reminders: ask to remind the non-responders of %s: %w", o.Key, err)
			} else if n == 0 {
				return errAlready
			}
			for _, user := range users {
				if _, err := s.queue.Enqueue(ctx, tx, jobs.Spec{Kind: KindReminder, Key: reminderKey(user, date) + ":" + o.Key,
					Args: reminderArgs{UserID: user, Date: date.String(), TimeZone: c.TimeZone}, RunAt: sendsAt}); err != nil {
					return err
				}
			}
			return nil
		})
	}
	count := len(users)
	switch {
	case errors.Is(err, errNobody):
		return nil, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgEveryoneAnswered)
	case errors.Is(err, errAlready):
		last, err := s.LastManual(ctx, choirID, o)
		if err != nil {
			return nil, err
		}
		return nil, alreadyReminded(last, c)
	case err != nil:
		return nil, err
	}
	s.queue.Kick()
	s.logger.Info("non-responders reminded", "event", "reminder_manual", "choir_id", choirID, "about", o.Key, "recipients", count, "by", byUserID)
	return &ManualState{RequestedAt: now, SendsAt: sendsAt.UTC(), Recipients: count}, nil
}

// alreadyReminded refuses a second reminder by hand, saying when the first was.
func alreadyReminded(last *ManualState, c *choirRow) error {
	when := "an earlier day"
	if last != nil {
		when = last.RequestedAt.In(c.zone()).Format("Monday 2 January at 15:04")
	}
	return apperr.New(apperr.Conflict, apperr.CodeConflict, fmt.Sprintf(MsgAlreadyReminded, when))
}

var (
	errAlready = errors.New("reminders: already reminded by hand")
	errNobody  = errors.New("reminders: nobody to remind")
)

func hasManual(items []Due) bool {
	for _, it := range items {
		for _, w := range it.Which {
			if w == Manual {
				return true
			}
		}
	}
	return false
}
