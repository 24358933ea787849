package analytics

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cantica/cantica/internal/sheet"
)

// Tables a section's CSV can be (query parameter table).
const (
	TableMembers = "members"
	TableParts   = "parts"
	TableEvents  = "events"
	TableTypes   = "types"
	TableSung    = "sung"
	TableNever   = "never"
	TableSeasons = "seasons"
)

// Event type names as the page shows them.
var typeWords = map[string]string{"rehearsal": "Rehearsal", "service": "Service", "concert": "Concert",
	"liturgical_feast": "Liturgical feast", "other": "Other"}

// TypeName is an event type as people read it.
func TypeName(t string) string {
	if w, ok := typeWords[t]; ok {
		return w
	}
	return t
}

// Pct writes a percentage as the page shows it: "75 %", or "—" for none.
func Pct(v int) string {
	if v < 0 {
		return "—"
	}
	return strconv.Itoa(v) + " %"
}

// Hundredths writes 1250 as "12.5" and 1200 as "12".
func Hundredths(v int) string {
	s := strconv.Itoa(v / 100)
	if r := v % 100 / 10; r != 0 {
		s += "." + strconv.Itoa(r)
	}
	return s
}

// writeTable writes a header and rows, every cell guarded against being
// read as a formula by a spreadsheet.
func writeTable(w io.Writer, header []string, rows [][]string) error {
	out := csv.NewWriter(w)
	if err := out.Write(header); err != nil {
		return fmt.Errorf("analytics: write a table's header: %w", err)
	}
	for _, row := range rows {
		for i, cell := range row {
			row[i] = sheet.Guard(cell)
		}
		if err := out.Write(row); err != nil {
			return fmt.Errorf("analytics: write a table's row: %w", err)
		}
	}
	out.Flush()
	if err := out.Error(); err != nil {
		return fmt.Errorf("analytics: write a table: %w", err)
	}
	return nil
}

func counts(c Counts) []string {
	return []string{strconv.Itoa(c.Present), strconv.Itoa(c.Excused), strconv.Itoa(c.Absent), strconv.Itoa(c.Marked()), Pct(c.Rate())}
}

var countHeader = []string{"Present", "Excused", "Absent", "Events taken", "Attendance rate"}

// WriteAttendanceCSV writes one table of the attendance section: members,
// parts, events or types. It reports false for another table name.
func WriteAttendanceCSV(w io.Writer, a *Attendance, table string) (bool, error) {
	var header []string
	var rows [][]string
	switch table {
	case TableMembers:
		header = append([]string{"Member", "Voice parts"}, countHeader...)
		header = append(header, "Below threshold")
		for _, m := range a.Members {
			below := "No"
			if m.Below {
				below = "Yes"
			}
			rows = append(rows, append(append([]string{m.Name, strings.Join(m.Parts, ", ")}, counts(m.Counts)...), below))
		}
	case TableParts:
		header = append([]string{"Voice part"}, countHeader...)
		for _, p := range a.Parts {
			rows = append(rows, append([]string{p.Name}, counts(p.Counts)...))
		}
	case TableEvents:
		header = append([]string{"Date", "Event", "Type"}, countHeader...)
		for _, e := range a.Events {
			rows = append(rows, append([]string{e.Date, e.Title, TypeName(e.Type)}, counts(e.Counts)...))
		}
	case TableTypes:
		header = []string{"Event type", "Events", "Average singers present"}
		for _, t := range a.Types {
			rows = append(rows, []string{TypeName(t.Type), strconv.Itoa(t.Events), Hundredths(t.AverageHundreds)})
		}
	default:
		return false, nil
	}
	return true, writeTable(w, header, rows)
}

// WriteAnswersCSV writes the answers section's members table.
func WriteAnswersCSV(w io.Writer, a *Answers, table string) (bool, error) {
	if table != TableMembers {
		return false, nil
	}
	rows := make([][]string, 0, len(a.Members))
	for _, m := range a.Members {
		rows = append(rows, []string{m.Name, strings.Join(m.Parts, ", "), strconv.Itoa(m.Asked), strconv.Itoa(m.Answered), Pct(m.ResponseRate()),
			strconv.Itoa(m.YesMarked), strconv.Itoa(m.YesAbsent), Pct(m.YesNoShowRate()),
			strconv.Itoa(m.NoMarked), strconv.Itoa(m.NoPresent), Pct(m.NoCameRate())})
	}
	return true, writeTable(w, []string{"Member", "Voice parts", "Events", "Answered", "Response rate",
		"Said yes, attendance taken", "Said yes, absent", "Said yes and did not come",
		"Said no, attendance taken", "Said no, present", "Said no and came"}, rows)
}

// WriteMusicCSV writes one table of the music section: sung, never or seasons.
func WriteMusicCSV(w io.Writer, m *Music, table string) (bool, error) {
	var header []string
	var rows [][]string
	switch table {
	case TableSung:
		header = []string{"Piece", "Composer", "Times sung", "Last sung"}
		for _, u := range m.Sung {
			rows = append(rows, []string{u.Title, u.Composer, strconv.Itoa(u.Times), u.LastSung})
		}
	case TableNever:
		header = []string{"Piece", "Composer", "Added"}
		for _, u := range m.Never {
			rows = append(rows, []string{u.Title, u.Composer, u.Added})
		}
	case TableSeasons:
		header = []string{"Season", "Piece", "Times sung"}
		for _, u := range m.Season {
			rows = append(rows, []string{u.SeasonName, u.Title, strconv.Itoa(u.Times)})
		}
	default:
		return false, nil
	}
	return true, writeTable(w, header, rows)
}
