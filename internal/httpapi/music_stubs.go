package httpapi

// Stubs of the music library's operations while they are being built (issue
// 15): each helper replaces its section with real handlers in a file of its
// own and deletes the stubs it replaced. This file goes away when both are done.

import (
	"context"
	"errors"

	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

var errNotBuilt = errors.New("music library: not built yet")

// --- Section 1: the library's pieces, tags, composers, voicings, types, categories, search, CSV ---

func (s *Server) ListComposers(ctx context.Context, in api.ListComposersRequestObject) (api.ListComposersResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) CreateComposer(ctx context.Context, in api.CreateComposerRequestObject) (api.CreateComposerResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) LoadFamousComposers(ctx context.Context, in api.LoadFamousComposersRequestObject) (api.LoadFamousComposersResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) MatchComposer(ctx context.Context, in api.MatchComposerRequestObject) (api.MatchComposerResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) DeleteComposer(ctx context.Context, in api.DeleteComposerRequestObject) (api.DeleteComposerResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) UpdateComposer(ctx context.Context, in api.UpdateComposerRequestObject) (api.UpdateComposerResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ListMusic(ctx context.Context, in api.ListMusicRequestObject) (api.ListMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) CreateMusic(ctx context.Context, in api.CreateMusicRequestObject) (api.CreateMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ListMusicCategories(ctx context.Context, in api.ListMusicCategoriesRequestObject) (api.ListMusicCategoriesResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) CreateMusicCategory(ctx context.Context, in api.CreateMusicCategoryRequestObject) (api.CreateMusicCategoryResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ListMusicTypes(ctx context.Context, in api.ListMusicTypesRequestObject) (api.ListMusicTypesResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) CreateMusicType(ctx context.Context, in api.CreateMusicTypeRequestObject) (api.CreateMusicTypeResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) BulkTagMusic(ctx context.Context, in api.BulkTagMusicRequestObject) (api.BulkTagMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ExportMusic(ctx context.Context, in api.ExportMusicRequestObject) (api.ExportMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ImportMusic(ctx context.Context, in api.ImportMusicRequestObject) (api.ImportMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) PreviewMusicImport(ctx context.Context, in api.PreviewMusicImportRequestObject) (api.PreviewMusicImportResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ListLibraryNumbers(ctx context.Context, in api.ListLibraryNumbersRequestObject) (api.ListLibraryNumbersResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) GetMusic(ctx context.Context, in api.GetMusicRequestObject) (api.GetMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) UpdateMusic(ctx context.Context, in api.UpdateMusicRequestObject) (api.UpdateMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ArchiveMusic(ctx context.Context, in api.ArchiveMusicRequestObject) (api.ArchiveMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) RestoreMusic(ctx context.Context, in api.RestoreMusicRequestObject) (api.RestoreMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ListTags(ctx context.Context, in api.ListTagsRequestObject) (api.ListTagsResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) CreateTag(ctx context.Context, in api.CreateTagRequestObject) (api.CreateTagResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) DeleteTag(ctx context.Context, in api.DeleteTagRequestObject) (api.DeleteTagResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) UpdateTag(ctx context.Context, in api.UpdateTagRequestObject) (api.UpdateTagResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ListVoicings(ctx context.Context, in api.ListVoicingsRequestObject) (api.ListVoicingsResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) CreateVoicing(ctx context.Context, in api.CreateVoicingRequestObject) (api.CreateVoicingResponseObject, error) {
	return nil, errNotBuilt
}
