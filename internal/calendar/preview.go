package calendar

import (
	"context"

	"github.com/cantica/cantica/internal/feast"
	"github.com/cantica/cantica/internal/recurrence"
)

// PreviewCount is how many occurrences a preview shows.
const PreviewCount = 5

// Preview is a rule in plain words and its next occurrences.
type Preview struct {
	Description string
	TimeZone    string // the zone the event keeps its wall-clock time in
	AllDay      bool
	Occurrences []recurrence.Occurrence
}

// Preview checks an event as the form holds it and shows what it would do.
func (s *Service) Preview(ctx context.Context, choirID string, in Input) (*Preview, error) {
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return nil, err
	}
	ev, err := in.parse(c.TimeZone)
	if err != nil {
		return nil, err
	}
	if ev.Rule == nil {
		return &Preview{Description: "Does not repeat", TimeZone: ev.TimeZone, AllDay: ev.AllDay,
			Occurrences: []recurrence.Occurrence{{Date: ev.localDate(), Start: ev.Start, End: ev.End}}}, nil
	}
	description, err := s.Describe(ctx, ev.Rule)
	if err != nil {
		return nil, err
	}
	from, to := ev.Start, ev.Start.AddDate(10, 0, 0)
	feasts, err := s.feastLookup(ctx, nil, map[string]*Event{"": ev}, from, to)
	if err != nil {
		return nil, err
	}
	occ := recurrence.Expand(ev.series(), from, to, feasts)
	return &Preview{Description: description, TimeZone: ev.TimeZone, AllDay: ev.AllDay, Occurrences: occ[:min(len(occ), PreviewCount)]}, nil
}

// Describe words an event's rule, naming its feast.
func (s *Service) Describe(ctx context.Context, r *recurrence.Rule) (string, error) {
	if r == nil {
		return "", nil
	}
	name := ""
	if r.FeastID != "" {
		var err error
		if name, err = s.feasts.Name(ctx, r.FeastID); err != nil {
			return "", err
		}
	}
	return recurrence.Describe(*r, name), nil
}

// ChoirFeasts lists the active feasts of a choir's liturgical calendar for
// feast-based rules; like the calendar, an unpublished calendar offers
// none, except to a global admin (seesUnpublished).
func (s *Service) ChoirFeasts(ctx context.Context, choirID string, seesUnpublished bool) ([]feast.Master, error) {
	c, err := s.choirs.Get(ctx, choirID)
	if err != nil {
		return nil, err
	}
	if c.CalendarType == "" {
		return []feast.Master{}, nil
	}
	visible, err := s.feasts.Visible(ctx, c.CalendarType, seesUnpublished)
	if err != nil || !visible {
		return []feast.Master{}, err
	}
	y := s.now().Year()
	if err := s.feasts.ShowYears(ctx, c.CalendarType, y-1, y+2); err != nil {
		return nil, err
	}
	all, err := s.feasts.Masters(ctx, c.CalendarType, "")
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, m := range all {
		if m.Active {
			out = append(out, m)
		}
	}
	return out, nil
}
