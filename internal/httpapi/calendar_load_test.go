package httpapi_test

import (
	"cmp"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/calendar"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db/dbtest"
	"github.com/cantica/cantica/internal/recurrence"
)

// busyChoir is a choir as a busy one uses Cantica: a year of single events
// and series of all five rule types, with edited and cancelled
// occurrences, and twenty members. It is what the calendar benchmark and
// the load script measure.
type busyChoir struct {
	id            string
	admin, member *apptest.Client
}

// monthRange is what the month view of March 2027 asks for (the month with
// its buffer, calendar document §9).
const monthRange = "startDate=2027-02-01&endDate=2027-05-31"

// seedBusyChoir makes a busy choir whose history goes back years years
// before the one measured (0 for a new choir): each earlier year has its
// own single events and series that ended with it.
func seedBusyChoir(t testing.TB, h *apptest.Harness, slug string, years int) busyChoir {
	t.Helper()
	ctx := t.Context()
	admin := "director-" + slug + "@example.com"
	confirmedUser(t, h, admin)
	c := busyChoir{admin: signIn(t, h, admin)}
	c.id = createChoir(t, c.admin, "Choir "+slug).Str("id")
	adminID, err := h.App.Accounts.UserIDByEmail(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		email := fmt.Sprintf("singer%d-%s@example.com", i, slug)
		if i == 0 {
			confirmedUser(t, h, email)
		} else {
			register(t, h.NewClient(), email) // unconfirmed is enough to be listed
		}
		id, err := h.App.Accounts.UserIDByEmail(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.App.Choirs.AddMember(ctx, id, c.id, access.Member, h.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			c.member = signIn(t, h, email)
		}
	}
	feasts := map[string]string{}
	for _, f := range c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/calendar-feasts", nil).List {
		m := f.(map[string]any)
		feasts[m["feastKey"].(string)] = m["id"].(string)
	}
	create := func(in calendar.Input) *calendar.Event {
		t.Helper()
		ev, err := h.App.Calendar.Create(ctx, c.id, adminID, in)
		if err != nil {
			t.Fatalf("seed %s: %v", in.Title, err)
		}
		return ev
	}
	london, _ := time.LoadLocation("Europe/London")
	for y := 2026 - years; y <= 2026; y++ {
		first := time.Date(y, time.September, 1, 0, 0, 0, 0, london)
		endDate := ""
		if y < 2026 {
			endDate = fmt.Sprintf("%d-08-31", y+1)
		}
		// 270 single events over the year, at 19:30 or all day.
		for i := range 270 {
			day := first.AddDate(0, 0, i*365/270)
			in := calendar.Input{Title: fmt.Sprintf("Event %d/%d", y, i), Type: calendar.EventTypes[i%len(calendar.EventTypes)],
				Location: "St Mary's", Notes: "Bring the Byrd and a pencil.", TimeZone: "Europe/London"}
			if i%9 == 0 {
				in.AllDay, in.Start, in.End = true, day.Format(time.DateOnly), day.AddDate(0, 0, 1).Format(time.DateOnly)
			} else {
				start := day.Add(19*time.Hour + 30*time.Minute)
				in.Start, in.End = start.Format(time.RFC3339), start.Add(2*time.Hour).Format(time.RFC3339)
			}
			create(in)
		}
		// 30 series, six of each rule type.
		start := first.Add(19*time.Hour + 30*time.Minute)
		keys := []string{"easter_sunday", "pentecost", "ash_wednesday", "christmas", "ascension", "all_saints"}
		for i := range 30 {
			r := recurrence.Rule{EndDate: endDate}
			switch i % 5 {
			case 0:
				r.Type, r.WeeklyInterval = recurrence.TypeWeeklyOnDays, 1+i%2
				r.WeeklyDays = [][]string{{"tuesday"}, {"thursday"}, {"sunday"}, {"monday", "wednesday"}, {"saturday"}, {"friday"}}[i/5]
			case 1:
				r.Type, r.Day = recurrence.TypeFixedDate, 1+i%27
			case 2:
				r.Type, r.Occurrence, r.Weekday = recurrence.TypeCalendarStructure, []string{"first", "second", "third", "fourth", "last"}[i%5], "sunday"
			case 3:
				r.Type, r.Offset, r.Unit, r.Direction, r.FeastID = recurrence.TypeRelativeToFeast, 1+i%3, "weeks", "before", feasts[keys[i/5]]
			case 4:
				r.Type, r.Weekday, r.Direction, r.FeastID = recurrence.TypeWeekdayRelativeToFeast, "saturday", "before", feasts[keys[i/5]]
			}
			if r.FeastID == "" && (r.Type == recurrence.TypeRelativeToFeast || r.Type == recurrence.TypeWeekdayRelativeToFeast) {
				t.Fatalf("no feast %s", keys[i/5])
			}
			sr := create(calendar.Input{Title: fmt.Sprintf("Series %d/%d", y, i), Type: "rehearsal", Location: "Church hall",
				Start: start.Format(time.RFC3339), End: start.Add(2 * time.Hour).Format(time.RFC3339), TimeZone: "Europe/London", Rule: &r})
			if i%5 != 0 {
				continue
			}
			// A weekly series: one occurrence in March edited, one cancelled.
			list := c.admin.Do("GET", "/api/v1/choirs/"+c.id+"/events?startDate="+fmt.Sprintf("%d-03-01&endDate=%d-03-31", y+1, y+1), nil)
			var dates []string
			for _, e := range list.JSON["events"].([]any) {
				if m := e.(map[string]any); m["eventId"] == sr.ID && m["instanceDate"] != nil {
					dates = append(dates, m["id"].(string))
				}
			}
			if len(dates) < 2 {
				continue
			}
			edited := calendar.Input{Title: sr.Title + " (moved)", Type: "rehearsal", Location: "Crypt", TimeZone: "Europe/London",
				Start: start.AddDate(0, 6, 0).Format(time.RFC3339), End: start.AddDate(0, 6, 0).Add(time.Hour).Format(time.RFC3339)}
			if _, err := h.App.Calendar.Update(ctx, c.id, dates[0], calendar.Change{Input: edited, Scope: calendar.ScopeSingle}); err != nil {
				t.Fatalf("edit %s: %v", dates[0], err)
			}
			if err := h.App.Calendar.Delete(ctx, c.id, dates[1], calendar.ScopeSingle, ""); err != nil {
				t.Fatalf("cancel %s: %v", dates[1], err)
			}
		}
	}
	return c
}

// get asks for a path with a client's cookies and headers and reads the whole answer.
func get(t testing.TB, client *http.Client, url string, header http.Header) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header = header.Clone()
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

// sessionHeader is what a signed-in browser sends.
func sessionHeader(c *apptest.Client) http.Header {
	return http.Header{"Cookie": {"cantica_session=" + c.Cookie("cantica_session").Value}}
}

// BenchmarkMonthRange measures a member opening the month view of March
// 2027 in a busy choir, over loopback HTTP: server and client time per
// request and the SQL statements each runs. built builds every answer
// anew; kept serves the answer kept under its ETag; revalidated answers
// If-None-Match with 304.
func BenchmarkMonthRange(b *testing.B) {
	for _, kind := range dbtest.Kinds {
		for _, mode := range []string{"built", "kept", "revalidated"} {
			b.Run(kind+"/"+mode, func(b *testing.B) {
				h := apptest.Start(b, kind, apptest.Options{NoAnswerCache: mode == "built"})
				c := seedBusyChoir(b, h, "busy", 0)
				url := h.URL + "/api/v1/choirs/" + c.id + "/events?" + monthRange
				header := sessionHeader(c.member)
				client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
				res, body := get(b, client, url, header)
				if res.StatusCode != 200 {
					b.Fatalf("month range: %d", res.StatusCode)
				}
				if mode == "revalidated" {
					header.Set("If-None-Match", res.Header.Get("ETag"))
				}
				before := h.DB.Statements()
				b.ResetTimer()
				for range b.N {
					get(b, client, url, header)
				}
				b.ReportMetric(float64(h.DB.Statements()-before)/float64(b.N), "statements/op")
				b.ReportMetric(float64(len(body)), "bytes")
			})
		}
	}
}

// TestCalendarLoad is the calendar's load test, run by
// scripts/calendar-load.sh (CANTICA_LOAD=1) and skipped otherwise. On each
// database it seeds a busy choir and one with ten years of history, then
// runs wrk against the month range of each (64 connections, then one) and
// against a bare Go handler answering the same bytes in the same process,
// and prints the figures as a table: each 64-connection row also as a share
// of the bare handler's, in requests per second and in CPU time a request
// (the server's, PostgreSQL's and wrk's together), which a machine busy
// with other work disturbs much less than it does the wall clock.
// CANTICA_LOAD_DATABASE=sqlite or postgres runs one database,
// CANTICA_LOAD_KEPT_ONLY=1 only kept answers, and CANTICA_LOAD_PROFILE=DIR
// writes a CPU profile of the server under each 64-connection month.
func TestCalendarLoad(t *testing.T) {
	if os.Getenv("CANTICA_LOAD") == "" {
		t.Skip("the load test runs with CANTICA_LOAD=1 (scripts/calendar-load.sh)")
	}
	if _, err := exec.LookPath("wrk"); err != nil {
		t.Fatal("the load test needs wrk (Debian package wrk)")
	}
	duration := cmp.Or(os.Getenv("CANTICA_LOAD_DURATION"), "10s")
	profiles := os.Getenv("CANTICA_LOAD_PROFILE")
	modes := []bool{false, true}
	if os.Getenv("CANTICA_LOAD_KEPT_ONLY") != "" {
		modes = modes[:1]
	}
	var table []string
	for _, kind := range dbtest.Kinds {
		if only := os.Getenv("CANTICA_LOAD_DATABASE"); only != "" && only != kind {
			continue
		}
		for _, built := range modes {
			mode := "kept answers"
			if built {
				mode = "built anew"
			}
			h := apptest.Start(t, kind, apptest.Options{NoAnswerCache: built, ProductionLogs: true})
			fresh := seedBusyChoir(t, h, "new", 0)
			old := seedBusyChoir(t, h, "old", 10)
			client := &http.Client{}
			url := func(c busyChoir) string { return h.URL + "/api/v1/choirs/" + c.id + "/events?" + monthRange }
			res, body := get(t, client, url(fresh), sessionHeader(fresh.member))
			if res.StatusCode != 200 {
				t.Fatalf("month range: %d", res.StatusCode)
			}
			bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write(body)
			}))
			var bareRate, bareCPU float64
			row := func(what, target string, conns int, c *busyChoir) {
				if profiles != "" && c == &fresh && conns > 1 {
					stop := profileCPU(t, filepath.Join(profiles, fmt.Sprintf("cpu-%s-%s.pprof", kind, strings.ReplaceAll(mode, " ", "-"))))
					defer stop()
				}
				args := []string{fmt.Sprintf("-t%d", min(conns, 2)), fmt.Sprintf("-c%d", conns), "-d" + duration, "--latency"}
				if c != nil {
					args = append(args, "-H", "Cookie: "+sessionHeader(c.member).Get("Cookie"))
				}
				server, database := processCPU(), databaseCPU(kind)
				cmd := exec.Command("wrk", append(args, target)...)
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("wrk: %v\n%s", err, out)
				}
				server, database = processCPU()-server, databaseCPU(kind)-database
				wrkCPU := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
				w := wrkFigures(string(out))
				each := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(max(w.requests, 1)) }
				cpu := each(server + database + wrkCPU)
				share := "–"
				switch {
				case c == nil:
					bareRate, bareCPU = w.rate, cpu
				case conns > 1 && w.rate > 0 && cpu > 0:
					share = fmt.Sprintf("%.0f %% / %.0f %%", 100*w.rate/bareRate, 100*bareCPU/cpu)
				}
				table = append(table, fmt.Sprintf("| %s | %s | %s | %d | %.0f | %s | %s | %.0f µs | %s |",
					kind, mode, what, conns, w.rate, w.p50, w.p99, cpu, share))
				t.Logf("%s %s %s c=%d: %.0f req/s, p50 %s, p99 %s, CPU %.0f µs a request (server %.0f, database %.0f, wrk %.0f)",
					kind, mode, what, conns, w.rate, w.p50, w.p99, cpu, each(server), each(database), each(wrkCPU))
			}
			row("bare handler, same bytes", bare.URL, 64, nil)
			row("month range, new choir", url(fresh), 64, &fresh)
			row("month range, 10 years of history", url(old), 64, &old)
			row("month range, new choir", url(fresh), 1, &fresh)
			row("month range, 10 years of history", url(old), 1, &old)
			bare.Close()
		}
	}
	fmt.Println("\n| database | answers | request | connections | requests/s | p50 | p99 | CPU a request | share of the bare handler's (requests/s / CPU) |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	fmt.Println(strings.Join(table, "\n"))
}

// profileCPU profiles this process's CPU into a file until stop is called.
func profileCPU(t *testing.T, name string) (stop func()) {
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		t.Fatal(err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }
}

// wrkRun is what wrk's --latency output says of a run.
type wrkRun struct {
	rate     float64 // requests per second
	p50, p99 string
	requests int
}

func wrkFigures(out string) wrkRun {
	var w wrkRun
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 2 && f[1] == "requests" && f[2] == "in":
			w.requests, _ = strconv.Atoi(f[0])
		case len(f) == 2 && f[0] == "Requests/sec:":
			w.rate, _ = strconv.ParseFloat(f[1], 64)
		case len(f) == 2 && f[0] == "50%":
			w.p50 = f[1]
		case len(f) == 2 && f[0] == "99%":
			w.p99 = f[1]
		}
	}
	return w
}

// processCPU is the CPU time this process (the server, and the bare
// handler) has used so far.
func processCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// databaseCPU is the CPU time PostgreSQL's server processes have used so
// far, when the server is the one scripts/with-postgres.sh started (its
// processes are the children of the postmaster named in its data folder);
// zero for SQLite, which runs in this process. CPU time is what a loaded
// machine measures fairly: a request's share of the wall clock depends on
// what else runs, its CPU time hardly.
func databaseCPU(kind string) time.Duration {
	if kind != config.Postgres {
		return 0
	}
	u, err := url.Parse(os.Getenv("CANTICA_TEST_DATABASE_URL"))
	if err != nil {
		return 0
	}
	pidFile, err := os.ReadFile(filepath.Join(u.Query().Get("host"), "data", "postmaster.pid"))
	if err != nil {
		return 0
	}
	postmaster, _, _ := strings.Cut(string(pidFile), "\n")
	procs, _ := filepath.Glob("/proc/[0-9]*/stat")
	var ticks int64
	for _, p := range procs {
		stat, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		pid := strings.TrimSuffix(strings.TrimPrefix(p, "/proc/"), "/stat")
		// pid (comm) state ppid … utime stime cutime cstime: fields 4 and
		// 14 to 17. The postmaster's cutime and cstime hold the CPU of its
		// children that have ended, so that their time is not lost.
		_, rest, ok := strings.Cut(string(stat), ") ")
		f := strings.Fields(rest)
		if !ok || len(f) < 15 || (pid != postmaster && f[1] != postmaster) {
			continue
		}
		last := 12
		if pid == postmaster {
			last = 14
		}
		for _, field := range f[11 : last+1] {
			n, _ := strconv.ParseInt(field, 10, 64)
			ticks += n
		}
	}
	return time.Duration(ticks) * time.Second / 100 // USER_HZ
}
