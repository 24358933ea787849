package calendar

import (
	"fmt"
	"io"
	"strings"

	"github.com/cantica/cantica/internal/ics"
)

// WriteOccurrence writes one event or one occurrence of a series as an
// iCalendar document of a single VEVENT, for a calendar download from an
// emailed link. An occurrence gets a UID of its own (series and date), as
// feast-based series do in feeds, so that importing it adds that date only.
func (s *Service) WriteOccurrence(w io.Writer, o *Occurrence) error {
	uid := s.uid(o.EventID)
	if o.Date != "" {
		uid = s.uid(o.EventID + "-" + strings.ReplaceAll(o.Date, "-", ""))
	}
	v := s.vevent(o.Shown, uid, s.now())
	v.Start, v.End = o.Start, o.End
	cal := ics.Calendar{ProdID: "-//Cantica//Choir Calendar//EN", Name: o.Shown.Title, Events: []ics.Event{v}}
	if err := ics.Write(w, cal); err != nil {
		return fmt.Errorf("calendar: write the iCalendar document of %s: %w", o.Key, err)
	}
	return nil
}
