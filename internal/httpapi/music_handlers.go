package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/access"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/music"
)

// The library's pieces, their types, categories and voicings, the list and
// bulk tagging. Reading needs view:music, changing edit:music; the service
// scopes every query by the choir, so another choir's piece is not found.

func ptr[T any](v T) *T { return &v }

func namedOut(list []music.Named) []api.MusicType {
	out := make([]api.MusicType, 0, len(list))
	for _, n := range list {
		out = append(out, api.MusicType{Id: n.ID, Name: n.Name})
	}
	return out
}

func voicingOut(v music.Voicing) api.Voicing {
	return api.Voicing{Id: v.ID, Name: v.Name, NumDistinctParts: v.NumDistinctParts, BuiltIn: v.BuiltIn}
}

// ListMusicTypes lists the choir's music types.
func (s *Server) ListMusicTypes(ctx context.Context, in api.ListMusicTypesRequestObject) (api.ListMusicTypesResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	list, err := s.music.Types(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.ListMusicTypes200JSONResponse(namedOut(list)), nil
}

// CreateMusicType adds a music type.
func (s *Server) CreateMusicType(ctx context.Context, in api.CreateMusicTypeRequestObject) (api.CreateMusicTypeResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	n, err := s.music.AddType(ctx, in.ChoirId, in.Body.Name)
	if err != nil {
		return nil, err
	}
	return api.CreateMusicType201JSONResponse{Id: n.ID, Name: n.Name}, nil
}

// ListMusicCategories lists the choir's music categories.
func (s *Server) ListMusicCategories(ctx context.Context, in api.ListMusicCategoriesRequestObject) (api.ListMusicCategoriesResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	list, err := s.music.Categories(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.ListMusicCategories200JSONResponse(namedOut(list)), nil
}

// CreateMusicCategory adds a music category.
func (s *Server) CreateMusicCategory(ctx context.Context, in api.CreateMusicCategoryRequestObject) (api.CreateMusicCategoryResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	n, err := s.music.AddCategory(ctx, in.ChoirId, in.Body.Name)
	if err != nil {
		return nil, err
	}
	return api.CreateMusicCategory201JSONResponse{Id: n.ID, Name: n.Name}, nil
}

// ListVoicings lists the built-in voicings and the choir's own.
func (s *Server) ListVoicings(ctx context.Context, in api.ListVoicingsRequestObject) (api.ListVoicingsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	list, err := s.music.Voicings(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	out := make(api.ListVoicings200JSONResponse, 0, len(list))
	for _, v := range list {
		out = append(out, voicingOut(v))
	}
	return out, nil
}

// CreateVoicing adds a voicing of the choir's own.
func (s *Server) CreateVoicing(ctx context.Context, in api.CreateVoicingRequestObject) (api.CreateVoicingResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	v, err := s.music.AddVoicing(ctx, in.ChoirId, in.Body.Name, in.Body.NumDistinctParts)
	if err != nil {
		return nil, err
	}
	return api.CreateVoicing201JSONResponse(voicingOut(*v)), nil
}

func musicInput(b *api.MusicInput) music.Input {
	in := music.Input{Fields: music.Fields{Title: b.Title, Subtitle: deref(b.Subtitle), Composer: deref(b.Composer),
		Arranger: deref(b.Arranger), Lyricist: deref(b.Lyricist), TypeID: deref(b.TypeId), CategoryID: deref(b.CategoryId),
		DefaultNotes: deref(b.DefaultNotes), Number: deref(b.Number), RehearsalWeighting: b.RehearsalWeighting,
		MinIntervalWeeks: b.MinIntervalWeeks, NumPartsInfo: deref(b.NumPartsInfo), RhythmicComplexityHint: b.RhythmicComplexityHint,
		HarmonicComplexityHint: b.HarmonicComplexityHint, IsNewToChoir: deref(b.IsNewToChoirFlag),
		ApproxLength: string(deref(b.ApproxLengthCategory)), StartingNotesInfo: deref(b.StartingNotesInfo),
		Transposition: deref(b.TranspositionSemitones), Language: deref(b.Language), DurationMinutes: b.DurationMinutes,
		YearComposed: b.YearComposed, SourcePublication: deref(b.SourcePublication), CatalogNumber: deref(b.CatalogNumber),
		CopyrightInfo: deref(b.CopyrightInfo)},
		ComposerID: deref(b.ComposerId), NewComposer: deref(b.NewComposer), TagIDs: deref(b.TagIds)}
	for _, v := range deref(b.Voicings) {
		in.Voicings = append(in.Voicings, music.VoicingChoice{ID: v.VoicingId, Primary: deref(v.IsPrimary)})
	}
	return in
}

func pieceTagsOut(tags []music.PieceTag) []api.Tag {
	out := make([]api.Tag, 0, len(tags))
	for _, t := range tags {
		out = append(out, api.Tag{Id: t.ID, Name: t.Name, Color: t.Color, MusicCount: t.MusicCount})
	}
	return out
}

func pieceOut(p *music.Piece) api.MusicPiece {
	t := p.Fields
	out := api.MusicPiece{Id: p.ID, ChoirId: p.ChoirID, Title: t.Title, Subtitle: &t.Subtitle, Composer: &t.Composer,
		Arranger: &t.Arranger, Lyricist: &t.Lyricist, TypeId: orNil(t.TypeID), CategoryId: orNil(t.CategoryID),
		DefaultNotes: &t.DefaultNotes, Number: &t.Number, RehearsalWeighting: t.RehearsalWeighting, MinIntervalWeeks: t.MinIntervalWeeks,
		NumPartsInfo: &t.NumPartsInfo, RhythmicComplexityHint: t.RhythmicComplexityHint, HarmonicComplexityHint: t.HarmonicComplexityHint,
		IsNewToChoirFlag: &t.IsNewToChoir, ApproxLengthCategory: ptr(api.MusicPieceApproxLengthCategory(t.ApproxLength)),
		StartingNotesInfo: &t.StartingNotesInfo, TranspositionSemitones: t.Transposition, Language: &t.Language,
		DurationMinutes: t.DurationMinutes, YearComposed: t.YearComposed, SourcePublication: &t.SourcePublication,
		CatalogNumber: &t.CatalogNumber, CopyrightInfo: &t.CopyrightInfo, ComposerId: orNil(p.ComposerID),
		CreatedBy: orNil(p.CreatedBy), IsArchived: p.IsArchived, LastUsedDate: orNil(p.LastUsedDate), CreatedAt: p.CreatedAt,
		UpdatedAt: p.UpdatedAt, Tags: pieceTagsOut(p.Tags), Voicings: make([]api.MusicVoicing, 0, len(p.Voicings)),
		Attachments: make([]api.Attachment, 0, len(p.Attachments))}
	if p.Type != nil {
		out.Type = &api.MusicType{Id: p.Type.ID, Name: p.Type.Name}
	}
	if p.Category != nil {
		out.Category = &api.MusicType{Id: p.Category.ID, Name: p.Category.Name}
	}
	if c := p.ComposerRecord; c != nil {
		out.ComposerRecord = &api.Composer{Id: c.ID, Name: c.Name, CanonicalName: c.CanonicalName, Aliases: c.Aliases,
			BirthYear: c.BirthYear, DeathYear: c.DeathYear, Nationality: orNil(c.Nationality), Period: orNil(api.ComposerPeriod(c.Period))}
	}
	for _, v := range p.Voicings {
		out.Voicings = append(out.Voicings, api.MusicVoicing{VoicingId: v.ID, Name: v.Name, NumDistinctParts: v.NumDistinctParts, IsPrimary: v.Primary})
	}
	for _, a := range p.Attachments {
		out.Attachments = append(out.Attachments, api.Attachment{Id: a.ID, MusicId: a.MusicID, FileName: a.FileName,
			Type: api.AttachmentType(a.Type), ContentType: a.ContentType, SizeBytes: a.SizeBytes, Description: a.Description,
			CustomPartName: a.CustomPartName, CreatedBy: orNil(a.CreatedBy), CreatedAt: a.CreatedAt, UpdatedAt: ptr(a.UpdatedAt)})
	}
	return out
}

// CreateMusic adds a piece.
func (s *Server) CreateMusic(ctx context.Context, in api.CreateMusicRequestObject) (api.CreateMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	p, err := s.music.Create(ctx, in.ChoirId, requestFrom(ctx).user.ID, musicInput(in.Body))
	if err != nil {
		return nil, err
	}
	return api.CreateMusic201JSONResponse(pieceOut(p)), nil
}

// GetMusic reads a piece with what it names.
func (s *Server) GetMusic(ctx context.Context, in api.GetMusicRequestObject) (api.GetMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	p, err := s.music.Get(ctx, in.ChoirId, in.MusicId)
	if err != nil {
		return nil, err
	}
	return api.GetMusic200JSONResponse(pieceOut(p)), nil
}

// UpdateMusic saves the whole piece.
func (s *Server) UpdateMusic(ctx context.Context, in api.UpdateMusicRequestObject) (api.UpdateMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	p, err := s.music.Update(ctx, in.ChoirId, requestFrom(ctx).user.ID, in.MusicId, musicInput(in.Body))
	if err != nil {
		return nil, err
	}
	return api.UpdateMusic200JSONResponse(pieceOut(p)), nil
}

// ArchiveMusic archives a piece.
func (s *Server) ArchiveMusic(ctx context.Context, in api.ArchiveMusicRequestObject) (api.ArchiveMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	p, err := s.music.Archive(ctx, in.ChoirId, in.MusicId)
	if err != nil {
		return nil, err
	}
	return api.ArchiveMusic200JSONResponse(pieceOut(p)), nil
}

// RestoreMusic brings an archived piece back.
func (s *Server) RestoreMusic(ctx context.Context, in api.RestoreMusicRequestObject) (api.RestoreMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	p, err := s.music.Restore(ctx, in.ChoirId, in.MusicId)
	if err != nil {
		return nil, err
	}
	return api.RestoreMusic200JSONResponse(pieceOut(p)), nil
}

// ListMusic answers one page of the library.
func (s *Server) ListMusic(ctx context.Context, in api.ListMusicRequestObject) (api.ListMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	p := in.Params
	page, err := s.music.List(ctx, in.ChoirId, music.Query{Search: deref(p.Q), TagIDs: deref(p.TagId), VoicingID: deref(p.VoicingId),
		TypeID: deref(p.TypeId), CategoryID: deref(p.CategoryId), Language: deref(p.Language), Archived: string(deref(p.Archived)),
		Sort: string(deref(p.Sort)), Order: string(deref(p.Order)), Page: deref(p.Page), PageSize: deref(p.PageSize)})
	if err != nil {
		return nil, err
	}
	out := api.ListMusic200JSONResponse{Total: page.Total, Page: page.Page, PageSize: page.PageSize,
		Items: make([]api.MusicSummary, 0, len(page.Items))}
	for _, m := range page.Items {
		out.Items = append(out.Items, api.MusicSummary{Id: m.ID, Title: m.Title, Subtitle: m.Subtitle, Composer: m.Composer,
			Arranger: m.Arranger, Number: m.Number, TypeName: orNil(m.TypeName), CategoryName: orNil(m.CategoryName),
			Language: m.Language, PrimaryVoicing: orNil(m.PrimaryVoicing), DurationMinutes: m.DurationMinutes,
			IsArchived: m.IsArchived, LastUsedDate: orNil(m.LastUsedDate), UpdatedAt: m.UpdatedAt, Tags: pieceTagsOut(m.Tags),
			HasScore: m.HasScore, HasAudio: m.HasAudio, AttachmentCount: m.AttachmentCount})
	}
	return out, nil
}

// ListLibraryNumbers lists the numbers in use and the next free one.
func (s *Server) ListLibraryNumbers(ctx context.Context, in api.ListLibraryNumbersRequestObject) (api.ListLibraryNumbersResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	numbers, next, err := s.music.Numbers(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.ListLibraryNumbers200JSONResponse{Numbers: numbers, Next: next}, nil
}

// BulkTagMusic adds tags to several pieces.
func (s *Server) BulkTagMusic(ctx context.Context, in api.BulkTagMusicRequestObject) (api.BulkTagMusicResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	done, failed, err := s.music.BulkTag(ctx, in.ChoirId, in.Body.Ids, in.Body.TagIds)
	if err != nil {
		return nil, err
	}
	out := api.BulkTagMusic200JSONResponse{Done: done}
	out.Failed = make([]struct {
		Id      string `json:"id"`
		Message string `json:"message"`
	}, 0, len(failed))
	for _, f := range failed {
		out.Failed = append(out.Failed, struct {
			Id      string `json:"id"`
			Message string `json:"message"`
		}{f.ID, f.Message})
	}
	return out, nil
}
