package calendar

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/choir"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/feast"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/recurrence"
	"github.com/cantica/cantica/internal/zone"
)

// This file answers a range of a choir's calendar with a constant number of
// statements whatever the choir holds, each reading only what the range can
// show: the header (Header), the events (one statement, with the deleted
// dates of each series), the feasts the series' rules follow (one, with
// their names), and the feasts of the range (one, cached under the feasts'
// version).

// Range is what a calendar view asks for.
type Range struct {
	From, To   liturgy.Date // inclusive
	SeesDrafts bool
	// SeesUnpublished: the viewer sees the feasts of an unpublished
	// calendar (a global admin; internal/access decides).
	SeesUnpublished bool
}

// ParseRange reads the dates of a range (YYYY-MM-DD, inclusive).
func ParseRange(from, to string) (liturgy.Date, liturgy.Date, error) {
	f, err1 := liturgy.ParseDate(from)
	t, err2 := liturgy.ParseDate(to)
	switch {
	case err1 != nil || err2 != nil:
		return f, t, apperr.Validation(map[string]string{"startDate": MsgRangeDates}, "startDate")
	case t.Before(f):
		return f, t, apperr.Validation(map[string]string{"endDate": MsgRangeDates}, "endDate")
	case t.Sub(f) > MaxRangeDays:
		return f, t, apperr.Validation(map[string]string{"endDate": MsgRangeTooLong}, "endDate")
	}
	return f, t, nil
}

// Header is what a choir's calendar answers depend on beyond the range and
// the reader, read in one statement: an answer built after reading it is
// current for as long as these values are.
type Header struct {
	ChoirID, TimeZone, CalendarType string
	// Version counts the changes to the choir's events (bumped in each
	// change's transaction).
	Version int64
	// FeastsPublished says whether the choir's calendar type is published;
	// FeastVersion counts the changes to all feasts and their publishing.
	FeastsPublished bool
	FeastVersion    int64
}

// Header reads a choir's calendar header and, in the same statement, a
// user's standing in the choir, which internal/access judges. The feasts a
// range from..to needs (with the year either way that feast-based rules
// may reach) are computed first when they are not yet, and the header read
// again: its feasts' version then covers them.
func (s *Service) Header(ctx context.Context, choirID, userID string, globalAdmin bool, from, to liturgy.Date) (*Header, access.Standing, error) {
	h, st, err := s.header(ctx, choirID, userID, globalAdmin)
	if err != nil {
		return nil, st, err
	}
	return s.withFeasts(ctx, h, st, userID, from, to)
}

// withFeasts is the header h once the feasts a range needs are computed:
// h itself when they were, or read again after computing them.
func (s *Service) withFeasts(ctx context.Context, h *Header, st access.Standing, userID string, from, to liturgy.Date) (*Header, access.Standing, error) {
	if h == nil || !h.FeastsPublished || from.IsZero() {
		return h, st, nil
	}
	first, last := from.AddDays(-400).Year, to.AddDays(400).Year
	if s.feasts.YearsKnown(h.CalendarType, first, last) {
		return h, st, nil
	}
	if err := s.feasts.EnsureYears(ctx, h.CalendarType, first, last); err != nil {
		return nil, st, err
	}
	return s.header(ctx, h.ChoirID, userID, st.GlobalAdmin)
}

const headerColumns = `c.time_zone, c.calendar_type, c.calendar_version, COALESCE(t.is_published, FALSE), v.version, ` + choir.StandingColumns

func (s *Service) header(ctx context.Context, choirID, userID string, globalAdmin bool) (*Header, access.Standing, error) {
	h := Header{ChoirID: choirID}
	var role sql.NullString
	var active sql.NullBool
	err := s.db.QueryRowContext(ctx, `SELECT `+headerColumns+`
		FROM choirs c LEFT JOIN calendar_types t ON t.key = c.calendar_type
		JOIN data_versions v ON v.name = 'feasts'`+choir.StandingJoin+`
		WHERE c.id = ?`, userID, choirID).Scan(&h.TimeZone, &h.CalendarType, &h.Version, &h.FeastsPublished, &h.FeastVersion, &role, &active)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, access.Standing{}, nil // no such choir: no standing in it, even for a global admin
	}
	if err != nil {
		return nil, access.Standing{}, fmt.Errorf("calendar: read the header of choir %s: %w", choirID, err)
	}
	return &h, choir.StandingOf(globalAdmin, role, active), nil
}

// HeaderRead is a choir's calendar header read along with its reader's
// session check (db.Along for auth.AuthenticateAlong), so that a range's
// kept answer costs one statement; HeaderOf finishes it as Header would.
type HeaderRead struct {
	choirID                string
	found                  sql.NullString
	timeZone, calendarType sql.NullString
	version, feastVersion  sql.NullInt64
	published              sql.NullBool
	role                   sql.NullString
	active                 sql.NullBool
}

// ReadHeader prepares the read of a choir's header along a session check.
func ReadHeader(choirID string) *HeaderRead { return &HeaderRead{choirID: choirID} }

// Along is the part of the session check's statement that reads the header.
func (r *HeaderRead) Along() db.Along {
	return db.Along{
		Columns: `, c.id, ` + headerColumns,
		Joins: ` LEFT JOIN choirs c ON c.id = ? LEFT JOIN calendar_types t ON t.key = c.calendar_type
			JOIN data_versions v ON v.name = 'feasts'` + choir.StandingJoinOfUser,
		Args: []any{r.choirID},
		Dest: []any{&r.found, &r.timeZone, &r.calendarType, &r.version, &r.published, &r.feastVersion, &r.role, &r.active},
	}
}

// HeaderOf is what Header answers, from a header read along the session
// check of user userID.
func (s *Service) HeaderOf(ctx context.Context, r *HeaderRead, userID string, globalAdmin bool, from, to liturgy.Date) (*Header, access.Standing, error) {
	if !r.found.Valid {
		return nil, access.Standing{}, nil // as header: no such choir
	}
	h := &Header{ChoirID: r.choirID, TimeZone: r.timeZone.String, CalendarType: r.calendarType.String, Version: r.version.Int64,
		FeastsPublished: r.published.Bool, FeastVersion: r.feastVersion.Int64}
	return s.withFeasts(ctx, h, choir.StandingOf(globalAdmin, r.role, r.active), userID, from, to)
}

// bumpVersion marks a change to a choir's events, in its transaction.
func bumpVersion(ctx context.Context, tx *db.Tx, choirID string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE choirs SET calendar_version = calendar_version + 1 WHERE id = ?`, choirID); err != nil {
		return fmt.Errorf("calendar: bump the version of choir %s: %w", choirID, err)
	}
	return nil
}

// Listing is a range of the calendar.
type Listing struct {
	Items  []Item
	Feasts []feast.Instance
	// Descriptions words the rule of each series an item belongs to, by
	// the series' id.
	Descriptions map[string]string
	// TruncatedFrom is, when some series reached recurrence.MaxOccurrences
	// in the range, the date (in the choir's zone) of the first occurrence
	// the cap left out: the listing is complete only for the days before
	// it. Zero when nothing was cut.
	TruncatedFrom liturgy.Date
}

// List answers a choir's events and occurrences of a range and its feasts,
// as of the header h (read before, so that what is listed is never older
// than the header that tags it).
func (s *Service) List(ctx context.Context, h *Header, r Range) (*Listing, error) {
	loc, err := zone.Load(h.TimeZone)
	if err != nil {
		loc = time.UTC
	}
	w := window{
		timedFrom: time.Date(r.From.Year, r.From.Month, r.From.Day, 0, 0, 0, 0, loc),
		timedTo:   time.Date(r.To.Year, r.To.Month, r.To.Day, 0, 0, 0, 0, loc).AddDate(0, 0, 1),
		dayFrom:   r.From.Time(), dayTo: r.To.AddDays(1).Time(),
	}
	l, err := s.items(ctx, h.ChoirID, w, r.SeesDrafts)
	if err != nil {
		return nil, err
	}
	if l.Feasts, err = s.feasts.ForCalendar(ctx, h.CalendarType, h.FeastsPublished, r.SeesUnpublished, h.FeastVersion, r.From, r.To); err != nil {
		return nil, err
	}
	return l, nil
}

// window is a range of the calendar: timed events overlap the instants,
// all-day events the dates (kept at midnight UTC).
type window struct {
	timedFrom, timedTo time.Time
	dayFrom, dayTo     time.Time
}

func (w window) of(e *Event) (time.Time, time.Time) {
	if e.AllDay {
		return w.dayFrom, w.dayTo
	}
	return w.timedFrom, w.timedTo
}

// dateOf is the calendar date of an instant as the window reads e's times.
func (w window) dateOf(e *Event, t time.Time) liturgy.Date {
	if e.AllDay {
		return liturgy.DateOf(t.UTC())
	}
	return liturgy.DateOf(t.In(w.timedFrom.Location()))
}

// bounds is the widest span of instants the window touches.
func (w window) bounds() (time.Time, time.Time) {
	from, to := w.timedFrom, w.timedTo
	if w.dayFrom.Before(from) {
		from = w.dayFrom
	}
	if w.dayTo.After(to) {
		to = w.dayTo
	}
	return from, to
}

// items expands a choir's events into what the window shows, ordered by
// start, with the words of their rules and the date from which a series'
// occurrences were cut by the cap (zero if none was).
func (s *Service) items(ctx context.Context, choirID string, w window, seesDrafts bool) (*Listing, error) {
	lo, hi := w.bounds()
	loDate, hiDate := liturgy.DateOf(lo).AddDays(-1).String(), liturgy.DateOf(hi).AddDays(1).String()
	// One statement, each part an index range: rows whose span (for a
	// series, up to its last possible occurrence) meets the window; edited
	// occurrences replacing a date of it, wherever they were moved; and the
	// series of edited occurrences moved into it from elsewhere. Every part
	// is the choir's (a series and its edited occurrences share their
	// choir); the outer query names none, or the planner would scan the
	// choir's events instead of fetching the rows by id.
	rows, err := s.db.QueryContext(ctx, `SELECT `+eventColumns+`,
		(SELECT string_agg(x.instance_date, ',') FROM event_exdates x
			WHERE x.event_id = e.id AND x.instance_date >= ? AND x.instance_date <= ?)
		FROM events e WHERE e.id IN (
			SELECT id FROM events WHERE choir_id = ? AND last_end_at > ? AND start_at < ?
			UNION SELECT id FROM events WHERE choir_id = ? AND series_id IS NOT NULL AND instance_date >= ? AND instance_date <= ?
			UNION SELECT series_id FROM events WHERE choir_id = ? AND series_id IS NOT NULL AND last_end_at > ? AND start_at < ?)`,
		loDate, hiDate,
		choirID, formatInstant(lo), formatInstant(hi),
		choirID, loDate, hiDate,
		choirID, formatInstant(lo), formatInstant(hi))
	if err != nil {
		return nil, fmt.Errorf("calendar: read the events of choir %s from %s to %s: %w", choirID, loDate, hiDate, err)
	}
	series := map[string]*Event{}
	edited := map[string]map[string]*Event{} // series id → date → edited row
	skipped := map[string]map[string]bool{}  // series id → deleted dates
	var singles []*Event
	err = db.Each(rows, func(row db.Scanner) error {
		var gone sql.NullString
		e, err := scanEvent(row, &gone)
		if err != nil {
			return err
		}
		switch {
		case e.SeriesID != "":
			if edited[e.SeriesID] == nil {
				edited[e.SeriesID] = map[string]*Event{}
			}
			edited[e.SeriesID][e.InstanceDate] = e
		case e.Rule != nil:
			series[e.ID] = e
			if gone.String != "" {
				skipped[e.ID] = map[string]bool{}
				for _, d := range strings.Split(gone.String, ",") {
					skipped[e.ID][d] = true
				}
			}
		default:
			singles = append(singles, e)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("calendar: read the events of choir %s: %w", choirID, err)
	}
	feasts, names, err := s.feastsOf(ctx, nil, series, lo, hi)
	if err != nil {
		return nil, err
	}

	out := &Listing{Descriptions: map[string]string{}}
	visible := func(e *Event) bool { return seesDrafts || e.Status == StatusPublished }
	overlaps := func(e *Event, start, end time.Time) bool {
		from, to := w.of(e)
		return start.Before(to) && end.After(from)
	}
	for _, e := range singles {
		if visible(e) && overlaps(e, e.Start, e.End) {
			out.Items = append(out.Items, Item{ID: e.ID, Event: e, Start: e.Start, End: e.End})
		}
	}
	for _, sr := range series {
		if !visible(sr) {
			continue
		}
		out.Descriptions[sr.ID] = recurrence.Describe(*sr.Rule, names[sr.Rule.FeastID])
		from, to := w.of(sr)
		occurrences, left := recurrence.ExpandCapped(sr.series(), from, to, feasts)
		if left != nil {
			if d := w.dateOf(sr, left.Start); out.TruncatedFrom.IsZero() || d.Before(out.TruncatedFrom) {
				out.TruncatedFrom = d
			}
		}
		for _, o := range occurrences {
			date := o.Date.String()
			if skipped[sr.ID][date] || edited[sr.ID][date] != nil {
				continue
			}
			out.Items = append(out.Items, Item{ID: OccurrenceID(sr.ID, o.Date), Event: sr, Series: sr, Start: o.Start.UTC(), End: o.End.UTC(), Date: o.Date})
		}
	}
	for seriesID, byDate := range edited {
		sr := series[seriesID]
		if sr == nil || !visible(sr) {
			continue // a moved-out occurrence of a series the window does not show
		}
		for _, e := range byDate {
			d, _ := liturgy.ParseDate(e.InstanceDate)
			if visible(e) && overlaps(e, e.Start, e.End) {
				out.Items = append(out.Items, Item{ID: OccurrenceID(seriesID, d), Event: e, Series: sr, Start: e.Start, End: e.End, Date: d, Edited: true})
			}
		}
	}
	slices.SortFunc(out.Items, func(a, b Item) int {
		if c := a.Start.Compare(b.Start); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// feastsOf fetches, in one statement, the feast dates the series' rules
// need around a span of instants, so that expansion needs no database, and
// the feasts' names, for the rules' words. Inside a change's transaction
// tx they are read on its connection, and years not computed yet end it
// with *feast.MissingYears (see inTx); outside one (tx nil) such years are
// computed first.
func (s *Service) feastsOf(ctx context.Context, tx *db.Tx, series map[string]*Event, lo, hi time.Time) (recurrence.FeastDates, map[string]string, error) {
	var ids []string
	for _, e := range series {
		if id := e.Rule.FeastID; id != "" && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	// A rule may move a feast by up to a year either way.
	from, to := liturgy.DateOf(lo).AddDays(-400), liturgy.DateOf(hi).AddDays(400)
	var got map[string]feast.Dated
	var err error
	if tx != nil {
		got, err = s.feasts.LookupIn(ctx, tx, ids, from, to)
	} else {
		got, err = s.feasts.Lookup(ctx, ids, from, to)
	}
	if err != nil {
		return nil, nil, err
	}
	names := map[string]string{}
	for id, f := range got {
		names[id] = f.Name
	}
	return func(feastID string, from, to liturgy.Date) []liturgy.Date {
		var out []liturgy.Date
		for _, d := range got[feastID].Dates {
			if !d.Before(from) && !d.After(to) {
				out = append(out, d)
			}
		}
		return out
	}, names, nil
}

// feastLookup is feastsOf's dates alone.
func (s *Service) feastLookup(ctx context.Context, tx *db.Tx, series map[string]*Event, lo, hi time.Time) (recurrence.FeastDates, error) {
	dates, _, err := s.feastsOf(ctx, tx, series, lo, hi)
	return dates, err
}

// Published is the published events and occurrences of a choir whose
// dates in the zone tz fall between from and to (inclusive), ordered by
// start: what reminders and alerts are about. One statement whatever the
// range holds.
func (s *Service) Published(ctx context.Context, choirID, tz string, from, to liturgy.Date) ([]Item, error) {
	loc, err := zone.Load(tz)
	if err != nil {
		loc = time.UTC
	}
	w := window{
		timedFrom: time.Date(from.Year, from.Month, from.Day, 0, 0, 0, 0, loc),
		timedTo:   time.Date(to.Year, to.Month, to.Day, 0, 0, 0, 0, loc).AddDate(0, 0, 1),
		dayFrom:   from.Time(), dayTo: to.AddDays(1).Time(),
	}
	l, err := s.items(ctx, choirID, w, false)
	if err != nil {
		return nil, err
	}
	return l.Items, nil
}
