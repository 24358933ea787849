package httpapi_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/billing"
	"github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/jobs"
)

const day = 24 * time.Hour

// subscriptionOf reads a choir's subscription row as the database has it.
func subscriptionOf(t *testing.T, h *apptest.Harness, choirID string) (plan, status string, trialEnds time.Time, found bool) {
	t.Helper()
	rows, err := h.DB.QueryContext(t.Context(), `SELECT plan, status, trial_ends_at FROM choir_subscriptions WHERE choir_id = ?`, choirID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		found = true
		if err := rows.Scan(&plan, &status, &trialEnds); err != nil {
			t.Fatal(err)
		}
	}
	return plan, status, trialEnds, found
}

func setSubscription(t *testing.T, h *apptest.Harness, choirID, set string, args ...any) {
	t.Helper()
	if _, err := h.DB.ExecContext(t.Context(), `UPDATE choir_subscriptions SET `+set+` WHERE choir_id = ?`, append(args, choirID)...); err != nil {
		t.Fatal(err)
	}
}

// A new choir starts a 30-day trial of the plan chosen in the wizard, medium
// when none was; with billing off no subscription exists at all.
func TestTrialStartsWithTheChoir(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Billing: true}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "director@example.com")
		admin := signIn(t, h, "director@example.com")
		res := admin.Do("POST", "/api/v1/choirs", map[string]any{
			"name": "Small Schola", "city": "Oxford", "postcode": "OX1 1AA", "country": "gb",
			"religiousAffiliationId": romanCatholic, "timeZone": "Europe/London", "plan": "small",
		})
		if res.Status != 201 {
			t.Fatalf("create: %d %s", res.Status, res.Raw)
		}
		plan, status, ends, found := subscriptionOf(t, h, res.Str("id"))
		if !found || plan != "small" || status != "trialing" || !ends.Equal(h.Clock.Now().Add(30*day)) {
			t.Fatalf("subscription: %v %s %s %s", found, plan, status, ends)
		}
		res = admin.Do("POST", "/api/v1/choirs", map[string]any{
			"name": "Unchosen Singers", "city": "Oxford", "postcode": "OX1 1AA", "country": "gb",
			"religiousAffiliationId": romanCatholic, "timeZone": "Europe/London",
		})
		if plan, _, _, _ := subscriptionOf(t, h, res.Str("id")); res.Status != 201 || plan != "medium" {
			t.Fatalf("without a plan: %d %s, plan %q", res.Status, res.Raw, plan)
		}
	})
}

func TestNoTrialWithBillingOff(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "director@example.com")
		id := createChoir(t, signIn(t, h, "director@example.com"), "Free Singers").Str("id")
		if _, _, _, found := subscriptionOf(t, h, id); found {
			t.Fatal("billing off made a subscription")
		}
	})
}

// readOnlyAllowed is the policy: these choir operations still work when
// the choir is read-only (the caller's own reading and mail settings);
// every other change is refused. See refuseReadOnly.
var readOnlyAllowed = []string{"SetChoirEmails", "MarkAnnouncementRead", "DismissWeekItem", "ReportPractice"}

// choirOperation is one operation of api/openapi.yaml that names a choir.
type choirOperation struct {
	id, method, path string
	op               *openapi3.Operation
}

// choirOperations lists every operation whose path names {choirId}, read
// from the API description, so that an operation added later is covered.
func choirOperations(t *testing.T) []choirOperation {
	t.Helper()
	doc, err := apigen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	var out []choirOperation
	for path, item := range doc.Paths.Map() {
		if !strings.Contains(path, "{choirId}") {
			continue
		}
		for method, op := range item.Operations() {
			out = append(out, choirOperation{strings.ToUpper(op.OperationID[:1]) + op.OperationID[1:], method, path, op})
		}
	}
	slices.SortFunc(out, func(a, b choirOperation) int { return strings.Compare(a.id, b.id) })
	return out
}

// call sends an operation with choirID and well-formed values for the rest,
// so that a refusal is about the choir, not the request's shape.
func (o choirOperation) call(c *apptest.Client, choirID string) apptest.Response {
	path := "/api/v1" + strings.ReplaceAll(o.path, "{choirId}", choirID)
	var query []string
	for _, p := range o.op.Parameters {
		v := "00000000-0000-4000-8000-00000000abcd"
		if s := p.Value.Schema; s != nil && s.Value != nil && len(s.Value.Enum) > 0 {
			v = fmt.Sprint(s.Value.Enum[0])
		}
		switch p.Value.In {
		case "path":
			path = strings.ReplaceAll(path, "{"+p.Value.Name+"}", v)
		case "query":
			if p.Value.Required {
				query = append(query, p.Value.Name+"="+v)
			}
		}
	}
	if len(query) > 0 {
		path += "?" + strings.Join(query, "&")
	}
	var body any
	if rb := o.op.RequestBody; rb != nil {
		switch {
		case rb.Value.Content.Get("multipart/form-data") != nil:
			body = uploadForm(nil, "part.pdf", padded("%PDF-", 2000))
		case rb.Value.Content.Get("application/json") != nil && rb.Value.Content.Get("application/json").Schema.Value.Type.Is("array"):
			body = []any{}
		default:
			body = map[string]any{}
		}
	}
	return c.Do(o.method, path, body)
}

// Day 31 of a trial without payment: every change to the choir is refused
// with a message that sends an administrator to the plan; every read works
// and the exports still download; a stranger learns nothing; payment (or
// the operator's free of charge) restores writes.
func TestReadOnlyAfterTheTrial(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Billing: true}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		newEvent := func(c *apptest.Client) apptest.Response {
			return c.Do("POST", "/api/v1/choirs/"+l.id+"/events", validEvent)
		}
		// The trial is moved rather than the clock, which would end the sessions.
		setSubscription(t, h, l.id, "trial_ends_at = ?", h.Clock.Now().Add(day)) // day 29
		if res := newEvent(l.admin); res.Status != 201 {
			t.Fatalf("on day 29: %d %s", res.Status, res.Raw)
		}
		setSubscription(t, h, l.id, "trial_ends_at = ?", h.Clock.Now().Add(-day)) // day 31

		writes, reads := 0, 0
		for _, o := range choirOperations(t) {
			res := o.call(l.admin, l.id)
			refused := res.Status == http.StatusForbidden && res.Str("code") == "CHOIR_READ_ONLY"
			switch {
			case o.method == http.MethodGet || o.method == http.MethodHead:
				reads++
				if refused || res.Status >= 500 {
					t.Errorf("read %s refused on a read-only choir: %d %s", o.id, res.Status, res.Raw)
				}
			case slices.Contains(readOnlyAllowed, o.id) || strings.HasPrefix(o.path, "/choirs/{choirId}/billing"):
				if refused {
					t.Errorf("%s is allowed on a read-only choir, got %s", o.id, res.Raw)
				}
			default:
				writes++
				if !refused || res.Str("message") != billing.MsgReadOnlyAdmin || res.Str("details.planUrl") != "/dashboard/settings/choir#plan" {
					t.Errorf("write %s on a read-only choir: %d %s", o.id, res.Status, res.Raw)
				}
			}
		}
		if writes < 60 || reads < 40 {
			t.Fatalf("only %d writes and %d reads found in the API description", writes, reads)
		}
		// The member hears it without the link to a page they cannot open.
		wantMessage(t, newEvent(l.member), 403, "CHOIR_READ_ONLY", billing.MsgReadOnlyMember)
		// An admin of another choir is refused as before, learning nothing.
		if res := newEvent(l.other); res.Status != 404 {
			t.Fatalf("stranger: %d %s", res.Status, res.Raw)
		}
		// Reading and exporting go on.
		for _, path := range []string{"/events?startDate=2026-11-01&endDate=2027-02-01", "/music", "/members"} {
			if res := l.member.Do("GET", "/api/v1/choirs/"+l.id+path, nil); res.Status != 200 {
				t.Errorf("GET %s on a read-only choir: %d %s", path, res.Status, res.Raw)
			}
		}
		if res := l.admin.Do("GET", "/api/v1/choirs/"+l.id+"/analytics/attendance?format=csv", nil); res.Status != 200 ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") {
			t.Errorf("attendance export on a read-only choir: %d %s", res.Status, res.Raw)
		}
		// Paying restores writes.
		setSubscription(t, h, l.id, "status = 'active'")
		if res := newEvent(l.admin); res.Status != 201 {
			t.Fatalf("after payment: %d %s", res.Status, res.Raw)
		}
		// So does the operator's free of charge, whatever Stripe says.
		setSubscription(t, h, l.id, "status = 'unpaid'")
		wantError(t, newEvent(l.admin), 403, "CHOIR_READ_ONLY")
		setSubscription(t, h, l.id, "comped = TRUE")
		if res := newEvent(l.admin); res.Status != 201 {
			t.Fatalf("comped: %d %s", res.Status, res.Raw)
		}
	})
}

// Day 27 of the trial sends the reminder once to each administrator, even
// with two workers planning and running jobs at the same moment; day 26
// sends nothing.
func TestTrialReminderOnce(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Billing: true}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "director@example.com")
		createChoir(t, signIn(t, h, "director@example.com"), "Reminded Singers")
		second := jobs.New(h.DB, slog.New(slog.NewTextHandler(io.Discard, nil)), h.Clock.Now)
		billing.New(h.DB, h.Config, h.App.Mailer, second, slog.New(slog.NewTextHandler(io.Discard, nil)), h.Clock.Now)
		work := func() {
			var wg sync.WaitGroup
			for _, q := range []*jobs.Queue{h.App.Jobs, second} {
				wg.Go(func() {
					if err := q.PlanDue(t.Context()); err != nil {
						t.Error(err)
					}
					if _, err := q.RunDue(t.Context()); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
		}
		before := h.MailCount("director@example.com")
		h.Clock.Advance(26*day + 23*time.Hour)
		work()
		if n := h.MailCount("director@example.com") - before; n != 0 {
			t.Fatalf("%d reminders on day 26", n)
		}
		h.Clock.Advance(time.Hour) // day 27: three days left
		work()
		work()
		if n := h.MailCount("director@example.com") - before; n != 1 {
			t.Fatalf("%d reminders on day 27, want 1", n)
		}
		m := h.Mail("director@example.com")
		if !strings.Contains(m.Subject, "Reminded Singers ends in 3 days") || !strings.Contains(m.TextBody, h.URL+"/dashboard/settings/choir#plan") {
			t.Fatalf("reminder: %s\n%s", m.Subject, m.TextBody)
		}
		h.Clock.Advance(2 * day)
		work()
		if n := h.MailCount("director@example.com") - before; n != 1 {
			t.Fatalf("%d reminders by day 29, want 1", n)
		}
	})
}

// The standing behind the banners: the administrator sees the trial's days
// left and the seats against the plan, a member only the standing; with
// billing off the choir is free and nothing else is said.
func TestChoirStanding(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{Billing: true}, func(t *testing.T, h *apptest.Harness) {
		l := newLibrary(t, h)
		inviteSinger(l.admin, l.id, "pending@example.com")
		path := "/api/v1/choirs/" + l.id + "/billing/standing"
		res := l.admin.Do("GET", path, nil)
		if res.Status != 200 || res.Str("standing") != "trial" || res.JSON["trialDaysLeft"] != float64(30) || res.Str("plan") != "medium" ||
			res.JSON["members"] != float64(3) || res.JSON["memberLimit"] != float64(30) || res.Str("planUrl") != "/dashboard/settings/choir#plan" ||
			res.JSON["billed"] != false {
			t.Fatalf("admin: %d %s", res.Status, res.Raw)
		}
		res = l.member.Do("GET", path, nil)
		if res.Status != 200 || res.Str("standing") != "trial" || res.JSON["trialDaysLeft"] != nil || res.JSON["members"] != nil || res.JSON["billed"] != nil {
			t.Fatalf("member: %d %s", res.Status, res.Raw)
		}
		setSubscription(t, h, l.id, "trial_ends_at = ?", h.Clock.Now().Add(-time.Hour))
		if res := l.member.Do("GET", path, nil); res.Str("standing") != "read_only" {
			t.Fatalf("after the trial: %s", res.Raw)
		}
	})
}

func TestChoirStandingWithBillingOff(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "director@example.com")
		admin := signIn(t, h, "director@example.com")
		id := createChoir(t, admin, "Free Singers").Str("id")
		if res := admin.Do("GET", "/api/v1/choirs/"+id+"/billing/standing", nil); res.Raw != `{"enabled":false,"standing":"free"}`+"\n" && res.Raw != `{"enabled":false,"standing":"free"}` {
			t.Fatalf("billing off: %d %q", res.Status, res.Raw)
		}
	})
}
