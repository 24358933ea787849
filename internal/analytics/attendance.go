package analytics

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// DefaultThreshold is the attendance rate, in percent, under which a member
// is listed first until the director sets another.
const DefaultThreshold = 60

// MsgThresholdRange is the message of a threshold out of range.
const MsgThresholdRange = "Enter a whole number from 0 to 100."

// Service computes a choir's analytics.
type Service struct{ db *db.DB }

// New returns the analytics service.
func New(d *db.DB) *Service { return &Service{db: d} }

// Member is an active member as the reports list them: the caller reads the
// roster (the choir package owns it) and passes it in.
type Member struct {
	UserID, Name   string
	PartIDs, Parts []string // the voice parts' ids and names
}

// Part is a voice part of the choir, in the choir's order.
type Part struct{ ID, Name string }

// Counts are attendance marks: present (late included: they came), excused
// and absent.
type Counts struct{ Present, Excused, Absent int }

// Marked is how many events had this attendance taken.
func (c Counts) Marked() int { return c.Present + c.Excused + c.Absent }

// Rate is the share present, in whole percent rounded down, or -1 when
// attendance was never taken.
func (c Counts) Rate() int { return percent(c.Present, c.Marked()) }

func (c *Counts) add(o Counts) { c.Present += o.Present; c.Excused += o.Excused; c.Absent += o.Absent }

// MemberAttendance is one member's marks over the period.
type MemberAttendance struct {
	Member
	Counts
	Below bool // rate under the threshold
}

// PartAttendance is the marks of a voice part's members.
type PartAttendance struct {
	Part
	Counts
}

// EventAttendance is one event (or occurrence of a series) where attendance
// was taken: its choir-local date and the marks.
type EventAttendance struct {
	Key, Title, Type, Date string
	Counts
}

// TypeAverage is the average number of singers present at the events of
// one type, in hundredths (1250 = 12.5 singers).
type TypeAverage struct {
	Type            string
	Events          int
	AverageHundreds int
}

// Attendance is the attendance section.
type Attendance struct {
	Threshold int
	Members   []MemberAttendance // below the threshold first, then by name
	Parts     []PartAttendance
	Events    []EventAttendance // by date
	Types     []TypeAverage
}

// inPeriod is the condition that a member_attendance row ma (of event e,
// whose edited occurrence, if any, is eo) falls in a period, and the
// event-type filter: an occurrence of a series by its date in the series
// (kept in the event's zone, the choir's), an all-day event by its date, a
// timed event by its start instant, so that an event at 23:30 on the last
// day counts. Its arguments come from inPeriodArgs.
const inPeriod = inPeriodDates + `
	AND (? = '' OR COALESCE(eo.event_type, e.event_type) = ?)`

func inPeriodArgs(p Period) []any {
	return append(inPeriodDatesArgs(p), p.EventType, p.EventType)
}

// inPeriodDates is inPeriod without the event-type filter (a singer's own
// year has none); its arguments come from inPeriodDatesArgs.
const inPeriodDates = `((ma.occurrence_date <> '' AND ma.occurrence_date >= ? AND ma.occurrence_date <= ?)
	OR (ma.occurrence_date = '' AND e.all_day = TRUE AND substr(e.start_at, 1, 10) >= ? AND substr(e.start_at, 1, 10) <= ?)
	OR (ma.occurrence_date = '' AND e.all_day = FALSE AND e.start_at >= ? AND e.start_at < ?))`

func inPeriodDatesArgs(p Period) []any {
	from, to := p.instants()
	return []any{p.FromDate, p.ToDate, p.FromDate, p.ToDate, from, to}
}

// periodRows is the member_attendance rows of a choir's events in a period
// (as inPeriod says) as a table r of their member, event, occurrence,
// answer and mark. It reads single events and series apart, each from the
// events of the choir (a few hundred rows) into their rows through the
// member_attendance index (an occurrence's by a range of dates), an order
// SQLite's planner keeps for a CROSS JOIN; an OR of both would read every
// row of the choir. The index holds every column read here (migration
// 00028), so no row of the table itself is read. No event column (title,
// type) is carried: a section that shows them joins the events to its
// sums, a few hundred rows, not to the tens of thousands summed.
const periodRows = `(SELECT ma.user_id, ma.event_id, ma.occurrence_date, ma.status, ma.mark
	FROM events e CROSS JOIN member_attendance ma
	WHERE ` + singleInPeriod + ` AND ma.choir_id = e.choir_id AND ma.event_id = e.id AND ma.occurrence_date = ''
	UNION ALL ` + seriesRows + `) r`

// singleInPeriod is the condition that e is a single event of the choir in
// the period (an all-day one by its date, a timed one by its start
// instant) and of the type the filter names.
const singleInPeriod = `e.choir_id = ? AND e.series_id IS NULL AND e.recurrence_rule IS NULL
		AND ((e.all_day = TRUE AND substr(e.start_at, 1, 10) >= ? AND substr(e.start_at, 1, 10) <= ?)
			OR (e.all_day = FALSE AND e.start_at >= ? AND e.start_at < ?))
		AND (? = '' OR e.event_type = ?)`

// seriesRows is the rows of the occurrences of the choir's series in the
// period, by their dates, of the type the filter names (an edited
// occurrence's own).
const seriesRows = `SELECT ma.user_id, ma.event_id, ma.occurrence_date, ma.status, ma.mark
	FROM events e CROSS JOIN member_attendance ma
	LEFT JOIN events eo ON eo.series_id = ma.event_id AND eo.instance_date = ma.occurrence_date
	WHERE e.choir_id = ? AND e.series_id IS NULL AND e.recurrence_rule IS NOT NULL
		AND ma.choir_id = e.choir_id AND ma.event_id = e.id AND ma.occurrence_date >= ? AND ma.occurrence_date <= ?
		AND (? = '' OR COALESCE(eo.event_type, e.event_type) = ?)`

// periodArgs are the arguments of periodRows: those of singleInPeriod,
// then those of seriesRows.
func periodArgs(choirID string, p Period) []any {
	from, to := p.instants()
	return []any{choirID, p.FromDate, p.ToDate, from, to, p.EventType, p.EventType, choirID, p.FromDate, p.ToDate, p.EventType, p.EventType}
}

// partFilter narrows rows to the members of a voice part when p names one.
const partFilter = ` AND (? = '' OR r.user_id IN (SELECT user_id FROM member_musical_roles WHERE choir_id = ? AND musical_role_id = ?))`

func partArgs(choirID string, p Period) []any { return []any{p.VoicePart, choirID, p.VoicePart} }

// markSums counts a late member as present: they came.
const markSums = `SUM(CASE WHEN r.mark IN ('present', 'late') THEN 1 ELSE 0 END), SUM(CASE WHEN r.mark = 'excused' THEN 1 ELSE 0 END),
	SUM(CASE WHEN r.mark = 'absent' THEN 1 ELSE 0 END)`

// Attendance computes the attendance section over the roster's members
// (already narrowed to the voice part filter) and the choir's parts: three
// statements (threshold, per member, per event).
func (s *Service) Attendance(ctx context.Context, choirID string, p Period, members []Member, parts []Part) (*Attendance, error) {
	threshold, err := s.Threshold(ctx, choirID)
	if err != nil {
		return nil, err
	}
	out := &Attendance{Threshold: threshold, Members: []MemberAttendance{}, Parts: []PartAttendance{}, Events: []EventAttendance{}, Types: []TypeAverage{}}
	byUser := map[string]Counts{}
	rows, err := s.db.QueryContext(ctx, `SELECT r.user_id, `+markSums+` FROM `+periodRows+`
		WHERE r.mark IS NOT NULL GROUP BY r.user_id`, periodArgs(choirID, p)...)
	if err != nil {
		return nil, fmt.Errorf("analytics: sum the attendance of %s per member: %w", choirID, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var user string
		var c Counts
		if err := row.Scan(&user, &c.Present, &c.Excused, &c.Absent); err != nil {
			return err
		}
		byUser[user] = c
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analytics: read the attendance of %s per member: %w", choirID, err)
	}
	byPart := map[string]*Counts{}
	for _, m := range members {
		c := byUser[m.UserID]
		out.Members = append(out.Members, MemberAttendance{Member: m, Counts: c, Below: c.Rate() >= 0 && c.Rate() < threshold})
		for _, id := range m.PartIDs {
			if byPart[id] == nil {
				byPart[id] = &Counts{}
			}
			byPart[id].add(c)
		}
	}
	slices.SortStableFunc(out.Members, func(a, b MemberAttendance) int {
		if a.Below != b.Below {
			if a.Below {
				return -1
			}
			return 1
		}
		if a.Below {
			return cmp.Compare(a.Rate(), b.Rate())
		}
		return 0
	})
	for _, pt := range parts {
		if p.VoicePart != "" && pt.ID != p.VoicePart {
			continue
		}
		c := Counts{}
		if byPart[pt.ID] != nil {
			c = *byPart[pt.ID]
		}
		out.Parts = append(out.Parts, PartAttendance{Part: pt, Counts: c})
	}

	args := append(periodArgs(choirID, p), partArgs(choirID, p)...)
	// The sums per event first, then their events' titles and types (an
	// edited occurrence's own, if any).
	rows, err = s.db.QueryContext(ctx, `SELECT x.*, COALESCE(eo.title, e.title), COALESCE(eo.event_type, e.event_type), e.start_at,
			CASE WHEN e.all_day AND x.occurrence_date = '' THEN 1 ELSE 0 END
		FROM (SELECT r.event_id, r.occurrence_date, `+markSums+`
			FROM `+periodRows+` WHERE r.mark IS NOT NULL`+partFilter+`
			GROUP BY r.event_id, r.occurrence_date) x
		JOIN events e ON e.id = x.event_id
		LEFT JOIN events eo ON eo.series_id = x.event_id AND eo.instance_date = x.occurrence_date`, args...)
	if err != nil {
		return nil, fmt.Errorf("analytics: sum the attendance of %s per event: %w", choirID, err)
	}
	loc := p.From.Location()
	err = db.Each(rows, func(row db.Scanner) error {
		var e EventAttendance
		var eventID, date, start string
		var allDay int
		if err := row.Scan(&eventID, &date, &e.Present, &e.Excused, &e.Absent, &e.Title, &e.Type, &start, &allDay); err != nil {
			return err
		}
		e.Key, e.Date = eventID, date
		if date != "" {
			e.Key = eventID + "-occurrence-" + date
		} else {
			e.Date = localDate(start, allDay == 1, loc)
		}
		out.Events = append(out.Events, e)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analytics: read the attendance of %s per event: %w", choirID, err)
	}
	slices.SortStableFunc(out.Events, func(a, b EventAttendance) int {
		return cmp.Or(strings.Compare(a.Date, b.Date), strings.Compare(a.Key, b.Key))
	})
	out.Types = typeAverages(out.Events)
	return out, nil
}

// typeAverages is the average number present per event, by event type in
// the calendar's order of types.
func typeAverages(events []EventAttendance) []TypeAverage {
	sum, n := map[string]int{}, map[string]int{}
	for _, e := range events {
		sum[e.Type] += e.Present
		n[e.Type]++
	}
	out := []TypeAverage{}
	for _, t := range eventTypes {
		if n[t] > 0 {
			out = append(out, TypeAverage{Type: t, Events: n[t], AverageHundreds: sum[t] * 100 / n[t]})
		}
	}
	return out
}

// Threshold is the choir's attendance threshold in percent.
func (s *Service) Threshold(ctx context.Context, choirID string) (int, error) {
	var t int
	if err := s.db.QueryRowContext(ctx, `SELECT attendance_threshold FROM choirs WHERE id = ?`, choirID).Scan(&t); err != nil {
		return 0, fmt.Errorf("analytics: read the attendance threshold of %s: %w", choirID, err)
	}
	return t, nil
}

// SetThreshold keeps the choir's attendance threshold (0 to 100 percent).
func (s *Service) SetThreshold(ctx context.Context, choirID string, percent int) error {
	if percent < 0 || percent > 100 {
		return apperr.Validation(map[string]string{"attendanceThreshold": MsgThresholdRange}, "attendanceThreshold")
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE choirs SET attendance_threshold = ? WHERE id = ?`, percent, choirID); err != nil {
		return fmt.Errorf("analytics: set the attendance threshold of %s: %w", choirID, err)
	}
	return nil
}
