package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/analytics"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/choir"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/zone"
)

// Messages of the analytics operations.
const (
	msgAnalyticsFormat   = "Choose a format: json or csv."
	msgAnalyticsTable    = "Choose one of the section's tables."
	msgAdvancedAnalytics = "Advanced analytics are not part of this choir's plan."
)

// analyticsScope is what every analytics section starts from: the choir
// (view:analytics), the period and filters of the query, and the roster of
// active members narrowed to the voice part filter, with the choir's parts.
type analyticsScope struct {
	choir   *choir.Choir
	period  analytics.Period
	members []analytics.Member
	parts   []analytics.Part
	today   string
}

func (s *Server) analyticsScope(ctx context.Context, choirID string, format *string) (*analyticsScope, error) {
	if _, err := s.requireChoir(ctx, choirID, access.ViewAnalytics); err != nil {
		return nil, err
	}
	if format != nil && *format != "json" && *format != "csv" {
		return nil, apperr.Validation(map[string]string{"format": msgAnalyticsFormat}, "format")
	}
	c, p, today, err := s.analyticsPeriod(ctx, choirID, requestFrom(ctx).r.URL.Query())
	if err != nil {
		return nil, err
	}
	parts, err := s.analyticsVoiceParts(ctx, choirID, p.VoicePart)
	if err != nil {
		return nil, err
	}
	sc := &analyticsScope{choir: c, period: p, parts: parts, today: today}
	members, err := s.choirs.Members(ctx, choirID, false)
	if err != nil {
		return nil, err
	}
	for _, m := range members {
		am := analytics.Member{UserID: m.UserID, Name: strings.TrimSpace(m.FirstName + " " + m.LastName)}
		if am.Name == "" {
			am.Name = m.Email
		}
		in := p.VoicePart == ""
		for _, v := range m.VoiceParts {
			am.PartIDs = append(am.PartIDs, v.ID)
			am.Parts = append(am.Parts, v.Name)
			in = in || v.ID == p.VoicePart
		}
		if in {
			sc.members = append(sc.members, am)
		}
	}
	return sc, nil
}

// analyticsPeriod reads the period and filters of q in the choir's time
// zone (the voice part's id is checked by analyticsVoiceParts), and today's
// date there.
func (s *Server) analyticsPeriod(ctx context.Context, choirID string, q url.Values) (*choir.Choir, analytics.Period, string, error) {
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return nil, analytics.Period{}, "", err
	}
	loc, err := zone.Load(c.TimeZone)
	if err != nil {
		loc = time.UTC // a choir's zone is checked when it is set; should one not load, UTC is the least surprising
	}
	now := s.now()
	p, err := analytics.ParsePeriod(q, loc, now)
	if err != nil {
		return nil, analytics.Period{}, "", err
	}
	return c, p, now.In(loc).Format("2006-01-02"), nil
}

// analyticsVoiceParts is the choir's voice parts, in its order, once
// voicePart ("" for every part) is known to be one of them.
func (s *Server) analyticsVoiceParts(ctx context.Context, choirID, voicePart string) ([]analytics.Part, error) {
	parts, err := s.choirs.VoiceParts(ctx, choirID)
	if err != nil {
		return nil, err
	}
	out := make([]analytics.Part, 0, len(parts))
	known := voicePart == ""
	for _, v := range parts {
		out = append(out, analytics.Part{ID: v.ID, Name: v.Name})
		known = known || v.ID == voicePart
	}
	if !known {
		return nil, apperr.Validation(map[string]string{"voicePart": analytics.MsgVoicePartInvalid}, "voicePart")
	}
	return out, nil
}

func periodOut(p analytics.Period) api.AnalyticsPeriodOut {
	out := api.AnalyticsPeriodOut{Kind: p.Kind, From: p.FromDate, To: p.ToDate}
	if p.VoicePart != "" {
		out.VoicePart = &p.VoicePart
	}
	if p.EventType != "" {
		out.EventType = &p.EventType
	}
	return out
}

// rate is a percentage for the contract: absent (nil) when there is nothing to count.
func rate(v int) *int {
	if v < 0 {
		return nil
	}
	return &v
}

func partNames(m analytics.Member) []string {
	if m.Parts == nil {
		return []string{}
	}
	return m.Parts
}

// analyticsCSV writes one table with write, as an attachment named after
// the section, table and period; a table the section does not have is a 400.
func analyticsCSV(ctx context.Context, section, table string, p analytics.Period, write func(io.Writer, string) (bool, error)) (*bytes.Buffer, error) {
	var buf bytes.Buffer
	ok, err := write(&buf, table)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, apperr.Validation(map[string]string{"table": msgAnalyticsTable}, "table")
	}
	// The table is one of the section's names and the dates were checked as YYYY-MM-DD: safe in a file name.
	name := fmt.Sprintf("analytics-%s-%s-%s-to-%s.csv", section, table, p.FromDate, p.ToDate)
	requestFrom(ctx).w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
	return &buf, nil
}

func tableOr[T ~string](t *T, def string) string {
	if t == nil {
		return def
	}
	return string(*t)
}

func counts(c analytics.Counts) api.AnalyticsCounts {
	return api.AnalyticsCounts{Present: c.Present, Excused: c.Excused, Absent: c.Absent, Marked: c.Marked(), Rate: rate(c.Rate())}
}

// GetAnalyticsAttendance answers the attendance section, or one of its tables as CSV.
func (s *Server) GetAnalyticsAttendance(ctx context.Context, in api.GetAnalyticsAttendanceRequestObject) (api.GetAnalyticsAttendanceResponseObject, error) {
	sc, err := s.analyticsScope(ctx, in.ChoirId, (*string)(in.Params.Format))
	if err != nil {
		return nil, err
	}
	a, err := s.analytics.Attendance(ctx, in.ChoirId, sc.period, sc.members, sc.parts)
	if err != nil {
		return nil, err
	}
	if in.Params.Format != nil && *in.Params.Format == api.GetAnalyticsAttendanceParamsFormatCsv {
		buf, err := analyticsCSV(ctx, "attendance", tableOr(in.Params.Table, analytics.TableMembers), sc.period,
			func(w io.Writer, table string) (bool, error) { return analytics.WriteAttendanceCSV(w, a, table) })
		if err != nil {
			return nil, err
		}
		return api.GetAnalyticsAttendance200TextcsvResponse{Body: buf, ContentLength: int64(buf.Len())}, nil
	}
	out := api.AnalyticsAttendance{Period: periodOut(sc.period), Threshold: a.Threshold,
		Members: make([]api.AnalyticsMemberAttendance, len(a.Members)), Parts: make([]api.AnalyticsPartAttendance, len(a.Parts)),
		Events: make([]api.AnalyticsEventAttendance, len(a.Events)), Types: make([]api.AnalyticsTypeAverage, len(a.Types))}
	for i, m := range a.Members {
		c := counts(m.Counts)
		out.Members[i] = api.AnalyticsMemberAttendance{UserId: m.UserID, Name: m.Name, VoiceParts: partNames(m.Member), Below: m.Below,
			Present: c.Present, Excused: c.Excused, Absent: c.Absent, Marked: c.Marked, Rate: c.Rate}
	}
	for i, p := range a.Parts {
		c := counts(p.Counts)
		out.Parts[i] = api.AnalyticsPartAttendance{PartId: p.ID, Name: p.Name, Present: c.Present, Excused: c.Excused, Absent: c.Absent, Marked: c.Marked, Rate: c.Rate}
	}
	for i, e := range a.Events {
		c := counts(e.Counts)
		out.Events[i] = api.AnalyticsEventAttendance{Key: e.Key, Title: e.Title, Type: e.Type, Date: e.Date,
			Present: c.Present, Excused: c.Excused, Absent: c.Absent, Marked: c.Marked, Rate: c.Rate}
	}
	for i, t := range a.Types {
		out.Types[i] = api.AnalyticsTypeAverage{Type: t.Type, Events: t.Events, AverageSingers: float32(t.AverageHundreds/10) / 10}
	}
	return api.GetAnalyticsAttendance200JSONResponse(out), nil
}

// GetAnalyticsAnswers answers the answers section (advanced analytics), or its members table as CSV.
func (s *Server) GetAnalyticsAnswers(ctx context.Context, in api.GetAnalyticsAnswersRequestObject) (api.GetAnalyticsAnswersResponseObject, error) {
	sc, err := s.analyticsScope(ctx, in.ChoirId, (*string)(in.Params.Format))
	if err != nil {
		return nil, err
	}
	if !analytics.AdvancedAllowed(ctx, in.ChoirId) {
		return nil, apperr.New(apperr.Forbidden, apperr.CodePermission, msgAdvancedAnalytics)
	}
	a, err := s.analytics.Answers(ctx, in.ChoirId, sc.period, sc.members)
	if err != nil {
		return nil, err
	}
	if in.Params.Format != nil && *in.Params.Format == api.GetAnalyticsAnswersParamsFormatCsv {
		buf, err := analyticsCSV(ctx, "answers", tableOr(in.Params.Table, analytics.TableMembers), sc.period,
			func(w io.Writer, table string) (bool, error) { return analytics.WriteAnswersCSV(w, a, table) })
		if err != nil {
			return nil, err
		}
		return api.GetAnalyticsAnswers200TextcsvResponse{Body: buf, ContentLength: int64(buf.Len())}, nil
	}
	out := api.AnalyticsAnswers{Period: periodOut(sc.period), Events: a.Events, Asked: a.Asked, Answered: a.Answered,
		ResponseRate: rate(a.ResponseRate()), MedianSeconds: a.MedianSeconds, TimedAnswers: a.Timed,
		Members: make([]api.AnalyticsMemberAnswers, len(a.Members))}
	for i, m := range a.Members {
		out.Members[i] = api.AnalyticsMemberAnswers{UserId: m.UserID, Name: m.Name, VoiceParts: partNames(m.Member), Asked: m.Asked,
			Answered: m.Answered, ResponseRate: rate(m.ResponseRate()), YesMarked: m.YesMarked, YesAbsent: m.YesAbsent,
			YesNoShowRate: rate(m.YesNoShowRate()), NoMarked: m.NoMarked, NoPresent: m.NoPresent, NoCameRate: rate(m.NoCameRate())}
	}
	return api.GetAnalyticsAnswers200JSONResponse(out), nil
}

// GetAnalyticsMusic answers the music section, or one of its tables as CSV.
func (s *Server) GetAnalyticsMusic(ctx context.Context, in api.GetAnalyticsMusicRequestObject) (api.GetAnalyticsMusicResponseObject, error) {
	sc, err := s.analyticsScope(ctx, in.ChoirId, (*string)(in.Params.Format))
	if err != nil {
		return nil, err
	}
	m, err := s.analytics.Music(ctx, in.ChoirId, sc.period, sc.choir.CalendarType, sc.today)
	if err != nil {
		return nil, err
	}
	if in.Params.Format != nil && *in.Params.Format == api.GetAnalyticsMusicParamsFormatCsv {
		buf, err := analyticsCSV(ctx, "music", tableOr(in.Params.Table, analytics.TableSung), sc.period,
			func(w io.Writer, table string) (bool, error) { return analytics.WriteMusicCSV(w, m, table) })
		if err != nil {
			return nil, err
		}
		return api.GetAnalyticsMusic200TextcsvResponse{Body: buf, ContentLength: int64(buf.Len())}, nil
	}
	use := func(u analytics.PieceUse) api.AnalyticsPieceUse {
		out := api.AnalyticsPieceUse{MusicId: u.MusicID, Title: u.Title, Composer: u.Composer, Added: u.Added, TimesSung: u.Times}
		if u.LastSung != "" {
			out.LastSung = &u.LastSung
		}
		return out
	}
	out := api.AnalyticsMusic{Period: periodOut(sc.period), Seasonal: analytics.Seasonal(sc.choir.CalendarType),
		Sung: make([]api.AnalyticsPieceUse, len(m.Sung)), Never: make([]api.AnalyticsPieceUse, len(m.Never)),
		Seasons: make([]api.AnalyticsSeasonUse, len(m.Season))}
	for i, u := range m.Sung {
		out.Sung[i] = use(u)
	}
	for i, u := range m.Never {
		out.Never[i] = use(u)
	}
	for i, u := range m.Season {
		out.Seasons[i] = api.AnalyticsSeasonUse{Season: u.Season, SeasonName: u.SeasonName, MusicId: u.MusicID, Title: u.Title, TimesSung: u.Times}
	}
	return api.GetAnalyticsMusic200JSONResponse(out), nil
}

// SetAnalyticsSettings keeps the choir's attendance threshold.
func (s *Server) SetAnalyticsSettings(ctx context.Context, in api.SetAnalyticsSettingsRequestObject) (api.SetAnalyticsSettingsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditSettings); err != nil {
		return nil, err
	}
	if in.Body == nil {
		return nil, apperr.Validation(map[string]string{"attendanceThreshold": analytics.MsgThresholdRange}, "attendanceThreshold")
	}
	if err := s.analytics.SetThreshold(ctx, in.ChoirId, in.Body.AttendanceThreshold); err != nil {
		return nil, err
	}
	return api.SetAnalyticsSettings200JSONResponse{AttendanceThreshold: in.Body.AttendanceThreshold}, nil
}
