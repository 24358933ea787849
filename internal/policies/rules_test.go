package policies

import (
	"testing"

	"github.com/cantica/cantica/internal/liturgy"
)

func TestStatusOfFlipsAtTheAbsenceAfterTheLimit(t *testing.T) {
	three, zero := 3, 0
	for _, c := range []struct {
		max              *int
		absences, missed int
		want             string
	}{
		{&three, 0, 0, Meets}, {&three, 1, 0, Meets}, {&three, 2, 0, Warning}, {&three, 3, 0, Warning}, {&three, 4, 0, DoesNotMeet},
		{&zero, 0, 0, Meets}, {&zero, 1, 0, DoesNotMeet},
		{nil, 40, 0, Meets}, {nil, 0, 1, DoesNotMeet}, {&three, 0, 1, DoesNotMeet},
	} {
		if got := StatusOf(&Rules{MaxAbsences: c.max}, c.absences, c.missed); got != c.want {
			t.Errorf("max %v, %d absences, %d mandatory missed: %s, want %s", c.max, c.absences, c.missed, got, c.want)
		}
	}
}

func TestCountedAbsencesTakeEachWholeKLates(t *testing.T) {
	three := 3
	for _, c := range []struct {
		k                     *int
		absences, lates, want int
	}{
		{nil, 2, 9, 2}, {&three, 0, 2, 0}, {&three, 0, 3, 1}, {&three, 0, 5, 1}, {&three, 1, 6, 3}, {&three, 2, 0, 2},
	} {
		if got := CountedAbsences(&Rules{LatesPerAbsence: c.k}, c.absences, c.lates); got != c.want {
			t.Errorf("K %v, %d absences, %d lates: %d, want %d", c.k, c.absences, c.lates, got, c.want)
		}
	}
}

func TestSeasonRunsFromSeptemberToAugust(t *testing.T) {
	for day, want := range map[string]string{"2026-11-23": "2026-09-01 2027-08-31", "2026-09-01": "2026-09-01 2027-08-31",
		"2026-08-31": "2025-09-01 2026-08-31", "2027-01-01": "2026-09-01 2027-08-31"} {
		d, _ := liturgy.ParseDate(day)
		from, to := Season(d)
		if got := from.String() + " " + to.String(); got != want {
			t.Errorf("season of %s: %s, want %s", day, got, want)
		}
	}
}

func TestValidateRules(t *testing.T) {
	big, neg, zero, eleven := 101, -1, 0, 11
	for name, r := range map[string]Rules{"too many": {MaxAbsences: &big, Period: PeriodSeason}, "negative": {MaxAbsences: &neg, Period: PeriodSeason},
		"no lates": {LatesPerAbsence: &zero, Period: PeriodSeason}, "too many lates": {LatesPerAbsence: &eleven, Period: PeriodSeason},
		"no period": {}, "concert without one": {Period: PeriodConcert}, "unknown type": {Period: PeriodSeason, MandatoryTypes: []string{"picnic"}}} {
		if ValidateRules(&r) == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	r := Rules{Period: PeriodSeason, ConcertKey: "x", MandatoryTypes: []string{"concert", "concert", "rehearsal"}}
	if err := ValidateRules(&r); err != nil || r.ConcertKey != "" || len(r.MandatoryTypes) != 2 {
		t.Errorf("tidy rules: %v %+v", err, r)
	}
}
