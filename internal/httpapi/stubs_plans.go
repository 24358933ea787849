package httpapi

import (
	"context"
	"errors"

	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// Placeholders until the planning handlers of helper p1 land; each is replaced by its real handler.

func (s *Server) ListPlans(ctx context.Context, r apigen.ListPlansRequestObject) (apigen.ListPlansResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) CreatePlan(ctx context.Context, r apigen.CreatePlanRequestObject) (apigen.CreatePlanResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) GetNextService(ctx context.Context, r apigen.GetNextServiceRequestObject) (apigen.GetNextServiceResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) GetPlan(ctx context.Context, r apigen.GetPlanRequestObject) (apigen.GetPlanResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) UpdatePlan(ctx context.Context, r apigen.UpdatePlanRequestObject) (apigen.UpdatePlanResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) DeletePlan(ctx context.Context, r apigen.DeletePlanRequestObject) (apigen.DeletePlanResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) CopyPlan(ctx context.Context, r apigen.CopyPlanRequestObject) (apigen.CopyPlanResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) ListPlanCopySources(ctx context.Context, r apigen.ListPlanCopySourcesRequestObject) (apigen.ListPlanCopySourcesResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) GetEventPlan(ctx context.Context, r apigen.GetEventPlanRequestObject) (apigen.GetEventPlanResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) ListPlanTemplates(ctx context.Context, r apigen.ListPlanTemplatesRequestObject) (apigen.ListPlanTemplatesResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
func (s *Server) SetPlanTemplate(ctx context.Context, r apigen.SetPlanTemplateRequestObject) (apigen.SetPlanTemplateResponseObject, error) {
	return nil, errors.New("not implemented yet")
}
