package recurrence

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/liturgy"
)

// easterFeasts gives Western Easter for any feast id, with data only for
// 1900–2200 and missing for every fifth year, like a choir's stored feasts.
func easterFeasts(_ string, from, to liturgy.Date) []liturgy.Date {
	var out []liturgy.Date
	for y := max(from.Year, 1900); y <= min(to.Year, 2200); y++ {
		if d := liturgy.WesternEaster(y); y%5 != 0 && !d.Before(from) && !d.After(to) {
			out = append(out, d)
		}
	}
	return out
}

// FuzzExpand feeds user-shaped rule JSON and arbitrary ranges through Parse,
// Validate, Describe, RRule and Expand. Run it with
//
//	go test -run='^$' -fuzz=FuzzExpand -fuzztime=60s ./internal/recurrence/
func FuzzExpand(f *testing.F) {
	march2026 := time.Date(2026, time.March, 20, 0, 0, 0, 0, time.UTC).Unix()
	seeds := []string{
		`{"type":"weekly_on_days","weeklyDays":["tuesday"],"tzid":"Europe/London"}`,
		`{"type":"weekly_on_days","weeklyInterval":2,"weeklyDays":["tuesday","thursday"],"tzid":"America/New_York","endDate":"2026-12-31"}`,
		`{"type":"weekly_on_days","weeklyInterval":52,"weeklyDays":["monday","tuesday","wednesday","thursday","friday","saturday","sunday"]}`,
		`{"type":"fixed_date","month":"february","day":29}`,
		`{"type":"fixed_date","day":31,"tzid":"Australia/Lord_Howe"}`,
		`{"type":"calendar_structure","occurrence":"last","weekday":"friday"}`,
		`{"type":"calendar_structure","occurrence":"third","weekday":"thursday","month":"november","tzid":"Pacific/Apia"}`,
		`{"type":"relative_to_feast","offset":2,"unit":"weeks","direction":"before","feastId":"6f1c2a9e-0b7d-4c1e-9a55-3e2f4b6d8a01"}`,
		`{"type":"relative_to_feast","offset":366,"unit":"days","direction":"after","feastId":"6f1c2a9e-0b7d-4c1e-9a55-3e2f4b6d8a01","endDate":"2030-01-01"}`,
		`{"type":"weekday_relative_to_feast","weekday":"sunday","direction":"before","feastId":"d4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f70"}`,
		// broken
		`{"type":"weekly_on_days","weeklyDays":[]}`,
		`{"type":"weekly_on_days","weeklyInterval":-3,"weeklyDays":["funday"]}`,
		`{"type":"fixed_date","month":"april","day":31}`,
		`{"type":"relative_to_feast","offset":0,"unit":"months","feastId":"easter"}`,
		`{"type":"calendar_structure","occurrence":"fifth","weekday":"monday","month":"february"}`,
		`{"type":"daily"}`,
		`{"type":"fixed_date","day":1,"tzid":"../../etc/passwd"}`,
		`{"type":"fixed_date","day":1,"endDate":"2026-02-30"}`,
		`{"type":"fixed_date","colour":"red"}`,
		`{"Type":"fixed_date","day":1}`,
		`[]`,
		`null`,
		`{`,
	}
	for _, rule := range seeds {
		f.Add(rule, march2026-60*86400, march2026, int64(60*24*30), int64(120), false)
		f.Add(rule, int64(-62135596800), int64(-62135596800), int64(1)<<40, int64(60*24), true)
	}

	f.Fuzz(func(t *testing.T, ruleJSON string, startUnix, fromUnix, spanMinutes, durationMinutes int64, allDay bool) {
		r, err := Parse([]byte(ruleJSON))
		if err != nil {
			return
		}
		// What is stored parses back to the same rule.
		stored, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := Parse(stored); err != nil || !reflect.DeepEqual(again, r) {
			t.Fatalf("round trip of %s: %#v, %v; want %#v", stored, again, err, r)
		}

		problems := r.Validate()
		_ = Describe(r, "Easter")
		rrule, ok := RRule(r, time.Unix(fromUnix, 0))
		if ok && rrule == "" || !ok && rrule != "" {
			t.Fatalf("RRule = %q, %v", rrule, ok)
		}

		loc := time.UTC
		if problems == nil && r.TZID != "" {
			if loc, err = time.LoadLocation(r.TZID); err != nil {
				t.Fatalf("Validate accepted zone %q that does not load: %v", r.TZID, err)
			}
		}
		start := time.Unix(startUnix, 0).In(loc)
		from := time.Unix(fromUnix, 0)
		to := from.Add(time.Duration(spanMinutes) * time.Minute)
		s := Series{Rule: r, Start: start, Duration: time.Duration(durationMinutes) * time.Minute, AllDay: allDay, Location: loc}
		occurrences := Expand(s, from, to, easterFeasts)

		if problems != nil {
			if _, zoneOnly := problems["tzid"]; len(problems) > 1 || !zoneOnly {
				if len(occurrences) > 0 {
					t.Fatalf("invalid rule %v gave %d occurrences", problems, len(occurrences))
				}
			}
			return
		}

		if len(occurrences) > MaxOccurrences {
			t.Fatalf("%d occurrences", len(occurrences))
		}
		startDate := liturgy.DateOf(start)
		endDate, hasEnd := liturgy.Date{}, r.EndDate != ""
		if hasEnd {
			endDate, _ = liturgy.ParseDate(r.EndDate)
		}
		for i, o := range occurrences {
			if i > 0 && (!occurrences[i-1].Date.Before(o.Date) || o.Start.Before(occurrences[i-1].Start)) {
				t.Fatalf("not ascending: %v then %v", occurrences[i-1], o)
			}
			if !overlaps(o, from, to) {
				t.Fatalf("%v does not overlap [%v, %v)", o, from, to)
			}
			if o.Date.Before(startDate) {
				t.Fatalf("%v is before the series start %v", o.Date, startDate)
			}
			if hasEnd && o.Date.After(endDate) {
				t.Fatalf("%v is after the end date %v", o.Date, endDate)
			}
			if !o.End.After(o.Start) && (allDay || s.Duration > 0) {
				t.Fatalf("%v ends before it starts", o)
			}
			if one := Dates(r, startDate, o.Date, o.Date, easterFeasts); len(one) != 1 || one[0] != o.Date {
				t.Fatalf("occurrence on %v, but Dates for that day gives %v", o.Date, one)
			}
		}
	})
}
