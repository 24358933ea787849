package liturgy

import "time"

// Season is a season of the liturgical year, as planning names it.
type Season struct {
	Key  string `json:"key"`
	Name string `json:"name"`
}

var (
	seasonAdvent         = Season{"advent", "Advent"}
	seasonChristmas      = Season{"christmas", "Christmas"}
	seasonOrdinary       = Season{"ordinary_time", "Ordinary Time"}
	seasonLent           = Season{"lent", "Lent"}
	seasonHolyWeek       = Season{"holy_week", "Holy Week"}
	seasonEaster         = Season{"easter", "Easter"}
	seasonAfterEpiphany  = Season{"after_epiphany", "Time after Epiphany"}
	seasonSeptuagesima   = Season{"septuagesima", "Septuagesima"}
	seasonAfterPentecost = Season{"after_pentecost", "Time after Pentecost"}
	seasonNativityFast   = Season{"nativity_fast", "Nativity Fast"}
	seasonGreatLent      = Season{"great_lent", "Great Lent"}
	seasonPascha         = Season{"pascha", "Pascha"}
)

// seasonStyle says how a calendar type divides its year.
type seasonStyle int

const (
	styleNone seasonStyle = iota
	styleModern
	styleTraditional
	styleOrthodox
)

func styleOf(calendarType string) seasonStyle {
	switch calendarType {
	case "roman_1962_extraordinary", "roman_1955_pre_reform":
		return styleTraditional
	case "orthodox_eastern", "orthodox_russian":
		return styleOrthodox
	case "secular_general", "":
		return styleNone
	}
	if _, err := lookup(calendarType); err != nil {
		return styleNone
	}
	return styleModern
}

// Seasons returns the seasons of a calendar type in the order of its year:
// from Advent for the Western calendars, from the Nativity Fast for the
// Orthodox ones (whose year begins on 1 September, in Ordinary Time, listed
// last). It is empty for the secular calendar and unknown types.
func Seasons(calendarType string) []Season {
	switch styleOf(calendarType) {
	case styleModern:
		return []Season{seasonAdvent, seasonChristmas, seasonOrdinary, seasonLent, seasonHolyWeek, seasonEaster}
	case styleTraditional:
		return []Season{seasonAdvent, seasonChristmas, seasonAfterEpiphany, seasonSeptuagesima, seasonLent, seasonHolyWeek, seasonEaster, seasonAfterPentecost}
	case styleOrthodox:
		return []Season{seasonNativityFast, seasonGreatLent, seasonHolyWeek, seasonPascha, seasonOrdinary}
	}
	return nil
}

// SeasonOf returns the season a civil date falls in, in a calendar type; false
// for the secular calendar and unknown types.
//
// Kept simple on purpose, for planning rather than rubrics: Western calendars
// have Advent (First Sunday of Advent to 24 December), Christmas (25 December
// to the Baptism of the Lord, which is 13 January in the 1962 and 1955 Roman
// calendars), Lent (Ash Wednesday to the Saturday before Palm Sunday), Holy
// Week (Palm Sunday to Holy Saturday) and Easter (Easter Sunday to Pentecost
// inclusive); the rest is Ordinary Time, which the traditional Roman
// calendars split into the Time after Epiphany, Septuagesima (Septuagesima
// Sunday to Shrove Tuesday) and the Time after Pentecost. Anglican and
// Lutheran "Epiphany" and "after Pentecost/Trinity" seasons are Ordinary Time
// here. Orthodox calendars have the Nativity Fast (15 November to 24 December
// in the church's calendar: 28 November to 6 January civil in the Russian
// one), Great Lent (Clean Monday to Lazarus Saturday), Holy Week and Pascha
// (Pascha to Pentecost); the rest is Ordinary Time.
func SeasonOf(calendarType string, d Date) (Season, bool) {
	style := styleOf(calendarType)
	switch style {
	case styleNone:
		return Season{}, false
	case styleOrthodox:
		return orthodoxSeason(calendarType == "orthodox_russian", d), true
	}
	y := d.Year
	e := WesternEaster(y)
	a1 := advent1(y)
	switch {
	case !d.Before(Date{y, time.December, 25}) || !d.After(christmasEnd(calendarType, y)):
		return seasonChristmas, true
	case !d.Before(a1):
		return seasonAdvent, true
	case !d.Before(e) && !d.After(e.AddDays(49)):
		return seasonEaster, true
	case !d.Before(e.AddDays(-7)) && d.Before(e):
		return seasonHolyWeek, true
	case !d.Before(e.AddDays(-46)) && d.Before(e.AddDays(-7)):
		return seasonLent, true
	}
	if style == styleModern {
		return seasonOrdinary, true
	}
	switch {
	case d.Before(e.AddDays(-63)):
		return seasonAfterEpiphany, true
	case d.Before(e):
		return seasonSeptuagesima, true
	}
	return seasonAfterPentecost, true
}

// christmasEnd is the last day of Christmas in January of year y: the Baptism
// of the Lord.
func christmasEnd(calendarType string, y int) Date {
	var cfg *romanConfig
	switch calendarType {
	case "roman_1962_extraordinary", "roman_1955_pre_reform":
		return Date{y, time.January, 13}
	case "general_roman_ordinary":
		cfg = general
	case "novus_ordo_usa":
		cfg = usa
	case "novus_ordo_canada":
		cfg = canada
	case "novus_ordo_england_wales":
		cfg = englandWales
	case "novus_ordo_australia":
		cfg = australia
	case "novus_ordo_ireland":
		cfg = ireland
	default: // Anglican and Lutheran: the Sunday after the Epiphany
		return sundayAfter(Date{y, time.January, 6})
	}
	ep := cfg.epiphany(y)
	if !isSunday(ep) {
		return sundayAfter(ep)
	}
	if ep.Day >= 7 {
		return ep.AddDays(1) // UNLY 38, as the calendar itself keeps it
	}
	return ep.AddDays(7)
}

func orthodoxSeason(julian bool, d Date) Season {
	church := func(y int, m time.Month, day int) Date {
		if julian {
			return julianToCivil(y, m, day)
		}
		return Date{y, m, day}
	}
	// The fast may have begun in the previous civil year (Russian: until 6 January).
	for _, y := range []int{d.Year - 1, d.Year} {
		if !d.Before(church(y, time.November, 15)) && !d.After(church(y, time.December, 24)) {
			return seasonNativityFast
		}
	}
	p := OrthodoxPascha(d.Year)
	switch {
	case !d.Before(p) && !d.After(p.AddDays(49)):
		return seasonPascha
	case !d.Before(p.AddDays(-7)) && d.Before(p):
		return seasonHolyWeek
	case !d.Before(p.AddDays(-48)) && d.Before(p.AddDays(-7)):
		return seasonGreatLent
	}
	return seasonOrdinary
}
