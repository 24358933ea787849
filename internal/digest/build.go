package digest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choirmail"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/mail"
)

// built is a member's digest ready to send: the message's data and the
// links it carries, to store with it.
type built struct {
	to     string
	data   mail.DigestData
	links  []actionlink.Pending
	wanted bool // the member's switches let this digest go
	// news counts what is new: awaiting an answer, coming, announced.
	news int
}

func (b *built) empty() bool { return b.news == 0 }

// membership is one of the member's choirs.
type membership struct {
	choirID, name, tz string
	wanted            bool // email, digest switch of the choir, choir's digest on
}

// build reads and writes a member's digest at now. With only set it covers
// that choir alone (previews and tests), else every choir whose digest the
// member wants; unsubscribeChoir names the choir whose unsubscribe link it
// carries. strict (the weekly run) answers nil when the member wants no
// digest at all; otherwise a member of no such choir is 404. A constant
// number of statements per member and choir, whatever the events,
// pieces and history: the member, the choirs' calendars (shared by the
// members of one run), their answers, their practice, their last digest.
func (s *Service) build(ctx context.Context, userID, only, unsubscribeChoir string, now time.Time, strict bool) (*built, error) {
	query := `SELECT u.email, p.first_name, p.email_digest_enabled, c.id, c.name, c.time_zone,
		(m.email_enabled = TRUE AND m.digest_emails = TRUE AND c.digest_enabled = TRUE)
		FROM users u JOIN user_profile p ON p.id = u.id
		JOIN user_choir_membership m ON m.user_id = u.id AND m.is_active = TRUE AND m.status = 'active'
		JOIN choirs c ON c.id = m.choir_id WHERE u.id = ?`
	qargs := []any{userID}
	if only != "" {
		query += ` AND c.id = ?`
		qargs = append(qargs, only)
	}
	rows, err := s.db.QueryContext(ctx, query+` ORDER BY c.name, c.id`, qargs...)
	if err != nil {
		return nil, fmt.Errorf("digest: read the choirs of %s: %w", userID, err)
	}
	b := &built{}
	var firstName string
	var profileOn bool
	all, err := db.All(rows, func(row db.Scanner) (membership, error) {
		var m membership
		return m, row.Scan(&b.to, &firstName, &profileOn, &m.choirID, &m.name, &m.tz, &m.wanted)
	})
	if err != nil {
		return nil, fmt.Errorf("digest: read the choirs of %s: %w", userID, err)
	}
	var choirs []membership
	for _, m := range all {
		if !strict || (profileOn && m.wanted) {
			choirs = append(choirs, m)
		}
	}
	if len(choirs) == 0 {
		if strict {
			return nil, nil
		}
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgMemberNotFound)
	}
	b.wanted = profileOn && choirs[0].wanted
	if !slices.ContainsFunc(choirs, func(m membership) bool { return m.choirID == unsubscribeChoir }) {
		unsubscribeChoir = choirs[0].choirID
	}

	views := make([]*choirView, 0, len(choirs))
	choirIDs := make([]string, 0, len(choirs))
	for _, m := range choirs {
		v, err := s.view(ctx, m, now, strict)
		if err != nil {
			return nil, err
		}
		views = append(views, v)
		choirIDs = append(choirIDs, m.choirID)
	}
	ids := db.Strings(choirIDs)
	answers, err := s.answers(ctx, userID, ids, views)
	if err != nil {
		return nil, err
	}
	practice, err := s.practice(ctx, userID, ids, choirs[0].tz, now)
	if err != nil {
		return nil, err
	}
	var since time.Time
	// The last digest sent (ordered, not MAX: SQLite's MAX loses the type).
	err = s.db.QueryRowContext(ctx, `SELECT done_at FROM digest_deliveries WHERE user_id = ? AND outcome = 'sent'
		ORDER BY done_at DESC LIMIT 1`, userID).Scan(&since)
	if errors.Is(err, sql.ErrNoRows) {
		since, err = now.AddDate(0, 0, -7), nil
	}
	if err != nil {
		return nil, fmt.Errorf("digest: read the last digest of %s: %w", userID, err)
	}
	news, err := s.announcements(ctx, userID, choirIDs, since, now)
	if err != nil {
		return nil, err
	}

	d := &b.data
	d.FirstName = firstName
	names := make([]string, len(choirs))
	for i, m := range choirs {
		names[i] = m.name
		if m.choirID == unsubscribeChoir {
			d.ChoirName = m.name
		}
	}
	d.Choirs = joinNames(names)
	d.Settings = s.cfg.PublicURL("/account/notifications")
	unsubscribe := actionlink.Prepare(userID, unsubscribeChoir, actionlink.Unsubscribe, unsubscribeChoir)
	b.links = append(b.links, unsubscribe)
	d.Unsubscribe = s.cfg.PublicURL("/email/unsubscribe/" + unsubscribe.Secret)

	var items []viewItem
	for _, v := range views {
		items = append(items, v.items...)
	}
	slices.SortStableFunc(items, func(a, b viewItem) int { return a.start.Compare(b.start) })
	for _, it := range items {
		if !it.end.After(now) {
			continue
		}
		ev := mail.DigestEvent{Choir: it.choir, Title: it.title, When: it.when, Zone: it.zone, Location: it.location}
		answer, answered := answers[attendanceKey{it.eventID, it.date}]
		if answered {
			ev.Answer = answerLabel(answer)
		} else if it.start.After(now) {
			rsvp := actionlink.Prepare(userID, it.choirID, actionlink.RSVP, it.key)
			b.links = append(b.links, rsvp)
			base := s.cfg.PublicURL("/email/rsvp/" + rsvp.Secret)
			d.Unanswered = append(d.Unanswered, mail.DigestEvent{Choir: it.choir, Title: it.title, When: it.when, Zone: it.zone,
				Location: it.location, Going: base + "/going", Maybe: base + "/maybe", NotGoing: base + "/not_going"})
			ev.Answer = "Not answered yet"
		}
		d.Upcoming = append(d.Upcoming, ev)
	}
	b.news = len(d.Upcoming)

	for _, a := range news {
		d.Announcements = append(d.Announcements, mail.DigestAnnouncement{Choir: nameOf(choirs, a.ChoirID), Title: a.Title,
			Summary: a.Summary, Link: a.Link})
	}
	b.news += len(d.Announcements)

	// The next service of any of the member's choirs that has a plan.
	var next *serviceView
	for _, v := range views {
		if sv := v.service; sv != nil && sv.end.After(now) && (next == nil || sv.start.Before(next.start)) {
			next = sv
		}
	}
	if next != nil {
		svc := &mail.DigestService{Choir: next.choir, Title: next.title, When: next.when, Zone: next.zone,
			PlanTitle: strings.TrimSpace(next.plan.Title), PlanNotes: strings.TrimSpace(next.plan.Notes)}
		secrets := map[string]string{}
		for _, pc := range next.plan.Pieces {
			item := mail.PlanPiece{Number: len(svc.Plan) + 1, Label: strings.TrimSpace(pc.Label), Title: strings.TrimSpace(pc.Title),
				Composer: strings.TrimSpace(pc.Composer), Note: strings.TrimSpace(pc.Note)}
			if pc.Practisable {
				if _, ok := secrets[pc.MusicID]; !ok {
					link := actionlink.Prepare(userID, next.choirID, actionlink.Practice, pc.MusicID)
					b.links = append(b.links, link)
					secrets[pc.MusicID] = link.Secret
				}
				item.Practise = s.cfg.PublicURL("/email/practice/" + secrets[pc.MusicID])
			}
			svc.Plan = append(svc.Plan, item)
		}
		d.Service = svc
	}

	var total float64
	for _, p := range practice {
		total += p.seconds
		d.Practice = append(d.Practice, mail.DigestPractice{Choir: nameOf(choirs, p.choirID), Title: p.title, Time: Duration(p.seconds)})
	}
	if total > 0 {
		d.PracticeTotal = Duration(total)
	}
	return b, nil
}

// Duration words practice time: "45 min", "1 h 20 min", "under a minute".
func Duration(seconds float64) string {
	m := int(seconds / 60)
	switch {
	case m < 1:
		return "under a minute"
	case m < 60:
		return fmt.Sprintf("%d min", m)
	case m%60 == 0:
		return fmt.Sprintf("%d h", m/60)
	}
	return fmt.Sprintf("%d h %d min", m/60, m%60)
}

func answerLabel(status string) string {
	switch status {
	case "going":
		return "Going"
	case "maybe":
		return "Maybe"
	case "not_going":
		return "Not going"
	}
	return status
}

// joinNames lists names as people write them: "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func nameOf(choirs []membership, id string) string {
	if id == "" {
		return "Cantica" // an announcement of the platform's, to every choir
	}
	for _, m := range choirs {
		if m.choirID == id {
			return m.name
		}
	}
	return ""
}

type attendanceKey struct{ eventID, date string }

// answers are the member's answers to the events of the views, by event
// and occurrence date: one statement.
func (s *Service) answers(ctx context.Context, userID string, choirIDs []any, views []*choirView) (map[attendanceKey]string, error) {
	var events []any
	for _, v := range views {
		for _, it := range v.items {
			if !slices.Contains(events, any(it.eventID)) {
				events = append(events, it.eventID)
			}
		}
	}
	out := map[attendanceKey]string{}
	if len(events) == 0 {
		return out, nil
	}
	qargs := append(append([]any{userID}, choirIDs...), events...)
	rows, err := s.db.QueryContext(ctx, `SELECT event_id, occurrence_date, status FROM member_attendance
		WHERE user_id = ? AND choir_id IN (`+db.Placeholders(len(choirIDs))+`) AND event_id IN (`+db.Placeholders(len(events))+`)
		AND status IS NOT NULL`, qargs...)
	if err != nil {
		return nil, fmt.Errorf("digest: read the answers of %s: %w", userID, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var k attendanceKey
		var status string
		if err := row.Scan(&k.eventID, &k.date, &status); err != nil {
			return err
		}
		out[k] = status
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("digest: read the answers of %s: %w", userID, err)
	}
	return out, nil
}

type practised struct {
	choirID, title string
	seconds        float64
}

// practice is what the member practised in the seven days before today
// (in their first choir's zone), most practised first: one statement.
func (s *Service) practice(ctx context.Context, userID string, choirIDs []any, tz string, now time.Time) ([]practised, error) {
	today := localDate(tz, now)
	qargs := append(append([]any{userID}, choirIDs...), today.AddDays(-7).String(), today.String())
	rows, err := s.db.QueryContext(ctx, `SELECT s.choir_id, m.title, SUM(s.played_seconds) FROM practice_sessions s
		JOIN music m ON m.id = s.music_id AND m.choir_id = s.choir_id
		WHERE s.user_id = ? AND s.choir_id IN (`+db.Placeholders(len(choirIDs))+`) AND s.day >= ? AND s.day < ?
		GROUP BY s.choir_id, m.id, m.title ORDER BY SUM(s.played_seconds) DESC, m.title LIMIT `+fmt.Sprint(maxPractice), qargs...)
	if err != nil {
		return nil, fmt.Errorf("digest: read the practice of %s: %w", userID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (practised, error) {
		var p practised
		return p, row.Scan(&p.choirID, &p.title, &p.seconds)
	})
	if err != nil {
		return nil, fmt.Errorf("digest: read the practice of %s: %w", userID, err)
	}
	return out, nil
}

// choirView is what a choir's digests share: its published events of the
// next 14 days and its next service with a plan.
type choirView struct {
	version int64
	read    time.Time
	day     string
	items   []viewItem
	service *serviceView
}

type viewItem struct {
	choirID, choir              string
	key, eventID, date          string // the occurrence key; attendance is kept by event id and date
	title, when, zone, location string
	typ                         string
	start, end                  time.Time
}

type serviceView struct {
	viewItem
	plan *choirmail.Plan
}

// view reads a choir's view at now, or, when cached (the weekly run), the
// view read for another member less than a minute ago while the choir's
// calendar has not changed since.
func (s *Service) view(ctx context.Context, m membership, now time.Time, cached bool) (*choirView, error) {
	from := localDate(m.tz, now)
	to := from.AddDays(Days)
	h, _, err := s.events.Header(ctx, m.choirID, "", false, from, to)
	if err != nil {
		return nil, err
	}
	if h == nil {
		return &choirView{}, nil
	}
	if cached {
		s.mu.Lock()
		v := s.views[m.choirID]
		s.mu.Unlock()
		if v != nil && v.version == h.Version && v.day == from.String() && now.Sub(v.read) < viewTTL && !now.Before(v.read) {
			return v, nil
		}
	}
	l, err := s.events.List(ctx, h, calendar.Range{From: from, To: to})
	if err != nil {
		return nil, err
	}
	v := &choirView{version: h.Version, read: now, day: from.String()}
	horizon := now.Add(Days * 24 * time.Hour)
	place := choirmail.ZonePlace(m.tz)
	for _, it := range l.Items {
		ev := it.Event
		if ev.Status != calendar.StatusPublished || (it.Series != nil && it.Series.Status != calendar.StatusPublished) {
			continue
		}
		if !it.End.After(now) || !it.Start.Before(horizon) {
			continue
		}
		vi := viewItem{choirID: m.choirID, choir: m.name, key: it.ID, eventID: ev.ID, title: strings.TrimSpace(ev.Title),
			location: strings.TrimSpace(ev.Location), typ: ev.Type, start: it.Start, end: it.End}
		if it.Series != nil {
			vi.eventID, vi.date = it.Series.ID, it.Date.String()
		}
		vi.when = choirmail.When(&calendar.Occurrence{Shown: ev, Start: it.Start, End: it.End}, m.tz)
		if !ev.AllDay {
			vi.zone = place
		}
		v.items = append(v.items, vi)
	}
	for _, it := range v.items {
		if it.typ != "service" || !it.start.After(now) {
			continue
		}
		plan, err := s.plans(ctx, m.choirID, it.key)
		if err != nil {
			return nil, err
		}
		if plan != nil && len(plan.Pieces) > 0 {
			v.service = &serviceView{viewItem: it, plan: plan}
			break
		}
	}
	if cached {
		s.mu.Lock()
		s.views[m.choirID] = v
		s.mu.Unlock()
	}
	return v, nil
}
