package music

import (
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/sheet"
)

// CSVColumns are the library's CSV columns, in the order the export writes
// them. An import names the ones it has in its header row, in any order;
// only title is required.
var CSVColumns = []string{"number", "title", "subtitle", "composer", "arranger", "lyricist", "type", "category",
	"voicing", "tags", "language", "duration_minutes", "year_composed", "rehearsal_weighting", "min_interval_weeks",
	"catalog_number", "source_publication", "copyright_info", "notes"}

// MaxImportRows bounds one CSV import.
const MaxImportRows = 5000

// Outcomes of an imported row.
const (
	RowCreate = "create"
	RowError  = "error"
)

const (
	MsgImportInvalid  = "The import has invalid rows; nothing was imported."
	MsgImportEmpty    = "The file has no pieces to import."
	MsgImportTooLong  = "The file has more than 5000 pieces. Please split it into smaller files."
	MsgImportNoTitle  = "The first row must name the columns, and one of them must be title."
	msgImportUnread   = "The file could not be read as CSV: %v"
	msgImportColumn   = `The column "%s" is not one Cantica knows. The columns are: %s.`
	msgImportTwice    = `The column "%s" appears twice in the first row.`
	msgRowTitle       = "Title is required"
	msgRowNumber      = "%s must be a whole number."
	msgRowNumberTwice = "Library number %s appears more than once in the file (first on line %d)."
	msgRowVoicing     = `Unknown voicing "%s". Please use one of the choir's voicings, such as SATB.`
	msgRowChoice      = "Please choose a composer of this choir for this line."
	msgRowFailed      = "This row could not be imported."
	msgRowNameTooLong = "The %s's name is too long."
)

// importRecord is one row as read from the file.
type importRecord struct {
	line  int
	cells map[string]string
}

func (r importRecord) cell(name string) string { return r.cells[name] }

// readLibraryCSV parses the file: a header row naming the columns (any
// order, any case, spaces for underscores), then one piece per row; comma,
// semicolon or tab separated; blank lines ignored.
func readLibraryCSV(text string) ([]importRecord, error) {
	r := sheet.NewReader(text)
	var columns []string
	var out []importRecord
	for {
		fields, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, fmt.Sprintf(msgImportUnread, err))
		}
		if blankRecord(fields) {
			continue
		}
		if columns == nil {
			if columns, err = headerOf(fields); err != nil {
				return nil, err
			}
			continue
		}
		if len(out) == MaxImportRows {
			return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportTooLong)
		}
		line, _ := r.FieldPos(0)
		rec := importRecord{line: line, cells: map[string]string{}}
		for i, name := range columns {
			if i < len(fields) {
				rec.cells[name] = sheet.Unguard(fields[i])
			}
		}
		out = append(out, rec)
	}
	if columns == nil {
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportNoTitle)
	}
	if len(out) == 0 {
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportEmpty)
	}
	return out, nil
}

func headerOf(fields []string) ([]string, error) {
	columns := make([]string, len(fields))
	for i, f := range fields {
		name := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(f)), " ", "_")
		if name == "" {
			continue // an empty column the spreadsheet added
		}
		if !slices.Contains(CSVColumns, name) {
			return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, fmt.Sprintf(msgImportColumn, strings.TrimSpace(f), strings.Join(CSVColumns, ", ")))
		}
		if slices.Contains(columns[:i], name) {
			return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, fmt.Sprintf(msgImportTwice, strings.TrimSpace(f)))
		}
		columns[i] = name
	}
	if !slices.Contains(columns, "title") {
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportNoTitle)
	}
	return columns, nil
}

func blankRecord(fields []string) bool {
	for _, f := range fields {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// exportRow is a piece as the export writes it.
type exportRow struct {
	id     string
	fields map[string]string
}

// exportSQL is what the export reads for each column of a piece's row;
// voicing and tags come from their links.
var exportSQL = map[string]string{
	"number": "m.number", "title": "m.title", "subtitle": "m.subtitle",
	// The name as written on the piece; a piece with none shows its composer record's.
	"composer": "CASE WHEN m.composer = '' THEN c.name ELSE m.composer END",
	"arranger": "m.arranger", "lyricist": "m.lyricist", "type": "t.name", "category": "g.name", "language": "m.language",
	"duration_minutes": "m.duration_minutes", "year_composed": "m.year_composed", "rehearsal_weighting": "m.rehearsal_weighting",
	"min_interval_weeks": "m.min_interval_weeks", "catalog_number": "m.catalog_number",
	"source_publication": "m.source_publication", "copyright_info": "m.copyright_info", "notes": "m.default_notes",
}

// Export writes the choir's whole library (archived pieces too) as CSV in
// the import's columns, by library number then title.
func (s *Service) Export(ctx context.Context, choirID string, w io.Writer) error {
	var columns, exprs []string
	for _, col := range CSVColumns {
		if e, ok := exportSQL[col]; ok {
			columns, exprs = append(columns, col), append(exprs, e)
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT m.id, `+strings.Join(exprs, ", ")+` FROM music m
		LEFT JOIN composers c ON c.id = m.composer_id
		LEFT JOIN music_types t ON t.id = m.type_id
		LEFT JOIN music_categories g ON g.id = m.category_id
		WHERE m.choir_id = ? ORDER BY m.number_key, m.title_key, m.id`, choirID)
	if err != nil {
		return fmt.Errorf("music: export the library of %s: %w", choirID, err)
	}
	pieces, err := db.All(rows, func(row db.Scanner) (exportRow, error) {
		p := exportRow{fields: map[string]string{}}
		cells := make([]sql.NullString, len(columns)) // numbers too, as their digits
		dest := []any{&p.id}
		for i := range cells {
			dest = append(dest, &cells[i])
		}
		err := row.Scan(dest...)
		for i, col := range columns {
			p.fields[col] = cells[i].String
		}
		return p, err
	})
	if err != nil {
		return fmt.Errorf("music: read the library of %s: %w", choirID, err)
	}
	tags, err := linkedNames(ctx, s.db, `SELECT mt.music_id, t.name FROM music_tags mt JOIN tags t ON t.id = mt.tag_id
		WHERE mt.choir_id = ? ORDER BY t.name_key`, choirID)
	if err != nil {
		return err
	}
	voicings, err := linkedNames(ctx, s.db, `SELECT mv.music_id, v.name FROM music_voicings mv JOIN voicings v ON v.id = mv.voicing_id
		WHERE mv.choir_id = ? ORDER BY mv.is_primary DESC, v.name_key`, choirID)
	if err != nil {
		return err
	}
	out := csv.NewWriter(w)
	if err := out.Write(CSVColumns); err != nil {
		return fmt.Errorf("music: write the export's header: %w", err)
	}
	for _, p := range pieces {
		p.fields["tags"] = strings.Join(tags[p.id], "; ")
		if vs := voicings[p.id]; len(vs) > 0 {
			p.fields["voicing"] = vs[0] // the primary one; the file has room for one
		}
		record := make([]string, len(CSVColumns))
		for i, col := range CSVColumns {
			record[i] = sheet.Guard(p.fields[col])
		}
		if err := out.Write(record); err != nil {
			return fmt.Errorf("music: write piece %s to the export: %w", p.id, err)
		}
	}
	out.Flush()
	if err := out.Error(); err != nil {
		return fmt.Errorf("music: write the export of %s: %w", choirID, err)
	}
	return nil
}

// linkedNames reads (piece id, name) pairs into names by piece, in the
// query's order.
func linkedNames(ctx context.Context, q db.Querier, query, choirID string) (map[string][]string, error) {
	rows, err := q.QueryContext(ctx, query, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: read the links of the library of %s: %w", choirID, err)
	}
	out := map[string][]string{}
	err = db.Each(rows, func(row db.Scanner) error {
		var id, name string
		if err := row.Scan(&id, &name); err != nil {
			return err
		}
		out[id] = append(out[id], name)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the links of the library of %s: %w", choirID, err)
	}
	return out, nil
}

// Today is the date an export is named after, YYYY-MM-DD in UTC.
func (s *Service) Today() string { return s.now().Format(time.DateOnly) }
