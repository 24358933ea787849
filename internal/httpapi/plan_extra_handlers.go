package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/access"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/music"
	"github.com/cantica/cantica/internal/planning"
	"github.com/cantica/cantica/internal/planpdf"
)

// The feasts and seasons of a piece, the usage report and the plan as PDF
// (issue 18).

// liturgyFeast is one feast of api.MusicLiturgy.
type liturgyFeast = struct {
	FeastKey string `json:"feastKey"`
	Name     string `json:"name"`
}

// choirSeasons are the seasons of a calendar type in the order of the year.
func choirSeasons(calendarType string) []api.LiturgicalSeason {
	out := []api.LiturgicalSeason{}
	for _, season := range liturgy.Seasons(calendarType) {
		out = append(out, api.LiturgicalSeason{Key: season.Key, Name: season.Name})
	}
	return out
}

// feastNames are the names of the feasts of the choir's calendar by key:
// those listChoirFeasts offers, so those a piece may be tagged with.
func (s *Server) feastNames(ctx context.Context, choirID string) (map[string]string, error) {
	masters, err := s.calendar.ChoirFeasts(ctx, choirID, access.SeesUnpublishedCalendars(platform(ctx)))
	if err != nil {
		return nil, err
	}
	names := make(map[string]string, len(masters))
	for _, m := range masters {
		names[m.Key] = m.Name
	}
	return names, nil
}

// liturgyOut names a piece's feasts and seasons by the choir's calendar,
// feasts by name and seasons in the order of the year. A key the calendar
// no longer has (after a change of affiliation) shows as itself, so that
// it can be seen and taken off.
func liturgyOut(l *music.Liturgy, feasts map[string]string, seasons []api.LiturgicalSeason) api.MusicLiturgy {
	out := api.MusicLiturgy{Feasts: make([]liturgyFeast, 0, len(l.FeastKeys)), Seasons: []api.LiturgicalSeason{}}
	for _, k := range l.FeastKeys {
		name, ok := feasts[k]
		if !ok {
			name = k
		}
		out.Feasts = append(out.Feasts, liturgyFeast{FeastKey: k, Name: name})
	}
	slices.SortStableFunc(out.Feasts, func(a, b liturgyFeast) int { return strings.Compare(a.Name, b.Name) })
	for _, season := range seasons {
		if slices.Contains(l.Seasons, season.Key) {
			out.Seasons = append(out.Seasons, season)
		}
	}
	for _, k := range l.Seasons {
		if !slices.ContainsFunc(seasons, func(x api.LiturgicalSeason) bool { return x.Key == k }) {
			out.Seasons = append(out.Seasons, api.LiturgicalSeason{Key: k, Name: k})
		}
	}
	return out
}

// choirLiturgy is what names a piece's liturgical use in a choir: the
// feasts and the seasons of its calendar.
func (s *Server) choirLiturgy(ctx context.Context, choirID string) (map[string]string, []api.LiturgicalSeason, error) {
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return nil, nil, err
	}
	feasts, err := s.feastNames(ctx, choirID)
	if err != nil {
		return nil, nil, err
	}
	return feasts, choirSeasons(c.CalendarType), nil
}

// GetMusicLiturgy answers the feasts and seasons a piece is sung for.
func (s *Server) GetMusicLiturgy(ctx context.Context, in api.GetMusicLiturgyRequestObject) (api.GetMusicLiturgyResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	l, err := s.music.Liturgy(ctx, in.ChoirId, in.MusicId)
	if err != nil {
		return nil, err
	}
	feasts, seasons, err := s.choirLiturgy(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	return api.GetMusicLiturgy200JSONResponse(liturgyOut(l, feasts, seasons)), nil
}

// SetMusicLiturgy replaces the feasts and seasons a piece is sung for.
func (s *Server) SetMusicLiturgy(ctx context.Context, in api.SetMusicLiturgyRequestObject) (api.SetMusicLiturgyResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	feasts, seasons, err := s.choirLiturgy(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	isFeast := func(k string) bool { _, ok := feasts[k]; return ok }
	isSeason := func(k string) bool {
		return slices.ContainsFunc(seasons, func(x api.LiturgicalSeason) bool { return x.Key == k })
	}
	l, err := s.music.SetLiturgy(ctx, in.ChoirId, in.MusicId, music.Liturgy{FeastKeys: in.Body.FeastKeys, Seasons: in.Body.Seasons}, isFeast, isSeason)
	if err != nil {
		return nil, err
	}
	return api.SetMusicLiturgy200JSONResponse(liturgyOut(l, feasts, seasons)), nil
}

// musicUsage is the usage report of a range for those who may read plans,
// from the plans they may read.
func (s *Server) musicUsage(ctx context.Context, choirID, from, to string) ([]planning.UsageItem, error) {
	seesDrafts, err := s.planReader(ctx, choirID)
	if err != nil {
		return nil, err
	}
	return s.planning.Usage(ctx, choirID, from, to, seesDrafts)
}

// GetMusicUsage answers how often each piece was planned in a range.
func (s *Server) GetMusicUsage(ctx context.Context, in api.GetMusicUsageRequestObject) (api.GetMusicUsageResponseObject, error) {
	items, err := s.musicUsage(ctx, in.ChoirId, in.Params.From, in.Params.To)
	if err != nil {
		return nil, err
	}
	out := api.GetMusicUsage200JSONResponse{From: in.Params.From, To: in.Params.To, Items: make([]api.MusicUsageItem, 0, len(items))}
	for _, it := range items {
		out.Items = append(out.Items, api.MusicUsageItem{MusicId: it.MusicID, Title: it.Title, Composer: it.Composer,
			LibraryNumber: it.LibraryNumber, TimesSung: it.TimesSung, Dates: it.Dates})
	}
	return out, nil
}

// ExportMusicUsage answers the usage report as CSV.
func (s *Server) ExportMusicUsage(ctx context.Context, in api.ExportMusicUsageRequestObject) (api.ExportMusicUsageResponseObject, error) {
	items, err := s.musicUsage(ctx, in.ChoirId, in.Params.From, in.Params.To)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := planning.WriteUsageCSV(&buf, items); err != nil {
		return nil, err
	}
	// The dates were checked as YYYY-MM-DD: safe in a file name.
	name := fmt.Sprintf("music-usage-%s-to-%s.csv", in.Params.From, in.Params.To)
	requestFrom(ctx).w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
	return api.ExportMusicUsage200TextcsvResponse{Body: &buf, ContentLength: int64(buf.Len())}, nil
}

// DownloadPlanPdf answers a plan as a one-page PDF, to whoever may read
// it (getPlan): the plan of a draft event only to those who see drafts.
func (s *Server) DownloadPlanPdf(ctx context.Context, in api.DownloadPlanPdfRequestObject) (api.DownloadPlanPdfResponseObject, error) {
	p, err := s.readablePlan(ctx, in.ChoirId, in.PlanId)
	if err != nil {
		return nil, err
	}
	c, err := s.choirs.Get(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	doc := planpdf.Plan{Choir: c.Name, Title: firstText(p.Title, p.EventTitle, "Music plan"), Date: p.Date, Feast: p.FeastName, Notes: p.Notes}
	if d, err := time.Parse(time.DateOnly, p.Date); err == nil {
		doc.Date = d.Format("Monday 2 January 2006")
	}
	for _, sl := range p.Slots {
		line := planpdf.Slot{Label: sl.Label, Note: sl.Note}
		if sl.Music != nil {
			line.Title, line.Composer, line.Number = sl.Music.Title, sl.Music.Composer, sl.Music.LibraryNumber
		}
		doc.Slots = append(doc.Slots, line)
	}
	pdf := planpdf.Render(doc)
	name := fmt.Sprintf("plan-%s.pdf", p.Date)
	requestFrom(ctx).w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
	return api.DownloadPlanPdf200ApplicationpdfResponse{Body: bytes.NewReader(pdf), ContentLength: int64(len(pdf))}, nil
}

// firstText is the first of texts that is not blank.
func firstText(texts ...string) string {
	for _, t := range texts {
		if strings.TrimSpace(t) != "" {
			return t
		}
	}
	return ""
}
