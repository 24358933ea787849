package httpapi

import (
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/planning"
)

// planOut is a plan as the API shows it.
func planOut(p *planning.Plan) api.Plan {
	out := api.Plan{Id: p.ID, Date: p.Date, EventType: p.EventType, FeastKey: p.FeastKey, FeastName: p.FeastName,
		Title: p.Title, Notes: p.Notes, Version: p.Version, UpdatedAt: p.UpdatedAt, Slots: make([]api.PlanSlot, 0, len(p.Slots))}
	if p.EventKey != "" {
		key, title := p.EventKey, p.EventTitle
		out.EventId, out.EventTitle = &key, &title
	}
	for _, sl := range p.Slots {
		slot := api.PlanSlot{Label: sl.Label, Note: sl.Note, DurationMinutes: sl.DurationMinutes}
		if sl.Music != nil {
			id := sl.MusicID
			slot.MusicId = &id
			slot.Music = &api.PlanPiece{Id: sl.Music.ID, Title: sl.Music.Title, Composer: sl.Music.Composer,
				LibraryNumber: sl.Music.LibraryNumber, IsArchived: sl.Music.IsArchived}
		}
		out.Slots = append(out.Slots, slot)
	}
	return out
}
