package httpapi

import (
	"bytes"
	"context"
	"fmt"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/composer"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/music"
)

// The music library's catalogue: tags, composers and their matching, and
// the library as CSV.

func tagOut(t music.Tag) api.Tag {
	return api.Tag{Id: t.ID, Name: t.Name, Color: t.Color, MusicCount: t.MusicCount}
}

// ListTags lists the choir's tags by name.
func (s *Server) ListTags(ctx context.Context, in api.ListTagsRequestObject) (api.ListTagsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	tags, err := s.music.Tags(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	out := make(api.ListTags200JSONResponse, len(tags))
	for i, t := range tags {
		out[i] = tagOut(t)
	}
	return out, nil
}

// CreateTag adds a tag.
func (s *Server) CreateTag(ctx context.Context, in api.CreateTagRequestObject) (api.CreateTagResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	t, err := s.music.CreateTag(ctx, in.ChoirId, in.Body.Name, in.Body.Color)
	if err != nil {
		return nil, err
	}
	return api.CreateTag201JSONResponse(tagOut(*t)), nil
}

// UpdateTag renames or recolours a tag.
func (s *Server) UpdateTag(ctx context.Context, in api.UpdateTagRequestObject) (api.UpdateTagResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	t, err := s.music.UpdateTag(ctx, in.ChoirId, in.TagId, in.Body.Name, in.Body.Color)
	if err != nil {
		return nil, err
	}
	return api.UpdateTag200JSONResponse(tagOut(*t)), nil
}

// DeleteTag removes a tag and its links to pieces.
func (s *Server) DeleteTag(ctx context.Context, in api.DeleteTagRequestObject) (api.DeleteTagResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	if err := s.music.DeleteTag(ctx, in.ChoirId, in.TagId); err != nil {
		return nil, err
	}
	return api.DeleteTag204Response{}, nil
}

func composerOut(c music.Composer) api.Composer {
	return api.Composer{Id: c.ID, Name: c.Name, CanonicalName: c.CanonicalName, Aliases: c.Aliases, BirthYear: c.BirthYear,
		DeathYear: c.DeathYear, Nationality: orNil(c.Nationality), Period: orNil(api.ComposerPeriod(c.Period))}
}

func composerIn(b *api.ComposerInput) music.ComposerInput {
	in := music.ComposerInput{Name: b.Name, BirthYear: b.BirthYear, DeathYear: b.DeathYear}
	if b.CanonicalName != nil {
		in.CanonicalName = *b.CanonicalName
	}
	if b.Aliases != nil {
		in.Aliases = *b.Aliases
	}
	if b.Period != nil {
		in.Period = string(*b.Period)
	}
	if b.Nationality != nil {
		in.Nationality = *b.Nationality
	}
	return in
}

// ListComposers lists the choir's composers, or searches them.
func (s *Server) ListComposers(ctx context.Context, in api.ListComposersRequestObject) (api.ListComposersResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	q := ""
	if in.Params.Q != nil {
		q = *in.Params.Q
	}
	list, err := s.music.Composers(ctx, in.ChoirId, q)
	if err != nil {
		return nil, err
	}
	out := make(api.ListComposers200JSONResponse, len(list))
	for i, c := range list {
		out[i] = composerOut(c)
		out[i].MusicCount = ptr(c.MusicCount)
	}
	return out, nil
}

// CreateComposer adds a composer.
func (s *Server) CreateComposer(ctx context.Context, in api.CreateComposerRequestObject) (api.CreateComposerResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	c, err := s.music.CreateComposer(ctx, in.ChoirId, composerIn(in.Body))
	if err != nil {
		return nil, err
	}
	return api.CreateComposer201JSONResponse(composerOut(*c)), nil
}

// UpdateComposer changes a composer.
func (s *Server) UpdateComposer(ctx context.Context, in api.UpdateComposerRequestObject) (api.UpdateComposerResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	c, err := s.music.UpdateComposer(ctx, in.ChoirId, in.ComposerId, composerIn(in.Body))
	if err != nil {
		return nil, err
	}
	return api.UpdateComposer200JSONResponse(composerOut(*c)), nil
}

// DeleteComposer removes a composer; its pieces keep the name as text.
func (s *Server) DeleteComposer(ctx context.Context, in api.DeleteComposerRequestObject) (api.DeleteComposerResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	if err := s.music.DeleteComposer(ctx, in.ChoirId, in.ComposerId); err != nil {
		return nil, err
	}
	return api.DeleteComposer204Response{}, nil
}

// LoadFamousComposers adds the famous list to the choir's composers.
func (s *Server) LoadFamousComposers(ctx context.Context, in api.LoadFamousComposersRequestObject) (api.LoadFamousComposersResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	res, err := s.music.LoadFamousComposers(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.LoadFamousComposers200JSONResponse{Added: res.Added, Skipped: res.Skipped}, nil
}

func famousOut(f composer.Famous) api.FamousComposer {
	birth := f.BirthYear
	return api.FamousComposer{Name: f.Name, CanonicalName: f.CanonicalName, Aliases: f.Aliases, Period: api.ComposerPeriod(f.Period),
		BirthYear: birth, DeathYear: f.DeathYear, Nationality: f.Nationality}
}

func matchesOut(r *music.Resolution) []api.ComposerMatch {
	out := make([]api.ComposerMatch, 0, len(r.Matches))
	for _, m := range r.Matches {
		out = append(out, api.ComposerMatch{Composer: composerOut(r.Composers[m.Candidate.ID]), Score: float32(m.Score),
			Kind: api.ComposerMatchKind(m.Kind)})
	}
	return out
}

// MatchComposer says how a typed name relates to the choir's composers.
func (s *Server) MatchComposer(ctx context.Context, in api.MatchComposerRequestObject) (api.MatchComposerResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	r, err := s.music.MatchComposer(ctx, in.ChoirId, in.Params.Name)
	if err != nil {
		return nil, err
	}
	out := api.MatchComposer200JSONResponse{Recommendation: api.ComposerResolutionRecommendation(r.Recommendation),
		Confidence: float32(r.Confidence), Matches: matchesOut(r), FamousSuggestions: make([]api.FamousComposer, 0, len(r.FamousSuggestions))}
	if r.Famous != nil {
		out.Famous = ptr(famousOut(*r.Famous))
	}
	for _, f := range r.FamousSuggestions {
		out.FamousSuggestions = append(out.FamousSuggestions, famousOut(f))
	}
	return out, nil
}

func composerChoices(b *api.MusicImport) music.ComposerChoices {
	choices := music.ComposerChoices{}
	if b.ComposerChoices != nil {
		for _, c := range *b.ComposerChoices {
			choices[c.Line] = c.ComposerId
		}
	}
	return choices
}

func importPreviewOut(rep *music.ImportReport) api.MusicImportPreview {
	out := api.MusicImportPreview{Valid: rep.Valid, Invalid: rep.Invalid, Rows: make([]api.MusicImportRow, 0, len(rep.Rows))}
	for _, r := range rep.Rows {
		row := api.MusicImportRow{Line: r.Line, Title: r.Title, Number: orNil(r.Number), Outcome: api.MusicImportRowOutcome(r.Outcome),
			Message: r.Message}
		if c := r.Composer; c != nil {
			ic := &api.MusicImportComposer{Input: c.Input, Recommendation: api.MusicImportComposerRecommendation(c.Recommendation),
				Confidence: float32(c.Confidence), Candidates: ptr(matchesOut(&c.Resolution))}
			// The composer the import takes for the row without a choice.
			if c.Reuse != nil {
				ic.Match = ptr(composerOut(*c.Reuse))
			}
			row.Composer = ic
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// PreviewMusicImport says what importing a CSV library would do.
func (s *Server) PreviewMusicImport(ctx context.Context, in api.PreviewMusicImportRequestObject) (api.PreviewMusicImportResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	rep, err := s.music.PreviewImport(ctx, in.ChoirId, requestFrom(ctx).user.ID, in.Body.Csv, composerChoices(in.Body))
	if err != nil {
		return nil, err
	}
	return api.PreviewMusicImport200JSONResponse(importPreviewOut(rep)), nil
}

// ImportMusic imports a CSV library, all or nothing.
func (s *Server) ImportMusic(ctx context.Context, in api.ImportMusicRequestObject) (api.ImportMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	rep, err := s.music.Import(ctx, in.ChoirId, requestFrom(ctx).user.ID, in.Body.Csv, composerChoices(in.Body))
	if err != nil {
		return nil, err
	}
	return api.ImportMusic200JSONResponse{Created: rep.Created, ComposersCreated: rep.ComposersCreated}, nil
}

// ExportMusic answers the whole library as CSV. Reading the library is
// view:music, so everyone who may see it may take it away as a file.
func (s *Server) ExportMusic(ctx context.Context, in api.ExportMusicRequestObject) (api.ExportMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := s.music.Export(ctx, in.ChoirId, &buf); err != nil {
		return nil, err
	}
	w := requestFrom(ctx).w
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="music-library-%s.csv"`, s.music.Today()))
	return api.ExportMusic200TextcsvResponse{Body: &buf, ContentLength: int64(buf.Len())}, nil
}
