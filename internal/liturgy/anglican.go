package liturgy

import "time"

// Common Worship (Church of England), the 1979 Book of Common Prayer
// (Episcopal Church) and the Book of Alternative Services (Anglican Church
// of Canada).

const (
	rPrincipalFeast = "principal_feast"
	rPrincipalHoly  = "principal_holy_day"
	rFestival       = "festival"
	rLesserFest     = "lesser_festival"
	rObservance     = "observance"
	rHolyDay        = "holy_day"
	rFeastOfLord    = "feast_of_our_lord"
	rMajorFeast     = "major_feast"
	rSpecialDev     = "day_of_special_devotion"
	rOptObservance  = "optional_observance"
	rSeasonDay      = "holy_week_day"
)

// cwFestival and friends keep the tables short.
func pf(m time.Month, d int, key, name, rank, typ string, prec int) protFixed {
	return protFixed{m: m, d: d, key: key, name: name, rank: rank, typ: typ, prec: prec}
}

// Common Worship: principal feasts, festivals and a selection of the lesser
// festivals (Common Worship: Times and Seasons, "Rules to Order the
// Christian Year"). A festival falling on a Sunday after the Epiphany season
// or after Trinity is kept on the Sunday (the Rules allow it there or on the
// Monday; this package takes the first); on a Sunday of Advent, Christmas,
// Lent or Eastertide, a principal feast or holy day, or in Holy Week and
// Easter Week it is transferred to the next available day (St Stephen on
// Sunday 26 December goes to the 29th, after St John and the Innocents).
var commonWorship = &protestantStyle{
	rPrincipal: rPrincipalFeast, rSunday: rSunday, rSolemnDay: rPrincipalHoly, rSeasonDay: rSeasonDay, rObservance: rObservance,
	pOrdinary: 790, pChristmasSunday: 810, scheme: schemeCW,
	christmasEve: true, rogation: true, trinityRank: rPrincipalFeast, corpusChristi: rFestival,
	names: map[string]string{
		"easter_sunday": "Easter Day", "baptism_of_the_lord": "The Baptism of Christ (First Sunday of Epiphany)",
		"holy_saturday": "Easter Eve", "first_sunday_after_christmas": "First Sunday of Christmas",
		"second_sunday_after_christmas": "Second Sunday of Christmas", "first_sunday_of_lent": "First Sunday of Lent",
		"second_sunday_of_lent": "Second Sunday of Lent", "third_sunday_of_lent": "Third Sunday of Lent", "fourth_sunday_of_lent": "Fourth Sunday of Lent (Mothering Sunday)",
		"fifth_sunday_of_lent": "Fifth Sunday of Lent (Passion Sunday)", "palm_sunday": "Palm Sunday",
		"epiphany": "The Epiphany", "ascension": "Ascension Day",
	},
	table: []protFixed{
		pf(jan, 1, "circumcision", "The Naming and Circumcision of Jesus", rFestival, tLord, 800),
		pf(jan, 2, "basil_and_gregory_nazianzen", "Basil the Great and Gregory of Nazianzus, Bishops, Teachers of the Faith", rLesserFest, tSaint, 700),
		pf(jan, 13, "hilary_of_poitiers", "Hilary, Bishop of Poitiers, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(jan, 17, "anthony_abbot", "Antony of Egypt, Hermit, Abbot", rLesserFest, tSaint, 700),
		pf(jan, 21, "agnes", "Agnes, Child Martyr at Rome", rLesserFest, tSaint, 700),
		pf(jan, 24, "francis_de_sales", "Francis de Sales, Bishop of Geneva, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(jan, 25, "conversion_of_st_paul", "The Conversion of Paul", rFestival, tSaint, 800),
		pf(jan, 26, "timothy_and_titus", "Timothy and Titus, Companions of Paul", rLesserFest, tSaint, 700),
		pf(jan, 28, "thomas_aquinas", "Thomas Aquinas, Priest, Philosopher, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(jan, 30, "charles_king_and_martyr", "Charles, King and Martyr", rLesserFest, tSaint, 700),
		pf(feb, 2, "presentation_of_the_lord", "The Presentation of Christ in the Temple (Candlemas)", rPrincipalFeast, tLord, 980),
		pf(feb, 14, "cyril_and_methodius", "Cyril and Methodius, Missionaries to the Slavs", rLesserFest, tSaint, 700),
		pf(feb, 23, "polycarp", "Polycarp, Bishop of Smyrna, Martyr", rLesserFest, tSaint, 700),
		pf(mar, 1, "st_david", "David, Bishop of Menevia, Patron of Wales", rLesserFest, tSaint, 700),
		pf(mar, 2, "chad", "Chad, Bishop of Lichfield, Missionary", rLesserFest, tSaint, 700),
		pf(mar, 7, "perpetua_and_felicity", "Perpetua, Felicity and their Companions, Martyrs at Carthage", rLesserFest, tSaint, 700),
		pf(mar, 17, "st_patrick", "Patrick, Bishop, Missionary, Patron of Ireland", rLesserFest, tSaint, 700),
		pf(mar, 19, "st_joseph", "Joseph of Nazareth", rFestival, tSaint, 800),
		pf(mar, 20, "cuthbert", "Cuthbert, Bishop of Lindisfarne, Missionary", rLesserFest, tSaint, 700),
		pf(mar, 25, "annunciation", "The Annunciation of Our Lord to the Blessed Virgin Mary", rPrincipalFeast, tLord, 965),
		pf(apr, 21, "anselm", "Anselm, Abbot of Le Bec, Archbishop of Canterbury, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(apr, 23, "st_george", "George, Martyr, Patron of England", rFestival, tSaint, 800),
		pf(apr, 25, "st_mark", "Mark the Evangelist", rFestival, tSaint, 800),
		pf(apr, 29, "catherine_of_siena", "Catherine of Siena, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(may, 1, "philip_and_james", "Philip and James, Apostles", rFestival, tSaint, 800),
		pf(may, 2, "athanasius", "Athanasius, Bishop of Alexandria, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(may, 8, "julian_of_norwich", "Julian of Norwich, Spiritual Writer", rLesserFest, tSaint, 700),
		pf(may, 14, "st_matthias", "Matthias the Apostle", rFestival, tSaint, 800),
		pf(may, 19, "dunstan", "Dunstan, Archbishop of Canterbury, Restorer of Monastic Life", rLesserFest, tSaint, 700),
		pf(may, 24, "john_and_charles_wesley", "John and Charles Wesley, Evangelists, Hymn Writers", rLesserFest, tSaint, 700),
		pf(may, 25, "bede", "The Venerable Bede, Monk at Jarrow, Scholar, Historian", rLesserFest, tSaint, 700),
		pf(may, 26, "augustine_of_canterbury", "Augustine, first Archbishop of Canterbury", rLesserFest, tSaint, 700),
		pf(may, 31, "visitation", "The Visit of the Blessed Virgin Mary to Elizabeth", rFestival, tMarian, 800),
		pf(jun, 1, "justin", "Justin, Martyr at Rome", rLesserFest, tSaint, 700),
		pf(jun, 5, "boniface", "Boniface (Wynfrith) of Crediton, Bishop, Apostle of Germany, Martyr", rLesserFest, tSaint, 700),
		pf(jun, 9, "columba", "Columba, Abbot of Iona, Missionary", rLesserFest, tSaint, 700),
		pf(jun, 11, "st_barnabas", "Barnabas the Apostle", rFestival, tSaint, 800),
		pf(jun, 22, "alban", "Alban, first Martyr of Britain", rLesserFest, tSaint, 700),
		pf(jun, 24, "nativity_of_john_the_baptist", "The Birth of John the Baptist", rFestival, tSaint, 800),
		pf(jun, 28, "irenaeus", "Irenaeus, Bishop of Lyons, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(jun, 29, "peter_and_paul", "Peter and Paul, Apostles", rFestival, tSaint, 800),
		pf(jul, 3, "st_thomas", "Thomas the Apostle", rFestival, tSaint, 800),
		pf(jul, 11, "benedict", "Benedict of Nursia, Abbot of Monte Cassino, Father of Western Monasticism", rLesserFest, tSaint, 700),
		pf(jul, 22, "mary_magdalene", "Mary Magdalene", rFestival, tSaint, 800),
		pf(jul, 25, "st_james", "James the Apostle", rFestival, tSaint, 800),
		pf(jul, 26, "joachim_and_anne", "Anne and Joachim, Parents of the Blessed Virgin Mary", rLesserFest, tSaint, 700),
		pf(jul, 29, "martha_mary_and_lazarus", "Mary, Martha and Lazarus, Companions of Our Lord", rLesserFest, tSaint, 700),
		pf(jul, 30, "william_wilberforce", "William Wilberforce, Social Reformer, and others", rLesserFest, tSaint, 700),
		pf(aug, 6, "transfiguration", "The Transfiguration of Our Lord", rFestival, tLord, 800),
		pf(aug, 8, "dominic", "Dominic, Priest, Founder of the Order of Preachers", rLesserFest, tSaint, 700),
		pf(aug, 10, "st_lawrence", "Laurence, Deacon at Rome, Martyr", rLesserFest, tSaint, 700),
		pf(aug, 11, "clare", "Clare of Assisi, Founder of the Minoresses (Poor Clares)", rLesserFest, tSaint, 700),
		pf(aug, 15, "st_mary_the_virgin", "The Blessed Virgin Mary", rFestival, tMarian, 800),
		pf(aug, 20, "bernard", "Bernard, Abbot of Clairvaux, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(aug, 24, "st_bartholomew", "Bartholomew the Apostle", rFestival, tSaint, 800),
		pf(aug, 28, "augustine", "Augustine, Bishop of Hippo, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(aug, 29, "beheading_of_john_the_baptist", "The Beheading of John the Baptist", rLesserFest, tSaint, 700),
		pf(aug, 31, "aidan", "Aidan, Bishop of Lindisfarne, Missionary", rLesserFest, tSaint, 700),
		pf(sep, 3, "gregory_the_great", "Gregory the Great, Bishop of Rome, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(sep, 13, "john_chrysostom", "John Chrysostom, Bishop of Constantinople, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(sep, 14, "exaltation_of_the_cross", "Holy Cross Day", rFestival, tLord, 800),
		pf(sep, 21, "st_matthew", "Matthew, Apostle and Evangelist", rFestival, tSaint, 800),
		pf(sep, 25, "lancelot_andrewes", "Lancelot Andrewes, Bishop of Winchester, Spiritual Writer", rLesserFest, tSaint, 700),
		pf(sep, 29, "michael_and_all_angels", "Michael and All Angels", rFestival, tSaint, 800),
		pf(oct, 4, "francis_of_assisi", "Francis of Assisi, Friar, Deacon, Founder of the Friars Minor", rLesserFest, tSaint, 700),
		pf(oct, 13, "edward_the_confessor", "Edward the Confessor, King of England", rLesserFest, tSaint, 700),
		pf(oct, 15, "teresa_of_jesus", "Teresa of Avila, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(oct, 17, "ignatius_of_antioch", "Ignatius, Bishop of Antioch, Martyr", rLesserFest, tSaint, 700),
		pf(oct, 18, "st_luke", "Luke the Evangelist", rFestival, tSaint, 800),
		pf(oct, 28, "simon_and_jude", "Simon and Jude, Apostles", rFestival, tSaint, 800),
		pf(nov, 1, "all_saints", "All Saints' Day", rPrincipalFeast, tSaint, 995),
		pf(nov, 2, "all_souls", "Commemoration of the Faithful Departed (All Souls' Day)", rLesserFest, tDeparted, 700),
		pf(nov, 3, "richard_hooker", "Richard Hooker, Priest, Anglican Apologist, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(nov, 11, "martin_of_tours", "Martin, Bishop of Tours", rLesserFest, tSaint, 700),
		pf(nov, 16, "margaret_of_scotland", "Margaret, Queen of Scotland, Philanthropist, Reformer of the Church", rLesserFest, tSaint, 700),
		pf(nov, 17, "hugh_of_lincoln", "Hugh, Bishop of Lincoln", rLesserFest, tSaint, 700),
		pf(nov, 19, "hilda", "Hilda, Abbess of Whitby", rLesserFest, tSaint, 700),
		pf(nov, 30, "st_andrew", "Andrew the Apostle", rFestival, tSaint, 800),
		pf(dec, 6, "nicholas", "Nicholas, Bishop of Myra", rLesserFest, tSaint, 700),
		pf(dec, 7, "ambrose", "Ambrose, Bishop of Milan, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(dec, 8, "conception_of_mary", "The Conception of the Blessed Virgin Mary", rLesserFest, tMarian, 700),
		pf(dec, 13, "lucy", "Lucy, Martyr at Syracuse", rLesserFest, tSaint, 700),
		pf(dec, 14, "john_of_the_cross", "John of the Cross, Poet, Teacher of the Faith", rLesserFest, tSaint, 700),
		pf(dec, 26, "st_stephen", "Stephen, Deacon, First Martyr", rFestival, tSaint, 800),
		pf(dec, 27, "st_john", "John, Apostle and Evangelist", rFestival, tSaint, 800),
		pf(dec, 28, "holy_innocents", "The Holy Innocents", rFestival, tSaint, 800),
		pf(dec, 29, "thomas_becket", "Thomas Becket, Archbishop of Canterbury, Martyr", rLesserFest, tSaint, 700),
	},
	extra: func(y int, add func(*cand)) {
		add(besideCand(nthWeekday(y, time.November, time.Sunday, 2), "remembrance_sunday", "Remembrance Sunday", rObservance, tObservance))
	},
}

// anglicanHolyDays are the red-letter days the 1979 Prayer Book and the
// Book of Alternative Services share (rank and precedence filled in by each).
var anglicanHolyDays = []protFixed{
	{m: jan, d: 1, key: "circumcision", name: "The Holy Name of Our Lord Jesus Christ", typ: tLord},
	{m: jan, d: 18, key: "confession_of_st_peter", name: "The Confession of Saint Peter the Apostle", typ: tSaint},
	{m: jan, d: 25, key: "conversion_of_st_paul", name: "The Conversion of Saint Paul the Apostle", typ: tSaint},
	{m: feb, d: 2, key: "presentation_of_the_lord", name: "The Presentation of Our Lord Jesus Christ in the Temple", typ: tLord},
	{m: feb, d: 24, key: "st_matthias", name: "Saint Matthias the Apostle", typ: tSaint},
	{m: mar, d: 19, key: "st_joseph", name: "Saint Joseph", typ: tSaint},
	{m: mar, d: 25, key: "annunciation", name: "The Annunciation of Our Lord Jesus Christ to the Blessed Virgin Mary", typ: tLord},
	{m: apr, d: 25, key: "st_mark", name: "Saint Mark the Evangelist", typ: tSaint},
	{m: may, d: 1, key: "philip_and_james", name: "Saint Philip and Saint James, Apostles", typ: tSaint},
	{m: may, d: 31, key: "visitation", name: "The Visitation of the Blessed Virgin Mary", typ: tMarian},
	{m: jun, d: 11, key: "st_barnabas", name: "Saint Barnabas the Apostle", typ: tSaint},
	{m: jun, d: 24, key: "nativity_of_john_the_baptist", name: "The Nativity of Saint John the Baptist", typ: tSaint},
	{m: jun, d: 29, key: "peter_and_paul", name: "Saint Peter and Saint Paul, Apostles", typ: tSaint},
	{m: jul, d: 22, key: "mary_magdalene", name: "Saint Mary Magdalene", typ: tSaint},
	{m: jul, d: 25, key: "st_james", name: "Saint James the Apostle", typ: tSaint},
	{m: aug, d: 6, key: "transfiguration", name: "The Transfiguration of Our Lord Jesus Christ", typ: tLord},
	{m: aug, d: 15, key: "st_mary_the_virgin", name: "Saint Mary the Virgin, Mother of Our Lord Jesus Christ", typ: tMarian},
	{m: aug, d: 24, key: "st_bartholomew", name: "Saint Bartholomew the Apostle", typ: tSaint},
	{m: sep, d: 14, key: "exaltation_of_the_cross", name: "Holy Cross Day", typ: tLord},
	{m: sep, d: 21, key: "st_matthew", name: "Saint Matthew, Apostle and Evangelist", typ: tSaint},
	{m: sep, d: 29, key: "michael_and_all_angels", name: "Saint Michael and All Angels", typ: tSaint},
	{m: oct, d: 18, key: "st_luke", name: "Saint Luke the Evangelist", typ: tSaint},
	{m: oct, d: 28, key: "simon_and_jude", name: "Saint Simon and Saint Jude, Apostles", typ: tSaint},
	{m: nov, d: 30, key: "st_andrew", name: "Saint Andrew the Apostle", typ: tSaint},
	{m: dec, d: 21, key: "st_thomas", name: "Saint Thomas the Apostle", typ: tSaint},
	{m: dec, d: 26, key: "st_stephen", name: "Saint Stephen, Deacon and Martyr", typ: tSaint},
	{m: dec, d: 27, key: "st_john", name: "Saint John, Apostle and Evangelist", typ: tSaint},
	{m: dec, d: 28, key: "holy_innocents", name: "The Holy Innocents", typ: tSaint},
}

// holyDays fills in rank and precedence: the feasts listed in overSunday
// take the place of a Sunday (860); the others are transferred (800).
func holyDays(base []protFixed, lordRank, otherRank string, overSunday map[string]bool, more ...protFixed) []protFixed {
	out := make([]protFixed, 0, len(base)+len(more))
	for _, f := range base {
		f.rank, f.prec = otherRank, 800
		if f.typ == tLord {
			f.rank = lordRank
		}
		if overSunday[f.key] {
			f.prec = 860
		}
		out = append(out, f)
	}
	return append(out, more...)
}

// The 1979 Prayer Book (pp. 15-18): the seven principal feasts; the Holy
// Name, the Presentation and the Transfiguration take precedence of a
// Sunday; other feasts of our Lord and major feasts on a Sunday are
// transferred to the first convenient open day of the week; holy days in
// Holy Week and Easter Week go to the week after the Second Sunday of
// Easter in the order of their occurrence. Lesser feasts are a selection
// from Lesser Feasts and Fasts.
var episcopal = &protestantStyle{
	rPrincipal: rPrincipalFeast, rSunday: rSunday, rSolemnDay: rSpecialDev, rSeasonDay: rSpecialDev, rObservance: rOptObservance,
	pOrdinary: 850, pChristmasSunday: 850, scheme: schemePentecost, rogation: true, ember: true,
	lastAfterEpiphany: "last_sunday_after_epiphany", trinityRank: rPrincipalFeast,
	names: map[string]string{
		"baptism_of_the_lord": "The First Sunday after the Epiphany: The Baptism of Our Lord", "palm_sunday": "The Sunday of the Passion: Palm Sunday",
		"holy_thursday": "Maundy Thursday", "pentecost": "The Day of Pentecost", "trinity_sunday": "The First Sunday after Pentecost: Trinity Sunday",
		"christ_the_king": "The Last Sunday after Pentecost (Christ the King)",
	},
	table: holyDays(anglicanHolyDays, rFeastOfLord, rMajorFeast,
		map[string]bool{"circumcision": true, "presentation_of_the_lord": true, "transfiguration": true},
		pf(jul, 4, "independence_day", "Independence Day", rMajorFeast, tHoliday, 800),
		pf(oct, 23, "james_of_jerusalem", "Saint James of Jerusalem, Brother of Our Lord Jesus Christ, and Martyr", rMajorFeast, tSaint, 800),
		pf(nov, 1, "all_saints", "All Saints' Day", rPrincipalFeast, tSaint, 995),
		pf(feb, 14, "cyril_and_methodius", "Cyril, Monk, and Methodius, Bishop, Missionaries to the Slavs", rOptObservance, tSaint, 700),
		pf(mar, 17, "st_patrick", "Saint Patrick, Bishop and Missionary of Ireland", rOptObservance, tSaint, 700),
		pf(jul, 11, "benedict", "Benedict of Nursia, Abbot of Monte Cassino", rOptObservance, tSaint, 700),
		pf(jul, 28, "bach_handel_and_purcell", "Johann Sebastian Bach, George Frederick Handel and Henry Purcell, Composers", rOptObservance, tSaint, 700),
		pf(aug, 28, "augustine", "Augustine, Bishop of Hippo", rOptObservance, tSaint, 700),
		pf(oct, 4, "francis_of_assisi", "Francis of Assisi, Friar", rOptObservance, tSaint, 700),
		pf(nov, 2, "all_souls", "Commemoration of All Faithful Departed", rOptObservance, tDeparted, 700),
		pf(dec, 6, "nicholas", "Nicholas, Bishop of Myra", rOptObservance, tSaint, 700),
	),
	extra: func(y int, add func(*cand)) {
		c := newCand(nthWeekday(y, time.November, time.Thursday, 4), "thanksgiving_day", "Thanksgiving Day", rMajorFeast, tHoliday, 800)
		c.move = nextTransfer
		add(c)
	},
}

// The Book of Alternative Services (1985): six principal feasts (Trinity
// Sunday is a Sunday); the Presentation, the Birth of John the Baptist,
// Peter and Paul, Saint Mary the Virgin, Holy Cross Day and Michael and All
// Angels take precedence of a Sunday outside Advent, Lent and Easter; the
// other holy days are transferred as in the 1979 book.
var anglicanCanada = &protestantStyle{
	rPrincipal: rPrincipalFeast, rSunday: rSunday, rSolemnDay: rHolyDay, rSeasonDay: rHolyDay, rObservance: rObservance,
	pOrdinary: 850, pChristmasSunday: 850, scheme: schemePentecost,
	lastAfterEpiphany: "last_sunday_after_epiphany", trinityRank: rSunday,
	names: map[string]string{
		"baptism_of_the_lord": "The Baptism of the Lord", "palm_sunday": "The Sunday of the Passion with the Liturgy of the Palms",
		"christ_the_king": "The Reign of Christ (Last Sunday after Pentecost)", "easter_sunday": "Easter Day",
	},
	table: holyDays(anglicanHolyDays, rHolyDay, rHolyDay,
		map[string]bool{"presentation_of_the_lord": true, "nativity_of_john_the_baptist": true, "peter_and_paul": true,
			"st_mary_the_virgin": true, "exaltation_of_the_cross": true, "michael_and_all_angels": true},
		pf(nov, 1, "all_saints", "All Saints' Day", rPrincipalFeast, tSaint, 995),
		pf(jun, 21, "national_indigenous_day_of_prayer", "National Indigenous Day of Prayer", rObservance, tObservance, 700),
		pf(nov, 2, "all_souls", "Commemoration of All the Faithful Departed", "memorial", tDeparted, 700),
	),
	extra: func(y int, add func(*cand)) {
		c := newCand(nthWeekday(y, time.October, time.Monday, 2), "thanksgiving_day", "Thanksgiving Day", rHolyDay, tHoliday, 800)
		c.move = nextTransfer
		add(c)
	},
}

func buildCommonWorship(y int) []*cand  { return commonWorship.build(y) }
func buildEpiscopal(y int) []*cand      { return episcopal.build(y) }
func buildAnglicanCanada(y int) []*cand { return anglicanCanada.build(y) }
