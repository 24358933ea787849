package calendar

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/buildinfo"
	"github.com/cantica/cantica/internal/ics"
	"github.com/cantica/cantica/internal/liturgy"
	"github.com/cantica/cantica/internal/recurrence"
)

// Feed is a user's private calendar feed.
type Feed struct {
	Token     string
	CreatedAt time.Time
}

// MsgFeedNotFound answers a revoked, renewed or unknown feed address.
const MsgFeedNotFound = "This calendar feed address is no longer valid. Copy the current one from the calendar's Subscribe dialog."

// Feed answers a user's feed, or nil when they have none.
func (s *Service) Feed(ctx context.Context, userID string) (*Feed, error) {
	var f Feed
	err := s.db.QueryRowContext(ctx, `SELECT token, created_at FROM calendar_feeds WHERE user_id = ?`, userID).Scan(&f.Token, &f.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("calendar: read the feed of %s: %w", userID, err)
	}
	return &f, nil
}

// RenewFeed gives a user a feed address, a new one in place of any old one.
func (s *Service) RenewFeed(ctx context.Context, userID string) (*Feed, error) {
	f := &Feed{Token: rand.Text(), CreatedAt: s.now()}
	_, err := s.db.ExecContext(ctx, `INSERT INTO calendar_feeds (user_id, token, created_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`, userID, f.Token, f.CreatedAt)
	if err != nil {
		return nil, fmt.Errorf("calendar: renew the feed of %s: %w", userID, err)
	}
	s.logger.Info("calendar feed renewed", "event", "calendar_feed_renewed", "user_id", userID)
	return f, nil
}

// RevokeFeed turns a user's feed off.
func (s *Service) RevokeFeed(ctx context.Context, userID string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM calendar_feeds WHERE user_id = ?`, userID); err != nil {
		return fmt.Errorf("calendar: revoke the feed of %s: %w", userID, err)
	}
	s.logger.Info("calendar feed revoked", "event", "calendar_feed_revoked", "user_id", userID)
	return nil
}

// FeedURL is the address calendar apps subscribe to.
func (s *Service) FeedURL(token string) string {
	return strings.TrimSuffix(s.baseURL, "/") + "/api/v1/feeds/" + token + ".ics"
}

// FeedWindowBack is how far back a feed lists single events and the dated
// occurrences of feast-based series; FeedWindowAhead how far ahead it lists
// the latter (RFC 5545 cannot express them as a rule).
const (
	FeedWindowBack  = 365 * 24 * time.Hour
	FeedWindowAhead = 2 * 366 * 24 * time.Hour
)

// FeedState is what a feed's answer depends on, read in two statements:
// the feed, its owner's choirs with their calendar versions, the feasts'
// version, and the day (the feed's window moves with it).
type FeedState struct {
	userID   string
	name     string
	choirIDs []string
	// Tag is the feed's weak ETag; Modified is when what it tags was first
	// served (Last-Modified), as the feed row remembers it.
	Tag      string
	Modified time.Time
}

// FeedState reads the state of a feed, or of its one choir (choirID), and
// remembers since when the feed has served what its tag names.
func (s *Service) FeedState(ctx context.Context, token, choirID string) (*FeedState, error) {
	var st FeedState
	var served string
	var changed sql.NullTime
	var feastVersion int64
	err := s.db.QueryRowContext(ctx, `SELECT f.user_id, f.content_tag, f.content_changed_at, v.version
		FROM calendar_feeds f JOIN data_versions v ON v.name = 'feasts' WHERE f.token = ?`, token).
		Scan(&st.userID, &served, &changed, &feastVersion)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgFeedNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("calendar: read a feed: %w", err)
	}
	memberships, err := s.choirs.Memberships(ctx, st.userID)
	if err != nil {
		return nil, err
	}
	st.name = "Cantica"
	now := s.now()
	parts := []any{"feed", st.userID, choirID, s.baseURL, feastVersion, feedDay(now).Format(time.DateOnly)}
	for _, m := range memberships {
		if choirID == "" || m.Choir.ID == choirID {
			st.choirIDs = append(st.choirIDs, m.Choir.ID)
			parts = append(parts, m.Choir.ID, m.Choir.CalendarVersion, m.Choir.Name)
			if choirID != "" {
				st.name = "Cantica: " + m.Choir.Name
			}
		}
	}
	if choirID != "" && len(st.choirIDs) == 0 {
		return nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, "Choir not found.")
	}
	st.Tag, st.Modified = buildinfo.ETag(parts...), changed.Time
	if st.Tag != served || !changed.Valid {
		st.Modified = now
		if _, err := s.db.ExecContext(ctx, `UPDATE calendar_feeds SET content_tag = ?, content_changed_at = ? WHERE user_id = ?`,
			st.Tag, now, st.userID); err != nil {
			return nil, fmt.Errorf("calendar: note what feed of %s serves: %w", st.userID, err)
		}
	}
	return &st, nil
}

// feedDay is the day a feed's window is measured from: the window moves a
// day at a time, so that a feed's answer holds for the day.
func feedDay(now time.Time) time.Time { return now.UTC().Truncate(24 * time.Hour) }

// WriteFeed writes the published events of a feed's choirs.
func (s *Service) WriteFeed(ctx context.Context, w io.Writer, st *FeedState) error {
	if len(st.choirIDs) == 0 {
		return s.write(ctx, w, st.name, nil, false)
	}
	rows, err := feedEvents(ctx, s.db, st.choirIDs, feedDay(s.now()).Add(-FeedWindowBack))
	if err != nil {
		return err
	}
	return s.write(ctx, w, st.name, rows, false)
}

// WriteEvent writes one event or series, with its edited occurrences.
func (s *Service) WriteEvent(ctx context.Context, w io.Writer, choirID, id string, seesDrafts bool) error {
	ev, err := s.Get(ctx, choirID, id, seesDrafts)
	if err != nil {
		return err
	}
	rows := []*Event{ev}
	if ev.Rule != nil {
		// All of them: one the reader may not see still hides its date.
		edited, err := editedOccurrences(ctx, s.db, ev.ID)
		if err != nil {
			return err
		}
		rows = append(rows, edited...)
	}
	return s.write(ctx, w, ev.Title, rows, seesDrafts)
}

// write turns stored rows into an iCalendar document: a series that RFC
// 5545 can express becomes one VEVENT with RRULE, EXDATE and RECURRENCE-ID
// overrides; a feast-based series becomes dated VEVENTs over the feed
// window. UIDs are stable, so subscribed calendars update in place.
// Rows are shown as the calendar shows them to a reader who sees drafts or
// not: an edited occurrence the reader may not see leaves its date empty,
// so rows may hold edited occurrences of any status, but the series and
// single events given must all be ones the reader may see.
func (s *Service) write(ctx context.Context, w io.Writer, name string, rows []*Event, seesDrafts bool) error {
	now := s.now()
	day := feedDay(now)
	series := map[string]*Event{}
	edited := map[string]map[string]*Event{}
	var ids []string
	for _, e := range rows {
		if e.Rule != nil && e.SeriesID == "" {
			series[e.ID] = e
			ids = append(ids, e.ID)
		}
		if e.SeriesID != "" {
			if edited[e.SeriesID] == nil {
				edited[e.SeriesID] = map[string]*Event{}
			}
			edited[e.SeriesID][e.InstanceDate] = e
		}
	}
	skipped := map[string]map[string]bool{}
	if len(ids) > 0 {
		var err error
		skipped, err = deletedOccurrences(ctx, s.db, ids)
		if err != nil {
			return err
		}
	}
	lo, hi := day.Add(-FeedWindowBack), day.Add(FeedWindowAhead)
	feasts, err := s.feastLookup(ctx, nil, series, lo, hi)
	if err != nil {
		return err
	}
	cal := ics.Calendar{ProdID: "-//Cantica//Choir Calendar//EN", Name: name, RefreshInterval: time.Hour}
	for _, e := range rows {
		switch {
		case e.SeriesID != "":
			// Written with its series below.
		case e.Rule == nil:
			cal.Events = append(cal.Events, s.vevent(e, s.uid(e.ID), now))
		default:
			cal.Events = append(cal.Events, s.seriesEvents(e, edited[e.ID], skipped[e.ID], feasts, lo, hi, now, seesDrafts)...)
		}
	}
	if err := ics.Write(w, cal); err != nil {
		return fmt.Errorf("calendar: write the iCalendar document %q: %w", name, err)
	}
	return nil
}

func (s *Service) seriesEvents(sr *Event, edited map[string]*Event, skipped map[string]bool, feasts recurrence.FeastDates,
	lo, hi, now time.Time, seesDrafts bool) []ics.Event {
	visible := func(e *Event) bool { return seesDrafts || e.Status == StatusPublished }
	first := sr.localDate()
	var out []ics.Event
	var until time.Time
	if sr.Rule.EndDate != "" {
		if end, err := liturgy.ParseDate(sr.Rule.EndDate); err == nil {
			until = sr.StartOn(end)
		}
	}
	if rrule, ok := recurrence.RRule(*sr.Rule, until); ok {
		dates := recurrence.Dates(*sr.Rule, first, first, liturgy.NewDate(liturgy.MaxYear, time.December, 31), nil)
		if len(dates) == 0 {
			return nil
		}
		// DTSTART must be the first occurrence for RRULE to mean the same.
		main := s.vevent(sr, s.uid(sr.ID), now)
		main.Start = sr.StartOn(dates[0])
		main.End = main.Start.Add(sr.End.Sub(sr.Start))
		main.RRule = rrule
		for _, day := range sortedKeys(skipped) {
			if d, err := liturgy.ParseDate(day); err == nil {
				main.ExDates = append(main.ExDates, sr.StartOn(d))
			}
		}
		var overrides []ics.Event
		for _, day := range sortedKeys(edited) {
			d, err := liturgy.ParseDate(day)
			if err != nil {
				continue
			}
			orig := sr.StartOn(d)
			e := edited[day]
			if !visible(e) { // the app shows nothing on that date
				main.ExDates = append(main.ExDates, orig)
				continue
			}
			v := s.vevent(e, s.uid(sr.ID), now)
			v.RecurrenceID = &orig
			v.Location = sr.zone()
			v.Start, v.End = e.Start, e.End
			overrides = append(overrides, v)
		}
		slices.SortFunc(main.ExDates, time.Time.Compare)
		return append([]ics.Event{main}, overrides...)
	}
	// Feast-based: one dated VEVENT per occurrence in the window.
	for _, o := range recurrence.Expand(sr.series(), lo, hi, feasts) {
		day := o.Date.String()
		if skipped[day] {
			continue
		}
		uid := s.uid(sr.ID + "-" + strings.ReplaceAll(day, "-", ""))
		if e := edited[day]; e != nil {
			if visible(e) { // else the app shows nothing on that date
				out = append(out, s.vevent(e, uid, now))
			}
			continue
		}
		v := s.vevent(sr, uid, now)
		v.Start, v.End = o.Start, o.End
		out = append(out, v)
	}
	return out
}

// vevent is the iCalendar form of a stored row.
func (s *Service) vevent(e *Event, uid string, now time.Time) ics.Event {
	status := "CONFIRMED"
	if e.Status != StatusPublished {
		status = "TENTATIVE"
	}
	return ics.Event{
		UID: uid, Stamp: now, LastModified: e.UpdatedAt, Sequence: e.Sequence,
		Start: e.Start, End: e.End, AllDay: e.AllDay, Location: e.zone(),
		Summary: e.Title, Description: e.Notes, Place: e.Location,
		URL:        strings.TrimSuffix(s.baseURL, "/") + "/dashboard/calendar",
		Categories: []string{typeLabel(e.Type)}, Status: status,
	}
}

// uid is a stable iCalendar UID on this server's host.
func (s *Service) uid(id string) string {
	host := "cantica"
	if u, err := url.Parse(s.baseURL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
	}
	return id + "@" + host
}

func typeLabel(t string) string {
	switch t {
	case "liturgical_feast":
		return "Liturgical feast"
	case "":
		return "Other"
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// WriteUserEvents writes the published events of every choir userID is an
// active member of, over the feed's window: the events a person's data
// export carries (package privacy).
func (s *Service) WriteUserEvents(ctx context.Context, w io.Writer, userID string) error {
	memberships, err := s.choirs.Memberships(ctx, userID)
	if err != nil {
		return err
	}
	choirIDs := make([]string, len(memberships))
	for i, m := range memberships {
		choirIDs[i] = m.Choir.ID
	}
	return s.WriteFeed(ctx, w, &FeedState{userID: userID, name: "Cantica", choirIDs: choirIDs})
}
