package liturgy

import "time"

// The Lutheran calendars: Evangelical Lutheran Worship (ELCA, 2006) and the
// Lutheran Service Book (LCMS, 2006). A lesser festival (ELCA) or festival
// (LCMS) that falls on a Sunday after the Epiphany or after Pentecost is kept
// on the Sunday, as both books allow; on a Sunday of Christmas, Advent, Lent
// or Easter, a principal festival, or in Holy Week and Easter Week it is
// transferred to the next available day.

const (
	rPrincipalFestival = "principal_festival"
	rPrincipalObs      = "principal_observance"
	rLesserFestival    = "lesser_festival"
	rCommemoration     = "commemoration"
	rOccasion          = "occasion"
)

var lutheranFestivals = []protFixed{
	{m: jan, d: 18, key: "confession_of_st_peter", name: "Confession of Peter", typ: tSaint},
	{m: jan, d: 25, key: "conversion_of_st_paul", name: "Conversion of Paul", typ: tSaint},
	{m: feb, d: 24, key: "st_matthias", name: "Matthias, Apostle", typ: tSaint},
	{m: mar, d: 19, key: "st_joseph", name: "Joseph, Guardian of Jesus", typ: tSaint},
	{m: apr, d: 25, key: "st_mark", name: "Mark, Evangelist", typ: tSaint},
	{m: may, d: 1, key: "philip_and_james", name: "Philip and James, Apostles", typ: tSaint},
	{m: may, d: 31, key: "visitation", name: "Visit of Mary to Elizabeth", typ: tMarian},
	{m: jun, d: 11, key: "st_barnabas", name: "Barnabas, Apostle", typ: tSaint},
	{m: jun, d: 24, key: "nativity_of_john_the_baptist", name: "John the Baptist", typ: tSaint},
	{m: jun, d: 29, key: "peter_and_paul", name: "Peter and Paul, Apostles", typ: tSaint},
	{m: jul, d: 22, key: "mary_magdalene", name: "Mary Magdalene, Apostle", typ: tSaint},
	{m: jul, d: 25, key: "st_james", name: "James, Apostle", typ: tSaint},
	{m: aug, d: 15, key: "st_mary_the_virgin", name: "Mary, Mother of Our Lord", typ: tMarian},
	{m: aug, d: 24, key: "st_bartholomew", name: "Bartholomew, Apostle", typ: tSaint},
	{m: sep, d: 14, key: "exaltation_of_the_cross", name: "Holy Cross Day", typ: tLord},
	{m: sep, d: 21, key: "st_matthew", name: "Matthew, Apostle and Evangelist", typ: tSaint},
	{m: sep, d: 29, key: "michael_and_all_angels", name: "Michael and All Angels", typ: tSaint},
	{m: oct, d: 18, key: "st_luke", name: "Luke, Evangelist", typ: tSaint},
	{m: oct, d: 23, key: "james_of_jerusalem", name: "James of Jerusalem, Brother of Jesus", typ: tSaint},
	{m: oct, d: 28, key: "simon_and_jude", name: "Simon and Jude, Apostles", typ: tSaint},
	{m: oct, d: 31, key: "reformation_day", name: "Reformation Day", typ: tObservance},
	{m: nov, d: 1, key: "all_saints", name: "All Saints Day", typ: tSaint},
	{m: nov, d: 30, key: "st_andrew", name: "Andrew, Apostle", typ: tSaint},
	{m: dec, d: 21, key: "st_thomas", name: "Thomas, Apostle", typ: tSaint},
	{m: dec, d: 26, key: "st_stephen", name: "Stephen, Deacon and Martyr", typ: tSaint},
	{m: dec, d: 27, key: "st_john", name: "John, Apostle and Evangelist", typ: tSaint},
	{m: dec, d: 28, key: "holy_innocents", name: "The Holy Innocents, Martyrs", typ: tSaint},
}

func withRank(base []protFixed, rank string, prec int, more ...protFixed) []protFixed {
	out := make([]protFixed, 0, len(base)+len(more))
	for _, f := range base {
		f.rank, f.prec = rank, prec
		out = append(out, f)
	}
	return append(out, more...)
}

var elca = &protestantStyle{
	rPrincipal: rPrincipalFestival, rSunday: rSunday, rSolemnDay: rPrincipalObs, rSeasonDay: rPrincipalObs, rObservance: rOccasion,
	pOrdinary: 790, pChristmasSunday: 810, scheme: schemePentecost, christmasEve: true,
	lastAfterEpiphany: "transfiguration", trinityRank: rPrincipalFestival,
	names: map[string]string{
		"easter_sunday": "Resurrection of Our Lord (Easter Day)", "christmas": "Nativity of Our Lord (Christmas Day)",
		"epiphany": "Epiphany of Our Lord", "baptism_of_the_lord": "Baptism of Our Lord", "transfiguration": "Transfiguration of Our Lord",
		"palm_sunday": "Sunday of the Passion (Palm Sunday)", "ascension": "Ascension of Our Lord", "pentecost": "Day of Pentecost",
		"trinity_sunday": "The Holy Trinity", "christ_the_king": "Christ the King (Last Sunday after Pentecost)",
		"first_sunday_after_christmas": "First Sunday of Christmas", "second_sunday_after_christmas": "Second Sunday of Christmas",
	},
	table: withRank(lutheranFestivals, rLesserFestival, 800,
		pf(jan, 1, "circumcision", "Name of Jesus", rLesserFestival, tLord, 800),
		pf(feb, 2, "presentation_of_the_lord", "Presentation of Our Lord", rLesserFestival, tLord, 800),
		pf(mar, 25, "annunciation", "Annunciation of Our Lord", rLesserFestival, tLord, 800),
		pf(feb, 18, "martin_luther", "Martin Luther, renewer of the church", rCommemoration, tSaint, 600),
		pf(jun, 25, "presentation_of_the_augsburg_confession", "Presentation of the Augsburg Confession", rCommemoration, tObservance, 600),
		pf(jul, 28, "bach_schutz_and_handel", "Johann Sebastian Bach, Heinrich Schütz, George Frederick Handel, musicians", rCommemoration, tSaint, 600),
	),
	extra: func(y int, add func(*cand)) {
		add(besideCand(nthWeekday(y, time.November, time.Thursday, 4), "thanksgiving_day", "Day of Thanksgiving (USA)", rOccasion, tHoliday))
	},
}

var lcmsStyle = &protestantStyle{
	rPrincipal: rPrincipalFeast, rSunday: rSunday, rSolemnDay: rObservance, rSeasonDay: rObservance, rObservance: rOccasion,
	pOrdinary: 790, pChristmasSunday: 810, scheme: schemeLCMS, christmasEve: true,
	lastAfterEpiphany: "transfiguration", trinityRank: rPrincipalFeast,
	names: map[string]string{
		"easter_sunday": "The Resurrection of Our Lord (Easter Day)", "christmas": "The Nativity of Our Lord (Christmas Day)",
		"epiphany": "The Epiphany of Our Lord", "baptism_of_the_lord": "The Baptism of Our Lord", "transfiguration": "The Transfiguration of Our Lord",
		"palm_sunday": "Palm Sunday (Sunday of the Passion)", "ascension": "The Ascension of Our Lord", "pentecost": "The Day of Pentecost",
		"trinity_sunday": "The Holy Trinity", "first_sunday_after_christmas": "First Sunday after Christmas",
	},
	table: withRank(lutheranFestivals, rFestival, 800,
		pf(jan, 1, "circumcision", "Circumcision and Name of Jesus", rPrincipalFeast, tLord, 860),
		pf(jan, 24, "timothy", "St. Timothy, Pastor and Confessor", rFestival, tSaint, 800),
		pf(jan, 26, "titus", "St. Titus, Pastor and Confessor", rFestival, tSaint, 800),
		pf(feb, 2, "presentation_of_the_lord", "The Purification of Mary and the Presentation of Our Lord", rPrincipalFeast, tLord, 860),
		pf(mar, 25, "annunciation", "The Annunciation of Our Lord", rPrincipalFeast, tLord, 860),
		pf(aug, 29, "beheading_of_john_the_baptist", "The Martyrdom of St. John the Baptist", rFestival, tSaint, 800),
		pf(feb, 18, "martin_luther", "Martin Luther, Doctor and Confessor", rCommemoration, tSaint, 600),
		pf(may, 7, "cfw_walther", "C. F. W. Walther, Theologian", rCommemoration, tSaint, 600),
		pf(jun, 25, "presentation_of_the_augsburg_confession", "Presentation of the Augsburg Confession", rCommemoration, tObservance, 600),
		pf(jul, 28, "bach", "Johann Sebastian Bach, Kantor", rCommemoration, tSaint, 600),
		pf(nov, 11, "martin_of_tours", "Martin of Tours, Pastor", rCommemoration, tSaint, 600),
	),
	extra: func(y int, add func(*cand)) {
		add(besideCand(nthWeekday(y, time.November, time.Thursday, 4), "thanksgiving_day", "Day of Thanksgiving", rOccasion, tHoliday))
	},
}

func buildELCA(y int) []*cand { return elca.build(y) }
func buildLCMS(y int) []*cand { return lcmsStyle.build(y) }
