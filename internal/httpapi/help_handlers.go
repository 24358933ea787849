package httpapi

import (
	"context"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/help"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// MsgGuideNotFound answers a guide id that names no guide.
const MsgGuideNotFound = "There is no such guide in the help center."

// ListHelpGuides lists the help center's guides, open to everyone: the
// reader's role only decides which guides come first.
func (s *Server) ListHelpGuides(ctx context.Context, in api.ListHelpGuidesRequestObject) (api.ListHelpGuidesResponseObject, error) {
	var q string
	if in.Params.Q != nil {
		q = *in.Params.Q
	}
	if utf8.RuneCountInString(q) > help.MaxQuery {
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, fmt.Sprintf("Search for at most %d characters.", help.MaxQuery))
	}
	reader, err := s.helpReader(ctx)
	if err != nil {
		return nil, err
	}
	guides, err := help.Search(q, reader)
	if err != nil {
		return nil, err
	}
	out := api.HelpGuideList{Guides: make([]api.HelpGuideSummary, 0, len(guides))}
	for _, g := range guides {
		out.Guides = append(out.Guides, guideSummaryOut(g))
	}
	return api.ListHelpGuides200JSONResponse(out), nil
}

// GetHelpGuide answers one guide, open to everyone.
func (s *Server) GetHelpGuide(ctx context.Context, in api.GetHelpGuideRequestObject) (api.GetHelpGuideResponseObject, error) {
	g, err := help.Get(in.GuideId)
	if errors.Is(err, help.ErrNotFound) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgGuideNotFound)
	} else if err != nil {
		return nil, err
	}
	sum := guideSummaryOut(g)
	return api.GetHelpGuide200JSONResponse{Id: sum.Id, Title: sum.Title, Summary: sum.Summary, Audience: sum.Audience,
		Path: sum.Path, Permission: sum.Permission, Html: g.HTML}, nil
}

// helpReader names the audiences of the signed-in reader (none when signed
// out): a global admin's, else their role in the choir they last worked in.
func (s *Server) helpReader(ctx context.Context) ([]string, error) {
	u := requestFrom(ctx).user
	switch {
	case u == nil:
		return nil, nil
	case u.IsGlobalAdmin:
		return help.AudiencesOf(access.GlobalAdmin), nil
	case u.LastAccessedChoir == nil:
		return nil, nil
	}
	st, err := s.choirs.Standing(ctx, u.ID, false, *u.LastAccessedChoir)
	if err != nil {
		return nil, fmt.Errorf("httpapi: read the help reader's role: %w", err)
	}
	return help.AudiencesOf(st.Effective()), nil
}

func guideSummaryOut(g help.Guide) api.HelpGuideSummary {
	out := api.HelpGuideSummary{Id: g.ID, Title: g.Title, Summary: g.Summary, Path: g.Path,
		Audience: make([]api.HelpAudience, 0, len(g.For))}
	for _, a := range g.For {
		out.Audience = append(out.Audience, api.HelpAudience(a))
	}
	if g.Permission != "" {
		p := g.Permission
		out.Permission = &p
	}
	return out
}
