package attendance

import (
	"context"
	"database/sql"
	"encoding/csv"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/sheet"
	"github.com/cantica/cantica/internal/zone"
)

// Marks an administrator gives on the day. Late is there, only late: the
// counts of those who came include it.
const (
	Present = "present"
	Late    = "late"
	Absent  = "absent"
	Excused = "excused"
)

// ValidMark says whether m is a mark.
func ValidMark(m string) bool { return m == Present || m == Late || m == Absent || m == Excused }

// Came says whether a mark says the member was there.
func Came(m string) bool { return m == Present || m == Late }

// Names of the count rows that are not a voice part.
const (
	NoVoicePart = "No voice part"
	AllMembers  = "All members"
)

// Person is an active member as the roster lists them, with the names of
// the voice parts they sing in the choir's order.
type Person struct {
	UserID, FirstName, LastName, Email string
	Parts                              []string
}

// Line is one member's answer and mark for an event.
type Line struct {
	Person
	Status     string // "" for no answer
	AnsweredAt *time.Time
	Mark       string // "" for none taken
}

// Count is the answers and marks of one voice part (or of everyone).
type Count struct {
	Part                             string
	Going, Maybe, NotGoing, NoAnswer int
	Present                          int
	BelowMinimum                     bool
}

func (c *Count) add(l Line) {
	switch l.Status {
	case Going:
		c.Going++
	case Maybe:
		c.Maybe++
	case NotGoing:
		c.NotGoing++
	default:
		c.NoAnswer++
	}
	if Came(l.Mark) {
		c.Present++
	}
}

// Sheet is an event's attendance: every active member's line, the counts
// by voice part and over everyone, and whether marks can be taken yet.
type Sheet struct {
	Lines    []Line
	Parts    []Count
	Totals   Count
	Min      *int
	Markable bool
}

// record is what member_attendance holds for one person.
type record struct {
	status     string
	answeredAt *time.Time
	mark       string
}

// Sheet reads o's answers and marks for people (the choir's active members,
// in the order to list them) and counts them by parts (the choir's voice
// parts in order). Rows of people not given (former members) are left out.
func (s *Service) Sheet(ctx context.Context, choirID, choirZone string, o *calendar.Occurrence, people []Person, parts []string) (*Sheet, error) {
	records, err := s.records(ctx, choirID, o)
	if err != nil {
		return nil, err
	}
	minimum, err := s.MinPerPart(ctx, choirID)
	if err != nil {
		return nil, err
	}
	sh := tally(people, parts, records, minimum)
	sh.Markable = s.Markable(o, choirZone)
	return sh, nil
}

func (s *Service) records(ctx context.Context, choirID string, o *calendar.Occurrence) (map[string]record, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT user_id, status, updated_at, mark FROM member_attendance
		WHERE choir_id = ? AND event_id = ? AND occurrence_date = ?`, choirID, o.EventID, o.Date)
	if err != nil {
		return nil, fmt.Errorf("attendance: list the answers for %s: %w", o.Key, err)
	}
	out := map[string]record{}
	err = db.Each(rows, func(row db.Scanner) error {
		var user string
		var status, mark sql.NullString
		var at sql.NullTime
		if err := row.Scan(&user, &status, &at, &mark); err != nil {
			return err
		}
		r := record{status: status.String, mark: mark.String}
		if status.Valid && at.Valid {
			t := at.Time.UTC()
			r.answeredAt = &t
		}
		out[user] = r
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("attendance: read the answers for %s: %w", o.Key, err)
	}
	return out, nil
}

// tally lines people up with their records and counts them: a member
// singing two parts counts in both, one singing none under 'No voice part'
// (listed only when someone is), everyone once in the totals. A part is
// below the minimum when fewer are going than minimum.
func tally(people []Person, parts []string, records map[string]record, minimum *int) *Sheet {
	sh := &Sheet{Lines: make([]Line, 0, len(people)), Parts: make([]Count, len(parts)), Totals: Count{Part: AllMembers}, Min: minimum}
	index := make(map[string]int, len(parts))
	for i, p := range parts {
		sh.Parts[i].Part = p
		index[p] = i
	}
	none := Count{Part: NoVoicePart}
	anyNone := false
	for _, p := range people {
		r := records[p.UserID]
		l := Line{Person: p, Status: r.status, AnsweredAt: r.answeredAt, Mark: r.mark}
		sh.Lines = append(sh.Lines, l)
		sh.Totals.add(l)
		counted := false
		for _, part := range p.Parts {
			if i, ok := index[part]; ok {
				sh.Parts[i].add(l)
				counted = true
			}
		}
		if !counted {
			none.add(l)
			anyNone = true
		}
	}
	if minimum != nil {
		for i := range sh.Parts {
			sh.Parts[i].BelowMinimum = sh.Parts[i].Going < *minimum
		}
	}
	if anyNone {
		sh.Parts = append(sh.Parts, none)
	}
	return sh
}

// location is the choir's zone, UTC when it does not load.
func location(choirZone string) *time.Location {
	if loc, err := zone.Load(choirZone); err == nil {
		return loc
	}
	return time.UTC
}

// startDay is the date o starts on in loc, as the calendar shows it:
// all-day events keep their own dates.
func startDay(o *calendar.Occurrence, loc *time.Location) string {
	if o.Shown.AllDay {
		return o.Start.UTC().Format(time.DateOnly)
	}
	return o.Start.In(loc).Format(time.DateOnly)
}

// Markable says whether attendance can be taken for o: from its day on, in
// the choir's zone.
func (s *Service) Markable(o *calendar.Occurrence, choirZone string) bool {
	loc := location(choirZone)
	return s.now().In(loc).Format(time.DateOnly) >= startDay(o, loc)
}

// Words of the export.
var (
	answerWords = map[string]string{Going: "Going", Maybe: "Maybe", NotGoing: "Can't make it", "": "No answer"}
	markWords   = map[string]string{Present: "Present", Late: "Late", Absent: "Absent", Excused: "Excused", "": ""}
)

// WriteCSV writes sh as CSV with a header row, times in the choir's zone.
// Cells a spreadsheet would run as a formula are guarded.
func WriteCSV(w io.Writer, sh *Sheet, choirZone string) error {
	loc := location(choirZone)
	out := csv.NewWriter(w)
	if err := out.Write([]string{"Last name", "First name", "Email", "Voice parts", "Answer", "Answered at", "Attendance"}); err != nil {
		return fmt.Errorf("attendance: write the export's header: %w", err)
	}
	for _, l := range sh.Lines {
		at := ""
		if l.AnsweredAt != nil {
			at = l.AnsweredAt.In(loc).Format("2006-01-02 15:04")
		}
		row := []string{l.LastName, l.FirstName, l.Email, strings.Join(l.Parts, ", "), answerWords[l.Status], at, markWords[l.Mark]}
		for i, cell := range row {
			row[i] = sheet.Guard(cell)
		}
		if err := out.Write(row); err != nil {
			return fmt.Errorf("attendance: write %s to the export: %w", l.UserID, err)
		}
	}
	out.Flush()
	if err := out.Error(); err != nil {
		return fmt.Errorf("attendance: write the export: %w", err)
	}
	return nil
}
