// Package suggest ranks a choir's pieces for a plan's date (issue 18): the
// pieces for the day's feast first, then those for its season, then the
// rest; within each, the pieces the choir leans on more and has sung less
// lately first; pieces still resting after their last singing after every
// other piece. It is pure: the caller loads the pieces and their history.
package suggest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cantica/cantica/internal/liturgy"
)

// Matches.
const (
	MatchFeast  = "feast"
	MatchSeason = "season"
	MatchNone   = "none"
)

// Reasons in words.
const (
	ReasonNeverSung    = "never sung"
	ReasonNotRehearsed = "not rehearsed since it was added"
)

// rehearsal is the event type of a rehearsal.
const rehearsal = "rehearsal"

const (
	defaultWeighting = 5
	// maxWeeks caps how much time since the last singing can raise a piece;
	// a piece never sung counts as this.
	maxWeeks = 52
)

// Named is a feast or a season of the day.
type Named struct{ Key, Name string }

// Day is what the ranking knows of the plan.
type Day struct {
	Date      liturgy.Date
	Feasts    []Named // principal first
	Season    *Named  // nil for a calendar without seasons
	EventType string
}

// Candidate is one piece with what the ranking reads of it.
type Candidate struct {
	ID, Title, Composer, LibraryNumber string
	Weighting                          *int // 1-10
	MinIntervalWeeks                   *int
	NewToChoir                         bool
	Created                            liturgy.Date
	FeastKeys, SeasonKeys              []string       // the piece's music_liturgy rows
	Tags                               []string       // tag names
	Sung                               []liturgy.Date // every date it was planned for, any order
	Rehearsed                          []liturgy.Date // the dates of rehearsal plans it is in
}

// Suggestion is a ranked piece.
type Suggestion struct {
	Piece          *Candidate
	Match          string
	Reasons        []string
	HeldBack       bool
	NeedsRehearsal bool
	LastSung       []liturgy.Date // up to three, before the day, most recent first
	Score          float64
	title          string // the title in lower case, for ties
}

// Rank orders the candidates for the day. Feast matches come before season
// matches before the rest; a higher score first within a group, where score
// = weighting (5 when unset) + min(weeks since last sung, 52)/4, a piece
// never sung counting 52 weeks; then by title (case-insensitive) and id.
// Pieces held back by their rest come after all the others, ordered the same
// way among themselves.
func Rank(day Day, candidates []Candidate) []Suggestion {
	out := make([]Suggestion, len(candidates))
	for i := range candidates {
		out[i] = judge(day, &candidates[i])
	}
	slices.SortFunc(out, func(a, b Suggestion) int {
		if a.HeldBack != b.HeldBack {
			if a.HeldBack {
				return 1
			}
			return -1
		}
		if ga, gb := group(a.Match), group(b.Match); ga != gb {
			return ga - gb
		}
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		if c := strings.Compare(a.title, b.title); c != 0 {
			return c
		}
		return strings.Compare(a.Piece.ID, b.Piece.ID)
	})
	return out
}

func group(match string) int {
	switch match {
	case MatchFeast:
		return 0
	case MatchSeason:
		return 1
	}
	return 2
}

func judge(day Day, c *Candidate) Suggestion {
	s := Suggestion{Piece: c, Match: MatchNone, Reasons: make([]string, 0, 4), LastSung: make([]liturgy.Date, 0, 3),
		title: strings.ToLower(c.Title)}
	if f, ok := feastMatch(day, c); ok {
		s.Match = MatchFeast
		s.Reasons = append(s.Reasons, "For "+f.Name)
	} else if seasonMatch(day, c) {
		s.Match = MatchSeason
		s.Reasons = append(s.Reasons, day.Season.Name+" season")
	}

	s.LastSung = lastThree(c.Sung, day.Date, s.LastSung)
	weeks := maxWeeks
	if len(s.LastSung) > 0 {
		// Days, not weeks, decide the rest: at exactly M weeks a piece is free.
		days := day.Date.Sub(s.LastSung[0])
		weeks = days / 7
		if c.MinIntervalWeeks != nil && days < *c.MinIntervalWeeks*7 {
			s.HeldBack = true
			s.Reasons = append(s.Reasons, fmt.Sprintf("sung %d %s ago, rests %d", weeks, plural(weeks, "week"), *c.MinIntervalWeeks))
		} else {
			s.Reasons = append(s.Reasons, fmt.Sprintf("not sung for %d %s", weeks, plural(weeks, "week")))
		}
	} else {
		s.Reasons = append(s.Reasons, ReasonNeverSung)
	}
	weighting := defaultWeighting
	if c.Weighting != nil {
		weighting = *c.Weighting
		s.Reasons = append(s.Reasons, fmt.Sprintf("weighting %d", weighting))
	}
	s.Score = float64(weighting) + float64(min(weeks, maxWeeks))/4

	if c.NewToChoir && day.EventType != rehearsal && !rehearsedSince(c, day.Date) {
		s.NeedsRehearsal = true
		s.Reasons = append(s.Reasons, ReasonNotRehearsed)
	}
	return s
}

// lastThree appends to out the three most recent distinct dates before day,
// most recent first, without sorting the whole history.
func lastThree(sung []liturgy.Date, day liturgy.Date, out []liturgy.Date) []liturgy.Date {
	for _, d := range sung {
		if !earlier(d, day) || slices.Contains(out, d) {
			continue
		}
		i := len(out)
		for i > 0 && earlier(out[i-1], d) {
			i--
		}
		if i < 3 {
			out = slices.Insert(out, i, d)
			out = out[:min(3, len(out))]
		}
	}
	return out
}

// feastMatch finds the first of the day's feasts (principal first) the piece
// is assigned, by key, or tagged with, by name.
func feastMatch(day Day, c *Candidate) (Named, bool) {
	for _, f := range day.Feasts {
		if slices.Contains(c.FeastKeys, f.Key) || tagged(c, f.Name) {
			return f, true
		}
	}
	return Named{}, false
}

// seasonMatch: the piece is assigned the season, or tagged with its name or
// its key written as words ("Advent", "ordinary time").
func seasonMatch(day Day, c *Candidate) bool {
	if day.Season == nil {
		return false
	}
	return slices.Contains(c.SeasonKeys, day.Season.Key) || tagged(c, day.Season.Name) ||
		tagged(c, strings.ReplaceAll(day.Season.Key, "_", " "))
}

func tagged(c *Candidate, name string) bool {
	name = strings.TrimSpace(name)
	if name == "" {
		return false
	}
	for _, t := range c.Tags {
		if strings.EqualFold(strings.TrimSpace(t), name) {
			return true
		}
	}
	return false
}

// rehearsedSince: a rehearsal plan holds the piece on or after the day it was
// added (the same day may be its first rehearsal) and before the day.
func rehearsedSince(c *Candidate, day liturgy.Date) bool {
	for _, r := range c.Rehearsed {
		if !earlier(r, c.Created) && earlier(r, day) {
			return true
		}
	}
	return false
}

// earlier is Date.Before on the fields, which a history of a million dates
// feels: the dates the loader makes are always valid ones.
func earlier(a, b liturgy.Date) bool {
	if a.Year != b.Year {
		return a.Year < b.Year
	}
	if a.Month != b.Month {
		return a.Month < b.Month
	}
	return a.Day < b.Day
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
