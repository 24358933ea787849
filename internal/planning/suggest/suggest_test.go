package suggest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cantica/cantica/internal/liturgy"
)

func date(s string) liturgy.Date {
	d, err := liturgy.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func dates(ss ...string) []liturgy.Date {
	out := make([]liturgy.Date, len(ss))
	for i, s := range ss {
		out[i] = date(s)
	}
	return out
}

func intp(n int) *int { return &n }

var (
	easter2027 = Day{
		Date:      date("2027-03-28"),
		Feasts:    []Named{{"easter_sunday", "Easter Sunday"}},
		Season:    &Named{"easter", "Easter"},
		EventType: "service",
	}
	lent2027 = Day{
		Date:      date("2027-03-07"),
		Feasts:    []Named{{"third_sunday_of_lent", "Third Sunday of Lent"}},
		Season:    &Named{"lent", "Lent"},
		EventType: "service",
	}
)

func order(ss []Suggestion) []string {
	ids := make([]string, len(ss))
	for i, s := range ss {
		ids[i] = s.Piece.ID
	}
	return ids
}

func find(t *testing.T, ss []Suggestion, id string) Suggestion {
	t.Helper()
	for _, s := range ss {
		if s.Piece.ID == id {
			return s
		}
	}
	t.Fatalf("no suggestion %s", id)
	return Suggestion{}
}

func TestRankOrder(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		day  Day
		in   []Candidate
		want []string
	}{
		{
			// Easter was 5 April 2026 and is 28 March 2027: the key matches both years.
			name: "feast by key across years, above season and none",
			day:  easter2027,
			in: []Candidate{
				{ID: "none", Title: "A", Weighting: intp(10)},
				{ID: "season", Title: "B", SeasonKeys: []string{"easter"}, Weighting: intp(10)},
				{ID: "feast", Title: "C", FeastKeys: []string{"easter_sunday"}, Weighting: intp(1), Sung: dates("2026-04-05")},
			},
			want: []string{"feast", "season", "none"},
		},
		{
			name: "feast and season by tag name, any case",
			day:  easter2027,
			in: []Candidate{
				{ID: "none", Title: "A", Tags: []string{"Lent"}},
				{ID: "season", Title: "B", Tags: []string{"EASTER"}},
				{ID: "feast", Title: "C", Tags: []string{"easter sunday"}},
			},
			want: []string{"feast", "season", "none"},
		},
		{
			name: "season key written as words",
			day:  Day{Date: date("2027-07-04"), Season: &Named{"ordinary_time", "Ordinary Time"}},
			in: []Candidate{
				{ID: "none", Title: "A"},
				{ID: "season", Title: "B", Tags: []string{"ordinary time"}},
			},
			want: []string{"season", "none"},
		},
		{
			name: "higher weighting first",
			day:  lent2027,
			in: []Candidate{
				{ID: "w3", Title: "A", Weighting: intp(3)},
				{ID: "unset", Title: "B"},
				{ID: "w9", Title: "C", Weighting: intp(9)},
			},
			want: []string{"w9", "unset", "w3"},
		},
		{
			name: "longer since last sung first, never sung as a year",
			day:  lent2027,
			in: []Candidate{
				{ID: "4w", Title: "A", Sung: dates("2027-02-07")},
				{ID: "never", Title: "B"},
				{ID: "20w", Title: "C", Sung: dates("2026-10-18")},
				{ID: "2y", Title: "D", Sung: dates("2025-03-09")},
			},
			// never and 2y both count 52 weeks: a tie broken by title.
			want: []string{"never", "2y", "20w", "4w"},
		},
		{
			name: "weighting against time: 8 sung 4 weeks ago (9) below 5 never sung (18)",
			day:  lent2027,
			in: []Candidate{
				{ID: "w8", Title: "A", Weighting: intp(8), Sung: dates("2027-02-07")},
				{ID: "w5", Title: "B", Weighting: intp(5)},
			},
			want: []string{"w5", "w8"},
		},
		{
			name: "held back after everything, even a feast match",
			day:  easter2027,
			in: []Candidate{
				{ID: "held", Title: "A", FeastKeys: []string{"easter_sunday"}, MinIntervalWeeks: intp(6), Sung: dates("2027-03-14")},
				{ID: "none", Title: "B", Weighting: intp(1), Sung: dates("2027-03-21")},
			},
			want: []string{"none", "held"},
		},
		{
			name: "ties by title, case-insensitive, then id",
			day:  lent2027,
			in: []Candidate{
				{ID: "b", Title: "ave maria"},
				{ID: "c", Title: "Benedictus"},
				{ID: "a", Title: "Ave Maria"},
			},
			want: []string{"a", "b", "c"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := order(Rank(c.day, c.in))
			if !slices.Equal(got, c.want) {
				t.Errorf("order %v, want %v", got, c.want)
			}
			// The same input in reverse gives the same order.
			rev := slices.Clone(c.in)
			slices.Reverse(rev)
			if got := order(Rank(c.day, rev)); !slices.Equal(got, c.want) {
				t.Errorf("reversed input: order %v, want %v", got, c.want)
			}
		})
	}
}

func TestRankIntervalBoundary(t *testing.T) {
	t.Parallel()
	cases := []struct {
		sung       string
		heldBack   bool
		wantReason string
	}{
		{"2027-03-14", true, "sung 2 weeks ago, rests 6"},
		{"2027-02-15", true, "sung 5 weeks ago, rests 6"}, // 5 weeks 6 days
		{"2027-02-14", false, "not sung for 6 weeks"},     // exactly 6 weeks
		{"2027-02-13", false, "not sung for 6 weeks"},
		{"2027-03-27", true, "sung 0 weeks ago, rests 6"},
	}
	for _, c := range cases {
		s := Rank(easter2027, []Candidate{{ID: "p", Title: "P", MinIntervalWeeks: intp(6), Sung: dates(c.sung)}})[0]
		if s.HeldBack != c.heldBack || !slices.Contains(s.Reasons, c.wantReason) {
			t.Errorf("sung %s: held back %v, reasons %q; want %v and %q", c.sung, s.HeldBack, s.Reasons, c.heldBack, c.wantReason)
		}
	}
	// A plan on the day itself or later is not "before": it neither rests the piece nor shows.
	s := Rank(easter2027, []Candidate{{ID: "p", Title: "P", MinIntervalWeeks: intp(6), Sung: dates("2027-03-28", "2027-04-04")}})[0]
	if s.HeldBack || len(s.LastSung) != 0 || !slices.Contains(s.Reasons, ReasonNeverSung) {
		t.Errorf("later plans: %+v", s)
	}
	// No minimum interval: never held back.
	s = Rank(easter2027, []Candidate{{ID: "p", Title: "P", Sung: dates("2027-03-21")}})[0]
	if s.HeldBack {
		t.Errorf("without a rest: held back %+v", s)
	}
}

func TestRankReasonsAndLastSung(t *testing.T) {
	t.Parallel()
	got := Rank(easter2027, []Candidate{
		{ID: "f", Title: "F", FeastKeys: []string{"easter_sunday"}, Weighting: intp(8),
			Sung: dates("2026-04-05", "2025-04-20", "2027-03-28", "2026-12-25", "2026-12-25", "2024-03-31")},
		{ID: "s", Title: "S", SeasonKeys: []string{"easter"}},
	})
	f := find(t, got, "f")
	if want := []string{"For Easter Sunday", "not sung for 13 weeks", "weighting 8"}; !slices.Equal(f.Reasons, want) {
		t.Errorf("reasons %q, want %q", f.Reasons, want)
	}
	if want := dates("2026-12-25", "2026-04-05", "2025-04-20"); !slices.Equal(f.LastSung, want) {
		t.Errorf("last sung %v, want %v", f.LastSung, want)
	}
	if f.Match != MatchFeast || f.Score != 8+13.0/4 {
		t.Errorf("match %s score %v", f.Match, f.Score)
	}
	s := find(t, got, "s")
	if want := []string{"Easter season", "never sung"}; !slices.Equal(s.Reasons, want) || s.Match != MatchSeason || s.Score != 5+13 {
		t.Errorf("season piece: %q %s %v", s.Reasons, s.Match, s.Score)
	}
	// The principal feast names the reason when a piece is for several of the day's feasts.
	day := Day{Date: date("2027-03-25"), Feasts: []Named{{"annunciation", "The Annunciation"}, {"thursday_of_holy_week", "Holy Thursday"}}}
	r := Rank(day, []Candidate{{ID: "x", Title: "X", FeastKeys: []string{"thursday_of_holy_week", "annunciation"}}})[0]
	if r.Reasons[0] != "For The Annunciation" {
		t.Errorf("reason %q", r.Reasons[0])
	}
	// A calendar without seasons matches no season.
	r = Rank(Day{Date: date("2027-03-25")}, []Candidate{{ID: "x", Title: "X", SeasonKeys: []string{"lent"}, Tags: []string{""}}})[0]
	if r.Match != MatchNone {
		t.Errorf("match %s without a season", r.Match)
	}
}

func TestRankNewToChoir(t *testing.T) {
	t.Parallel()
	added := date("2027-02-01")
	cases := []struct {
		name      string
		eventType string
		rehearsed []string
		flagged   bool
	}{
		{"never rehearsed", "service", nil, true},
		{"rehearsed in between", "service", []string{"2027-03-10"}, false},
		{"rehearsed the day it was added", "service", []string{"2027-02-01"}, false},
		{"rehearsed before it was added", "service", []string{"2027-01-20"}, true},
		{"rehearsal on the day itself does not count", "service", []string{"2027-03-28"}, true},
		{"rehearsal only after the day", "service", []string{"2027-04-01"}, true},
		{"the plan is a rehearsal", "rehearsal", nil, false},
	}
	for _, c := range cases {
		day := easter2027
		day.EventType = c.eventType
		s := Rank(day, []Candidate{{ID: "n", Title: "N", NewToChoir: true, Created: added, Rehearsed: dates(c.rehearsed...)}})[0]
		if s.NeedsRehearsal != c.flagged || slices.Contains(s.Reasons, ReasonNotRehearsed) != c.flagged {
			t.Errorf("%s: needs rehearsal %v, reasons %q; want %v", c.name, s.NeedsRehearsal, s.Reasons, c.flagged)
		}
	}
	s := Rank(easter2027, []Candidate{{ID: "o", Title: "O", Created: added}})[0]
	if s.NeedsRehearsal {
		t.Error("a piece not new to the choir needs rehearsal")
	}
}

// BenchmarkRank ranks a library of 2,000 pieces against ten years of
// weekly history: "plans" is a choir's real shape (520 weekly plans of six
// pieces spread over the library), "every piece weekly" the worst case
// (each piece in every one of the 520 weeks: a million dates).
func BenchmarkRank(b *testing.B) {
	start := date("2017-03-05")
	library := func(history func(i int, c *Candidate)) []Candidate {
		cands := make([]Candidate, 2000)
		for i := range cands {
			c := Candidate{ID: fmt.Sprintf("m%04d", i), Title: fmt.Sprintf("Piece %d", i%700), Weighting: intp(1 + i%10),
				MinIntervalWeeks: intp(i % 8), Created: start, NewToChoir: i%40 == 0, Tags: []string{"Easter", "Communion"}}
			if i%50 == 0 {
				c.FeastKeys = []string{"easter_sunday"}
			}
			cands[i] = c
		}
		for i := range cands {
			history(i, &cands[i])
		}
		return cands
	}
	plans := library(func(int, *Candidate) {})
	for w := 0; w < 520; w++ {
		for k := 0; k < 6; k++ {
			c := &plans[(w*37+k*331)%len(plans)]
			c.Sung = append(c.Sung, start.AddDays(7*w))
			if k == 0 {
				c.Rehearsed = append(c.Rehearsed, start.AddDays(7*w-3))
			}
		}
	}
	weekly := library(func(i int, c *Candidate) {
		for w := 0; w < 520; w++ {
			c.Sung = append(c.Sung, start.AddDays(7*w+i%7))
		}
	})
	for name, cands := range map[string][]Candidate{"plans": plans, "every piece weekly": weekly} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				Rank(easter2027, cands)
			}
		})
	}
}
