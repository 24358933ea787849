package invite

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"strings"
	"unicode/utf8"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
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

// Outcomes of one previewed row.
const (
	WillInvite = "invite"
	WillSkip   = "skip"
	WontInvite = "error"
)

const (
	MsgImportEmpty     = "The file has no rows to import."
	MsgImportTooLong   = "The file has more than 500 rows. Please split it into smaller files."
	msgImportUnread    = "The file could not be read as CSV: %v"
	msgDuplicateInFile = "This email appears more than once in the file."
	msgRowUnexpected   = "This row could not be invited. Please try again."
	msgUnknownRole     = `Unknown role "%s". Use Choir Administrator, Member or Guest.`
	msgUnknownPart     = `No voice part named "%s" in this choir.`
	msgUnknownParts    = `No voice parts named %s in this choir.`
	// shownNameMax bounds how much of a name that matched nothing a message repeats.
	shownNameMax = 60
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

// PreviewRow is what importing one row would do.
type PreviewRow struct {
	Line                       int
	FirstName, LastName, Email string
	Role                       access.Role // empty when the row names no role
	VoiceParts                 []choir.VoicePart
	Outcome, Message           string
	invitee                    Invitee
}

// ImportPreview reports every row and the totals; it changes nothing.
type ImportPreview struct {
	Rows                   []PreviewRow
	Ready, Skipped, Failed int
}

// PreviewImport reads CSV text of invitations and says, row by row, what
// importing it would do: invite, skip (already invited, already a member,
// or the address twice in the file) or refuse, with the reason. It sends
// and saves nothing.
func (s *Service) PreviewImport(ctx context.Context, choirID, text string) (*ImportPreview, error) {
	p, _, err := s.preview(ctx, choirID, text)
	return p, err
}

// preview is PreviewImport, with the choir's voice parts it read, by id.
func (s *Service) preview(ctx context.Context, choirID, text string) (*ImportPreview, map[string]choir.VoicePart, error) {
	records, err := readRecords(text)
	if err != nil {
		return nil, nil, err
	}
	parts, err := choir.ListVoiceParts(ctx, s.db, choirID)
	if err != nil {
		return nil, nil, err
	}
	invited, members, err := s.taken(ctx, choirID)
	if err != nil {
		return nil, nil, err
	}
	return plan(records, parts, invited, members), partsByID(parts), nil
}

// Import invites everyone the same text lists, read and checked again as
// PreviewImport does. Each row stands alone: a row is invited (its email
// queued in the same transaction), skipped because the person is already
// invited or a member, or refused with the reason; no row is left half-done
// and a refused row does not undo the others. All the reading and matching
// is done before, once for the file; each row's transaction only writes.
func (s *Service) Import(ctx context.Context, c Choir, by Inviter, text string) (*ImportResult, error) {
	p, parts, err := s.preview(ctx, c.ID, text)
	if err != nil {
		return nil, err
	}
	res := &ImportResult{Rows: make([]ImportRow, 0, len(p.Rows))}
	for _, r := range p.Rows {
		row := ImportRow{Line: r.Line, Email: r.Email, Message: r.Message}
		switch r.Outcome {
		case WontInvite:
			row.Outcome = Failed
		case WillSkip:
			row.Outcome = Skipped
		default:
			row.Outcome, row.Message = s.importOne(ctx, c, by, r.invitee, parts)
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

func (s *Service) importOne(ctx context.Context, c Choir, by Inviter, in Invitee, parts map[string]choir.VoicePart) (string, string) {
	_, err := s.create(ctx, c, by, in, parts)
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

// taken reads the addresses of a choir that an import skips: those with a
// pending invitation, and those of its members.
func (s *Service) taken(ctx context.Context, choirID string) (invited, members map[string]bool, err error) {
	read := func(what, query string, args ...any) (map[string]bool, error) {
		rows, err := s.db.QueryContext(ctx, query, args...)
		if err != nil {
			return nil, fmt.Errorf("invite: list the %s of %s: %w", what, choirID, err)
		}
		list, err := db.All(rows, func(row db.Scanner) (string, error) {
			var email string
			err := row.Scan(&email)
			return email, err
		})
		if err != nil {
			return nil, fmt.Errorf("invite: read the %s of %s: %w", what, choirID, err)
		}
		set := make(map[string]bool, len(list))
		for _, e := range list {
			set[e] = true
		}
		return set, nil
	}
	if invited, err = read("invited addresses", `SELECT email FROM choir_invites WHERE choir_id = ? AND status = 'pending' AND expires_at > ?`,
		choirID, s.now()); err != nil {
		return nil, nil, err
	}
	if members, err = read("members' addresses", `SELECT u.email FROM user_choir_membership m JOIN users u ON u.id = m.user_id
		WHERE m.choir_id = ?`, choirID); err != nil {
		return nil, nil, err
	}
	return invited, members, nil
}

// plan decides each row's outcome from the file, the choir's voice parts
// and the addresses already invited or in the choir, in one pass.
func plan(records []record, parts []choir.VoicePart, invited, members map[string]bool) *ImportPreview {
	byName := make(map[string]choir.VoicePart, len(parts))
	for _, p := range parts {
		byName[strings.ToLower(p.Name)] = p
	}
	byID := partsByID(parts)
	out := &ImportPreview{Rows: make([]PreviewRow, 0, len(records))}
	seen := map[string]bool{}
	for _, rec := range records {
		row := PreviewRow{Line: rec.line, FirstName: rec.invitee.FirstName, LastName: rec.invitee.LastName,
			Email: rec.invitee.Email, Role: access.Role(rec.invitee.Role), VoiceParts: []choir.VoicePart{}}
		var problems []string
		if rec.problem != "" {
			problems = append(problems, rec.problem)
		}
		var unknown []string
		in := rec.invitee
		for _, name := range rec.partNames {
			if p, ok := byName[strings.ToLower(name)]; ok {
				in.VoicePartIDs = append(in.VoicePartIDs, p.ID)
			} else {
				unknown = append(unknown, name)
			}
		}
		if len(unknown) > 0 {
			problems = append(problems, unknownParts(unknown))
		}
		checked, err := checkInvitee(in, byID)
		if e, ok := apperr.As(err); ok {
			for _, field := range []string{"email", "firstName", "lastName", "role", "musicalRoleIds"} {
				if m := e.Details[field]; m != "" && !(field == "role" && rec.problem != "") {
					problems = append(problems, m)
				}
			}
		}
		for _, id := range checked.VoicePartIDs {
			row.VoiceParts = append(row.VoiceParts, byID[id])
		}
		key := checked.Email
		switch {
		case len(problems) > 0:
			row.Outcome, row.Message = WontInvite, sentences(problems)
		case seen[key]:
			row.Outcome, row.Message = WillSkip, msgDuplicateInFile
		case members[key]:
			row.Outcome, row.Message = WillSkip, MsgAlreadyMember
		case invited[key]:
			row.Outcome, row.Message = WillSkip, MsgAlreadyInvited
		default:
			row.Outcome, row.invitee = WillInvite, checked
		}
		if len(problems) == 0 {
			seen[key] = true // two spellings of one address are one row
		}
		switch row.Outcome {
		case WillInvite:
			out.Ready++
		case WillSkip:
			out.Skipped++
		default:
			out.Failed++
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// unknownParts words the voice parts a row names that the choir does not have.
func unknownParts(names []string) string {
	quoted := make([]string, 0, min(len(names), 3))
	for _, n := range names[:min(len(names), 3)] {
		quoted = append(quoted, `"`+shorten(n)+`"`)
	}
	if len(names) == 1 {
		return fmt.Sprintf(msgUnknownPart, shorten(names[0]))
	}
	list := strings.Join(quoted[:len(quoted)-1], ", ") + " or " + quoted[len(quoted)-1]
	if len(names) > 3 {
		list = strings.Join(quoted, ", ") + fmt.Sprintf(" or %d more", len(names)-3)
	}
	return fmt.Sprintf(msgUnknownParts, list)
}

// shorten cuts a name a user typed to what a message may repeat.
func shorten(s string) string {
	if utf8.RuneCountInString(s) <= shownNameMax {
		return s
	}
	return string([]rune(s)[:shownNameMax]) + "…"
}

// sentences joins messages into one line, each ending with a full stop.
func sentences(msgs []string) string {
	for i, m := range msgs {
		if !strings.HasSuffix(m, ".") {
			msgs[i] = m + "."
		}
	}
	return strings.Join(msgs, " ")
}

// defaultColumns is the order of a file without a header row.
var defaultColumns = map[string]int{"first": 0, "last": 1, "email": 2, "role": 3, "parts": 4}

type record struct {
	line      int
	invitee   Invitee
	partNames []string // as written, trimmed; matched to the choir's parts by plan
	problem   string   // a role that names no role
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
		rec := record{line: line, invitee: Invitee{FirstName: cell("first"), LastName: cell("last"), Email: cell("email")},
			partNames: partNames(cell("parts"))}
		role, ok := parseRole(cell("role"))
		if ok {
			rec.invitee.Role = string(role)
		} else {
			rec.problem = fmt.Sprintf(msgUnknownRole, shorten(cell("role")))
		}
		out = append(out, rec)
	}
	if len(out) == 0 {
		return nil, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgImportEmpty)
	}
	return out, nil
}

// partNames splits a voice parts cell at ';', each name trimmed and its
// inner spaces made single, empty names dropped.
func partNames(cell string) []string {
	var out []string
	for name := range strings.SplitSeq(cell, ";") {
		if name = strings.Join(strings.Fields(name), " "); name != "" {
			out = append(out, name)
		}
	}
	return out
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
		case "voicepart", "voiceparts":
			cols["parts"] = i
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

// roleKey is the one form parseRole compares: lower case, words joined by '_'.
func roleKey(s string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("_", " ", "-", " ").Replace(strings.ToLower(s))), "_")
}

// roleSynonyms are other words people write for a role.
var roleSynonyms = map[string]access.Role{
	"": access.Member, "singer": access.Member, "choir_member": access.Member,
	"admin": access.ChoirAdmin, "administrator": access.ChoirAdmin, "choir_admin": access.ChoirAdmin,
}

// parseRole reads a role as people write it: its code, its label as the
// app shows it (choir.RoleLabel), or a common synonym; empty means member.
func parseRole(s string) (access.Role, bool) {
	key := roleKey(s)
	for _, r := range []access.Role{access.ChoirAdmin, access.Member, access.Guest} {
		if key == string(r) || key == roleKey(choir.RoleLabel(r)) {
			return r, true
		}
	}
	r, ok := roleSynonyms[key]
	return r, ok
}
