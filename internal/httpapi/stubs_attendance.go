package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// Placeholders until the attendance and bulk-mail handlers land; each is replaced by its real handler.

func (s *Server) GetMyRsvp(ctx context.Context, r apigen.GetMyRsvpRequestObject) (apigen.GetMyRsvpResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) SetMyRsvp(ctx context.Context, r apigen.SetMyRsvpRequestObject) (apigen.SetMyRsvpResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) GetEventAttendance(ctx context.Context, r apigen.GetEventAttendanceRequestObject) (apigen.GetEventAttendanceResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) ExportEventAttendance(ctx context.Context, r apigen.ExportEventAttendanceRequestObject) (apigen.ExportEventAttendanceResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) MarkAttendance(ctx context.Context, r apigen.MarkAttendanceRequestObject) (apigen.MarkAttendanceResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) GetAttendanceSettings(ctx context.Context, r apigen.GetAttendanceSettingsRequestObject) (apigen.GetAttendanceSettingsResponseObject, error) {
	return nil, errNotYet
}
func (s *Server) SetAttendanceSettings(ctx context.Context, r apigen.SetAttendanceSettingsRequestObject) (apigen.SetAttendanceSettingsResponseObject, error) {
	return nil, errNotYet
}
