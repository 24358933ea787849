package recurrence

import (
	"testing"
	"time"
)

func TestDescribe(t *testing.T) {
	relative := func(offset int, unit, direction string) Rule {
		return Rule{Type: TypeRelativeToFeast, Offset: offset, Unit: unit, Direction: direction, FeastID: easter}
	}
	tests := []struct {
		rule  Rule
		feast string
		want  string
	}{
		{weeklyRule(1, "tuesday"), "", "Every week on Tuesday"},
		{weeklyRule(0, "tuesday"), "", "Every week on Tuesday"},
		{weeklyRule(1, "thursday", "tuesday"), "", "Every week on Tuesday and Thursday"},
		{weeklyRule(1, "friday", "monday", "wednesday"), "", "Every week on Monday, Wednesday and Friday"},
		{weeklyRule(1, "sunday", "saturday", "monday"), "", "Every week on Monday, Saturday and Sunday"},
		{weeklyRule(1, "Tuesday", "tuesday "), "", "Every week on Tuesday"},
		{weeklyRule(2, "tuesday", "thursday"), "", "Every 2 weeks on Tuesday and Thursday"},
		{relative(3, "weeks", "before"), "Easter Sunday", "3 weeks before Easter Sunday"},
		{relative(1, "weeks", "after"), "Pentecost", "1 week after Pentecost"},
		{relative(1, "days", "before"), "Christmas", "1 day before Christmas"},
		{relative(10, "days", "after"), "Epiphany", "10 days after Epiphany"},
		{relative(2, "weeks", "before"), "", "2 weeks before the feast"},
		{Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "sunday", Direction: "before", FeastID: allSaints}, "All Saints", "The Sunday before All Saints"},
		{Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "friday", Direction: "after", FeastID: easter}, "Pentecost", "The Friday after Pentecost"},
		{Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "friday", Direction: "after", FeastID: easter}, "", "The Friday after the feast"},
		{Rule{Type: TypeFixedDate, Month: "december", Day: 24}, "", "Every year on 24 December"},
		{Rule{Type: TypeFixedDate, Day: 31}, "", "Every month on day 31"},
		{Rule{Type: TypeCalendarStructure, Occurrence: "third", Weekday: "thursday", Month: "november"}, "", "The third Thursday of November, every year"},
		{Rule{Type: TypeCalendarStructure, Occurrence: "third", Weekday: "thursday"}, "", "The third Thursday of every month"},
		{Rule{Type: TypeCalendarStructure, Occurrence: "last", Weekday: "friday"}, "", "The last Friday of every month"},
		{Rule{Type: TypeWeeklyOnDays, WeeklyDays: []string{"tuesday"}, EndDate: "2027-06-30"}, "", "Every week on Tuesday, until 30 June 2027"},
		{Rule{Type: TypeFixedDate, Month: "december", Day: 24, EndDate: "2030-12-24"}, "", "Every year on 24 December, until 24 December 2030"},
		{Rule{Type: TypeRelativeToFeast, Offset: 1, Unit: "days", Direction: "before", FeastID: easter, EndDate: "2027-01-05"}, "Christmas", "1 day before Christmas, until 5 January 2027"},
		{Rule{Type: "daily"}, "", ""},
	}
	for _, tt := range tests {
		if got := Describe(tt.rule, tt.feast); got != tt.want {
			t.Errorf("Describe(%+v, %q) = %q, want %q", tt.rule, tt.feast, got, tt.want)
		}
	}
}

func TestRRule(t *testing.T) {
	until := time.Date(2027, time.June, 30, 23, 59, 59, 0, time.FixedZone("BST", 3600))
	tests := []struct {
		rule   Rule
		until  time.Time
		want   string
		wantOK bool
	}{
		{weeklyRule(1, "tuesday"), time.Time{}, "FREQ=WEEKLY;BYDAY=TU;WKST=MO", true},
		{weeklyRule(2, "thursday", "tuesday"), time.Time{}, "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=MO", true},
		{weeklyRule(1, "sunday", "monday"), time.Time{}, "FREQ=WEEKLY;BYDAY=MO,SU;WKST=MO", true},
		{weeklyRule(2, "tuesday", "thursday"), until, "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=MO;UNTIL=20270630T225959Z", true},
		{Rule{Type: TypeFixedDate, Month: "december", Day: 24}, time.Time{}, "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24", true},
		{Rule{Type: TypeFixedDate, Month: "february", Day: 29}, time.Time{}, "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", true},
		{Rule{Type: TypeFixedDate, Day: 31}, time.Time{}, "FREQ=MONTHLY;BYMONTHDAY=31", true},
		{Rule{Type: TypeCalendarStructure, Occurrence: "third", Weekday: "thursday", Month: "november"}, time.Time{}, "FREQ=YEARLY;BYMONTH=11;BYDAY=3TH", true},
		{Rule{Type: TypeCalendarStructure, Occurrence: "last", Weekday: "friday"}, time.Time{}, "FREQ=MONTHLY;BYDAY=-1FR", true},
		{Rule{Type: TypeCalendarStructure, Occurrence: "third", Weekday: "thursday"}, until, "FREQ=MONTHLY;BYDAY=3TH;UNTIL=20270630T225959Z", true},
		{Rule{Type: TypeRelativeToFeast, Offset: 2, Unit: "weeks", Direction: "before", FeastID: easter}, time.Time{}, "", false},
		{Rule{Type: TypeWeekdayRelativeToFeast, Weekday: "sunday", Direction: "before", FeastID: allSaints}, until, "", false},
		{weeklyRule(1), time.Time{}, "", false}, // invalid: no days
		{Rule{Type: "daily"}, time.Time{}, "", false},
	}
	for _, tt := range tests {
		got, ok := RRule(tt.rule, tt.until)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("RRule(%+v) = %q, %v; want %q, %v", tt.rule, got, ok, tt.want, tt.wantOK)
		}
	}
}
