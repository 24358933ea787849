package reminders

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/choirmail"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/mail"
)

// balanceArgs are a part-balance job's: the choir and the event.
type balanceArgs struct{ ChoirID, Key string }

// balanced are the event types whose voice parts are watched.
var balanced = map[string]bool{"service": true, "concert": true}

// planBalance enqueues one alert per service or concert of the choir that
// is the choir's alert days ahead of today and has a voice part short of
// the minimum.
func (s *Service) planBalance(ctx context.Context, c *choirRow, today liturgy.Date, now time.Time) (bool, error) {
	var days, minimum sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT balance_alert_days, min_confirmed_per_part FROM choirs WHERE id = ?`, c.ID).Scan(&days, &minimum); err != nil {
		return false, fmt.Errorf("reminders: read the alert setting of choir %s: %w", c.ID, err)
	}
	if !days.Valid || !minimum.Valid || minimum.Int64 <= 0 {
		return false, nil
	}
	day := today.AddDays(int(days.Int64))
	items, err := s.cal.Published(ctx, c.ID, c.TimeZone, day, day)
	if err != nil {
		return false, err
	}
	planned := false
	for _, it := range items {
		o := occOfItem(it)
		if !balanced[o.Event.Type] || o.localDate(c.zone()) != day || !o.Start.After(now) {
			continue
		}
		short, err := s.shortParts(ctx, c.ID, o, int(minimum.Int64))
		if err != nil {
			return planned, err
		}
		if len(short) == 0 {
			continue
		}
		isNew, err := s.queue.Enqueue(ctx, s.db, jobs.Spec{Kind: KindPartBalance, Key: "part-balance:" + o.Key,
			Args: balanceArgs{ChoirID: c.ID, Key: o.Key}, RunAt: now})
		if err != nil {
			return planned, err
		}
		planned = planned || isNew
	}
	return planned, nil
}

// partCount is a voice part's answers for an event.
type partCount struct {
	Name              string
	Going, Unanswered int
}

// ShortLine words a short voice part: "Tenor: 2 going, minimum 3; 2 have
// not answered".
func ShortLine(part string, going, minimum, unanswered int) string {
	line := fmt.Sprintf("%s: %d going, minimum %d", part, going, minimum)
	switch unanswered {
	case 0:
		return line
	case 1:
		return line + "; 1 has not answered"
	}
	return line + fmt.Sprintf("; %d have not answered", unanswered)
}

// shortParts words the choir's voice parts with fewer active members going
// to o than minimum, in the choir's order of parts.
func (s *Service) shortParts(ctx context.Context, choirID string, o occ, minimum int) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT r.name,
		SUM(CASE WHEN a.status = 'going' THEN 1 ELSE 0 END),
		SUM(CASE WHEN m.user_id IS NOT NULL AND a.status IS NULL THEN 1 ELSE 0 END)
		FROM musical_roles r
		LEFT JOIN member_musical_roles mr ON mr.musical_role_id = r.id AND mr.choir_id = r.choir_id
		LEFT JOIN user_choir_membership m ON m.user_id = mr.user_id AND m.choir_id = r.choir_id AND m.is_active = TRUE AND m.status = 'active'
		LEFT JOIN member_attendance a ON a.user_id = m.user_id AND a.choir_id = r.choir_id AND a.event_id = ? AND a.occurrence_date = ?
		WHERE r.choir_id = ? GROUP BY r.id, r.name, r.sort_order ORDER BY r.sort_order, r.name`, o.EventID, o.Date, choirID)
	if err != nil {
		return nil, fmt.Errorf("reminders: count the answers by part for %s: %w", o.Key, err)
	}
	counts, err := db.All(rows, func(row db.Scanner) (partCount, error) {
		var p partCount
		var going, none sql.NullInt64
		err := row.Scan(&p.Name, &going, &none)
		p.Going, p.Unanswered = int(going.Int64), int(none.Int64)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("reminders: count the answers by part for %s: %w", o.Key, err)
	}
	var out []string
	for _, p := range counts {
		if p.Going < minimum {
			out = append(out, ShortLine(p.Name, p.Going, minimum, p.Unanswered))
		}
	}
	return out, nil
}

// runPartBalance alerts the choir's administrators whose email from the
// choir is on, if a part is still short when the job runs.
func (s *Service) runPartBalance(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	var args balanceArgs
	if err := job.Decode(&args); err != nil {
		return nil, err
	}
	cs, err := s.choirs(ctx, s.db, ` WHERE id = ?`, args.ChoirID)
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	c := cs[0]
	found, err := s.cal.Occurrence(ctx, c.ID, args.Key, false)
	if err != nil {
		return nil, nil // deleted or made a draft since: nothing to say
	}
	o := occOfOccurrence(found)
	var minimum sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT min_confirmed_per_part FROM choirs WHERE id = ?`, c.ID).Scan(&minimum); err != nil {
		return nil, fmt.Errorf("reminders: read the minimum of choir %s: %w", c.ID, err)
	}
	if !minimum.Valid || !o.Start.After(s.now()) {
		return nil, nil
	}
	short, err := s.shortParts(ctx, c.ID, o, int(minimum.Int64))
	if err != nil || len(short) == 0 {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT u.email, p.first_name FROM user_choir_membership m
		JOIN users u ON u.id = m.user_id JOIN user_profile p ON p.id = m.user_id
		WHERE m.choir_id = ? AND m.role = 'choir_admin' AND m.is_active = TRUE AND m.status = 'active' AND m.email_enabled = TRUE
		ORDER BY u.email`, c.ID)
	if err != nil {
		return nil, fmt.Errorf("reminders: read the administrators of choir %s: %w", c.ID, err)
	}
	type admin struct{ email, first string }
	admins, err := db.All(rows, func(row db.Scanner) (admin, error) {
		var a admin
		err := row.Scan(&a.email, &a.first)
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("reminders: read the administrators of choir %s: %w", c.ID, err)
	}
	var msgs []mail.Message
	for _, a := range admins {
		d := mail.PartBalanceData{FirstName: strings.TrimSpace(a.first), ChoirName: c.Name, Title: strings.TrimSpace(o.Event.Title),
			When: choirmail.When(o.occurrence(), c.TimeZone), Lines: short,
			Answers: s.cfg.PublicURL("/dashboard/calendar/attendance/" + url.PathEscape(o.Key))}
		if !o.Event.AllDay {
			d.Zone = choirmail.ZonePlace(c.TimeZone)
		}
		msg, err := mail.PartBalance(a.email, d)
		if err != nil {
			return nil, fmt.Errorf("reminders: write the part-balance alert of %s: %w", o.Key, err)
		}
		msg.ChoirID = c.ID
		msgs = append(msgs, msg)
	}
	return func(ctx context.Context, tx *db.Tx) error {
		for _, m := range msgs {
			if err := s.mailer.Enqueue(ctx, tx, m); err != nil {
				return fmt.Errorf("reminders: queue the part-balance alert of %s: %w", o.Key, err)
			}
		}
		return nil
	}, nil
}
