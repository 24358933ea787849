package liturgy

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// The years Compute accepts.
const (
	MinYear = 1900
	MaxYear = 2200
)

// Errors Compute and LiturgicalYear wrap, for callers that map them to
// validation errors.
var (
	ErrUnknownCalendar = errors.New("unknown calendar type")
	ErrYearOutOfRange  = errors.New("year out of range")
)

// Day is one feast or observance on one civil date.
type Day struct {
	// Date is the civil date the day is kept on this year.
	Date Date `json:"date"`
	// FeastKey is stable snake_case English, the same in every calendar
	// where the observance is the same one (easter_sunday, st_joseph).
	FeastKey string `json:"feast_key"`
	// Name is the default English name in the tradition's own wording.
	Name string `json:"name"`
	// Rank is the day's rank in the tradition's own terms (see the package
	// documentation for each vocabulary).
	Rank string `json:"rank"`
	// Type classifies the day: sunday, feast_of_the_lord, marian, saint,
	// season, fast, ember_day, rogation_day, vigil, dedication,
	// faithful_departed, holiday or observance.
	Type string `json:"type"`
	// Transferred is true when the tradition's rules moved the day from the
	// date it would otherwise have, which OriginalDate then holds.
	Transferred  bool `json:"transferred"`
	OriginalDate Date `json:"original_date,omitzero"`
}

// The type vocabulary.
const (
	tSunday     = "sunday"
	tLord       = "feast_of_the_lord"
	tMarian     = "marian"
	tSaint      = "saint"
	tSeason     = "season"
	tFast       = "fast"
	tEmber      = "ember_day"
	tRogation   = "rogation_day"
	tVigil      = "vigil"
	tDedication = "dedication"
	tDeparted   = "faithful_departed"
	tHoliday    = "holiday"
	tObservance = "observance"
)

// calendar is one entry of the calendar type catalogue.
type calendar struct {
	key string
	// build returns the candidate celebrations the tradition proposes for
	// the days of one civil year, before precedence is applied.
	build func(year int) []*cand
	rules *rules
	// newYear returns the first day of the liturgical year that begins in
	// the given civil year.
	newYear func(year int) Date
}

// catalogue lists the sixteen calendar types in the order of the catalogue
// (accounts specification §3).
var catalogue = []*calendar{
	romanCalendar("roman_1962_extraordinary", buildRoman1962, rules1962),
	romanCalendar("roman_1955_pre_reform", buildRoman1955, rules1955),
	romanCalendar("general_roman_ordinary", romanModern(general), rulesModern),
	romanCalendar("novus_ordo_usa", romanModern(usa), rulesModern),
	romanCalendar("novus_ordo_canada", romanModern(canada), rulesModern),
	romanCalendar("novus_ordo_england_wales", romanModern(englandWales), rulesModern),
	romanCalendar("novus_ordo_australia", romanModern(australia), rulesModern),
	romanCalendar("novus_ordo_ireland", romanModern(ireland), rulesModern),
	romanCalendar("anglican_common_worship", buildCommonWorship, rulesCommonWorship),
	romanCalendar("episcopal_usa", buildEpiscopal, rulesEpiscopal),
	romanCalendar("anglican_canada", buildAnglicanCanada, rulesAnglicanCanada),
	romanCalendar("lutheran_elca", buildELCA, rulesLutheran),
	romanCalendar("lutheran_lcms", buildLCMS, rulesLutheran),
	{key: "orthodox_eastern", build: orthodoxBuilder(false), rules: rulesOrthodox, newYear: orthodoxNewYear(false)},
	{key: "orthodox_russian", build: orthodoxBuilder(true), rules: rulesOrthodox, newYear: orthodoxNewYear(true)},
	{key: "secular_general", build: buildSecular, rules: rulesSecular, newYear: func(y int) Date { return Date{y, time.January, 1} }},
}

// romanCalendar is a Western calendar whose year begins with Advent.
func romanCalendar(key string, build func(int) []*cand, r *rules) *calendar {
	return &calendar{key: key, build: build, rules: r, newYear: advent1}
}

// Calendars returns the sixteen calendar type keys in catalogue order.
func Calendars() []string {
	keys := make([]string, len(catalogue))
	for i, c := range catalogue {
		keys[i] = c.key
	}
	return keys
}

func lookup(key string) (*calendar, error) {
	for _, c := range catalogue {
		if c.key == key {
			return c, nil
		}
	}
	return nil, fmt.Errorf("liturgy: %w %q (known types: %s)", ErrUnknownCalendar, key, strings.Join(Calendars(), ", "))
}

func checkYear(year int) error {
	if year < MinYear || year > MaxYear {
		return fmt.Errorf("liturgy: %w: %d is not between %d and %d", ErrYearOutOfRange, year, MinYear, MaxYear)
	}
	return nil
}

// Compute returns every feast and observance of the calendar type key that
// falls in the civil year (1 January to 31 December), ordered by date and,
// within a date, by precedence. Transfers are applied: a transferred feast
// appears once, on its new date, with Transferred set.
func Compute(key string, year int) ([]Day, error) {
	cal, err := lookup(key)
	if err != nil {
		return nil, err
	}
	if err := checkYear(year); err != nil {
		return nil, err
	}
	return cal.compute(year), nil
}

func (cal *calendar) compute(year int) []Day {
	// Transfers can cross New Year, so the neighbouring years' candidates
	// near the boundaries take part in the precedence too.
	lo, hi := Date{year - 1, time.November, 15}, Date{year + 1, time.February, 15}
	var cs []*cand
	for y := year - 1; y <= year+1; y++ {
		for _, c := range cal.build(y) {
			if !c.date.Before(lo) && !c.date.After(hi) {
				cs = append(cs, c)
			}
		}
	}
	kept := resolve(cs, cal.rules)
	sort.Slice(kept, func(i, j int) bool {
		a, b := kept[i], kept[j]
		if a.date != b.date {
			return a.date.Before(b.date)
		}
		if a.prec != b.prec {
			return a.prec > b.prec
		}
		return a.key < b.key
	})
	days := make([]Day, 0, len(kept))
	for _, c := range kept {
		if c.date.Year != year {
			continue
		}
		d := Day{Date: c.date, FeastKey: c.key, Name: c.name, Rank: c.rank, Type: c.typ, Transferred: c.moved}
		if c.moved {
			d.OriginalDate = c.orig
		}
		days = append(days, d)
	}
	return days
}

// LiturgicalYear returns the liturgical year the date belongs to in the
// calendar type key, named by the civil year in which that liturgical year
// ends (the year of its Easter): in the Western calendars the year begins on
// the First Sunday of Advent, so 1 December 2024 belongs to 2025; in
// orthodox_eastern it begins on 1 September, in orthodox_russian on
// 1 September of the Julian calendar (14 September civil, 1900-2099); in
// secular_general it is the civil year.
func LiturgicalYear(key string, d Date) (int, error) {
	cal, err := lookup(key)
	if err != nil {
		return 0, err
	}
	if !d.Before(cal.newYear(d.Year)) && cal.key != "secular_general" {
		return d.Year + 1, nil
	}
	return d.Year, nil
}

// advent1 returns the First Sunday of Advent of the civil year: the fourth
// Sunday before Christmas, between 27 November and 3 December.
func advent1(year int) Date { return sundayOnOrBefore(Date{year, time.December, 24}).AddDays(-21) }

// newCand is the common constructor of an office.
func newCand(d Date, key, name, rank, typ string, prec int) *cand {
	return &cand{date: d, key: key, name: name, rank: rank, typ: typ, prec: prec}
}

// besideCand makes an observance kept beside the day's celebration.
func besideCand(d Date, key, name, rank, typ string) *cand {
	return &cand{date: d, key: key, name: name, rank: rank, typ: typ, kind: beside}
}
