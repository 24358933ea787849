package planning

import (
	"testing"

	"github.com/cantica/cantica/internal/feast"
)

func TestDayFeastsHighestRankFirst(t *testing.T) {
	t.Parallel()
	in := func(date, key, name, rank, typ string) feast.Instance {
		return feast.Instance{Date: date, Active: true, Feast: feast.Summary{Key: key, Name: name, Rank: rank, Type: typ}}
	}
	got := DayFeasts([]feast.Instance{
		in("2027-03-19", "ember_saturday", "Ember Saturday", "class_ii", "ember_day"),
		in("2027-03-19", "st_joseph", "Saint Joseph", "class_i", "saint"),
		in("2027-03-19", "a_memorial", "A memorial", "memorial", "saint"),
		in("2027-03-19", "lenten_sunday", "A Sunday", "class_ii", "sunday"),
		in("2027-03-19", "custom", "A rank an admin wrote", "local_patron", "saint"),
		in("2027-03-20", "next_day", "Next day", "solemnity", "saint"),
		{Date: "2027-03-19", Active: false, Feast: feast.Summary{Key: "suppressed", Rank: "solemnity"}},
	}, "2027-03-19")
	var keys []string
	for _, f := range got {
		keys = append(keys, f.Key)
	}
	want := []string{"st_joseph", "lenten_sunday", "ember_saturday", "a_memorial", "custom"}
	if len(keys) != len(want) {
		t.Fatalf("feasts %v, want %v", keys, want)
	}
	for i := range want {
		if keys[i] != want[i] {
			t.Fatalf("feasts %v, want %v", keys, want)
		}
	}
	if got := DayFeasts(nil, "2027-03-19"); len(got) != 0 {
		t.Errorf("no feasts: %v", got)
	}
	if _, err := ParseDay("2027-02-29", "date"); err == nil {
		t.Error("29 February 2027 accepted")
	}
	if d, err := ParseDay("2028-02-29", "date"); err != nil || d.String() != "2028-02-29" {
		t.Errorf("29 February 2028: %v %v", d, err)
	}
}
