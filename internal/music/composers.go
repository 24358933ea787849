package music

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/composer"
	"github.com/cantica/cantica/internal/db"
)

// Composer is a composer of a choir's library. MusicCount is filled in
// lists only.
type Composer struct {
	ID                   string
	Name                 string
	CanonicalName        string
	Aliases              []string
	BirthYear, DeathYear *int
	Period               string
	Nationality          string
	MusicCount           int
}

// ComposerInput is what a person gives for a composer.
type ComposerInput struct {
	Name                 string
	CanonicalName        string // the name, surname first, when empty
	Aliases              []string
	BirthYear, DeathYear *int
	Period               string
	Nationality          string
}

// Periods are the composers' periods of calendar document §3.
var Periods = []string{"Medieval", "Renaissance", "Renaissance/Baroque", "Baroque", "Classical",
	"Classical/Romantic", "Romantic", "Romantic/Modern", "Modern", "Contemporary"}

const (
	MsgComposerNameRequired = "Composer name is required"
	MsgComposerNameTooLong  = "Composer name is too long"
	MsgComposerPeriod       = "Please choose a period from the list."
	MsgComposerYear         = "Please give a year from 1 to 9999."
	MsgComposerYears        = "The death year cannot be before the birth year."
	MsgComposerNotFound     = "Composer not found."
	msgComposerExists       = `A composer named "%s" already exists in this choir.`

	// ComposerNameMax bounds a composer's names and aliases in characters.
	ComposerNameMax = 100
	// ComposerSearchLimit is how many composers a search answers (§9).
	ComposerSearchLimit = 10
)

func composerNotFound() error {
	return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgComposerNotFound)
}

func checkComposer(in ComposerInput) (ComposerInput, error) {
	var f apperr.Fields
	in.Name = catalogName(in.Name)
	switch {
	case in.Name == "":
		f.Add("name", MsgComposerNameRequired)
	case utf8.RuneCountInString(in.Name) > ComposerNameMax:
		f.Add("name", MsgComposerNameTooLong)
	}
	in.CanonicalName = catalogName(in.CanonicalName)
	if in.CanonicalName == "" {
		in.CanonicalName = composer.CanonicalName(in.Name)
	}
	if utf8.RuneCountInString(in.CanonicalName) > ComposerNameMax {
		f.Add("canonicalName", MsgComposerNameTooLong)
	}
	aliases := []string{}
	seen := map[string]bool{}
	for _, a := range in.Aliases {
		a = catalogName(a)
		if a == "" || seen[catalogKey(a)] {
			continue
		}
		if utf8.RuneCountInString(a) > ComposerNameMax {
			f.Add("aliases", MsgComposerNameTooLong)
		}
		seen[catalogKey(a)] = true
		aliases = append(aliases, a)
	}
	in.Aliases = aliases
	in.Period = strings.TrimSpace(in.Period)
	if in.Period != "" && !slices.Contains(Periods, in.Period) {
		f.Add("period", MsgComposerPeriod)
	}
	for field, y := range map[string]*int{"birthYear": in.BirthYear, "deathYear": in.DeathYear} {
		if y != nil && (*y < 1 || *y > 9999) {
			f.Add(field, MsgComposerYear)
		}
	}
	if in.BirthYear != nil && in.DeathYear != nil && *in.DeathYear < *in.BirthYear {
		f.Add("deathYear", MsgComposerYears)
	}
	in.Nationality = catalogName(in.Nationality)
	if utf8.RuneCountInString(in.Nationality) > ComposerNameMax {
		f.Add("nationality", MsgComposerNameTooLong)
	}
	return in, f.Err()
}

// composerSearchText is what a search looks in: the comparison forms
// (composer.Normalise) of the name, canonical name and aliases, so that
// "Dvořák" and "Dvorak" find each other. The bars keep a search from
// matching across two names.
func composerSearchText(in ComposerInput) string {
	forms := []string{composer.Normalise(in.Name), composer.Normalise(in.CanonicalName)}
	for _, a := range in.Aliases {
		forms = append(forms, composer.Normalise(a))
	}
	return "|" + strings.Join(forms, "|") + "|"
}

const composerColumns = `c.id, c.name, c.canonical_name, c.aliases, c.birth_year, c.death_year, c.period, c.nationality`

func scanComposer(row db.Scanner, extra ...any) (Composer, error) {
	var c Composer
	var aliases string
	var birth, death sql.NullInt64
	if err := row.Scan(append([]any{&c.ID, &c.Name, &c.CanonicalName, &aliases, &birth, &death, &c.Period, &c.Nationality}, extra...)...); err != nil {
		return c, err
	}
	if err := json.Unmarshal([]byte(aliases), &c.Aliases); err != nil {
		return c, fmt.Errorf("aliases of composer %s: %w", c.ID, err)
	}
	if c.Aliases == nil {
		c.Aliases = []string{}
	}
	if birth.Valid {
		y := int(birth.Int64)
		c.BirthYear = &y
	}
	if death.Valid {
		y := int(death.Int64)
		c.DeathYear = &y
	}
	return c, nil
}

// Composers lists a choir's composers by canonical name, each with how many
// pieces name it. With a search text, only those whose name, canonical name
// or an alias contains it, at most ComposerSearchLimit.
func (s *Service) Composers(ctx context.Context, choirID, search string) ([]Composer, error) {
	if err := apperr.CheckSearch("q", search); err != nil {
		return nil, err
	}
	query := `SELECT ` + composerColumns + `, (SELECT COUNT(*) FROM music m WHERE m.composer_id = c.id)
		FROM composers c WHERE c.choir_id = ?`
	args := []any{choirID}
	if strings.TrimSpace(search) != "" {
		query += ` AND c.search_text LIKE ? ESCAPE '\'`
		args = append(args, db.Contains(composer.Normalise(search)))
	}
	query += ` ORDER BY LOWER(c.canonical_name), c.canonical_name, c.name_key`
	if strings.TrimSpace(search) != "" {
		query += fmt.Sprintf(` LIMIT %d`, ComposerSearchLimit)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("music: list the composers of %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Composer, error) {
		var n int
		c, err := scanComposer(row, &n)
		c.MusicCount = n
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the composers of %s: %w", choirID, err)
	}
	return out, nil
}

// CreateComposer adds a composer to a choir.
func (s *Service) CreateComposer(ctx context.Context, choirID string, in ComposerInput) (*Composer, error) {
	in, err := checkComposer(in)
	if err != nil {
		return nil, err
	}
	c, err := s.addComposer(ctx, s.db, choirID, in)
	if db.IsUniqueViolation(err) {
		return nil, nameTaken(msgComposerExists, in.Name)
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// insertComposer stores a checked composer.
func (s *Service) addComposer(ctx context.Context, q db.Querier, choirID string, in ComposerInput) (*Composer, error) {
	aliases, err := json.Marshal(in.Aliases)
	if err != nil {
		return nil, fmt.Errorf("music: encode the aliases of %q: %w", in.Name, err)
	}
	c := &Composer{ID: uuid.NewString(), Name: in.Name, CanonicalName: in.CanonicalName, Aliases: in.Aliases,
		BirthYear: in.BirthYear, DeathYear: in.DeathYear, Period: in.Period, Nationality: in.Nationality}
	now := s.now()
	if _, err := q.ExecContext(ctx, `INSERT INTO composers (id, choir_id, name, name_key, canonical_name, aliases, search_text,
		birth_year, death_year, period, nationality, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, choirID, in.Name, catalogKey(in.Name), in.CanonicalName, string(aliases), composerSearchText(in),
		in.BirthYear, in.DeathYear, in.Period, in.Nationality, now, now); err != nil {
		return nil, fmt.Errorf("music: create composer %q in %s: %w", in.Name, choirID, err)
	}
	return c, nil
}

// UpdateComposer changes a composer.
func (s *Service) UpdateComposer(ctx context.Context, choirID, id string, in ComposerInput) (*Composer, error) {
	in, err := checkComposer(in)
	if err != nil {
		return nil, err
	}
	aliases, err := json.Marshal(in.Aliases)
	if err != nil {
		return nil, fmt.Errorf("music: encode the aliases of %q: %w", in.Name, err)
	}
	// The pieces' search text and composer sort key carry the composer's
	// names, so they change in the same transaction.
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE composers SET name = ?, name_key = ?, canonical_name = ?, aliases = ?, search_text = ?,
			birth_year = ?, death_year = ?, period = ?, nationality = ?, updated_at = ? WHERE id = ? AND choir_id = ?`,
			in.Name, catalogKey(in.Name), in.CanonicalName, string(aliases), composerSearchText(in),
			in.BirthYear, in.DeathYear, in.Period, in.Nationality, s.now(), id, choirID)
		if db.IsUniqueViolation(err) {
			return nameTaken(msgComposerExists, in.Name)
		}
		if err != nil {
			return fmt.Errorf("music: update composer %s of %s: %w", id, choirID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return composerNotFound()
		}
		return refreshComposerPieces(ctx, tx, id)
	})
	if err != nil {
		return nil, err
	}
	return &Composer{ID: id, Name: in.Name, CanonicalName: in.CanonicalName, Aliases: in.Aliases,
		BirthYear: in.BirthYear, DeathYear: in.DeathYear, Period: in.Period, Nationality: in.Nationality}, nil
}

// DeleteComposer removes a composer. Its pieces keep the composer's name as
// their composer text and lose the link, in the same transaction.
func (s *Service) DeleteComposer(ctx context.Context, choirID, id string) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var name string
		err := tx.QueryRowContext(ctx, `SELECT name FROM composers WHERE id = ? AND choir_id = ?`, id, choirID).Scan(&name)
		if errors.Is(err, sql.ErrNoRows) {
			return composerNotFound()
		}
		if err != nil {
			return fmt.Errorf("music: find composer %s of %s: %w", id, choirID, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE music SET composer = CASE WHEN composer = '' THEN ? ELSE composer END, composer_id = NULL
			WHERE composer_id = ? AND choir_id = ?`, name, id, choirID); err != nil {
			return fmt.Errorf("music: unlink the pieces of composer %s: %w", id, err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM composers WHERE id = ? AND choir_id = ?`, id, choirID); err != nil {
			return fmt.Errorf("music: delete composer %s: %w", id, err)
		}
		return nil
	})
}

// FamousLoaded says what loading the famous list did.
type FamousLoaded struct{ Added, Skipped int }

// famousInput is a famous composer as a choir's composer.
func famousInput(f composer.Famous) ComposerInput {
	birth := f.BirthYear
	return ComposerInput{Name: f.Name, CanonicalName: f.CanonicalName, Aliases: slices.Clone(f.Aliases),
		BirthYear: &birth, DeathYear: f.DeathYear, Period: f.Period, Nationality: f.Nationality}
}

// LoadFamousComposers adds the built-in famous composers to a choir in one
// transaction; a name the choir already has is skipped, so loading twice
// adds nothing the second time.
func (s *Service) LoadFamousComposers(ctx context.Context, choirID string) (*FamousLoaded, error) {
	out := &FamousLoaded{}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		*out = FamousLoaded{}
		now := s.now()
		for _, f := range composer.FamousList() {
			in, err := checkComposer(famousInput(f))
			if err != nil {
				return fmt.Errorf("music: famous composer %q: %w", f.Name, err)
			}
			aliases, err := json.Marshal(in.Aliases)
			if err != nil {
				return fmt.Errorf("music: encode the aliases of %q: %w", in.Name, err)
			}
			res, err := tx.ExecContext(ctx, `INSERT INTO composers (id, choir_id, name, name_key, canonical_name, aliases, search_text,
				birth_year, death_year, period, nationality, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (choir_id, name_key) DO NOTHING`,
				uuid.NewString(), choirID, in.Name, catalogKey(in.Name), in.CanonicalName, string(aliases), composerSearchText(in),
				in.BirthYear, in.DeathYear, in.Period, in.Nationality, now, now)
			if err != nil {
				return fmt.Errorf("music: add famous composer %q to %s: %w", in.Name, choirID, err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("music: add famous composer %q to %s: %w", in.Name, choirID, err)
			} else if n == 0 {
				out.Skipped++
			} else {
				out.Added++
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// candidates are a choir's composers, as records and as the matcher sees them.
func composerCandidates(ctx context.Context, q db.Querier, choirID string) (map[string]Composer, []composer.Candidate, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+composerColumns+` FROM composers c WHERE c.choir_id = ?`, choirID)
	if err != nil {
		return nil, nil, fmt.Errorf("music: load the composers of %s: %w", choirID, err)
	}
	all, err := db.All(rows, func(row db.Scanner) (Composer, error) { return scanComposer(row) })
	if err != nil {
		return nil, nil, fmt.Errorf("music: read the composers of %s: %w", choirID, err)
	}
	byID := make(map[string]Composer, len(all))
	cs := make([]composer.Candidate, len(all))
	for i, c := range all {
		byID[c.ID] = c
		cs[i] = composer.Candidate{ID: c.ID, Name: c.Name, CanonicalName: c.CanonicalName, Aliases: c.Aliases}
	}
	return byID, cs, nil
}

// Resolution is how a typed name relates to a choir's composers (§9), with
// the records of the composers it names.
type Resolution struct {
	composer.Resolution
	Composers map[string]Composer
}

// MatchComposer resolves a typed composer name against the choir's
// composers and the famous list. It only suggests: nothing is stored.
func (s *Service) MatchComposer(ctx context.Context, choirID, name string) (*Resolution, error) {
	name = catalogName(name)
	switch {
	case name == "":
		return nil, apperr.Validation(map[string]string{"name": MsgComposerNameRequired}, "name")
	case utf8.RuneCountInString(name) > ComposerNameMax:
		return nil, apperr.Validation(map[string]string{"name": MsgComposerNameTooLong}, "name")
	}
	byID, cs, err := composerCandidates(ctx, s.db, choirID)
	if err != nil {
		return nil, err
	}
	return &Resolution{Resolution: composer.Resolve(name, cs), Composers: byID}, nil
}
