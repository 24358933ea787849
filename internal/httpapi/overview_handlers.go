package httpapi

import (
	"context"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// GetPlatformOverview shows a global admin the platform at a glance.
func (s *Server) GetPlatformOverview(ctx context.Context, _ api.GetPlatformOverviewRequestObject) (api.GetPlatformOverviewResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	o, err := s.overview.Read(ctx)
	if err != nil {
		return nil, err
	}
	out := api.PlatformOverview{
		Choirs: o.Total, NewThisMonth: o.NewThisMonth, Active: o.Active, Sleepy: o.Sleepy, Members: o.Members,
		StorageBytes: o.StorageBytes, OtherMailSent: o.OtherMailSent, OtherMailFailed: o.OtherMailFailed,
		SignIns:       make([]api.SignInDay, len(o.SignIns)),
		ChoirList:     make([]api.ChoirUsage, len(o.Choirs)),
		CalendarTypes: make([]api.CalendarTypeUsage, len(o.CalendarTypes)),
	}
	for i, d := range o.SignIns {
		day, _ := time.Parse(time.DateOnly, d.Date)
		out.SignIns[i] = api.SignInDay{Date: openapi_types.Date{Time: day}, SignIns: d.SignIns}
	}
	for i, c := range o.Choirs {
		out.ChoirList[i] = api.ChoirUsage{Id: c.ID, Name: c.Name, CreatedAt: c.CreatedAt.UTC(), Members: c.Members,
			LastSignInAt: c.LastSignInAt, LastEventAt: c.LastEventAt, Active: c.Active,
			MailSent: c.MailSent, MailFailed: c.MailFailed, StorageBytes: c.StorageBytes}
	}
	for i, t := range o.CalendarTypes {
		out.CalendarTypes[i] = api.CalendarTypeUsage{Key: t.Key, Name: t.Name, Uploaded: t.Uploaded, Choirs: t.Choirs}
	}
	return api.GetPlatformOverview200JSONResponse(out), nil
}
