package choirmail

import (
	"context"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/music"
	"github.com/cantica/cantica/internal/planning"
)

// PlanOf is the music planned for an event or occurrence of a choir, with
// which pieces can be practised; nil when nothing is planned. The event
// email, the email-link pages and the weekly digest show it alike.
func PlanOf(ctx context.Context, plans *planning.Service, library *music.Service, choirID, eventKey string) (*Plan, error) {
	p, err := plans.ForEvent(ctx, choirID, eventKey)
	if e, ok := apperr.As(err); ok && e.Kind == apperr.NotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := &Plan{Title: p.Title, Notes: p.Notes}
	var ids []string
	for _, sl := range p.Slots {
		if sl.Music == nil {
			continue
		}
		ids = append(ids, sl.Music.ID)
		out.Pieces = append(out.Pieces, PlanPiece{MusicID: sl.Music.ID, Label: sl.Label, Title: sl.Music.Title,
			Composer: sl.Music.Composer, Note: sl.Note})
	}
	practisable, err := library.Practisable(ctx, choirID, ids)
	if err != nil {
		return nil, err
	}
	for i := range out.Pieces {
		out.Pieces[i].Practisable = practisable[out.Pieces[i].MusicID]
	}
	return out, nil
}
