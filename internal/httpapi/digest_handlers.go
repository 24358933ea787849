package httpapi

import (
	"context"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/digest"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// The weekly digest (issue 27): a choir's administrators (manage:
// communications) choose its day and hour, preview it as any member, send
// themselves a test and read the history of its runs.

func digestSettings(st *digest.Settings) api.DigestSettings {
	out := api.DigestSettings{Enabled: st.Enabled, Weekday: api.DigestWeekday(digest.WeekdayName(st.Weekday)), Hour: st.Hour,
		TimeZone: st.TimeZone}
	if !st.Next.IsZero() {
		next := st.Next.UTC()
		out.NextRunAt = &next
	}
	return out
}

// GetDigestSettings reads the choir's digest schedule.
func (s *Server) GetDigestSettings(ctx context.Context, in api.GetDigestSettingsRequestObject) (api.GetDigestSettingsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	st, err := s.digest.Settings(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.GetDigestSettings200JSONResponse(digestSettings(st)), nil
}

// SetDigestSettings changes the choir's digest schedule.
func (s *Server) SetDigestSettings(ctx context.Context, in api.SetDigestSettingsRequestObject) (api.SetDigestSettingsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	if in.Body == nil {
		return nil, apperr.Validation(map[string]string{"weekday": digest.MsgWeekday}, "weekday")
	}
	st, err := s.digest.SetSchedule(ctx, in.ChoirId, digest.Schedule{Enabled: in.Body.Enabled,
		Weekday: digest.ParseWeekday(string(in.Body.Weekday)), Hour: in.Body.Hour})
	if err != nil {
		return nil, err
	}
	return api.SetDigestSettings200JSONResponse(digestSettings(st)), nil
}

// PreviewDigest builds the digest a member of the choir would get.
func (s *Server) PreviewDigest(ctx context.Context, in api.PreviewDigestRequestObject) (api.PreviewDigestResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	userID := strings.TrimSpace(in.Params.UserId)
	if userID == "" || len(userID) > 100 {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, digest.MsgMemberNotFound)
	}
	p, err := s.digest.Preview(ctx, in.ChoirId, userID)
	if err != nil {
		return nil, err
	}
	return api.PreviewDigest200JSONResponse{Subject: p.Subject, Html: p.HTML, Text: p.Text, Empty: p.Empty, SwitchedOff: p.SwitchedOff}, nil
}

// SendTestDigest emails the caller their own digest of the choir.
func (s *Server) SendTestDigest(ctx context.Context, in api.SendTestDigestRequestObject) (api.SendTestDigestResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	u := requestFrom(ctx).user
	to, err := s.digest.SendTest(ctx, in.ChoirId, u.ID)
	if e, ok := apperr.As(err); ok && e.Kind == apperr.NotFound {
		// A global admin who is not a member has no digest of this choir.
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, "You are not a member of this choir, so you get no digest from it.")
	}
	if err != nil {
		return nil, err
	}
	return api.SendTestDigest200JSONResponse{SentTo: to}, nil
}

// ListDigestRuns lists the choir's last digest runs.
func (s *Server) ListDigestRuns(ctx context.Context, in api.ListDigestRunsRequestObject) (api.ListDigestRunsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	runs, err := s.digest.Runs(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	out := make(api.ListDigestRuns200JSONResponse, 0, len(runs))
	for _, r := range runs {
		out = append(out, api.DigestRun{Week: r.Week, PlannedAt: r.PlannedAt.UTC().Truncate(time.Second), Sent: r.Sent, Skipped: r.Skipped,
			Failed: r.Failed, Pending: r.Pending})
	}
	return out, nil
}
