// Package composer recognises a composer however the name was written
// (calendar document §3 Composer, §9 composer scores and thresholds).
//
// Every name is first brought to its comparison form (Normalise): accents
// folded, "Last, First" reordered, dots and initials unified. A typed name is
// then scored against each of a composer's name, canonical name and aliases,
// and the best score counts:
//
//   - exact 1.0: the very string of the name (or of the canonical name,
//     reported as canonical);
//   - canonical 1.0: the canonical name, or the name or canonical name after
//     folding accents, reordering and unifying punctuation, with the same
//     case (Dvorak = Dvořák, "Bach, Johann Sebastian" = Johann Sebastian Bach);
//   - case 0.95: equal once case is ignored too (johann sebastian bach);
//   - alias 0.95: one of the aliases, in any of those forms;
//   - abbreviation 0.9: the same surname, and the given names written as
//     initials that agree with the other name's given names, every given name
//     accounted for (J.S. Bach, "Bach, J. S.", JS Bach = Johann Sebastian Bach;
//     J.C. Bach is not);
//   - surname 0.7 + 0.18 × (words in common ÷ words of the longer name): the
//     same surname of more than 3 letters, and at least 70 % of the shorter
//     name's words found in the other, in order (a given name and its initial
//     count as common). So a bare surname ("Bach" for Johann Sebastian Bach,
//     0.76) stays below 0.8 and is never more than a suggestion;
//   - fuzzy: the Levenshtein similarity of the comparison forms, when at
//     least 0.7 (Whittaker for Whitacre, 0.71), except between a bare surname
//     and a name with the same surname, which only the surname rule scores.
//
// Two names with the same surname but less than 70 % of their words in common
// name different people of one family (J.C. and J.S. Bach, Michael and Joseph
// Haydn, Johann Strauss I and II): they score 0, whatever their spelling's
// similarity. And when a composer's names with given names all say it is
// another person of the family, the composer scores 0 altogether: a short
// form it also carries (the canonical name "Haydn", the alias "Bach") cannot
// make Michael Haydn match Joseph Haydn.
//
// Resolve turns the scores into one of four recommendations, applying these
// rules in order, the first that applies deciding:
//
//  1. one candidate scores 0.95 or more, more than any other: auto_match, the
//     confidence is its score (two at the same top score: manual_select);
//  2. the name is on the famous list (LookupFamous, 0.85 or more) and an
//     existing composer matches that famous composer (its name, canonical name
//     or an alias) at 0.85 or more: auto_match with confidence 0.95; that
//     composer is reported first, as an alias match of 0.95. An existing
//     composer whose own name is another famous composer is never joined so
//     (John Taverner is close to John Tavener, and someone else);
//  3. exactly one candidate scores 0.8 or more: confirm_match, confidence its
//     score;
//  4. two or more candidates score 0.7 or more: manual_select, confidence the
//     best score;
//  5. otherwise create_new: confidence 0.9 when nothing matches and the name
//     is famous, 0.5 when nothing matches and it is not, 0.3 when one weak
//     candidate (0.7 to 0.8) matches, which is still shown as a suggestion.
//
// Anything below auto_match is a suggestion the person confirms; nothing here
// merges composers by itself. Reuse, used when a piece is saved, takes the
// best candidate at 0.7 or more (the famous rule included) and otherwise
// says to create a new composer.
package composer

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Candidate is an existing composer of a choir.
type Candidate struct {
	ID, Name, CanonicalName string
	Aliases                 []string
}

// Kind is how a name matched; the strings are the API's ComposerMatch.kind.
type Kind string

const (
	KindExact        Kind = "exact"
	KindCanonical    Kind = "canonical"
	KindCase         Kind = "case"
	KindAlias        Kind = "alias"
	KindAbbreviation Kind = "abbreviation"
	KindSurname      Kind = "surname"
	KindFuzzy        Kind = "fuzzy"
)

// Match is a candidate with its score against a typed name.
type Match struct {
	Candidate Candidate
	Score     float64
	Kind      Kind
}

// Recommendation is what Resolve advises; the strings are the API's.
type Recommendation string

const (
	AutoMatch    Recommendation = "auto_match"
	ConfirmMatch Recommendation = "confirm_match"
	ManualSelect Recommendation = "manual_select"
	CreateNew    Recommendation = "create_new"
)

// Resolution is Resolve's answer.
type Resolution struct {
	Recommendation Recommendation
	Confidence     float64
	// Matches are the candidates at 0.7 or more, best first.
	Matches []Match
	// Famous is the famous composer the name stands for, if any.
	Famous *Famous
	// FamousSuggestions are up to 5 famous composers the name may mean.
	FamousSuggestions []Famous
}

// Thresholds of §9.
const (
	minScore     = 0.7
	autoScore    = 0.95
	confirmScore = 0.8
	famousScore  = 0.85
	famousLimit  = 5
)

// Score returns the best score of input against one candidate (name,
// canonical name, aliases), 0 and "" when below 0.7.
func Score(input string, c Candidate) (float64, Kind) {
	return scoreCandidate([]*form{newForm(input)}, c, minScore)
}

// Matches returns the candidates scoring 0.7 or more, best first, ties broken
// by name then ID, at most limit of them (limit <= 0: all).
func Matches(input string, cs []Candidate, limit int) []Match {
	ms := list(cs).scored([]*form{newForm(input)}, minScore)
	sortMatches(ms)
	if limit > 0 && len(ms) > limit {
		ms = ms[:limit]
	}
	return ms
}

// pool is a choir's composers, as a plain list or as an Index.
type pool interface {
	// scored returns the candidates scoring at least floor against ins
	// (which all name one person), in the pool's order.
	scored(ins []*form, floor float64) []Match
}

type list []Candidate

func (l list) scored(ins []*form, floor float64) []Match {
	var ms []Match
	for _, c := range l {
		if s, k := scoreCandidate(ins, c, floor); s > 0 {
			ms = append(ms, Match{Candidate: c, Score: s, Kind: k})
		}
	}
	return ms
}

func sortMatches(ms []Match) {
	slices.SortStableFunc(ms, func(a, b Match) int {
		if a.Score != b.Score {
			return cmp.Compare(b.Score, a.Score)
		}
		if a.Candidate.Name != b.Candidate.Name {
			return cmp.Compare(a.Candidate.Name, b.Candidate.Name)
		}
		return cmp.Compare(a.Candidate.ID, b.Candidate.ID)
	})
}

// Resolve applies §9's resolution rules (see the package documentation) to
// input against a choir's composers.
func Resolve(input string, cs []Candidate) Resolution {
	r := resolve(input, list(cs))
	r.FamousSuggestions = append(r.FamousSuggestions, SuggestFamous(input, famousLimit)...)
	return r
}

// resolve is Resolve without the famous suggestions.
func resolve(input string, p pool) Resolution {
	ms := p.scored([]*form{newForm(input)}, minScore)
	sortMatches(ms)
	// Empty lists, not nil: the API's lists are required.
	r := Resolution{Matches: append([]Match{}, ms...), FamousSuggestions: []Famous{}}
	ms = r.Matches
	f, _, famous := LookupFamous(input)
	if famous {
		r.Famous = &f
	}
	best := 0.0
	if len(ms) > 0 {
		best = ms[0].Score
	}
	switch {
	case best >= autoScore && (len(ms) == 1 || ms[1].Score < best):
		r.Recommendation, r.Confidence = AutoMatch, best
	case famous && r.bridge(f, p):
		r.Recommendation, r.Confidence = AutoMatch, autoScore
	case best >= confirmScore && (len(ms) == 1 || ms[1].Score < confirmScore):
		r.Recommendation, r.Confidence = ConfirmMatch, best
	case len(ms) >= 2:
		r.Recommendation, r.Confidence = ManualSelect, best
	case len(ms) == 1:
		r.Recommendation, r.Confidence = CreateNew, 0.3
	case famous:
		r.Recommendation, r.Confidence = CreateNew, 0.9
	default:
		r.Recommendation, r.Confidence = CreateNew, 0.5
	}
	return r
}

// bridge finds the existing composer that is famous composer f (the famous
// rule) and puts it first in r.Matches as an alias match of 0.95.
func (r *Resolution) bridge(f Famous, p pool) bool {
	names := append([]string{f.Name, f.CanonicalName}, f.Aliases...)
	ins := make([]*form, len(names))
	for i, n := range names {
		ins[i] = formOf(n)
	}
	var found *Match
	for _, m := range p.scored(ins, famousScore) {
		c := m.Candidate
		// John Taverner is close to John Tavener but is another famous
		// composer: the famous rule joins a name only to its own composer.
		if other, _, ok := LookupFamous(c.Name); ok && other.Name != f.Name {
			continue
		}
		if found == nil || m.Score > found.Score ||
			m.Score == found.Score && (c.Name < found.Candidate.Name || c.Name == found.Candidate.Name && c.ID < found.Candidate.ID) {
			found = &m
		}
	}
	if found == nil {
		return false
	}
	m := Match{Candidate: found.Candidate, Score: autoScore, Kind: KindAlias}
	ms := []Match{m}
	for _, o := range r.Matches {
		if o.Candidate.ID == m.Candidate.ID && o.Candidate.Name == m.Candidate.Name {
			continue
		}
		ms = append(ms, o)
	}
	r.Matches = ms
	return true
}

// Reuse returns the existing composer that a piece's composer text stands
// for: the best match at 0.7 or more, the famous rule included. false means
// a new composer is to be created.
func Reuse(input string, cs []Candidate) (Candidate, bool) {
	return reuse(resolve(input, list(cs)))
}

func reuse(r Resolution) (Candidate, bool) {
	if len(r.Matches) == 0 {
		return Candidate{}, false
	}
	return r.Matches[0].Candidate, true
}

// form is a name prepared for comparison.
type form struct {
	raw     string    // trimmed as typed
	shape   string    // accents, order and punctuation unified, case kept
	norm    string    // shape in lower case: Normalise
	words   []string  // norm's words
	surname int       // index in words of the surname, -1 if none
	length  int       // norm's length in runes
	letters [27]uint8 // how often each of a to z, and anything else, occurs in norm
	present uint32    // which of letters occur at all
}

func newForm(s string) *form {
	f := &form{raw: strings.TrimSpace(s)}
	f.shape = shape(f.raw)
	f.norm = FoldAccents(strings.ToLower(f.shape))
	f.words = strings.Fields(f.norm)
	f.surname = -1
	for i := len(f.words) - 1; i >= 0; i-- {
		if !suffixes[f.words[i]] {
			f.surname = i
			break
		}
	}
	for _, r := range f.norm {
		f.length++
		i := 26
		if r >= 'a' && r <= 'z' {
			i = int(r - 'a')
		}
		if f.letters[i] < 255 {
			f.letters[i]++
		}
		f.present |= 1 << i
	}
	return f
}

const (
	roleName = iota
	roleCanonical
	roleAlias
)

// rank orders kinds of equal score: the more literal first.
var rank = map[Kind]int{KindExact: 0, KindCanonical: 1, KindCase: 2, KindAlias: 3, KindAbbreviation: 4, KindSurname: 5, KindFuzzy: 6, "": 7}

// scoreCandidate is Score with prepared inputs (the best of them counts);
// scores below floor (at least 0.7) count as 0, which lets the edit
// distance give up early.
func scoreCandidate(ins []*form, c Candidate, floor float64) (float64, Kind) {
	var buf [4]nameForm // most composers have a name, a canonical name and an alias or two
	return scoreNames(ins, appendNames(buf[:0], c), floor)
}

// nameForm is one of a candidate's names, prepared, with the part it plays.
type nameForm struct {
	f    *form
	role int
}

// appendNames appends the prepared names of c to ns.
func appendNames(ns []nameForm, c Candidate) []nameForm {
	if c.Name != "" {
		ns = append(ns, nameForm{formOf(c.Name), roleName})
	}
	if c.CanonicalName != "" {
		ns = append(ns, nameForm{formOf(c.CanonicalName), roleCanonical})
	}
	for _, a := range c.Aliases {
		if a != "" {
			ns = append(ns, nameForm{formOf(a), roleAlias})
		}
	}
	return ns
}

// scoreNames scores inputs, which all name one person, against a
// candidate's names. When some of them tell, by the given names or the
// generation, that the candidate is another person of the same family and
// none says it is the same person, the candidate scores 0: a short form it
// also carries ("Haydn", "Bach") cannot make Michael Haydn match Joseph.
func scoreNames(ins []*form, ns []nameForm, floor float64) (float64, Kind) {
	best, kind := 0.0, Kind("")
	agree, conflict := false, false
	for j, n := range ns {
		for _, in := range ins {
			if in.norm != n.f.norm && slices.ContainsFunc(ns[:j], func(m nameForm) bool { return m.f.norm == n.f.norm }) {
				// Scored already: beyond the literal kinds only the
				// comparison form counts ("Bach, J. S." is "J. S. Bach").
				continue
			}
			sc, k, rel := pair(in, n.f, n.role, floor)
			agree = agree || rel == relSame
			conflict = conflict || rel == relOther
			if sc > best || sc == best && sc > 0 && rank[k] < rank[kind] {
				best, kind = sc, k
			}
		}
	}
	if best < floor || conflict && !agree {
		return 0, ""
	}
	return best, kind
}

// forms keeps the prepared forms of the names seen lately: a choir's
// composers come back request after request, and preparing them is most of
// the cost of matching (BenchmarkMatch2000).
var forms = struct {
	sync.RWMutex
	m map[string]*form
}{m: map[string]*form{}}

// maxForms bounds the memory forms may hold: under 1 kB a name (about
// 0.3 kB measured), so a few MB at most.
const maxForms = 20000

func formOf(s string) *form {
	forms.RLock()
	f, ok := forms.m[s]
	forms.RUnlock()
	if ok {
		return f
	}
	f = newForm(s)
	forms.Lock()
	if len(forms.m) >= maxForms {
		clear(forms.m)
	}
	forms.m[s] = f
	forms.Unlock()
	return f
}

// relation is what two names with the same surname say of their people.
type relation int

const (
	relUnknown relation = iota // different surnames, or a bare surname
	relSame                    // the given names agree
	relOther                   // another person of the family
)

// pair scores a typed name against one of a candidate's names, and says
// whether their given names and generations agree.
func pair(a, b *form, role int, floor float64) (float64, Kind, relation) {
	if a.raw == "" || b.raw == "" {
		return 0, "", relUnknown
	}
	sameSurname := a.surname >= 0 && b.surname >= 0 && a.words[a.surname] == b.words[b.surname]
	rel := relUnknown
	if sameSurname && a.surname > 0 && b.surname > 0 {
		rel = relSame
	}
	literal := func(exact bool, s float64, k Kind) (float64, Kind, relation) {
		switch {
		case role == roleAlias:
			return 0.95, KindAlias, rel
		case exact && role == roleName:
			return 1, KindExact, rel
		case exact:
			return 1, KindCanonical, rel
		}
		return s, k, rel
	}
	switch {
	case a.raw == b.raw:
		return literal(true, 0, "")
	case a.shape == b.shape:
		return literal(false, 1, KindCanonical)
	case a.norm == b.norm:
		return literal(false, 0.95, KindCase)
	}
	best, kind := 0.0, Kind("")
	if sameSurname {
		as, bs := a.words[a.surname+1:], b.words[b.surname+1:]
		if len(as) > 0 && len(bs) > 0 && !slices.Equal(as, bs) {
			// Father and son: Johann Strauss I and II.
			return 0, "", relOther
		}
		if abbreviation(a, b) {
			return 0.9, KindAbbreviation, rel
		}
		if len(a.words) > maxWords || len(b.words) > maxWords {
			return 0, "", relUnknown
		}
		common := lcs(a.words, b.words)
		shorter := min(len(a.words), len(b.words))
		if float64(common)/float64(shorter) < 0.7 {
			// Same family, different person: J.C. and J.S. Bach.
			return 0, "", relOther
		}
		if utf8.RuneCountInString(a.words[a.surname]) > 3 {
			longer := max(len(a.words), len(b.words))
			best, kind = round(0.7+0.18*float64(common)/float64(longer)), KindSurname
		}
		if a.surname == 0 || b.surname == 0 {
			// A bare surname says nothing of the given names: the surname
			// rule alone speaks, below 0.8, however long the surname.
			return best, kind, rel
		}
	}
	if s := fuzzy(a, b, floor); s >= floor && s > best {
		best, kind = s, KindFuzzy
	}
	return best, kind, rel
}

// abbreviation tells whether one name writes the other's given names as
// initials: same surname and generation mark, every given name accounted
// for, at least one initial.
func abbreviation(a, b *form) bool {
	if !slices.Equal(a.words[a.surname+1:], b.words[b.surname+1:]) {
		return false
	}
	return initials(a.words[:a.surname], b.words[:b.surname], false)
}

func initials(a, b []string, used bool) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == 0 && len(b) == 0 && used
	}
	x, y := a[0], b[0]
	if x == y {
		return initials(a[1:], b[1:], used)
	}
	if initialOf(x, y) || initialOf(y, x) {
		return initials(a[1:], b[1:], true)
	}
	if n := runOf(x, b); n > 0 {
		return initials(a[1:], b[n:], true)
	}
	if n := runOf(y, a); n > 0 {
		return initials(a[n:], b[1:], true)
	}
	return false
}

// initialOf tells whether x is the initial of the longer word w.
func initialOf(x, w string) bool {
	return utf8.RuneCountInString(x) == 1 && utf8.RuneCountInString(w) > 1 && strings.HasPrefix(w, x)
}

// runOf tells how many of ws the initials written together in x ("js")
// stand for, 0 if they do not.
func runOf(x string, ws []string) int {
	rs := []rune(x)
	if len(rs) < 2 || len(rs) > 4 || len(rs) > len(ws) {
		return 0
	}
	for i, r := range rs {
		first, _ := utf8.DecodeRuneInString(ws[i])
		if first != r {
			return 0
		}
	}
	return len(rs)
}

// lcs counts the words two names have in common, in order; a given name and
// its initial, or two spellings of a long word close enough, count as one.
func lcs(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case same(a[i], b[j]):
				cur[j+1] = prev[j] + 1
			default:
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func same(x, y string) bool {
	if x == y || initialOf(x, y) || initialOf(y, x) {
		return true
	}
	if len(x) < 4 || len(y) < 4 {
		return false
	}
	return similarity([]rune(x), []rune(y), 0.8) >= 0.8
}

// maxFuzzy is beyond any composer's name (the longest of the famous list
// has 40 letters): longer texts get no edit distance, so that nobody can
// make its cost matter, and the distance fits the 64 bits of one word
// (myers). maxWords bounds the words compared one by one likewise.
const (
	maxFuzzy = 64
	maxWords = 32
)

// fuzzy is the similarity of two names, 0 when below floor.
func fuzzy(a, b *form, floor float64) float64 {
	n := max(a.length, b.length)
	if n > maxFuzzy {
		return 0
	}
	allowed := (1-floor)*float64(n) + 1e-9
	if d := a.length - b.length; float64(max(d, -d)) > allowed {
		return 0
	}
	// Letters one name has and the other lacks each cost an edit at least:
	// most names are told apart here, without the edit distance; first by
	// which letters occur, then by how often.
	if float64(max(bits.OnesCount32(a.present&^b.present), bits.OnesCount32(b.present&^a.present))) > allowed {
		return 0
	}
	more, less := 0, 0
	for i := range a.letters {
		d := int(a.letters[i]) - int(b.letters[i])
		if d > 0 {
			more += d
		} else {
			less -= d
		}
	}
	if float64(max(more, less)) > allowed {
		return 0
	}
	var ab, bb [64]rune
	return similarity(appendRunes(ab[:0], a.norm), appendRunes(bb[:0], b.norm), floor)
}

func appendRunes(rs []rune, s string) []rune {
	for _, r := range s {
		rs = append(rs, r)
	}
	return rs
}

// similarity is 1 - Levenshtein distance ÷ length of the longer, rounded;
// 0 when below floor.
func similarity(a, b []rune, floor float64) float64 {
	n := max(len(a), len(b))
	if n == 0 {
		return 1
	}
	// Below the floor the exact figure does not matter: give up once the
	// distance is certain to exceed what the floor allows.
	limit := int(math.Floor((1-floor)*float64(n) + 1e-9))
	if d := len(a) - len(b); d > limit || -d > limit {
		return 0
	}
	var d int
	if len(a) <= 64 && len(b) <= 64 {
		d = myers(a, b)
	} else {
		d = levenshtein(a, b, limit)
	}
	if d > limit {
		return 0
	}
	return round(1 - float64(d)/float64(n))
}

// myers is the edit distance of a and b, of at most 64 letters each, by
// Myers' bit-parallel algorithm (as Hyyrö explains it for the distance
// between whole strings): one column of the table at a time, as the
// vertical differences of its cells packed into two words.
func myers(a, b []rune) int {
	m := len(a)
	if m == 0 {
		return len(b)
	}
	var ascii [128]uint64
	type mask struct {
		r rune
		m uint64
	}
	var others []mask
	for i, r := range a {
		if r < 128 {
			ascii[r] |= 1 << i
			continue
		}
		j := slices.IndexFunc(others, func(o mask) bool { return o.r == r })
		if j < 0 {
			others = append(others, mask{r: r})
			j = len(others) - 1
		}
		others[j].m |= 1 << i
	}
	pv, mv := ^uint64(0), uint64(0)
	last := uint64(1) << (m - 1)
	score := m
	for _, r := range b {
		var eq uint64
		if r < 128 {
			eq = ascii[r]
		} else if j := slices.IndexFunc(others, func(o mask) bool { return o.r == r }); j >= 0 {
			eq = others[j].m
		}
		xv := eq | mv
		xh := (((eq & pv) + pv) ^ pv) | eq
		ph := mv | ^(xh | pv)
		mh := pv & xh
		if ph&last != 0 {
			score++
		} else if mh&last != 0 {
			score--
		}
		ph = ph<<1 | 1
		mh <<= 1
		pv = mh | ^(xv | ph)
		mv = ph & xv
	}
	return score
}

// levenshtein returns the edit distance of a and b, or limit+1 as soon as
// it is certain to exceed limit.
func levenshtein(a, b []rune, limit int) int {
	var buf [2][64]int
	prev, cur := buf[0][:], buf[1][:]
	if len(b) >= len(buf[0]) {
		prev, cur = make([]int, len(b)+1), make([]int, len(b)+1)
	}
	prev, cur = prev[:len(b)+1], cur[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := range a {
		cur[0] = i + 1
		low := cur[0]
		for j := range b {
			cost := 1
			if a[i] == b[j] {
				cost = 0
			}
			cur[j+1] = min(prev[j]+cost, prev[j+1]+1, cur[j]+1)
			low = min(low, cur[j+1])
		}
		if low > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// round keeps four decimals, so that 0.7 + 0.18 × 2/3 is 0.82 and a
// threshold compares as written.
func round(x float64) float64 {
	return math.Round(x*1e4) / 1e4
}
