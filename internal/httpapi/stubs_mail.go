package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// Placeholders until the bulk-mail handlers land; each is replaced by its real handler.

func (s *Server) EmailEvent(ctx context.Context, r apigen.EmailEventRequestObject) (apigen.EmailEventResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) EmailPracticeLink(ctx context.Context, r apigen.EmailPracticeLinkRequestObject) (apigen.EmailPracticeLinkResponseObject, error) {
	return nil, errNotYet
}
