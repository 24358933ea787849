package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/app"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/mail/smtptest"
	"github.com/cantica/cantica/internal/reminders"
)

// setClock moves the harness's clock forward to t.
func setClock(t *testing.T, h *apptest.Harness, at time.Time) {
	t.Helper()
	d := at.Sub(h.Clock.Now())
	if d < 0 {
		t.Fatalf("the clock cannot go back from %s to %s", h.Clock.Now(), at)
	}
	h.Clock.Advance(d)
}

// reminderMails are the reminders delivered to an address so far.
func reminderMails(t *testing.T, h *apptest.Harness, to string) []smtptest.Captured {
	t.Helper()
	h.MailCount(to) // delivers what is due
	var out []smtptest.Captured
	for _, m := range h.SMTP.Messages() {
		if strings.HasPrefix(m.Subject, "Will you be there?") && len(m.To) == 1 && strings.EqualFold(m.To[0], to) {
			out = append(out, m)
		}
	}
	return out
}

func wantReminders(t *testing.T, h *apptest.Harness, to string, n int, when string) []smtptest.Captured {
	t.Helper()
	got := reminderMails(t, h, to)
	if len(got) != n {
		var subjects []string
		for _, m := range got {
			subjects = append(subjects, m.Subject)
		}
		t.Fatalf("%s: %s has %d reminders, want %d: %q", when, to, len(got), n, subjects)
	}
	return got
}

var london = mustZone("Europe/London")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// A member who has not answered Thursday's rehearsal and Sunday's concert
// gets one message on Tuesday at 08:00 (the rehearsal's 2-day and the
// concert's 7-day reminder merged), none before, none twice; a member who
// answered the rehearsal is reminded of the concert only; one who said
// Maybe is reminded once and no more; a member of another choir never.
func TestRemindersGoInTheMorningMergedToThoseWhoHaveNotAnswered(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newAttendanceChoir(t, h) // rehearsal Thursday 26 November 19:30 London; clock Monday 23 November 10:00
		concert := c.create(t, map[string]any{"title": "Advent Concert", "eventType": "concert", "start": "2026-12-01T18:00:00Z",
			"end": "2026-12-01T20:00:00Z", "timeZone": "Europe/London"}).Str("id")
		if res := c.duo.Do("PUT", c.eventPath+"/rsvp", map[string]any{"status": "going"}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		if res := c.duo.Do("PUT", c.events+"/"+concert+"/rsvp", map[string]any{"status": "maybe"}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		confirmedUser(t, h, "outsider@example.com")
		outsider := signIn(t, h, "outsider@example.com")
		createChoir(t, outsider, "Other Choir")

		setClock(t, h, time.Date(2026, 11, 24, 7, 59, 0, 0, london))
		h.RunJobs()
		wantReminders(t, h, "alto@example.com", 0, "Tuesday 07:59")

		setClock(t, h, time.Date(2026, 11, 24, 8, 0, 0, 0, london))
		h.RunJobs()
		alto := wantReminders(t, h, "alto@example.com", 1, "Tuesday 08:00")[0]
		for _, want := range []string{"Thursday Rehearsal", "Advent Concert", "I'll be there: ", "Can't make it: "} {
			if !strings.Contains(alto.TextBody, want) {
				t.Errorf("the merged reminder lacks %q:\n%s", want, alto.TextBody)
			}
		}
		if alto.Subject != "Will you be there? 2 events are waiting for your answer" || alto.Header.Get("List-Unsubscribe") == "" {
			t.Errorf("subject %q, List-Unsubscribe %q", alto.Subject, alto.Header.Get("List-Unsubscribe"))
		}
		duo := wantReminders(t, h, "duo@example.com", 1, "Tuesday 08:00")[0]
		if strings.Contains(duo.TextBody, "Thursday Rehearsal") || !strings.Contains(duo.TextBody, "You said Maybe") {
			t.Errorf("duo answered the rehearsal and said Maybe to the concert:\n%s", duo.TextBody)
		}
		wantReminders(t, h, "outsider@example.com", 0, "another choir")

		// Again the same day, and the next day: nothing more.
		h.RunJobs()
		setClock(t, h, time.Date(2026, 11, 25, 12, 0, 0, 0, london))
		h.RunJobs()
		wantReminders(t, h, "alto@example.com", 1, "Wednesday")

		// The concert's 2-day reminder on Sunday 29th: the alto again, not
		// the member who said Maybe (reminded once already). The alto answers
		// with one tap from the first reminder instead… after it.
		setClock(t, h, time.Date(2026, 11, 29, 9, 0, 0, 0, london))
		h.RunJobs()
		second := wantReminders(t, h, "alto@example.com", 2, "Sunday")[1]
		if !strings.HasPrefix(second.Subject, "Will you be there? Advent Concert, ") {
			t.Errorf("second reminder: %q", second.Subject)
		}
		wantReminders(t, h, "duo@example.com", 1, "Sunday")
		going := h.Link(second, "/email/rsvp/")
		if !strings.HasSuffix(going, "/going") {
			t.Fatalf("first RSVP link %s", going)
		}
		token := strings.TrimSuffix(strings.TrimPrefix(going, h.URL+"/email/rsvp/"), "/going")
		if res := h.NewClient().Do("POST", "/api/v1/email-links/rsvp/"+token, map[string]any{"status": "going"}); res.Status != 200 {
			t.Fatalf("answer from the reminder: %d %s", res.Status, res.Raw)
		}
		if res := signIn(t, h, "alto@example.com").Do("GET", c.events+"/"+concert+"/rsvp", nil); res.Str("status") != "going" {
			t.Errorf("after answering from the reminder: %s", res.Raw)
		}
	})
}

// Reminders follow the choir's zone across both daylight-saving changes:
// 08:00 local the day they are due, whatever the offset that day.
func TestRemindersKeepToTheMorningAcrossDaylightSaving(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newAttendanceChoir(t, h)
		if res := c.admin.Do("PATCH", "/api/v1/choirs/"+c.id, map[string]any{"timeZone": "Europe/Berlin"}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		berlin := mustZone("Europe/Berlin")
		// Spring: the 2-day reminder of Tuesday 31 March is after the switch
		// (29 March), the 7-day one of Thursday 26 March before it.
		c.create(t, map[string]any{"title": "Maundy Thursday", "eventType": "service", "start": "2027-04-01T17:30:00Z",
			"end": "2027-04-01T19:00:00Z", "timeZone": "Europe/Berlin"})
		// Autumn: the 2-day reminder of Tuesday 2 November 2027 is after the switch (31 October).
		c.create(t, map[string]any{"title": "All Souls", "eventType": "service", "start": "2027-11-04T18:00:00Z",
			"end": "2027-11-04T19:00:00Z", "timeZone": "Europe/Berlin"})
		for i, day := range []time.Time{
			time.Date(2027, 3, 25, 8, 0, 0, 0, berlin), // 07:00 UTC
			time.Date(2027, 3, 30, 8, 0, 0, 0, berlin), // 06:00 UTC, after the spring change
			time.Date(2027, 10, 28, 8, 0, 0, 0, berlin),
			time.Date(2027, 11, 2, 8, 0, 0, 0, berlin), // 07:00 UTC, after the autumn change
		} {
			setClock(t, h, day.Add(-time.Minute))
			h.RunJobs()
			wantReminders(t, h, "alto@example.com", i, "a minute before "+day.String())
			setClock(t, h, day)
			h.RunJobs()
			wantReminders(t, h, "alto@example.com", i+1, day.String())
		}
	})
}

// "Remind non-responders" at 21:00 waits until 08:00 the next morning,
// goes only to those who have not answered, and an event gets it once:
// sixteen directors pressing at once send one reminder per member.
func TestRemindNonRespondersOnceAndNotAtNight(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newAttendanceChoir(t, h)
		far := c.create(t, map[string]any{"title": "Christmas Concert", "eventType": "concert", "start": "2026-12-20T18:00:00Z",
			"end": "2026-12-20T20:00:00Z", "timeZone": "Europe/London"}).Str("id")
		if res := c.duo.Do("PUT", c.events+"/"+far+"/rsvp", map[string]any{"status": "not_going"}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		if res := c.admin.Do("PUT", c.events+"/"+far+"/rsvp", map[string]any{"status": "going"}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		path := c.events + "/" + far + "/remind-non-responders"
		if res := c.member.Do("POST", path, nil); res.Status != 403 {
			t.Fatalf("a member reminding: %d", res.Status)
		}
		setClock(t, h, time.Date(2026, 11, 23, 21, 0, 0, 0, london))
		const presses = 16
		counts := atOnce(presses, func(int) int { return c.admin.Do("POST", path, nil).Status })
		if counts[200] != 1 || counts[409] != presses-1 {
			t.Fatalf("presses at once answered %v, want one 200 and the rest 409", counts)
		}
		res := c.admin.Do("GET", c.events+"/"+far+"/reminders", nil)
		last, _ := res.JSON["lastManual"].(map[string]any)
		if res.Status != 200 || last == nil || last["sendsAt"] != "2026-11-24T08:00:00Z" || last["byName"] == "" {
			t.Fatalf("after pressing: %d %s", res.Status, res.Raw)
		}
		again := c.admin.Do("POST", path, nil)
		wantMessage(t, again, 409, "CONFLICT", fmt.Sprintf(reminders.MsgAlreadyReminded, "Monday 23 November at 21:00"))

		h.RunJobs()
		wantReminders(t, h, "alto@example.com", 0, "at night")
		setClock(t, h, time.Date(2026, 11, 24, 8, 0, 0, 0, london))
		h.RunJobs()
		got := wantReminders(t, h, "alto@example.com", 1, "the next morning")
		if !strings.Contains(got[0].TextBody, "Christmas Concert") {
			t.Errorf("reminder: %s", got[0].TextBody)
		}
		// The others had Thursday's rehearsal's reminder, without the concert they answered.
		for _, to := range []string{"duo@example.com", "director@example.com"} {
			for _, m := range reminderMails(t, h, to) {
				if strings.Contains(m.TextBody, "Christmas Concert") {
					t.Errorf("%s answered the concert and was reminded of it:\n%s", to, m.TextBody)
				}
			}
		}
		h.RunJobs()
		wantReminders(t, h, "alto@example.com", 1, "run again")
		wantMessage(t, c.admin.Do("POST", path, nil), 409, "CONFLICT", fmt.Sprintf(reminders.MsgAlreadyReminded, "Monday 23 November at 21:00"))
	})
}

// Two servers on one database plan and run the same day's reminders at
// once: each member gets one message. A server that starts again later
// (after a crash) plans the same day again and sends nothing more.
func TestRemindersGoOnceWithTwoServersAndAfterARestart(t *testing.T) {
	t.Parallel()
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			h := apptest.Start(t, kind, apptest.Options{})
			c := newAttendanceChoir(t, h)
			for i := range 6 {
				email := fmt.Sprintf("singer%d@example.com", i)
				confirmedUser(t, h, email)
				if err := h.App.Choirs.AddMember(t.Context(), userID(t, h, email), c.id, "member", h.Clock.Now()); err != nil {
					t.Fatal(err)
				}
			}
			setClock(t, h, time.Date(2026, 11, 24, 9, 0, 0, 0, london))
			second := func() *app.App {
				a, err := app.New(h.Config, h.DB, slog.New(slog.NewTextHandler(io.Discard, nil)), app.Options{Now: h.Clock.Now})
				if err != nil {
					t.Fatal(err)
				}
				return a
			}
			servers := []*app.App{h.App, second()}
			var wg sync.WaitGroup
			for _, a := range servers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ctx := context.Background()
					if err := a.Jobs.PlanDue(ctx); err != nil {
						t.Error(err)
					}
					if _, err := a.Jobs.RunDue(ctx); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			restarted := second()
			if err := restarted.Jobs.PlanDue(t.Context()); err != nil {
				t.Fatal(err)
			}
			if _, err := restarted.Jobs.RunDue(t.Context()); err != nil {
				t.Fatal(err)
			}
			if _, err := restarted.Mailer.DeliverDue(t.Context()); err != nil {
				t.Fatal(err)
			}
			for _, to := range []string{"alto@example.com", "duo@example.com", "director@example.com", "singer0@example.com", "singer5@example.com"} {
				wantReminders(t, h, to, 1, "two servers and a restart")
			}
		})
	}
}

// Three days before a service, a choir's administrators hear once of the
// voice parts with fewer singers going than the minimum.
func TestPartBalanceAlertGoesOncePerEvent(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newAttendanceChoir(t, h)
		if res := c.admin.Do("PUT", "/api/v1/choirs/"+c.id+"/attendance-settings", map[string]any{"minConfirmedPerPart": 2}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		mass := c.create(t, map[string]any{"title": "Sunday Mass", "eventType": "service", "start": "2026-11-29T10:30:00Z",
			"end": "2026-11-29T11:30:00Z", "timeZone": "Europe/London"}).Str("id")
		if res := c.duo.Do("PUT", c.events+"/"+mass+"/rsvp", map[string]any{"status": "going"}); res.Status != 200 {
			t.Fatal(res.Raw)
		}
		alerts := func() []smtptest.Captured {
			h.MailCount("director@example.com")
			var out []smtptest.Captured
			for _, m := range h.SMTP.Messages() {
				if strings.Contains(m.Subject, "voice parts short") {
					out = append(out, m)
				}
			}
			return out
		}
		setClock(t, h, time.Date(2026, 11, 25, 12, 0, 0, 0, london))
		h.RunJobs()
		if n := len(alerts()); n != 0 {
			t.Fatalf("four days before: %d alerts", n)
		}
		setClock(t, h, time.Date(2026, 11, 26, 8, 30, 0, 0, london))
		h.RunJobs()
		h.RunJobs()
		got := alerts()
		if len(got) != 1 || got[0].To[0] != "director@example.com" {
			t.Fatalf("alerts: %d", len(got))
		}
		for _, want := range []string{"Sunday Mass", "Alto: 1 going, minimum 2; 1 has not answered", "Soprano: 1 going, minimum 2\n",
			"Tenor: 0 going, minimum 2\n"} {
			if !strings.Contains(got[0].TextBody, want) {
				t.Errorf("alert lacks %q:\n%s", want, got[0].TextBody)
			}
		}
		setClock(t, h, time.Date(2026, 11, 26, 15, 0, 0, 0, london))
		h.RunJobs()
		if n := len(alerts()); n != 1 {
			t.Errorf("later the same day: %d alerts", n)
		}
	})
}

// The communications page's settings and an event's own reminders.
func TestReminderSettings(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newAttendanceChoir(t, h)
		path := "/api/v1/choirs/" + c.id + "/reminder-settings"
		res := c.admin.Do("GET", path, nil)
		if res.Status != 200 || !strings.Contains(string(res.Raw), `{"days":[7,2],"eventType":"rehearsal"}`) || res.JSON["partBalanceDays"] != float64(3) {
			t.Fatalf("defaults: %s", res.Raw)
		}
		wantMessage(t, c.admin.Do("PUT", path, map[string]any{"eventTypes": []any{map[string]any{"eventType": "rehearsal", "days": []int{1, 2, 3}}},
			"partBalanceDays": 3}), 400, "VALIDATION_ERROR", reminders.MsgDays)
		wantMessage(t, c.admin.Do("PUT", path, map[string]any{"eventTypes": []any{}, "partBalanceDays": 0}), 400, "VALIDATION_ERROR", reminders.MsgBalanceDays)
		res = c.admin.Do("PUT", path, map[string]any{"eventTypes": []any{map[string]any{"eventType": "rehearsal", "days": []int{1, 3}}}, "partBalanceDays": nil})
		if res.Status != 200 || !strings.Contains(string(res.Raw), `{"days":[3,1],"eventType":"rehearsal"}`) || res.JSON["partBalanceDays"] != nil {
			t.Fatalf("saved: %s", res.Raw)
		}
		ev := c.eventPath + "/reminders"
		if res := c.admin.Do("GET", ev, nil); res.Status != 200 || res.JSON["days"] != nil || fmt.Sprint(res.JSON["typeDays"]) != "[3 1]" {
			t.Fatalf("event follows its type: %s", res.Raw)
		}
		if res := c.admin.Do("PUT", ev, map[string]any{"days": []int{}}); res.Status != 200 || fmt.Sprint(res.JSON["days"]) != "[]" {
			t.Fatalf("no reminders for this event: %s", res.Raw)
		}
		// Its reminder (3 days before: Monday 23rd) does not go.
		h.RunJobs()
		wantReminders(t, h, "alto@example.com", 0, "event without reminders")
		if res := c.admin.Do("PUT", ev, map[string]any{"days": nil}); res.Status != 200 || res.JSON["days"] != nil {
			t.Fatalf("back to its type: %s", res.Raw)
		}
		h.RunJobs()
		wantReminders(t, h, "alto@example.com", 1, "event back to its type's reminders")
		if res := c.member.Do("GET", path, nil); res.Status != 403 {
			t.Errorf("a member reads the settings: %d", res.Status)
		}
	})
}

// A day's reminders planned at 19:59 whose job runs only at 20:30 (a busy
// or restarted server) wait for 08:00 the next morning.
func TestARemindersJobThatRunsLateWaitsForTheMorning(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		newAttendanceChoir(t, h) // rehearsal Thursday 26 November: its 2-day reminder is on Tuesday 24th
		setClock(t, h, time.Date(2026, 11, 24, 19, 59, 0, 0, london))
		if err := h.App.Jobs.PlanDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		setClock(t, h, time.Date(2026, 11, 24, 20, 30, 0, 0, london))
		if _, err := h.App.Jobs.RunDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		wantReminders(t, h, "alto@example.com", 0, "20:30")
		setClock(t, h, time.Date(2026, 11, 25, 7, 59, 0, 0, london))
		if _, err := h.App.Jobs.RunDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		wantReminders(t, h, "alto@example.com", 0, "07:59 the next day")
		setClock(t, h, time.Date(2026, 11, 25, 8, 0, 0, 0, london))
		if _, err := h.App.Jobs.RunDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		if got := wantReminders(t, h, "alto@example.com", 1, "08:00 the next day"); !strings.Contains(got[0].TextBody, "Thursday Rehearsal") {
			t.Errorf("held reminder: %s", got[0].TextBody)
		}
	})
}

// Another choir's administrator cannot remind this choir's members, by
// either choir's address, nor read its settings: to them the choir is not
// there (404, as for every choir one is not in).
func TestRemindersStayInTheirChoir(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := newAttendanceChoir(t, h)
		confirmedUser(t, h, "rival@example.com")
		rival := signIn(t, h, "rival@example.com")
		other := createChoir(t, rival, "Other Choir").Str("id")
		for path, want := range map[string]int{
			c.eventPath + "/remind-non-responders":                                      404,
			"/api/v1/choirs/" + other + "/events/" + c.event + "/remind-non-responders": 404,
		} {
			if res := rival.Do("POST", path, nil); res.Status != want {
				t.Errorf("POST %s: %d, want %d", path, res.Status, want)
			}
		}
		if res := rival.Do("PUT", "/api/v1/choirs/"+other+"/events/"+c.event+"/reminders", map[string]any{"days": []int{1}}); res.Status != 404 {
			t.Errorf("another choir's event's reminders: %d", res.Status)
		}
		if res := rival.Do("GET", "/api/v1/choirs/"+c.id+"/reminder-settings", nil); res.Status != 404 {
			t.Errorf("another choir's settings: %d", res.Status)
		}
		h.RunJobs()
		setClock(t, h, time.Date(2026, 11, 24, 9, 0, 0, 0, london))
		h.RunJobs()
		wantReminders(t, h, "rival@example.com", 0, "another choir's rehearsal")
		wantReminders(t, h, "alto@example.com", 1, "the choir's own member")
	})
}
