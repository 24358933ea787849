package invite

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"strings"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/sheet"
)

// MaxImportRows bounds one CSV import.
const MaxImportRows = 500

// Outcomes of one imported row.
const (
	Invited = "invited"
	Skipped = "skipped"
	Failed  = "error"
)

const (
	MsgImportEmpty     = "The file has no rows to import."
	MsgImportTooLong   = "The file has more than 500 rows. Please split it into smaller files."
	msgImportUnread    = "The file could not be read as CSV: %v"
	msgDuplicateInFile = "This email appears more than once in the file."
	msgRowUnexpected   = "This row could not be invited. Please try again."
	msgUnknownRole     = `Unknown role "%s". Use choir_admin, member or guest.`
)

// ImportRow is what became of one row of the file.
type ImportRow struct {
	Line    int
	Email   string
	Outcome string
	Message string
}

// ImportResult reports every row and the totals.
type ImportResult struct {
	Rows                     []ImportRow
	Invited, Skipped, Failed int
}

// Import invites everyone listed in CSV text of first name, last name,
// email and role. Each row stands alone: a row is invited (its email queued
// in the same transaction), skipped because the person is already invited
// or a member, or refused with the reason; no row is left half-done and a
// refused row does not undo the others.
func (s *Service) Import(ctx context.Context, c Choir, by Inviter, text string) (*ImportResult, error) {
	records, err := readRecords(text)
	if err != nil {
		return nil, err
	}
	res := &ImportResult{Rows: []ImportRow{}}
	seen := map[string]bool{}
	for _, rec := range records {
		row := ImportRow{Line: rec.line, Email: strings.TrimSpace(rec.invitee.Email)}
		key, _ := auth.NormaliseEmail(row.Email) // two spellings of one address are one row
		switch {
		case rec.problem != "":
			row.Outcome, row.Message = Failed, rec.problem
		case seen[key]:
			row.Outcome, row.Message = Skipped, msgDuplicateInFile
		default:
			seen[key] = true
			row.Outcome, row.Message = s.importOne(ctx, c, by, rec.invitee)
		}
		switch row.Outcome {
		case Invited:
			res.Invited++
		case Skipped:
			res.Skipped++
		default:
			res.Failed++
		}
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

func (s *Service) importOne(ctx context.Context, c Choir, by Inviter, in Invitee) (string, string) {
	_, err := s.Create(ctx, c, by, in)
	if err == nil {
		return Invited, ""
	}
	if e, ok := apperr.As(err); ok {
		if e.Code == apperr.CodeEmailAlreadyInvited || e.Code == apperr.CodeAlreadyMember {
			return Skipped, e.Message
		}
		return Failed, e.Message
	}
	s.logger.Error("invitation import row failed", "choir_id", c.ID, "err", err)
	return Failed, msgRowUnexpected
}

// defaultColumns is the order of a file without a header row.
var defaultColumns = map[string]int{"first": 0, "last": 1, "email": 2, "role": 3}

type record struct {
	line    int
	invitee Invitee
	problem string // a role that names no role
}

// readRecords parses the file: comma, semicolon or tab separated, an
// optional header row (which may put the columns in any order), blank
// lines ignored.
func readRecords(text string) ([]record, error) {
	r := sheet.NewReader(text)
	r.TrimLeadingSpace = true
	columns := maps.Clone(defaultColumns)
	var out []record
	first := true
	for {
		fields, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, fmt.Sprintf(msgImportUnread, err))
		}
		line, _ := r.FieldPos(0)
		if blank(fields) {
			continue
		}
		if first {
			first = false
			if header, ok := headerColumns(fields); ok {
				columns = header
				continue
			}
		}
		if len(out) == MaxImportRows {
			return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportTooLong)
		}
		cell := func(name string) string {
			i, ok := columns[name]
			if !ok || i >= len(fields) {
				return ""
			}
			return strings.TrimSpace(fields[i])
		}
		rec := record{line: line, invitee: Invitee{FirstName: cell("first"), LastName: cell("last"), Email: cell("email")}}
		role, ok := parseRole(cell("role"))
		if ok {
			rec.invitee.Role = string(role)
		} else {
			rec.problem = fmt.Sprintf(msgUnknownRole, cell("role"))
		}
		out = append(out, rec)
	}
	if len(out) == 0 {
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportEmpty)
	}
	return out, nil
}

func blank(fields []string) bool {
	for _, f := range fields {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// headerColumns recognises a header row and where it puts each column.
func headerColumns(fields []string) (map[string]int, bool) {
	cols := map[string]int{}
	for i, f := range fields {
		key := strings.NewReplacer(" ", "", "_", "", "-", "").Replace(strings.ToLower(strings.TrimSpace(f)))
		switch key {
		case "firstname", "first", "givenname", "forename":
			cols["first"] = i
		case "lastname", "last", "surname", "familyname":
			cols["last"] = i
		case "email", "emailaddress", "mail":
			cols["email"] = i
		case "role":
			cols["role"] = i
		}
	}
	if _, ok := cols["email"]; !ok {
		return nil, false
	}
	// Columns the header names in words we do not know keep their usual place.
	used := map[int]bool{}
	for _, i := range cols {
		used[i] = true
	}
	for name, i := range defaultColumns {
		if _, ok := cols[name]; !ok && !used[i] {
			cols[name] = i
		}
	}
	return cols, true
}

// parseRole reads a role as people write it; empty means member.
func parseRole(s string) (access.Role, bool) {
	key := strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(strings.TrimSpace(s)))
	switch key {
	case "", "member", "singer", "choir_member":
		return access.Member, true
	case "choir_admin", "admin", "administrator", "choir_administrator":
		return access.ChoirAdmin, true
	case "guest":
		return access.Guest, true
	}
	return "", false
}
