package recurrence

import (
	"encoding/json"
	"maps"
	"reflect"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/liturgy"
)

func TestValidate(t *testing.T) {
	relative := func(offset int, unit, direction, feastID string) Rule {
		return Rule{Type: TypeRelativeToFeast, Offset: offset, Unit: unit, Direction: direction, FeastID: feastID}
	}
	tests := []struct {
		name string
		rule Rule
		want map[string]string
	}{
		// weekly_on_days
		{"weekly valid", weeklyRule(2, "tuesday", "thursday"), nil},
		{"weekly interval 0 is the default 1", weeklyRule(0, "tuesday"), nil},
		{"weekly interval 52", weeklyRule(52, "tuesday"), nil},
		{"weekly untidy and duplicate names", weeklyRule(1, " Tuesday", "tuesday"), nil},
		{"weekly without days", weeklyRule(1), map[string]string{"weeklyDays": "Select at least one day"}},
		{"weekly empty day list", Rule{Type: TypeWeeklyOnDays, WeeklyDays: []string{}}, map[string]string{"weeklyDays": "Select at least one day"}},
		{"weekly unknown day", weeklyRule(1, "tuesday", "funday"), map[string]string{"weeklyDays": `"funday" is not a day of the week`}},
		{"weekly negative interval", weeklyRule(-1, "tuesday"), map[string]string{"weeklyInterval": "Interval must be at least 1"}},
		{"weekly interval 53", weeklyRule(53, "tuesday"), map[string]string{"weeklyInterval": "Interval can be at most 52 weeks"}},

		// fixed_date
		{"fixed valid", Rule{Type: TypeFixedDate, Month: "december", Day: 24}, nil},
		{"fixed every month on the 31st", Rule{Type: TypeFixedDate, Day: 31}, nil},
		{"fixed 29 February", Rule{Type: TypeFixedDate, Month: "february", Day: 29}, nil},
		{"fixed 31 December", Rule{Type: TypeFixedDate, Month: "December", Day: 31}, nil},
		{"fixed day 0", Rule{Type: TypeFixedDate, Month: "june", Day: 0}, map[string]string{"day": "Day must be between 1 and 31"}},
		{"fixed day 32", Rule{Type: TypeFixedDate, Day: 32}, map[string]string{"day": "Day must be between 1 and 31"}},
		{"fixed 31 April", Rule{Type: TypeFixedDate, Month: "april", Day: 31}, map[string]string{"day": "April has only 30 days"}},
		{"fixed 30 February", Rule{Type: TypeFixedDate, Month: "february", Day: 30}, map[string]string{"day": "February has only 29 days"}},
		{"fixed 31 November", Rule{Type: TypeFixedDate, Month: "november", Day: 31}, map[string]string{"day": "November has only 30 days"}},
		{"fixed unknown month", Rule{Type: TypeFixedDate, Month: "sept", Day: 1}, map[string]string{"month": "Choose a month"}},
		{"fixed unknown month and bad day", Rule{Type: TypeFixedDate, Month: "13", Day: 40},
			map[string]string{"month": "Choose a month", "day": "Day must be between 1 and 31"}},

		// calendar_structure
		{"calendar valid", Rule{Type: TypeCalendarStructure, Occurrence: "last", Weekday: "friday"}, nil},
		{"calendar valid with month", Rule{Type: TypeCalendarStructure, Occurrence: "fourth", Weekday: "sunday", Month: "february"}, nil},
		{"calendar fifth is not an ordinal", Rule{Type: TypeCalendarStructure, Occurrence: "fifth", Weekday: "monday", Month: "march"},
			map[string]string{"occurrence": "Choose first, second, third, fourth or last"}},
		{"calendar no weekday", Rule{Type: TypeCalendarStructure, Occurrence: "first"}, map[string]string{"weekday": "Choose a day of the week"}},
		{"calendar unknown month", Rule{Type: TypeCalendarStructure, Occurrence: "first", Weekday: "monday", Month: "smarch"},
			map[string]string{"month": "Choose a month"}},

		// relative_to_feast
		{"relative valid", relative(3, "weeks", "before", easter), nil},
		{"relative uppercase UUID", relative(3, "weeks", "before", "6F1C2A9E-0B7D-4C1E-9A55-3E2F4B6D8A01"), nil},
		{"relative 366 days", relative(366, "days", "after", easter), nil},
		{"relative 52 weeks", relative(52, "weeks", "after", easter), nil},
		{"relative offset 0", relative(0, "days", "after", easter), map[string]string{"offset": "Offset must be at least 1"}},
		{"relative negative offset", relative(-2, "weeks", "after", easter), map[string]string{"offset": "Offset must be at least 1"}},
		{"relative 367 days", relative(367, "days", "after", easter), map[string]string{"offset": "Offset can be at most 366 days"}},
		{"relative 53 weeks", relative(53, "weeks", "after", easter), map[string]string{"offset": "Offset can be at most 52 weeks"}},
		{"relative months", relative(1, "months", "after", easter), map[string]string{"unit": "Choose days or weeks"}},
		{"relative no direction", relative(1, "days", "", easter), map[string]string{"direction": "Choose before or after"}},
		{"relative feast not a UUID", relative(1, "days", "after", "easter"), map[string]string{"feastId": "Choose a feast"}},
		{"relative no feast", relative(1, "days", "after", ""), map[string]string{"feastId": "Choose a feast"}},
		{"relative UUID without dashes", relative(1, "days", "after", "6f1c2a9e0b7d4c1e9a553e2f4b6d8a01xxxx"), map[string]string{"feastId": "Choose a feast"}},
		{"relative everything wrong", relative(0, "", "around", "x"), map[string]string{
			"offset": "Offset must be at least 1", "unit": "Choose days or weeks", "direction": "Choose before or after", "feastId": "Choose a feast"}},

		// weekday_relative_to_feast
		{"weekday relative valid", Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "sunday", Direction: "before", FeastID: allSaints}, nil},
		{"weekday relative everything wrong", Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "sundy", Direction: "on", FeastID: "all-saints"}, map[string]string{
			"weekday": "Choose a day of the week", "direction": "Choose before or after", "feastId": "Choose a feast"}},

		// all types: tzid and endDate
		{"known zone", Rule{Type: TypeFixedDate, Day: 1, TZID: "Europe/London"}, nil},
		{"UTC", Rule{Type: TypeFixedDate, Day: 1, TZID: "UTC"}, nil},
		{"unknown zone", Rule{Type: TypeFixedDate, Day: 1, TZID: "Mars/Olympus_Mons"}, map[string]string{"tzid": "Unknown time zone"}},
		{"the server's Local zone is refused", Rule{Type: TypeFixedDate, Day: 1, TZID: "Local"}, map[string]string{"tzid": "Unknown time zone"}},
		{"a path is not a zone", Rule{Type: TypeFixedDate, Day: 1, TZID: "../../etc/passwd"}, map[string]string{"tzid": "Unknown time zone"}},
		{"end date", Rule{Type: TypeFixedDate, Day: 1, EndDate: "2027-06-30"}, nil},
		{"end date in another format", Rule{Type: TypeFixedDate, Day: 1, EndDate: "30/06/2027"}, map[string]string{"endDate": "Please give the end date as YYYY-MM-DD."}},
		{"end date that does not exist", Rule{Type: TypeFixedDate, Day: 1, EndDate: "2027-02-29"}, map[string]string{"endDate": "Please give the end date as YYYY-MM-DD."}},
		{"field errors and a zone error together", Rule{Type: TypeWeeklyOnDays, TZID: "Nowhere", EndDate: "soon"}, map[string]string{
			"weeklyDays": "Select at least one day", "tzid": "Unknown time zone", "endDate": "Please give the end date as YYYY-MM-DD."}},

		// type
		{"unknown type gives only the type error", Rule{Type: "daily", Day: 99, TZID: "Nowhere", EndDate: "x"}, map[string]string{"type": "Unknown recurrence type"}},
		{"no type", Rule{}, map[string]string{"type": "Choose how the event repeats"}},
		{"type in capitals", Rule{Type: "Fixed_Date", Day: 1}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.rule.Validate()
			if !maps.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
				t.Errorf("Validate() = %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestEveryCalendarStructureRuleIsValid(t *testing.T) {
	for occurrence := range ordinals {
		for weekday := range weekdays {
			for month := range months {
				r := Rule{Type: TypeCalendarStructure, Occurrence: occurrence, Weekday: weekday, Month: month}
				if p := r.Validate(); p != nil {
					t.Errorf("%+v: %v", r, p)
				}
			}
		}
	}
}

// The specification's "fails if the nth weekday does not exist in that
// month" cannot happen with first..fourth and last; nthWeekday still refuses
// a fifth weekday outside the month, and finds it when it is there.
func TestNthWeekday(t *testing.T) {
	tests := []struct {
		year  int
		month time.Month
		w     time.Weekday
		n     int
		want  string // "" when there is none
	}{
		{2026, time.February, time.Monday, 5, ""},
		{2032, time.February, time.Sunday, 5, "2032-02-29"},
		{2026, time.March, time.Monday, 5, "2026-03-30"},
		{2026, time.March, time.Tuesday, 5, "2026-03-31"},
		{2026, time.March, time.Wednesday, 5, ""},
		{2026, time.March, time.Sunday, 1, "2026-03-01"},
		{2026, time.March, time.Saturday, 1, "2026-03-07"},
		{2026, time.March, time.Tuesday, -1, "2026-03-31"},
		{2026, time.March, time.Wednesday, -1, "2026-03-25"},
		{2026, time.February, time.Saturday, -1, "2026-02-28"},
		{2026, time.February, time.Sunday, -1, "2026-02-22"},
	}
	for _, tt := range tests {
		d, ok := nthWeekday(tt.year, tt.month, tt.w, tt.n)
		got := ""
		if ok {
			got = d.String()
		}
		if got != tt.want {
			t.Errorf("nthWeekday(%d, %v, %v, %d) = %q, want %q", tt.year, tt.month, tt.w, tt.n, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	good := []struct {
		name, json string
		want       Rule
	}{
		{"weekly interval defaults to 1", `{"type":"weekly_on_days","weeklyDays":["tuesday"]}`,
			Rule{Type: TypeWeeklyOnDays, WeeklyInterval: 1, WeeklyDays: []string{"tuesday"}}},
		{"names are lowercased, trimmed and deduplicated", `{"type":" Weekly_On_Days ","weeklyInterval":2,"weeklyDays":["Tuesday"," THURSDAY","tuesday"],"tzid":" Europe/London ","endDate":" 2027-06-30 "}`,
			Rule{Type: TypeWeeklyOnDays, WeeklyInterval: 2, WeeklyDays: []string{"tuesday", "thursday"}, TZID: "Europe/London", EndDate: "2027-06-30"}},
		{"feast rule", `{"type":"relative_to_feast","offset":3,"unit":"Weeks","direction":"Before","feastId":"6F1C2A9E-0B7D-4C1E-9A55-3E2F4B6D8A01"}`,
			Rule{Type: TypeRelativeToFeast, Offset: 3, Unit: "weeks", Direction: "before", FeastID: easter}},
		{"the interval default is for weekly rules only", `{"type":"fixed_date","month":"December","day":24}`,
			Rule{Type: TypeFixedDate, Month: "december", Day: 24}},
		{"calendar structure", `{"type":"calendar_structure","occurrence":"Last","weekday":"Friday","month":""}`,
			Rule{Type: TypeCalendarStructure, Occurrence: "last", Weekday: "friday"}},
	}
	for _, tt := range good {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse([]byte(tt.json))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse = %#v\nwant %#v", got, tt.want)
			}
			// What is stored parses back to the same rule.
			stored, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if again, err := Parse(stored); err != nil || !reflect.DeepEqual(again, got) {
				t.Errorf("round trip of %s: %#v, %v", stored, again, err)
			}
		})
	}

	bad := []struct{ name, json string }{
		{"unknown field", `{"type":"fixed_date","day":24,"colour":"red"}`},
		{"a field name in another case", `{"type":"relative_to_feast","FeastID":"6f1c2a9e-0b7d-4c1e-9a55-3e2f4b6d8a01"}`},
		{"Type in capitals", `{"Type":"fixed_date","day":1}`},
		{"day as a string", `{"type":"fixed_date","day":"24"}`},
		{"fractional day", `{"type":"fixed_date","day":24.5}`},
		{"days as a string", `{"type":"weekly_on_days","weeklyDays":"tuesday"}`},
		{"not an object", `["weekly_on_days"]`},
		{"a second value after the rule", `{"type":"fixed_date","day":1} {"type":"fixed_date"}`},
		{"a stray brace after the rule", `{"type":"fixed_date","day":1} }`},
		{"null", `null`},
		{"truncated", `{"type":"fixed_date"`},
		{"empty", ``},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			if r, err := Parse([]byte(tt.json)); err == nil {
				t.Errorf("Parse(%s) = %#v, want an error", tt.json, r)
			}
		})
	}
}

func TestNormalizeDoesNotChangeTheCallersSlice(t *testing.T) {
	days := []string{"Tuesday", "tuesday"}
	r := Rule{Type: TypeWeeklyOnDays, WeeklyDays: days}.Normalize()
	if days[0] != "Tuesday" || len(r.WeeklyDays) != 1 {
		t.Errorf("days %v, normalised %v", days, r.WeeklyDays)
	}
}

// Rules the API receives untidy still expand the same as tidy ones.
func TestUntidyRulesExpandLikeTidyOnes(t *testing.T) {
	untidy := Rule{Type: " Relative_To_Feast", Offset: 2, Unit: "WEEKS", Direction: "Before ", FeastID: " 6F1C2A9E-0B7D-4C1E-9A55-3E2F4B6D8A01"}
	from, to := liturgy.NewDate(2026, 1, 1), liturgy.NewDate(2028, 12, 31)
	got := Dates(untidy, from, from, to, fakeFeasts)
	if s := datesString(got); s != "2026-03-22 2027-03-14 2028-04-02" {
		t.Errorf("got %s", s)
	}
}
