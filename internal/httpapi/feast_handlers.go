package httpapi

import (
	"context"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/feast"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// requireGlobalAdmin refuses everyone without admin:global, which only a
// global admin holds (internal/access).
func requireGlobalAdmin(ctx context.Context) error {
	if !platform(ctx).Allows(access.AdminGlobal) {
		return apperr.New(apperr.Forbidden, apperr.CodePermission, MsgNoPermissionGlobal)
	}
	return nil
}

// MsgNoPermissionGlobal refuses a platform-wide action to anyone but a global admin.
const MsgNoPermissionGlobal = "Only a global administrator may do this."

// apiDate turns a stored YYYY-MM-DD date into the API's date.
func apiDate(s string) openapi_types.Date {
	t, _ := time.Parse(time.DateOnly, s)
	return openapi_types.Date{Time: t}
}

// ListFeasts answers the feast instances of a calendar type.
func (s *Server) ListFeasts(ctx context.Context, in api.ListFeastsRequestObject) (api.ListFeastsResponseObject, error) {
	p := in.Params
	q := feast.Query{Source: p.Source, LiturgicalYear: p.LiturgicalYear}
	if p.From != nil {
		q.From = *p.From
	}
	if p.To != nil {
		q.To = *p.To
	}
	active := true
	q.Active = &active
	if p.Active != nil {
		switch *p.Active {
		case api.ListFeastsParamsActiveFalse:
			active = false
		case api.ListFeastsParamsActiveAll:
			q.Active = nil
		}
	}
	if p.MasterFeastId != nil {
		q.MasterFeastIDs = *p.MasterFeastId
	}
	list, err := s.feasts.List(ctx, q, access.SeesUnpublishedCalendars(platform(ctx)))
	if err != nil {
		return nil, err
	}
	out := make(api.ListFeasts200JSONResponse, 0, len(list))
	for _, f := range list {
		out = append(out, api.FeastInstance{Id: f.ID, MasterFeastId: f.MasterFeastID, CalendarDate: apiDate(f.Date),
			LiturgicalYear: f.LiturgicalYear, Active: f.Active, Source: f.Source, Transferred: f.Transferred, Imported: f.Imported,
			MasterFeast: api.MasterFeastSummary{Id: f.Feast.ID, DefaultName: f.Feast.Name, FeastKey: f.Feast.Key,
				Rank: f.Feast.Rank, Type: f.Feast.Type}})
	}
	return out, nil
}

func masterOut(m *feast.Master) api.MasterFeast {
	out := api.MasterFeast{Id: m.ID, CalendarType: m.CalendarType, DefaultName: m.Name, FeastKey: m.Key, Rank: m.Rank,
		Type: m.Type, Active: m.Active, Edited: m.Edited}
	if m.NextDate != nil {
		d := apiDate(*m.NextDate)
		out.NextDate = &d
	}
	return out
}

// ListMasterFeasts lists the master feasts of a calendar type.
func (s *Server) ListMasterFeasts(ctx context.Context, in api.ListMasterFeastsRequestObject) (api.ListMasterFeastsResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	search := ""
	if in.Params.Q != nil {
		search = *in.Params.Q
	}
	list, err := s.feasts.Masters(ctx, in.Params.CalendarType, search)
	if err != nil {
		return nil, err
	}
	out := make(api.ListMasterFeasts200JSONResponse, 0, len(list))
	for i := range list {
		out = append(out, masterOut(&list[i]))
	}
	return out, nil
}

// UpdateMasterFeast corrects a master feast.
func (s *Server) UpdateMasterFeast(ctx context.Context, in api.UpdateMasterFeastRequestObject) (api.UpdateMasterFeastResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	m, err := s.feasts.UpdateMaster(ctx, in.MasterFeastId, feast.MasterChange{Name: in.Body.DefaultName, Rank: in.Body.Rank, Active: in.Body.Active})
	if err != nil {
		return nil, err
	}
	return api.UpdateMasterFeast200JSONResponse(masterOut(m)), nil
}

func reportOut(r *feast.Report) api.FeastImportReport {
	out := api.FeastImportReport{New: r.New, Changed: r.Changed, Unchanged: r.Unchanged, Invalid: r.Invalid,
		Rows: make([]api.FeastImportRow, 0, len(r.Rows))}
	for _, row := range r.Rows {
		out.Rows = append(out.Rows, api.FeastImportRow{Line: row.Line, Date: row.Date, FeastKey: row.Key, Name: row.Name,
			Rank: row.Rank, Status: api.FeastImportRowStatus(row.Status), Reason: row.Reason})
	}
	return out
}

// PreviewFeastImport classifies an import's rows without storing them.
func (s *Server) PreviewFeastImport(ctx context.Context, in api.PreviewFeastImportRequestObject) (api.PreviewFeastImportResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	rep, err := s.feasts.Preview(ctx, in.CalendarType, string(in.Body.Format), in.Body.Content)
	if err != nil {
		return nil, err
	}
	return api.PreviewFeastImport200JSONResponse(reportOut(rep)), nil
}

// CommitFeastImport stores an import, all or nothing.
func (s *Server) CommitFeastImport(ctx context.Context, in api.CommitFeastImportRequestObject) (api.CommitFeastImportResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	rep, err := s.feasts.Import(ctx, in.CalendarType, string(in.Body.Format), in.Body.Content)
	if err != nil {
		return nil, err
	}
	return api.CommitFeastImport200JSONResponse(reportOut(rep)), nil
}

// GenerateFeasts computes a range of years from the rules.
func (s *Server) GenerateFeasts(ctx context.Context, in api.GenerateFeastsRequestObject) (api.GenerateFeastsResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	years, n, err := s.feasts.Generate(ctx, in.CalendarType, in.Body.FromYear, in.Body.ToYear)
	if err != nil {
		return nil, err
	}
	return api.GenerateFeasts200JSONResponse{Years: years, Instances: n}, nil
}

// SetCalendarPublished publishes or withdraws a calendar type.
func (s *Server) SetCalendarPublished(ctx context.Context, in api.SetCalendarPublishedRequestObject) (api.SetCalendarPublishedResponseObject, error) {
	if err := requireGlobalAdmin(ctx); err != nil {
		return nil, err
	}
	if err := s.feasts.SetPublished(ctx, in.CalendarType, in.Body.Published); err != nil {
		return nil, err
	}
	types, err := s.choirs.CalendarTypes(ctx, true)
	if err != nil {
		return nil, err
	}
	for _, t := range types {
		if t.Key == in.CalendarType {
			return api.SetCalendarPublished200JSONResponse(calendarTypeOut(t)), nil
		}
	}
	return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, feast.MsgCalendarNotFound)
}
