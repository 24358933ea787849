package httpapi

import (
	"context"
	"strings"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/choirmail"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// Email to the choir (issue 17): an administrator (manage:communications)
// sends an event with RSVP buttons, or a piece with a practice link, to
// every member whose email from the choir is on, or to some voice parts.

// EmailEvent emails an event or occurrence to the choir.
func (s *Server) EmailEvent(ctx context.Context, in api.EmailEventRequestObject) (api.EmailEventResponseObject, error) {
	c, by, err := s.choirSender(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	// Drafts are found, so that emailing one says to publish it first.
	occ, err := s.calendar.Occurrence(ctx, in.ChoirId, in.EventId, true)
	if err != nil {
		return nil, err
	}
	plan, err := s.eventPlan(ctx, in.ChoirId, occ.Key)
	if err != nil {
		return nil, err
	}
	n, err := s.choirMail.SendEvent(ctx, c, by, occ, plan, choirMailRequest(in.Body))
	if err != nil {
		return nil, err
	}
	return api.EmailEvent200JSONResponse{Recipients: n, CopyToSender: in.Body != nil && deref(in.Body.CopyToSender)}, nil
}

// EmailPracticeLink emails a practice link for a piece to the choir.
func (s *Server) EmailPracticeLink(ctx context.Context, in api.EmailPracticeLinkRequestObject) (api.EmailPracticeLinkResponseObject, error) {
	c, by, err := s.choirSender(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	p, err := s.music.Get(ctx, in.ChoirId, in.MusicId)
	if err != nil {
		return nil, err
	}
	n, err := s.choirMail.SendPractice(ctx, c, by, choirmail.Piece{ID: p.ID, Title: p.Fields.Title, Composer: p.Fields.Composer, Archived: p.IsArchived},
		choirMailRequest(in.Body))
	if err != nil {
		return nil, err
	}
	return api.EmailPracticeLink200JSONResponse{Recipients: n, CopyToSender: in.Body != nil && deref(in.Body.CopyToSender)}, nil
}

// eventPlan is the music planned for an event or occurrence of a choir,
// with which pieces can be practised; nil when nothing is planned.
func (s *Server) eventPlan(ctx context.Context, choirID, eventKey string) (*choirmail.Plan, error) {
	return choirmail.PlanOf(ctx, s.planning, s.music, choirID, eventKey)
}

// linkPlan is an event's plan as the email-link pages show it.
func linkPlan(p *choirmail.Plan) *api.LinkPlan {
	if p == nil {
		return nil
	}
	out := &api.LinkPlan{Title: p.Title, Notes: p.Notes, Pieces: make([]api.LinkPlanPiece, 0, len(p.Pieces))}
	for _, pc := range p.Pieces {
		out.Pieces = append(out.Pieces, api.LinkPlanPiece{MusicId: pc.MusicID, Label: pc.Label, Title: pc.Title,
			Composer: pc.Composer, Note: pc.Note, Practisable: pc.Practisable})
	}
	return out
}

// choirSender checks that the caller may email the choir and names both.
func (s *Server) choirSender(ctx context.Context, choirID string) (choirmail.Choir, choirmail.Sender, error) {
	if _, err := s.requireChoir(ctx, choirID, access.ManageCommunications); err != nil {
		return choirmail.Choir{}, choirmail.Sender{}, err
	}
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return choirmail.Choir{}, choirmail.Sender{}, err
	}
	u := requestFrom(ctx).user
	return choirmail.Choir{ID: c.ID, Name: c.Name, TimeZone: c.TimeZone},
		choirmail.Sender{ID: u.ID, Name: strings.TrimSpace(u.FirstName + " " + u.LastName)}, nil
}

func choirMailRequest(b *api.ChoirEmailRequest) choirmail.Request {
	var r choirmail.Request
	if b == nil {
		return r
	}
	if b.Note != nil {
		r.Note = *b.Note
	}
	if b.VoicePartIds != nil {
		r.VoicePartIDs = *b.VoicePartIds
	}
	r.CopyToSender = deref(b.CopyToSender)
	return r
}
