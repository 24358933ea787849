package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/recurrence"
	zonepkg "github.com/cantica/cantica/internal/zone"
)

// ruleIn and ruleOut carry a rule across the API: the field names are the
// same, the optional ones pointers on the API's side.
func ruleIn(r *api.RecurrenceRule) *recurrence.Rule {
	if r == nil {
		return nil
	}
	return &recurrence.Rule{Type: string(r.Type), Month: deref(r.Month), Day: deref(r.Day), Offset: deref(r.Offset),
		Unit: string(deref(r.Unit)), Direction: string(deref(r.Direction)), FeastID: deref(r.FeastId), Weekday: deref(r.Weekday),
		Occurrence: string(deref(r.Occurrence)), WeeklyInterval: deref(r.WeeklyInterval), WeeklyDays: deref(r.WeeklyDays),
		TZID: deref(r.Tzid), EndDate: deref(r.EndDate)}
}

func ruleOut(r *recurrence.Rule) *api.RecurrenceRule {
	if r == nil {
		return nil
	}
	out := &api.RecurrenceRule{Type: api.RecurrenceRuleType(r.Type), Month: orNil(r.Month), Day: orNil(r.Day), Offset: orNil(r.Offset),
		Unit: orNil(api.RecurrenceRuleUnit(r.Unit)), Direction: orNil(api.RecurrenceRuleDirection(r.Direction)), FeastId: orNil(r.FeastID),
		Weekday: orNil(r.Weekday), Occurrence: orNil(api.RecurrenceRuleOccurrence(r.Occurrence)), WeeklyInterval: orNil(r.WeeklyInterval),
		Tzid: orNil(r.TZID), EndDate: orNil(r.EndDate)}
	if len(r.WeeklyDays) > 0 {
		out.WeeklyDays = &r.WeeklyDays
	}
	return out
}

// orNil points at v, or is nil for the zero value: what omitempty left out.
func orNil[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}

func eventInput(b api.EventInput) calendar.Input {
	in := calendar.Input{Title: b.Title, Type: string(b.EventType), Start: b.Start, End: b.End, AllDay: deref(b.AllDay),
		Location: deref(b.Location), Notes: deref(b.Notes), TimeZone: deref(b.TimeZone), Rule: ruleIn(b.RecurrenceRule)}
	if b.Status != nil {
		in.Status = string(*b.Status)
	}
	return in
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// when writes an instant in the event's zone, or a date for all-day events.
func when(t time.Time, allDay bool, zone string) string {
	if allDay {
		return t.UTC().Format(time.DateOnly)
	}
	if loc, err := zonepkg.Load(zone); err == nil {
		t = t.In(loc)
	}
	return t.Format(time.RFC3339)
}

// eventOut is an item as the API shows it; description words its rule
// (the series' rule, for an occurrence).
func eventOut(it calendar.Item, description string) api.CalendarEvent {
	e := it.Event
	out := api.CalendarEvent{Id: it.ID, EventId: e.ID, ChoirId: e.ChoirID, Title: e.Title, EventType: api.EventType(e.Type),
		Start: when(it.Start, e.AllDay, e.TimeZone), End: when(it.End, e.AllDay, e.TimeZone), AllDay: e.AllDay,
		Location: e.Location, Notes: e.Notes, Status: api.EventStatus(e.Status), TimeZone: e.TimeZone, IsInstance: it.IsInstance()}
	rule := e.Rule
	if it.IsInstance() {
		sr := it.Series
		rule = sr.Rule
		date := it.Date.String()
		orig := when(sr.StartOn(it.Date), sr.AllDay, sr.TimeZone)
		out.EventId, out.OriginalEventId, out.InstanceDate, out.InstanceStartTime = sr.ID, &sr.ID, &date, &orig
		if it.Edited {
			out.RecurrenceInstanceId = &it.ID
		}
	}
	out.RecurrenceRule = ruleOut(rule)
	if rule != nil {
		out.RuleDescription = &description
	}
	return out
}

// describedOut is one item as the API shows it, its rule worded.
func (s *Server) describedOut(ctx context.Context, it calendar.Item) (api.CalendarEvent, error) {
	rule := it.Event.Rule
	if it.IsInstance() {
		rule = it.Series.Rule
	}
	d, err := s.calendar.Describe(ctx, rule)
	return eventOut(it, d), err
}

// ListEvents answers a range of the calendar. The answer is tagged with an
// ETag made of what it depends on (the calendar's header, read in the
// statement that checks the session, the range and what the caller may
// see), so a caller holding the current answer gets 304, and an answer
// already encoded under the tag (by this process) is served again without
// being built.
func (s *Server) ListEvents(ctx context.Context, in api.ListEventsRequestObject) (api.ListEventsResponseObject, error) {
	read := calendar.ReadHeader(in.ChoirId)
	if err := s.signIn(ctx, read.Along()); err != nil {
		return nil, err
	}
	u := requestFrom(ctx).user
	from, to, rangeErr := calendar.ParseRange(in.Params.StartDate, in.Params.EndDate)
	if rangeErr != nil {
		from, to = liturgy.Date{}, liturgy.Date{} // no feasts to compute for a range refused below
	}
	h, st, err := s.calendar.HeaderOf(ctx, read, u.ID, u.IsGlobalAdmin, from, to)
	if err != nil {
		return nil, err
	}
	role, err := allows(st, access.ViewCalendar)
	if err != nil {
		return nil, err
	}
	if rangeErr != nil { // told only to those who may see the calendar
		return nil, rangeErr
	}
	r := calendar.Range{From: from, To: to, SeesDrafts: access.SeesDraftEvents(role),
		SeesUnpublished: access.SeesUnpublishedCalendars(platform(ctx))}
	tag := eventsTag(h, r)
	if in.Params.IfNoneMatch != nil && etagMatches(*in.Params.IfNoneMatch, tag) {
		return api.ListEvents304Response{Headers: api.ListEvents304ResponseHeaders{ETag: &tag}}, nil
	}
	if a := s.answers.get(tag); a != nil {
		return a.response(requestFrom(ctx).r), nil
	}
	list, err := s.calendar.List(ctx, h, r)
	if err != nil {
		return nil, err
	}
	out := api.EventList{Events: make([]api.CalendarEvent, 0, len(list.Items)), Feasts: make([]api.FeastEntry, 0, len(list.Feasts))}
	for _, it := range list.Items {
		series := it.Event.ID
		if it.IsInstance() {
			series = it.Series.ID
		}
		out.Events = append(out.Events, eventOut(it, list.Descriptions[series]))
	}
	for _, f := range list.Feasts {
		out.Feasts = append(out.Feasts, api.FeastEntry{Id: f.ID, MasterFeastId: f.MasterFeastID, Date: f.Date,
			Name: f.Feast.Name, FeastKey: f.Feast.Key, Rank: f.Feast.Rank, Type: f.Feast.Type})
	}
	if !list.TruncatedFrom.IsZero() {
		cut := list.TruncatedFrom.String()
		out.TruncatedFrom = &cut
	}
	body, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("httpapi: encode the events of choir %s: %w", h.ChoirID, err)
	}
	return s.answers.put(tag, body).response(requestFrom(ctx).r), nil
}

// CreateEvent adds an event or series.
func (s *Server) CreateEvent(ctx context.Context, in api.CreateEventRequestObject) (api.CreateEventResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditCalendar); err != nil {
		return nil, err
	}
	ev, err := s.calendar.Create(ctx, in.ChoirId, requestFrom(ctx).user.ID, eventInput(*in.Body))
	if err != nil {
		return nil, err
	}
	out, err := s.describedOut(ctx, calendar.ItemOf(ev))
	return api.CreateEvent201JSONResponse(out), err
}

// PreviewEvent words a rule and shows its next occurrences.
func (s *Server) PreviewEvent(ctx context.Context, in api.PreviewEventRequestObject) (api.PreviewEventResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditCalendar); err != nil {
		return nil, err
	}
	p, err := s.calendar.Preview(ctx, in.ChoirId, eventInput(*in.Body))
	if err != nil {
		return nil, err
	}
	out := api.PreviewEvent200JSONResponse{Description: p.Description}
	out.Occurrences = make([]struct {
		Date  string `json:"date"`
		End   string `json:"end"`
		Start string `json:"start"`
	}, len(p.Occurrences))
	for i, o := range p.Occurrences {
		out.Occurrences[i].Date = o.Date.String()
		out.Occurrences[i].Start = when(o.Start, p.AllDay, p.TimeZone)
		out.Occurrences[i].End = when(o.End, p.AllDay, p.TimeZone)
	}
	return out, nil
}

// GetEvent answers one stored event or series.
func (s *Server) GetEvent(ctx context.Context, in api.GetEventRequestObject) (api.GetEventResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ViewCalendar)
	if err != nil {
		return nil, err
	}
	ev, err := s.calendar.Get(ctx, in.ChoirId, in.EventId, access.SeesDraftEvents(role))
	if err != nil {
		return nil, err
	}
	out, err := s.describedOut(ctx, calendar.ItemOf(ev))
	return api.GetEvent200JSONResponse(out), err
}

// UpdateEvent changes an event, an occurrence or part of a series.
func (s *Server) UpdateEvent(ctx context.Context, in api.UpdateEventRequestObject) (api.UpdateEventResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditCalendar); err != nil {
		return nil, err
	}
	b := in.Body
	input := eventInput(api.EventInput{Title: b.Title, EventType: b.EventType, Start: b.Start, End: b.End, AllDay: b.AllDay,
		Location: b.Location, Notes: b.Notes, Status: b.Status, TimeZone: b.TimeZone, RecurrenceRule: b.RecurrenceRule})
	ch := calendar.Change{Input: input, InstanceStartTime: deref(b.InstanceStartTime)}
	if b.Scope != nil {
		ch.Scope = string(*b.Scope)
	}
	it, err := s.calendar.Update(ctx, in.ChoirId, in.EventId, ch)
	if err != nil {
		return nil, err
	}
	out, err := s.describedOut(ctx, *it)
	return api.UpdateEvent200JSONResponse(out), err
}

// DeleteEvent removes an event, an occurrence or part of a series.
func (s *Server) DeleteEvent(ctx context.Context, in api.DeleteEventRequestObject) (api.DeleteEventResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditCalendar); err != nil {
		return nil, err
	}
	scope := ""
	if in.Params.Scope != nil {
		scope = string(*in.Params.Scope)
	}
	if err := s.calendar.Delete(ctx, in.ChoirId, in.EventId, scope, deref(in.Params.InstanceStartTime)); err != nil {
		return nil, err
	}
	return api.DeleteEvent204Response{}, nil
}

// DownloadEventIcs answers one event as an iCalendar file.
func (s *Server) DownloadEventIcs(ctx context.Context, in api.DownloadEventIcsRequestObject) (api.DownloadEventIcsResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ViewCalendar)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := s.calendar.WriteEvent(ctx, &buf, in.ChoirId, in.EventId, access.SeesDraftEvents(role)); err != nil {
		return nil, err
	}
	w := requestFrom(ctx).w
	w.Header().Set("Content-Disposition", `attachment; filename="event.ics"`)
	return api.DownloadEventIcs200TextcalendarResponse{Body: &buf, ContentLength: int64(buf.Len())}, nil
}

// ListChoirFeasts answers the feasts a choir's rules can follow.
func (s *Server) ListChoirFeasts(ctx context.Context, in api.ListChoirFeastsRequestObject) (api.ListChoirFeastsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewCalendar); err != nil {
		return nil, err
	}
	masters, err := s.calendar.ChoirFeasts(ctx, in.ChoirId, access.SeesUnpublishedCalendars(platform(ctx)))
	if err != nil {
		return nil, err
	}
	out := make(api.ListChoirFeasts200JSONResponse, 0, len(masters))
	for _, m := range masters {
		out = append(out, api.ChoirFeast{Id: m.ID, Name: m.Name, FeastKey: m.Key, Rank: m.Rank, NextDate: m.NextDate})
	}
	return out, nil
}

func (s *Server) feedOut(f *calendar.Feed) api.CalendarFeed {
	if f == nil {
		return api.CalendarFeed{Enabled: false}
	}
	u := s.calendar.FeedURL(f.Token)
	webcal := "webcal" + strings.TrimPrefix(strings.TrimPrefix(u, "https"), "http")
	return api.CalendarFeed{Enabled: true, Url: &u, WebcalUrl: &webcal}
}

// GetCalendarFeed answers the caller's feed address.
func (s *Server) GetCalendarFeed(ctx context.Context, _ api.GetCalendarFeedRequestObject) (api.GetCalendarFeedResponseObject, error) {
	f, err := s.calendar.Feed(ctx, requestFrom(ctx).user.ID)
	if err != nil {
		return nil, err
	}
	return api.GetCalendarFeed200JSONResponse(s.feedOut(f)), nil
}

// RenewCalendarFeed makes the caller a new feed address.
func (s *Server) RenewCalendarFeed(ctx context.Context, _ api.RenewCalendarFeedRequestObject) (api.RenewCalendarFeedResponseObject, error) {
	f, err := s.calendar.RenewFeed(ctx, requestFrom(ctx).user.ID)
	if err != nil {
		return nil, err
	}
	return api.RenewCalendarFeed200JSONResponse(s.feedOut(f)), nil
}

// RevokeCalendarFeed turns the caller's feed off.
func (s *Server) RevokeCalendarFeed(ctx context.Context, _ api.RevokeCalendarFeedRequestObject) (api.RevokeCalendarFeedResponseObject, error) {
	if err := s.calendar.RevokeFeed(ctx, requestFrom(ctx).user.ID); err != nil {
		return nil, err
	}
	return api.RevokeCalendarFeed204Response{}, nil
}

// GetCalendarFeedIcs serves a private feed to a calendar app: its token is
// the whole authority. Calendar apps poll it; one that holds the current
// feed (If-None-Match, or without it If-Modified-Since) gets 304.
func (s *Server) GetCalendarFeedIcs(ctx context.Context, in api.GetCalendarFeedIcsRequestObject) (api.GetCalendarFeedIcsResponseObject, error) {
	token, ok := strings.CutSuffix(in.FeedFile, ".ics")
	if !ok || token == "" {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, calendar.MsgFeedNotFound)
	}
	st, err := s.calendar.FeedState(ctx, token, deref(in.Params.Choir))
	if err != nil {
		return nil, err
	}
	w := requestFrom(ctx).w
	w.Header().Set("Cache-Control", "private, no-cache")
	w.Header().Set("Referrer-Policy", "no-referrer")
	modified := st.Modified.UTC().Format(http.TimeFormat)
	if notModified(in.Params.IfNoneMatch, in.Params.IfModifiedSince, st.Tag, st.Modified) {
		return api.GetCalendarFeedIcs304Response{Headers: api.GetCalendarFeedIcs304ResponseHeaders{ETag: &st.Tag, LastModified: &modified}}, nil
	}
	var buf bytes.Buffer
	if err := s.calendar.WriteFeed(ctx, &buf, st); err != nil {
		return nil, err
	}
	w.Header().Set("Content-Disposition", `inline; filename="cantica.ics"`)
	return api.GetCalendarFeedIcs200TextcalendarResponse{Body: &buf, ContentLength: int64(buf.Len()),
		Headers: api.GetCalendarFeedIcs200ResponseHeaders{ETag: &st.Tag, LastModified: &modified}}, nil
}

// notModified says whether a conditional request holds the current answer:
// by its If-None-Match when it sends one (RFC 9110 §13.2.2), else by its
// If-Modified-Since, to the second.
func notModified(ifNoneMatch, ifModifiedSince *string, tag string, modified time.Time) bool {
	if ifNoneMatch != nil {
		return etagMatches(*ifNoneMatch, tag)
	}
	if ifModifiedSince == nil {
		return false
	}
	since, err := http.ParseTime(*ifModifiedSince)
	return err == nil && !modified.Truncate(time.Second).After(since)
}
