package httpapi

import (
	"context"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/attendance"
	"github.com/cantica/cantica/internal/calendar"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/planning"
	"github.com/cantica/cantica/internal/week"
	"github.com/cantica/cantica/internal/zone"
)

// The dashboard's week (issue 26) looks this many days ahead and lists at
// most this many upcoming events.
const (
	weekDays     = 60
	weekUpcoming = 5
)

// weekKey is one of the two events the week is about.
type weekKey struct {
	item calendar.Item
	ref  week.EventRef
}

func (k weekKey) occurrence() *calendar.Occurrence {
	return &calendar.Occurrence{Key: k.item.ID, EventID: k.ref.EventID, Date: k.ref.Date, Shown: k.item.Event,
		Start: k.item.Start, End: k.item.End}
}

func refOf(it calendar.Item) week.EventRef {
	if it.IsInstance() {
		return week.EventRef{EventID: it.Series.ID, Date: it.Date.String()}
	}
	return week.EventRef{EventID: it.Event.ID}
}

// isServiceLike: the week's second event is the next service, or concert.
func isServiceLike(t string) bool {
	return t == "service" || t == "concert" || t == "liturgical_feast"
}

// GetWeek answers the dashboard's week in one request, with a bounded
// number of statements whatever the choir holds: the calendar's listing,
// what the caller put away, the pieces of the two plans, the caller's two
// answers; for those who see attendance the roster and the answers of the
// two events; for those who manage the choir the checklist's four facts.
func (s *Server) GetWeek(ctx context.Context, in api.GetWeekRequestObject) (api.GetWeekResponseObject, error) {
	u := requestFrom(ctx).user
	now := s.now()
	// A day either side of the UTC date covers today in every zone; what
	// has ended is left out below.
	utcToday := liturgy.DateOf(now.UTC())
	from, to := utcToday.AddDays(-1), utcToday.AddDays(weekDays+1)
	h, st, err := s.calendar.Header(ctx, in.ChoirId, u.ID, u.IsGlobalAdmin, from, to)
	if err != nil {
		return nil, err
	}
	role, err := allows(st, access.ViewCalendar)
	if err != nil {
		return nil, err
	}
	loc, err := zone.Load(h.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	today := liturgy.DateOf(now.In(loc))
	list, err := s.calendar.List(ctx, h, calendar.Range{From: from, To: to, SeesDrafts: access.SeesDraftEvents(role)})
	if err != nil {
		return nil, err
	}

	out := api.Week{Upcoming: []api.CalendarEvent{}, CanAnswer: st.Member && st.Active}
	var keys []weekKey
	var rehearsal, service *weekKey
	for _, it := range list.Items {
		if ended(it, now, today) {
			continue
		}
		if len(out.Upcoming) < weekUpcoming {
			out.Upcoming = append(out.Upcoming, eventOut(it, ""))
		}
		switch t := it.Event.Type; {
		case rehearsal == nil && t == "rehearsal":
			keys = append(keys, weekKey{item: it, ref: refOf(it)})
			rehearsal = &keys[len(keys)-1]
		case service == nil && isServiceLike(t):
			keys = append(keys, weekKey{item: it, ref: refOf(it)})
			service = &keys[len(keys)-1]
		}
	}
	// keys holds at most two and is not appended to again, so the pointers stay.

	refs := make([]week.EventRef, len(keys))
	for i, k := range keys {
		refs[i] = k.ref
	}
	pieces, err := s.week.PracticePieces(ctx, in.ChoirId, refs)
	if err != nil {
		return nil, err
	}
	var people []attendance.Person
	var parts []string
	seesAttendance := st.Allows(access.EditCalendar)
	if seesAttendance && len(keys) > 0 {
		if people, parts, err = s.roster(ctx, in.ChoirId); err != nil {
			return nil, err
		}
	}
	one := func(k *weekKey) (*api.WeekEvent, error) {
		if k == nil {
			return nil, nil
		}
		o := k.occurrence()
		we := &api.WeekEvent{Event: eventOut(k.item, ""), Answerable: out.CanAnswer && s.attendance.Answerable(o),
			PlanDate: planning.StartDate(k.item.Event, k.item.Start, h.TimeZone).String(), Pieces: []api.WeekPiece{}}
		for _, p := range pieces[k.ref] {
			we.Pieces = append(we.Pieces, api.WeekPiece{MusicId: p.MusicID, Title: p.Title, HasScore: p.HasScore, HasRecording: p.HasRecording})
		}
		if out.CanAnswer {
			status, err := s.attendance.MyAnswer(ctx, u.ID, o)
			if err != nil {
				return nil, err
			}
			if status != "" {
				a := api.RsvpStatus(status)
				we.MyAnswer = &a
			}
		}
		if seesAttendance {
			sh, err := s.attendance.Sheet(ctx, in.ChoirId, h.TimeZone, o, people, parts)
			if err != nil {
				return nil, err
			}
			we.Unanswered = unansweredByPart(sh, parts)
		}
		return we, nil
	}
	if out.Rehearsal, err = one(rehearsal); err != nil {
		return nil, err
	}
	if out.Service, err = one(service); err != nil {
		return nil, err
	}

	seen, err := s.week.Seen(ctx, in.ChoirId, u.ID)
	if err != nil {
		return nil, err
	}
	if st.Allows(access.ManageChoir) && !seen.ChecklistDismissed {
		steps, err := s.week.Steps(ctx, in.ChoirId, u.ID, today.String())
		if err != nil {
			return nil, err
		}
		if !steps.Done() {
			out.Checklist = &api.WeekChecklist{SingersInvited: steps.SingersInvited, MusicAdded: steps.MusicAdded,
				RehearsalSet: steps.RehearsalSet, SundayPlanned: steps.SundayPlanned}
		}
	}
	// A singer is asked once which part they sing; directors and guests are not.
	if st.Member && st.Active && st.Role == access.Member && !seen.HasVoicePart && !seen.VoicePartAsked {
		vp, err := s.choirs.VoiceParts(ctx, in.ChoirId)
		if err != nil {
			return nil, err
		}
		if len(vp) > 0 {
			q := voicePartsOut(vp)
			out.VoicePartQuestion = &q
		}
	}
	return api.GetWeek200JSONResponse(out), nil
}

// ended says whether an item is over: a timed one at its end, an all-day
// one after its last day in the choir's calendar (its end date is exclusive).
func ended(it calendar.Item, now time.Time, today liturgy.Date) bool {
	if it.Event.AllDay {
		return !today.Before(liturgy.DateOf(it.End.UTC()))
	}
	return !it.End.After(now)
}

// unansweredByPart lists the members without an answer under each of
// their parts, in the choir's order; a part where everyone answered is
// left out.
func unansweredByPart(sh *attendance.Sheet, parts []string) *[]api.WeekPartUnanswered {
	known := make(map[string]bool, len(parts))
	for _, p := range parts {
		known[p] = true
	}
	byPart := map[string][]api.WeekMember{}
	for _, l := range sh.Lines {
		if l.Status != "" {
			continue
		}
		m := api.WeekMember{UserId: l.UserID, Name: strings.TrimSpace(l.FirstName + " " + l.LastName)}
		counted := false
		for _, p := range l.Parts {
			if known[p] {
				byPart[p] = append(byPart[p], m)
				counted = true
			}
		}
		if !counted {
			byPart[attendance.NoVoicePart] = append(byPart[attendance.NoVoicePart], m)
		}
	}
	out := []api.WeekPartUnanswered{}
	for _, p := range append(append([]string{}, parts...), attendance.NoVoicePart) {
		if ms := byPart[p]; len(ms) > 0 {
			out = append(out, api.WeekPartUnanswered{Part: p, Members: ms})
		}
	}
	return &out
}

// DismissWeekItem remembers that the caller put the checklist away (those
// who manage the choir) or was asked which part they sing (an active member).
func (s *Server) DismissWeekItem(ctx context.Context, in api.DismissWeekItemRequestObject) (api.DismissWeekItemResponseObject, error) {
	u := requestFrom(ctx).user
	st, err := s.choirs.Standing(ctx, u.ID, u.IsGlobalAdmin, in.ChoirId)
	if err != nil {
		return nil, err
	}
	var what string
	switch in.What {
	case api.Checklist:
		if _, err := allows(st, access.ManageChoir); err != nil {
			return nil, err
		}
		what = week.Checklist
	case api.VoicePartQuestion:
		if _, err := allows(st, access.ViewDashboard); err != nil {
			return nil, err
		}
		if !st.Member || !st.Active {
			return nil, apperr.New(apperr.Forbidden, apperr.CodePermission, MsgNoPermission)
		}
		what = week.VoicePartQuestion
	default:
		if _, err := allows(st, access.ViewDashboard); err != nil {
			return nil, err
		}
		return nil, apperr.Validation(map[string]string{"what": week.MsgUnknownDismissal}, "what")
	}
	if err := s.week.Dismiss(ctx, in.ChoirId, u.ID, what); err != nil {
		return nil, err
	}
	return api.DismissWeekItem204Response{}, nil
}
