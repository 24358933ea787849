package liturgy

import "time"

// The Anglican and Lutheran calendars share the Western temporal cycle and
// differ in their sanctoral tables, their names and their rules of
// precedence. The scale:
//
//	1000 Easter Day, Christmas Day    995 the other principal feasts
//	 990 Ash Wednesday and the Three Days (Maundy Thursday, Good Friday, Holy Saturday)
//	 980 the Presentation (a principal feast in Common Worship)
//	 975 Monday to Wednesday of Holy Week, and the days of Easter Week
//	 970 Sundays of Advent, Lent and Easter
//	 965 the Annunciation in Common Worship (a principal feast that yields to all of these)
//	 860 the feasts the book lets take the place of a Sunday
//	 850 the Sundays with a festival of their own (Baptism, Transfiguration, Christ the King);
//	     ordinary Sundays in the Prayer Book calendars (1979, 1985)
//	 810 Sundays of Christmas in Common Worship and the Lutheran calendars
//	 800 festivals, holy days, lesser festivals of the Lutheran books
//	 790 ordinary Sundays in Common Worship and the Lutheran books, where a
//	     festival may be kept on the Sunday
//	 700 lesser festivals, memorials, optional observances  600 commemorations
//
// A festival or holy day impeded by a higher day is transferred to the next
// day that holds nothing of festival rank: in Holy Week and Easter Week that
// is the Monday after the Second Sunday of Easter or later, in the order of
// precedence (Common Worship, where the Annunciation comes first) or of date
// (the 1979 Prayer Book: "in the order of their occurrence").

type protFixed struct {
	m    time.Month
	d    int
	key  string
	name string
	rank string
	typ  string
	prec int
}

// sundayScheme is how a calendar names the Sundays of ordinary time.
type sundayScheme int

const (
	// afterPentecost: Sundays after the Epiphany and after Pentecost, the
	// last before Advent being Christ the King (1979, 1985 and ELW).
	schemePentecost sundayScheme = iota
	// commonWorship: Sundays of Epiphany, before Lent, after Trinity and
	// before Advent.
	schemeCW
	// lcms: like afterPentecost, but the last three Sundays are the
	// Third-Last, Second-Last and Last Sundays of the Church Year.
	schemeLCMS
)

type protestantStyle struct {
	rPrincipal, rSunday, rSolemnDay, rSeasonDay, rObservance string
	pOrdinary, pChristmasSunday                              int
	scheme                                                   sundayScheme
	names                                                    map[string]string
	christmasEve, rogation, ember                            bool
	lastAfterEpiphany                                        string // key of the Sunday before Ash Wednesday
	trinityRank                                              string
	corpusChristi                                            string // rank of a Thursday Corpus Christi; "" for none
	table                                                    []protFixed
	extra                                                    func(y int, add func(*cand))
}

func (st *protestantStyle) name(key, def string) string {
	if n, ok := st.names[key]; ok {
		return n
	}
	return def
}

func protestantRules(freeBelow int, byDate bool) *rules {
	return &rules{
		freeBelow: freeBelow,
		byDate:    byDate,
		floor: func(d Date) int {
			e := WesternEaster(d.Year)
			if d.After(e) && d.Before(e.AddDays(7)) {
				return 975 // Easter Week
			}
			return 0
		},
	}
}

var (
	rulesCommonWorship  = protestantRules(790, false)
	rulesEpiscopal      = protestantRules(800, true)
	rulesAnglicanCanada = protestantRules(800, true)
	rulesLutheran       = protestantRules(790, false)
)

// buildProtestant returns the candidates of one civil year.
func (st *protestantStyle) build(y int) []*cand {
	var cs []*cand
	add := func(d Date, key, def, rank, typ string, p int) *cand {
		c := newCand(d, key, st.name(key, def), rank, typ, p)
		cs = append(cs, c)
		return c
	}
	beside := func(d Date, key, def, typ string) {
		cs = append(cs, besideCand(d, key, st.name(key, def), st.rObservance, typ))
	}
	e := WesternEaster(y)
	at := func(n int) Date { return e.AddDays(n) }
	a1 := advent1(y)
	ep := Date{y, time.January, 6}
	ash := at(-46)

	// Sanctoral cycle: everything of festival rank or above is transferred
	// when impeded.
	for _, f := range st.table {
		c := add(Date{y, f.m, f.d}, f.key, f.name, f.rank, f.typ, f.prec)
		if f.prec >= 800 && f.prec < 995 {
			c.move = nextTransfer
		}
	}

	// Christmas and Epiphany.
	if s := sundayOnOrAfter(Date{y, time.January, 2}); s.Day <= 5 {
		add(s, "second_sunday_after_christmas", "Second Sunday after Christmas", st.rSunday, tSunday, st.pChristmasSunday)
	}
	add(ep, "epiphany", "The Epiphany", st.rPrincipal, tLord, 995)
	bap := sundayAfter(ep)
	add(bap, "baptism_of_the_lord", "The Baptism of Our Lord", st.rSunday, tLord, 850)
	last := ash.AddDays(-3)
	if st.scheme == schemeCW {
		for d := bap.AddDays(7); d.Before(ash); d = d.AddDays(7) {
			switch {
			case d == last:
				add(d, "sunday_next_before_lent", "The Sunday next before Lent", st.rSunday, tSunday, st.pOrdinary)
			case d.Month == time.January || (d.Month == time.February && d.Day == 1):
				k, n := numbered(d.Sub(bap)/7+1, "sunday_of_epiphany", "Sunday of Epiphany")
				add(d, k, n, st.rSunday, tSunday, st.pOrdinary)
			case d.Month == time.February && d.Day == 2:
				// the Presentation
			default:
				k, n := numbered(last.Sub(d)/7+1, "sunday_before_lent", "Sunday before Lent")
				add(d, k, n, st.rSunday, tSunday, st.pOrdinary)
			}
		}
	} else {
		for d := bap.AddDays(7); d.Before(last); d = d.AddDays(7) {
			k, n := numbered(d.Sub(bap)/7+1, "sunday_after_epiphany", "Sunday after the Epiphany")
			add(d, k, n, st.rSunday, tSunday, st.pOrdinary)
		}
		if last.After(bap) {
			p := st.pOrdinary
			if st.lastAfterEpiphany == "transfiguration" {
				p = 865 // the Lutheran festival of the Transfiguration keeps its Sunday even on 2 February
			}
			add(last, st.lastAfterEpiphany, "The Last Sunday after the Epiphany", st.rSunday, tSunday, p)
		}
	}

	// Lent and Holy Week.
	add(ash, "ash_wednesday", "Ash Wednesday", st.rSolemnDay, tFast, 990)
	for i := 1; i <= 5; i++ {
		k, n := numbered(i, "sunday_of_lent", "Sunday in Lent")
		add(at(-49+7*i), k, n, st.rSunday, tSunday, 970)
	}
	add(at(-7), "palm_sunday", "Palm Sunday", st.rSunday, tSunday, 970)
	add(at(-6), "monday_of_holy_week", "Monday of Holy Week", st.rSeasonDay, tSeason, 975)
	add(at(-5), "tuesday_of_holy_week", "Tuesday of Holy Week", st.rSeasonDay, tSeason, 975)
	add(at(-4), "wednesday_of_holy_week", "Wednesday of Holy Week", st.rSeasonDay, tSeason, 975)
	add(at(-3), "holy_thursday", "Maundy Thursday", st.rSolemnDay, tLord, 990)
	add(at(-2), "good_friday", "Good Friday", st.rSolemnDay, tLord, 990)
	add(at(-1), "holy_saturday", "Holy Saturday", st.rSolemnDay, tLord, 990)

	// Easter to Trinity.
	add(e, "easter_sunday", "Easter Day", st.rPrincipal, tLord, 1000)
	for i := 2; i <= 7; i++ {
		k, n := numbered(i, "sunday_of_easter", "Sunday of Easter")
		add(at(7*i-7), k, n, st.rSunday, tSunday, 970)
	}
	if st.rogation {
		beside(at(36), "rogation_monday", "Rogation Monday", tRogation)
		beside(at(37), "rogation_tuesday", "Rogation Tuesday", tRogation)
		beside(at(38), "rogation_wednesday", "Rogation Wednesday", tRogation)
	}
	add(at(39), "ascension", "Ascension Day", st.rPrincipal, tLord, 995)
	add(at(49), "pentecost", "The Day of Pentecost", st.rPrincipal, tLord, 995)
	add(at(56), "trinity_sunday", "Trinity Sunday", st.trinityRank, tLord, 995)
	if st.corpusChristi != "" {
		add(at(60), "corpus_christi", "Day of Thanksgiving for the Institution of Holy Communion (Corpus Christi)", st.corpusChristi, tLord, 805).move = nextTransfer
	}

	// Ordinary time after Trinity, Christ the King, Advent.
	ctk := a1.AddDays(-7)
	switch st.scheme {
	case schemeCW:
		lastTrinity := a1.AddDays(-35)
		for d := at(63); !d.After(lastTrinity); d = d.AddDays(7) {
			k, n := numbered(d.Sub(at(56))/7, "sunday_after_trinity", "Sunday after Trinity")
			if d == lastTrinity {
				k, n = "last_sunday_after_trinity", "The Last Sunday after Trinity"
			}
			add(d, k, n, st.rSunday, tSunday, st.pOrdinary)
		}
		for i := 4; i >= 2; i-- {
			k, n := numbered(i, "sunday_before_advent", "Sunday before Advent")
			add(a1.AddDays(-7*i), k, n, st.rSunday, tSunday, st.pOrdinary)
		}
		add(ctk, "christ_the_king", "Christ the King", "festival", tLord, 850)
	case schemeLCMS:
		for d := at(63); d.Before(a1.AddDays(-21)); d = d.AddDays(7) {
			k, n := numbered(d.Sub(at(49))/7, "sunday_after_pentecost", "Sunday after Pentecost")
			add(d, k, n, st.rSunday, tSunday, st.pOrdinary)
		}
		add(a1.AddDays(-21), "third_last_sunday_of_the_church_year", "Third-Last Sunday of the Church Year", st.rSunday, tSunday, st.pOrdinary)
		add(a1.AddDays(-14), "second_last_sunday_of_the_church_year", "Second-Last Sunday of the Church Year", st.rSunday, tSunday, st.pOrdinary)
		add(ctk, "last_sunday_of_the_church_year", "Last Sunday of the Church Year", st.rSunday, tSunday, 850)
	default:
		for d := at(63); d.Before(ctk); d = d.AddDays(7) {
			k, n := numbered(d.Sub(at(49))/7, "sunday_after_pentecost", "Sunday after Pentecost")
			add(d, k, n, st.rSunday, tSunday, st.pOrdinary)
		}
		add(ctk, "christ_the_king", "Christ the King (Last Sunday after Pentecost)", st.rSunday, tLord, 850)
	}
	for i := 1; i <= 4; i++ {
		k, n := numbered(i, "sunday_of_advent", "Sunday of Advent")
		add(a1.AddDays(7*(i-1)), k, n, st.rSunday, tSunday, 970)
	}
	if st.christmasEve {
		beside(Date{y, time.December, 24}, "christmas_eve", "Christmas Eve", tVigil)
	}
	add(Date{y, time.December, 25}, "christmas", "Christmas Day", st.rPrincipal, tLord, 1000)
	if s := sundayAfter(Date{y, time.December, 25}); s.Year == y {
		add(s, "first_sunday_after_christmas", "First Sunday after Christmas", st.rSunday, tSunday, st.pChristmasSunday)
	}

	if st.ember {
		emb := func(wed Date, season, sname string) {
			for i, wd := range []string{"wednesday", "friday", "saturday"} {
				beside(wed.AddDays([]int{0, 2, 3}[i]), "ember_"+wd+"_of_"+season, "Ember "+titleWord(wd)+" ("+sname+")", tEmber)
			}
		}
		emb(at(-39), "lent", "Lent")
		emb(at(52), "pentecost", "Pentecost")
		emb(weekdayOnOrAfter(Date{y, time.September, 15}, time.Wednesday), "september", "after Holy Cross Day")
		emb(weekdayOnOrAfter(Date{y, time.December, 14}, time.Wednesday), "advent", "after St Lucy")
	}
	if st.extra != nil {
		st.extra(y, func(c *cand) { cs = append(cs, c) })
	}
	return cs
}
