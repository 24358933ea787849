package liturgy

import "time"

// The post-1969 Roman calendars: the General Roman Calendar and the national
// calendars built on it. Precedence follows the Table of Liturgical Days of
// the Universal Norms on the Liturgical Year and the Calendar (UNLY 59); the
// scale below keeps its order, with the Lord before Our Lady before the
// saints inside one line of the table:
//
//	1000 Easter Sunday           995 the Triduum
//	 985 Christmas, Epiphany, Ascension, Pentecost
//	 980 Sundays of Advent, Lent and Easter; Ash Wednesday; Holy Week; the Easter octave
//	 970 solemnities of the General Calendar (+2 of the Lord, +1 of Our Lady); 969 All Souls
//	 960 proper solemnities      950 feasts of the Lord
//	 940 Sundays of Christmas and Ordinary Time
//	 930 feasts of the General Calendar; 920 proper feasts
//	 910 weekdays of Lent, 17-24 December and the Christmas octave (never listed)
//	 900 obligatory memorials; 890 proper ones; 880 optional memorials

// fixed is one row of a sanctoral table.
type fixed struct {
	m    time.Month
	d    int
	key  string
	name string
	rank string
	typ  string
	prec int  // 0: derived from rank and type by the family's rules
	drop bool // in an overlay: the national calendar does not keep it
}

// romanConfig is what a national calendar changes in the General Calendar.
type romanConfig struct {
	// epiphany returns the date of the Epiphany in the civil year.
	epiphany func(year int) Date
	// ascensionSunday and corpusSundays move those solemnities to Sunday.
	ascensionSunday, corpusSunday bool
	// overlay adds to, replaces in (by key) or drops from the General
	// Calendar's sanctoral table.
	overlay []fixed
	// moveToSunday lists the holy days kept on the Sunday when they fall on a
	// Saturday or a Monday (England and Wales).
	moveToSunday map[string]bool
}

var general = &romanConfig{epiphany: epiphanyJan6}

func epiphanyJan6(y int) Date { return Date{y, time.January, 6} }

// epiphanySunday: the Sunday between 2 and 8 January (UNLY 7).
func epiphanySunday(y int) Date { return sundayOnOrAfter(Date{y, time.January, 2}) }

// epiphanyAdjacentSunday: 6 January, or the adjacent Sunday when it falls on
// a Saturday or a Monday (England and Wales since Advent 2017).
func epiphanyAdjacentSunday(y int) Date {
	d := Date{y, time.January, 6}
	switch d.Weekday() {
	case time.Saturday:
		return d.AddDays(1)
	case time.Monday:
		return d.AddDays(-1)
	}
	return d
}

const (
	rSolemnity = "solemnity"
	rFeast     = "feast"
	rMemorial  = "memorial"
	rOptional  = "optional_memorial"
	rCommem    = "commemoration"
	rSunday    = "sunday"
	rTriduum   = "triduum"
	rPrivWeek  = "privileged_weekday"
)

var rulesModern = &rules{
	floor:     floorModern,
	freeBelow: 920, // UNLY 60: not a day in nos. 1-8 of the table
	commemorate: func(c *cand, floor int) (string, bool) {
		// UNLY 14: on the weekdays of Lent, 17-24 December and the Christmas
		// octave a memorial may only be made as a commemoration.
		if floor == 910 && c.prec <= 900 {
			return rCommem, true
		}
		return "", false
	},
	equalShare: func(p int) (string, bool) {
		// Two obligatory memorials on one day (the Immaculate Heart with a
		// saint) are both optional that year.
		if p == 900 {
			return rOptional, true
		}
		return "", false
	},
}

func floorModern(d Date) int {
	if d.Month == time.December && d.Day >= 17 && d.Day != 25 {
		return 910
	}
	e := WesternEaster(d.Year)
	if d.After(e.AddDays(-46)) && d.Before(e.AddDays(-7)) && !isSunday(d) {
		return 910
	}
	return 0
}

// romanModern returns the builder of a post-1969 calendar.
func romanModern(cfg *romanConfig) func(int) []*cand {
	table := mergeFixed(generalRoman, cfg.overlay)
	proper := map[string]bool{}
	for _, f := range cfg.overlay {
		proper[f.key] = true
	}
	return func(y int) []*cand {
		cs := temporalModern(y, cfg)
		e := WesternEaster(y)
		move := moveModern(e)
		var allSaints Date
		for _, f := range table {
			d := Date{y, f.m, f.d}
			if cfg.moveToSunday[f.key] {
				switch d.Weekday() {
				case time.Saturday:
					d = d.AddDays(1)
				case time.Monday:
					d = d.AddDays(-1)
				}
			}
			if f.key == "all_saints" {
				allSaints = d
			}
			if f.key == "all_souls" && allSaints == (Date{y, time.November, 2}) {
				d = d.AddDays(1) // All Saints kept on Sunday 2 November
			}
			c := newCand(d, f.key, f.name, f.rank, f.typ, precModern(f, proper[f.key]))
			switch f.rank {
			case rSolemnity:
				c.move = move
			case rOptional:
				c.kind = optional
			}
			cs = append(cs, c)
		}
		return cs
	}
}

func precModern(f fixed, proper bool) int {
	if f.prec != 0 {
		return f.prec
	}
	switch f.rank {
	case rSolemnity:
		p := 970
		if proper {
			p = 960
		}
		switch f.typ {
		case tLord:
			p += 2
		case tMarian:
			p++
		}
		return p
	case rFeast:
		switch {
		case f.typ == tLord || f.typ == tDedication:
			return 950
		case proper:
			return 920
		}
		return 930
	case rMemorial:
		if proper {
			return 890
		}
		return 900
	}
	return 880
}

// moveModern transfers an impeded solemnity (UNLY 5 and 60, and the
// Congregation for Divine Worship's notifications):
//   - the Annunciation, and St George where he is a solemnity, when impeded
//     between Palm Sunday and the Second Sunday of Easter go to the first free
//     day after that Sunday;
//   - any other solemnity in Holy Week goes to the nearest free day before
//     Palm Sunday (St Joseph to the Saturday, as in 2008 and 2035);
//   - a solemnity in the Easter octave goes to the first free day after it;
//   - a solemnity on a Sunday of Advent, Lent or Easter goes to the Monday
//     (the Immaculate Conception to 9 December);
//   - otherwise the nearest free day, the later on a tie — except the
//     Nativity of St John the Baptist impeded by the Sacred Heart, which the
//     Congregation anticipated to 23 June (2022).
func moveModern(e Date) mover {
	palm, octave := e.AddDays(-7), e.AddDays(7)
	return func(s *state, c *cand) (Date, bool) {
		d := c.date
		inHolyWeek := !d.Before(palm) && d.Before(e)
		inOctave := !d.Before(e) && !d.After(octave)
		switch {
		case (c.key == "annunciation" || c.key == "st_george") && (inHolyWeek || inOctave):
			return s.nextFree(octave.AddDays(1)), true
		case inHolyWeek:
			return s.prevFree(palm.AddDays(-1)), true
		case inOctave:
			return s.nextFree(octave.AddDays(1)), true
		case isSunday(d):
			return s.nextFree(d.AddDays(1)), true
		}
		if o := s.slot(d).office; c.key == "nativity_of_john_the_baptist" && o != nil && o.key == "sacred_heart" {
			return s.prevFree(d.AddDays(-1)), true
		}
		return s.nearestFree(d), true
	}
}

// temporalModern builds the Proper of Time of the civil year.
func temporalModern(y int, cfg *romanConfig) []*cand {
	e := WesternEaster(y)
	at := func(n int) Date { return e.AddDays(n) }
	a1 := advent1(y)
	ep := cfg.epiphany(y)
	var cs []*cand
	add := func(d Date, key, name, rank, typ string, p int) *cand {
		c := newCand(d, key, name, rank, typ, p)
		cs = append(cs, c)
		return c
	}

	// Christmas Time, from the previous Advent.
	if s := sundayOnOrAfter(Date{y, time.January, 2}); s.Day <= 5 && s.Before(ep) {
		add(s, "second_sunday_after_christmas", "Second Sunday after the Nativity", rSunday, tSunday, 940)
	}
	add(ep, "epiphany", "The Epiphany of the Lord", rSolemnity, tLord, 985)
	bap := sundayAfter(ep)
	if isSunday(ep) {
		bap = ep.AddDays(7)
		if ep.Day >= 7 {
			bap = ep.AddDays(1) // UNLY 38: Epiphany on 7 or 8 January
		}
	}
	add(bap, "baptism_of_the_lord", "The Baptism of the Lord", rFeast, tLord, 950)

	// Ordinary Time before Lent: the Sunday after the Baptism is the Second.
	ash := at(-46)
	n := 2
	for d := sundayAfter(bap); d.Before(ash); d = d.AddDays(7) {
		k, nm := numbered(n, "sunday_in_ordinary_time", "Sunday in Ordinary Time")
		add(d, k, nm, rSunday, tSunday, 940)
		n++
	}

	// Lent and Holy Week.
	add(ash, "ash_wednesday", "Ash Wednesday", rPrivWeek, tFast, 980)
	for i := 1; i <= 5; i++ {
		k, nm := numbered(i, "sunday_of_lent", "Sunday of Lent")
		add(at(-49+7*i), k, nm, rSunday, tSunday, 980)
	}
	add(at(-7), "palm_sunday", "Palm Sunday of the Passion of the Lord", rSunday, tSunday, 980)
	add(at(-6), "monday_of_holy_week", "Monday of Holy Week", rPrivWeek, tSeason, 980)
	add(at(-5), "tuesday_of_holy_week", "Tuesday of Holy Week", rPrivWeek, tSeason, 980)
	add(at(-4), "wednesday_of_holy_week", "Wednesday of Holy Week", rPrivWeek, tSeason, 980)
	add(at(-3), "holy_thursday", "Thursday of the Lord's Supper (Holy Thursday)", rTriduum, tLord, 995)
	add(at(-2), "good_friday", "Friday of the Passion of the Lord (Good Friday)", rTriduum, tLord, 995)
	add(at(-1), "holy_saturday", "Holy Saturday (Easter Vigil)", rTriduum, tLord, 995)

	// Easter Time.
	add(e, "easter_sunday", "Easter Sunday of the Resurrection of the Lord", rSolemnity, tLord, 1000)
	for i, wd := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday"} {
		add(at(i+1), "easter_"+wd, "Easter "+titleWord(wd)+" (Octave of Easter)", rSolemnity, tLord, 980)
	}
	add(at(7), "second_sunday_of_easter", "Second Sunday of Easter (Divine Mercy Sunday)", rSunday, tSunday, 980)
	for i := 3; i <= 7; i++ {
		k, nm := numbered(i, "sunday_of_easter", "Sunday of Easter")
		add(at(7*i-7), k, nm, rSunday, tSunday, 980)
	}
	asc := at(39)
	if cfg.ascensionSunday {
		asc = at(42)
	}
	add(asc, "ascension", "The Ascension of the Lord", rSolemnity, tLord, 985)
	add(at(49), "pentecost", "Pentecost Sunday", rSolemnity, tLord, 985)
	add(at(50), "mary_mother_of_the_church", "The Blessed Virgin Mary, Mother of the Church", rMemorial, tMarian, 901)

	// Solemnities of the Lord after Pentecost.
	add(at(56), "trinity_sunday", "The Most Holy Trinity", rSolemnity, tLord, 972).move = moveModern(e)
	cc := at(60)
	if cfg.corpusSunday {
		cc = at(63)
	}
	add(cc, "corpus_christi", "The Most Holy Body and Blood of Christ (Corpus Christi)", rSolemnity, tLord, 972).move = moveModern(e)
	add(at(68), "sacred_heart", "The Most Sacred Heart of Jesus", rSolemnity, tLord, 972).move = moveModern(e)
	add(at(69), "immaculate_heart_of_mary", "The Immaculate Heart of the Blessed Virgin Mary", rMemorial, tMarian, 900)

	// Ordinary Time after Pentecost, numbered back from the Thirty-fourth.
	for d := at(63); d.Before(a1.AddDays(-7)); d = d.AddDays(7) {
		k, nm := numbered(34-a1.AddDays(-7).Sub(d)/7, "sunday_in_ordinary_time", "Sunday in Ordinary Time")
		add(d, k, nm, rSunday, tSunday, 940)
	}
	add(a1.AddDays(-7), "christ_the_king", "Our Lord Jesus Christ, King of the Universe", rSolemnity, tLord, 972).move = moveModern(e)

	// Advent and Christmas.
	for i := 1; i <= 4; i++ {
		k, nm := numbered(i, "sunday_of_advent", "Sunday of Advent")
		add(a1.AddDays(7*(i-1)), k, nm, rSunday, tSunday, 980)
	}
	xmas := Date{y, time.December, 25}
	add(xmas, "christmas", "The Nativity of the Lord (Christmas)", rSolemnity, tLord, 985)
	hf := sundayAfter(xmas)
	if hf.Year != y {
		hf = Date{y, time.December, 30} // Christmas on a Sunday
	}
	add(hf, "holy_family", "The Holy Family of Jesus, Mary and Joseph", rFeast, tLord, 950)
	return cs
}

func titleWord(s string) string { return string(s[0]-'a'+'A') + s[1:] }

// mergeFixed applies a national overlay to a sanctoral table: a row with a
// key already present replaces it (keeping what the overlay leaves empty),
// a drop row removes it, other rows are added.
func mergeFixed(base, overlay []fixed) []fixed {
	idx := map[string]int{}
	out := append([]fixed(nil), base...)
	for i, f := range out {
		idx[f.key] = i
	}
	for _, o := range overlay {
		i, ok := idx[o.key]
		if !ok {
			if !o.drop {
				idx[o.key] = len(out)
				out = append(out, o)
			}
			continue
		}
		if o.drop {
			out[i].key = ""
			continue
		}
		f := out[i]
		if o.m != 0 {
			f.m, f.d = o.m, o.d
		}
		if o.name != "" {
			f.name = o.name
		}
		if o.rank != "" {
			f.rank = o.rank
		}
		if o.typ != "" {
			f.typ = o.typ
		}
		f.prec = o.prec
		out[i] = f
	}
	kept := out[:0]
	for _, f := range out {
		if f.key != "" {
			kept = append(kept, f)
		}
	}
	return kept
}
