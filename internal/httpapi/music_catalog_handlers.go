package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/access"
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
