package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// Placeholders until the email-link handlers land; each is replaced by its real handler.

func (s *Server) GetRsvpLink(ctx context.Context, r apigen.GetRsvpLinkRequestObject) (apigen.GetRsvpLinkResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) AnswerRsvpLink(ctx context.Context, r apigen.AnswerRsvpLinkRequestObject) (apigen.AnswerRsvpLinkResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) GetEventLink(ctx context.Context, r apigen.GetEventLinkRequestObject) (apigen.GetEventLinkResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) DownloadEventLinkIcs(ctx context.Context, r apigen.DownloadEventLinkIcsRequestObject) (apigen.DownloadEventLinkIcsResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) GetPracticeLink(ctx context.Context, r apigen.GetPracticeLinkRequestObject) (apigen.GetPracticeLinkResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) OpenPracticeLink(ctx context.Context, r apigen.OpenPracticeLinkRequestObject) (apigen.OpenPracticeLinkResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) GetUnsubscribeLink(ctx context.Context, r apigen.GetUnsubscribeLinkRequestObject) (apigen.GetUnsubscribeLinkResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) UnsubscribeLink(ctx context.Context, r apigen.UnsubscribeLinkRequestObject) (apigen.UnsubscribeLinkResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) ListChoirEmails(ctx context.Context, r apigen.ListChoirEmailsRequestObject) (apigen.ListChoirEmailsResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) SetChoirEmails(ctx context.Context, r apigen.SetChoirEmailsRequestObject) (apigen.SetChoirEmailsResponseObject, error) {
	return nil, errNotYet
}
