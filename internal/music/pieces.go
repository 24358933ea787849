package music

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// Fields are what a person edits of a piece (calendar document §3). Text
// left blank is ""; numbers left blank are nil; TypeID and CategoryID are
// "" for none.
type Fields struct {
	Title, Subtitle, Composer, Arranger, Lyricist  string
	TypeID, CategoryID                             string
	DefaultNotes                                   string
	Number                                         string // the library number; "" for none
	RehearsalWeighting, MinIntervalWeeks           *int
	NumPartsInfo                                   string
	RhythmicComplexityHint, HarmonicComplexityHint *int
	IsNewToChoir                                   bool
	ApproxLength                                   string // "", short, medium or long
	StartingNotesInfo                              string
	Transposition                                  int // semitones, 0 by default (§9)
	Language                                       string
	DurationMinutes, YearComposed                  *int
	SourcePublication, CatalogNumber               string
	CopyrightInfo                                  string
}

// Input is a piece as a person saves it: its fields and what it links to.
type Input struct {
	Fields
	// ComposerID is a composer of the choir the person chose or confirmed.
	ComposerID string
	// NewComposer says the composer text is none of the suggested
	// composers: a new composer is made of it.
	NewComposer bool
	TagIDs      []string
	Voicings    []VoicingChoice
}

// VoicingChoice links a piece to a voicing; one at most is primary.
type VoicingChoice struct {
	ID      string
	Primary bool
}

// Piece is a stored piece with the records it names.
type Piece struct {
	ID, ChoirID string
	Fields
	ComposerID           string
	CreatedBy            string
	IsArchived           bool
	LastUsedDate         string // YYYY-MM-DD, "" when never used
	CreatedAt, UpdatedAt time.Time

	Type, Category *Named
	ComposerRecord *PieceComposer
	Voicings       []PieceVoicing
	Tags           []PieceTag
	Attachments    []PieceAttachment
}

// PieceComposer is the composer record a piece names.
type PieceComposer struct {
	ID, Name, CanonicalName string
	Aliases                 []string
	BirthYear, DeathYear    *int
	Period, Nationality     string
}

// PieceVoicing is a voicing a piece is written for.
type PieceVoicing struct {
	ID               string
	Name             string
	NumDistinctParts int
	Primary          bool
}

// PieceTag is a tag a piece carries, with how many pieces carry it.
type PieceTag struct {
	ID, Name, Color string
	MusicCount      int
}

// The words of the piece form's refusals.
const (
	MsgPieceNotFound      = "Music piece not found"
	MsgTitleRequired      = "Title is required"
	MsgTooLong            = "This is too long"
	MsgWeightingRange     = "Rehearsal weighting must be between 1 and 10."
	MsgComplexityRange    = "Complexity must be between 1 and 10."
	MsgMinIntervalRange   = "The minimum interval must be between 0 and 520 weeks."
	MsgTranspositionRange = "Transposition must be between -12 and 12 semitones."
	MsgDurationRange      = "Duration must be between 0 and 600 minutes."
	MsgYearRange          = "Year composed must be between 1 and 2100."
	MsgApproxLength       = "Length must be short, medium or long."
	MsgTypeUnknown        = "Please choose a music type of this choir."
	MsgCategoryUnknown    = "Please choose a music category of this choir."
	MsgComposerUnknown    = "Please choose a composer of this choir."
	MsgVoicingUnknown     = "Please choose voicings of this choir."
	MsgOnePrimary         = "Only one voicing can be the primary one."
	MsgTagUnknown         = "Please choose tags of this choir."
	MsgTooManyTags        = "A piece can carry at most 200 tags."
	MsgTooManyVoicings    = "A piece can have at most 50 voicings."

	textMax     = 500
	notesMax    = 10000
	maxTags     = 200
	maxVoicings = 50
)

func pieceNotFound() error { return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgPieceNotFound) }

// duplicateNumber names the piece that holds a library number already.
func duplicateNumber(number, title string) error {
	msg := fmt.Sprintf(`Library number %s is already used by "%s".`, number, title)
	e := apperr.New(apperr.Conflict, apperr.CodeDuplicateNumber, msg)
	e.Details = map[string]string{"number": msg}
	return e
}

// check tidies a piece's fields (§5: text trimmed, the library number
// trimmed, blank ids none) and collects what breaks a rule.
func check(in *Input, f *apperr.Fields) {
	t := &in.Fields
	for _, p := range []*string{&t.Title, &t.Subtitle, &t.Composer, &t.Arranger, &t.Lyricist, &t.TypeID, &t.CategoryID,
		&t.Number, &t.NumPartsInfo, &t.ApproxLength, &t.StartingNotesInfo, &t.Language, &t.SourcePublication,
		&t.CatalogNumber, &t.CopyrightInfo, &in.ComposerID} {
		*p = strings.TrimSpace(*p)
	}
	if t.Title == "" {
		f.Add("title", MsgTitleRequired)
	}
	for _, v := range []struct{ field, text string }{{"title", t.Title}, {"subtitle", t.Subtitle}, {"composer", t.Composer},
		{"arranger", t.Arranger}, {"lyricist", t.Lyricist}, {"number", t.Number}, {"numPartsInfo", t.NumPartsInfo},
		{"startingNotesInfo", t.StartingNotesInfo}, {"language", t.Language}, {"sourcePublication", t.SourcePublication},
		{"catalogNumber", t.CatalogNumber}, {"copyrightInfo", t.CopyrightInfo}} {
		if utf8.RuneCountInString(v.text) > textMax {
			f.Add(v.field, MsgTooLong)
		}
	}
	if utf8.RuneCountInString(t.DefaultNotes) > notesMax {
		f.Add("defaultNotes", MsgTooLong)
	}
	outside := func(p *int, lo, hi int) bool { return p != nil && (*p < lo || *p > hi) }
	if outside(t.RehearsalWeighting, 1, 10) {
		f.Add("rehearsalWeighting", MsgWeightingRange)
	}
	if outside(t.MinIntervalWeeks, 0, 520) {
		f.Add("minIntervalWeeks", MsgMinIntervalRange)
	}
	if outside(t.RhythmicComplexityHint, 1, 10) {
		f.Add("rhythmicComplexityHint", MsgComplexityRange)
	}
	if outside(t.HarmonicComplexityHint, 1, 10) {
		f.Add("harmonicComplexityHint", MsgComplexityRange)
	}
	if t.Transposition < -12 || t.Transposition > 12 {
		f.Add("transpositionSemitones", MsgTranspositionRange)
	}
	if outside(t.DurationMinutes, 0, 600) {
		f.Add("durationMinutes", MsgDurationRange)
	}
	if outside(t.YearComposed, 1, 2100) {
		f.Add("yearComposed", MsgYearRange)
	}
	switch t.ApproxLength {
	case "", "short", "medium", "long":
	default:
		f.Add("approxLengthCategory", MsgApproxLength)
	}
	primaries := 0
	seen := map[string]bool{}
	var voicings []VoicingChoice
	for _, v := range in.Voicings {
		v.ID = strings.TrimSpace(v.ID)
		if v.ID == "" || seen[v.ID] {
			continue
		}
		seen[v.ID] = true
		if v.Primary {
			primaries++
		}
		voicings = append(voicings, v)
	}
	in.Voicings = voicings
	if primaries > 1 {
		f.Add("voicings", MsgOnePrimary)
	}
	in.TagIDs = cleanIDs(in.TagIDs)
	if len(in.TagIDs) > maxTags {
		f.Add("tagIds", MsgTooManyTags)
	}
	if len(in.Voicings) > maxVoicings {
		f.Add("voicings", MsgTooManyVoicings)
	}
}

// cleanIDs drops blank and repeated ids (§5: empty tag ids are dropped).
func cleanIDs(ids []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id != "" && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// args appends ids to a query's first arguments.
func args(first []any, ids []string) []any {
	for _, id := range ids {
		first = append(first, id)
	}
	return first
}

// known says whether a COUNT(*) query scoped to the choir finds every one
// of ids (which are distinct).
func known(ctx context.Context, tx *db.Tx, query string, choirID string, ids []string) (bool, error) {
	if len(ids) == 0 {
		return true, nil
	}
	var n int
	if err := tx.QueryRowContext(ctx, query+` AND id IN (`+db.Placeholders(len(ids))+`)`, args([]any{choirID}, ids)...).Scan(&n); err != nil {
		return false, err
	}
	return n == len(ids), nil
}

// checkRefs makes sure every id the piece names is the choir's (a built-in
// voicing counts), so that another choir's record is a field error rather
// than a link across choirs.
func checkRefs(ctx context.Context, tx *db.Tx, choirID string, in *Input, f *apperr.Fields) error {
	refs := []struct {
		field, msg, query string
		ids               []string
	}{
		{"typeId", MsgTypeUnknown, `SELECT COUNT(*) FROM music_types WHERE choir_id = ?`, nonBlank(in.TypeID)},
		{"categoryId", MsgCategoryUnknown, `SELECT COUNT(*) FROM music_categories WHERE choir_id = ?`, nonBlank(in.CategoryID)},
		{"composerId", MsgComposerUnknown, `SELECT COUNT(*) FROM composers WHERE choir_id = ?`, nonBlank(in.ComposerID)},
		{"tagIds", MsgTagUnknown, `SELECT COUNT(*) FROM tags WHERE choir_id = ?`, in.TagIDs},
		{"voicings", MsgVoicingUnknown, `SELECT COUNT(*) FROM voicings WHERE (choir_id IS NULL OR choir_id = ?)`, voicingIDs(in.Voicings)},
	}
	for _, r := range refs {
		ok, err := known(ctx, tx, r.query, choirID, r.ids)
		if err != nil {
			return fmt.Errorf("music: check the %s a piece of %s names: %w", r.field, choirID, err)
		}
		if !ok {
			f.Add(r.field, r.msg)
		}
	}
	return nil
}

func nonBlank(id string) []string {
	if id == "" {
		return nil
	}
	return []string{id}
}

func voicingIDs(vs []VoicingChoice) []string {
	ids := make([]string, len(vs))
	for i, v := range vs {
		ids[i] = v.ID
	}
	return ids
}

// numberFree refuses a library number another piece of the choir holds.
func numberFree(ctx context.Context, q db.Querier, choirID, id, number string) error {
	if number == "" {
		return nil
	}
	var title string
	err := q.QueryRowContext(ctx, `SELECT title FROM music WHERE choir_id = ? AND number = ? AND id <> ?`, choirID, number, id).Scan(&title)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return fmt.Errorf("music: look for library number %q in %s: %w", number, choirID, err)
	}
	return duplicateNumber(number, title)
}

// numberClash turns a unique violation of a save into DUPLICATE_NUMBER:
// two saves that checked the number at once both found it free, and the
// index let only one of them through.
func (s *Service) numberClash(ctx context.Context, choirID, id, number string, err error) error {
	number = strings.TrimSpace(number)
	if !db.IsUniqueViolation(err) || number == "" {
		return err
	}
	if clash := numberFree(ctx, s.db, choirID, id, number); clash != nil {
		return clash
	}
	return err
}

// Create adds a piece to a choir's library, everything in one transaction.
func (s *Service) Create(ctx context.Context, choirID, userID string, in Input) (*Piece, error) {
	var id string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		id, err = s.createPieceTx(ctx, tx, choirID, userID, in)
		return err
	})
	if err != nil {
		return nil, s.numberClash(ctx, choirID, "", in.Number, err)
	}
	return s.Get(ctx, choirID, id)
}

// createPieceTx adds a piece inside the caller's transaction (the CSV
// import adds a whole file in one) and returns its id. A refusal is an
// *apperr.Error; a unique violation left to the caller is a library number
// taken at the same moment by another transaction.
func (s *Service) createPieceTx(ctx context.Context, tx *db.Tx, choirID, userID string, in Input) (string, error) {
	id := uuid.NewString()
	now := s.now()
	c, err := s.prepare(ctx, tx, choirID, "", &in)
	if err != nil {
		return "", err
	}
	t := in.Fields
	if _, err := tx.ExecContext(ctx, `INSERT INTO music (id, choir_id, title, subtitle, composer, composer_id, arranger, lyricist,
		type_id, category_id, default_notes, number, rehearsal_weighting, min_interval_weeks, num_parts_info,
		rhythmic_complexity_hint, harmonic_complexity_hint, is_new_to_choir_flag, approx_length_category, starting_notes_info,
		transposition_semitones, language, duration_minutes, year_composed, source_publication, catalog_number, copyright_info,
		created_by, is_archived, search_text, title_key, composer_key, number_key, language_key, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, choirID, t.Title, t.Subtitle, t.Composer, nullable(c.ID), t.Arranger, t.Lyricist,
		nullable(t.TypeID), nullable(t.CategoryID), t.DefaultNotes, nullable(t.Number), t.RehearsalWeighting, t.MinIntervalWeeks, t.NumPartsInfo,
		t.RhythmicComplexityHint, t.HarmonicComplexityHint, t.IsNewToChoir, t.ApproxLength, t.StartingNotesInfo,
		t.Transposition, t.Language, t.DurationMinutes, t.YearComposed, t.SourcePublication, t.CatalogNumber, t.CopyrightInfo,
		nullable(userID), false, searchText(&t, c), fold(t.Title), c.Key, numberKey(t.Number), fold(t.Language), now, now); err != nil {
		return "", fmt.Errorf("music: insert piece %q into %s: %w", t.Title, choirID, err)
	}
	if err := setLinks(ctx, tx, choirID, id, userID, &in, now); err != nil {
		return "", err
	}
	return id, nil
}

// prepare checks and tidies a save, and settles its composer (§9).
func (s *Service) prepare(ctx context.Context, tx *db.Tx, choirID, id string, in *Input) (settled, error) {
	var f apperr.Fields
	check(in, &f)
	if err := f.Err(); err != nil {
		return settled{}, err
	}
	if err := checkRefs(ctx, tx, choirID, in, &f); err != nil {
		return settled{}, err
	}
	if err := f.Err(); err != nil {
		return settled{}, err
	}
	if err := numberFree(ctx, tx, choirID, id, in.Number); err != nil {
		return settled{}, err
	}
	return s.settleComposer(ctx, tx, choirID, in)
}

// searchText is what the list's search looks in: the piece's words and its
// composer record's.
func searchText(t *Fields, c settled) string {
	return strings.TrimSpace(fold(strings.Join([]string{t.Title, t.Subtitle, t.Composer, t.Arranger, t.Number}, " ")) + " " + c.Search)
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// setLinks replaces a piece's tags and voicings. A voicing the piece keeps
// keeps who assigned it and when.
func setLinks(ctx context.Context, tx *db.Tx, choirID, id, userID string, in *Input, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM music_tags WHERE music_id = ?`, id); err != nil {
		return fmt.Errorf("music: clear the tags of piece %s: %w", id, err)
	}
	for _, tag := range in.TagIDs {
		if _, err := tx.ExecContext(ctx, `INSERT INTO music_tags (music_id, tag_id, choir_id) VALUES (?, ?, ?)`, id, tag, choirID); err != nil {
			return fmt.Errorf("music: tag piece %s with %s: %w", id, tag, err)
		}
	}
	type assigned struct {
		by any
		at time.Time
	}
	kept := map[string]assigned{}
	rows, err := tx.QueryContext(ctx, `SELECT voicing_id, assigned_by, assigned_at FROM music_voicings WHERE music_id = ?`, id)
	if err != nil {
		return fmt.Errorf("music: read the voicings of piece %s: %w", id, err)
	}
	if err := db.Each(rows, func(row db.Scanner) error {
		var vid string
		var by sql.NullString
		var at time.Time
		if err := row.Scan(&vid, &by, &at); err != nil {
			return err
		}
		a := assigned{at: at}
		if by.Valid {
			a.by = by.String
		}
		kept[vid] = a
		return nil
	}); err != nil {
		return fmt.Errorf("music: read the voicings of piece %s: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM music_voicings WHERE music_id = ?`, id); err != nil {
		return fmt.Errorf("music: clear the voicings of piece %s: %w", id, err)
	}
	for _, v := range in.Voicings {
		a, ok := kept[v.ID]
		if !ok {
			a = assigned{by: nullable(userID), at: now}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO music_voicings (music_id, voicing_id, choir_id, assigned_by, assigned_at, is_primary)
			VALUES (?, ?, ?, ?, ?, ?)`, id, v.ID, choirID, a.by, a.at, v.Primary); err != nil {
			return fmt.Errorf("music: assign voicing %s to piece %s: %w", v.ID, id, err)
		}
	}
	return nil
}

// Update saves the whole piece as it should be, in one transaction.
func (s *Service) Update(ctx context.Context, choirID, userID, id string, in Input) (*Piece, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM music WHERE id = ? AND choir_id = ?`+tx.ForUpdate(), id, choirID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return pieceNotFound()
		}
		if err != nil {
			return fmt.Errorf("music: lock piece %s: %w", id, err)
		}
		c, err := s.prepare(ctx, tx, choirID, id, &in)
		if err != nil {
			return err
		}
		t := in.Fields
		now := s.now()
		if _, err := tx.ExecContext(ctx, `UPDATE music SET title = ?, subtitle = ?, composer = ?, composer_id = ?, arranger = ?,
			lyricist = ?, type_id = ?, category_id = ?, default_notes = ?, number = ?, rehearsal_weighting = ?, min_interval_weeks = ?,
			num_parts_info = ?, rhythmic_complexity_hint = ?, harmonic_complexity_hint = ?, is_new_to_choir_flag = ?,
			approx_length_category = ?, starting_notes_info = ?, transposition_semitones = ?, language = ?, duration_minutes = ?,
			year_composed = ?, source_publication = ?, catalog_number = ?, copyright_info = ?, search_text = ?, title_key = ?,
			composer_key = ?, number_key = ?, language_key = ?, updated_at = ? WHERE id = ? AND choir_id = ?`,
			t.Title, t.Subtitle, t.Composer, nullable(c.ID), t.Arranger, t.Lyricist, nullable(t.TypeID), nullable(t.CategoryID),
			t.DefaultNotes, nullable(t.Number), t.RehearsalWeighting, t.MinIntervalWeeks, t.NumPartsInfo, t.RhythmicComplexityHint,
			t.HarmonicComplexityHint, t.IsNewToChoir, t.ApproxLength, t.StartingNotesInfo, t.Transposition, t.Language,
			t.DurationMinutes, t.YearComposed, t.SourcePublication, t.CatalogNumber, t.CopyrightInfo, searchText(&t, c), fold(t.Title),
			c.Key, numberKey(t.Number), fold(t.Language), now, id, choirID); err != nil {
			return fmt.Errorf("music: update piece %s: %w", id, err)
		}
		return setLinks(ctx, tx, choirID, id, userID, &in, now)
	})
	if err != nil {
		return nil, s.numberClash(ctx, choirID, id, in.Number, err)
	}
	return s.Get(ctx, choirID, id)
}

// Archive takes a piece out of the library's default view; Restore brings
// it back.
func (s *Service) Archive(ctx context.Context, choirID, id string) (*Piece, error) {
	return s.setArchived(ctx, choirID, id, true)
}

// Restore brings an archived piece back.
func (s *Service) Restore(ctx context.Context, choirID, id string) (*Piece, error) {
	return s.setArchived(ctx, choirID, id, false)
}

func (s *Service) setArchived(ctx context.Context, choirID, id string, archived bool) (*Piece, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE music SET is_archived = ?, updated_at = ? WHERE id = ? AND choir_id = ?`,
		archived, s.now(), id, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: archive (%v) piece %s: %w", archived, id, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return nil, pieceNotFound()
	}
	return s.Get(ctx, choirID, id)
}

// MarkUsed records the date pieces of a choir were last used (planning).
// Ids of another choir are left alone.
func (s *Service) MarkUsed(ctx context.Context, choirID string, ids []string, date time.Time) error {
	ids = cleanIDs(ids)
	if len(ids) == 0 {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `UPDATE music SET last_used_date = ? WHERE choir_id = ? AND id IN (`+db.Placeholders(len(ids))+`)`,
		args([]any{date.Format(time.DateOnly), choirID}, ids)...)
	if err != nil {
		return fmt.Errorf("music: mark %d pieces of %s used: %w", len(ids), choirID, err)
	}
	return nil
}

const pieceColumns = `m.id, m.choir_id, m.title, m.subtitle, m.composer, m.composer_id, m.arranger, m.lyricist, m.type_id,
	m.category_id, m.default_notes, m.number, m.rehearsal_weighting, m.min_interval_weeks, m.num_parts_info,
	m.rhythmic_complexity_hint, m.harmonic_complexity_hint, m.is_new_to_choir_flag, m.approx_length_category,
	m.starting_notes_info, m.transposition_semitones, m.language, m.duration_minutes, m.year_composed, m.source_publication,
	m.catalog_number, m.copyright_info, m.created_by, m.is_archived, m.last_used_date, m.created_at, m.updated_at`

// Get reads one piece of a choir with everything it names.
func (s *Service) Get(ctx context.Context, choirID, id string) (*Piece, error) {
	var p Piece
	var composerID, typeID, categoryID, number, createdBy, lastUsed, typeName, categoryName sql.NullString
	var weighting, interval, rhythm, harmony, duration, year sql.NullInt64
	t := &p.Fields
	err := s.db.QueryRowContext(ctx, `SELECT `+pieceColumns+`, ty.name, ca.name FROM music m
		LEFT JOIN music_types ty ON ty.id = m.type_id LEFT JOIN music_categories ca ON ca.id = m.category_id
		WHERE m.id = ? AND m.choir_id = ?`, id, choirID).Scan(&p.ID, &p.ChoirID, &t.Title, &t.Subtitle, &t.Composer, &composerID,
		&t.Arranger, &t.Lyricist, &typeID, &categoryID, &t.DefaultNotes, &number, &weighting, &interval, &t.NumPartsInfo, &rhythm,
		&harmony, &t.IsNewToChoir, &t.ApproxLength, &t.StartingNotesInfo, &t.Transposition, &t.Language, &duration, &year,
		&t.SourcePublication, &t.CatalogNumber, &t.CopyrightInfo, &createdBy, &p.IsArchived, &lastUsed, &p.CreatedAt, &p.UpdatedAt,
		&typeName, &categoryName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, pieceNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("music: read piece %s: %w", id, err)
	}
	p.ComposerID, t.TypeID, t.CategoryID, t.Number = composerID.String, typeID.String, categoryID.String, number.String
	p.CreatedBy, p.LastUsedDate = createdBy.String, lastUsed.String
	t.RehearsalWeighting, t.MinIntervalWeeks, t.RhythmicComplexityHint = intOrNil(weighting), intOrNil(interval), intOrNil(rhythm)
	t.HarmonicComplexityHint, t.DurationMinutes, t.YearComposed = intOrNil(harmony), intOrNil(duration), intOrNil(year)
	p.CreatedAt, p.UpdatedAt = p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	if typeName.Valid {
		p.Type = &Named{ID: t.TypeID, Name: typeName.String}
	}
	if categoryName.Valid {
		p.Category = &Named{ID: t.CategoryID, Name: categoryName.String}
	}
	if p.ComposerID != "" {
		if p.ComposerRecord, err = readComposer(ctx, s.db, p.ComposerID); err != nil {
			return nil, err
		}
	}
	ids := []string{id}
	tags, err := tagsOf(ctx, s.db, ids)
	if err != nil {
		return nil, err
	}
	p.Tags = append([]PieceTag{}, tags[id]...)
	if p.Voicings, err = voicingsOf(ctx, s.db, id); err != nil {
		return nil, err
	}
	if p.Attachments, err = listAttachments(ctx, s.db, choirID, id); err != nil {
		return nil, err
	}
	return &p, nil
}

func intOrNil(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

func readComposer(ctx context.Context, q db.Querier, id string) (*PieceComposer, error) {
	var c PieceComposer
	var aliases string
	var birth, death sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT id, name, canonical_name, aliases, birth_year, death_year, period, nationality
		FROM composers WHERE id = ?`, id).Scan(&c.ID, &c.Name, &c.CanonicalName, &aliases, &birth, &death, &c.Period, &c.Nationality)
	if err != nil {
		return nil, fmt.Errorf("music: read composer %s: %w", id, err)
	}
	if err := json.Unmarshal([]byte(aliases), &c.Aliases); err != nil {
		return nil, fmt.Errorf("music: decode the aliases of composer %s: %w", id, err)
	}
	if c.Aliases == nil {
		c.Aliases = []string{}
	}
	c.BirthYear, c.DeathYear = intOrNil(birth), intOrNil(death)
	return &c, nil
}

// tagsOf reads the tags of several pieces, by name, and how many pieces
// carry each: one query for the links, one for the counts of the tags seen.
func tagsOf(ctx context.Context, q db.Querier, ids []string) (map[string][]PieceTag, error) {
	out := map[string][]PieceTag{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT mt.music_id, t.id, t.name, t.color FROM music_tags mt JOIN tags t ON t.id = mt.tag_id
		WHERE mt.music_id IN (`+db.Placeholders(len(ids))+`) ORDER BY t.name_key, t.id`, args(nil, ids)...)
	if err != nil {
		return nil, fmt.Errorf("music: list the tags of %d pieces: %w", len(ids), err)
	}
	var tagIDs []string
	counts := map[string]int{}
	err = db.Each(rows, func(row db.Scanner) error {
		var musicID string
		var t PieceTag
		if err := row.Scan(&musicID, &t.ID, &t.Name, &t.Color); err != nil {
			return err
		}
		if _, seen := counts[t.ID]; !seen {
			counts[t.ID] = 0
			tagIDs = append(tagIDs, t.ID)
		}
		out[musicID] = append(out[musicID], t)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the tags of %d pieces: %w", len(ids), err)
	}
	if len(tagIDs) == 0 {
		return out, nil
	}
	rows, err = q.QueryContext(ctx, `SELECT tag_id, COUNT(*) FROM music_tags WHERE tag_id IN (`+db.Placeholders(len(tagIDs))+`)
		GROUP BY tag_id`, args(nil, tagIDs)...)
	if err != nil {
		return nil, fmt.Errorf("music: count the pieces of %d tags: %w", len(tagIDs), err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var id string
		var n int
		err := row.Scan(&id, &n)
		counts[id] = n
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the piece counts of %d tags: %w", len(tagIDs), err)
	}
	for _, ts := range out {
		for i := range ts {
			ts[i].MusicCount = counts[ts[i].ID]
		}
	}
	return out, nil
}

// voicingsOf reads a piece's voicings, the primary first.
func voicingsOf(ctx context.Context, q db.Querier, id string) ([]PieceVoicing, error) {
	rows, err := q.QueryContext(ctx, `SELECT v.id, v.name, v.num_distinct_parts, mv.is_primary FROM music_voicings mv
		JOIN voicings v ON v.id = mv.voicing_id WHERE mv.music_id = ? ORDER BY mv.is_primary DESC, v.name_key, v.id`, id)
	if err != nil {
		return nil, fmt.Errorf("music: list the voicings of piece %s: %w", id, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (PieceVoicing, error) {
		var v PieceVoicing
		err := row.Scan(&v.ID, &v.Name, &v.NumDistinctParts, &v.Primary)
		return v, err
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the voicings of piece %s: %w", id, err)
	}
	return out, nil
}
