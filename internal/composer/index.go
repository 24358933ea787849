package composer

import (
	"cmp"
	"math"
	"slices"
	"sync"
)

// Index is a choir's composers prepared for resolving many names, as a CSV
// import does: each name is prepared once, and a typed name is scored only
// against the composers that could reach 0.7 — those sharing its comparison
// form, those sharing its surname, and, for the edit distance, those sharing
// enough of its letter pairs — rather than against every composer. It
// answers exactly what Resolve and Reuse answer over the same list.
//
// An Index is not safe for use by several goroutines at once.
type Index struct {
	cs        []Candidate
	names     [][]nameForm
	byNorm    map[string][]int32 // comparison form → candidates
	bySurname map[string][]int32 // surname → candidates
	// entries are the names short enough for the edit distance; grams
	// lists, for each pair of letters, the entries holding it and how often.
	entries []entry
	grams   map[uint64][]posting
	// Scratch space of one look-up.
	common   []int32
	touched  []int32
	seen     []uint32 // candidates taken, marked with stamp
	priority []int32  // candidates' letter pairs in common, + 1; 0 for none
	stamp    uint32
}

type entry struct {
	candidate int32
	length    int32
}

type posting struct {
	entry int32
	count int32
}

// NewIndex prepares a choir's composers.
func NewIndex(cs []Candidate) *Index {
	ix := &Index{cs: cs, names: make([][]nameForm, len(cs)), byNorm: map[string][]int32{}, bySurname: map[string][]int32{},
		grams: map[uint64][]posting{}, seen: make([]uint32, len(cs)), priority: make([]int32, len(cs))}
	for i, c := range cs {
		at := int32(i)
		for _, n := range []struct {
			s    string
			role int
		}{{c.Name, roleName}, {c.CanonicalName, roleCanonical}} {
			if n.s != "" {
				ix.names[i] = append(ix.names[i], nameForm{newForm(n.s), n.role})
			}
		}
		for _, a := range c.Aliases {
			if a != "" {
				ix.names[i] = append(ix.names[i], nameForm{newForm(a), roleAlias})
			}
		}
		for _, n := range ix.names[i] {
			f := n.f
			if f.raw == "" {
				continue
			}
			ix.byNorm[f.norm] = appendOnce(ix.byNorm[f.norm], at)
			if f.surname >= 0 {
				w := f.words[f.surname]
				ix.bySurname[w] = appendOnce(ix.bySurname[w], at)
			}
			if f.length <= maxFuzzy {
				e := int32(len(ix.entries))
				ix.entries = append(ix.entries, entry{candidate: at, length: int32(f.length)})
				for _, g := range bigrams(f.norm) {
					ix.grams[g.key] = append(ix.grams[g.key], posting{entry: e, count: g.count})
				}
			}
		}
	}
	ix.common = make([]int32, len(ix.entries))
	return ix
}

func appendOnce(s []int32, i int32) []int32 {
	if len(s) > 0 && s[len(s)-1] == i {
		return s
	}
	return append(s, i)
}

// gram is a pair of consecutive letters and how often a name holds it.
type gram struct {
	key   uint64
	count int32
}

// bigrams counts the pairs of consecutive letters of s, in key order.
func bigrams(s string) []gram {
	var keys []uint64
	var prev rune = -1
	for _, r := range s {
		if prev >= 0 {
			keys = append(keys, uint64(prev)<<32|uint64(r))
		}
		prev = r
	}
	slices.Sort(keys)
	var out []gram
	for _, k := range keys {
		if n := len(out); n > 0 && out[n-1].key == k {
			out[n-1].count++
		} else {
			out = append(out, gram{k, 1})
		}
	}
	return out
}

// Resolve is Resolve(input, the index's composers), without the famous
// suggestions (FamousSuggestions is empty).
func (ix *Index) Resolve(input string) Resolution {
	return resolve(input, ix)
}

// Reuse is Reuse(input, the index's composers).
func (ix *Index) Reuse(input string) (Candidate, bool) {
	return reuse(ix.Resolve(input))
}

// scored scores the candidates that could reach floor, in the list's order.
func (ix *Index) scored(ins []*form, floor float64) []Match {
	var ms []Match
	for _, i := range ix.candidates(ins) {
		if s, k := scoreNames(ins, ix.names[i], floor); s > 0 {
			ms = append(ms, Match{Candidate: ix.cs[i], Score: s, Kind: k})
		}
	}
	return ms
}

// Bounds of one look-up, so that no choir's composers, however alike, make a
// name cost more than a few dozen comparisons.
const (
	// maxLiteral candidates of the same comparison form, maxSurname of the
	// same surname and maxAlike others are scored at most.
	maxLiteral = 32
	maxSurname = 32
	maxAlike   = 32
	// gramBudget is how many letter-pair postings are read at most.
	gramBudget = 2500
)

// candidates are those that may score 0.7 or more against any of ins, in
// the list's order: any pair scoring so has the same comparison form (the
// literal kinds), the same surname (abbreviation and surname), or an edit
// distance within 30 % of the longer name — and then, since each edit
// spoils at most two letter pairs, shares at least n − 1 − 2·distance of
// its letter pairs (n the longer length). Only where more than maxLiteral
// composers share the comparison form, more than maxSurname the surname or
// more than maxAlike pass the letter pairs, or counting the letter pairs
// would read more than gramBudget postings (thousands of composers alike),
// are the candidates cut to those with most letter pairs in common: a
// candidate left out can only fail to match, never match wrongly.
func (ix *Index) candidates(ins []*form) []int32 {
	var out []int32
	for _, in := range ins {
		out = append(out, ix.candidatesOf(in)...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (ix *Index) candidatesOf(in *form) []int32 {
	if in.raw == "" {
		return nil
	}
	ix.stamp++
	if ix.stamp == 0 { // wrapped: start the marks afresh
		clear(ix.seen)
		ix.stamp = 1
	}
	var literal []int32
	for _, i := range ix.byNorm[in.norm] {
		if len(literal) < maxLiteral {
			ix.seen[i] = ix.stamp
			literal = append(literal, i)
		}
	}
	// Letter pairs in common with each name, the rarest pairs first.
	ix.touched = ix.touched[:0]
	complete := true
	if in.length <= maxFuzzy {
		type list struct {
			count int32
			ps    []posting
		}
		var lists []list
		for _, g := range bigrams(in.norm) {
			if ps := ix.grams[g.key]; len(ps) > 0 {
				lists = append(lists, list{g.count, ps})
			}
		}
		// Stable: among lists as long, the letter pairs' order decides.
		slices.SortStableFunc(lists, func(a, b list) int { return cmp.Compare(len(a.ps), len(b.ps)) })
		read := 0
		for _, l := range lists {
			ps := l.ps
			if read+len(ps) > gramBudget {
				complete = false
				ps = ps[:max(0, gramBudget-read)]
			}
			read += len(ps)
			for _, p := range ps {
				if ix.common[p.entry] == 0 {
					ix.touched = append(ix.touched, p.entry)
				}
				ix.common[p.entry] += min(l.count, p.count)
			}
			if !complete {
				break
			}
		}
	}
	// A candidate's priority is the most letter pairs one of its names
	// shares with in; those of the same surname always qualify, others only
	// when they share enough.
	var surname, alike []int32
	for _, e := range ix.touched {
		c := ix.entries[e].candidate
		n := max(in.length, int(ix.entries[e].length))
		limit := int(math.Floor((1-minScore)*float64(n) + 1e-9))
		if !complete || int(ix.common[e]) >= n-1-2*limit {
			if ix.priority[c] == 0 && ix.seen[c] != ix.stamp {
				alike = append(alike, c)
			}
			ix.priority[c] = max(ix.priority[c], ix.common[e]+1)
		}
		ix.common[e] = 0
	}
	if in.surname >= 0 {
		for _, i := range ix.bySurname[in.words[in.surname]] {
			if ix.seen[i] != ix.stamp {
				ix.seen[i] = ix.stamp
				surname = append(surname, i)
			}
		}
	}
	alike = slices.DeleteFunc(alike, func(i int32) bool { return ix.seen[i] == ix.stamp })
	out := append(append(literal, ix.best(surname, maxSurname)...), ix.best(alike, maxAlike)...)
	for _, e := range ix.touched {
		ix.priority[ix.entries[e].candidate] = 0
	}
	return out
}

// best keeps the n candidates of cs with the highest priority, the first in
// cs among equals. Priorities are small (the
// letter pairs of a name of at most maxFuzzy letters), so they are counted
// rather than sorted.
func (ix *Index) best(cs []int32, n int) []int32 {
	if len(cs) <= n {
		return cs
	}
	var count [maxFuzzy + 2]int
	for _, c := range cs {
		count[ix.priority[c]]++
	}
	cut, above := len(count)-1, 0 // keep all above cut, and some at cut
	for ; cut > 0 && above+count[cut] < n; cut-- {
		above += count[cut]
	}
	atCut := n - above
	out := cs[:0]
	for _, c := range cs {
		switch p := ix.priority[c]; {
		case int(p) > cut:
			out = append(out, c)
		case int(p) == cut && atCut > 0:
			out = append(out, c)
			atCut--
		}
	}
	return out
}

// famousIndex is the famous list prepared once, for LookupFamous.
var famousIndex = sync.OnceValue(func() *famousLookup {
	cs := make([]Candidate, len(famous))
	for i, f := range famous {
		cs[i] = f.candidate()
	}
	return &famousLookup{ix: NewIndex(cs)}
})

// famousLookup guards the famous index, which many requests share.
type famousLookup struct {
	sync.Mutex
	ix *Index
}
