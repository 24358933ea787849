// Package overview counts the platform at a glance for the global admin
// (issue 30): choirs — new, active, sleepy —, members, sign-ins per day,
// email per choir, storage per choir and the calendar types. Every figure
// comes from one aggregate query over all choirs, never a query per choir,
// so the page stays fast with thousands of choirs.
package overview

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/db"
)

// Window is how far back "active" and the sign-in chart look: a choir with
// no event and no member signing in during the last Window is sleepy.
const Window = 30 * 24 * time.Hour

// Days is the number of days of the sign-in chart, today included.
const Days = 30

// Choir is one choir's row: its size, how it was used lately, its mail of
// the last 30 days and its stored files.
type Choir struct {
	ID           string
	Name         string
	CreatedAt    time.Time
	Members      int        // active memberships
	LastSignInAt *time.Time // its members' latest sign-in; nil: none known
	LastEventAt  *time.Time // the start of its latest event before now; nil: none
	Active       bool       // an event or a member's sign-in in the last 30 days
	MailSent     int        // emails sent for it in the last 30 days
	MailFailed   int        // emails given up on in the last 30 days
	StorageBytes int64
}

// Day is one UTC day's number of sign-ins.
type Day struct {
	Date    string // YYYY-MM-DD
	SignIns int
}

// CalendarType is one liturgical calendar of the catalogue.
type CalendarType struct {
	Key      string
	Name     string
	Uploaded bool // its feasts are uploaded (published)
	Choirs   int  // choirs that follow it
}

// Overview is the platform at a glance.
type Overview struct {
	Total, NewThisMonth, Active, Sleepy int
	Members                             int // people with at least one active membership
	Choirs                              []Choir
	SignIns                             []Day // Days days, oldest first
	// Mail of the last 30 days sent for no one choir: account mail, and
	// reminders that spoke for several choirs at once.
	OtherMailSent, OtherMailFailed int
	StorageBytes                   int64
	CalendarTypes                  []CalendarType
}

// Service reads the overview.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New returns the service; now is the clock.
func New(d *db.DB, now func() time.Time) *Service {
	return &Service{db: d, now: db.Clock(now)}
}

// Read counts everything at the service's now.
func (s *Service) Read(ctx context.Context) (*Overview, error) {
	now := s.now()
	since := now.Add(-Window)
	monthStart := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	o := &Overview{}
	var err error
	if o.Choirs, err = s.choirs(ctx, now, since); err != nil {
		return nil, err
	}
	if err := s.mail(ctx, o, since); err != nil {
		return nil, err
	}
	for _, c := range o.Choirs {
		o.Total++
		if !c.CreatedAt.Before(monthStart) {
			o.NewThisMonth++
		}
		if c.Active {
			o.Active++
		} else {
			o.Sleepy++
		}
		o.StorageBytes += c.StorageBytes
	}
	err = s.db.QueryRowContext(ctx, `SELECT COUNT(DISTINCT user_id) FROM user_choir_membership
		WHERE is_active = TRUE AND status = 'active'`).Scan(&o.Members)
	if err != nil {
		return nil, fmt.Errorf("overview: count the members: %w", err)
	}
	if o.SignIns, err = s.signIns(ctx, now); err != nil {
		return nil, err
	}
	if o.CalendarTypes, err = s.calendarTypes(ctx); err != nil {
		return nil, err
	}
	return o, nil
}

// choirs reads every choir with its members, their latest sign-in and its
// latest event, in one query. Events are stored as UTC RFC 3339 text; a
// series counts while its span reaches into the window.
func (s *Service) choirs(ctx context.Context, now, since time.Time) ([]Choir, error) {
	nowText, sinceText := now.Format(time.RFC3339), since.Format(time.RFC3339)
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.name, c.created_at, c.storage_used_bytes,
			COALESCE(m.members, 0), COALESCE(m.recent, 0), m.last_sign_in, e.last_event
		FROM choirs c
		LEFT JOIN (SELECT ucm.choir_id, COUNT(*) AS members,
				SUM(CASE WHEN u.last_sign_in_at >= ? THEN 1 ELSE 0 END) AS recent,
				MAX(u.last_sign_in_at) AS last_sign_in
			FROM user_choir_membership ucm JOIN users u ON u.id = ucm.user_id
			WHERE ucm.is_active = TRUE AND ucm.status = 'active'
			GROUP BY ucm.choir_id) m ON m.choir_id = c.id
		LEFT JOIN (SELECT choir_id, MAX(start_at) AS last_event FROM events
			WHERE start_at < ? AND last_end_at >= ?
			GROUP BY choir_id) e ON e.choir_id = c.id
		ORDER BY c.created_at DESC, c.id`, since, nowText, sinceText)
	if err != nil {
		return nil, fmt.Errorf("overview: read the choirs: %w", err)
	}
	out, err := db.All(rows, func(sc db.Scanner) (Choir, error) {
		var c Choir
		var recent int
		var lastSignIn, lastEvent any
		if err := sc.Scan(&c.ID, &c.Name, &c.CreatedAt, &c.StorageBytes, &c.Members, &recent, &lastSignIn, &lastEvent); err != nil {
			return c, err
		}
		var err error
		if c.LastSignInAt, err = instant(lastSignIn); err != nil {
			return c, err
		}
		if c.LastEventAt, err = instant(lastEvent); err != nil {
			return c, err
		}
		c.Active = recent > 0 || c.LastEventAt != nil
		return c, nil
	})
	if err != nil {
		return nil, fmt.Errorf("overview: read the choirs: %w", err)
	}
	return out, nil
}

// mail counts the outbox of the last 30 days per choir, in one query, and
// adds the counts to o's choirs.
func (s *Service) mail(ctx context.Context, o *Overview, since time.Time) error {
	rows, err := s.db.QueryContext(ctx, `SELECT choir_id,
			COALESCE(SUM(CASE WHEN sent_at IS NOT NULL THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN failed_at IS NOT NULL THEN 1 ELSE 0 END), 0)
		FROM mail_outbox WHERE created_at >= ? GROUP BY choir_id`, since)
	if err != nil {
		return fmt.Errorf("overview: count the mail: %w", err)
	}
	index := make(map[string]int, len(o.Choirs))
	for i, c := range o.Choirs {
		index[c.ID] = i
	}
	err = db.Each(rows, func(sc db.Scanner) error {
		var choirID sql.NullString
		var sent, failed int
		if err := sc.Scan(&choirID, &sent, &failed); err != nil {
			return err
		}
		if i, ok := index[choirID.String]; ok && choirID.Valid {
			o.Choirs[i].MailSent, o.Choirs[i].MailFailed = sent, failed
		} else {
			o.OtherMailSent += sent
			o.OtherMailFailed += failed
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("overview: count the mail: %w", err)
	}
	return nil
}

// signIns reads the sign-ins of the last Days UTC days, today included,
// with the days nobody signed in as zeros.
func (s *Service) signIns(ctx context.Context, now time.Time) ([]Day, error) {
	first := now.AddDate(0, 0, -(Days - 1)).Format(time.DateOnly)
	rows, err := s.db.QueryContext(ctx, `SELECT day, sign_ins FROM sign_in_days WHERE day >= ?`, first)
	if err != nil {
		return nil, fmt.Errorf("overview: count the sign-ins: %w", err)
	}
	counted := map[string]int{}
	err = db.Each(rows, func(sc db.Scanner) error {
		var day string
		var n int
		err := sc.Scan(&day, &n)
		counted[day] = n
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("overview: count the sign-ins: %w", err)
	}
	out := make([]Day, Days)
	for i := range out {
		day := now.AddDate(0, 0, i-(Days-1)).Format(time.DateOnly)
		out[i] = Day{Date: day, SignIns: counted[day]}
	}
	return out, nil
}

// calendarTypes lists the catalogue with how many choirs follow each type.
func (s *Service) calendarTypes(ctx context.Context) ([]CalendarType, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT t.key, t.name, t.is_published, COALESCE(c.choirs, 0)
		FROM calendar_types t
		LEFT JOIN (SELECT calendar_type, COUNT(*) AS choirs FROM choirs GROUP BY calendar_type) c ON c.calendar_type = t.key
		ORDER BY t.sort_order, t.key`)
	if err != nil {
		return nil, fmt.Errorf("overview: list the calendar types: %w", err)
	}
	out, err := db.All(rows, func(sc db.Scanner) (CalendarType, error) {
		var t CalendarType
		err := sc.Scan(&t.Key, &t.Name, &t.Uploaded, &t.Choirs)
		return t, err
	})
	if err != nil {
		return nil, fmt.Errorf("overview: list the calendar types: %w", err)
	}
	return out, nil
}

// instant reads an aggregated instant: PostgreSQL gives a time, SQLite the
// stored text (an aggregate loses the column's type), either TIMESTAMP's
// text or an event's RFC 3339.
func instant(v any) (*time.Time, error) {
	switch v := v.(type) {
	case nil:
		return nil, nil
	case time.Time:
		t := v.UTC()
		return &t, nil
	case []byte:
		return instant(string(v))
	case string:
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999 -0700 MST"} {
			if t, err := time.Parse(layout, v); err == nil {
				t = t.UTC()
				return &t, nil
			}
		}
		return nil, fmt.Errorf("overview: read the instant %q", v)
	default:
		return nil, fmt.Errorf("overview: read an instant of type %T", v)
	}
}
