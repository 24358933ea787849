package analytics

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/zone"
)

// Readiness: for one service or concert, each planned piece × voice part,
// how much the part practised it in the 30 days before.
const (
	// ReadyMinutes is how long a singer must have practised a piece in the
	// window to count as ready.
	ReadyMinutes = 10
	// ReadinessDays is the practice window, ending today (or on the day of
	// an event already past).
	ReadinessDays = 30
	// ChoiceDays is how far ahead the services and concerts to choose from reach.
	ChoiceDays = 90
	// maxChoices bounds that list.
	maxChoices = 30
)

// Readiness marks.
const (
	MarkNone = "none" // nobody of the part practised ≥ ReadyMinutes
	MarkSome = "some" // someone did, but not more than half the part
	MarkMost = "most" // more than half the part did
)

// Mark is the readiness of a part of `members` singers of whom `ready`
// practised at least ReadyMinutes: "most" is strictly more than half.
func Mark(members, ready int) string {
	switch {
	case ready <= 0 || members <= 0:
		return MarkNone
	case 2*ready > members:
		return MarkMost
	}
	return MarkSome
}

// MsgNoEvent answers a chosen event that is neither upcoming nor planned.
const MsgNoEvent = "This event was not found, or no music is planned for it."

// EventRef is a service or concert, or one occurrence of a series.
type EventRef struct {
	EventID        string // the single event or the series
	OccurrenceDate string // YYYY-MM-DD for an occurrence of a series; else ""
	Title, Type    string
	Date           string // the day it takes place, in the choir's zone
}

// key is the calendar's name of the event or occurrence.
func (e EventRef) key() string { return calendar.Key(e.EventID, e.OccurrenceDate) }

// ReadinessRow is one planned piece and one voice part.
type ReadinessRow struct {
	MusicID, Title            string
	VoicePartID, VoicePart    string
	Members, Practised, Ready int
	Minutes                   int
	Mark                      string
}

// Readiness is the answer for one event.
type Readiness struct {
	Event                *EventRef // nil when nothing is upcoming and none was chosen
	Planned              bool      // the event has a music plan
	WindowFrom, WindowTo string    // the practice window, inclusive
	Rows                 []ReadinessRow
	Choices              []EventRef // upcoming services and concerts
}

// Readiness answers the readiness of the event chosen (eventID, with
// occurrenceDate for an occurrence of a series), or of the next service or
// concert when eventID is "". voicePart, when not "", keeps that part only.
func (s *Insights) Readiness(ctx context.Context, choirID, eventID, occurrenceDate, voicePart string, seesDrafts bool) (*Readiness, error) {
	h, _, err := s.cal.Header(ctx, choirID, "", false, liturgy.Date{}, liturgy.Date{})
	if err != nil {
		return nil, err
	}
	if h == nil {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, "Choir not found.")
	}
	loc, err := zone.Load(h.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	today := liturgy.DateOf(s.now().In(loc))
	list, err := s.cal.List(ctx, h, calendar.Range{From: today, To: today.AddDays(ChoiceDays), SeesDrafts: seesDrafts})
	if err != nil {
		return nil, err
	}
	out := &Readiness{Choices: []EventRef{}, Rows: []ReadinessRow{}}
	for _, it := range list.Items {
		if len(out.Choices) == maxChoices {
			break
		}
		if it.Event.Type != "service" && it.Event.Type != "concert" {
			continue
		}
		ref := EventRef{EventID: it.Event.ID, Title: it.Event.Title, Type: it.Event.Type, Date: startDate(it.Event, it.Start, loc).String()}
		if it.IsInstance() {
			ref.EventID, ref.OccurrenceDate = it.Series.ID, it.Date.String()
		}
		if ref.Date >= today.String() {
			out.Choices = append(out.Choices, ref)
		}
	}
	if eventID == "" {
		if len(out.Choices) == 0 {
			return out, nil
		}
		out.Event = &out.Choices[0]
	} else {
		want := calendar.Key(eventID, occurrenceDate)
		for i := range out.Choices {
			if out.Choices[i].key() == want {
				out.Event = &out.Choices[i]
			}
		}
	}
	key := calendar.Key(eventID, occurrenceDate)
	if out.Event != nil {
		key = out.Event.key()
	}
	var planID, planDate, planTitle, planType string
	err = s.db.QueryRowContext(ctx, `SELECT id, plan_date, event_title, event_type FROM music_plans
		WHERE choir_id = ? AND event_key = ? ORDER BY plan_date DESC LIMIT 1`, choirID, key).Scan(&planID, &planDate, &planTitle, &planType)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if out.Event == nil {
			return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgNoEvent)
		}
	case err != nil:
		return nil, fmt.Errorf("analytics: find the plan of %s: %w", key, err)
	default:
		out.Planned = true
		if out.Event == nil { // a past event, or one further ahead: the plan says what it was
			out.Event = &EventRef{EventID: eventID, OccurrenceDate: occurrenceDate, Title: planTitle, Type: planType, Date: planDate}
		}
	}
	end := today
	if d, err := liturgy.ParseDate(out.Event.Date); err == nil && d.Before(today) {
		end = d
	}
	out.WindowFrom, out.WindowTo = end.AddDays(1-ReadinessDays).String(), end.String()
	if !out.Planned {
		return out, nil
	}
	if out.Rows, err = s.readinessRows(ctx, choirID, planID, voicePart, out.WindowFrom, out.WindowTo); err != nil {
		return nil, err
	}
	return out, nil
}

// readinessRows is one statement: the plan's pieces (each once, in the order
// first planned) crossed with the choir's voice parts; for each, the active
// members of the part, how many of them practised the piece in the window,
// how many for at least ReadyMinutes, and the part's minutes. A part with
// no active members has no row: nobody there to be ready.
func (s *Insights) readinessRows(ctx context.Context, choirID, planID, voicePart, from, to string) ([]ReadinessRow, error) {
	partCond, args := "", []any{choirID, planID}
	args = append(args, choirID)
	if voicePart != "" {
		partCond = " AND id = ?"
		args = append(args, voicePart)
	}
	args = append(args, choirID, choirID, from, to, choirID, planID, float64(ReadyMinutes*60))
	rows, err := s.db.QueryContext(ctx, `
		WITH pieces AS (
			SELECT music_id, MIN(position) AS pos FROM music_plan_slots
			WHERE choir_id = ? AND plan_id = ? AND music_id IS NOT NULL GROUP BY music_id
		), parts AS (
			SELECT id, name, sort_order FROM musical_roles WHERE choir_id = ?`+partCond+`
		), singers AS (
			SELECT r.musical_role_id AS part_id, r.user_id FROM member_musical_roles r
			JOIN user_choir_membership m ON m.user_id = r.user_id AND m.choir_id = r.choir_id
			WHERE r.choir_id = ? AND m.is_active = TRUE AND m.status = 'active'
		), practised AS (
			SELECT music_id, user_id, SUM(played_seconds) AS secs FROM practice_sessions
			WHERE choir_id = ? AND day >= ? AND day <= ?
			  AND music_id IN (SELECT music_id FROM music_plan_slots WHERE choir_id = ? AND plan_id = ?)
			GROUP BY music_id, user_id
		)
		SELECT p.music_id, mu.title, pt.id, pt.name, COUNT(sg.user_id),
			SUM(CASE WHEN pr.secs > 0 THEN 1 ELSE 0 END),
			SUM(CASE WHEN pr.secs >= ? THEN 1 ELSE 0 END),
			COALESCE(SUM(pr.secs), 0)
		FROM pieces p
		JOIN music mu ON mu.id = p.music_id
		CROSS JOIN parts pt
		LEFT JOIN singers sg ON sg.part_id = pt.id
		LEFT JOIN practised pr ON pr.music_id = p.music_id AND pr.user_id = sg.user_id
		GROUP BY p.music_id, p.pos, mu.title, pt.id, pt.name, pt.sort_order
		HAVING COUNT(sg.user_id) > 0
		ORDER BY p.pos, pt.sort_order, pt.name`, args...)
	if err != nil {
		return nil, fmt.Errorf("analytics: read the readiness of plan %s: %w", planID, err)
	}
	return db.All(rows, func(r db.Scanner) (ReadinessRow, error) {
		var row ReadinessRow
		var practised, ready sql.NullInt64
		var secs float64
		if err := r.Scan(&row.MusicID, &row.Title, &row.VoicePartID, &row.VoicePart, &row.Members, &practised, &ready, &secs); err != nil {
			return row, fmt.Errorf("analytics: read the readiness of plan %s: %w", planID, err)
		}
		row.Practised, row.Ready, row.Minutes = int(practised.Int64), int(ready.Int64), minutes(secs)
		row.Mark = Mark(row.Members, row.Ready)
		return row, nil
	})
}

// startDate is the day an event starts in the choir's zone; all-day events
// keep their own dates.
func startDate(e *calendar.Event, start time.Time, loc *time.Location) liturgy.Date {
	if e.AllDay {
		return liturgy.DateOf(start.UTC())
	}
	return liturgy.DateOf(start.In(loc))
}

// ReadinessCSV is the readiness table as the page shows it.
func ReadinessCSV(w io.Writer, r *Readiness) error {
	rows := make([][]string, 0, len(r.Rows))
	for _, x := range r.Rows {
		rows = append(rows, []string{x.Title, x.VoicePart, strconv.Itoa(x.Members), strconv.Itoa(x.Practised),
			strconv.Itoa(x.Ready), strconv.Itoa(x.Minutes), MarkWords[x.Mark]})
	}
	return WriteTable(w, []string{"Piece", "Voice part", "Singers", "Practised", "Ready (10 min or more)", "Minutes (30 days)", "Readiness"}, rows)
}

// MarkWords are the marks as the page and the CSV say them.
var MarkWords = map[string]string{MarkNone: "None", MarkSome: "Some", MarkMost: "Most"}
