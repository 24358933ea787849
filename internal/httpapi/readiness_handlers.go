package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/analytics"
	"github.com/cantica/cantica/internal/apperr"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// Analytics (issue 28): the readiness table, the practice section and a
// singer's own year. The director's sections need view:analytics; a
// singer's own page needs only membership and reads by the caller's id.

// Messages of the analytics handlers.
const (
	MsgReadinessAdvanced   = "Readiness is part of advanced analytics, which this choir's plan does not include."
	MsgReadinessOccurrence = "Enter the occurrence's date as YYYY-MM-DD."
	MsgReadinessEventID    = "That event id is too long."
)

// GetAnalyticsReadiness answers the readiness of the next service or concert, or of the one chosen.
func (s *Server) GetAnalyticsReadiness(ctx context.Context, in api.GetAnalyticsReadinessRequestObject) (api.GetAnalyticsReadinessResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ViewAnalytics)
	if err != nil {
		return nil, err
	}
	if !analytics.AdvancedAllowed(ctx, in.ChoirId) {
		return nil, apperr.New(apperr.Forbidden, apperr.CodePermission, MsgReadinessAdvanced)
	}
	eventID, occurrence := deref(in.Params.EventId), deref(in.Params.OccurrenceDate)
	if len(eventID) > 200 {
		return nil, apperr.Validation(map[string]string{"eventId": MsgReadinessEventID}, "eventId")
	}
	if occurrence != "" {
		if _, err := time.Parse(time.DateOnly, occurrence); err != nil || eventID == "" {
			return nil, apperr.Validation(map[string]string{"occurrenceDate": MsgReadinessOccurrence}, "occurrenceDate")
		}
	}
	part := deref(in.Params.VoicePart)
	if _, err := s.analyticsVoiceParts(ctx, in.ChoirId, part); err != nil {
		return nil, err
	}
	r, err := s.insights.Readiness(ctx, in.ChoirId, eventID, occurrence, part, access.Has(role, access.EditCalendar))
	if err != nil {
		return nil, err
	}
	if in.Params.Format != nil {
		name := "readiness.csv"
		if r.Event != nil {
			name = "readiness-" + r.Event.Date + ".csv" // a date: safe in a file name
		}
		buf, err := insightsCSV(func(w io.Writer) error { return analytics.ReadinessCSV(w, r) })
		if err != nil {
			return nil, err
		}
		insightsAttachment(ctx, name)
		return api.GetAnalyticsReadiness200TextcsvResponse{Body: buf, ContentLength: int64(buf.Len())}, nil
	}
	out := api.GetAnalyticsReadiness200JSONResponse{Planned: r.Planned, WindowFrom: r.WindowFrom, WindowTo: r.WindowTo,
		Rows: make([]api.AnalyticsReadinessRow, 0, len(r.Rows)), Choices: make([]api.AnalyticsEventRef, 0, len(r.Choices))}
	if r.Event != nil {
		ev := eventRefOut(*r.Event)
		out.Event = &ev
	}
	for _, c := range r.Choices {
		out.Choices = append(out.Choices, eventRefOut(c))
	}
	for _, x := range r.Rows {
		out.Rows = append(out.Rows, api.AnalyticsReadinessRow{MusicId: x.MusicID, Title: x.Title, VoicePartId: x.VoicePartID, VoicePart: x.VoicePart,
			Members: x.Members, Practised: x.Practised, Ready: x.Ready, Minutes: x.Minutes, Mark: api.AnalyticsReadinessRowMark(x.Mark)})
	}
	return out, nil
}

func eventRefOut(e analytics.EventRef) api.AnalyticsEventRef {
	out := api.AnalyticsEventRef{EventId: e.EventID, Title: e.Title, Type: e.Type, Date: e.Date}
	if e.OccurrenceDate != "" {
		out.OccurrenceDate = ptr(e.OccurrenceDate)
	}
	return out
}

// GetAnalyticsPractice answers practice minutes per week and the most practised pieces.
func (s *Server) GetAnalyticsPractice(ctx context.Context, in api.GetAnalyticsPracticeRequestObject) (api.GetAnalyticsPracticeResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewAnalytics); err != nil {
		return nil, err
	}
	q := url.Values{}
	if in.Params.Period != nil {
		q.Set("period", string(*in.Params.Period))
	}
	q.Set("from", deref(in.Params.From))
	q.Set("to", deref(in.Params.To))
	q.Set("voicePart", deref(in.Params.VoicePart))
	_, p, _, err := s.analyticsPeriod(ctx, in.ChoirId, q)
	if err != nil {
		return nil, err
	}
	if _, err := s.analyticsVoiceParts(ctx, in.ChoirId, p.VoicePart); err != nil {
		return nil, err
	}
	pr, err := s.insights.Practice(ctx, in.ChoirId, p, p.VoicePart)
	if err != nil {
		return nil, err
	}
	if in.Params.Format != nil {
		write, table := analytics.PracticeWeeksCSV, "weeks"
		if in.Params.Table != nil && *in.Params.Table == api.GetAnalyticsPracticeParamsTablePieces {
			write, table = analytics.PracticePiecesCSV, "pieces"
		}
		buf, err := insightsCSV(func(w io.Writer) error { return write(w, pr) })
		if err != nil {
			return nil, err
		}
		insightsAttachment(ctx, fmt.Sprintf("practice-%s-%s-to-%s.csv", table, p.FromDate, p.ToDate))
		return api.GetAnalyticsPractice200TextcsvResponse{Body: buf, ContentLength: int64(buf.Len())}, nil
	}
	out := api.GetAnalyticsPractice200JSONResponse{FromDate: p.FromDate, ToDate: p.ToDate, Weeks: pr.Weeks, Choir: pr.Choir,
		Parts: make([]api.AnalyticsPracticePart, 0, len(pr.Parts)), Pieces: make([]api.AnalyticsPracticePiece, 0, len(pr.Pieces))}
	for _, pp := range pr.Parts {
		out.Parts = append(out.Parts, api.AnalyticsPracticePart{Id: pp.ID, Name: pp.Name, Minutes: pp.Minutes})
	}
	for _, pc := range pr.Pieces {
		out.Pieces = append(out.Pieces, api.AnalyticsPracticePiece{MusicId: pc.MusicID, Title: pc.Title, Minutes: pc.Minutes, Singers: pc.Singers})
	}
	return out, nil
}

// GetMyAnalytics answers the caller's own last 12 months: read by the
// caller's user id only, so it can hold nobody else's figures.
func (s *Server) GetMyAnalytics(ctx context.Context, in api.GetMyAnalyticsRequestObject) (api.GetMyAnalyticsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewDashboard); err != nil {
		return nil, err
	}
	_, p, _, err := s.analyticsPeriod(ctx, in.ChoirId, url.Values{"period": {"last12m"}})
	if err != nil {
		return nil, err
	}
	m, err := s.insights.Mine(ctx, in.ChoirId, requestFrom(ctx).user.ID, p)
	if err != nil {
		return nil, err
	}
	if in.Params.Format != nil {
		table := "attendance"
		if in.Params.Table != nil {
			table = string(*in.Params.Table)
		}
		buf, err := insightsCSV(func(w io.Writer) error { return analytics.MineCSV(w, m, table) })
		if err != nil {
			return nil, err
		}
		insightsAttachment(ctx, fmt.Sprintf("my-%s-%s-to-%s.csv", table, p.FromDate, p.ToDate)) // an enum value and dates
		return api.GetMyAnalytics200TextcsvResponse{Body: buf, ContentLength: int64(buf.Len())}, nil
	}
	a, n := m.Attendance, m.Answers
	out := api.GetMyAnalytics200JSONResponse{FromDate: m.FromDate, ToDate: m.ToDate, Present: a.Present, Excused: a.Excused, Absent: a.Absent,
		PresentPercent: a.PresentPercent, Going: n.Going, Maybe: n.Maybe, NotGoing: n.NotGoing, SaidYesAbsent: n.SaidYesAbsent,
		SaidNoPresent: n.SaidNoPresent, Pieces: make([]api.MyAnalyticsPiece, 0, len(m.Pieces))}
	for _, pc := range m.Pieces {
		out.Pieces = append(out.Pieces, api.MyAnalyticsPiece{MusicId: pc.MusicID, Title: pc.Title, Minutes: pc.Minutes, LastDay: pc.LastDay})
	}
	return out, nil
}

func insightsCSV(write func(io.Writer) error) (*bytes.Buffer, error) {
	var buf bytes.Buffer
	return &buf, write(&buf)
}

// insightsAttachment names the download; name must be safe in a header (dates and fixed words).
func insightsAttachment(ctx context.Context, name string) {
	requestFrom(ctx).w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
}
