package httpapi

import (
	"context"
	"strings"
	"time"

	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/policies"
	"github.com/cantica/cantica/internal/zone"
)

// Choir policies and attendance rules (issue 30): directors (manage:choir)
// write policies and rules; every member reads the policies, acknowledges
// them and sees their own standing.

// ListPolicies lists the choir's policies as the caller reads them.
func (s *Server) ListPolicies(ctx context.Context, in api.ListPoliciesRequestObject) (api.ListPoliciesResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ViewDashboard)
	if err != nil {
		return nil, err
	}
	manager := access.Has(role, access.ManageChoir)
	member, err := s.activeMember(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	list, err := s.policies.List(ctx, in.ChoirId, requestFrom(ctx).user.ID, manager)
	if err != nil {
		return nil, err
	}
	out := api.ListPolicies200JSONResponse{Policies: make([]api.Policy, 0, len(list)), CanManage: manager, Member: &member}
	for _, p := range list {
		if member && !p.Acknowledged {
			out.Pending++
		}
		out.Policies = append(out.Policies, s.policy(p))
	}
	return out, nil
}

// activeMember says whether the caller has an active membership of the
// choir: only members acknowledge policies and have a standing.
func (s *Server) activeMember(ctx context.Context, choirID string) (bool, error) {
	u := requestFrom(ctx).user
	st, err := s.choirs.Standing(ctx, u.ID, u.IsGlobalAdmin, choirID)
	if err != nil {
		return false, err
	}
	return st.Member && st.Active, nil
}

// CreatePolicy writes a policy of the choir.
func (s *Server) CreatePolicy(ctx context.Context, in api.CreatePolicyRequestObject) (api.CreatePolicyResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	id, err := s.policies.Create(ctx, in.ChoirId, policyAuthor(ctx), policyInput(in.Body))
	if err != nil {
		return nil, err
	}
	return api.CreatePolicy201JSONResponse{Id: id}, nil
}

// UpdatePolicy saves a new version of a policy.
func (s *Server) UpdatePolicy(ctx context.Context, in api.UpdatePolicyRequestObject) (api.UpdatePolicyResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	v, err := s.policies.Update(ctx, in.ChoirId, in.PolicyId, policyAuthor(ctx), policyInput(in.Body))
	if err != nil {
		return nil, err
	}
	return api.UpdatePolicy200JSONResponse{Version: v}, nil
}

// DeletePolicy removes a policy.
func (s *Server) DeletePolicy(ctx context.Context, in api.DeletePolicyRequestObject) (api.DeletePolicyResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	if err := s.policies.Delete(ctx, in.ChoirId, in.PolicyId); err != nil {
		return nil, err
	}
	return api.DeletePolicy204Response{}, nil
}

// ListPolicyVersions lists every version of a policy.
func (s *Server) ListPolicyVersions(ctx context.Context, in api.ListPolicyVersionsRequestObject) (api.ListPolicyVersionsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	list, err := s.policies.Versions(ctx, in.ChoirId, in.PolicyId)
	if err != nil {
		return nil, err
	}
	out := api.ListPolicyVersions200JSONResponse{Versions: make([]api.PolicyVersion, 0, len(list))}
	for _, v := range list {
		out.Versions = append(out.Versions, api.PolicyVersion{Version: v.Version, Title: v.Title, Body: v.Body, BodyHtml: v.BodyHTML,
			Material: v.Material, AuthorName: v.AuthorName, CreatedAt: v.CreatedAt})
	}
	return out, nil
}

// AcknowledgePolicy records that the caller accepts a policy's newest version.
func (s *Server) AcknowledgePolicy(ctx context.Context, in api.AcknowledgePolicyRequestObject) (api.AcknowledgePolicyResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewDashboard); err != nil {
		return nil, err
	}
	if in.Body == nil || in.Body.Version < 1 {
		return nil, apperr.Validation(map[string]string{"version": "Name the version you read"}, "version")
	}
	if err := s.policies.Acknowledge(ctx, in.ChoirId, requestFrom(ctx).user.ID, in.PolicyId, in.Body.Version); err != nil {
		return nil, err
	}
	return api.AcknowledgePolicy204Response{}, nil
}

// GetPolicyAcknowledgements says who has acknowledged a policy.
func (s *Server) GetPolicyAcknowledgements(ctx context.Context, in api.GetPolicyAcknowledgementsRequestObject) (api.GetPolicyAcknowledgementsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	a, err := s.policies.Acknowledgements(ctx, in.ChoirId, in.PolicyId)
	if err != nil {
		return nil, err
	}
	out := api.GetPolicyAcknowledgements200JSONResponse{Totals: api.PolicyStats{Members: a.Totals.Members, Acknowledged: a.Totals.Acknowledged},
		People: make([]api.PolicyPerson, 0, len(a.People)), RemindedAt: a.Policy.RemindedAt, NextReminderAt: s.nextPolicyReminder(a.Policy)}
	for _, p := range a.People {
		out.People = append(out.People, api.PolicyPerson{UserId: p.UserID, Name: p.Name, Acknowledged: p.Acknowledged,
			AcknowledgedAt: p.AcknowledgedAt, Version: p.Version})
	}
	return out, nil
}

// RemindPolicy emails those who have not acknowledged a policy.
func (s *Server) RemindPolicy(ctx context.Context, in api.RemindPolicyRequestObject) (api.RemindPolicyResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	c, err := s.choirs.Get(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	at, err := s.policies.Remind(ctx, in.ChoirId, c.TimeZone, in.PolicyId)
	if err != nil {
		return nil, err
	}
	return api.RemindPolicy200JSONResponse{RemindedAt: at, NextReminderAt: at.Add(policies.RemindEvery)}, nil
}

func policyAuthor(ctx context.Context) policies.Author {
	u := requestFrom(ctx).user
	return policies.Author{ID: u.ID, Name: strings.TrimSpace(u.FirstName + " " + u.LastName)}
}

func policyInput(b *api.PolicyInput) policies.Input {
	if b == nil {
		return policies.Input{}
	}
	return policies.Input{Title: b.Title, Body: b.Body, Material: deref(b.MaterialChange)}
}

// nextPolicyReminder is when the next reminder may go, while that is ahead.
func (s *Server) nextPolicyReminder(p *policies.Policy) *time.Time {
	next := p.NextReminder()
	if next.IsZero() || !next.After(s.now()) {
		return nil
	}
	return &next
}

func (s *Server) policy(p *policies.Policy) api.Policy {
	out := api.Policy{Id: p.ID, Title: p.Title, Body: p.Body, BodyHtml: p.BodyHTML, Version: p.Version, AcknowledgeVersion: p.AckVersion,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt, Acknowledged: p.Acknowledged}
	if p.Stats != nil {
		out.Stats = &api.PolicyStats{Members: p.Stats.Members, Acknowledged: p.Stats.Acknowledged}
		out.RemindedAt, out.NextReminderAt = p.RemindedAt, s.nextPolicyReminder(p)
	}
	return out
}

// concertHorizon is how far ahead the rules offer concerts to count up to.
const concertHorizon = 366

// GetAttendanceRules reads the choir's attendance rules and the concerts to choose from.
func (s *Server) GetAttendanceRules(ctx context.Context, in api.GetAttendanceRulesRequestObject) (api.GetAttendanceRulesResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	c, err := s.choirs.Get(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	r, err := s.policies.Rules(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	loc := choirLocation(c.TimeZone)
	today := liturgy.DateOf(s.now().In(loc))
	items, err := s.calendar.Published(ctx, in.ChoirId, c.TimeZone, today, today.AddDays(concertHorizon))
	if err != nil {
		return nil, err
	}
	out := api.GetAttendanceRules200JSONResponse{Rules: apiRules(r), Configured: r.Any(), Concerts: []api.AttendanceConcert{}}
	chosen := ""
	if r != nil {
		chosen = r.ConcertKey
	}
	for _, it := range items {
		if it.Event.Type != "concert" {
			continue
		}
		if it.ID == chosen {
			chosen = ""
		}
		out.Concerts = append(out.Concerts, api.AttendanceConcert{Id: it.ID, Title: it.Event.Title, Date: apiDay(itemDay(it, loc))})
	}
	// A chosen concert now past stays choosable, first.
	if chosen != "" {
		if title, day, ok := s.concert(ctx, in.ChoirId, chosen, loc); ok {
			out.Concerts = append([]api.AttendanceConcert{{Id: chosen, Title: title, Date: apiDay(day)}}, out.Concerts...)
		}
	}
	return out, nil
}

// SaveAttendanceRules sets the choir's attendance rules.
func (s *Server) SaveAttendanceRules(ctx context.Context, in api.SaveAttendanceRulesRequestObject) (api.SaveAttendanceRulesResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	if in.Body == nil {
		return nil, apperr.Validation(map[string]string{"period": policies.MsgPeriod}, "period")
	}
	r := policies.Rules{MaxAbsences: in.Body.MaxAbsences, Period: string(in.Body.Period), ConcertKey: deref(in.Body.ConcertId),
		MandatoryTypes: in.Body.MandatoryTypes, LatesPerAbsence: in.Body.LatesPerAbsence}
	if err := policies.ValidateRules(&r); err != nil {
		return nil, err
	}
	if r.Period == policies.PeriodConcert {
		if _, _, ok := s.concert(ctx, in.ChoirId, r.ConcertKey, time.UTC); !ok {
			return nil, apperr.Validation(map[string]string{"concertId": policies.MsgConcert}, "concertId")
		}
	}
	if err := s.policies.SaveRules(ctx, in.ChoirId, r); err != nil {
		return nil, err
	}
	return api.SaveAttendanceRules204Response{}, nil
}

// ListAttendanceStanding is every member's standing, for directors.
func (s *Server) ListAttendanceStanding(ctx context.Context, in api.ListAttendanceStandingRequestObject) (api.ListAttendanceStandingResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageChoir); err != nil {
		return nil, err
	}
	r, period, list, err := s.standings(ctx, in.ChoirId, "")
	if err != nil {
		return nil, err
	}
	out := api.ListAttendanceStanding200JSONResponse{Configured: r.Any(), Members: make([]api.MemberStanding, 0, len(list))}
	if r.Any() {
		rules := apiRules(r)
		out.Rules, out.Period = &rules, period
	}
	for _, st := range list {
		out.Members = append(out.Members, apiStanding(st))
	}
	return out, nil
}

// GetMyAttendanceStanding is the caller's own standing.
func (s *Server) GetMyAttendanceStanding(ctx context.Context, in api.GetMyAttendanceStandingRequestObject) (api.GetMyAttendanceStandingResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewDashboard); err != nil {
		return nil, err
	}
	member, err := s.activeMember(ctx, in.ChoirId)
	if err != nil || !member {
		return api.GetMyAttendanceStanding200JSONResponse{}, err
	}
	r, period, list, err := s.standings(ctx, in.ChoirId, requestFrom(ctx).user.ID)
	if err != nil {
		return nil, err
	}
	out := api.GetMyAttendanceStanding200JSONResponse{Configured: r.Any()}
	if r.Any() && len(list) == 1 {
		rules := apiRules(r)
		st := apiStanding(list[0])
		out.Rules, out.Period, out.Standing = &rules, period, &st
	}
	return out, nil
}

// standings reads the rules, works out their period (the season containing
// today, or the run-up to the chosen concert: from the start of its season
// to its day; the season when the concert is gone) and counts.
func (s *Server) standings(ctx context.Context, choirID, userID string) (*policies.Rules, *api.AttendancePeriod, []policies.Standing, error) {
	r, err := s.policies.Rules(ctx, choirID)
	if err != nil || !r.Any() {
		return r, nil, nil, err
	}
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return nil, nil, nil, err
	}
	loc := choirLocation(c.TimeZone)
	from, to := policies.Season(liturgy.DateOf(s.now().In(loc)))
	period := &api.AttendancePeriod{}
	if r.Period == policies.PeriodConcert {
		if title, day, ok := s.concert(ctx, choirID, r.ConcertKey, loc); ok {
			from, _ = policies.Season(day)
			to = day
			period.ConcertTitle = &title
		}
	}
	period.From, period.To = apiDay(from), apiDay(to)
	list, err := s.policies.Standings(ctx, choirID, r, policies.PeriodOf(from, to, loc), userID)
	if err != nil {
		return nil, nil, nil, err
	}
	return r, period, list, nil
}

// concert reads the title and day of a concert the calendar names by key;
// ok is false when it is gone.
func (s *Server) concert(ctx context.Context, choirID, key string, loc *time.Location) (string, liturgy.Date, bool) {
	o, err := s.calendar.Occurrence(ctx, choirID, key, true)
	if err != nil {
		return "", liturgy.Date{}, false
	}
	if o.Date != "" {
		if d, err := liturgy.ParseDate(o.Date); err == nil {
			return o.Shown.Title, d, true
		}
	}
	return o.Shown.Title, liturgy.DateOf(o.Start.In(loc)), true
}

func itemDay(it calendar.Item, loc *time.Location) liturgy.Date {
	if it.IsInstance() {
		return it.Date
	}
	return liturgy.DateOf(it.Start.In(loc))
}

func choirLocation(tz string) *time.Location {
	loc, err := zone.Load(tz)
	if err != nil {
		return time.UTC
	}
	return loc
}

func apiDay(d liturgy.Date) openapi_types.Date { return openapi_types.Date{Time: d.Time()} }

func apiRules(r *policies.Rules) api.AttendanceRules {
	if r == nil {
		return api.AttendanceRules{Period: api.AttendanceRulesPeriod(policies.PeriodSeason), MandatoryTypes: []string{}}
	}
	out := api.AttendanceRules{MaxAbsences: r.MaxAbsences, Period: api.AttendanceRulesPeriod(r.Period),
		MandatoryTypes: append([]string{}, r.MandatoryTypes...), LatesPerAbsence: r.LatesPerAbsence}
	if r.ConcertKey != "" {
		key := r.ConcertKey
		out.ConcertId = &key
	}
	return out
}

func apiStanding(st policies.Standing) api.MemberStanding {
	return api.MemberStanding{UserId: st.UserID, Name: st.Name, Absences: st.Absences, MissedMandatory: st.MissedMandatory,
		Lates: st.Lates, Standing: api.MemberStandingStanding(st.Status)}
}
