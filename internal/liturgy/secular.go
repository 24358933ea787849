package liturgy

import "time"

// secular_general: the days a community choir plans around. Mother's Day is
// the second Sunday of May and Father's Day the third Sunday of June (the
// form kept in the United States, Canada and most countries; Mothering
// Sunday, the Fourth Sunday of Lent, is listed too for British choirs).
// Midsummer is Midsummer Day, 24 June. Thanksgiving is the United States'
// (fourth Thursday of November). Ranks: holiday (widely a public holiday or
// the centre of a season), observance (widely marked but a working day),
// season (the start of a season).
var rulesSecular = &rules{}

func buildSecular(y int) []*cand {
	e := WesternEaster(y)
	at := func(n int) Date { return e.AddDays(n) }
	h := func(d Date, key, name string) *cand { return besideCand(d, key, name, "holiday", tHoliday) }
	o := func(d Date, key, name string) *cand { return besideCand(d, key, name, "observance", tObservance) }
	return []*cand{
		h(Date{y, jan, 1}, "new_years_day", "New Year's Day"),
		o(Date{y, jan, 6}, "epiphany", "Epiphany (Twelfth Day)"),
		o(Date{y, feb, 14}, "valentines_day", "Valentine's Day"),
		o(at(-47), "shrove_tuesday", "Shrove Tuesday (Pancake Day, Mardi Gras)"),
		o(at(-46), "ash_wednesday", "Ash Wednesday (start of Lent)"),
		o(Date{y, mar, 17}, "st_patricks_day", "St Patrick's Day"),
		o(at(-21), "mothering_sunday", "Mothering Sunday (UK)"),
		o(at(-7), "palm_sunday", "Palm Sunday"),
		h(at(-2), "good_friday", "Good Friday"),
		h(e, "easter_sunday", "Easter Sunday"),
		h(at(1), "easter_monday", "Easter Monday"),
		o(nthWeekday(y, may, time.Sunday, 2), "mothers_day", "Mother's Day"),
		o(at(39), "ascension", "Ascension Day"),
		o(at(49), "pentecost", "Whitsunday (Pentecost)"),
		o(nthWeekday(y, jun, time.Sunday, 3), "fathers_day", "Father's Day"),
		o(Date{y, jun, 21}, "world_music_day", "World Music Day (Fête de la Musique)"),
		o(Date{y, jun, 24}, "midsummer", "Midsummer Day"),
		o(Date{y, oct, 31}, "halloween", "Halloween"),
		o(Date{y, nov, 11}, "remembrance_day", "Remembrance Day (Armistice Day)"),
		h(nthWeekday(y, nov, time.Thursday, 4), "thanksgiving", "Thanksgiving (United States)"),
		besideCand(advent1(y), "first_sunday_of_advent", "First Sunday of Advent (start of the Christmas season)", "season", tSeason),
		h(Date{y, dec, 24}, "christmas_eve", "Christmas Eve"),
		h(Date{y, dec, 25}, "christmas", "Christmas Day"),
		h(Date{y, dec, 26}, "boxing_day", "Boxing Day (St Stephen's Day)"),
		o(Date{y, dec, 31}, "new_years_eve", "New Year's Eve"),
	}
}
