package httpapi

import (
	"context"
	"errors"

	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// Placeholders until the planning handlers of helper p2 land; each is replaced by its real handler.

func (s *Server) GetPlanDay(ctx context.Context, r apigen.GetPlanDayRequestObject) (apigen.GetPlanDayResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) ListLiturgicalSeasons(ctx context.Context, r apigen.ListLiturgicalSeasonsRequestObject) (apigen.ListLiturgicalSeasonsResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) ListPlanSuggestions(ctx context.Context, r apigen.ListPlanSuggestionsRequestObject) (apigen.ListPlanSuggestionsResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
