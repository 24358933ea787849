package policies

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
)

// A choir's attendance rules, all optional, and each member's standing
// against them. The software only shows the standing; nothing follows
// from it automatically. Lateness counts only where the rules say so: K
// late marks as one absence.

// The periods a rule counts absences in.
const (
	PeriodSeason  = "season"  // 1 September to 31 August, the one containing today
	PeriodConcert = "concert" // from the start of the concert's season to the concert's day
)

// A member's standing.
const (
	Meets       = "meets"
	Warning     = "warning" // one absence left, or none: the next one does not meet the rules
	DoesNotMeet = "does_not_meet"
)

// MaxAbsencesLimit bounds the number of absences a rule allows, and
// MaxLatesPerAbsence the number of lates a rule counts as one.
const (
	MaxAbsencesLimit   = 100
	MaxLatesPerAbsence = 10
)

// Messages of the rules.
const (
	MsgMaxAbsences     = "Enter a number from 0 to 100, or leave it empty for no limit"
	MsgPeriod          = "Choose the season or a concert"
	MsgConcert         = "Choose a concert"
	MsgMandatoryTypes  = "Choose event types of the calendar"
	MsgLatesPerAbsence = "Enter a number from 1 to 10, or leave it empty if lateness does not count"
)

// Rules are a choir's attendance rules.
type Rules struct {
	MaxAbsences     *int // nil: no limit
	Period          string
	ConcertKey      string // the concert, as the calendar names it, for PeriodConcert
	MandatoryTypes  []string
	LatesPerAbsence *int // nil: lateness does not count
	UpdatedAt       time.Time
}

// Any says whether the rules ask anything of a member.
func (r *Rules) Any() bool { return r != nil && (r.MaxAbsences != nil || len(r.MandatoryTypes) > 0) }

// ValidateRules checks and tidies rules as a director sends them; whether
// the concert exists is for the caller, who reads the calendar.
func ValidateRules(r *Rules) error {
	var f apperr.Fields
	if r.MaxAbsences != nil && (*r.MaxAbsences < 0 || *r.MaxAbsences > MaxAbsencesLimit) {
		f.Add("maxAbsences", MsgMaxAbsences)
	}
	if r.LatesPerAbsence != nil && (*r.LatesPerAbsence < 1 || *r.LatesPerAbsence > MaxLatesPerAbsence) {
		f.Add("latesPerAbsence", MsgLatesPerAbsence)
	}
	switch r.Period {
	case PeriodSeason:
		r.ConcertKey = ""
	case PeriodConcert:
		r.ConcertKey = strings.TrimSpace(r.ConcertKey)
		if r.ConcertKey == "" || len(r.ConcertKey) > 200 {
			f.Add("concertId", MsgConcert)
		}
	default:
		f.Add("period", MsgPeriod)
	}
	r.MandatoryTypes = slices.Compact(slices.Sorted(slices.Values(r.MandatoryTypes)))
	for _, t := range r.MandatoryTypes {
		if !slices.Contains(calendar.EventTypes, t) {
			f.Add("mandatoryTypes", MsgMandatoryTypes)
			break
		}
	}
	return f.Err()
}

// Rules reads a choir's attendance rules; nil when it has none.
func (s *Service) Rules(ctx context.Context, choirID string) (*Rules, error) {
	var r Rules
	var max, lates sql.NullInt64
	var types string
	err := s.db.QueryRowContext(ctx, `SELECT max_absences, period, concert_key, mandatory_types, lates_per_absence, updated_at
		FROM attendance_rules WHERE choir_id = ?`,
		choirID).Scan(&max, &r.Period, &r.ConcertKey, &types, &lates, &r.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("policies: read the attendance rules of %s: %w", choirID, err)
	}
	if max.Valid {
		n := int(max.Int64)
		r.MaxAbsences = &n
	}
	if lates.Valid {
		k := int(lates.Int64)
		r.LatesPerAbsence = &k
	}
	if types != "" {
		r.MandatoryTypes = strings.Split(types, ",")
	}
	r.UpdatedAt = r.UpdatedAt.UTC()
	return &r, nil
}

// SaveRules stores a choir's attendance rules, validated by ValidateRules.
func (s *Service) SaveRules(ctx context.Context, choirID string, r Rules) error {
	if err := ValidateRules(&r); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO attendance_rules (choir_id, max_absences, period, concert_key, mandatory_types, lates_per_absence, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (choir_id) DO UPDATE SET max_absences = excluded.max_absences, period = excluded.period,
		concert_key = excluded.concert_key, mandatory_types = excluded.mandatory_types, lates_per_absence = excluded.lates_per_absence,
		updated_at = excluded.updated_at`,
		choirID, r.MaxAbsences, r.Period, r.ConcertKey, strings.Join(r.MandatoryTypes, ","), r.LatesPerAbsence, s.now().Truncate(time.Second))
	if err != nil {
		return fmt.Errorf("policies: store the attendance rules of %s: %w", choirID, err)
	}
	return nil
}

// Period is the days absences are counted in: From and To are the
// choir-local dates (inclusive), Start and End the instants [Start, End).
type Period struct {
	From, To   liturgy.Date
	Start, End time.Time
}

// PeriodOf is the days from..to in the choir's zone.
func PeriodOf(from, to liturgy.Date, loc *time.Location) Period {
	return Period{From: from, To: to,
		Start: time.Date(from.Year, from.Month, from.Day, 0, 0, 0, 0, loc),
		End:   time.Date(to.Year, to.Month, to.Day, 0, 0, 0, 0, loc).AddDate(0, 0, 1)}
}

// Season is the choir year (1 September to 31 August) containing day.
func Season(day liturgy.Date) (liturgy.Date, liturgy.Date) {
	year := day.Year
	if day.Month < time.September {
		year--
	}
	return liturgy.NewDate(year, time.September, 1), liturgy.NewDate(year+1, time.August, 31)
}

// Standing is one member's absences in the period and where that leaves them.
type Standing struct {
	UserID, Name    string
	Absences        int // unexcused, in the period, with those the rules make of lates
	MissedMandatory int // unexcused absences from events of a mandatory type
	Lates           int // late marks in the period
	Status          string
}

// CountedAbsences is the absences the rules count: the unexcused ones and,
// when the rules count lateness, one for each whole K lates (4 lates at 3
// for one are one absence, not 1⅓).
func CountedAbsences(r *Rules, absences, lates int) int {
	if r.LatesPerAbsence == nil || *r.LatesPerAbsence < 1 {
		return absences
	}
	return absences + lates / *r.LatesPerAbsence
}

// StatusOf is the standing of a member with these counts under the rules.
func StatusOf(r *Rules, absences, missedMandatory int) string {
	switch {
	case missedMandatory > 0, r.MaxAbsences != nil && absences > *r.MaxAbsences:
		return DoesNotMeet
	case r.MaxAbsences != nil && absences > 0 && *r.MaxAbsences-absences <= 1:
		return Warning
	}
	return Meets
}

const instantLayout = "2006-01-02T15:04:05Z" // as the calendar stores instants

// Standings counts, in one statement, every active member's unexcused
// absences and lates in the period (of a single event by its start, of an occurrence
// of a series by its date; occurrences count one by one) and those from
// events of a mandatory type (an edited occurrence by its own type). With
// userID, only that member.
func (s *Service) Standings(ctx context.Context, choirID string, r *Rules, p Period, userID string) ([]Standing, error) {
	// The arguments in the order of their placeholders: the mandatory types
	// (in the select list), the period, the choir.
	mandatory := `FALSE`
	var args []any
	if len(r.MandatoryTypes) > 0 {
		mandatory = `x.event_type IN (` + db.Placeholders(len(r.MandatoryTypes)) + `)`
		args = db.Strings(r.MandatoryTypes)
	}
	args = append(args, choirID, p.Start.UTC().Format(instantLayout), p.End.UTC().Format(instantLayout), p.From.String(), p.To.String(), choirID)
	only := ``
	if userID != "" {
		only = ` AND m.user_id = ?`
		args = append(args, userID)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT m.user_id, pr.first_name, pr.last_name,
		COALESCE(SUM(CASE WHEN x.mark = 'absent' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN x.mark = 'absent' AND `+mandatory+` THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN x.mark = 'late' THEN 1 ELSE 0 END), 0)
		FROM user_choir_membership m JOIN user_profile pr ON pr.id = m.user_id
		LEFT JOIN (SELECT a.user_id, a.mark, COALESCE(o.event_type, e.event_type) AS event_type FROM member_attendance a
			JOIN events e ON e.id = a.event_id
			LEFT JOIN events o ON o.series_id = a.event_id AND o.instance_date = a.occurrence_date
			WHERE a.choir_id = ? AND a.mark IN ('absent', 'late')
			AND ((a.occurrence_date = '' AND e.start_at >= ? AND e.start_at < ?)
				OR (a.occurrence_date <> '' AND a.occurrence_date >= ? AND a.occurrence_date <= ?))) x ON x.user_id = m.user_id
		WHERE m.choir_id = ? AND `+activeMember+only+`
		GROUP BY m.user_id, pr.first_name, pr.last_name
		ORDER BY lower(pr.last_name), lower(pr.first_name), m.user_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("policies: count the absences in %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Standing, error) {
		var st Standing
		var first, last string
		if err := row.Scan(&st.UserID, &first, &last, &st.Absences, &st.MissedMandatory, &st.Lates); err != nil {
			return st, err
		}
		st.Absences = CountedAbsences(r, st.Absences, st.Lates)
		st.Name = strings.TrimSpace(first + " " + last)
		st.Status = StatusOf(r, st.Absences, st.MissedMandatory)
		return st, nil
	})
	if err != nil {
		return nil, fmt.Errorf("policies: read the absences in %s: %w", choirID, err)
	}
	return out, nil
}
