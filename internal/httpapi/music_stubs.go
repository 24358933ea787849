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
