package httpapi

import (
	"context"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/reminders"
)

// RSVP reminders and the part-balance alert (issue 27).

func reminderSettingsOut(in *reminders.Settings) api.ReminderSettings {
	out := api.ReminderSettings{EventTypes: []api.ReminderTypeSetting{}, PartBalanceDays: in.BalanceDays}
	for _, t := range in.Types {
		out.EventTypes = append(out.EventTypes, api.ReminderTypeSetting{EventType: api.ReminderTypeSettingEventType(t.EventType), Days: t.Days})
	}
	return out
}

// GetReminderSettings answers the choir's reminders by event type and its alert.
func (s *Server) GetReminderSettings(ctx context.Context, in api.GetReminderSettingsRequestObject) (api.GetReminderSettingsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	st, err := s.reminders.Settings(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.GetReminderSettings200JSONResponse(reminderSettingsOut(st)), nil
}

// SetReminderSettings changes them.
func (s *Server) SetReminderSettings(ctx context.Context, in api.SetReminderSettingsRequestObject) (api.SetReminderSettingsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	if len(in.Body.EventTypes) > 5 {
		return nil, apperr.Validation(map[string]string{"eventTypes": reminders.MsgEventType}, "eventTypes")
	}
	set := reminders.Settings{BalanceDays: in.Body.PartBalanceDays}
	for _, t := range in.Body.EventTypes {
		set.Types = append(set.Types, reminders.TypeSetting{EventType: string(t.EventType), Days: t.Days})
	}
	st, err := s.reminders.SetSettings(ctx, in.ChoirId, set)
	if err != nil {
		return nil, err
	}
	return api.SetReminderSettings200JSONResponse(reminderSettingsOut(st)), nil
}

// eventReminders answers an event's reminders and, for an event or
// occurrence, its reminder by hand.
func (s *Server) eventReminders(ctx context.Context, choirID, eventID string, set *reminders.EventSetting) (api.EventReminders, error) {
	out := api.EventReminders{TypeDays: set.TypeDays}
	if set.Days != nil {
		days := api.ReminderDays(set.Days)
		out.Days = &days
	}
	o, err := s.calendar.Occurrence(ctx, choirID, eventID, true)
	if e, ok := apperr.As(err); ok && e.Kind == apperr.NotFound {
		return out, nil // a whole series: its occurrences are reminded one by one
	}
	if err != nil {
		return out, err
	}
	last, err := s.reminders.LastManual(ctx, choirID, o)
	if err != nil || last == nil {
		return out, err
	}
	out.LastManual = &api.ManualReminder{RequestedAt: last.RequestedAt, SendsAt: last.SendsAt, ByName: last.By}
	return out, nil
}

// GetEventReminders answers an event's reminders.
func (s *Server) GetEventReminders(ctx context.Context, in api.GetEventRemindersRequestObject) (api.GetEventRemindersResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditCalendar); err != nil {
		return nil, err
	}
	set, err := s.reminders.EventSetting(ctx, in.ChoirId, in.EventId)
	if err != nil {
		return nil, err
	}
	out, err := s.eventReminders(ctx, in.ChoirId, in.EventId, set)
	if err != nil {
		return nil, err
	}
	return api.GetEventReminders200JSONResponse(out), nil
}

// SetEventReminders gives an event its own reminders, or its type's again.
func (s *Server) SetEventReminders(ctx context.Context, in api.SetEventRemindersRequestObject) (api.SetEventRemindersResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditCalendar); err != nil {
		return nil, err
	}
	var days []int
	if in.Body.Days != nil {
		days = append([]int{}, (*in.Body.Days)...)
	}
	set, err := s.reminders.SetEventSetting(ctx, in.ChoirId, in.EventId, days)
	if err != nil {
		return nil, err
	}
	out, err := s.eventReminders(ctx, in.ChoirId, in.EventId, set)
	if err != nil {
		return nil, err
	}
	return api.SetEventReminders200JSONResponse(out), nil
}

// RemindNonResponders reminds an event's non-responders, once.
func (s *Server) RemindNonResponders(ctx context.Context, in api.RemindNonRespondersRequestObject) (api.RemindNonRespondersResponseObject, error) {
	o, err := s.occurrenceFor(ctx, in.ChoirId, in.EventId, access.EditCalendar)
	if err != nil {
		return nil, err
	}
	u := requestFrom(ctx).user
	st, err := s.reminders.RemindNow(ctx, in.ChoirId, u.ID, o)
	if err != nil {
		return nil, err
	}
	name := ""
	if last, err := s.reminders.LastManual(ctx, in.ChoirId, o); err == nil && last != nil {
		name = last.By
	}
	n := st.Recipients
	return api.RemindNonResponders200JSONResponse{RequestedAt: st.RequestedAt, SendsAt: st.SendsAt, ByName: name, Recipients: &n}, nil
}
