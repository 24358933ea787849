// Package liturgy computes liturgical calendars: for each of the sixteen
// calendar types of the catalogue and any civil year from 1900 to 2200, the
// feasts and observances of that year, with the tradition's precedence and
// transfer rules applied. It is pure logic: standard library only, no
// database, no HTTP, no clock.
//
// # Use
//
//	days, err := liturgy.Compute("general_roman_ordinary", 2035)
//	year, err := liturgy.LiturgicalYear("general_roman_ordinary", day.Date)
//
// A Day carries a civil Date (a plain year-month-day value, see Date), a
// stable snake_case English FeastKey shared by every calendar where the
// observance is the same (easter_sunday, st_joseph, peter_and_paul), a
// default English Name, a Rank in the tradition's own terms, a Type, and
// Transferred with OriginalDate when the rules moved it. A day that is
// impeded and that its tradition does not transfer is left out for that
// year (it would only be commemorated); nothing the rules transfer is
// dropped. The list holds the day's celebration and, beside it, the
// observances that do not compete with it (Ember and Rogation days, fasts,
// vigils of the older rubrics, civil days).
//
// # Computus
//
// Western Easter by the Gregorian computus (WesternEaster); Orthodox Pascha
// by the Julian computus, converted day for day to the civil calendar
// (OrthodoxPascha): 13 days from March 1900 to February 2100, 14 from
// 1 March 2100, 15 from 1 March 2200.
//
// # Calendars, rules and rank vocabularies
//
// general_roman_ordinary and the five national calendars follow the
// Universal Norms on the Liturgical Year and the Calendar (UNLY) and the
// notifications of the Congregation for Divine Worship. Ranks: solemnity,
// feast, memorial, optional_memorial, commemoration (a memorial on a weekday
// of Lent, 17-24 December or the Christmas octave, and All Souls), sunday,
// triduum, privileged_weekday (Ash Wednesday, Holy Week). A solemnity on a
// Sunday of Advent, Lent or Easter goes to the Monday; in Holy Week to the
// nearest free day before Palm Sunday (St Joseph to the Saturday), except the
// Annunciation (and St George in England), which goes to the Monday after
// the Second Sunday of Easter, as does any solemnity in the Easter octave;
// otherwise to the nearest free day, the later on a tie — except that the
// Nativity of St John the Baptist impeded by the Sacred Heart is anticipated
// to 23 June, as the Congregation decided for 2022. Two obligatory
// memorials on one day both become optional; Mary, Mother of the Church
// prevails over another memorial.
//
//   - novus_ordo_usa: Epiphany on the Sunday between 2 and 8 January (the
//     Baptism on the Monday when Epiphany is the 7th or 8th), Ascension and
//     Corpus Christi on Sunday (the Ascension stays on Thursday in six
//     provinces — Boston, Hartford, New York, Newark, Omaha, Philadelphia —
//     which this calendar does not model), the Immaculate Conception as
//     patronal solemnity, Our Lady of Guadalupe a feast, the US saints.
//   - novus_ordo_canada: Epiphany, Ascension and Corpus Christi on Sunday;
//     St Joseph principal patron; the Canadian Martyrs a feast on 26
//     September; the Canadian saints.
//   - novus_ordo_england_wales: the National Calendar for England (where
//     England and Wales differ, England's ranks: St George a solemnity, St
//     David a feast); Epiphany on 6 January or the adjacent Sunday when it
//     falls on a Saturday or Monday; Ascension on Thursday; Corpus Christi on
//     Sunday; Peter and Paul, the Assumption and All Saints on the Sunday
//     when they fall on a Saturday or Monday (All Souls then on 3 November);
//     the patrons of Europe as feasts.
//   - novus_ordo_australia: Epiphany, Ascension and Corpus Christi on
//     Sunday; St Patrick, Our Lady Help of Christians and St Mary MacKillop
//     solemnities.
//   - novus_ordo_ireland: Epiphany on 6 January; Ascension and Corpus
//     Christi on Sunday (since 1996); St Patrick a solemnity, St Brigid and
//     St Columba feasts; the patrons of Europe as feasts.
//
// roman_1962_extraordinary follows the rubrics of 1960 (see
// roman_traditional.go for the precedence scale). Ranks class_i, class_ii,
// class_iii; Ember days class_ii (class_i in the Pentecost octave);
// Rogation days and the Greater Litanies class_ii (the II class votive Mass
// of the Rogations). Septuagesima to Quinquagesima; Ember days after the
// Third Sunday of Advent, the First of Lent, Pentecost and the third Sunday
// of September; Holy Name on the Sunday from 2 to 5 January, else 2
// January; Holy Family on the First Sunday after the Epiphany; Christ the
// King on the last Sunday of October; the Sundays after Epiphany and after
// Pentecost, those beyond the Twenty-third taking the Sundays after the
// Epiphany left over and the last always the Twenty-fourth's. Only I class
// feasts are transferred, to the next weekday that no I class day holds (so
// the Annunciation and St Joseph impeded in Holy Week go after Low Sunday);
// the Immaculate Conception takes the place of an Advent Sunday; All Souls
// on a Sunday goes to 3 November. III class feasts give way to the ferias of
// Lent and of 17-23 December, the Christmas octave and Ember days.
//
// roman_1955_pre_reform is read as the General Roman Calendar at the end of
// 1954 under the rubrics of Divino Afflatu (1911), before the decree Cum
// nostra and the Holy Week of 1955: ranks double_i_class, double_ii_class,
// greater_double, double, semidouble, simple; Sundays
// greater_sunday_i_class, greater_sunday_ii_class, minor_sunday; ferias
// greater_privileged_feria and greater_feria; vigil_i_class, vigil_ii_class,
// common_vigil; rogation_day. It keeps the old octaves (their octave days
// are listed, not the days within), the Solemnity of St Joseph on the
// Wednesday before the Third Sunday after Easter, Philip and James on 1 May,
// the Finding of the Cross, the vigils (as fasting days beside the office,
// anticipated on Saturday when they fall on a Sunday), the September Ember
// days in the week after the Exaltation of the Cross, the Holy Family on the
// Sunday within the octave of the Epiphany (Saturday 12 January when that
// Sunday would be the octave day), the Sunday within the Christmas octave on
// 30 December when a feast of the octave takes it, and the Queenship of Our
// Lady (instituted October 1954). Doubles of the I and II class are
// transferred; feasts of the Lord take the place of a minor Sunday.
//
// The Saturday Holy Family is the rule of that calendar, not of the one
// after it. Divinum Officium lists both (web/www/Tabulae/data.txt): its
// "Divino Afflatu - 1954" is this calendar, and takes its transfers from
// "Divino Afflatu - 1939", whose table DA holds the line
// "01-12=Tempora/Epi1-0;;DA" of Tabulae/Transfer/f.txt (the Sunday letter f:
// the Epiphany on a Sunday), which puts the First Sunday after the Epiphany's
// office, the Holy Family, on Saturday 12 January. Its "Reduced - 1955" is
// the calendar of the decree Cum nostra hac aetate (23 March 1955, in force
// from 1 January 1956), which suppressed the octave of the Epiphany and so
// uses the 1960 table, where the feast keeps its Sunday; that is the rule
// of roman_1962_extraordinary here. Hence 12 January 2002, 2013, 2019 and
// 2030 in roman_1955_pre_reform, and the 13th in roman_1962_extraordinary.
//
// anglican_common_worship: ranks principal_feast, principal_holy_day,
// festival, lesser_festival (a selection), sunday, holy_week_day,
// observance (Rogation days, Christmas Eve, Remembrance Sunday). Christ the
// King is the Sunday next before Advent; the Sundays of Epiphany, before
// Lent, after Trinity and before Advent are named as in Common Worship;
// Corpus Christi is listed as the festival it may be kept as. Epiphany,
// the Presentation and All Saints are given on their dates, not on the
// Sundays the Rules allow instead.
//
// episcopal_usa (1979 Prayer Book): principal_feast, sunday,
// feast_of_our_lord, major_feast (including Independence Day and
// Thanksgiving Day), day_of_special_devotion, optional_observance (a few
// lesser feasts, Ember and Rogation days). anglican_canada (Book of
// Alternative Services): principal_feast, sunday, holy_day, memorial,
// observance; Thanksgiving on the second Monday of October. Holy days in
// Holy Week or Easter Week go to the Monday after the Second Sunday of
// Easter and the days after it in the order of their dates.
//
// lutheran_elca (Evangelical Lutheran Worship): principal_festival,
// principal_observance (Ash Wednesday, Holy Week), sunday,
// lesser_festival, commemoration (a few), occasion. lutheran_lcms (Lutheran
// Service Book): principal_feast (the principal feasts of Christ), sunday,
// festival, commemoration (a few), observance (Ash Wednesday, Holy Week),
// occasion; the last three Sundays are the Third-Last, Second-Last and
// Last Sundays of the Church Year. In both, the Transfiguration is the
// Last Sunday after the Epiphany.
//
// orthodox_eastern and orthodox_russian: see orthodox.go. secular_general:
// see secular.go.
//
// # Not modelled
//
// Diocesan and parish calendars (patrons, dedications); the optional
// displacements the books allow (Epiphany on a Sunday in Common Worship and
// the Prayer Books, All Saints' Sunday, a patronal festival on a Sunday);
// the Saturday memorial of Our Lady; commemorations of the older rubrics;
// the ferias of the seasons (only their Sundays and privileged days are
// listed); the numbered Sundays after Pentecost of the Orthodox year and the
// Lukan jump; and the complete sanctoral cycles of the Anglican and Lutheran
// books beyond their festivals and a selection of lesser days.
package liturgy
