package planning

import (
	"cmp"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/sheet"
)

// Messages of the usage report.
const (
	MsgUsageDate  = "Please give dates as YYYY-MM-DD."
	MsgUsageOrder = "The range must not end before it starts."
	MsgUsageRange = "Please ask for at most 3 years at once."
)

// UsageMaxYears bounds the range of one usage report.
const UsageMaxYears = 3

// UsageItem is how often one piece was planned in a range.
type UsageItem struct {
	MusicID, Title, Composer, LibraryNumber string
	TimesSung                               int
	Dates                                   []string // distinct, ascending
	titleKey                                string
}

// CheckUsageRange validates a report's range: YYYY-MM-DD dates, inclusive,
// to not before from and at most three years after it.
func CheckUsageRange(from, to string) error {
	f, errF := time.Parse(time.DateOnly, from)
	t, errT := time.Parse(time.DateOnly, to)
	fields := apperr.Fields{}
	if errF != nil {
		fields.Add("from", MsgUsageDate)
	}
	if errT != nil {
		fields.Add("to", MsgUsageDate)
	}
	switch {
	case errF != nil || errT != nil:
	case t.Before(f):
		fields.Add("to", MsgUsageOrder)
	case t.After(f.AddDate(UsageMaxYears, 0, 0)):
		fields.Add("to", MsgUsageRange)
	}
	return fields.Err()
}

// Usage reports, for licence returns, how often each piece was planned in
// the plans dated from..to (inclusive): most often first, then by title.
// A piece counts once per plan it appears in, however many of the plan's
// slots hold it (sung twice in one service is one performance to report);
// two services on one date count twice, the date being listed once. The
// plans of draft events count only for those who see drafts.
func (s *Service) Usage(ctx context.Context, choirID, from, to string, seesDrafts bool) ([]UsageItem, error) {
	if err := CheckUsageRange(from, to); err != nil {
		return nil, err
	}
	drafts := ""
	if !seesDrafts {
		drafts = hiddenDraft
	}
	rows, err := s.db.QueryContext(ctx, `SELECT m.id, m.title, m.title_key, COALESCE(c.name, m.composer, ''), COALESCE(m.number, ''),
			p.plan_date, COUNT(DISTINCT p.id)
		FROM music_plans p
		JOIN music_plan_slots s ON s.plan_id = p.id
		JOIN music m ON m.id = s.music_id AND m.choir_id = p.choir_id
		LEFT JOIN composers c ON c.id = m.composer_id
		WHERE p.choir_id = ? AND p.plan_date >= ? AND p.plan_date <= ?`+drafts+`
		GROUP BY m.id, m.title, m.title_key, c.name, m.composer, m.number, p.plan_date
		ORDER BY m.id, p.plan_date`, choirID, from, to)
	if err != nil {
		return nil, fmt.Errorf("planning: report the music used by %s from %s to %s: %w", choirID, from, to, err)
	}
	var items []UsageItem
	err = db.Each(rows, func(row db.Scanner) error {
		var it UsageItem
		var date string
		var plans int
		if err := row.Scan(&it.MusicID, &it.Title, &it.titleKey, &it.Composer, &it.LibraryNumber, &date, &plans); err != nil {
			return err
		}
		if n := len(items); n > 0 && items[n-1].MusicID == it.MusicID {
			items[n-1].TimesSung += plans
			items[n-1].Dates = append(items[n-1].Dates, date)
			return nil
		}
		it.TimesSung, it.Dates = plans, []string{date}
		items = append(items, it)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("planning: read the music used by %s from %s to %s: %w", choirID, from, to, err)
	}
	slices.SortFunc(items, func(a, b UsageItem) int {
		return cmp.Or(b.TimesSung-a.TimesSung, strings.Compare(a.titleKey, b.titleKey), strings.Compare(a.Title, b.Title),
			strings.Compare(a.MusicID, b.MusicID))
	})
	if items == nil {
		items = []UsageItem{}
	}
	return items, nil
}

// WriteUsageCSV writes a usage report as CSV, one row per piece, the dates
// joined by semicolons; cells a spreadsheet would run are guarded.
func WriteUsageCSV(w io.Writer, items []UsageItem) error {
	out := csv.NewWriter(w)
	if err := out.Write([]string{"Title", "Composer", "Library number", "Times sung", "Dates"}); err != nil {
		return fmt.Errorf("planning: write the usage report's header: %w", err)
	}
	for _, it := range items {
		row := []string{it.Title, it.Composer, it.LibraryNumber, strconv.Itoa(it.TimesSung), strings.Join(it.Dates, "; ")}
		for i, cell := range row {
			row[i] = sheet.Guard(cell)
		}
		if err := out.Write(row); err != nil {
			return fmt.Errorf("planning: write piece %s to the usage report: %w", it.MusicID, err)
		}
	}
	out.Flush()
	if err := out.Error(); err != nil {
		return fmt.Errorf("planning: write the usage report: %w", err)
	}
	return nil
}
