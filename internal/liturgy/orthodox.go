package liturgy

import "time"

// The Orthodox calendars. Pascha is computed by the Julian computus and
// converted to the civil date; the movable cycle hangs from it. Fixed feasts
// are kept on their civil date in orthodox_eastern (the Revised Julian
// calendar, which agrees with the Gregorian until 2800) and on their Julian
// date in orthodox_russian (25 December is 7 January civil from 1901 to
// 2100, 8 January from 2101).
//
// Orthodox feasts do not displace one another: a great feast falling on a
// Sunday or in the Triodion is celebrated with it (Kyriopascha, the
// Annunciation on Pascha, is the classic case). The one transfer applied is
// St George's: when his day falls before Pascha (Greek usage, eastern) or in
// Holy Week or on Pascha (Russian usage), he is kept on Bright Monday.
//
// Ranks: feast_of_feasts (Pascha); great_feast (the Twelve Great Feasts and
// the Circumcision, the Nativity and Beheading of the Forerunner, Peter and
// Paul, and in the Russian calendar the Protection); vigil_rank and
// polyeleos (saints and feasts with a vigil or polyeleos); sunday;
// holy_week and bright_week; fast (the first day of a fasting season, or a
// strict fast day); memorial_saturday (the Saturdays of the souls).

const (
	rFeastOfFeasts = "feast_of_feasts"
	rGreatFeast    = "great_feast"
	rVigilRank     = "vigil_rank"
	rPolyeleos     = "polyeleos"
	rHolyWeek      = "holy_week"
	rBrightWeek    = "bright_week"
	rFast          = "fast"
	rSoulSaturday  = "memorial_saturday"
)

var rulesOrthodox = &rules{}

type orthFixed struct {
	m           time.Month
	d           int
	key, name   string
	rank, typ   string
	russianOnly bool
}

var orthodoxFixed = []orthFixed{
	{m: sep, d: 1, key: "church_new_year", name: "Beginning of the Indiction (Church New Year)", rank: rPolyeleos, typ: tObservance},
	{m: sep, d: 8, key: "nativity_of_mary", name: "The Nativity of the Most Holy Theotokos", rank: rGreatFeast, typ: tMarian},
	{m: sep, d: 14, key: "exaltation_of_the_cross", name: "The Universal Exaltation of the Precious and Life-giving Cross", rank: rGreatFeast, typ: tLord},
	{m: sep, d: 26, key: "st_john", name: "The Repose of the Holy Apostle and Evangelist John the Theologian", rank: rPolyeleos, typ: tSaint},
	{m: oct, d: 1, key: "protection_of_the_theotokos", name: "The Protection of the Most Holy Theotokos", rank: rGreatFeast, typ: tMarian, russianOnly: true},
	{m: oct, d: 26, key: "demetrius", name: "The Holy Great-martyr Demetrius the Myrrh-streaming", rank: rVigilRank, typ: tSaint},
	{m: nov, d: 8, key: "michael_and_all_angels", name: "The Synaxis of the Archangel Michael and the Other Bodiless Powers", rank: rPolyeleos, typ: tSaint},
	{m: nov, d: 13, key: "john_chrysostom", name: "St John Chrysostom, Archbishop of Constantinople", rank: rPolyeleos, typ: tSaint},
	{m: nov, d: 15, key: "nativity_fast_begins", name: "Beginning of the Nativity Fast", rank: rFast, typ: tFast},
	{m: nov, d: 21, key: "presentation_of_mary", name: "The Entry of the Most Holy Theotokos into the Temple", rank: rGreatFeast, typ: tMarian},
	{m: nov, d: 30, key: "st_andrew", name: "The Holy Apostle Andrew the First-called", rank: rPolyeleos, typ: tSaint},
	{m: dec, d: 6, key: "nicholas", name: "St Nicholas the Wonderworker, Archbishop of Myra in Lycia", rank: rVigilRank, typ: tSaint},
	{m: dec, d: 24, key: "christmas_eve", name: "The Eve of the Nativity (Paramony)", rank: rFast, typ: tFast},
	{m: dec, d: 25, key: "christmas", name: "The Nativity of Our Lord, God and Saviour Jesus Christ", rank: rGreatFeast, typ: tLord},
	{m: dec, d: 26, key: "synaxis_of_the_theotokos", name: "The Synaxis of the Most Holy Theotokos", rank: rPolyeleos, typ: tMarian},
	{m: dec, d: 27, key: "st_stephen", name: "The Holy Protomartyr and Archdeacon Stephen", rank: rPolyeleos, typ: tSaint},
	{m: jan, d: 1, key: "circumcision", name: "The Circumcision of Our Lord; St Basil the Great", rank: rGreatFeast, typ: tLord},
	{m: jan, d: 2, key: "seraphim_of_sarov", name: "The Repose of St Seraphim of Sarov", rank: rPolyeleos, typ: tSaint, russianOnly: true},
	{m: jan, d: 5, key: "theophany_eve", name: "The Eve of Theophany", rank: rFast, typ: tFast},
	{m: jan, d: 6, key: "theophany", name: "The Holy Theophany of Our Lord, God and Saviour Jesus Christ", rank: rGreatFeast, typ: tLord},
	{m: jan, d: 7, key: "synaxis_of_john_the_baptist", name: "The Synaxis of the Holy Prophet, Forerunner and Baptist John", rank: rPolyeleos, typ: tSaint},
	{m: jan, d: 30, key: "three_holy_hierarchs", name: "The Three Holy Hierarchs: Basil the Great, Gregory the Theologian and John Chrysostom", rank: rPolyeleos, typ: tSaint},
	{m: feb, d: 2, key: "presentation_of_the_lord", name: "The Meeting of Our Lord, God and Saviour Jesus Christ in the Temple", rank: rGreatFeast, typ: tLord},
	{m: mar, d: 25, key: "annunciation", name: "The Annunciation of the Most Holy Theotokos", rank: rGreatFeast, typ: tMarian},
	{m: apr, d: 23, key: "st_george", name: "The Holy Great-martyr, Victory-bearer and Wonderworker George", rank: rVigilRank, typ: tSaint},
	{m: may, d: 21, key: "constantine_and_helen", name: "The Holy Equals-to-the-Apostles Constantine and Helen", rank: rPolyeleos, typ: tSaint},
	{m: jun, d: 24, key: "nativity_of_john_the_baptist", name: "The Nativity of the Holy Prophet, Forerunner and Baptist John", rank: rGreatFeast, typ: tSaint},
	{m: jun, d: 29, key: "peter_and_paul", name: "The Holy, Glorious and All-praised Leaders of the Apostles Peter and Paul", rank: rGreatFeast, typ: tSaint},
	{m: jul, d: 20, key: "elijah", name: "The Holy Glorious Prophet Elijah", rank: rPolyeleos, typ: tSaint},
	{m: aug, d: 1, key: "dormition_fast_begins", name: "Beginning of the Dormition Fast; Procession of the Precious Wood of the Cross", rank: rFast, typ: tFast},
	{m: aug, d: 6, key: "transfiguration", name: "The Holy Transfiguration of Our Lord, God and Saviour Jesus Christ", rank: rGreatFeast, typ: tLord},
	{m: aug, d: 15, key: "dormition", name: "The Dormition of Our Most Holy Lady the Theotokos and Ever-Virgin Mary", rank: rGreatFeast, typ: tMarian},
	{m: aug, d: 29, key: "beheading_of_john_the_baptist", name: "The Beheading of the Holy Prophet, Forerunner and Baptist John", rank: rGreatFeast, typ: tSaint},
	{m: sep, d: 25, key: "sergius_of_radonezh", name: "The Repose of St Sergius, Abbot of Radonezh", rank: rPolyeleos, typ: tSaint, russianOnly: true},
}

// orthodoxNewYear: 1 September of the calendar's own reckoning.
func orthodoxNewYear(julian bool) func(int) Date {
	return func(y int) Date {
		if julian {
			return julianToCivil(y, time.September, 1)
		}
		return Date{y, time.September, 1}
	}
}

func orthodoxBuilder(julian bool) func(int) []*cand {
	return func(y int) []*cand {
		var cs []*cand
		add := func(d Date, key, name, rank, typ string) *cand {
			c := besideCand(d, key, name, rank, typ)
			cs = append(cs, c)
			return c
		}
		// church converts a date of the calendar's own year y to civil.
		church := func(m time.Month, d int) Date {
			if julian {
				return julianToCivil(y, m, d)
			}
			return Date{y, m, d}
		}
		// sundayBetween finds the Sunday among the church dates m d1..d2.
		sundayBetween := func(m time.Month, d1, d2 int) (Date, bool) {
			for d := d1; d <= d2; d++ {
				if c := church(m, d); isSunday(c) {
					return c, true
				}
			}
			return Date{}, false
		}
		p := OrthodoxPascha(y)
		at := func(n int) Date { return p.AddDays(n) }

		for _, f := range orthodoxFixed {
			if f.russianOnly && !julian {
				continue
			}
			c := add(church(f.m, f.d), f.key, f.name, f.rank, f.typ)
			if f.key == "st_george" {
				moveToBright := c.date.Before(p)
				if julian {
					moveToBright = !c.date.Before(at(-7)) && !c.date.After(p)
				}
				if moveToBright {
					c.orig, c.date, c.moved = c.date, at(1), true
				}
			}
		}
		if s, ok := sundayBetween(dec, 11, 17); ok {
			add(s, "sunday_of_the_forefathers", "Sunday of the Holy Forefathers", rSunday, tSunday)
		}
		if s, ok := sundayBetween(dec, 18, 24); ok {
			add(s, "sunday_before_the_nativity", "Sunday before the Nativity (of the Holy Fathers)", rSunday, tSunday)
		}
		if s, ok := sundayBetween(dec, 26, 31); ok {
			add(s, "sunday_after_the_nativity", "Sunday after the Nativity", rSunday, tSunday)
		}
		if s, ok := sundayBetween(jan, 1, 5); ok {
			add(s, "sunday_before_theophany", "Sunday before Theophany", rSunday, tSunday)
		}
		if s, ok := sundayBetween(jan, 7, 13); ok {
			add(s, "sunday_after_theophany", "Sunday after Theophany", rSunday, tSunday)
		}
		if julian {
			// The Saturday of Souls before St Demetrius.
			dem := church(oct, 26)
			sat := dem.AddDays(-((int(dem.Weekday()) + 1) % 7))
			if sat == dem {
				sat = sat.AddDays(-7)
			}
			add(sat, "demetrius_saturday", "Demetrius Saturday of the Souls", rSoulSaturday, tDeparted)
		}

		// The Triodion.
		add(at(-70), "sunday_of_the_publican_and_pharisee", "Sunday of the Publican and the Pharisee", rSunday, tSunday)
		add(at(-63), "sunday_of_the_prodigal_son", "Sunday of the Prodigal Son", rSunday, tSunday)
		add(at(-57), "meatfare_saturday_of_souls", "Meatfare Saturday of the Souls", rSoulSaturday, tDeparted)
		add(at(-56), "meatfare_sunday", "Meatfare Sunday (of the Last Judgment)", rSunday, tSunday)
		add(at(-49), "cheesefare_sunday", "Cheesefare Sunday (Forgiveness Sunday)", rSunday, tSunday)
		add(at(-48), "clean_monday", "Clean Monday: Beginning of Great Lent", rFast, tFast)
		add(at(-42), "sunday_of_orthodoxy", "Sunday of Orthodoxy", rSunday, tSunday)
		add(at(-35), "sunday_of_st_gregory_palamas", "Sunday of St Gregory Palamas", rSunday, tSunday)
		add(at(-28), "sunday_of_the_holy_cross", "Sunday of the Veneration of the Holy Cross", rSunday, tSunday)
		add(at(-21), "sunday_of_st_john_climacus", "Sunday of St John of the Ladder", rSunday, tSunday)
		add(at(-14), "sunday_of_st_mary_of_egypt", "Sunday of St Mary of Egypt", rSunday, tSunday)
		add(at(-8), "lazarus_saturday", "Lazarus Saturday", rHolyWeek, tLord)
		add(at(-7), "palm_sunday", "The Entry of Our Lord into Jerusalem (Palm Sunday)", rGreatFeast, tLord)
		for i, wd := range []string{"monday", "tuesday", "wednesday"} {
			add(at(i-6), "holy_"+wd, "Great and Holy "+titleWord(wd), rHolyWeek, tSeason)
		}
		add(at(-3), "holy_thursday", "Great and Holy Thursday", rHolyWeek, tLord)
		add(at(-2), "good_friday", "Great and Holy Friday", rHolyWeek, tLord)
		add(at(-1), "holy_saturday", "Great and Holy Saturday", rHolyWeek, tLord)

		// The Pentecostarion.
		add(p, "pascha", "Pascha: the Bright and Glorious Resurrection of Our Lord", rFeastOfFeasts, tLord)
		for i, wd := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday"} {
			add(at(i+1), "bright_"+wd, "Bright "+titleWord(wd), rBrightWeek, tSeason)
		}
		add(at(7), "thomas_sunday", "Thomas Sunday (Antipascha)", rSunday, tSunday)
		add(at(14), "sunday_of_the_myrrhbearers", "Sunday of the Myrrh-bearing Women", rSunday, tSunday)
		add(at(21), "sunday_of_the_paralytic", "Sunday of the Paralytic", rSunday, tSunday)
		add(at(24), "mid_pentecost", "Mid-Pentecost", rPolyeleos, tLord)
		add(at(28), "sunday_of_the_samaritan_woman", "Sunday of the Samaritan Woman", rSunday, tSunday)
		add(at(35), "sunday_of_the_blind_man", "Sunday of the Blind Man", rSunday, tSunday)
		add(at(38), "leavetaking_of_pascha", "Leave-taking of Pascha", rPolyeleos, tLord)
		add(at(39), "ascension", "The Ascension of Our Lord, God and Saviour Jesus Christ", rGreatFeast, tLord)
		add(at(42), "sunday_of_the_fathers_of_nicaea", "Sunday of the Holy Fathers of the First Ecumenical Council", rSunday, tSunday)
		add(at(48), "saturday_of_souls_before_pentecost", "Saturday of the Souls before Pentecost", rSoulSaturday, tDeparted)
		add(at(49), "pentecost", "Holy Pentecost (Trinity Sunday)", rGreatFeast, tLord)
		add(at(50), "monday_of_the_holy_spirit", "Monday of the Holy Spirit", rPolyeleos, tLord)
		add(at(56), "sunday_of_all_saints", "Sunday of All Saints", rSunday, tSunday)
		if julian {
			add(at(63), "sunday_of_all_saints_of_russia", "Sunday of All Saints who Shone Forth in the Land of Russia", rSunday, tSunday)
		}
		if start, end := at(57), church(jun, 28); !start.After(end) {
			add(start, "apostles_fast_begins", "Beginning of the Apostles' Fast", rFast, tFast)
		}
		return cs
	}
}
