package music

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/composer"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
)

// A CSV import works in two steps. The plan reads the file, checks every row
// and matches its composers against the choir's, reading the library but
// holding no transaction, in time linear in the rows: each distinct
// composer text is matched once, through a composer.Index of the choir's
// composers, and composers the file itself makes are found again by their
// name alone. The preview is the plan; the import writes it in a few dozen
// statements, all or nothing even when its server stops part-way (see
// importChunk). Preview and import make the same plan from the same file
// and library, so the import does what its preview showed. One import (or
// preview) of a choir runs at a time.

const (
	// MsgImportRunning refuses an import while another of the same choir
	// runs.
	MsgImportRunning = "Another import into this choir's library is running. Please wait until it has finished, then try again."
	// MsgImportChanged refuses an import whose library changed under it.
	MsgImportChanged = "The library changed while the file was being imported, so nothing was imported. Please preview the file again."
	// MsgImportTooManyTags and MsgImportTooManyTagLinks bound what a file
	// may ask of the tags.
	MsgImportTooManyTags     = "The file names more than 2000 different tags. Please import it in parts."
	MsgImportTooManyTagLinks = "The file's pieces carry more than 50000 tags in all. Please import it in parts."
	msgRowTooLong            = "The %s is too long (at most %d characters)."
	// MsgImportStopped refuses the rest of an import whose server stopped
	// for longer than its lease: what it wrote is undone.
	MsgImportStopped = "The import was interrupted for too long, so nothing was imported. Please try again."

	// ImportLease is how long a choir's import lease lasts should its
	// server stop without ending it (an import takes seconds, and each
	// step of its write renews the lease); then what it wrote is undone.
	ImportLease = 5 * time.Minute
	// maxImportTags and maxImportTagLinks bound the tags of one file.
	maxImportTags     = 2000
	maxImportTagLinks = 50000
	// maxParams bounds the values of one statement (SQLite allows 32766,
	// PostgreSQL 65535).
	maxParams = 10000
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
	// Reuse is the composer the import takes for a row sent without a
	// choice (§9's reuse rule: the best match at 0.7 or more); nil when it
	// makes a new composer of the text.
	Reuse *Composer
}

// ImportReport is every row's outcome.
type ImportReport struct {
	Rows             []ImportRow
	Valid, Invalid   int
	Created          int // pieces stored, or to be stored
	ComposersCreated int // composers made for them, or to be made
}

// ComposerChoices say per line of the file which composer a row means: a
// composer id of the choir, or "new" for a new composer made of the text.
type ComposerChoices map[int]string

// NewComposerChoice is the choice of a new composer.
const NewComposerChoice = "new"

// PreviewImport says what importing the CSV text would do, row by row. It
// reads the library and stores nothing of it (only the choir's import lease
// is written, for the time it runs).
func (s *Service) PreviewImport(ctx context.Context, choirID, userID, text string, choices ComposerChoices) (*ImportReport, error) {
	p, _, release, err := s.leaseAndPlan(ctx, choirID, text, choices)
	if err != nil {
		return nil, err
	}
	release()
	return p.report, nil
}

// leaseAndPlan reads the file, takes the choir's import lease and plans the
// import, as the preview and the import both begin; release gives the lease
// back (nothing to release when err is not nil).
func (s *Service) leaseAndPlan(ctx context.Context, choirID, text string, choices ComposerChoices) (p *importPlan, holder string, release func(), err error) {
	records, err := readLibraryCSV(text)
	if err != nil {
		return nil, "", nil, err
	}
	holder, release, err = s.leaseImport(ctx, choirID)
	if err != nil {
		return nil, "", nil, err
	}
	if p, err = s.planImport(ctx, choirID, records, choices); err != nil {
		release()
		return nil, "", nil, err
	}
	return p, holder, release, nil
}

// Import stores the CSV text's pieces, all or nothing: any row in error
// refuses the whole file with every row's reason.
func (s *Service) Import(ctx context.Context, choirID, userID, text string, choices ComposerChoices) (*ImportReport, error) {
	p, holder, release, err := s.leaseAndPlan(ctx, choirID, text, choices)
	if err != nil {
		return nil, err
	}
	defer release()
	if p.report.Invalid > 0 {
		details := map[string]string{}
		for _, r := range p.report.Rows {
			if r.Outcome == RowError {
				details[fmt.Sprintf("line %d", r.Line)] = r.Message
			}
		}
		e := apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportInvalid)
		e.Details = details
		return nil, e
	}
	if err := s.writeImport(ctx, choirID, userID, holder, p); err != nil {
		if db.IsUniqueViolation(err) {
			// A library number another save took after the check.
			return nil, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgImportChanged)
		}
		return nil, err
	}
	s.logger.Info("music imported", "event", "music_imported", "choir_id", choirID,
		"pieces", p.report.Created, "composers", p.report.ComposersCreated)
	return p.report, nil
}

// leaseImport takes the choir's import lease, or refuses with 409 while
// another import holds it. The lease is a row, so that it holds across
// servers sharing the database; holder names it, release gives it back.
// What an earlier import whose lease expired had written (its server
// stopped part-way) is undone before this one reads the library.
func (s *Service) leaseImport(ctx context.Context, choirID string) (holder string, release func(), err error) {
	holder, now := uuid.NewString(), s.now()
	res, err := s.db.ExecContext(ctx, `INSERT INTO music_import_leases (choir_id, holder, expires_at) VALUES (?, ?, ?)
		ON CONFLICT (choir_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
		WHERE music_import_leases.expires_at <= ?`, choirID, holder, now.Add(ImportLease), now)
	if err != nil {
		return "", nil, fmt.Errorf("music: take the import lease of %s: %w", choirID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return "", nil, fmt.Errorf("music: take the import lease of %s: %w", choirID, err)
	} else if n == 0 {
		return "", nil, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgImportRunning)
	}
	release = func() {
		// Given back even when the request was cancelled.
		if _, err := s.db.ExecContext(context.WithoutCancel(ctx), `DELETE FROM music_import_leases WHERE choir_id = ? AND holder = ?`,
			choirID, holder); err != nil {
			s.logger.Error("music: give back the import lease", "choir_id", choirID, "err", err)
		}
	}
	// Holding the lease, every other import of the choir has lost its own:
	// none of them writes again.
	if err := s.undoImportsOf(ctx, choirID, holder); err != nil {
		release()
		return "", nil, err
	}
	return holder, release, nil
}

// importPlan is what importing a file does.
type importPlan struct {
	report *ImportReport
	rows   []plannedRow // the valid rows, in the file's order
	// The names the rows use, by key, as first spelt: each is made unless
	// the choir has it when the import writes.
	types, categories, tags *namesInOrder
	// newComposers are the composers the rows make, by name key.
	newComposers *namesInOrder
	composerIn   map[string]ComposerInput
	// existing are the choir's composers the rows name, as read.
	existing map[string]importComposerRecord
	// voicingIDs are the voicings the rows name.
	voicingIDs map[string]bool
}

// plannedRow is a valid row as it will be stored.
type plannedRow struct {
	line                    int
	fields                  Fields
	typeKey, categoryKey    string // "" for none
	tagKeys                 []string
	voicingID               string // "" for none
	composerID, composerKey string // an existing composer, or the key of a new one; both "" for none
}

// namesInOrder are distinct names by key, in the order first met.
type namesInOrder struct {
	keys  []string
	names map[string]string
}

func newNames() *namesInOrder { return &namesInOrder{names: map[string]string{}} }

func (n *namesInOrder) add(key, name string) {
	if _, ok := n.names[key]; !ok {
		n.keys = append(n.keys, key)
		n.names[key] = name
	}
}

// importComposerRecord is a choir's composer with what a piece's keys need.
type importComposerRecord struct {
	Composer
	nameKey, search string
}

// importLibrary is what the plan reads of the choir's library.
type importLibrary struct {
	composers     map[string]importComposerRecord // by id
	composerByKey map[string]string               // name key → id
	index         *composer.Index
	byID          map[string]Composer
	voicings      map[string]string // name key → id, the choir's own before a built-in one
	numbers       map[string]string // library number → title, of the numbers the file names
}

func (s *Service) readImportLibrary(ctx context.Context, choirID string, records []importRecord) (*importLibrary, error) {
	lib := &importLibrary{composers: map[string]importComposerRecord{}, composerByKey: map[string]string{},
		byID: map[string]Composer{}, voicings: map[string]string{}, numbers: map[string]string{}}
	rows, err := s.db.QueryContext(ctx, `SELECT `+composerColumns+`, c.name_key, c.search_text FROM composers c WHERE c.choir_id = ?
		ORDER BY c.name_key, c.id`, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: read the composers of %s: %w", choirID, err)
	}
	var cs []composer.Candidate
	if err := db.Each(rows, func(row db.Scanner) error {
		var r importComposerRecord
		c, err := scanComposer(row, &r.nameKey, &r.search)
		if err != nil {
			return err
		}
		r.Composer = c
		lib.composers[c.ID], lib.composerByKey[r.nameKey], lib.byID[c.ID] = r, c.ID, c
		cs = append(cs, composer.Candidate{ID: c.ID, Name: c.Name, CanonicalName: c.CanonicalName, Aliases: c.Aliases})
		return nil
	}); err != nil {
		return nil, fmt.Errorf("music: read the composers of %s: %w", choirID, err)
	}
	lib.index = composer.NewIndex(cs)
	rows, err = s.db.QueryContext(ctx, `SELECT id, name_key FROM voicings WHERE choir_id = ? OR choir_id IS NULL
		ORDER BY choir_id IS NULL, id`, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: read the voicings of %s: %w", choirID, err)
	}
	if err := db.Each(rows, func(row db.Scanner) error {
		var id, key string
		if err := row.Scan(&id, &key); err != nil {
			return err
		}
		if _, ok := lib.voicings[key]; !ok {
			lib.voicings[key] = id
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("music: read the voicings of %s: %w", choirID, err)
	}
	var numbers []string
	for _, r := range records {
		if n := strings.TrimSpace(r.cell("number")); n != "" && utf8.RuneCountInString(n) <= textMax {
			numbers = append(numbers, n)
		}
	}
	if lib.numbers, err = takenNumbers(ctx, s.db, choirID, numbers); err != nil {
		return nil, err
	}
	return lib, nil
}

// takenNumbers are the titles of the choir's pieces holding those numbers.
func takenNumbers(ctx context.Context, q db.Querier, choirID string, numbers []string) (map[string]string, error) {
	out := map[string]string{}
	for chunk := range chunks(numbers, maxParams-1) {
		rows, err := q.QueryContext(ctx, `SELECT number, title FROM music WHERE choir_id = ? AND number IN (`+db.Placeholders(len(chunk))+`)`,
			args([]any{choirID}, chunk)...)
		if err != nil {
			return nil, fmt.Errorf("music: look for %d library numbers in %s: %w", len(chunk), choirID, err)
		}
		if err := db.Each(rows, func(row db.Scanner) error {
			var number, title string
			err := row.Scan(&number, &title)
			out[number] = title
			return err
		}); err != nil {
			return nil, fmt.Errorf("music: look for %d library numbers in %s: %w", len(chunk), choirID, err)
		}
	}
	return out, nil
}

// chunks cuts s into slices of at most n.
func chunks[T any](s []T, n int) func(func([]T) bool) {
	return func(yield func([]T) bool) {
		for len(s) > 0 {
			k := min(n, len(s))
			if !yield(s[:k]) {
				return
			}
			s = s[k:]
		}
	}
}

// planImport reads, checks and matches every row, writing nothing.
func (s *Service) planImport(ctx context.Context, choirID string, records []importRecord, choices ComposerChoices) (*importPlan, error) {
	lib, err := s.readImportLibrary(ctx, choirID, records)
	if err != nil {
		return nil, err
	}
	p := &importPlan{report: &ImportReport{Rows: make([]ImportRow, 0, len(records))}, types: newNames(), categories: newNames(),
		tags: newNames(), newComposers: newNames(), composerIn: map[string]ComposerInput{},
		existing: map[string]importComposerRecord{}, voicingIDs: map[string]bool{}}
	resolved := map[string]*textComposer{} // by composer text: each is matched once
	firstLine := map[string]int{}
	tagLinks := 0
	for _, rec := range records {
		row := ImportRow{Line: rec.line, Title: catalogName(rec.cell("title")), Number: strings.TrimSpace(rec.cell("number")), Outcome: RowCreate}
		pr, c, msg := p.planRow(lib, rec, choices[rec.line], resolved, firstLine)
		row.Composer = c
		if msg == "" {
			tagLinks += len(pr.tagKeys)
			p.rows = append(p.rows, pr)
			p.report.Valid++
		} else {
			row.Outcome, row.Message = RowError, msg
			p.report.Invalid++
		}
		p.report.Rows = append(p.report.Rows, row)
	}
	if len(p.tags.keys) > maxImportTags {
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportTooManyTags)
	}
	if tagLinks > maxImportTagLinks {
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportTooManyTagLinks)
	}
	p.report.Created, p.report.ComposersCreated = p.report.Valid, len(p.newComposers.keys)
	if s.planned != nil {
		s.planned()
	}
	return p, nil
}

// planRow checks one row: its refusal ("" when valid), and for a valid row
// how it will be stored; the names it makes join the plan only then.
func (p *importPlan) planRow(lib *importLibrary, rec importRecord, choice string, resolved map[string]*textComposer,
	firstLine map[string]int) (plannedRow, *ImportComposer, string) {
	pr := plannedRow{line: rec.line}
	// Limits first, before any work a long cell would make long.
	for _, c := range []struct {
		column, what string
		max          int
	}{{"title", "title", textMax}, {"subtitle", "subtitle", textMax}, {"composer", "composer", textMax},
		{"arranger", "arranger", textMax}, {"lyricist", "lyricist", textMax}, {"number", "library number", textMax},
		{"language", "language", textMax}, {"catalog_number", "catalogue number", textMax},
		{"source_publication", "source publication", textMax}, {"copyright_info", "copyright", textMax},
		{"notes", "notes", notesMax}} {
		if utf8.RuneCountInString(strings.TrimSpace(rec.cell(c.column))) > c.max {
			return pr, nil, fmt.Sprintf(msgRowTooLong, c.what, c.max)
		}
	}
	for _, c := range []struct{ column, word string }{{"type", kindType.word}, {"category", kindCategory.word}, {"voicing", "voicing"}} {
		if utf8.RuneCountInString(catalogName(rec.cell(c.column))) > NameMax {
			return pr, nil, fmt.Sprintf(msgRowNameTooLong, c.word)
		}
	}
	tagNames, msg := tagsOfCell(rec.cell("tags"))
	if msg != "" {
		return pr, nil, msg
	}
	// The composer text is matched whatever else the row holds, so that the
	// preview shows every composer of the file.
	var ic *ImportComposer
	var tc *textComposer
	text := catalogName(rec.cell("composer"))
	if text != "" {
		if tc = resolved[text]; tc == nil {
			tc = lib.resolve(text)
			resolved[text] = tc
		}
		ic = tc.ImportComposer
	}
	number := strings.TrimSpace(rec.cell("number"))
	if number != "" {
		if first, ok := firstLine[number]; ok {
			return pr, ic, fmt.Sprintf(msgRowNumberTwice, number, first)
		}
		firstLine[number] = rec.line
	}
	fields, msg := fieldsOfRecord(rec)
	if msg != "" {
		return pr, ic, msg
	}
	in := Input{Fields: fields}
	var f apperr.Fields
	check(&in, &f)
	if e, ok := apperr.As(f.Err()); ok {
		return pr, ic, e.Message
	}
	pr.fields = in.Fields
	if name := catalogName(rec.cell("voicing")); name != "" {
		if pr.voicingID = lib.voicings[catalogKey(name)]; pr.voicingID == "" {
			return pr, ic, fmt.Sprintf(msgRowVoicing, name)
		}
	}
	if title, ok := lib.numbers[in.Number]; ok && in.Number != "" {
		return pr, ic, fmt.Sprintf(`Library number %s is already used by "%s".`, in.Number, title)
	}
	// The composer: the person's choice from the preview; else the reuse
	// rule (§9), as the preview showed it (ic.Reuse).
	var newIn *ComposerInput
	if text != "" {
		made, madeKey := tc.made, tc.madeKey
		switch choice = strings.TrimSpace(choice); {
		case choice == NewComposerChoice:
		case choice != "":
			c, ok := lib.composers[choice]
			if !ok {
				return pr, ic, msgRowChoice
			}
			pr.composerID = c.ID
		case p.composerIn[madeKey].Name != "":
			// Without a choice, a text an earlier row made a composer of
			// takes that one; the row shows no match of the choir's.
			copied := *ic
			copied.Reuse = nil
			ic = &copied
		case ic.Reuse != nil:
			pr.composerID = ic.Reuse.ID
		}
		if pr.composerID == "" {
			if utf8.RuneCountInString(text) > ComposerNameMax {
				return pr, ic, MsgComposerNameTooLong
			}
			if id := lib.composerByKey[madeKey]; id != "" {
				pr.composerID = id // a composer of that very name: the one the import's insert would find
			} else {
				pr.composerKey, newIn = madeKey, &made
			}
		}
	}
	// The row is valid: the names it uses join the plan.
	if pr.composerID != "" {
		p.existing[pr.composerID] = lib.composers[pr.composerID]
	}
	if newIn != nil {
		p.newComposers.add(pr.composerKey, newIn.Name)
		if _, ok := p.composerIn[pr.composerKey]; !ok {
			p.composerIn[pr.composerKey] = *newIn
		}
	}
	if name := catalogName(rec.cell("type")); name != "" {
		pr.typeKey = catalogKey(name)
		p.types.add(pr.typeKey, name)
	}
	if name := catalogName(rec.cell("category")); name != "" {
		pr.categoryKey = catalogKey(name)
		p.categories.add(pr.categoryKey, name)
	}
	for _, name := range tagNames {
		key := catalogKey(name)
		pr.tagKeys = append(pr.tagKeys, key)
		p.tags.add(key, name)
	}
	if pr.voicingID != "" {
		p.voicingIDs[pr.voicingID] = true
	}
	return pr, ic, ""
}

// textComposer is what a composer text of the file stands for.
type textComposer struct {
	*ImportComposer
	// made is the composer a new one made of the text would be, and
	// madeKey its name key, by which rows find it again.
	made    ComposerInput
	madeKey string
}

func (lib *importLibrary) resolve(text string) *textComposer {
	r := lib.index.Resolve(text)
	ic := &ImportComposer{Input: text, Resolution: Resolution{Resolution: r, Composers: lib.byID}}
	if len(r.Matches) > 0 {
		c := lib.byID[r.Matches[0].Candidate.ID]
		ic.Reuse = &c
	}
	made := composerFromText(text, r.Famous, func(key string) bool { return lib.composerByKey[key] != "" })
	return &textComposer{ImportComposer: ic, made: made, madeKey: catalogKey(made.Name)}
}

// tagsOfCell reads a tags cell: names separated by ";", blank ones
// dropped, each named once. More than a piece may carry is refused as soon
// as it is counted, however many more the cell holds.
func tagsOfCell(cell string) ([]string, string) {
	var names []string
	seen := map[string]bool{}
	for rest := cell; rest != ""; {
		var name string
		name, rest, _ = strings.Cut(rest, ";")
		if name = catalogName(name); name == "" || seen[catalogKey(name)] {
			continue
		}
		if len(names) == maxTags {
			return nil, MsgTooManyTags
		}
		if utf8.RuneCountInString(name) > TagNameMax {
			return nil, MsgTagNameTooLong
		}
		seen[catalogKey(name)] = true
		names = append(names, name)
	}
	return names, ""
}

// fieldsOfRecord reads a record's fields; a number that is not one is the
// row's refusal. The piece's own rules (check) are applied after.
func fieldsOfRecord(rec importRecord) (Fields, string) {
	f := Fields{
		Title: rec.cell("title"), Subtitle: rec.cell("subtitle"), Composer: catalogName(rec.cell("composer")),
		Arranger: rec.cell("arranger"), Lyricist: rec.cell("lyricist"), Number: rec.cell("number"),
		Language: rec.cell("language"), CatalogNumber: rec.cell("catalog_number"),
		SourcePublication: rec.cell("source_publication"), CopyrightInfo: rec.cell("copyright_info"),
		DefaultNotes: rec.cell("notes"),
	}
	if strings.TrimSpace(f.Title) == "" {
		return f, msgRowTitle
	}
	for _, n := range []struct {
		column string
		label  string
		to     **int
	}{
		{"duration_minutes", "Duration (minutes)", &f.DurationMinutes},
		{"year_composed", "Year composed", &f.YearComposed},
		{"rehearsal_weighting", "Rehearsal weighting", &f.RehearsalWeighting},
		{"min_interval_weeks", "Minimum interval (weeks)", &f.MinIntervalWeeks},
	} {
		text := strings.TrimSpace(rec.cell(n.column))
		if text == "" {
			continue
		}
		v, err := strconv.Atoi(text)
		if err != nil {
			return f, fmt.Sprintf(msgRowNumber, n.label)
		}
		*n.to = &v
	}
	return f, ""
}

// importChunk is how many pieces (or names) one step of an import's
// write holds. On SQLite, whose writers take turns, each step is a
// transaction of its own, tens of milliseconds long, so that another
// choir's write waits for one step rather than the whole file; each
// records in the import's journal (music_import_writes) what it made, so
// that an import that does not finish is undone, even when its server
// stopped. On PostgreSQL, where writers of different choirs do not wait
// for each other, the steps share one transaction and need no journal.
const importChunk = 100

// importWrite is a plan being written.
type importWrite struct {
	s                       *Service
	choirID, userID, holder string
	p                       *importPlan
	now                     time.Time
	// ids of the names and composers, by key, as they are made or found.
	typeIDs, categoryIDs, tagIDs, composerIDs map[string]string
}

// writeImport stores a plan: the names it makes, then the pieces and their
// links, a chunk of many rows a statement at a time. What the plan read of
// the library is checked again as each chunk is written: a composer or
// voicing deleted, or a library number taken, since. The write ends with
// the import's lease given back; one whose lease was lost (its server
// stopped for longer than the lease) writes nothing more.
func (s *Service) writeImport(ctx context.Context, choirID, userID, holder string, p *importPlan) error {
	w := &importWrite{s: s, choirID: choirID, userID: userID, holder: holder, p: p, now: s.now(), typeIDs: map[string]string{},
		categoryIDs: map[string]string{}, tagIDs: map[string]string{}, composerIDs: map[string]string{}}
	steps := w.steps()
	if s.db.Kind == config.Postgres {
		return s.db.InTx(ctx, func(tx *db.Tx) error {
			for i, step := range steps {
				if _, err := step(ctx, tx); err != nil {
					return err
				}
				if err := s.stepWritten(i, len(steps)); err != nil {
					return err
				}
			}
			return w.finish(ctx, tx)
		})
	}
	for i, step := range steps {
		last := i == len(steps)-1
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			if last {
				// The last step's commit is the import's end: it forgets
				// the journal, so that nothing undoes a finished import.
				if err := w.finish(ctx, tx); err != nil {
					return err
				}
			} else if err := w.renewLease(ctx, tx); err != nil {
				return err
			}
			m, err := step(ctx, tx)
			if err != nil || last {
				return err
			}
			return w.journal(ctx, tx, i, m)
		})
		if err == nil {
			err = s.stepWritten(i, len(steps))
		}
		if err != nil {
			if err := s.undoImport(context.WithoutCancel(ctx), choirID, holder); err != nil {
				s.logger.Error("music: undo a failed import", "choir_id", choirID, "err", err)
			}
			return err
		}
	}
	return nil
}

// stepWritten calls the tests' hook after a step of an import's write but
// the last, which finishes the import.
func (s *Service) stepWritten(i, steps int) error {
	if s.importStep == nil || i == steps-1 {
		return nil
	}
	return s.importStep(i)
}

// importStep writes a chunk of the plan and says which rows it made.
type importStep func(ctx context.Context, tx *db.Tx) (madeRows, error)

// madeRows are rows a step made, all of one table.
type madeRows struct {
	table string
	ids   []string
}

func (w *importWrite) steps() []importStep {
	var steps []importStep
	for _, n := range []struct {
		table string
		names *namesInOrder
		ids   map[string]string
	}{{"music_types", w.p.types, w.typeIDs}, {"music_categories", w.p.categories, w.categoryIDs}, {"tags", w.p.tags, w.tagIDs}} {
		for keys := range chunks(n.names.keys, importChunk) {
			steps = append(steps, func(ctx context.Context, tx *db.Tx) (madeRows, error) {
				return w.ensureNames(ctx, tx, n.table, n.names, keys, n.ids)
			})
		}
	}
	for keys := range chunks(w.p.newComposers.keys, importChunk) {
		steps = append(steps, func(ctx context.Context, tx *db.Tx) (madeRows, error) { return w.insertComposers(ctx, tx, keys) })
	}
	for i := 0; i < len(w.p.rows); i += importChunk {
		rows, first := w.p.rows[i:min(i+importChunk, len(w.p.rows))], i
		steps = append(steps, func(ctx context.Context, tx *db.Tx) (madeRows, error) { return w.insertPieces(ctx, tx, rows, first) })
	}
	return steps
}

// ensureNames makes the named types, categories or tags of keys the choir
// lacks (first spelling kept) and reads the ids of all of them.
func (w *importWrite) ensureNames(ctx context.Context, tx *db.Tx, table string, names *namesInOrder, keys []string,
	ids map[string]string) (madeRows, error) {
	columns := "id, choir_id, name, name_key, created_at"
	if table == "tags" {
		columns += ", color, updated_at"
	}
	var rows [][]any
	for _, k := range keys {
		row := []any{uuid.NewString(), w.choirID, names.names[k], k, w.now}
		if table == "tags" {
			row = append(row, DefaultTagColor, w.now)
		}
		rows = append(rows, row)
	}
	// table is one of the package's own, never a user's text.
	made, err := insertRows(ctx, tx, `INSERT INTO `+table+` (`+columns+`) VALUES `, rows, ` ON CONFLICT (choir_id, name_key) DO NOTHING`)
	if err != nil {
		return madeRows{}, fmt.Errorf("music: add %d names to %s of %s: %w", len(rows), table, w.choirID, err)
	}
	return madeRows{table, made}, idsByKey(ctx, tx, table, w.choirID, keys, ids)
}

// insertComposers makes the composers of keys the plan makes. One made
// meanwhile by another save under the same name is taken instead, as a
// piece's save would.
func (w *importWrite) insertComposers(ctx context.Context, tx *db.Tx, keys []string) (madeRows, error) {
	var rows [][]any
	for _, k := range keys {
		in := w.p.composerIn[k]
		aliases, err := json.Marshal(in.Aliases)
		if err != nil {
			return madeRows{}, fmt.Errorf("music: encode the aliases of %q: %w", in.Name, err)
		}
		rows = append(rows, []any{uuid.NewString(), w.choirID, in.Name, k, in.CanonicalName, string(aliases), composerSearchText(in),
			in.BirthYear, in.DeathYear, in.Period, in.Nationality, w.now, w.now})
	}
	made, err := insertRows(ctx, tx, `INSERT INTO composers (id, choir_id, name, name_key, canonical_name, aliases, search_text,
		birth_year, death_year, period, nationality, created_at, updated_at) VALUES `, rows, ` ON CONFLICT (choir_id, name_key) DO NOTHING`)
	if err != nil {
		return madeRows{}, fmt.Errorf("music: add %d composers to %s: %w", len(rows), w.choirID, err)
	}
	return madeRows{"composers", made}, idsByKey(ctx, tx, "composers", w.choirID, keys, w.composerIDs)
}

// insertPieces writes rows (the plan's from index first on) with their tags
// and voicings, after checking again what they name.
func (w *importWrite) insertPieces(ctx context.Context, tx *db.Tx, rows []plannedRow, first int) (madeRows, error) {
	if err := w.recheck(ctx, tx, rows); err != nil {
		return madeRows{}, err
	}
	var pieces, links, voicings [][]any
	for i, r := range rows {
		id := uuid.Must(uuid.NewV7()).String()
		t := r.fields
		var c settled
		if r.composerID != "" {
			e := w.p.existing[r.composerID]
			c = settled{ID: e.ID, Key: composerKey(e.CanonicalName, t.Composer), Search: e.search}
		} else if r.composerKey != "" {
			in := w.p.composerIn[r.composerKey]
			c = settled{ID: w.composerIDs[r.composerKey], Key: composerKey(in.CanonicalName, t.Composer), Search: composerSearchText(in)}
		}
		// A microsecond apart, so that "newest first" lists the file's last row first.
		at := w.now.Add(time.Duration(first+i) * time.Microsecond)
		pieces = append(pieces, []any{id, w.choirID, t.Title, t.Subtitle, t.Composer, nullable(c.ID), t.Arranger, t.Lyricist,
			nullable(w.typeIDs[r.typeKey]), nullable(w.categoryIDs[r.categoryKey]), t.DefaultNotes, nullable(t.Number),
			t.RehearsalWeighting, t.MinIntervalWeeks, t.NumPartsInfo, t.RhythmicComplexityHint, t.HarmonicComplexityHint,
			t.IsNewToChoir, t.ApproxLength, t.StartingNotesInfo, t.Transposition, t.Language, t.DurationMinutes, t.YearComposed,
			t.SourcePublication, t.CatalogNumber, t.CopyrightInfo, nullable(w.userID), false, searchText(&t, c), fold(t.Title), c.Key,
			numberKey(t.Number), fold(t.Language), at, at})
		for _, k := range r.tagKeys {
			links = append(links, []any{id, w.tagIDs[k], w.choirID})
		}
		if r.voicingID != "" {
			voicings = append(voicings, []any{id, r.voicingID, w.choirID, nullable(w.userID), w.now, true})
		}
	}
	made, err := insertRows(ctx, tx, `INSERT INTO music (id, choir_id, title, subtitle, composer, composer_id, arranger, lyricist,
		type_id, category_id, default_notes, number, rehearsal_weighting, min_interval_weeks, num_parts_info,
		rhythmic_complexity_hint, harmonic_complexity_hint, is_new_to_choir_flag, approx_length_category, starting_notes_info,
		transposition_semitones, language, duration_minutes, year_composed, source_publication, catalog_number, copyright_info,
		created_by, is_archived, search_text, title_key, composer_key, number_key, language_key, created_at, updated_at) VALUES `,
		pieces, "")
	if err != nil {
		return madeRows{}, fmt.Errorf("music: insert %d imported pieces into %s: %w", len(pieces), w.choirID, err)
	}
	if _, err := insertRows(ctx, tx, `INSERT INTO music_tags (music_id, tag_id, choir_id) VALUES `, links, ""); err != nil {
		return madeRows{}, fmt.Errorf("music: tag %d imported pieces of %s: %w", len(pieces), w.choirID, err)
	}
	if _, err := insertRows(ctx, tx, `INSERT INTO music_voicings (music_id, voicing_id, choir_id, assigned_by, assigned_at, is_primary)
		VALUES `, voicings, ""); err != nil {
		return madeRows{}, fmt.Errorf("music: assign the voicings of %d imported pieces of %s: %w", len(pieces), w.choirID, err)
	}
	return madeRows{"music", made}, nil
}

// recheck refuses rows when what the plan relied on changed since it read
// the library: a composer or voicing they name was deleted (409), or a
// library number was taken (400, the rows saying which, as a preview would
// now).
func (w *importWrite) recheck(ctx context.Context, tx *db.Tx, rows []plannedRow) error {
	composers, voicings := map[string]bool{}, map[string]bool{}
	var numbers []string
	for _, r := range rows {
		if r.composerID != "" {
			composers[r.composerID] = true
		}
		if r.voicingID != "" {
			voicings[r.voicingID] = true
		}
		if r.fields.Number != "" {
			numbers = append(numbers, r.fields.Number)
		}
	}
	for _, k := range []struct {
		query string
		ids   map[string]bool
	}{
		{`SELECT COUNT(*) FROM composers WHERE choir_id = ?`, composers},
		{`SELECT COUNT(*) FROM voicings WHERE (choir_id IS NULL OR choir_id = ?)`, voicings},
	} {
		ok, err := known(ctx, tx, k.query, w.choirID, slices.Collect(maps.Keys(k.ids)))
		if err != nil {
			return fmt.Errorf("music: check the records an import into %s names: %w", w.choirID, err)
		}
		if !ok {
			return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgImportChanged)
		}
	}
	taken, err := takenNumbers(ctx, tx, w.choirID, numbers)
	if err != nil || len(taken) == 0 {
		return err
	}
	details := map[string]string{}
	for _, r := range rows {
		if title, ok := taken[r.fields.Number]; ok {
			details[fmt.Sprintf("line %d", r.line)] = fmt.Sprintf(`Library number %s is already used by "%s".`, r.fields.Number, title)
		}
	}
	e := apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportInvalid)
	e.Details = details
	return e
}

// idsByKey reads the ids of a choir's names by key into ids.
func idsByKey(ctx context.Context, tx *db.Tx, table, choirID string, keys []string, ids map[string]string) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, name_key FROM `+table+` WHERE choir_id = ? AND name_key IN (`+
		db.Placeholders(len(keys))+`)`, args([]any{choirID}, keys)...)
	if err != nil {
		return fmt.Errorf("music: read back %d names of %s of %s: %w", len(keys), table, choirID, err)
	}
	if err := db.Each(rows, func(row db.Scanner) error {
		var id, key string
		err := row.Scan(&id, &key)
		ids[key] = id
		return err
	}); err != nil {
		return fmt.Errorf("music: read back %d names of %s of %s: %w", len(keys), table, choirID, err)
	}
	return nil
}

// insertRows inserts rows of equal length with as few statements as the
// databases' limits on values allow, and returns the ids (the first value
// of each row) of those inserted: head names the table and columns and ends
// with VALUES, tail follows the rows (an ON CONFLICT clause).
func insertRows(ctx context.Context, tx *db.Tx, head string, rows [][]any, tail string) ([]string, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	width := len(rows[0])
	one := "(" + db.Placeholders(width) + ")"
	var made []string
	for chunk := range chunks(rows, maxParams/width) {
		var b strings.Builder
		b.WriteString(head)
		values := make([]any, 0, len(chunk)*width)
		for i, r := range chunk {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(one)
			values = append(values, r...)
		}
		b.WriteString(tail)
		if tail == "" {
			// Every row goes in, or the statement fails.
			if _, err := tx.ExecContext(ctx, b.String(), values...); err != nil {
				return nil, err
			}
			for _, r := range chunk {
				made = append(made, r[0].(string))
			}
			continue
		}
		b.WriteString(" RETURNING id")
		rs, err := tx.QueryContext(ctx, b.String(), values...)
		if err != nil {
			return nil, err
		}
		if err := db.Each(rs, func(row db.Scanner) error {
			var id string
			err := row.Scan(&id)
			made = append(made, id)
			return err
		}); err != nil {
			return nil, err
		}
	}
	return made, nil
}
