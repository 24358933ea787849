package liturgy

import (
	"sort"
	"time"
)

// The precedence engine. Every calendar is built the same way: the
// tradition's rules turn a civil year into candidate celebrations (the
// temporal cycle computed from Easter and Christmas, the sanctoral cycle from
// a table), each with a number for its place in the tradition's table of
// precedence. The engine then gives each day to the highest-ranked candidate,
// and hands every impeded candidate to its tradition's transfer rule, or lets
// it go for that year when the tradition does not transfer it.
//
// The numbers mean nothing outside one family of calendars; only their order
// matters. Each family documents its own scale.

// kind says how a candidate shares its day.
type kind uint8

const (
	// office: one celebration per day; the highest precedence wins.
	office kind = iota
	// optional: may share its day with others of its kind (optional
	// memorials), but yields to any office.
	optional
	// beside: an observance kept beside whatever is celebrated (a fast, an
	// Ember or Rogation day, a civil holiday); it never competes.
	beside
	// blocking: kept beside like beside, but also impedes lesser
	// celebrations on its day (Ember days of the 1962 Missal, II class).
	blocking
)

// cand is a celebration the rules propose for a date.
type cand struct {
	date                 Date
	key, name, rank, typ string
	prec                 int
	kind                 kind
	move                 mover // nil: not transferred when impeded
	orig                 Date  // the date before a transfer
	moved                bool
}

// mover finds the date an impeded celebration is transferred to.
type mover func(s *state, c *cand) (Date, bool)

// rules are the parts of a family's precedence that are not per candidate.
type rules struct {
	// floor is the precedence of the day itself where the rules give it one
	// without listing it (a weekday of Lent, the Christmas octave): lesser
	// celebrations do not displace it. Nil means every plain weekday is 0.
	floor func(d Date) int
	// freeBelow: a day can receive a transferred celebration when nothing on
	// it, its floor included, has this precedence or more.
	freeBelow int
	// commemorate decides what becomes of a celebration impeded only by the
	// floor of a privileged weekday: kept with another rank, or dropped.
	commemorate func(c *cand, floor int) (rank string, ok bool)
	// equalShare decides whether two offices of equal precedence on one day
	// both become optional (two obligatory memorials since 1969).
	equalShare func(p int) (rank string, ok bool)
	// byDate transfers impeded celebrations in the order of their dates
	// rather than of their precedence (the 1979 Prayer Book).
	byDate bool
}

type slot struct {
	office *cand
	shared []*cand
	block  int
	moved  bool
}

type state struct {
	r     *rules
	slots map[Date]*slot
}

func (s *state) slot(d Date) *slot {
	sl := s.slots[d]
	if sl == nil {
		sl = &slot{}
		s.slots[d] = sl
	}
	return sl
}

func (s *state) floor(d Date) int {
	if s.r.floor == nil {
		return 0
	}
	return s.r.floor(d)
}

// resolve applies the precedence rules to the candidates and returns the
// celebrations kept, transferred ones at their new dates.
func resolve(cs []*cand, r *rules) []*cand {
	s := &state{r: r, slots: make(map[Date]*slot, 400)}
	var kept, comp []*cand
	for _, c := range cs {
		switch c.kind {
		case beside:
			kept = append(kept, c)
		case blocking:
			kept = append(kept, c)
			if sl := s.slot(c.date); c.prec > sl.block {
				sl.block = c.prec
			}
		default:
			comp = append(comp, c)
		}
	}
	sort.SliceStable(comp, func(i, j int) bool {
		if comp[i].prec != comp[j].prec {
			return comp[i].prec > comp[j].prec
		}
		return comp[i].date.Before(comp[j].date)
	})
	var impeded []*cand
	for _, c := range comp {
		if !s.place(c) {
			impeded = append(impeded, c)
		}
	}
	if r.byDate {
		sort.SliceStable(impeded, func(i, j int) bool { return impeded[i].date.Before(impeded[j].date) })
	}
	for _, c := range impeded {
		if c.move == nil {
			continue
		}
		if d, ok := c.move(s, c); ok {
			sl := s.slot(d)
			sl.office, sl.shared, sl.moved = c, nil, true
			if d != c.date {
				c.orig, c.date, c.moved = c.date, d, true
			}
		}
	}
	for _, sl := range s.slots {
		if sl.office != nil {
			kept = append(kept, sl.office)
		}
		kept = append(kept, sl.shared...)
	}
	return kept
}

// place puts c on its own date if the rules allow it there.
func (s *state) place(c *cand) bool {
	sl := s.slot(c.date)
	if o := sl.office; o != nil {
		if o.prec == c.prec && c.kind == office && o.kind == office && s.r.equalShare != nil {
			if rank, ok := s.r.equalShare(c.prec); ok {
				o.rank, c.rank = rank, rank
				o.kind, c.kind = optional, optional
				sl.shared = append(sl.shared, o, c)
				sl.office = nil
				return true
			}
		}
		return false
	}
	if fl := max(s.floor(c.date), sl.block); fl >= c.prec {
		if s.r.commemorate != nil {
			if rank, ok := s.r.commemorate(c, fl); ok {
				c.rank, c.kind = rank, optional
				sl.shared = append(sl.shared, c)
				return true
			}
		}
		return false
	}
	if c.kind == optional {
		sl.shared = append(sl.shared, c)
		return true
	}
	// Anything already shared on the day was placed earlier, so it has at
	// least this precedence only if it was an office demoted by equalShare;
	// it stays beside.
	sl.office = c
	return true
}

// free reports whether d can receive a transferred celebration.
func (s *state) free(d Date) bool {
	sl := s.slots[d]
	lim := s.r.freeBelow
	if s.floor(d) >= lim {
		return false
	}
	if sl == nil {
		return true
	}
	return !sl.moved && sl.block < lim && (sl.office == nil || sl.office.prec < lim)
}

// nextFree returns the first free day on or after d.
func (s *state) nextFree(d Date) Date {
	for i := 0; i < 120 && !s.free(d); i++ {
		d = d.AddDays(1)
	}
	return d
}

// prevFree returns the last free day on or before d.
func (s *state) prevFree(d Date) Date {
	for i := 0; i < 120 && !s.free(d); i++ {
		d = d.AddDays(-1)
	}
	return d
}

// nearestFree returns the free day nearest to d, the later one on a tie.
func (s *state) nearestFree(d Date) Date {
	for i := 1; i < 120; i++ {
		if a := d.AddDays(i); s.free(a) {
			return a
		}
		if b := d.AddDays(-i); s.free(b) {
			return b
		}
	}
	return d
}

// nextTransfer is the mover of calendars that transfer an impeded
// celebration to the first free day after its own.
func nextTransfer(s *state, c *cand) (Date, bool) { return s.nextFree(c.date.AddDays(1)), true }

// isSunday reports whether d is a Sunday.
func isSunday(d Date) bool { return d.Weekday() == time.Sunday }
