package music

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// Query is one page of the library as the list asks for it. Zero values
// mean the defaults: active pieces, by title, page 1 of 50.
type Query struct {
	Search     string
	TagIDs     []string // pieces carrying every one
	VoicingID  string
	TypeID     string
	CategoryID string
	Language   string
	Archived   string // active (default), archived or all
	Sort       string // title (default), composer, number, updated, lastUsed, created
	Order      string // asc or desc; dates newest first by default, the rest A to Z
	Page       int
	PageSize   int
}

// Summary is a piece as the library's list shows it.
type Summary struct {
	ID, Title, Subtitle, Composer, Arranger, Number string
	TypeName, CategoryName, Language                string
	PrimaryVoicing                                  string
	DurationMinutes                                 *int
	IsArchived                                      bool
	LastUsedDate                                    string
	UpdatedAt                                       time.Time
	Tags                                            []PieceTag
	HasScore, HasAudio                              bool
	AttachmentCount                                 int
}

// Page is one page of the library and how many pieces match in all.
type Page struct {
	Items          []Summary
	Total          int
	Page, PageSize int
}

const (
	DefaultPageSize = 50
	MaxPageSize     = 100

	MsgPageSize = "The page size must be between 1 and 100."
	MsgPage     = "The page must be 1 or more."
	MsgArchived = "Archived must be active, archived or all."
	MsgSort     = "Sort by title, composer, number, updated, lastUsed or created."
	MsgOrder    = "Order must be asc or desc."
	MsgTagLimit = "Filter by at most 50 tags."
	MsgLanguage = "Filter by a language of at most 500 characters."

	maxFilterTags = 50
)

// sorts are the ORDER BY of each sort, ascending; ties fall to the title,
// then the id, so that pages never overlap.
var sorts = map[string]string{
	"title":    "m.title_key %[1]s, m.id %[1]s",
	"composer": "m.composer_key %[1]s, m.title_key %[1]s, m.id %[1]s",
	"number":   "m.number IS NULL, m.number_key %[1]s, m.id %[1]s",
	"updated":  "m.updated_at %[1]s, m.id %[1]s",
	"lastUsed": "COALESCE(m.last_used_date, '') %[1]s, m.title_key %[1]s, m.id %[1]s",
	"created":  "m.created_at %[1]s, m.id %[1]s",
}

func (q *Query) check() error {
	var f apperr.Fields
	if q.PageSize == 0 {
		q.PageSize = DefaultPageSize
	}
	if q.PageSize < 1 || q.PageSize > MaxPageSize {
		f.Add("pageSize", MsgPageSize)
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Page < 1 {
		f.Add("page", MsgPage)
	}
	switch q.Archived {
	case "":
		q.Archived = "active"
	case "active", "archived", "all":
	default:
		f.Add("archived", MsgArchived)
	}
	if q.Sort == "" {
		q.Sort = "title"
	}
	if _, ok := sorts[q.Sort]; !ok {
		f.Add("sort", MsgSort)
	}
	switch q.Order {
	case "":
		q.Order = "asc"
		if q.Sort == "updated" || q.Sort == "created" || q.Sort == "lastUsed" {
			q.Order = "desc"
		}
	case "asc", "desc":
	default:
		f.Add("order", MsgOrder)
	}
	q.TagIDs = cleanIDs(q.TagIDs)
	if len(q.TagIDs) > maxFilterTags {
		f.Add("tagId", MsgTagLimit)
	}
	f.Add("q", apperr.SearchProblem(q.Search))
	if utf8.RuneCountInString(q.Language) > textMax {
		f.Add("language", MsgLanguage)
	}
	return f.Err()
}

// from and where are the rows of a query over music m, with the
// arguments of where. A tag or voicing filter drives the search from its
// links: CROSS JOIN keeps SQLite's planner (which has no statistics) from
// probing every piece of the choir instead; PostgreSQL reads it as a join.
func (q *Query) from(choirID string) (string, string, []any) {
	from := "music m"
	conds := []string{"m.choir_id = ?"}
	params := []any{choirID}
	tags := q.TagIDs
	switch {
	case len(tags) > 0:
		from = "music_tags d CROSS JOIN music m"
		conds, params = append(conds, "d.music_id = m.id", "d.tag_id = ?"), append(params, tags[0])
		tags = tags[1:]
	case q.VoicingID != "":
		from = "music_voicings d CROSS JOIN music m"
		conds, params = append(conds, "d.music_id = m.id", "d.voicing_id = ?"), append(params, q.VoicingID)
	}
	switch q.Archived {
	case "active":
		conds, params = append(conds, "m.is_archived = ?"), append(params, false)
	case "archived":
		conds, params = append(conds, "m.is_archived = ?"), append(params, true)
	}
	for _, pattern := range SearchPatterns(q.Search) {
		conds = append(conds, `m.search_text LIKE ? ESCAPE '\'`)
		params = append(params, pattern)
	}
	for _, tag := range tags {
		conds = append(conds, "m.id IN (SELECT mt.music_id FROM music_tags mt WHERE mt.tag_id = ?)")
		params = append(params, tag)
	}
	if q.VoicingID != "" && len(q.TagIDs) > 0 {
		conds = append(conds, "m.id IN (SELECT mv.music_id FROM music_voicings mv WHERE mv.voicing_id = ?)")
		params = append(params, q.VoicingID)
	}
	if q.TypeID != "" {
		conds, params = append(conds, "m.type_id = ?"), append(params, q.TypeID)
	}
	if q.CategoryID != "" {
		conds, params = append(conds, "m.category_id = ?"), append(params, q.CategoryID)
	}
	if l := fold(q.Language); l != "" {
		conds, params = append(conds, "m.language_key = ?"), append(params, l)
	}
	return from, strings.Join(conds, " AND "), params
}

// List answers one page of a choir's library. The page's pieces are read
// first; their tags, primary voicings and attachment counts then take one
// query each, whatever the page size.
func (s *Service) List(ctx context.Context, choirID string, q Query) (*Page, error) {
	if err := q.check(); err != nil {
		return nil, err
	}
	from, where, params := q.from(choirID)
	page := &Page{Items: []Summary{}, Page: q.Page, PageSize: q.PageSize}
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+from+` WHERE `+where, params...).Scan(&page.Total); err != nil {
		return nil, fmt.Errorf("music: count the library of %s: %w", choirID, err)
	}
	if page.Total <= (q.Page-1)*q.PageSize {
		return page, nil
	}
	// The page's ids first: the sort then carries nothing but keys.
	order := fmt.Sprintf(sorts[q.Sort], strings.ToUpper(q.Order))
	rows, err := s.db.QueryContext(ctx, `SELECT m.id FROM `+from+` WHERE `+where+` ORDER BY `+order+` LIMIT ? OFFSET ?`,
		append(params, q.PageSize, (q.Page-1)*q.PageSize)...)
	if err != nil {
		return nil, fmt.Errorf("music: list the library of %s: %w", choirID, err)
	}
	ids, err := db.All(rows, func(row db.Scanner) (string, error) {
		var id string
		err := row.Scan(&id)
		return id, err
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the library of %s: %w", choirID, err)
	}
	if page.Items, err = s.summaries(ctx, choirID, ids); err != nil {
		return nil, err
	}
	return page, nil
}

// summaries reads the listed pieces, in the order of ids, with their tags,
// primary voicing and files.
func (s *Service) summaries(ctx context.Context, choirID string, ids []string) ([]Summary, error) {
	items := make([]Summary, len(ids))
	if len(ids) == 0 {
		return items, nil
	}
	at := make(map[string]*Summary, len(ids))
	for i, id := range ids {
		at[id] = &items[i]
	}
	rows, err := s.db.QueryContext(ctx, `SELECT m.id, m.title, m.subtitle, m.composer, m.arranger, m.number, ty.name, ca.name,
		m.language, m.duration_minutes, m.is_archived, m.last_used_date, m.updated_at
		FROM music m LEFT JOIN music_types ty ON ty.id = m.type_id LEFT JOIN music_categories ca ON ca.id = m.category_id
		WHERE m.id IN (`+db.Placeholders(len(ids))+`)`, args(nil, ids)...) // ids of the choir's own list: by the primary key alone
	if err != nil {
		return nil, fmt.Errorf("music: read %d pieces of %s: %w", len(ids), choirID, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var m Summary
		var number, typeName, categoryName, lastUsed sql.NullString
		var duration sql.NullInt64
		if err := row.Scan(&m.ID, &m.Title, &m.Subtitle, &m.Composer, &m.Arranger, &number, &typeName, &categoryName, &m.Language,
			&duration, &m.IsArchived, &lastUsed, &m.UpdatedAt); err != nil {
			return err
		}
		m.Number, m.TypeName, m.CategoryName, m.LastUsedDate = number.String, typeName.String, categoryName.String, lastUsed.String
		m.DurationMinutes, m.UpdatedAt, m.Tags = intOrNil(duration), m.UpdatedAt.UTC(), []PieceTag{}
		*at[m.ID] = m
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("music: read %d pieces of %s: %w", len(ids), choirID, err)
	}
	if err := s.fillSummaries(ctx, ids, at); err != nil {
		return nil, err
	}
	return items, nil
}

// fillSummaries adds the tags, primary voicing and files of listed pieces.
func (s *Service) fillSummaries(ctx context.Context, ids []string, at map[string]*Summary) error {
	tags, err := tagsOf(ctx, s.db, ids)
	if err != nil {
		return err
	}
	for id, ts := range tags {
		at[id].Tags = ts
	}
	rows, err := s.db.QueryContext(ctx, `SELECT mv.music_id, v.name FROM music_voicings mv JOIN voicings v ON v.id = mv.voicing_id
		WHERE mv.is_primary = ? AND mv.music_id IN (`+db.Placeholders(len(ids))+`)`, args([]any{true}, ids)...)
	if err != nil {
		return fmt.Errorf("music: list the primary voicings of %d pieces: %w", len(ids), err)
	}
	if err := db.Each(rows, func(row db.Scanner) error {
		var id, name string
		err := row.Scan(&id, &name)
		at[id].PrimaryVoicing = name
		return err
	}); err != nil {
		return fmt.Errorf("music: read the primary voicings of %d pieces: %w", len(ids), err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT music_id, COUNT(*),
		SUM(CASE WHEN type = 'score' THEN 1 ELSE 0 END), SUM(CASE WHEN type IN ('audio_full', 'audio_part') THEN 1 ELSE 0 END)
		FROM music_attachments WHERE music_id IN (`+db.Placeholders(len(ids))+`) GROUP BY music_id`, args(nil, ids)...)
	if err != nil {
		return fmt.Errorf("music: count the attachments of %d pieces: %w", len(ids), err)
	}
	if err := db.Each(rows, func(row db.Scanner) error {
		var id string
		var n, scores, audio int
		err := row.Scan(&id, &n, &scores, &audio)
		at[id].AttachmentCount, at[id].HasScore, at[id].HasAudio = n, scores > 0, audio > 0
		return err
	}); err != nil {
		return fmt.Errorf("music: read the attachment counts of %d pieces: %w", len(ids), err)
	}
	return nil
}

// Numbers lists the library numbers a choir uses (archived pieces too), in
// natural order, and the next free one after the highest numeric one.
func (s *Service) Numbers(ctx context.Context, choirID string) (numbers []string, next string, err error) {
	rows, err := s.db.QueryContext(ctx, `SELECT number FROM music WHERE choir_id = ? AND number IS NOT NULL AND number <> ''
		ORDER BY number_key, number`, choirID)
	if err != nil {
		return nil, "", fmt.Errorf("music: list the library numbers of %s: %w", choirID, err)
	}
	numbers, err = db.All(rows, func(row db.Scanner) (string, error) {
		var n string
		err := row.Scan(&n)
		return n, err
	})
	if err != nil {
		return nil, "", fmt.Errorf("music: read the library numbers of %s: %w", choirID, err)
	}
	highest := 0
	for _, n := range numbers {
		if v, err := strconv.Atoi(n); err == nil && v > highest {
			highest = v
		}
	}
	return numbers, strconv.Itoa(highest + 1), nil
}

// The refusals of bulk tagging (§5).
const (
	MsgTagAssignMissing = "Missing required parameters for tag assignment"
	MsgTagAssignNoValid = "No valid tag IDs provided for assignment"
	MsgBulkTooMany      = "Tag at most 5,000 pieces at a time."

	// maxBulk bounds one bulk action: a whole library, well inside what one
	// statement may carry on either database.
	maxBulk = 5000
)

// Failure is a piece a bulk action left alone, and why.
type Failure struct {
	ID, Message string
}

// BulkTag adds tags to several pieces at once; tags a piece has already are
// kept once. Pieces that are not the choir's are reported, not touched.
func (s *Service) BulkTag(ctx context.Context, choirID string, ids, tagIDs []string) (done []string, failed []Failure, err error) {
	ids = cleanIDs(ids)
	if len(ids) == 0 || len(tagIDs) == 0 {
		return nil, nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgTagAssignMissing)
	}
	tagIDs = cleanIDs(tagIDs)
	if len(tagIDs) == 0 {
		return nil, nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgTagAssignNoValid)
	}
	if len(ids) > maxBulk || len(tagIDs) > maxBulk {
		return nil, nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgBulkTooMany)
	}
	done, failed = []string{}, []Failure{}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		ok, err := known(ctx, tx, `SELECT COUNT(*) FROM tags WHERE choir_id = ?`, choirID, tagIDs)
		if err != nil {
			return fmt.Errorf("music: check the tags to assign in %s: %w", choirID, err)
		}
		if !ok {
			return apperr.Validation(map[string]string{"tagIds": MsgTagUnknown}, "tagIds")
		}
		ours := map[string]bool{}
		rows, err := tx.QueryContext(ctx, `SELECT id FROM music WHERE choir_id = ? AND id IN (`+db.Placeholders(len(ids))+`)`,
			args([]any{choirID}, ids)...)
		if err != nil {
			return fmt.Errorf("music: find the pieces to tag in %s: %w", choirID, err)
		}
		if err := db.Each(rows, func(row db.Scanner) error {
			var id string
			err := row.Scan(&id)
			ours[id] = true
			return err
		}); err != nil {
			return fmt.Errorf("music: read the pieces to tag in %s: %w", choirID, err)
		}
		now := s.now()
		for _, id := range ids {
			if !ours[id] {
				failed = append(failed, Failure{ID: id, Message: MsgPieceNotFound})
				continue
			}
			for _, tag := range tagIDs {
				if _, err := tx.ExecContext(ctx, `INSERT INTO music_tags (music_id, tag_id, choir_id) VALUES (?, ?, ?)
					ON CONFLICT (music_id, tag_id) DO NOTHING`, id, tag, choirID); err != nil {
					return fmt.Errorf("music: tag piece %s with %s: %w", id, tag, err)
				}
			}
			if _, err := tx.ExecContext(ctx, `UPDATE music SET updated_at = ? WHERE id = ?`, now, id); err != nil {
				return fmt.Errorf("music: touch piece %s: %w", id, err)
			}
			done = append(done, id)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return done, failed, nil
}
