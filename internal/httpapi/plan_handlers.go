package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/planning"
)

// Planning (issue 18): looking needs view:calendar or manage:music,
// changing edit:music or edit:calendar; the plan of a draft event is found
// only by those who see drafts on the calendar.

func (s *Server) planReader(ctx context.Context, choirID string) (bool, error) {
	role, err := s.requireAnyChoir(ctx, choirID, access.ViewCalendar, access.ManageMusic)
	return access.SeesDraftEvents(role), err
}

func (s *Server) planEditor(ctx context.Context, choirID string) (bool, error) {
	role, err := s.requireAnyChoir(ctx, choirID, access.EditMusic, access.EditCalendar)
	return access.SeesDraftEvents(role), err
}

// editablePlan checks that the caller may change a plan they can see.
func (s *Server) editablePlan(ctx context.Context, choirID, planID string) error {
	seesDrafts, err := s.planEditor(ctx, choirID)
	if err != nil {
		return err
	}
	_, err = s.planning.View(ctx, choirID, planID, seesDrafts)
	return err
}

// readablePlan reads a plan the caller may look at: the plan of a draft
// event only for those who see drafts.
func (s *Server) readablePlan(ctx context.Context, choirID, planID string) (*planning.Plan, error) {
	seesDrafts, err := s.planReader(ctx, choirID)
	if err != nil {
		return nil, err
	}
	return s.planning.View(ctx, choirID, planID, seesDrafts)
}

// ListPlans answers the plans of a date or of a range of dates.
func (s *Server) ListPlans(ctx context.Context, in api.ListPlansRequestObject) (api.ListPlansResponseObject, error) {
	seesDrafts, err := s.planReader(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	var from, to string
	switch p := in.Params; {
	case p.Date != nil:
		from, to = *p.Date, *p.Date
	case p.From != nil || p.To != nil:
		if p.From != nil {
			from = *p.From
		}
		if p.To != nil {
			to = *p.To
		}
	default:
		return nil, apperr.Validation(map[string]string{"date": planning.MsgDate}, "date")
	}
	field := "date"
	if in.Params.Date == nil {
		field = "from"
	}
	f, err := planning.ParseDate(from, field)
	if err != nil {
		return nil, err
	}
	if in.Params.Date == nil {
		field = "to"
	}
	t, err := planning.ParseDate(to, field)
	if err != nil {
		return nil, err
	}
	plans, err := s.planning.List(ctx, in.ChoirId, f, t, seesDrafts)
	if err != nil {
		return nil, err
	}
	out := make(api.ListPlans200JSONResponse, len(plans))
	for i, p := range plans {
		out[i] = planOut(p)
	}
	return out, nil
}

// CreatePlan starts the plan of an event or occurrence, or of a date.
func (s *Server) CreatePlan(ctx context.Context, in api.CreatePlanRequestObject) (api.CreatePlanResponseObject, error) {
	seesDrafts, err := s.planEditor(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	d, err := planning.ParseDay(in.Body.Date, "date")
	if err != nil {
		return nil, err
	}
	np := planning.NewPlan{Date: d, CreatedBy: requestFrom(ctx).user.ID}
	if in.Body.CopyFromPlanId != nil {
		np.CopyFrom = *in.Body.CopyFromPlanId
	}
	var p *planning.Plan
	if in.Body.EventId == nil || *in.Body.EventId == "" {
		if p, err = s.planning.Create(ctx, in.ChoirId, np); err != nil {
			return nil, err
		}
		return api.CreatePlan201JSONResponse(planOut(p)), nil
	}
	read := func() (*calendar.Occurrence, error) {
		return s.calendar.Occurrence(ctx, in.ChoirId, *in.Body.EventId, seesDrafts)
	}
	o, err := read()
	if err != nil {
		return nil, err
	}
	c, err := s.choirs.Get(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	_, err = writeFor(o, read, func(o *calendar.Occurrence) error {
		if planning.StartDate(o.Shown, o.Start, c.TimeZone) != d {
			return apperr.Validation(map[string]string{"eventId": planning.MsgNotOnDate}, "eventId")
		}
		np.Occurrence = o
		p, err = s.planning.Create(ctx, in.ChoirId, np)
		return err
	})
	if err != nil {
		return nil, err
	}
	return api.CreatePlan201JSONResponse(planOut(p)), nil
}

// GetNextService answers where planning without a date opens.
func (s *Server) GetNextService(ctx context.Context, in api.GetNextServiceRequestObject) (api.GetNextServiceResponseObject, error) {
	seesDrafts, err := s.planReader(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	d, eventID, err := s.planning.NextService(ctx, in.ChoirId, seesDrafts)
	if err != nil {
		return nil, err
	}
	out := api.GetNextService200JSONResponse{Date: d.String()}
	if eventID != "" {
		out.EventId = &eventID
	}
	return out, nil
}

// GetPlan answers one plan.
func (s *Server) GetPlan(ctx context.Context, in api.GetPlanRequestObject) (api.GetPlanResponseObject, error) {
	p, err := s.readablePlan(ctx, in.ChoirId, in.PlanId)
	if err != nil {
		return nil, err
	}
	return api.GetPlan200JSONResponse(planOut(p)), nil
}

// UpdatePlan replaces a plan's title, notes and slots.
func (s *Server) UpdatePlan(ctx context.Context, in api.UpdatePlanRequestObject) (api.UpdatePlanResponseObject, error) {
	if err := s.editablePlan(ctx, in.ChoirId, in.PlanId); err != nil {
		return nil, err
	}
	ch := planning.Change{Title: in.Body.Title, Notes: in.Body.Notes, Version: in.Body.Version, Slots: make([]planning.Slot, len(in.Body.Slots))}
	for i, sl := range in.Body.Slots {
		ch.Slots[i] = planning.Slot{Label: sl.Label, DurationMinutes: sl.DurationMinutes}
		if sl.MusicId != nil {
			ch.Slots[i].MusicID = *sl.MusicId
		}
		if sl.Note != nil {
			ch.Slots[i].Note = *sl.Note
		}
	}
	p, err := s.planning.Update(ctx, in.ChoirId, in.PlanId, ch)
	if err != nil {
		return nil, err
	}
	return api.UpdatePlan200JSONResponse(planOut(p)), nil
}

// DeletePlan deletes a plan.
func (s *Server) DeletePlan(ctx context.Context, in api.DeletePlanRequestObject) (api.DeletePlanResponseObject, error) {
	if err := s.editablePlan(ctx, in.ChoirId, in.PlanId); err != nil {
		return nil, err
	}
	if err := s.planning.Delete(ctx, in.ChoirId, in.PlanId); err != nil {
		return nil, err
	}
	return api.DeletePlan204Response{}, nil
}

// CopyPlan replaces a plan's slots with a copy of an earlier plan's.
func (s *Server) CopyPlan(ctx context.Context, in api.CopyPlanRequestObject) (api.CopyPlanResponseObject, error) {
	if err := s.editablePlan(ctx, in.ChoirId, in.PlanId); err != nil {
		return nil, err
	}
	p, err := s.planning.Copy(ctx, in.ChoirId, in.PlanId, in.Body.FromPlanId)
	if err != nil {
		return nil, err
	}
	return api.CopyPlan200JSONResponse(planOut(p)), nil
}

// ListPlanCopySources answers the plans a plan may be copied from.
func (s *Server) ListPlanCopySources(ctx context.Context, in api.ListPlanCopySourcesRequestObject) (api.ListPlanCopySourcesResponseObject, error) {
	seesDrafts, err := s.planReader(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	same, earlier, err := s.planning.CopySources(ctx, in.ChoirId, in.PlanId, seesDrafts)
	if err != nil {
		return nil, err
	}
	return api.ListPlanCopySources200JSONResponse{SameFeast: summariesOut(same), Earlier: summariesOut(earlier)}, nil
}

func summariesOut(in []planning.Summary) []api.PlanSummary {
	out := make([]api.PlanSummary, len(in))
	for i, sm := range in {
		out[i] = api.PlanSummary{Id: sm.ID, Date: sm.Date, Title: sm.Title, FeastName: sm.FeastName, PieceCount: sm.PieceCount}
		if sm.EventKey != "" {
			title := sm.EventTitle
			out[i].EventTitle = &title
		}
	}
	return out
}

// GetEventPlan answers the plan of an event or occurrence.
func (s *Server) GetEventPlan(ctx context.Context, in api.GetEventPlanRequestObject) (api.GetEventPlanResponseObject, error) {
	seesDrafts, err := s.planReader(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	o, err := s.calendar.Occurrence(ctx, in.ChoirId, in.EventId, seesDrafts)
	if err != nil {
		return nil, err
	}
	p, err := s.planning.ForEvent(ctx, in.ChoirId, o.Key)
	if err != nil {
		return nil, err
	}
	return api.GetEventPlan200JSONResponse(planOut(p)), nil
}

// ListPlanTemplates answers the slot template of every event type.
func (s *Server) ListPlanTemplates(ctx context.Context, in api.ListPlanTemplatesRequestObject) (api.ListPlanTemplatesResponseObject, error) {
	if _, err := s.planReader(ctx, in.ChoirId); err != nil {
		return nil, err
	}
	ts, err := s.planning.Templates(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	out := make(api.ListPlanTemplates200JSONResponse, len(ts))
	for i, t := range ts {
		out[i] = templateOut(t)
	}
	return out, nil
}

// SetPlanTemplate replaces the slot template of an event type.
func (s *Server) SetPlanTemplate(ctx context.Context, in api.SetPlanTemplateRequestObject) (api.SetPlanTemplateResponseObject, error) {
	if _, err := s.planEditor(ctx, in.ChoirId); err != nil {
		return nil, err
	}
	slots := make([]planning.TemplateSlot, len(in.Body.Slots))
	for i, sl := range in.Body.Slots {
		slots[i] = planning.TemplateSlot{Label: sl.Label, DurationMinutes: sl.DurationMinutes}
	}
	t, err := s.planning.SetTemplate(ctx, in.ChoirId, in.EventType, slots)
	if err != nil {
		return nil, err
	}
	return api.SetPlanTemplate200JSONResponse(templateOut(*t)), nil
}

func templateOut(t planning.Template) api.PlanTemplate {
	out := api.PlanTemplate{EventType: t.EventType, Custom: t.Custom, Slots: make([]api.PlanTemplateSlot, len(t.Slots))}
	for i, sl := range t.Slots {
		out.Slots[i] = api.PlanTemplateSlot{Label: sl.Label, DurationMinutes: sl.DurationMinutes}
	}
	return out
}
