// Package choirmail sends what an administrator emails to the whole choir
// or some of its voice parts: an event with RSVP buttons, or a piece with
// a practice link. Each recipient gets their own links (internal/actionlink)
// and a one-click unsubscribe (RFC 8058). It owns the choice of recipients:
// active members whose email from the choir is on (calendar document §6).
package choirmail

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/mail"
	"github.com/cantica/cantica/internal/zone"
)

// Limiter counts events against shared limits (the accounts service's
// database-backed throttle).
type Limiter interface {
	Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error)
}

// Limits.
const (
	// HourlyPerChoir bounds how many emails to the choir (each to all its
	// recipients) one choir sends in an hour.
	HourlyPerChoir = 20
	// NoteMax is the longest note a sender may add, in characters.
	NoteMax = 2000
	// maxVoiceParts bounds the voice parts one request may name.
	maxVoiceParts = 200
)

// Messages.
const (
	MsgNoRecipients = "No members to email."
	MsgNoteTooLong  = "Keep the note under 2,000 characters"
	MsgVoiceParts   = "Choose voice parts of this choir"
	MsgPublishFirst = "Publish the event before emailing it."
	MsgEventStarted = "This event has already started."
	MsgRestorePiece = "Restore the piece before emailing it."
	msgHourlyLimit  = "This choir has sent as many emails as it may this hour. Please try again in %s."
)

// Service sends email to a choir.
type Service struct {
	db     *db.DB
	cfg    config.Config
	mailer *mail.Mailer
	links  *actionlink.Service
	limit  Limiter
	logger *slog.Logger
	now    func() time.Time
}

// New makes the service.
func New(d *db.DB, cfg config.Config, mailer *mail.Mailer, links *actionlink.Service, limit Limiter, logger *slog.Logger, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, cfg: cfg, mailer: mailer, links: links, limit: limit, logger: logger, now: func() time.Time { return now().UTC() }}
}

// Choir is the choir that sends: its name for the message and its zone
// for the event's time.
type Choir struct{ ID, Name, TimeZone string }

// Sender is the administrator who sends.
type Sender struct{ ID, Name string }

// Request is what the sender chose: a note, optionally the voice parts
// whose singers get the message (none: every recipient), and whether they
// want a copy themselves ('Send me a copy'); without one they are left out
// of the recipients.
type Request struct {
	Note         string
	VoicePartIDs []string
	CopyToSender bool
}

// Piece is the piece a practice link is for.
type Piece struct {
	ID, Title, Composer string
	Archived            bool
}

// Recipient is a member who gets the choir's email.
type Recipient struct{ UserID, Email, FirstName string }

// Recipients are the choir's active members (guests included) whose email
// from the choir is on, both in their profile (email_digest_enabled) and
// for this choir (email_enabled), in address order; with voicePartIDs only
// those singing one of them. A voice part that is not the choir's is 400.
func Recipients(ctx context.Context, q db.Querier, choirID string, voicePartIDs []string) ([]Recipient, error) {
	parts := slices.Compact(slices.Sorted(slices.Values(voicePartIDs)))
	query := `SELECT u.id, u.email, p.first_name FROM user_choir_membership m
		JOIN users u ON u.id = m.user_id JOIN user_profile p ON p.id = m.user_id
		WHERE m.choir_id = ? AND m.is_active = TRUE AND m.status = 'active'
		AND p.email_digest_enabled = TRUE AND m.email_enabled = TRUE`
	args := []any{choirID}
	if len(parts) > maxVoiceParts {
		// More than any choir has: refused before it makes a query too long.
		return nil, apperr.Validation(map[string]string{"voicePartIds": MsgVoiceParts}, "voicePartIds")
	}
	if len(parts) > 0 {
		var known int
		in := append([]any{choirID}, db.Strings(parts)...)
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM musical_roles WHERE choir_id = ? AND id IN (`+db.Placeholders(len(parts))+`)`,
			in...).Scan(&known); err != nil {
			return nil, fmt.Errorf("choirmail: check the voice parts of %s: %w", choirID, err)
		}
		if known != len(parts) {
			return nil, apperr.Validation(map[string]string{"voicePartIds": MsgVoiceParts}, "voicePartIds")
		}
		query += ` AND EXISTS (SELECT 1 FROM member_musical_roles r WHERE r.user_id = m.user_id AND r.choir_id = m.choir_id
			AND r.musical_role_id IN (` + db.Placeholders(len(parts)) + `))`
		args = append(args, db.Strings(parts)...)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY u.email`, args...)
	if err != nil {
		return nil, fmt.Errorf("choirmail: choose the recipients in %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Recipient, error) {
		var r Recipient
		err := row.Scan(&r.UserID, &r.Email, &r.FirstName)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("choirmail: read the recipients in %s: %w", choirID, err)
	}
	return out, nil
}

// Plan is the music planned for an emailed event: its notes for singers
// and its pieces in order.
type Plan struct {
	Title, Notes string
	Pieces       []PlanPiece
}

// PlanPiece is one planned piece; Practisable when it has a score or a
// recording, so that a practice link leads somewhere worth going.
type PlanPiece struct {
	MusicID, Label, Title, Composer, Note string
	Practisable                           bool
}

// practisable are the distinct pieces of a plan that get practice links,
// in the plan's order. A plan has at most planning.MaxSlots pieces, which
// bounds the links issued per recipient.
func (p *Plan) practisable() []string {
	var ids []string
	if p == nil {
		return ids
	}
	for _, pc := range p.Pieces {
		if pc.Practisable && !slices.Contains(ids, pc.MusicID) {
			ids = append(ids, pc.MusicID)
		}
	}
	return ids
}

// PracticeFragment is the part of an RSVP or event link after '#' that
// carries the member's practice links ("practice=<musicId>.<secret>,…"),
// so that the pages those links open can offer 'Practise' per piece
// without the server keeping, or an opener minting, a secret: browsers
// never send a fragment to a server.
func PracticeFragment(secrets map[string]string, order []string) string {
	parts := make([]string, 0, len(order))
	for _, id := range order {
		if secret, ok := secrets[id]; ok {
			parts = append(parts, url.QueryEscape(id)+"."+secret)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "practice=" + strings.Join(parts, ",")
}

// SendEvent emails an event or occurrence to the choir: to each recipient
// their own RSVP, event and unsubscribe links and, when the event has a
// plan, the plan with a practice link per practisable piece. All or
// nothing; it returns how many messages were queued.
func (s *Service) SendEvent(ctx context.Context, c Choir, by Sender, occ *calendar.Occurrence, plan *Plan, req Request) (int, error) {
	if occ.Draft {
		return 0, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgPublishFirst)
	}
	if !s.now().Before(occ.Start) {
		return 0, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgEventStarted)
	}
	title, when, where := strings.TrimSpace(occ.Shown.Title), When(occ, c.TimeZone), strings.TrimSpace(occ.Shown.Location)
	zonePlace := ""
	if !occ.Shown.AllDay {
		zonePlace = ZonePlace(c.TimeZone)
	}
	practisable := plan.practisable()
	// The links name the occurrence: held, so that a split meanwhile, which
	// moves links, cannot leave these behind.
	hold := func(ctx context.Context, tx *db.Tx) error { return calendar.Hold(ctx, tx, occ) }
	return s.send(ctx, c, by, req, "event "+occ.Key, hold, func(ctx context.Context, tx *db.Tx, r Recipient, base mail.ChoirMail) (mail.Message, error) {
		rsvp, err := s.links.Issue(ctx, tx, r.UserID, c.ID, actionlink.RSVP, occ.Key)
		if err != nil {
			return mail.Message{}, err
		}
		event, err := s.links.Issue(ctx, tx, r.UserID, c.ID, actionlink.Event, occ.Key)
		if err != nil {
			return mail.Message{}, err
		}
		secrets := make(map[string]string, len(practisable))
		for _, id := range practisable {
			if secrets[id], err = s.links.Issue(ctx, tx, r.UserID, c.ID, actionlink.Practice, id); err != nil {
				return mail.Message{}, err
			}
		}
		fragment := PracticeFragment(secrets, practisable)
		rsvpURL := s.cfg.PublicURL("/email/rsvp/" + rsvp)
		answer := func(status string) string {
			if fragment == "" {
				return rsvpURL + "/" + status
			}
			return rsvpURL + "/" + status + "#" + fragment
		}
		view := s.cfg.PublicURL("/email/event/"+event) + "#rsvp=" + rsvp
		if fragment != "" {
			view += "&" + fragment
		}
		d := mail.EventData{ChoirMail: base, Title: title, When: when, Zone: zonePlace, Location: where,
			Going: answer("going"), Maybe: answer("maybe"), NotGoing: answer("not_going"), View: view}
		if plan != nil {
			d.PlanTitle, d.PlanNotes = strings.TrimSpace(plan.Title), strings.TrimSpace(plan.Notes)
			for _, pc := range plan.Pieces {
				item := mail.PlanPiece{Number: len(d.Plan) + 1, Label: strings.TrimSpace(pc.Label), Title: strings.TrimSpace(pc.Title),
					Composer: strings.TrimSpace(pc.Composer), Note: strings.TrimSpace(pc.Note)}
				if secret, ok := secrets[pc.MusicID]; ok {
					item.Practise = s.cfg.PublicURL("/email/practice/" + secret)
				}
				d.Plan = append(d.Plan, item)
			}
		}
		return mail.EventRSVP(r.Email, d)
	})
}

// ZonePlace names a time zone as people read it, by its place: "New York
// time" for America/New_York; UTC and the Etc zones by their own names.
func ZonePlace(tz string) string {
	tz = strings.TrimSpace(tz)
	switch {
	case tz == "" || tz == "UTC" || tz == "Etc/UTC" || tz == "Etc/GMT":
		return "UTC"
	case strings.HasPrefix(tz, "Etc/"):
		return strings.TrimPrefix(tz, "Etc/")
	}
	place := tz[strings.LastIndex(tz, "/")+1:]
	return strings.ReplaceAll(place, "_", " ") + " time"
}

// SendPractice emails a practice link for a piece to the choir: to each
// recipient their own practice and unsubscribe links. All or nothing; it
// returns how many messages were queued.
func (s *Service) SendPractice(ctx context.Context, c Choir, by Sender, p Piece, req Request) (int, error) {
	if p.Archived {
		return 0, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgRestorePiece)
	}
	title, composer := strings.TrimSpace(p.Title), strings.TrimSpace(p.Composer)
	return s.send(ctx, c, by, req, "piece "+p.ID, nil, func(ctx context.Context, tx *db.Tx, r Recipient, base mail.ChoirMail) (mail.Message, error) {
		practice, err := s.links.Issue(ctx, tx, r.UserID, c.ID, actionlink.Practice, p.ID)
		if err != nil {
			return mail.Message{}, err
		}
		return mail.PracticeLink(r.Email, mail.PracticeData{ChoirMail: base, Title: title, Composer: composer,
			Open: s.cfg.PublicURL("/email/practice/" + practice)})
	})
}

// compose issues one recipient's links and writes their message.
type compose func(ctx context.Context, tx *db.Tx, r Recipient, base mail.ChoirMail) (mail.Message, error)

// send checks the request, counts it against the choir's hourly limit and,
// in one transaction, issues every recipient's links and queues their
// message: an error anywhere leaves no link and no message. hold, if any,
// runs first in the transaction. It answers how many members were emailed,
// the sender's copy not counted.
func (s *Service) send(ctx context.Context, c Choir, by Sender, req Request, what string, hold func(context.Context, *db.Tx) error,
	write compose) (int, error) {
	note := strings.TrimSpace(req.Note)
	if utf8.RuneCountInString(note) > NoteMax {
		return 0, apperr.Validation(map[string]string{"note": MsgNoteTooLong}, "note")
	}
	// Refused before counting, so that a mistake costs no send.
	members, err := s.members(ctx, s.db, c.ID, by, req)
	if err != nil {
		return 0, err
	}
	if err := s.allowSend(ctx, c.ID); err != nil {
		return 0, err
	}
	var recipients []Recipient
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if hold != nil {
			if err := hold(ctx, tx); err != nil {
				return err
			}
		}
		// Read again inside the transaction: the list is what is sent.
		if members, err = s.members(ctx, tx, c.ID, by, req); err != nil {
			return err
		}
		recipients = members
		if req.CopyToSender {
			self, err := sender(ctx, tx, by.ID)
			if err != nil {
				return err
			}
			recipients = append(slices.Clip(members), self)
		}
		for _, r := range recipients {
			unsubscribe, err := s.links.Issue(ctx, tx, r.UserID, c.ID, actionlink.Unsubscribe, c.ID)
			if err != nil {
				return err
			}
			msg, err := write(ctx, tx, r, mail.ChoirMail{FirstName: strings.TrimSpace(r.FirstName), ChoirName: c.Name,
				SenderName: strings.TrimSpace(by.Name), Note: note, Unsubscribe: s.cfg.PublicURL("/email/unsubscribe/" + unsubscribe)})
			if err != nil {
				return fmt.Errorf("choirmail: write the email of %s to %s: %w", what, r.UserID, err)
			}
			msg.ChoirID = c.ID
			if err := s.mailer.Enqueue(ctx, tx, msg); err != nil {
				return fmt.Errorf("choirmail: queue the email of %s to %s: %w", what, r.UserID, err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	s.mailer.Kick()
	s.logger.Info("email sent to the choir", "event", "choir_email_sent", "choir_id", c.ID, "about", what,
		"recipients", len(members), "copy_to_sender", req.CopyToSender, "by", by.ID)
	return len(members), nil
}

// members are the recipients a request names, the sender left out: they
// get the message only as the copy they ask for. None is 400.
func (s *Service) members(ctx context.Context, q db.Querier, choirID string, by Sender, req Request) ([]Recipient, error) {
	all, err := Recipients(ctx, q, choirID, req.VoicePartIDs)
	if err != nil {
		return nil, err
	}
	out := slices.DeleteFunc(all, func(r Recipient) bool { return r.UserID == by.ID })
	if len(out) == 0 {
		return nil, noRecipients()
	}
	return out, nil
}

// sender is the sender as the recipient of their copy, whatever their
// email settings: they asked for it.
func sender(ctx context.Context, q db.Querier, userID string) (Recipient, error) {
	r := Recipient{UserID: userID}
	err := q.QueryRowContext(ctx, `SELECT u.email, p.first_name FROM users u JOIN user_profile p ON p.id = u.id WHERE u.id = ?`,
		userID).Scan(&r.Email, &r.FirstName)
	if err != nil {
		return r, fmt.Errorf("choirmail: read the address of sender %s: %w", userID, err)
	}
	return r, nil
}

func noRecipients() error {
	return apperr.New(apperr.Invalid, apperr.CodeValidation, MsgNoRecipients)
}

// allowSend counts one email to the choir against its hourly limit.
func (s *Service) allowSend(ctx context.Context, choirID string) error {
	ok, wait, err := s.limit.Allow(ctx, "choirmail:choir:"+choirID, HourlyPerChoir, time.Hour)
	if err != nil {
		return err
	}
	if !ok {
		minutes := max(int((wait+time.Minute-1)/time.Minute), 1)
		in := fmt.Sprintf("%d minutes", minutes)
		if minutes == 1 {
			in = "1 minute"
		}
		return apperr.Limited(fmt.Sprintf(msgHourlyLimit, in), wait)
	}
	return nil
}

// When says when an occurrence is, as people read it, in the choir's zone:
// "Thursday 5 March 2026, 19:30–21:30"; all-day events by their dates.
func When(o *calendar.Occurrence, choirZone string) string {
	const day = "Monday 2 January 2006"
	if o.Shown.AllDay {
		// All-day events are dates kept at midnight UTC; the end is the
		// midnight after the last day.
		first, last := o.Start.UTC(), o.End.UTC().Add(-time.Nanosecond)
		if last.Format(time.DateOnly) <= first.Format(time.DateOnly) {
			return first.Format(day) + ", all day"
		}
		return first.Format(day) + " – " + last.Format(day) + ", all day"
	}
	loc, err := zone.Load(choirZone)
	if err != nil {
		loc = time.UTC
	}
	start, end := o.Start.In(loc), o.End.In(loc)
	if start.Format(time.DateOnly) == end.Format(time.DateOnly) {
		return start.Format(day) + ", " + start.Format("15:04") + "–" + end.Format("15:04")
	}
	return start.Format(day) + ", " + start.Format("15:04") + " – " + end.Format(day) + ", " + end.Format("15:04")
}
