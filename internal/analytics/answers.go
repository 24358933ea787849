package analytics

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
)

var eventTypes = calendar.EventTypes

// MemberAnswers is one member's answers over the period: of Asked events
// (those of the period anyone answered or was marked for), how many they
// answered; of the events they said yes to and whose attendance was taken,
// how many they were marked absent; of those they said no to, how many
// present.
type MemberAnswers struct {
	Member
	Asked, Answered      int
	YesMarked, YesAbsent int
	NoMarked, NoPresent  int
}

// Answers is the answers section.
type Answers struct {
	Events, Asked, Answered int // events asked about; member × event pairs; pairs answered
	// MedianSeconds is the median time from a member's first RSVP email
	// for an event to their answer; nil when no answer has one on record.
	MedianSeconds *int64
	Timed         int // answers the median is taken over
	Members       []MemberAnswers
}

// percent is part of whole in whole percent rounded down, -1 for 0 of 0:
// the one rounding rule of every rate, so that 2 of 3 reads 66 % on the
// director's tables and on a singer's own year alike.
func percent(part, whole int) int {
	if whole == 0 {
		return -1
	}
	return part * 100 / whole
}

// ResponseRate, YesNoShowRate and NoCameRate are in whole percent, -1 when
// there is nothing to count.
func (m MemberAnswers) ResponseRate() int  { return percent(m.Answered, m.Asked) }
func (m MemberAnswers) YesNoShowRate() int { return percent(m.YesAbsent, m.YesMarked) }
func (m MemberAnswers) NoCameRate() int    { return percent(m.NoPresent, m.NoMarked) }

// ResponseRate of the whole choir (narrowed by the filters).
func (a Answers) ResponseRate() int { return percent(a.Answered, a.Asked) }

// Answers computes the answers section over the roster's members (already
// narrowed to the voice part filter): three statements (events asked
// about, per member, the answer times with their invitations).
//
// The invitation is the first RSVP link (email_action_tokens, action
// 'rsvp') the member was sent for the event, by the event email, a reminder
// or the digest; its created_at is when it was sent. Links are deleted 30
// days after they are sent, so the median covers answers whose invitation
// is still on record; the answer time is member_attendance.updated_at, when
// the answer was last set.
func (s *Service) Answers(ctx context.Context, choirID string, p Period, members []Member) (*Answers, error) {
	out := &Answers{Members: []MemberAnswers{}}
	// A single event counts once any row of it is found, not after reading
	// its hundreds; a series' occurrences are told apart by their rows.
	if err := s.db.QueryRowContext(ctx, `SELECT
			(SELECT COUNT(*) FROM events e WHERE `+singleInPeriod+` AND EXISTS (SELECT 1 FROM member_attendance ma
				WHERE ma.choir_id = e.choir_id AND ma.event_id = e.id AND ma.occurrence_date = ''))
			+ (SELECT COUNT(*) FROM (SELECT DISTINCT s.event_id, s.occurrence_date FROM (`+seriesRows+`) s) x)`,
		periodArgs(choirID, p)...).Scan(&out.Events); err != nil {
		return nil, fmt.Errorf("analytics: count the events of %s asked about: %w", choirID, err)
	}
	byUser := map[string]MemberAnswers{}
	rows, err := s.db.QueryContext(ctx, `SELECT r.user_id,
		SUM(CASE WHEN r.status IS NOT NULL THEN 1 ELSE 0 END),
		SUM(CASE WHEN r.status = 'going' AND r.mark IS NOT NULL THEN 1 ELSE 0 END),
		SUM(CASE WHEN r.status = 'going' AND r.mark = 'absent' THEN 1 ELSE 0 END),
		SUM(CASE WHEN r.status = 'not_going' AND r.mark IS NOT NULL THEN 1 ELSE 0 END),
		SUM(CASE WHEN r.status = 'not_going' AND r.mark IN ('present', 'late') THEN 1 ELSE 0 END)
		FROM `+periodRows+` GROUP BY r.user_id`, periodArgs(choirID, p)...)
	if err != nil {
		return nil, fmt.Errorf("analytics: sum the answers of %s per member: %w", choirID, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var user string
		var m MemberAnswers
		if err := row.Scan(&user, &m.Answered, &m.YesMarked, &m.YesAbsent, &m.NoMarked, &m.NoPresent); err != nil {
			return err
		}
		byUser[user] = m
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analytics: read the answers of %s per member: %w", choirID, err)
	}
	inRoster := map[string]bool{}
	for _, mem := range members {
		m := byUser[mem.UserID]
		m.Member, m.Asked = mem, out.Events
		out.Members = append(out.Members, m)
		out.Asked += m.Asked
		out.Answered += m.Answered
		inRoster[mem.UserID] = true
	}

	// Each RSVP email with the answer to its event: the first email counts.
	// (An aggregate of a timestamp loses its type on SQLite, so the minimum
	// is taken here; a member gets one to three such emails per event.) The
	// emails are read first: they are kept 30 days, so they are few.
	rows, err = s.db.QueryContext(ctx, answerTimes, append([]any{choirID}, inPeriodArgs(p)...)...)
	if err != nil {
		return nil, fmt.Errorf("analytics: read the answer times of %s: %w", choirID, err)
	}
	type answer struct{ user, event, date string }
	type wait struct{ answered, invited time.Time }
	first := map[answer]wait{}
	err = db.Each(rows, func(row db.Scanner) error {
		var a answer
		var w wait
		if err := row.Scan(&a.user, &a.event, &a.date, &w.answered, &w.invited); err != nil {
			return err
		}
		if was, ok := first[a]; !inRoster[a.user] || ok && !w.invited.Before(was.invited) {
			return nil
		}
		first[a] = w
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analytics: read the answer times of %s: %w", choirID, err)
	}
	var waits []int64
	for _, w := range first {
		// Only answers given after the invitation say how long it took.
		if !w.answered.Before(w.invited) {
			waits = append(waits, int64(w.answered.Sub(w.invited)/time.Second))
		}
	}
	out.Timed = len(waits)
	out.MedianSeconds = median(waits)
	return out, nil
}

// answerTimes is each RSVP email of a choir with the answer to its event
// in the period (inPeriod).
const answerTimes = `SELECT ma.user_id, ma.event_id, ma.occurrence_date, ma.updated_at, t.created_at
		FROM email_action_tokens t CROSS JOIN member_attendance ma
		JOIN events e ON e.id = ma.event_id
		LEFT JOIN events eo ON eo.series_id = ma.event_id AND eo.instance_date = ma.occurrence_date
		WHERE t.choir_id = ? AND t.action_type = 'rsvp' AND ma.user_id = t.user_id
			AND ma.event_id = (CASE WHEN t.resource_id LIKE '%-occurrence-____-__-__' THEN substr(t.resource_id, 1, length(t.resource_id) - 22) ELSE t.resource_id END)
			AND ma.occurrence_date = (CASE WHEN t.resource_id LIKE '%-occurrence-____-__-__' THEN substr(t.resource_id, length(t.resource_id) - 9) ELSE '' END)
			AND ma.choir_id = t.choir_id AND ma.status IS NOT NULL AND ma.updated_at IS NOT NULL AND ` + inPeriod

// median is the middle value, or the mean of the two middle values
// (rounded down), of vs; nil for none.
func median(vs []int64) *int64 {
	if len(vs) == 0 {
		return nil
	}
	slices.Sort(vs)
	m := vs[len(vs)/2]
	if len(vs)%2 == 0 {
		m = (vs[len(vs)/2-1] + vs[len(vs)/2]) / 2
	}
	return &m
}

// localDate is the choir-local date of an event's start as the events
// table keeps it.
func localDate(start string, allDay bool, loc *time.Location) string {
	if allDay || len(start) < 10 {
		return start[:min(10, len(start))]
	}
	t, err := time.Parse(time.RFC3339, start)
	if err != nil {
		return start[:10]
	}
	return t.In(loc).Format(dateForm)
}
