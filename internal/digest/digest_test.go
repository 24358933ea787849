package digest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/digest"
)

func eachDB(t *testing.T, fn func(t *testing.T, h *apptest.Harness)) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) { fn(t, apptest.Start(t, kind, apptest.Options{})) })
	}
}

// The harness's clock starts on Monday 23 November 2026 at 10:00 UTC:
// 10:00 in London, 05:00 in New York.

// A singer in two choirs gets one digest, at the first of the two choirs'
// hours, covering both: what awaits their answer first, with one-tap links
// that work; the next 14 days; the music of the next service with practice
// links; their practice of last week. Members who turned the digest off get
// none; a member with nothing new gets none and the history says so; no
// member sees another choir's events.
func TestWeeklyDigest(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, h *apptest.Harness) {
		ctx := t.Context()
		f := fixture{t, h}
		director := f.user("director")
		a := f.choir(director, "St Cecilia Singers", "Europe/London")
		alice, bob, carol := f.user("alice"), f.user("bob"), f.user("carol")
		f.join(a, alice, bob, carol)
		cdirector := f.user("cdirector")
		c := f.choir(cdirector, "Cantores", "America/New_York")
		f.join(c, alice)
		bdirector, dave := f.user("bdirector"), f.user("dave")
		b := f.choir(bdirector, "Other Choir", "Europe/London")
		f.join(b, dave)
		edirector, erin := f.user("edirector"), f.user("erin")
		e := f.choir(edirector, "Quiet Choir", "Europe/London")
		f.join(e, erin)
		f.exec(`UPDATE user_choir_membership SET digest_emails = FALSE WHERE user_id = ? AND choir_id = ?`, bob, a)
		f.exec(`UPDATE user_profile SET email_digest_enabled = FALSE WHERE id = ?`, carol)
		f.exec(`UPDATE user_choir_membership SET digest_emails = FALSE WHERE user_id = ? AND choir_id = ?`, edirector, e)

		rehearsal := f.event(a, director, "Advent rehearsal", "rehearsal", time.Date(2026, 11, 26, 19, 30, 0, 0, time.UTC))
		mass := f.event(a, director, "Advent Sunday Mass", "service", time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC))
		f.event(a, director, "Far concert", "concert", time.Date(2026, 12, 20, 19, 0, 0, 0, time.UTC)) // beyond 14 days
		f.event(c, cdirector, "Cantores concert", "concert", time.Date(2026, 12, 1, 23, 0, 0, 0, time.UTC))
		f.event(b, bdirector, "Other gathering", "rehearsal", time.Date(2026, 11, 27, 19, 0, 0, 0, time.UTC))
		f.answer(alice, a, mass, "going")
		rorate := f.piece(a, "Rorate caeli")
		f.score(a, rorate)
		f.plan(a, director, mass, "Advent I", rorate)
		f.practised(alice, a, rorate, "2026-11-20", 1200)

		if n := h.RunJobs(); n == 0 {
			t.Fatal("no digest job ran at 10:00 in London")
		}
		m := h.Mail(emailOf(0, "alice"))
		if want := "Your week with Cantores and St Cecilia Singers: 2 events await your answer"; m.Subject != want {
			t.Errorf("subject %q, want %q", m.Subject, want)
		}
		text := m.TextBody
		ask, coming := strings.Index(text, "WILL YOU BE THERE?"), strings.Index(text, "THE NEXT 14 DAYS")
		if ask < 0 || coming < ask {
			t.Fatalf("the events awaiting an answer do not come first:\n%s", text)
		}
		unanswered := text[ask:coming]
		if !strings.Contains(unanswered, "Advent rehearsal · St Cecilia Singers") || !strings.Contains(unanswered, "Cantores concert · Cantores") {
			t.Errorf("awaiting an answer should be the rehearsal and the other choir's concert:\n%s", unanswered)
		}
		if strings.Index(unanswered, "Advent rehearsal") > strings.Index(unanswered, "Cantores concert") {
			t.Errorf("awaiting an answer is not in date order:\n%s", unanswered)
		}
		if strings.Contains(unanswered, "Advent Sunday Mass") {
			t.Errorf("an answered event is asked again:\n%s", unanswered)
		}
		for _, want := range []string{"Advent Sunday Mass · St Cecilia Singers", "Your answer: Going", "THE MUSIC FOR Advent Sunday Mass",
			"Piece 1: Rorate caeli", "Practise: " + h.URL + "/email/practice/", "Rorate caeli · St Cecilia Singers: 20 min"} {
			if !strings.Contains(text, want) {
				t.Errorf("the digest lacks %q:\n%s", want, text)
			}
		}
		for _, absent := range []string{"Far concert", "Other gathering"} {
			if strings.Contains(text, absent) || strings.Contains(m.HTMLBody, absent) {
				t.Errorf("the digest shows %q", absent)
			}
		}
		if got := m.Header.Get("List-Unsubscribe"); !strings.Contains(got, "/email/unsubscribe/") {
			t.Errorf("List-Unsubscribe %q", got)
		}
		// The one-tap link is a working RSVP link for the rehearsal, valid 30 days.
		going := h.Link(m, "/email/rsvp/")
		secret := strings.TrimSuffix(strings.TrimPrefix(going, h.URL+"/email/rsvp/"), "/going")
		tok, err := h.App.Links.Find(ctx, secret, actionlink.RSVP)
		if err != nil || tok.ResourceID != rehearsal || tok.UserID != alice || tok.ChoirID != a {
			t.Fatalf("the RSVP link: %+v %v", tok, err)
		}
		if want := h.Clock.Now().Add(actionlink.Lifetime(actionlink.RSVP)); !tok.ExpiresAt.Equal(want) {
			t.Errorf("the RSVP link expires %s, want %s", tok.ExpiresAt, want)
		}
		if got := h.MailCount(emailOf(0, "dave")); got != 1 {
			t.Errorf("dave got %d digests", got)
		}
		if d := h.Mail(emailOf(0, "dave")).TextBody; strings.Contains(d, "Advent") || strings.Contains(d, "St Cecilia") {
			t.Errorf("dave's digest shows another choir:\n%s", d)
		}
		for _, who := range []string{emailOf(0, "bob"), emailOf(0, "carol"), emailOf(0, "erin")} {
			if n := h.MailCount(who); n != 0 {
				t.Errorf("%s got %d digests", who, n)
			}
		}

		// Cantores' hour (08:00 in New York) comes: alice had hers this week.
		h.Clock.Advance(3*time.Hour + 30*time.Minute)
		h.RunJobs()
		if n := h.MailCount(emailOf(0, "alice")); n != 1 {
			t.Errorf("alice got %d digests this week, want 1", n)
		}
		if n := h.MailCount(emailOf(0, "cdirector")); n != 1 {
			t.Errorf("Cantores' director got %d digests", n)
		}

		runs, err := h.App.Digest.Runs(ctx, a)
		if err != nil || len(runs) != 1 {
			t.Fatalf("runs of St Cecilia: %+v %v", runs, err)
		}
		if r := runs[0]; r.Week != "2026-W48" || r.Sent != 2 || r.Skipped != 0 || r.Failed != 0 || r.Pending != 0 {
			t.Errorf("St Cecilia's run: %+v, want 2 sent (director, alice)", r)
		}
		runs, _ = h.App.Digest.Runs(ctx, c)
		if len(runs) != 1 || runs[0].Sent != 1 {
			t.Errorf("Cantores' run: %+v, want 1 sent (its director; alice had hers)", runs)
		}
		runs, _ = h.App.Digest.Runs(ctx, e)
		if len(runs) != 1 || runs[0].Skipped != 1 || runs[0].Sent != 0 {
			t.Errorf("Quiet Choir's run: %+v, want erin skipped", runs)
		}
		if n := f.count(`SELECT COUNT(*) FROM digest_deliveries WHERE user_id = ? AND reason = ?`, erin, digest.ReasonNothingNew); n != 1 {
			t.Errorf("erin's week is not recorded as skipped: nothing new")
		}

		// Next Monday brings the next week's digest.
		h.Clock.Advance(7 * 24 * time.Hour)
		h.RunJobs()
		if n := h.MailCount(emailOf(0, "alice")); n != 2 {
			t.Errorf("alice got %d digests after two weeks, want 2", n)
		}
	})
}

// The preview shows what a member would get from this choir only; a user
// who is not a member of it cannot be previewed.
func TestPreviewIsTheChoirsOwn(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, h *apptest.Harness) {
		ctx := t.Context()
		f := fixture{t, h}
		director, alice, bob, dave := f.user("director"), f.user("alice"), f.user("bob"), f.user("dave")
		a := f.choir(director, "St Cecilia Singers", "Europe/London")
		f.join(a, alice, bob)
		cdirector := f.user("cdirector")
		c := f.choir(cdirector, "Cantores", "America/New_York")
		f.join(c, alice, dave)
		f.event(a, director, "Advent rehearsal", "rehearsal", time.Date(2026, 11, 26, 19, 30, 0, 0, time.UTC))
		f.event(c, cdirector, "Cantores concert", "concert", time.Date(2026, 12, 1, 23, 0, 0, 0, time.UTC))
		f.exec(`UPDATE user_choir_membership SET email_enabled = FALSE WHERE user_id = ? AND choir_id = ?`, bob, a)

		p, err := h.App.Digest.Preview(ctx, a, alice)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p.Text, "Advent rehearsal") || strings.Contains(p.Text+p.HTML+p.Subject, "Cantores") {
			t.Errorf("preview of alice in St Cecilia:\n%s", p.Text)
		}
		if p.Empty || p.SwitchedOff {
			t.Errorf("preview of alice: empty %v, switched off %v", p.Empty, p.SwitchedOff)
		}
		if !strings.Contains(p.HTML, "<h2") || !strings.Contains(p.HTML, "Will you be there?") {
			t.Errorf("the preview's HTML is not the message's")
		}
		if p, err := h.App.Digest.Preview(ctx, a, bob); err != nil || !p.SwitchedOff {
			t.Errorf("preview of bob, whose email from the choir is off: %+v %v", p, err)
		}
		if _, err := h.App.Digest.Preview(ctx, a, dave); !isNotFound(err) {
			t.Errorf("preview of a member of another choir: %v, want not found", err)
		}
		// A preview stores no link.
		if n := f.count(`SELECT COUNT(*) FROM email_action_tokens`); n != 0 {
			t.Errorf("previews stored %d links", n)
		}
	})
}

func isNotFound(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == apperr.NotFound
}

// A choir's schedule moves its digest: off sends nothing, another day
// sends then, in the choir's zone.
func TestScheduleChangesWhenTheDigestGoes(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, h *apptest.Harness) {
		ctx := t.Context()
		f := fixture{t, h}
		director, alice := f.user("director"), f.user("alice")
		a := f.choir(director, "St Cecilia Singers", "Europe/Berlin")
		f.join(a, alice)
		f.event(a, director, "Advent rehearsal", "rehearsal", time.Date(2026, 11, 26, 19, 30, 0, 0, time.UTC))
		st, err := h.App.Digest.Settings(ctx, a)
		if err != nil || !st.Enabled || st.Weekday != time.Monday || st.Hour != 8 {
			t.Fatalf("the default schedule: %+v %v", st, err)
		}
		if _, err := h.App.Digest.SetSchedule(ctx, a, digest.Schedule{Enabled: true, Weekday: time.Wednesday, Hour: 25}); !isValidation(err) {
			t.Errorf("hour 25: %v", err)
		}
		st, err = h.App.Digest.SetSchedule(ctx, a, digest.Schedule{Enabled: true, Weekday: time.Wednesday, Hour: 18})
		if err != nil {
			t.Fatal(err)
		}
		// Wednesday 25 November, 18:00 in Berlin is 17:00 UTC.
		if want := time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC); !st.Next.Equal(want) {
			t.Errorf("next digest %s, want %s", st.Next, want)
		}
		h.RunJobs()
		if n := h.MailCount(emailOf(0, "alice")); n != 0 {
			t.Fatalf("a digest went on Monday: %d", n)
		}
		h.Clock.Advance(2*24*time.Hour + 7*time.Hour) // Wednesday 17:00 UTC
		h.RunJobs()
		if n := h.MailCount(emailOf(0, "alice")); n != 1 {
			t.Fatalf("no digest on Wednesday at 18:00 Berlin: %d", n)
		}
		if _, err := h.App.Digest.SetSchedule(ctx, a, digest.Schedule{Enabled: false, Weekday: time.Wednesday, Hour: 18}); err != nil {
			t.Fatal(err)
		}
		h.Clock.Advance(7 * 24 * time.Hour)
		h.RunJobs()
		if n := h.MailCount(emailOf(0, "alice")); n != 1 {
			t.Errorf("a digest went while the choir's digest was off")
		}
	})
}

func isValidation(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == apperr.Invalid
}
