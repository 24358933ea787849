package httpapi

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/attendance"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/composer"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// writeFor writes for an occurrence read just before. When the write is
// refused because the occurrence's event changed after it was read
// (calendar.Hold), it reads the occurrence again, found where the change
// took it or not at all, and writes again: three times in all.
func writeFor(o *calendar.Occurrence, read func() (*calendar.Occurrence, error), write func(*calendar.Occurrence) error) (*calendar.Occurrence, error) {
	err := write(o)
	for i := 0; i < 2 && errors.Is(err, calendar.ErrEventChanged); i++ {
		if o, err = read(); err != nil {
			return nil, err
		}
		err = write(o)
	}
	return o, err
}

// occurrenceFor resolves an event or occurrence id of a choir for a caller
// whose standing there allows p; drafts are found only by those who see
// them on the calendar.
func (s *Server) occurrenceFor(ctx context.Context, choirID, eventID string, p access.Permission) (*calendar.Occurrence, error) {
	role, err := s.requireChoir(ctx, choirID, p)
	if err != nil {
		return nil, err
	}
	return s.calendar.Occurrence(ctx, choirID, eventID, access.SeesDraftEvents(role))
}

func (s *Server) myRsvp(o *calendar.Occurrence, status string) api.MyRsvp {
	out := api.MyRsvp{Answerable: s.attendance.Answerable(o)}
	if status != "" {
		st := api.RsvpStatus(status)
		out.Status = &st
	}
	return out
}

// GetMyRsvp answers the caller's own answer for an event or occurrence.
func (s *Server) GetMyRsvp(ctx context.Context, in api.GetMyRsvpRequestObject) (api.GetMyRsvpResponseObject, error) {
	o, err := s.occurrenceFor(ctx, in.ChoirId, in.EventId, access.ViewCalendar)
	if err != nil {
		return nil, err
	}
	status, err := s.attendance.MyAnswer(ctx, requestFrom(ctx).user.ID, o)
	if err != nil {
		return nil, err
	}
	return api.GetMyRsvp200JSONResponse(s.myRsvp(o, status)), nil
}

// MsgOnlyMembersAnswer refuses an answer from someone who is not an active member.
const MsgOnlyMembersAnswer = "Only members of this choir can answer."

// SetMyRsvp records the caller's answer from the app, until the event starts.
func (s *Server) SetMyRsvp(ctx context.Context, in api.SetMyRsvpRequestObject) (api.SetMyRsvpResponseObject, error) {
	u := requestFrom(ctx).user
	st, err := s.choirs.Standing(ctx, u.ID, u.IsGlobalAdmin, in.ChoirId)
	if err != nil {
		return nil, err
	}
	role, err := allows(st, access.ViewCalendar)
	if err != nil {
		return nil, err
	}
	o, err := s.calendar.Occurrence(ctx, in.ChoirId, in.EventId, access.SeesDraftEvents(role))
	if err != nil {
		return nil, err
	}
	// A global administrator sees every choir's calendar but answers only
	// where they sing: an answer from outside would be counted nowhere.
	if !st.Member || !st.Active {
		return nil, apperr.New(apperr.Forbidden, apperr.CodePermission, MsgOnlyMembersAnswer)
	}
	o, err = writeFor(o, func() (*calendar.Occurrence, error) {
		return s.calendar.Occurrence(ctx, in.ChoirId, in.EventId, access.SeesDraftEvents(role))
	}, func(o *calendar.Occurrence) error {
		_, err := s.attendance.Answer(ctx, in.ChoirId, u.ID, o, in.Body.Status)
		return err
	})
	if err != nil {
		return nil, err
	}
	return api.SetMyRsvp200JSONResponse(s.myRsvp(o, in.Body.Status)), nil
}

// attendanceSheet reads an event's attendance in a choir for an
// administrator: the occurrence, the choir's zone and the sheet.
func (s *Server) attendanceSheet(ctx context.Context, choirID, eventID string) (*calendar.Occurrence, string, *attendance.Sheet, error) {
	o, err := s.occurrenceFor(ctx, choirID, eventID, access.EditCalendar)
	if err != nil {
		return nil, "", nil, err
	}
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return nil, "", nil, err
	}
	sh, err := s.sheetOf(ctx, c, o)
	return o, c.TimeZone, sh, err
}

// sheetOf reads an occurrence's attendance in a choir already read.
func (s *Server) sheetOf(ctx context.Context, c *choir.Choir, o *calendar.Occurrence) (*attendance.Sheet, error) {
	people, partNames, err := s.roster(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	return s.attendance.Sheet(ctx, c.ID, c.TimeZone, o, people, partNames)
}

// roster is a choir's active members as attendance lists them, and the
// names of its voice parts in order: two statements.
func (s *Server) roster(ctx context.Context, choirID string) ([]attendance.Person, []string, error) {
	members, err := s.choirs.Members(ctx, choirID, false)
	if err != nil {
		return nil, nil, err
	}
	parts, err := s.choirs.VoiceParts(ctx, choirID)
	if err != nil {
		return nil, nil, err
	}
	people := make([]attendance.Person, len(members))
	for i, m := range members {
		names := make([]string, len(m.VoiceParts))
		for j, v := range m.VoiceParts {
			names[j] = v.Name
		}
		people[i] = attendance.Person{UserID: m.UserID, FirstName: m.FirstName, LastName: m.LastName, Email: m.Email, Parts: names}
	}
	partNames := make([]string, len(parts))
	for i, v := range parts {
		partNames[i] = v.Name
	}
	return people, partNames, nil
}

func countOut(c attendance.Count) api.AttendancePartCount {
	return api.AttendancePartCount{Part: c.Part, Going: c.Going, Maybe: c.Maybe, NotGoing: c.NotGoing, NoAnswer: c.NoAnswer,
		Present: c.Present, BelowMinimum: c.BelowMinimum}
}

func eventAttendanceOut(o *calendar.Occurrence, choirZone string, sh *attendance.Sheet) api.EventAttendance {
	out := api.EventAttendance{Event: linkEvent(o, choirZone), Members: make([]api.AttendanceMember, len(sh.Lines)),
		Parts: make([]api.AttendancePartCount, len(sh.Parts)), Totals: countOut(sh.Totals),
		MinConfirmedPerPart: sh.Min, Markable: sh.Markable}
	for i, l := range sh.Lines {
		m := api.AttendanceMember{UserId: l.UserID, FirstName: l.FirstName, LastName: l.LastName, Email: l.Email,
			VoiceParts: l.Parts, AnsweredAt: l.AnsweredAt}
		if m.VoiceParts == nil {
			m.VoiceParts = []string{}
		}
		if l.Status != "" {
			st := api.RsvpStatus(l.Status)
			m.Status = &st
		}
		if l.Mark != "" {
			mk := api.AttendanceMark(l.Mark)
			m.Mark = &mk
		}
		out.Members[i] = m
	}
	for i, c := range sh.Parts {
		out.Parts[i] = countOut(c)
	}
	return out
}

// GetEventAttendance answers who answered what and the attendance taken.
func (s *Server) GetEventAttendance(ctx context.Context, in api.GetEventAttendanceRequestObject) (api.GetEventAttendanceResponseObject, error) {
	o, zone, sh, err := s.attendanceSheet(ctx, in.ChoirId, in.EventId)
	if err != nil {
		return nil, err
	}
	return api.GetEventAttendance200JSONResponse(eventAttendanceOut(o, zone, sh)), nil
}

// ExportEventAttendance answers the event's attendance as CSV.
func (s *Server) ExportEventAttendance(ctx context.Context, in api.ExportEventAttendanceRequestObject) (api.ExportEventAttendanceResponseObject, error) {
	o, zone, sh, err := s.attendanceSheet(ctx, in.ChoirId, in.EventId)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := attendance.WriteCSV(&buf, sh, zone); err != nil {
		return nil, err
	}
	name := fmt.Sprintf("attendance-%s-%s.csv", slug(o.Shown.Title), linkEvent(o, zone).StartDate)
	requestFrom(ctx).w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
	return api.ExportEventAttendance200TextcsvResponse{Body: &buf, ContentLength: int64(buf.Len())}, nil
}

// slug makes a title safe for a file name: accents folded, lower-case
// letters and digits joined by hyphens; "event" when nothing is left.
func slug(title string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(composer.FoldAccents(title)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			hyphen = false
		} else {
			hyphen = true
		}
	}
	if b.Len() == 0 {
		return "event"
	}
	return b.String()
}

// MarkAttendance takes attendance on the day, all or nothing.
func (s *Server) MarkAttendance(ctx context.Context, in api.MarkAttendanceRequestObject) (api.MarkAttendanceResponseObject, error) {
	o, err := s.occurrenceFor(ctx, in.ChoirId, in.EventId, access.EditCalendar)
	if err != nil {
		return nil, err
	}
	c, err := s.choirs.Get(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	marks := make([]attendance.MarkInput, len(in.Body.Marks))
	for i, m := range in.Body.Marks {
		marks[i] = attendance.MarkInput{UserID: m.UserId, Mark: string(deref(m.Mark))}
	}
	o, err = writeFor(o, func() (*calendar.Occurrence, error) {
		return s.occurrenceFor(ctx, in.ChoirId, in.EventId, access.EditCalendar)
	}, func(o *calendar.Occurrence) error {
		return s.attendance.Mark(ctx, in.ChoirId, c.TimeZone, requestFrom(ctx).user.ID, o, marks)
	})
	if err != nil {
		return nil, err
	}
	sh, err := s.sheetOf(ctx, c, o)
	if err != nil {
		return nil, err
	}
	return api.MarkAttendance200JSONResponse(eventAttendanceOut(o, c.TimeZone, sh)), nil
}

// GetAttendanceSettings answers the choir's minimum per part.
func (s *Server) GetAttendanceSettings(ctx context.Context, in api.GetAttendanceSettingsRequestObject) (api.GetAttendanceSettingsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditCalendar); err != nil {
		return nil, err
	}
	n, err := s.attendance.MinPerPart(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.GetAttendanceSettings200JSONResponse{MinConfirmedPerPart: n}, nil
}

// SetAttendanceSettings changes the choir's minimum per part.
func (s *Server) SetAttendanceSettings(ctx context.Context, in api.SetAttendanceSettingsRequestObject) (api.SetAttendanceSettingsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditCalendar); err != nil {
		return nil, err
	}
	n, err := s.attendance.SetMinPerPart(ctx, in.ChoirId, in.Body.MinConfirmedPerPart)
	if err != nil {
		return nil, err
	}
	return api.SetAttendanceSettings200JSONResponse{MinConfirmedPerPart: n}, nil
}

// ListMyRsvps answers the caller's own answers in a range of the calendar,
// one request for a whole agenda.
func (s *Server) ListMyRsvps(ctx context.Context, in api.ListMyRsvpsRequestObject) (api.ListMyRsvpsResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ViewCalendar)
	if err != nil {
		return nil, err
	}
	from, to, err := calendar.ParseRange(in.Params.StartDate, in.Params.EndDate)
	if err != nil {
		return nil, err
	}
	mine, err := s.attendance.MyAnswers(ctx, in.ChoirId, requestFrom(ctx).user.ID, from, to, access.SeesDraftEvents(role))
	if err != nil {
		return nil, err
	}
	out := api.MyRsvpList{Answers: make([]api.MyRsvpEntry, 0, len(mine))}
	for id, status := range mine {
		out.Answers = append(out.Answers, api.MyRsvpEntry{Id: id, Status: api.RsvpStatus(status)})
	}
	slices.SortFunc(out.Answers, func(a, b api.MyRsvpEntry) int { return strings.Compare(a.Id, b.Id) })
	return api.ListMyRsvps200JSONResponse(out), nil
}
