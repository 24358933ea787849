package reminders

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/zone"
)

// Quiet hours: nothing is sent from 20:00 to 08:00 in the choir's zone.
const (
	dayStarts = 8
	dayEnds   = 20
)

// SendTime is when something due at t goes in the zone loc: at t during
// the day, at 08:00 the next morning when t is at night (the same morning
// before 08:00). 08:00 exists on every day of every zone, daylight-saving
// changes included.
func SendTime(t time.Time, loc *time.Location) time.Time {
	local := t.In(loc)
	switch {
	case local.Hour() >= dayEnds:
		next := local.AddDate(0, 0, 1)
		return time.Date(next.Year(), next.Month(), next.Day(), dayStarts, 0, 0, 0, loc)
	case local.Hour() < dayStarts:
		return time.Date(local.Year(), local.Month(), local.Day(), dayStarts, 0, 0, 0, loc)
	}
	return t
}

// daytime says whether t is outside quiet hours in loc.
func daytime(t time.Time, loc *time.Location) bool { return SendTime(t, loc).Equal(t) }

// Morning is 08:00 on date d in loc: when automatic reminders of that day go.
func Morning(d liturgy.Date, loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, dayStarts, 0, 0, 0, loc)
}

// ReminderDate is the date an automatic reminder days before an event on
// eventDate goes.
func ReminderDate(eventDate liturgy.Date, days int) liturgy.Date { return eventDate.AddDays(-days) }

// choirRow is a choir as reminders need it.
type choirRow struct {
	ID, Name, TimeZone string
	loc                *time.Location
}

func (c *choirRow) zone() *time.Location {
	if c.loc == nil {
		loc, err := zone.Load(c.TimeZone)
		if err != nil {
			loc = time.UTC
		}
		c.loc = loc
	}
	return c.loc
}

// occ is an event or occurrence a reminder is about.
type occ struct {
	Key, EventID, Date string // Date: the occurrence's date in its series, "" for a single event
	Event              *calendar.Event
	Start, End         time.Time
}

func occOfItem(it calendar.Item) occ {
	o := occ{Key: it.ID, EventID: it.ID, Event: it.Event, Start: it.Start, End: it.End}
	if it.IsInstance() {
		o.EventID, o.Date = it.Series.ID, it.Date.String()
	}
	return o
}

func occOfOccurrence(o *calendar.Occurrence) occ {
	return occ{Key: o.Key, EventID: o.EventID, Date: o.Date, Event: o.Shown, Start: o.Start, End: o.End}
}

// localDate is the date the event starts on, in the choir's zone (all-day
// events by their own date).
func (o occ) localDate(loc *time.Location) liturgy.Date {
	if o.Event.AllDay {
		return liturgy.DateOf(o.Start.UTC())
	}
	return liturgy.DateOf(o.Start.In(loc))
}

func (o occ) occurrence() *calendar.Occurrence {
	return &calendar.Occurrence{Key: o.Key, EventID: o.EventID, Date: o.Date, Shown: o.Event, Start: o.Start, End: o.End}
}

type pair struct{ eventID, date string }

// Due is one event a member is to be reminded of: which reminders it
// stands for ('d7', 'manual') and whether they said Maybe.
type Due struct {
	occ
	Which     []string
	SaidMaybe bool
}

// candidate is an event with the reminders due for it on a day.
type candidate struct {
	occ
	which []string
}

// candidates are a choir's events with a reminder due on date: automatic
// ones whose day it is, and those a director asked to remind that day (and
// pressed, being asked for now). Only events that have not started by now.
func (s *Service) candidates(ctx context.Context, q db.Querier, c *choirRow, date liturgy.Date, now time.Time, onlyKey string, pressed *occ) ([]candidate, error) {
	items, err := s.cal.Published(ctx, c.ID, c.TimeZone, date.AddDays(1), date.AddDays(MaxDays))
	if err != nil {
		return nil, err
	}
	types, err := typeDays(ctx, q, c.ID)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, it := range items {
		if o := occOfItem(it); !slices.Contains(ids, o.EventID) {
			ids = append(ids, o.EventID)
		}
	}
	own, err := eventDays(ctx, q, c.ID, ids)
	if err != nil {
		return nil, err
	}
	var out []candidate
	byKey := map[string]int{}
	add := func(o occ, which string) {
		if onlyKey != "" && o.Key != onlyKey || !o.Start.After(now) {
			return
		}
		if i, ok := byKey[o.Key]; ok {
			out[i].which = append(out[i].which, which)
			return
		}
		byKey[o.Key] = len(out)
		out = append(out, candidate{occ: o, which: []string{which}})
	}
	for _, it := range items {
		o := occOfItem(it)
		days, ok := own[o.EventID]
		if !ok {
			days = types[o.Event.Type]
		}
		for _, d := range days {
			if ReminderDate(o.localDate(c.zone()), d) == date {
				add(o, "d"+strconv.Itoa(d))
			}
		}
	}
	// Asked for by a director: also for events further ahead than any
	// automatic reminder.
	rows, err := q.QueryContext(ctx, `SELECT event_id, occurrence_date FROM manual_reminders WHERE choir_id = ? AND send_date = ?`, c.ID, date.String())
	if err != nil {
		return nil, fmt.Errorf("reminders: read the reminders asked for in choir %s: %w", c.ID, err)
	}
	manual, err := db.All(rows, func(row db.Scanner) (pair, error) {
		var p pair
		err := row.Scan(&p.eventID, &p.date)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("reminders: read the reminders asked for in choir %s: %w", c.ID, err)
	}
	if pressed != nil { // being asked for now, not stored yet
		add(*pressed, Manual)
	}
	for _, p := range manual {
		key := p.eventID
		if p.date != "" {
			d, err := liturgy.ParseDate(p.date)
			if err != nil {
				continue
			}
			key = calendar.OccurrenceID(p.eventID, d)
		}
		found, err := s.cal.Occurrence(ctx, c.ID, key, false)
		if err != nil {
			continue // deleted, moved away or made a draft since: nothing to remind of
		}
		add(occOfOccurrence(found), Manual)
	}
	return out, nil
}

// Manual names the reminder a director asks for.
const Manual = "manual"

// due is, for each member of the choir to be reminded on date (or only
// userID), the events to remind them of: members whose reminders are on
// who have not answered, or said Maybe and were never reminded since, and
// who have not had that reminder yet; at most two automatic reminders per
// event. A constant number of statements whatever the choir's size.
func (s *Service) due(ctx context.Context, q db.Querier, c *choirRow, date liturgy.Date, now time.Time, userID, onlyKey string, pressed *occ) (map[string][]Due, error) {
	cands, err := s.candidates(ctx, q, c, date, now, onlyKey, pressed)
	if err != nil || len(cands) == 0 {
		return nil, err
	}
	members, err := recipients(ctx, q, c.ID, userID)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, cd := range cands {
		if !slices.Contains(ids, cd.EventID) {
			ids = append(ids, cd.EventID)
		}
	}
	type answerKey struct{ user, eventID, date string }
	answers := map[answerKey]string{}
	rows, err := q.QueryContext(ctx, `SELECT user_id, event_id, occurrence_date, status FROM member_attendance
		WHERE choir_id = ? AND status IS NOT NULL AND event_id IN (`+db.Placeholders(len(ids))+`)`, append([]any{c.ID}, db.Strings(ids)...)...)
	if err != nil {
		return nil, fmt.Errorf("reminders: read the answers in choir %s: %w", c.ID, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var k answerKey
		var status string
		if err := row.Scan(&k.user, &k.eventID, &k.date, &status); err != nil {
			return err
		}
		answers[k] = status
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reminders: read the answers in choir %s: %w", c.ID, err)
	}
	type history struct {
		which     []string
		automatic int
		maybe     bool
	}
	sent := map[answerKey]*history{}
	rows, err = q.QueryContext(ctx, `SELECT user_id, event_id, occurrence_date, which, answer FROM reminders_sent
		WHERE choir_id = ? AND event_id IN (`+db.Placeholders(len(ids))+`)`, append([]any{c.ID}, db.Strings(ids)...)...)
	if err != nil {
		return nil, fmt.Errorf("reminders: read the reminders sent in choir %s: %w", c.ID, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var k answerKey
		var which, answer string
		if err := row.Scan(&k.user, &k.eventID, &k.date, &which, &answer); err != nil {
			return err
		}
		h := sent[k]
		if h == nil {
			h = &history{}
			sent[k] = h
		}
		h.which = append(h.which, which)
		if which != Manual {
			h.automatic++
		}
		h.maybe = h.maybe || answer == "maybe"
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reminders: read the reminders sent in choir %s: %w", c.ID, err)
	}
	out := map[string][]Due{}
	for _, m := range members {
		for _, cd := range cands {
			k := answerKey{m, cd.EventID, cd.Date}
			answer, h := answers[k], sent[k]
			if h == nil {
				h = &history{}
			}
			if answer == "going" || answer == "not_going" || answer == "maybe" && h.maybe {
				continue
			}
			d := Due{occ: cd.occ, SaidMaybe: answer == "maybe"}
			automatic := h.automatic
			for _, w := range cd.which {
				if slices.Contains(h.which, w) || w != Manual && automatic >= MaxAutomatic {
					continue
				}
				if w != Manual {
					automatic++
				}
				d.Which = append(d.Which, w)
			}
			if len(d.Which) > 0 {
				out[m] = append(out[m], d)
			}
		}
	}
	return out, nil
}

// recipients are the choir's active members (or only userID) whose email
// from the choir and reminders are on; like all bulk mail with links, only
// those whose profile's email_digest_enabled is on (calendar document §6).
func recipients(ctx context.Context, q db.Querier, choirID, userID string) ([]string, error) {
	query := `SELECT m.user_id FROM user_choir_membership m JOIN user_profile p ON p.id = m.user_id
		WHERE m.choir_id = ? AND m.is_active = TRUE AND m.status = 'active' AND m.email_enabled = TRUE
		AND m.reminder_emails = TRUE AND p.email_digest_enabled = TRUE`
	args := []any{choirID}
	if userID != "" {
		query += ` AND m.user_id = ?`
		args = append(args, userID)
	}
	rows, err := q.QueryContext(ctx, query+` ORDER BY m.user_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("reminders: choose the members to remind in choir %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (string, error) {
		var id string
		err := row.Scan(&id)
		return id, err
	})
	if err != nil {
		return nil, fmt.Errorf("reminders: choose the members to remind in choir %s: %w", choirID, err)
	}
	return out, nil
}
