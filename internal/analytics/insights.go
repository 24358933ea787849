package analytics

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/sheet"
)

// Insights answers the readiness, practice and "my year" sections of the
// analytics (issue 28). Each answer is read with a constant number of
// statements, its sums made by the database.
type Insights struct {
	db  *db.DB
	cal *calendar.Service
	now func() time.Time
}

// NewInsights makes the service; cal finds the next service or concert.
func NewInsights(d *db.DB, cal *calendar.Service, now func() time.Time) *Insights {
	return &Insights{db: d, cal: cal, now: now}
}

// minutes is whole minutes of practice, rounded down, so that a page never
// shows "10 min" for a singer who is still short of the 10-minute mark.
func minutes(seconds float64) int {
	if seconds <= 0 || math.IsNaN(seconds) {
		return 0
	}
	return int(math.Min(math.Floor(seconds/60), math.MaxInt32))
}

// WriteTable writes a header row and rows as CSV; cells a spreadsheet would
// run as a formula are guarded.
func WriteTable(w io.Writer, header []string, rows [][]string) error {
	out := csv.NewWriter(w)
	if err := out.Write(header); err != nil {
		return fmt.Errorf("analytics: write the export's header: %w", err)
	}
	for _, r := range rows {
		guarded := make([]string, len(r))
		for i, cell := range r {
			guarded[i] = sheet.Guard(cell)
		}
		if err := out.Write(guarded); err != nil {
			return fmt.Errorf("analytics: write the export: %w", err)
		}
	}
	out.Flush()
	if err := out.Error(); err != nil {
		return fmt.Errorf("analytics: write the export: %w", err)
	}
	return nil
}
