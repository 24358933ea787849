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

func (s *Server) ExportMusic(ctx context.Context, in api.ExportMusicRequestObject) (api.ExportMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ImportMusic(ctx context.Context, in api.ImportMusicRequestObject) (api.ImportMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) PreviewMusicImport(ctx context.Context, in api.PreviewMusicImportRequestObject) (api.PreviewMusicImportResponseObject, error) {
	return nil, errNotBuilt
}

// --- Section 2: attachments, files, storage, and deleting pieces (files first) ---

func (s *Server) BulkDeleteMusic(ctx context.Context, in api.BulkDeleteMusicRequestObject) (api.BulkDeleteMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) GetMusicStorage(ctx context.Context, in api.GetMusicStorageRequestObject) (api.GetMusicStorageResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) DeleteMusic(ctx context.Context, in api.DeleteMusicRequestObject) (api.DeleteMusicResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) UploadAttachment(ctx context.Context, in api.UploadAttachmentRequestObject) (api.UploadAttachmentResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) DeleteAttachment(ctx context.Context, in api.DeleteAttachmentRequestObject) (api.DeleteAttachmentResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) UpdateAttachment(ctx context.Context, in api.UpdateAttachmentRequestObject) (api.UpdateAttachmentResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) DownloadAttachment(ctx context.Context, in api.DownloadAttachmentRequestObject) (api.DownloadAttachmentResponseObject, error) {
	return nil, errNotBuilt
}

func (s *Server) ReplaceAttachmentFile(ctx context.Context, in api.ReplaceAttachmentFileRequestObject) (api.ReplaceAttachmentFileResponseObject, error) {
	return nil, errNotBuilt
}
