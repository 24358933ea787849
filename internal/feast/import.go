package feast

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/ics"
	"github.com/cantica/cantica/internal/liturgy"
)

// Statuses of an imported row.
const (
	RowNew       = "new"
	RowChanged   = "changed"
	RowUnchanged = "unchanged"
	RowInvalid   = "invalid"
)

// MaxImportRows bounds one import.
const MaxImportRows = 5000

const (
	MsgImportInvalid = "The import has invalid rows; nothing was imported."
	MsgImportEmpty   = "The file has no feasts to import."
	MsgImportTooLong = "The file has more than 5000 feasts. Please split it into smaller files."
	msgUnreadable    = "The file could not be read as %s: %v"
	msgBadFormat     = "Please choose the format: csv, json or ics."
	msgBadDate       = "Please give the date as YYYY-MM-DD, from 1900 to 2200."
	msgBadKey        = "The feast key must be snake_case: lower-case letters, digits and underscores, starting with a letter."
	msgTwice         = "This feast appears twice in the file for the liturgical year %d."
)

var feastKeyPattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,99}$`)

// ImportRow is one row of an import and what it does.
type ImportRow struct {
	Line                       int
	Date, Key, Name, Rank, Typ string
	Status, Reason             string

	year     int // liturgical year, once the row is valid
	keepRank bool
}

// Report is what an import finds or did, row by row.
type Report struct {
	Rows                             []ImportRow
	New, Changed, Unchanged, Invalid int
}

// Preview reads an import and classifies every row against what is
// stored, changing nothing.
func (s *Service) Preview(ctx context.Context, key, format, content string) (*Report, error) {
	if _, err := s.calendarType(ctx, key, true); err != nil {
		return nil, err
	}
	rows, err := parseImport(format, content)
	if err != nil {
		return nil, err
	}
	return classify(ctx, s.db, key, rows)
}

// Import stores an import's rows, all or nothing: any invalid row refuses
// the whole file. Imported instances replace any other instance of the same
// feast and liturgical year, and the master feast takes the row's name and
// rank; importing the same file again changes nothing.
func (s *Service) Import(ctx context.Context, key, format, content string) (*Report, error) {
	if _, err := s.calendarType(ctx, key, true); err != nil {
		return nil, err
	}
	rows, err := parseImport(format, content)
	if err != nil {
		return nil, err
	}
	var rep *Report
	now := s.now()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if rep, err = classify(ctx, tx, key, rows); err != nil {
			return err
		}
		if rep.Invalid > 0 {
			details := map[string]string{}
			for _, r := range rep.Rows {
				if r.Status == RowInvalid {
					details[fmt.Sprintf("line %d", r.Line)] = r.Reason
				}
			}
			e := apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportInvalid)
			e.Details = details
			return e
		}
		masters, err := loadMasters(ctx, tx, key)
		if err != nil {
			return err
		}
		for _, r := range rep.Rows {
			m, err := ensureMaster(ctx, tx, masters, key, liturgy.Day{FeastKey: r.Key, Name: r.Name, Rank: r.Rank, Type: r.Typ}, now)
			if err != nil {
				return err
			}
			if m.name != r.Name || m.rank != r.Rank || m.typ != r.Typ || !m.edited {
				if _, err := tx.ExecContext(ctx, `UPDATE master_feasts SET default_name = ?, rank = ?, type = ?, edited = TRUE, updated_at = ?
					WHERE id = ?`, r.Name, r.Rank, r.Typ, now, m.id); err != nil {
					return fmt.Errorf("feast: import master feast %s of %s: %w", r.Key, key, err)
				}
				m.name, m.rank, m.typ, m.edited = r.Name, r.Rank, r.Typ, true
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM feast_instances WHERE master_feast_id = ? AND liturgical_year = ? AND calendar_date <> ?`,
				m.id, r.year, r.Date); err != nil {
				return fmt.Errorf("feast: clear the other dates of %s in %d: %w", r.Key, r.year, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO feast_instances
				(id, master_feast_id, calendar_date, liturgical_year, active, source, transferred, imported)
				VALUES (?, ?, ?, ?, TRUE, ?, FALSE, TRUE)
				ON CONFLICT (master_feast_id, calendar_date) DO UPDATE SET imported = TRUE, active = TRUE,
					liturgical_year = excluded.liturgical_year`, newID(), m.id, r.Date, r.year, key); err != nil {
				return fmt.Errorf("feast: import %s on %s in %s: %w", r.Key, r.Date, key, err)
			}
		}
		return bumpVersion(ctx, tx)
	})
	if err != nil {
		return nil, err
	}
	s.cache.clear()
	s.logger.Info("feasts imported", "event", "feasts_imported", "calendar_type", key,
		"new", rep.New, "changed", rep.Changed, "unchanged", rep.Unchanged)
	return rep, nil
}

// classify checks every row and compares it with what is stored.
func classify(ctx context.Context, q db.Querier, key string, rows []ImportRow) (*Report, error) {
	masters, err := loadMasters(ctx, q, key)
	if err != nil {
		return nil, err
	}
	rep := &Report{Rows: rows}
	seen := map[string]bool{}
	for i := range rep.Rows {
		r := &rep.Rows[i]
		if r.Status != RowInvalid {
			checkRow(key, r, masters)
		}
		if r.Status != RowInvalid {
			id := fmt.Sprintf("%s/%d", r.Key, r.year)
			if seen[id] {
				r.Status, r.Reason = RowInvalid, fmt.Sprintf(msgTwice, r.year)
			}
			seen[id] = true
		}
		if r.Status != RowInvalid {
			if err := compare(ctx, q, r, masters[r.Key]); err != nil {
				return nil, err
			}
		}
		switch r.Status {
		case RowNew:
			rep.New++
		case RowChanged:
			rep.Changed++
		case RowUnchanged:
			rep.Unchanged++
		default:
			rep.Invalid++
		}
	}
	return rep, nil
}

// checkRow applies the field rules; ICS rows without a rank take the
// stored one.
func checkRow(key string, r *ImportRow, masters map[string]*masterRow) {
	d, err := liturgy.ParseDate(strings.TrimSpace(r.Date))
	if err != nil || d.Year < liturgy.MinYear || d.Year > liturgy.MaxYear {
		r.Status, r.Reason = RowInvalid, msgBadDate
		return
	}
	r.Date = d.String()
	if r.year, err = liturgy.LiturgicalYear(key, d); err != nil {
		r.Status, r.Reason = RowInvalid, msgBadDate
		return
	}
	r.Key = strings.TrimSpace(r.Key)
	if !feastKeyPattern.MatchString(r.Key) {
		r.Status, r.Reason = RowInvalid, msgBadKey
		return
	}
	m := masters[r.Key]
	if r.keepRank && strings.TrimSpace(r.Rank) == "" && m != nil {
		r.Rank = m.rank
	}
	if r.keepRank && strings.TrimSpace(r.Rank) == "" {
		r.Rank = "feast"
	}
	if strings.TrimSpace(r.Typ) == "" {
		r.Typ = "observance"
		if m != nil {
			r.Typ = m.typ
		}
	}
	r.Typ = strings.TrimSpace(r.Typ)
	var f apperr.Fields
	checkNameRank(&r.Name, &r.Rank, &f)
	if err := f.Err(); err != nil {
		r.Status, r.Reason = RowInvalid, err.(*apperr.Error).Message
	}
}

// compare says whether a valid row adds, changes or repeats what is stored.
func compare(ctx context.Context, q db.Querier, r *ImportRow, m *masterRow) error {
	if m == nil {
		r.Status = RowNew
		return nil
	}
	rows, err := q.QueryContext(ctx, `SELECT calendar_date FROM feast_instances
		WHERE master_feast_id = ? AND liturgical_year = ? ORDER BY calendar_date`, m.id, r.year)
	if err != nil {
		return fmt.Errorf("feast: list the dates of feast %s in %d: %w", m.id, r.year, err)
	}
	dates, err := db.All(rows, func(row db.Scanner) (string, error) {
		var date string
		err := row.Scan(&date)
		return date, err
	})
	if err != nil {
		return fmt.Errorf("feast: read the dates of feast %s in %d: %w", m.id, r.year, err)
	}
	var changes []string
	if len(dates) != 1 || dates[0] != r.Date {
		if len(dates) == 0 {
			r.Status = RowNew
			return nil
		}
		changes = append(changes, "date "+strings.Join(dates, ", ")+" → "+r.Date)
	}
	if m.name != r.Name {
		changes = append(changes, fmt.Sprintf("name %q → %q", m.name, r.Name))
	}
	if m.rank != r.Rank {
		changes = append(changes, fmt.Sprintf("rank %s → %s", m.rank, r.Rank))
	}
	if m.typ != r.Typ {
		changes = append(changes, fmt.Sprintf("type %s → %s", m.typ, r.Typ))
	}
	if len(changes) > 0 {
		r.Status, r.Reason = RowChanged, strings.Join(changes, "; ")
	} else {
		r.Status = RowUnchanged // importing it only pins it against recomputation
	}
	return nil
}

// ParseFile reads the feasts of an import file (csv, json or ics) as the
// import does, without checking them against anything stored.
func ParseFile(format, content string) ([]ImportRow, error) { return parseImport(format, content) }

// parseImport reads the rows of a file; a file that cannot be read at all
// is refused as a whole.
func parseImport(format, content string) ([]ImportRow, error) {
	var rows []ImportRow
	var err error
	switch format {
	case "csv":
		rows, err = parseCSV(content)
	case "json":
		rows, err = parseJSON(content)
	case "ics":
		rows, err = parseICS(content)
	default:
		return nil, apperr.Validation(map[string]string{"format": msgBadFormat}, "format")
	}
	if err != nil {
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, fmt.Sprintf(msgUnreadable, strings.ToUpper(format), err))
	}
	switch {
	case len(rows) == 0:
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportEmpty)
	case len(rows) > MaxImportRows:
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportTooLong)
	}
	return rows, nil
}

// parseCSV reads a header row naming date, feast_key, name, rank and
// optionally type, in any order, then one feast a row.
func parseCSV(content string) ([]ImportRow, error) {
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(content, "\ufeff")))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	header, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	cols := map[string]int{}
	for i, h := range header {
		cols[strings.ToLower(strings.TrimSpace(h))] = i
	}
	for _, need := range []string{"date", "feast_key", "name", "rank"} {
		if _, ok := cols[need]; !ok {
			return nil, fmt.Errorf("the header row must name the columns date, feast_key, name and rank (and optionally type)")
		}
	}
	var rows []ImportRow
	for {
		fields, err := r.Read()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return nil, err
		}
		line, _ := r.FieldPos(0)
		cell := func(name string) string {
			i, ok := cols[name]
			if !ok || i >= len(fields) {
				return ""
			}
			return strings.TrimSpace(fields[i])
		}
		if strings.Join(fields, "") == "" {
			continue
		}
		rows = append(rows, ImportRow{Line: line, Date: cell("date"), Key: cell("feast_key"), Name: cell("name"),
			Rank: cell("rank"), Typ: cell("type")})
	}
}

// parseJSON reads an array of {date, feast_key, name, rank, type}.
func parseJSON(content string) ([]ImportRow, error) {
	var items []struct {
		Date     string `json:"date"`
		FeastKey string `json:"feast_key"`
		Name     string `json:"name"`
		Rank     string `json:"rank"`
		Type     string `json:"type"`
	}
	if err := json.Unmarshal([]byte(content), &items); err != nil {
		return nil, err
	}
	rows := make([]ImportRow, len(items))
	for i, it := range items {
		rows[i] = ImportRow{Line: i + 1, Date: it.Date, Key: it.FeastKey, Name: it.Name, Rank: it.Rank, Typ: it.Type}
	}
	return rows, nil
}

// parseICS reads the all-day VEVENTs of an iCalendar file: DTSTART is the
// date, SUMMARY the name, X-CANTICA-FEAST-KEY and X-CANTICA-RANK the key and
// rank (without a key, it is made from the name).
func parseICS(content string) ([]ImportRow, error) {
	var rows []ImportRow
	var cur *ImportRow
	lineNo := 0
	for _, l := range ics.Unfold(content) {
		lineNo = l.Number
		name, params, value := ics.SplitLine(l.Text)
		value = strings.TrimSpace(value) // hand-edited files often have stray spaces
		switch {
		case name == "BEGIN" && strings.EqualFold(value, "VEVENT"):
			cur = &ImportRow{Line: l.Number, keepRank: true}
		case name == "END" && strings.EqualFold(value, "VEVENT"):
			if cur == nil {
				return nil, fmt.Errorf("line %d: END:VEVENT without BEGIN:VEVENT", l.Number)
			}
			if cur.Key == "" {
				cur.Key = keyFromName(cur.Name)
			}
			rows = append(rows, *cur)
			cur = nil
		case cur == nil:
		case name == "DTSTART":
			if !strings.EqualFold(ics.Param(params, "VALUE"), "DATE") && len(value) != 8 {
				cur.Status, cur.Reason = RowInvalid, "Only all-day events (DTSTART;VALUE=DATE) can be imported."
			}
			if len(value) >= 8 {
				cur.Date = value[0:4] + "-" + value[4:6] + "-" + value[6:8]
			}
		case name == "SUMMARY":
			cur.Name = oneLine(ics.Unescape(value))
		case name == "X-CANTICA-FEAST-KEY":
			cur.Key = value
		case name == "X-CANTICA-RANK":
			cur.Rank = oneLine(ics.Unescape(value))
		case name == "X-CANTICA-TYPE":
			cur.Typ = value
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("line %d: a VEVENT has no END:VEVENT", lineNo)
	}
	return rows, nil
}

// oneLine turns the line breaks of a TEXT value into spaces: a feast's name
// and rank are one line.
func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// keyFromName makes a snake_case key from a feast's name.
func keyFromName(name string) string {
	var b strings.Builder
	underscore := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if b.Len() == 0 && r >= '0' && r <= '9' {
				b.WriteString("feast_")
			}
			b.WriteRune(r)
			underscore = false
		case b.Len() > 0 && !underscore:
			b.WriteByte('_')
			underscore = true
		}
	}
	return strings.TrimSuffix(b.String(), "_")
}
