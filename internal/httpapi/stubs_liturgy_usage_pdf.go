package httpapi

import (
	"context"
	"errors"

	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// Placeholders until the planning handlers of helper p3 land; each is replaced by its real handler.

func (s *Server) GetMusicLiturgy(ctx context.Context, r apigen.GetMusicLiturgyRequestObject) (apigen.GetMusicLiturgyResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) SetMusicLiturgy(ctx context.Context, r apigen.SetMusicLiturgyRequestObject) (apigen.SetMusicLiturgyResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) GetMusicUsage(ctx context.Context, r apigen.GetMusicUsageRequestObject) (apigen.GetMusicUsageResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) ExportMusicUsage(ctx context.Context, r apigen.ExportMusicUsageRequestObject) (apigen.ExportMusicUsageResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) DownloadPlanPdf(ctx context.Context, r apigen.DownloadPlanPdfRequestObject) (apigen.DownloadPlanPdfResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
