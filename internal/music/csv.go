package music

import (
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/composer"
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

// ImportRow is what importing one row of the file does.
type ImportRow struct {
	Line             int
	Title, Number    string
	Outcome, Message string
	Composer         *ImportComposer // nil when the row names no composer
}

// ImportComposer is how a row's composer text resolves against the choir's
// composers (§9), for the person to confirm before importing.
type ImportComposer struct {
	Input string
	Resolution
}

// ImportReport is every row's outcome.
type ImportReport struct {
	Rows             []ImportRow
	Valid, Invalid   int
	Created          int // pieces stored (the import only)
	ComposersCreated int // composers made for them (the import only)
}

// ComposerChoices say per line of the file which composer a row means: a
// composer id of the choir, or "new" for a new composer made of the text.
type ComposerChoices map[int]string

// NewComposerChoice is the choice of a new composer.
const NewComposerChoice = "new"

// importRecord is one row as read from the file.
type importRecord struct {
	line  int
	cells map[string]string
}

func (r importRecord) cell(name string) string { return r.cells[name] }

// PreviewImport says what importing the CSV text would do, row by row,
// storing nothing: the import runs in a transaction that is rolled back,
// so the preview cannot disagree with the import.
func (s *Service) PreviewImport(ctx context.Context, choirID, userID, text string, choices ComposerChoices) (*ImportReport, error) {
	records, err := readLibraryCSV(text)
	if err != nil {
		return nil, err
	}
	var rep *ImportReport
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if rep, err = s.importRows(ctx, tx, choirID, userID, records, choices); err != nil {
			return err
		}
		return errRollBack
	})
	if errors.Is(err, errRollBack) {
		err = nil
	}
	return rep, err
}

var errRollBack = errors.New("music: a preview is rolled back")

// Import stores the CSV text's pieces, all or nothing: any row in error
// refuses the whole file with every row's reason.
func (s *Service) Import(ctx context.Context, choirID, userID, text string, choices ComposerChoices) (*ImportReport, error) {
	records, err := readLibraryCSV(text)
	if err != nil {
		return nil, err
	}
	var rep *ImportReport
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if rep, err = s.importRows(ctx, tx, choirID, userID, records, choices); err != nil {
			return err
		}
		if rep.Invalid > 0 {
			details := map[string]string{}
			for _, r := range rep.Rows {
				if r.Outcome == RowError {
					details[fmt.Sprintf("line %d", r.Line)] = r.Message
				}
			}
			e := apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportInvalid)
			e.Details = details
			return e
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.logger.Info("music imported", "event", "music_imported", "choir_id", choirID,
		"pieces", rep.Created, "composers", rep.ComposersCreated)
	return rep, nil
}

// importRows adds every record inside tx, each in a savepoint so that a
// refused row leaves nothing behind and the others go on, and reports each.
func (s *Service) importRows(ctx context.Context, tx *db.Tx, choirID, userID string, records []importRecord, choices ComposerChoices) (*ImportReport, error) {
	byID, cs, err := composerCandidates(ctx, tx, choirID)
	if err != nil {
		return nil, err
	}
	composersBefore := len(cs)
	// Each distinct composer text resolves once, against the composers the
	// choir had before the import: what the person is asked to confirm.
	before := slices.Clone(cs)
	st := &importState{cs: cs, ids: map[string]string{}, reuse: map[string]string{}}
	resolved := map[string]*ImportComposer{}
	firstLine := map[string]int{}
	rep := &ImportReport{Rows: make([]ImportRow, 0, len(records))}
	for _, rec := range records {
		row := ImportRow{Line: rec.line, Title: catalogName(rec.cell("title")), Number: strings.TrimSpace(rec.cell("number")), Outcome: RowCreate}
		if text := catalogName(rec.cell("composer")); text != "" {
			key := composer.Normalise(text)
			if resolved[key] == nil {
				resolved[key] = &ImportComposer{Input: text, Resolution: Resolution{Resolution: composer.Resolve(text, before), Composers: byID}}
			}
			row.Composer = resolved[key]
		}
		msg := ""
		if row.Number != "" {
			if first, ok := firstLine[row.Number]; ok {
				msg = fmt.Sprintf(msgRowNumberTwice, row.Number, first)
			} else {
				firstLine[row.Number] = rec.line
			}
		}
		if msg == "" {
			msg, err = s.importRow(ctx, tx, choirID, userID, rec, choices[rec.line], st)
			if err != nil {
				return nil, err
			}
		}
		if msg != "" {
			row.Outcome, row.Message = RowError, msg
			rep.Invalid++
		} else {
			rep.Valid++
		}
		rep.Rows = append(rep.Rows, row)
	}
	rep.Created = rep.Valid
	var after int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM composers WHERE choir_id = ?`, choirID).Scan(&after); err != nil {
		return nil, fmt.Errorf("music: count the composers of %s: %w", choirID, err)
	}
	rep.ComposersCreated = after - composersBefore
	return rep, nil
}

// importState is what the rows of one import share, so that a file of
// thousands of rows does not look up the same names thousands of times.
type importState struct {
	// cs are the choir's composers so far: a composer a row creates joins
	// them, so that later rows naming it reuse it.
	cs []composer.Candidate
	// ids are the type, category, tag and voicing ids of names that rows
	// already added found or made ("" for a voicing there is none of).
	ids map[string]string
	// reuse is the composer id the reuse rule gave a composer text ("" for
	// none), while cs stays as it was.
	reuse map[string]string
}

// importRow adds one record in a savepoint. It returns the reason the row
// is refused ("" when it was added) or a failure of the database.
func (s *Service) importRow(ctx context.Context, tx *db.Tx, choirID, userID string, rec importRecord, choice string, st *importState) (string, error) {
	in, msg := pieceFromRecord(rec)
	if msg != "" {
		return msg, nil
	}
	// The person's choice from the preview; else the reuse rule of §9: the
	// best match at 0.7 or more, or a new composer.
	switch choice = strings.TrimSpace(choice); {
	case in.Composer == "":
	case choice == NewComposerChoice:
		in.NewComposer = true
	case choice != "":
		in.ComposerID = choice
	default:
		id, ok := st.reuse[in.Composer]
		if !ok {
			if c, found := composer.Reuse(in.Composer, st.cs); found {
				id = c.ID
			}
			st.reuse[in.Composer] = id
		}
		in.ComposerID, in.NewComposer = id, id == ""
	}
	// Names this row makes are remembered only once the row is in: a
	// refused row's savepoint takes them away again.
	made := map[string]string{}
	lookup := func(kind, name string, find func() (string, error)) (string, error) {
		key := kind + "\x00" + catalogKey(catalogName(name))
		if id, ok := st.ids[key]; ok {
			return id, nil
		}
		if id, ok := made[key]; ok {
			return id, nil
		}
		id, err := find()
		if err == nil {
			made[key] = id
		}
		return id, err
	}
	var refusal string
	err := tx.Savepoint(ctx, func() error {
		var err error
		if in.TypeID, err = lookup("type", rec.cell("type"), func() (string, error) {
			return ensureNamed(ctx, tx, kindType, choirID, rec.cell("type"), s.now())
		}); err != nil {
			return err
		}
		if in.CategoryID, err = lookup("category", rec.cell("category"), func() (string, error) {
			return ensureNamed(ctx, tx, kindCategory, choirID, rec.cell("category"), s.now())
		}); err != nil {
			return err
		}
		if name := catalogName(rec.cell("voicing")); name != "" {
			id, err := lookup("voicing", name, func() (string, error) { return voicingNamed(ctx, tx, choirID, name) })
			if err != nil {
				return err
			}
			if id == "" {
				refusal = fmt.Sprintf(msgRowVoicing, name)
				return errRollBack
			}
			in.Voicings = []VoicingChoice{{ID: id, Primary: true}}
		}
		for _, name := range strings.Split(rec.cell("tags"), ";") {
			if catalogName(name) == "" {
				continue
			}
			id, err := lookup("tag", name, func() (string, error) { return s.ensureTag(ctx, tx, choirID, name) })
			if err != nil {
				return err
			}
			in.TagIDs = append(in.TagIDs, id)
		}
		if _, err = s.createPieceTx(ctx, tx, choirID, userID, in); err != nil || !in.NewComposer {
			return err
		}
		return st.join(ctx, tx, choirID, in.Composer)
	})
	if err == nil {
		maps.Copy(st.ids, made)
	}
	if refusal != "" {
		return refusal, nil
	}
	if e, ok := apperr.As(err); ok && e.Kind != apperr.Internal {
		if e.Details["composerId"] != "" {
			return msgRowChoice, nil
		}
		return e.Message, nil
	}
	if db.IsUniqueViolation(err) {
		// A library number another transaction took at the same moment.
		return msgRowFailed, nil
	}
	return "", err
}

// join adds the composer of that name, just made, to the candidates.
func (st *importState) join(ctx context.Context, tx *db.Tx, choirID, name string) error {
	row := tx.QueryRowContext(ctx, `SELECT `+composerColumns+` FROM composers c WHERE c.choir_id = ? AND c.name_key = ?`,
		choirID, catalogKey(catalogName(name)))
	c, err := scanComposer(row)
	if err != nil {
		return fmt.Errorf("music: read back composer %q of %s: %w", name, choirID, err)
	}
	if !slices.ContainsFunc(st.cs, func(x composer.Candidate) bool { return x.ID == c.ID }) {
		st.cs = append(st.cs, composer.Candidate{ID: c.ID, Name: c.Name, CanonicalName: c.CanonicalName, Aliases: c.Aliases})
		clear(st.reuse) // a text may now match the new composer best
	}
	return nil
}

// pieceFromRecord reads a record's fields; a number that is not one is
// the row's refusal. The piece's own rules are applied when it is added.
func pieceFromRecord(rec importRecord) (Input, string) {
	in := Input{Fields: Fields{
		Title: rec.cell("title"), Subtitle: rec.cell("subtitle"), Composer: catalogName(rec.cell("composer")),
		Arranger: rec.cell("arranger"), Lyricist: rec.cell("lyricist"), Number: rec.cell("number"),
		Language: rec.cell("language"), CatalogNumber: rec.cell("catalog_number"),
		SourcePublication: rec.cell("source_publication"), CopyrightInfo: rec.cell("copyright_info"),
		DefaultNotes: rec.cell("notes"),
	}}
	if strings.TrimSpace(in.Title) == "" {
		return in, msgRowTitle
	}
	for _, n := range []struct {
		column string
		label  string
		to     **int
	}{
		{"duration_minutes", "Duration (minutes)", &in.DurationMinutes},
		{"year_composed", "Year composed", &in.YearComposed},
		{"rehearsal_weighting", "Rehearsal weighting", &in.RehearsalWeighting},
		{"min_interval_weeks", "Minimum interval (weeks)", &in.MinIntervalWeeks},
	} {
		text := strings.TrimSpace(rec.cell(n.column))
		if text == "" {
			continue
		}
		v, err := strconv.Atoi(text)
		if err != nil {
			return in, fmt.Sprintf(msgRowNumber, n.label)
		}
		*n.to = &v
	}
	return in, ""
}

// ensureNamed is the id of the choir's music type or category of that
// name, made when the choir has none yet; "" for a blank name (§5).
func ensureNamed(ctx context.Context, tx *db.Tx, k lookup, choirID, name string, now time.Time) (string, error) {
	name = catalogName(name)
	if name == "" {
		return "", nil
	}
	if utf8.RuneCountInString(name) > NameMax {
		return "", apperr.New(apperr.Invalid, apperr.CodeValidation, fmt.Sprintf(msgRowNameTooLong, k.word))
	}
	// k.table is one of the package's two lookups, never a user's text.
	if _, err := tx.ExecContext(ctx, `INSERT INTO `+k.table+` (id, choir_id, name, name_key, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (choir_id, name_key) DO NOTHING`, uuid.NewString(), choirID, name, catalogKey(name), now); err != nil {
		return "", fmt.Errorf("music: add %s %q to %s: %w", k.what, name, choirID, err)
	}
	var id string
	if err := tx.QueryRowContext(ctx, `SELECT id FROM `+k.table+` WHERE choir_id = ? AND name_key = ?`, choirID, catalogKey(name)).Scan(&id); err != nil {
		return "", fmt.Errorf("music: read back %s %q of %s: %w", k.what, name, choirID, err)
	}
	return id, nil
}

// ensureTag is the id of the choir's tag of that name, made with the
// default colour (§7) when the choir has none yet.
func (s *Service) ensureTag(ctx context.Context, tx *db.Tx, choirID, name string) (string, error) {
	name, _, err := checkTag(name, nil)
	if err != nil {
		return "", err
	}
	now := s.now()
	if _, err := tx.ExecContext(ctx, `INSERT INTO tags (id, choir_id, name, name_key, color, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (choir_id, name_key) DO NOTHING`,
		uuid.NewString(), choirID, name, catalogKey(name), DefaultTagColor, now, now); err != nil {
		return "", fmt.Errorf("music: add tag %q to %s: %w", name, choirID, err)
	}
	var id string
	if err := tx.QueryRowContext(ctx, `SELECT id FROM tags WHERE choir_id = ? AND name_key = ?`, choirID, catalogKey(name)).Scan(&id); err != nil {
		return "", fmt.Errorf("music: read back tag %q of %s: %w", name, choirID, err)
	}
	return id, nil
}

// voicingNamed is the id of the voicing of that name the choir sees (its
// own before a built-in one), "" when there is none.
func voicingNamed(ctx context.Context, q db.Querier, choirID, name string) (string, error) {
	var id string
	err := q.QueryRowContext(ctx, `SELECT id FROM voicings WHERE (choir_id = ? OR choir_id IS NULL) AND name_key = ?
		ORDER BY choir_id IS NULL, id LIMIT 1`, choirID, catalogKey(name)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("music: find voicing %q for %s: %w", name, choirID, err)
	}
	return id, nil
}

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
