package httpapi

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/music"
)

// Email links (issue 17; calendar document §2, §4, §6–§9). A link's secret
// is the whole authority of these operations. Mail scanners and link
// previews open every link, so reading one (GET, HEAD) changes nothing at
// all, not even a rate-limit counter: only the POST a person's click sends
// acts, and only it counts against the limits.

// Rate limits of the links: per link and per client address, across all
// links, on the requests that act.
const (
	linkWindow    = 10 * time.Minute
	linkPerToken  = 30
	linkPerClient = 300
)

// linkRight is what the member a link speaks for must still hold in the
// link's choir for it to act: a link of someone who has left the choir
// acts for nobody.
var linkRight = map[actionlink.Type]access.Permission{
	actionlink.RSVP:        access.ViewCalendar,
	actionlink.Event:       access.ViewCalendar,
	actionlink.Practice:    access.ViewMusic,
	actionlink.Unsubscribe: access.ViewDashboard, // any membership
}

// limitLink applies the links' rate limits to a request: one that acts is
// counted, one that reads is only refused once the limits are used up.
func (s *Server) limitLink(ctx context.Context, r *http.Request, secret string, acting bool) error {
	type limit struct {
		key string
		max int
	}
	limits := []limit{{"link:ip:" + s.client(r).IP, linkPerClient}}
	if actionlink.WellFormed(secret) {
		// The hash: the secret itself is never stored.
		limits = append(limits, limit{"link:token:" + actionlink.Hash(secret), linkPerToken})
	}
	for _, l := range limits {
		var over bool
		var wait time.Duration
		var err error
		if acting {
			var ok bool
			ok, wait, err = s.auth.Allow(ctx, l.key, l.max, linkWindow)
			over = !ok
		} else {
			over, wait, err = s.auth.Over(ctx, l.key, l.max, linkWindow)
		}
		if err != nil {
			return err
		}
		if over {
			return apperr.Limited(apperr.Securityf(wait), wait)
		}
	}
	return nil
}

// link reads the valid link of type t a request names, after the rate
// limits, and checks that its member still belongs to its choir.
func (s *Server) link(ctx context.Context, r *http.Request, secret string, t actionlink.Type, acting bool) (*actionlink.Token, error) {
	if err := s.limitLink(ctx, r, secret, acting); err != nil {
		return nil, err
	}
	tok, err := s.links.Find(ctx, secret, t)
	if err != nil {
		return nil, actionlink.Refusal(t, err)
	}
	// The member's own standing, not a global administrator's flag: the
	// link speaks for the membership.
	st, err := s.choirs.Standing(ctx, tok.UserID, false, tok.ChoirID)
	if err != nil {
		return nil, err
	}
	if !st.Allows(linkRight[t]) {
		return nil, actionlink.Invalid(t)
	}
	return tok, nil
}

// linkOccurrence is the published event or occurrence an RSVP or event
// link names, with its choir; one that is gone or a draft is 'Event not
// found'. A series split moves links to the occurrences' new keys while
// they are read: an occurrence not found is looked for again if the link,
// read again, names another one now.
func (s *Server) linkOccurrence(ctx context.Context, secret string, tok *actionlink.Token) (*calendar.Occurrence, *choir.Choir, error) {
	c, err := s.choirs.Get(ctx, tok.ChoirID)
	if err != nil {
		return nil, nil, err
	}
	for range 3 {
		o, err := s.calendar.Occurrence(ctx, tok.ChoirID, tok.ResourceID, false)
		if e, ok := apperr.As(err); ok && e.Kind == apperr.NotFound {
			again, findErr := s.links.Find(ctx, secret, tok.Type)
			if findErr == nil && again.ResourceID != tok.ResourceID {
				tok = again
				continue
			}
			return nil, nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, actionlink.MsgEventNotFound)
		}
		if err != nil {
			return nil, nil, err
		}
		return o, c, nil
	}
	return nil, nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, actionlink.MsgEventNotFound)
}

func linkAnswer(status string) *api.RsvpStatus {
	if status == "" {
		return nil
	}
	a := api.RsvpStatus(status)
	return &a
}

// linkEventView is what an RSVP or event link shows: the event and the
// member's answer.
func (s *Server) linkEventView(ctx context.Context, r *http.Request, secret string, t actionlink.Type) (api.EventLink, error) {
	tok, err := s.link(ctx, r, secret, t, false)
	if err != nil {
		return api.EventLink{}, err
	}
	o, c, err := s.linkOccurrence(ctx, secret, tok)
	if err != nil {
		return api.EventLink{}, err
	}
	answer, err := s.attendance.MyAnswer(ctx, tok.UserID, o)
	if err != nil {
		return api.EventLink{}, err
	}
	plan, err := s.eventPlan(ctx, c.ID, o.Key)
	if err != nil {
		return api.EventLink{}, err
	}
	return api.EventLink{ChoirId: c.ID, ChoirName: c.Name, Event: linkEvent(o, c.TimeZone), Answer: linkAnswer(answer),
		Answerable: s.attendance.Answerable(o), Plan: linkPlan(plan)}, nil
}

// GetRsvpLink shows the event of an RSVP link and the member's answer.
func (s *Server) GetRsvpLink(ctx context.Context, in api.GetRsvpLinkRequestObject) (api.GetRsvpLinkResponseObject, error) {
	v, err := s.linkEventView(ctx, requestFrom(ctx).r, in.LinkToken, actionlink.RSVP)
	if err != nil {
		return nil, err
	}
	return api.GetRsvpLink200JSONResponse(v), nil
}

// AnswerRsvpLink records the answer a member clicked; RSVP links are not
// used up, so each answer overwrites the last until the event starts.
func (s *Server) AnswerRsvpLink(ctx context.Context, in api.AnswerRsvpLinkRequestObject) (api.AnswerRsvpLinkResponseObject, error) {
	tok, err := s.link(ctx, requestFrom(ctx).r, in.LinkToken, actionlink.RSVP, true)
	if err != nil {
		return nil, err
	}
	o, c, err := s.linkOccurrence(ctx, in.LinkToken, tok)
	if err != nil {
		return nil, err
	}
	status := in.Body.Status
	var previous string
	// A series split meanwhile moved the link to the occurrence's new key.
	o, err = writeFor(o, func() (*calendar.Occurrence, error) {
		again, err := s.links.Find(ctx, in.LinkToken, actionlink.RSVP)
		if err != nil {
			return nil, actionlink.Refusal(actionlink.RSVP, err)
		}
		o, _, err := s.linkOccurrence(ctx, in.LinkToken, again)
		return o, err
	}, func(o *calendar.Occurrence) (err error) {
		previous, err = s.attendance.Answer(ctx, tok.ChoirID, tok.UserID, o, status)
		return err
	})
	if err != nil {
		return nil, err
	}
	return api.AnswerRsvpLink200JSONResponse{Status: api.RsvpStatus(status), Changed: previous != "" && previous != status,
		Event: linkEvent(o, c.TimeZone)}, nil
}

// GetEventLink shows the event of an event link and the member's answer.
func (s *Server) GetEventLink(ctx context.Context, in api.GetEventLinkRequestObject) (api.GetEventLinkResponseObject, error) {
	v, err := s.linkEventView(ctx, requestFrom(ctx).r, in.LinkToken, actionlink.Event)
	if err != nil {
		return nil, err
	}
	return api.GetEventLink200JSONResponse(v), nil
}

// DownloadEventLinkIcs is the event of an event link for the member's own
// calendar app.
func (s *Server) DownloadEventLinkIcs(ctx context.Context, in api.DownloadEventLinkIcsRequestObject) (api.DownloadEventLinkIcsResponseObject, error) {
	req := requestFrom(ctx)
	tok, err := s.link(ctx, req.r, in.LinkToken, actionlink.Event, false)
	if err != nil {
		return nil, err
	}
	o, _, err := s.linkOccurrence(ctx, in.LinkToken, tok)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := s.calendar.WriteOccurrence(&buf, o); err != nil {
		return nil, err
	}
	req.w.Header().Set("Content-Disposition", `attachment; filename="event.ics"`)
	req.w.Header().Set("Referrer-Policy", "no-referrer")
	return api.DownloadEventLinkIcs200TextcalendarResponse{Body: &buf, ContentLength: int64(buf.Len())}, nil
}

// practiceLinkMusic is a piece as the practice link page shows it (§2,
// §3 Practice piece).
func practiceLinkMusic(p *music.Piece) api.PracticeLinkMusic {
	out := api.PracticeLinkMusic{Id: p.ID, Title: p.Title, Composer: p.Composer, Arranger: p.Arranger, LibraryNumber: p.Number,
		RehearsalDifficulty: p.RehearsalWeighting, EstimatedDurationMinutes: p.DurationMinutes}
	if out.Composer == "" && p.ComposerRecord != nil {
		out.Composer = p.ComposerRecord.Name
	}
	for _, a := range p.Attachments {
		switch a.Type {
		case music.TypeScore:
			out.HasSheetMusic = true
		case music.TypeAudioFull, music.TypeAudioPart:
			out.HasAudio = true
		}
	}
	return out
}

// GetPracticeLink shows the piece a practice link opens. An archived piece
// can still be practised; only a deleted one is not found.
func (s *Server) GetPracticeLink(ctx context.Context, in api.GetPracticeLinkRequestObject) (api.GetPracticeLinkResponseObject, error) {
	tok, err := s.link(ctx, requestFrom(ctx).r, in.LinkToken, actionlink.Practice, false)
	if err != nil {
		return nil, err
	}
	c, err := s.choirs.Get(ctx, tok.ChoirID)
	if err != nil {
		return nil, err
	}
	p, err := s.music.Get(ctx, tok.ChoirID, tok.ResourceID)
	if err != nil {
		return nil, err
	}
	return api.GetPracticeLink200JSONResponse{ChoirId: c.ID, ChoirName: c.Name, Music: practiceLinkMusic(p)}, nil
}

// OpenPracticeLink uses a practice link, exactly once, for a signed-in
// member of its choir who may see its music, and makes that choir the one
// they work in, so that the studio opens there. Refused, the link stays
// unused.
func (s *Server) OpenPracticeLink(ctx context.Context, in api.OpenPracticeLinkRequestObject) (api.OpenPracticeLinkResponseObject, error) {
	req := requestFrom(ctx)
	tok, err := s.link(ctx, req.r, in.LinkToken, actionlink.Practice, true)
	if err != nil {
		return nil, err
	}
	// An active member of the choir (a global administrator's flag does
	// not stand in for one): the studio opens in that choir.
	st, err := s.choirs.Standing(ctx, req.user.ID, false, tok.ChoirID)
	if err != nil {
		return nil, err
	}
	// Not 404 as for other choirs' objects: the link named the choir, so
	// its existence is no secret to whoever holds it.
	if !st.Allows(access.ViewMusic) {
		return nil, apperr.New(apperr.Forbidden, apperr.CodePermission, MsgNoPermission)
	}
	if _, err := s.music.Get(ctx, tok.ChoirID, tok.ResourceID); err != nil {
		return nil, err
	}
	_, err = s.links.UseWith(ctx, in.LinkToken, actionlink.Practice, func(tx *db.Tx, used *actionlink.Token) error {
		return choir.SetLastAccessed(ctx, tx, req.user.ID, &used.ChoirID)
	})
	if err != nil {
		return nil, actionlink.Refusal(actionlink.Practice, err)
	}
	return api.OpenPracticeLink200JSONResponse{ChoirId: tok.ChoirID, MusicId: tok.ResourceID}, nil
}

// maskEmail shows enough of an address for its owner to recognise it and
// little to anyone else: "a•••@example.org".
func maskEmail(email string) string {
	local, domain, ok := strings.Cut(email, "@")
	if !ok || local == "" {
		return "•••"
	}
	first, _ := utf8.DecodeRuneInString(local)
	return string(first) + "•••@" + domain
}

// unsubscribeView is what an unsubscribe link shows.
func (s *Server) unsubscribeView(ctx context.Context, tok *actionlink.Token, e *choir.EmailSetting) (api.UnsubscribeLink, error) {
	u, err := s.auth.UserByID(ctx, tok.UserID)
	if err != nil {
		return api.UnsubscribeLink{}, err
	}
	return api.UnsubscribeLink{ChoirName: e.ChoirName, Email: maskEmail(u.Email), Subscribed: e.Enabled}, nil
}

// GetUnsubscribeLink shows which choir's email an unsubscribe link turns
// off, and whether it still is on.
func (s *Server) GetUnsubscribeLink(ctx context.Context, in api.GetUnsubscribeLinkRequestObject) (api.GetUnsubscribeLinkResponseObject, error) {
	tok, err := s.link(ctx, requestFrom(ctx).r, in.LinkToken, actionlink.Unsubscribe, false)
	if err != nil {
		return nil, err
	}
	e, err := s.choirs.EmailSetting(ctx, tok.UserID, tok.ChoirID)
	if err != nil {
		return nil, err
	}
	v, err := s.unsubscribeView(ctx, tok, e)
	if err != nil {
		return nil, err
	}
	return api.GetUnsubscribeLink200JSONResponse(v), nil
}

// unsubscribe turns off the choir's email to the member of an unsubscribe
// link, in that choir only; again, it changes nothing.
func (s *Server) unsubscribe(ctx context.Context, r *http.Request, secret string) (api.UnsubscribeLink, error) {
	tok, err := s.link(ctx, r, secret, actionlink.Unsubscribe, true)
	if err != nil {
		return api.UnsubscribeLink{}, err
	}
	e, err := s.choirs.SetEmails(ctx, tok.UserID, tok.ChoirID, false)
	if err != nil {
		return api.UnsubscribeLink{}, err
	}
	return s.unsubscribeView(ctx, tok, e)
}

// UnsubscribeLink is the unsubscribe page's confirmation click.
func (s *Server) UnsubscribeLink(ctx context.Context, in api.UnsubscribeLinkRequestObject) (api.UnsubscribeLinkResponseObject, error) {
	v, err := s.unsubscribe(ctx, requestFrom(ctx).r, in.LinkToken)
	if err != nil {
		return nil, err
	}
	return api.UnsubscribeLink200JSONResponse(v), nil
}

// oneClickUnsubscribe answers the RFC 8058 one-click POST that a mail
// provider sends to a bulk message's List-Unsubscribe address: no cookie,
// no page, the link's secret the whole authority; the same as
// unsubscribeLink. The body (List-Unsubscribe=One-Click, or none) says
// nothing the address does not, so it is not read.
func (s *Server) oneClickUnsubscribe(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	v, err := s.unsubscribe(r.Context(), r, r.PathValue("token"))
	if err == nil {
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(oneClickDone(v.ChoirName)))
		return
	}
	e, ok := apperr.As(err)
	switch {
	case ok && e.Kind == apperr.RateLimited:
		w.Header().Set("Retry-After", strconv.Itoa(apperr.Seconds(e.RetryAfter)))
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(e.Message + "\n"))
	case ok && (e.Kind == apperr.Invalid || e.Kind == apperr.NotFound):
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(e.Message + "\n"))
	default:
		s.logger.Error("one-click unsubscribe failed", "err", err)
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte("An unexpected error occurred. Please try again later.\n"))
	}
}

// oneClickDone confirms a one-click unsubscribe and says how to undo it.
func oneClickDone(choirName string) string {
	return "You will no longer receive emails from " + choirName + ". " +
		"To receive them again, sign in to Cantica and turn them back on in your account settings.\n"
}

// ListChoirEmails lists whether each of the caller's choirs may email them.
func (s *Server) ListChoirEmails(ctx context.Context, in api.ListChoirEmailsRequestObject) (api.ListChoirEmailsResponseObject, error) {
	list, err := s.choirs.EmailSettings(ctx, requestFrom(ctx).user.ID)
	if err != nil {
		return nil, err
	}
	out := make(api.ListChoirEmails200JSONResponse, 0, len(list))
	for _, e := range list {
		out = append(out, choirEmailSetting(e))
	}
	return out, nil
}

// SetChoirEmails turns a choir's email to the caller on or off; only a
// choir they are an active member of (another is 404, as everywhere).
func (s *Server) SetChoirEmails(ctx context.Context, in api.SetChoirEmailsRequestObject) (api.SetChoirEmailsResponseObject, error) {
	e, err := s.choirs.SetEmailSwitches(ctx, requestFrom(ctx).user.ID, in.ChoirId, in.Body.Enabled,
		choir.EmailKinds{Digest: in.Body.DigestEmails, Reminders: in.Body.ReminderEmails, Announcements: in.Body.AnnouncementEmails})
	if err != nil {
		return nil, err
	}
	return api.SetChoirEmails200JSONResponse(choirEmailSetting(*e)), nil
}

// choirEmailSetting is a member's mail switches of one choir.
func choirEmailSetting(e choir.EmailSetting) api.ChoirEmailSetting {
	return api.ChoirEmailSetting{ChoirId: e.ChoirID, ChoirName: e.ChoirName, Enabled: e.Enabled, DigestEmails: e.Digest,
		ReminderEmails: e.Reminders, AnnouncementEmails: e.Announcements}
}
