package liturgy

import "time"

// The traditional Roman calendars.
//
// roman_1962_extraordinary follows the rubrics of 1960 (Rubricae generales,
// incorporated in the Missal of 1962). Its precedence scale:
//
//	1000 Christmas, Easter, Pentecost      990 the Triduum
//	 980 Christmas Eve; the octave days of Easter and Pentecost
//	 975 the Immaculate Conception (which the rubrics let take the place of an Advent Sunday)
//	 970 Sundays of I class                960 Ash Wednesday; Monday to Wednesday of Holy Week
//	 941 I class feasts of the Lord of the temporal cycle (before those of fixed date)
//	 940 I class feasts of the Lord        925 All Souls   920 other I class feasts (922 the Annunciation)
//	 910 the Vigil of Pentecost
//	 600 II class feasts of the Lord (the Purification and the Lateran dedication count as such)
//	 550 Sundays of II class               500 II class feasts
//	 480 days within the Christmas octave  470 Advent ferias of 17-23 December
//	 460 Ember days of II class            450 II class vigils
//	 350 ferias of Lent and Passiontide    300 III class feasts and vigils
//
// roman_1955_pre_reform follows the rubrics of Divino Afflatu (1911) as they
// stood at the end of 1954, before the decree Cum nostra (1955) and the new
// Holy Week: doubles of the I and II class, greater doubles, doubles,
// semidoubles and simples; the old octaves (their octave days are listed);
// the old vigils (listed as fasting days beside the office, anticipated on
// the Saturday when they fall on a Sunday); the Solemnity of St Joseph on
// the Wednesday before the third Sunday after Easter; Saints Philip and James
// on 1 May; the September Ember days after the Exaltation of the Cross; the
// Queenship of Our Lady (instituted October 1954) included. Its scale:
//
//	1000 Christmas, Easter, Pentecost      990 the Triduum
//	 985 the octave days of Easter and Pentecost
//	 970 greater Sundays of I class        960 Ash Wednesday, Holy Week
//	 955 Christmas Eve                     946/945 doubles I class of the Lord (temporal/fixed); 940 others (942 the Annunciation)
//	 930 All Souls                         910 the Vigil of Pentecost
//	 900 greater Sundays of II class       805/800 doubles II class (of the Lord/others)
//	 760 greater doubles and doubles of the Lord (they take the place of a minor Sunday)
//	 750 minor Sundays                     700 greater doubles   650 doubles
//	 600 semidoubles                       500 simples
//
// In both, only the highest classes are transferred when impeded (I class in
// 1962; I and II class doubles before 1955), to the next weekday that no
// feast of that class occupies; everything else impeded is commemorated,
// which this package leaves out.

type tradFixed struct {
	m        time.Month
	d        int
	key      string
	name     string
	r62, r55 string // the rank in each calendar; "" where that calendar does not keep it
	typ      string
}

const (
	c1 = "class_i"
	c2 = "class_ii"
	c3 = "class_iii"

	d1  = "double_i_class"
	d2  = "double_ii_class"
	gd  = "greater_double"
	dbl = "double"
	sd  = "semidouble"
	smp = "simple"

	gs1  = "greater_sunday_i_class"
	gs2  = "greater_sunday_ii_class"
	msun = "minor_sunday"
	gpf  = "greater_privileged_feria"
	gf   = "greater_feria"
	v1   = "vigil_i_class"
	v2   = "vigil_ii_class"
	cv   = "common_vigil"
	rog  = "rogation_day"
)

var traditionalSanctoral = []tradFixed{
	{jan, 1, "circumcision", "The Circumcision of Our Lord and Octave Day of the Nativity", c1, d2, tLord},
	{jan, 6, "epiphany", "The Epiphany of Our Lord", c1, d1, tLord},
	{jan, 13, "baptism_of_the_lord", "The Commemoration of the Baptism of Our Lord", c2, "", tLord},
	{jan, 13, "octave_of_the_epiphany", "The Octave Day of the Epiphany", "", gd, tLord},
	{jan, 14, "hilary_of_poitiers", "St Hilary, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{jan, 15, "paul_the_first_hermit", "St Paul, the First Hermit", c3, dbl, tSaint},
	{jan, 16, "marcellus_i", "St Marcellus I, Pope and Martyr", c3, sd, tSaint},
	{jan, 17, "anthony_abbot", "St Anthony, Abbot", c3, dbl, tSaint},
	{jan, 18, "chair_of_st_peter_at_rome", "The Chair of St Peter at Rome", "", gd, tSaint},
	{jan, 20, "fabian_and_sebastian", "Sts Fabian and Sebastian, Martyrs", c3, dbl, tSaint},
	{jan, 21, "agnes", "St Agnes, Virgin and Martyr", c3, dbl, tSaint},
	{jan, 22, "vincent_and_anastasius", "Sts Vincent and Anastasius, Martyrs", c3, sd, tSaint},
	{jan, 23, "raymond_of_penyafort", "St Raymund of Peñafort, Confessor", c3, sd, tSaint},
	{jan, 24, "timothy", "St Timothy, Bishop and Martyr", c3, dbl, tSaint},
	{jan, 25, "conversion_of_st_paul", "The Conversion of St Paul, Apostle", c3, gd, tSaint},
	{jan, 26, "polycarp", "St Polycarp, Bishop and Martyr", c3, dbl, tSaint},
	{jan, 27, "john_chrysostom", "St John Chrysostom, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{jan, 28, "peter_nolasco", "St Peter Nolasco, Confessor", c3, dbl, tSaint},
	{jan, 29, "francis_de_sales", "St Francis de Sales, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{jan, 30, "martina", "St Martina, Virgin and Martyr", c3, sd, tSaint},
	{jan, 31, "john_bosco", "St John Bosco, Confessor", c3, dbl, tSaint},
	{feb, 1, "ignatius_of_antioch", "St Ignatius, Bishop and Martyr", c3, dbl, tSaint},
	{feb, 2, "presentation_of_the_lord", "The Purification of the Blessed Virgin Mary (Candlemas)", c2, d2, tLord},
	{feb, 4, "andrew_corsini", "St Andrew Corsini, Bishop and Confessor", c3, dbl, tSaint},
	{feb, 5, "agatha", "St Agatha, Virgin and Martyr", c3, dbl, tSaint},
	{feb, 6, "titus", "St Titus, Bishop and Confessor", c3, dbl, tSaint},
	{feb, 7, "romuald", "St Romuald, Abbot", c3, dbl, tSaint},
	{feb, 8, "john_of_matha", "St John of Matha, Confessor", c3, dbl, tSaint},
	{feb, 9, "cyril_of_alexandria", "St Cyril of Alexandria, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{feb, 10, "scholastica", "St Scholastica, Virgin", c3, dbl, tSaint},
	{feb, 11, "our_lady_of_lourdes", "The Apparition of the Immaculate Virgin Mary at Lourdes", c3, gd, tMarian},
	{feb, 12, "seven_holy_founders", "The Seven Holy Founders of the Servite Order", c3, dbl, tSaint},
	{feb, 22, "chair_of_st_peter", "The Chair of St Peter", c2, "", tSaint},
	{feb, 22, "chair_of_st_peter", "The Chair of St Peter at Antioch", "", gd, tSaint},
	{feb, 23, "peter_damian", "St Peter Damian, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{feb, 24, "st_matthias", "St Matthias, Apostle", c2, d2, tSaint},
	{feb, 27, "gabriel_of_our_lady_of_sorrows", "St Gabriel of Our Lady of Sorrows, Confessor", c3, dbl, tSaint},
	{mar, 4, "casimir", "St Casimir, Confessor", c3, sd, tSaint},
	{mar, 6, "perpetua_and_felicity", "Sts Perpetua and Felicity, Martyrs", c3, dbl, tSaint},
	{mar, 7, "thomas_aquinas", "St Thomas Aquinas, Confessor and Doctor", c3, dbl, tSaint},
	{mar, 8, "john_of_god", "St John of God, Confessor", c3, dbl, tSaint},
	{mar, 9, "frances_of_rome", "St Frances of Rome, Widow", c3, dbl, tSaint},
	{mar, 10, "forty_martyrs", "The Forty Holy Martyrs", c3, sd, tSaint},
	{mar, 12, "gregory_the_great", "St Gregory the Great, Pope, Confessor and Doctor", c3, dbl, tSaint},
	{mar, 17, "st_patrick", "St Patrick, Bishop and Confessor", c3, dbl, tSaint},
	{mar, 18, "cyril_of_jerusalem", "St Cyril of Jerusalem, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{mar, 19, "st_joseph", "St Joseph, Spouse of the Blessed Virgin Mary, Confessor", c1, d1, tSaint},
	{mar, 21, "benedict", "St Benedict, Abbot", c3, gd, tSaint},
	{mar, 24, "gabriel_the_archangel", "St Gabriel the Archangel", c3, gd, tSaint},
	{mar, 25, "annunciation", "The Annunciation of the Blessed Virgin Mary", c1, d1, tMarian},
	{mar, 27, "john_damascene", "St John Damascene, Confessor and Doctor", c3, dbl, tSaint},
	{mar, 28, "john_of_capistrano", "St John Capistran, Confessor", c3, sd, tSaint},
	{apr, 2, "francis_of_paola", "St Francis of Paola, Confessor", c3, dbl, tSaint},
	{apr, 4, "isidore_of_seville", "St Isidore, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{apr, 5, "vincent_ferrer", "St Vincent Ferrer, Confessor", c3, dbl, tSaint},
	{apr, 11, "leo_the_great", "St Leo I, Pope, Confessor and Doctor", c3, dbl, tSaint},
	{apr, 13, "hermenegild", "St Hermenegild, Martyr", c3, sd, tSaint},
	{apr, 14, "justin", "St Justin, Martyr", c3, dbl, tSaint},
	{apr, 21, "anselm", "St Anselm, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{apr, 22, "soter_and_caius", "Sts Soter and Caius, Popes and Martyrs", c3, sd, tSaint},
	{apr, 23, "st_george", "St George, Martyr", "", sd, tSaint},
	{apr, 24, "fidelis_of_sigmaringen", "St Fidelis of Sigmaringen, Martyr", c3, dbl, tSaint},
	{apr, 25, "st_mark", "St Mark, Evangelist", c2, d2, tSaint},
	{apr, 26, "cletus_and_marcellinus", "Sts Cletus and Marcellinus, Popes and Martyrs", c3, sd, tSaint},
	{apr, 27, "peter_canisius", "St Peter Canisius, Confessor and Doctor", c3, dbl, tSaint},
	{apr, 28, "paul_of_the_cross", "St Paul of the Cross, Confessor", c3, dbl, tSaint},
	{apr, 29, "peter_of_verona", "St Peter of Verona, Martyr", c3, dbl, tSaint},
	{apr, 30, "catherine_of_siena", "St Catherine of Siena, Virgin", c3, dbl, tSaint},
	{may, 1, "joseph_the_worker", "St Joseph the Worker, Spouse of the Blessed Virgin Mary", c1, "", tSaint},
	{may, 1, "philip_and_james", "Sts Philip and James, Apostles", "", d2, tSaint},
	{may, 2, "athanasius", "St Athanasius, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{may, 3, "finding_of_the_holy_cross", "The Finding of the Holy Cross", "", d2, tLord},
	{may, 4, "monica", "St Monica, Widow", c3, dbl, tSaint},
	{may, 5, "pius_v", "St Pius V, Pope and Confessor", c3, dbl, tSaint},
	{may, 6, "john_before_the_latin_gate", "St John before the Latin Gate", "", gd, tSaint},
	{may, 7, "stanislaus", "St Stanislaus, Bishop and Martyr", c3, dbl, tSaint},
	{may, 8, "apparition_of_st_michael", "The Apparition of St Michael the Archangel", "", gd, tSaint},
	{may, 9, "gregory_nazianzen", "St Gregory Nazianzen, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{may, 10, "antoninus", "St Antoninus, Bishop and Confessor", c3, dbl, tSaint},
	{may, 11, "philip_and_james", "Sts Philip and James, Apostles", c2, "", tSaint},
	{may, 12, "nereus_and_companions", "Sts Nereus, Achilleus, Domitilla and Pancras, Martyrs", c3, sd, tSaint},
	{may, 13, "robert_bellarmine", "St Robert Bellarmine, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{may, 15, "john_baptist_de_la_salle", "St John Baptist de la Salle, Confessor", c3, dbl, tSaint},
	{may, 16, "ubald", "St Ubald, Bishop and Confessor", c3, sd, tSaint},
	{may, 17, "paschal_baylon", "St Paschal Baylon, Confessor", c3, dbl, tSaint},
	{may, 18, "venantius", "St Venantius, Martyr", c3, dbl, tSaint},
	{may, 19, "peter_celestine", "St Peter Celestine, Pope and Confessor", c3, dbl, tSaint},
	{may, 20, "bernardine_of_siena", "St Bernardine of Siena, Confessor", c3, sd, tSaint},
	{may, 25, "gregory_vii", "St Gregory VII, Pope and Confessor", c3, dbl, tSaint},
	{may, 26, "philip_neri", "St Philip Neri, Confessor", c3, dbl, tSaint},
	{may, 27, "bede", "St Bede the Venerable, Confessor and Doctor", c3, dbl, tSaint},
	{may, 28, "augustine_of_canterbury", "St Augustine of Canterbury, Bishop and Confessor", c3, dbl, tSaint},
	{may, 29, "mary_magdalene_de_pazzi", "St Mary Magdalene de' Pazzi, Virgin", c3, sd, tSaint},
	{may, 31, "queenship_of_mary", "The Queenship of the Blessed Virgin Mary", c2, d2, tMarian},
	{jun, 1, "angela_merici", "St Angela Merici, Virgin", c3, dbl, tSaint},
	{jun, 4, "francis_caracciolo", "St Francis Caracciolo, Confessor", c3, dbl, tSaint},
	{jun, 5, "boniface", "St Boniface, Bishop and Martyr", c3, dbl, tSaint},
	{jun, 6, "norbert", "St Norbert, Bishop and Confessor", c3, dbl, tSaint},
	{jun, 10, "margaret_of_scotland", "St Margaret, Queen of Scotland, Widow", c3, sd, tSaint},
	{jun, 11, "st_barnabas", "St Barnabas, Apostle", c3, gd, tSaint},
	{jun, 12, "john_of_san_facundo", "St John of San Facundo, Confessor", c3, dbl, tSaint},
	{jun, 13, "anthony_of_padua", "St Anthony of Padua, Confessor and Doctor", c3, dbl, tSaint},
	{jun, 14, "basil_the_great", "St Basil the Great, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{jun, 18, "ephrem", "St Ephrem the Syrian, Deacon, Confessor and Doctor", c3, dbl, tSaint},
	{jun, 19, "juliana_falconieri", "St Juliana Falconieri, Virgin", c3, dbl, tSaint},
	{jun, 21, "aloysius_gonzaga", "St Aloysius Gonzaga, Confessor", c3, dbl, tSaint},
	{jun, 24, "nativity_of_john_the_baptist", "The Nativity of St John the Baptist", c1, d1, tSaint},
	{jun, 25, "william_of_vercelli", "St William, Abbot", c3, dbl, tSaint},
	{jun, 26, "john_and_paul", "Sts John and Paul, Martyrs", c3, dbl, tSaint},
	{jun, 28, "irenaeus", "St Irenaeus, Bishop and Martyr", "", dbl, tSaint},
	{jun, 29, "peter_and_paul", "Sts Peter and Paul, Apostles", c1, d1, tSaint},
	{jun, 30, "commemoration_of_st_paul", "The Commemoration of St Paul, Apostle", c3, gd, tSaint},
	{jul, 1, "precious_blood", "The Most Precious Blood of Our Lord Jesus Christ", c1, d1, tLord},
	{jul, 2, "visitation", "The Visitation of the Blessed Virgin Mary", c2, d2, tMarian},
	{jul, 3, "irenaeus", "St Irenaeus, Bishop and Martyr", c3, "", tSaint},
	{jul, 5, "anthony_zaccaria", "St Anthony Mary Zaccaria, Confessor", c3, dbl, tSaint},
	{jul, 6, "octave_of_peter_and_paul", "The Octave Day of Sts Peter and Paul", "", gd, tSaint},
	{jul, 7, "cyril_and_methodius", "Sts Cyril and Methodius, Bishops and Confessors", c3, dbl, tSaint},
	{jul, 8, "elizabeth_of_portugal", "St Elizabeth, Queen of Portugal, Widow", c3, sd, tSaint},
	{jul, 10, "seven_holy_brothers", "The Seven Holy Brothers, Martyrs", c3, sd, tSaint},
	{jul, 12, "john_gualbert", "St John Gualbert, Abbot", c3, dbl, tSaint},
	{jul, 14, "bonaventure", "St Bonaventure, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{jul, 15, "henry", "St Henry, Emperor and Confessor", c3, sd, tSaint},
	{jul, 16, "our_lady_of_mount_carmel", "Our Lady of Mount Carmel", "", gd, tMarian},
	{jul, 18, "camillus_de_lellis", "St Camillus de Lellis, Confessor", c3, dbl, tSaint},
	{jul, 19, "vincent_de_paul", "St Vincent de Paul, Confessor", c3, dbl, tSaint},
	{jul, 20, "jerome_emiliani", "St Jerome Emiliani, Confessor", c3, dbl, tSaint},
	{jul, 21, "lawrence_of_brindisi", "St Lawrence of Brindisi, Confessor and Doctor", c3, "", tSaint},
	{jul, 22, "mary_magdalene", "St Mary Magdalene, Penitent", c3, dbl, tSaint},
	{jul, 23, "apollinaris", "St Apollinaris, Bishop and Martyr", c3, dbl, tSaint},
	{jul, 25, "st_james", "St James, Apostle", c2, d2, tSaint},
	{jul, 26, "st_anne", "St Anne, Mother of the Blessed Virgin Mary", c2, d2, tSaint},
	{jul, 28, "nazarius_and_companions", "Sts Nazarius, Celsus, Victor and Innocent, Martyrs", c3, sd, tSaint},
	{jul, 29, "martha", "St Martha, Virgin", c3, sd, tSaint},
	{jul, 31, "ignatius_of_loyola", "St Ignatius of Loyola, Confessor", c3, gd, tSaint},
	{aug, 1, "st_peter_in_chains", "St Peter in Chains", "", gd, tSaint},
	{aug, 2, "alphonsus_liguori", "St Alphonsus Mary de' Liguori, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{aug, 4, "dominic", "St Dominic, Confessor", c3, gd, tSaint},
	{aug, 5, "dedication_of_st_mary_major", "The Dedication of Our Lady of the Snows", c3, gd, tDedication},
	{aug, 6, "transfiguration", "The Transfiguration of Our Lord Jesus Christ", c2, d2, tLord},
	{aug, 7, "cajetan", "St Cajetan, Confessor", c3, dbl, tSaint},
	{aug, 8, "john_vianney", "St John Mary Vianney, Confessor", c3, "", tSaint},
	{aug, 9, "john_vianney", "St John Mary Vianney, Confessor", "", dbl, tSaint},
	{aug, 10, "st_lawrence", "St Lawrence, Martyr", c2, d2, tSaint},
	{aug, 12, "clare", "St Clare, Virgin", c3, dbl, tSaint},
	{aug, 15, "assumption", "The Assumption of the Blessed Virgin Mary", c1, d1, tMarian},
	{aug, 16, "joachim", "St Joachim, Father of the Blessed Virgin Mary, Confessor", c2, d2, tSaint},
	{aug, 17, "hyacinth", "St Hyacinth, Confessor", c3, dbl, tSaint},
	{aug, 19, "john_eudes", "St John Eudes, Confessor", c3, dbl, tSaint},
	{aug, 20, "bernard", "St Bernard, Abbot and Doctor", c3, dbl, tSaint},
	{aug, 21, "jane_frances_de_chantal", "St Jane Frances Frémiot de Chantal, Widow", c3, dbl, tSaint},
	{aug, 22, "immaculate_heart_of_mary", "The Immaculate Heart of the Blessed Virgin Mary", c2, d2, tMarian},
	{aug, 23, "philip_benizi", "St Philip Benizi, Confessor", c3, dbl, tSaint},
	{aug, 24, "st_bartholomew", "St Bartholomew, Apostle", c2, d2, tSaint},
	{aug, 25, "louis_of_france", "St Louis, King and Confessor", c3, sd, tSaint},
	{aug, 27, "joseph_calasanz", "St Joseph Calasanz, Confessor", c3, dbl, tSaint},
	{aug, 28, "augustine", "St Augustine, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{aug, 29, "beheading_of_john_the_baptist", "The Beheading of St John the Baptist", c3, gd, tSaint},
	{aug, 30, "rose_of_lima", "St Rose of Lima, Virgin", c3, dbl, tSaint},
	{aug, 31, "raymond_nonnatus", "St Raymund Nonnatus, Confessor", c3, dbl, tSaint},
	{sep, 2, "stephen_of_hungary", "St Stephen, King of Hungary, Confessor", c3, sd, tSaint},
	{sep, 3, "pius_x", "St Pius X, Pope and Confessor", c3, dbl, tSaint},
	{sep, 5, "lawrence_justinian", "St Lawrence Justinian, Bishop and Confessor", c3, sd, tSaint},
	{sep, 8, "nativity_of_mary", "The Nativity of the Blessed Virgin Mary", c2, d2, tMarian},
	{sep, 10, "nicholas_of_tolentino", "St Nicholas of Tolentino, Confessor", c3, dbl, tSaint},
	{sep, 12, "holy_name_of_mary", "The Most Holy Name of Mary", c3, gd, tMarian},
	{sep, 14, "exaltation_of_the_cross", "The Exaltation of the Holy Cross", c2, gd, tLord},
	{sep, 15, "our_lady_of_sorrows", "The Seven Sorrows of the Blessed Virgin Mary", c2, d2, tMarian},
	{sep, 16, "cornelius_and_cyprian", "Sts Cornelius and Cyprian, Bishops and Martyrs", c3, sd, tSaint},
	{sep, 17, "stigmata_of_st_francis", "The Stigmata of St Francis", "", dbl, tSaint},
	{sep, 18, "joseph_of_cupertino", "St Joseph of Cupertino, Confessor", c3, dbl, tSaint},
	{sep, 19, "januarius", "St Januarius, Bishop, and Companions, Martyrs", c3, dbl, tSaint},
	{sep, 21, "st_matthew", "St Matthew, Apostle and Evangelist", c2, d2, tSaint},
	{sep, 22, "thomas_of_villanova", "St Thomas of Villanova, Bishop and Confessor", c3, dbl, tSaint},
	{sep, 23, "linus", "St Linus, Pope and Martyr", c3, sd, tSaint},
	{sep, 24, "our_lady_of_ransom", "Our Lady of Ransom", "", gd, tMarian},
	{sep, 27, "cosmas_and_damian", "Sts Cosmas and Damian, Martyrs", c3, sd, tSaint},
	{sep, 28, "wenceslaus", "St Wenceslaus, Duke and Martyr", c3, sd, tSaint},
	{sep, 29, "michael_and_all_angels", "The Dedication of St Michael the Archangel", c1, d2, tSaint},
	{sep, 30, "jerome", "St Jerome, Priest, Confessor and Doctor", c3, dbl, tSaint},
	{oct, 2, "guardian_angels", "The Holy Guardian Angels", c3, gd, tSaint},
	{oct, 3, "therese_of_the_child_jesus", "St Teresa of the Child Jesus, Virgin", c3, dbl, tSaint},
	{oct, 4, "francis_of_assisi", "St Francis of Assisi, Confessor", c3, gd, tSaint},
	{oct, 6, "bruno", "St Bruno, Confessor", c3, dbl, tSaint},
	{oct, 7, "our_lady_of_the_rosary", "The Most Holy Rosary of the Blessed Virgin Mary", c2, d2, tMarian},
	{oct, 8, "bridget", "St Bridget, Widow", c3, dbl, tSaint},
	{oct, 9, "john_leonardi", "St John Leonardi, Confessor", c3, dbl, tSaint},
	{oct, 10, "francis_borgia", "St Francis Borgia, Confessor", c3, sd, tSaint},
	{oct, 11, "motherhood_of_mary", "The Motherhood of the Blessed Virgin Mary", c2, d2, tMarian},
	{oct, 13, "edward_the_confessor", "St Edward, King and Confessor", c3, sd, tSaint},
	{oct, 14, "callistus_i", "St Callistus I, Pope and Martyr", c3, dbl, tSaint},
	{oct, 15, "teresa_of_jesus", "St Teresa of Avila, Virgin", c3, dbl, tSaint},
	{oct, 16, "hedwig", "St Hedwig, Widow", c3, sd, tSaint},
	{oct, 17, "margaret_mary_alacoque", "St Margaret Mary Alacoque, Virgin", c3, dbl, tSaint},
	{oct, 18, "st_luke", "St Luke, Evangelist", c2, d2, tSaint},
	{oct, 19, "peter_of_alcantara", "St Peter of Alcantara, Confessor", c3, dbl, tSaint},
	{oct, 20, "john_cantius", "St John Cantius, Confessor", c3, dbl, tSaint},
	{oct, 23, "anthony_mary_claret", "St Anthony Mary Claret, Bishop and Confessor", c3, "", tSaint},
	{oct, 24, "raphael_the_archangel", "St Raphael the Archangel", c3, gd, tSaint},
	{oct, 28, "simon_and_jude", "Sts Simon and Jude, Apostles", c2, d2, tSaint},
	{nov, 1, "all_saints", "All Saints", c1, d1, tSaint},
	{nov, 4, "charles_borromeo", "St Charles Borromeo, Bishop and Confessor", c3, dbl, tSaint},
	{nov, 8, "octave_of_all_saints", "The Octave Day of All Saints", "", gd, tSaint},
	{nov, 9, "dedication_of_the_lateran_basilica", "The Dedication of the Archbasilica of the Most Holy Saviour (Lateran)", c2, d2, tDedication},
	{nov, 10, "andrew_avellino", "St Andrew Avellino, Confessor", c3, dbl, tSaint},
	{nov, 11, "martin_of_tours", "St Martin, Bishop and Confessor", c3, dbl, tSaint},
	{nov, 12, "martin_i", "St Martin I, Pope and Martyr", c3, sd, tSaint},
	{nov, 13, "didacus", "St Didacus, Confessor", c3, sd, tSaint},
	{nov, 14, "josaphat", "St Josaphat, Bishop and Martyr", c3, dbl, tSaint},
	{nov, 15, "albert_the_great", "St Albert the Great, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{nov, 16, "gertrude", "St Gertrude, Virgin", c3, dbl, tSaint},
	{nov, 17, "gregory_thaumaturgus", "St Gregory Thaumaturgus, Bishop and Confessor", c3, sd, tSaint},
	{nov, 18, "dedication_of_the_basilicas_of_peter_and_paul", "The Dedication of the Basilicas of Sts Peter and Paul", c3, gd, tDedication},
	{nov, 19, "elizabeth_of_hungary", "St Elizabeth of Hungary, Widow", c3, dbl, tSaint},
	{nov, 20, "felix_of_valois", "St Felix of Valois, Confessor", c3, dbl, tSaint},
	{nov, 21, "presentation_of_mary", "The Presentation of the Blessed Virgin Mary", c3, gd, tMarian},
	{nov, 22, "cecilia", "St Cecilia, Virgin and Martyr", c3, dbl, tSaint},
	{nov, 23, "clement_i", "St Clement I, Pope and Martyr", c3, dbl, tSaint},
	{nov, 24, "john_of_the_cross", "St John of the Cross, Confessor and Doctor", c3, dbl, tSaint},
	{nov, 25, "catherine_of_alexandria", "St Catherine of Alexandria, Virgin and Martyr", c3, dbl, tSaint},
	{nov, 26, "sylvester_gozzolini", "St Sylvester, Abbot", c3, dbl, tSaint},
	{nov, 30, "st_andrew", "St Andrew, Apostle", c2, d2, tSaint},
	{dec, 2, "bibiana", "St Bibiana, Virgin and Martyr", c3, sd, tSaint},
	{dec, 3, "francis_xavier", "St Francis Xavier, Confessor", c3, gd, tSaint},
	{dec, 4, "peter_chrysologus", "St Peter Chrysologus, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{dec, 6, "nicholas", "St Nicholas, Bishop and Confessor", c3, dbl, tSaint},
	{dec, 7, "ambrose", "St Ambrose, Bishop, Confessor and Doctor", c3, dbl, tSaint},
	{dec, 8, "immaculate_conception", "The Immaculate Conception of the Blessed Virgin Mary", c1, d1, tMarian},
	{dec, 11, "damasus_i", "St Damasus I, Pope and Confessor", c3, sd, tSaint},
	{dec, 13, "lucy", "St Lucy, Virgin and Martyr", c3, dbl, tSaint},
	{dec, 15, "octave_of_the_immaculate_conception", "The Octave Day of the Immaculate Conception", "", gd, tMarian},
	{dec, 16, "eusebius_of_vercelli", "St Eusebius, Bishop and Martyr", c3, sd, tSaint},
	{dec, 21, "st_thomas", "St Thomas, Apostle", c2, d2, tSaint},
	{dec, 26, "st_stephen", "St Stephen, the First Martyr", c2, d2, tSaint},
	{dec, 27, "st_john", "St John, Apostle and Evangelist", c2, d2, tSaint},
	{dec, 28, "holy_innocents", "The Holy Innocents", c2, d2, tSaint},
	{dec, 29, "thomas_becket", "St Thomas Becket, Bishop and Martyr", "", dbl, tSaint},
	{dec, 31, "sylvester_i", "St Sylvester I, Pope and Confessor", "", dbl, tSaint},
}

// vigils1955 are the vigils of the older rubrics kept as days of fasting
// beside the office (Christmas Eve and the Vigil of Pentecost are offices).
var vigils1955 = []struct {
	m         time.Month
	d         int
	key, name string
	rank      string
}{
	{jan, 5, "vigil_of_the_epiphany", "The Vigil of the Epiphany", v2},
	{feb, 23, "vigil_of_st_matthias", "The Vigil of St Matthias", cv},
	{jun, 23, "vigil_of_john_the_baptist", "The Vigil of the Nativity of St John the Baptist", cv},
	{jun, 28, "vigil_of_peter_and_paul", "The Vigil of Sts Peter and Paul", cv},
	{jul, 24, "vigil_of_st_james", "The Vigil of St James", cv},
	{aug, 9, "vigil_of_st_lawrence", "The Vigil of St Lawrence", cv},
	{aug, 14, "vigil_of_the_assumption", "The Vigil of the Assumption", cv},
	{aug, 23, "vigil_of_st_bartholomew", "The Vigil of St Bartholomew", cv},
	{sep, 20, "vigil_of_st_matthew", "The Vigil of St Matthew", cv},
	{oct, 27, "vigil_of_simon_and_jude", "The Vigil of Sts Simon and Jude", cv},
	{oct, 31, "vigil_of_all_saints", "The Vigil of All Saints", cv},
	{nov, 29, "vigil_of_st_andrew", "The Vigil of St Andrew", cv},
	{dec, 7, "vigil_of_the_immaculate_conception", "The Vigil of the Immaculate Conception", cv},
	{dec, 20, "vigil_of_st_thomas", "The Vigil of St Thomas", cv},
}

// vigils1962 are the vigils the 1960 rubrics kept, as offices of their class.
var vigils1962 = []struct {
	m         time.Month
	d         int
	key, name string
	rank      string
	prec      int
}{
	{jun, 23, "vigil_of_john_the_baptist", "The Vigil of the Nativity of St John the Baptist", c2, 450},
	{jun, 28, "vigil_of_peter_and_paul", "The Vigil of Sts Peter and Paul", c2, 450},
	{aug, 9, "vigil_of_st_lawrence", "The Vigil of St Lawrence", c3, 300},
	{aug, 14, "vigil_of_the_assumption", "The Vigil of the Assumption", c2, 450},
}

var rules1962 = &rules{floor: floor1962, freeBelow: 900}

var rules1955 = &rules{freeBelow: 800}

func floor1962(d Date) int {
	switch {
	case d.Month == time.December && d.Day >= 26:
		return 480
	case d.Month == time.December && d.Day >= 17 && d.Day <= 23 && !isSunday(d):
		return 470
	}
	e := WesternEaster(d.Year)
	if d.After(e.AddDays(-46)) && d.Before(e.AddDays(-7)) && !isSunday(d) {
		return 350
	}
	return 0
}

func prec1962(rank, typ, key string) int {
	switch rank {
	case c1:
		switch {
		case key == "immaculate_conception":
			return 975
		case key == "annunciation":
			return 922
		case typ == tLord:
			return 940
		}
		return 920
	case c2:
		if typ == tLord || typ == tDedication {
			return 600
		}
		return 500
	}
	return 300
}

func prec1955(rank, typ, key string) int {
	lord := typ == tLord || typ == tDedication
	switch rank {
	case d1:
		switch {
		case key == "annunciation":
			return 942
		case lord:
			return 945
		}
		return 940
	case d2:
		if lord {
			return 805
		}
		return 800
	case gd:
		if lord {
			return 760
		}
		return 700
	case dbl:
		if lord {
			return 760
		}
		return 650
	case sd:
		return 600
	}
	return 500
}

// nextWeekdayTransfer moves an impeded feast to the next free day that is not
// a Sunday (the older rubrics do not assign a transferred feast to a Sunday).
func nextWeekdayTransfer(s *state, c *cand) (Date, bool) {
	d := c.date.AddDays(1)
	for i := 0; i < 120; i++ {
		if !isSunday(d) && s.free(d) {
			return d, true
		}
		d = d.AddDays(1)
	}
	return Date{}, false
}

func buildRoman1962(y int) []*cand { return buildTraditional(y, false) }
func buildRoman1955(y int) []*cand { return buildTraditional(y, true) }

// buildTraditional builds the candidates of the 1962 calendar, or of the
// calendar before the 1955 reform when pre55 is set.
func buildTraditional(y int, pre55 bool) []*cand {
	var cs []*cand
	pick := func(r62, r55 string) string {
		if pre55 {
			return r55
		}
		return r62
	}
	prec := prec1962
	if pre55 {
		prec = prec1955
	}
	transferable := func(rank string) bool {
		if pre55 {
			return rank == d1 || rank == d2
		}
		return rank == c1
	}
	add := func(d Date, key, name, rank, typ string, p int) *cand {
		c := newCand(d, key, name, rank, typ, p)
		cs = append(cs, c)
		return c
	}
	beside := func(d Date, key, name, rank, typ string) {
		cs = append(cs, besideCand(d, key, name, rank, typ))
	}
	leap := y%4 == 0 && (y%100 != 0 || y%400 == 0)

	// Sanctoral cycle.
	for _, f := range traditionalSanctoral {
		rank := pick(f.r62, f.r55)
		if rank == "" {
			continue
		}
		d := Date{y, f.m, f.d}
		if leap && f.m == time.February && f.d >= 24 {
			d = d.AddDays(1) // the bissextile day doubles 24 February
		}
		c := add(d, f.key, f.name, rank, f.typ, prec(rank, f.typ, f.key))
		if transferable(rank) {
			c.move = nextWeekdayTransfer
		}
	}
	souls := Date{y, time.November, 2}
	if isSunday(souls) {
		souls = souls.AddDays(1)
	}
	if pre55 {
		add(souls, "all_souls", "The Commemoration of All the Faithful Departed", dbl, tDeparted, 930)
	} else {
		add(souls, "all_souls", "The Commemoration of All the Faithful Departed", c1, tDeparted, 925)
	}

	// Vigils.
	if pre55 {
		for _, v := range vigils1955 {
			d := Date{y, v.m, v.d}
			if leap && v.m == time.February && v.d >= 23 {
				d = d.AddDays(1)
			}
			if isSunday(d) && v.key != "vigil_of_the_epiphany" {
				d = d.AddDays(-1)
			}
			beside(d, v.key, v.name, v.rank, tVigil)
		}
	} else {
		for _, v := range vigils1962 {
			add(Date{y, v.m, v.d}, v.key, v.name, v.rank, tVigil, v.prec)
		}
	}

	temporalTraditional(y, pre55, add, beside, func(c *cand) { cs = append(cs, c) })
	return cs
}

func temporalTraditional(y int, pre55 bool, add func(Date, string, string, string, string, int) *cand, beside func(Date, string, string, string, string), emit func(*cand)) {
	e := WesternEaster(y)
	at := func(n int) Date { return e.AddDays(n) }
	a1 := advent1(y)
	r := func(r62, r55 string) string {
		if pre55 {
			return r55
		}
		return r62
	}
	p := func(p62, p55 int) int {
		if pre55 {
			return p55
		}
		return p62
	}
	sunI := r(c1, gs1)
	sunII := r(c2, gs2)
	sunMinor := r(c2, msun)
	pSunI, pSunII, pMinor := 970, p(550, 900), p(550, 750)

	// Christmas cycle, January.
	hn := sundayOnOrAfter(Date{y, time.January, 2})
	if hn.Day > 5 {
		hn = Date{y, time.January, 2}
	}
	add(hn, "holy_name_of_jesus", "The Most Holy Name of Jesus", r(c2, d2), tLord, p(600, 805))
	first := sundayAfter(Date{y, time.January, 6}) // the First Sunday after the Epiphany
	hf := first
	if pre55 && hf.Day == 13 {
		hf = hf.AddDays(-1) // the Sunday would be the octave day: kept on Saturday 12 January
	}
	add(hf, "holy_family", "The Holy Family of Jesus, Mary and Joseph", r(c2, gd), tLord, p(605, 760))
	sept := at(-63)
	for k, d := 2, first.AddDays(7); d.Before(sept); k, d = k+1, d.AddDays(7) {
		key, name := numbered(k, "sunday_after_epiphany", "Sunday after Epiphany")
		add(d, key, name, sunMinor, tSunday, pMinor)
	}

	// Septuagesima to Easter.
	add(sept, "septuagesima", "Septuagesima Sunday", sunII, tSunday, pSunII)
	add(at(-56), "sexagesima", "Sexagesima Sunday", sunII, tSunday, pSunII)
	add(at(-49), "quinquagesima", "Quinquagesima Sunday", sunII, tSunday, pSunII)
	add(at(-46), "ash_wednesday", "Ash Wednesday", r(c1, gpf), tFast, 960)
	for i := 1; i <= 4; i++ {
		key, name := numbered(i, "sunday_of_lent", "Sunday of Lent")
		add(at(-49+7*i), key, name, sunI, tSunday, pSunI)
	}
	add(at(-14), "passion_sunday", "First Sunday of the Passion (Passion Sunday)", sunI, tSunday, pSunI)
	add(at(-7), "palm_sunday", "Second Sunday of the Passion (Palm Sunday)", sunI, tSunday, pSunI)
	if pre55 {
		add(at(-9), "seven_sorrows_in_passiontide", "The Seven Sorrows of the Blessed Virgin Mary (Friday in Passion Week)", gd, tMarian, 700)
	}
	add(at(-6), "monday_of_holy_week", "Monday of Holy Week", r(c1, gpf), tSeason, 960)
	add(at(-5), "tuesday_of_holy_week", "Tuesday of Holy Week", r(c1, gpf), tSeason, 960)
	add(at(-4), "wednesday_of_holy_week", "Wednesday of Holy Week", r(c1, gpf), tSeason, 960)
	add(at(-3), "holy_thursday", "Maundy Thursday (Thursday of the Lord's Supper)", r(c1, d1), tLord, 990)
	add(at(-2), "good_friday", "Good Friday", r(c1, d1), tLord, 990)
	add(at(-1), "holy_saturday", "Holy Saturday", r(c1, d1), tLord, 990)

	// Easter to Pentecost.
	add(e, "easter_sunday", "Easter Sunday", r(c1, d1), tLord, 1000)
	for i, wd := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday"} {
		rank := r(c1, d1)
		if pre55 && i >= 2 {
			rank = sd
		}
		add(at(i+1), "easter_"+wd, "Easter "+titleWord(wd), rank, tLord, p(980, 985))
	}
	add(at(7), "second_sunday_of_easter", "Low Sunday (Octave Day of Easter)", sunI, tSunday, pSunI)
	for i := 2; i <= 5; i++ {
		key, name := numbered(i, "sunday_after_easter", "Sunday after Easter")
		add(at(7*i), key, name, sunMinor, tSunday, pMinor)
	}
	if pre55 {
		add(at(17), "solemnity_of_st_joseph", "The Solemnity of St Joseph, Spouse of the Blessed Virgin Mary, Patron of the Universal Church", d1, tSaint, 940).move = nextWeekdayTransfer
		add(at(24), "octave_of_the_solemnity_of_st_joseph", "The Octave Day of the Solemnity of St Joseph", gd, tSaint, 700)
	}
	litanies := Date{y, time.April, 25}
	if litanies == e {
		litanies = at(2) // the Greater Litanies go to Easter Tuesday
	}
	beside(litanies, "greater_litanies", "The Greater Litanies (St Mark)", r(c2, rog), tRogation)
	beside(at(36), "rogation_monday", "Rogation Monday", r(c2, rog), tRogation)
	beside(at(37), "rogation_tuesday", "Rogation Tuesday", r(c2, rog), tRogation)
	beside(at(38), "rogation_wednesday", "Rogation Wednesday", r(c2, rog), tRogation)
	if pre55 {
		beside(at(38), "vigil_of_the_ascension", "The Vigil of the Ascension", cv, tVigil)
	} else {
		add(at(38), "vigil_of_the_ascension", "The Vigil of the Ascension", c2, tVigil, 450)
	}
	add(at(39), "ascension", "The Ascension of Our Lord", r(c1, d1), tLord, p(941, 946))
	add(at(42), "sunday_after_ascension", "Sunday after the Ascension", sunMinor, tSunday, pMinor)
	if pre55 {
		add(at(46), "octave_of_the_ascension", "The Octave Day of the Ascension", gd, tLord, 760)
	}
	add(at(48), "vigil_of_pentecost", "The Vigil of Pentecost", r(c1, v1), tVigil, 910)
	add(at(49), "pentecost", "Pentecost (Whitsunday)", r(c1, d1), tLord, 1000)
	for i, wd := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday"} {
		rank := r(c1, d1)
		if pre55 && i >= 2 {
			rank = sd
		}
		add(at(50+i), "pentecost_"+wd, "Whit "+titleWord(wd)+" (Pentecost "+titleWord(wd)+")", rank, tLord, p(980, 985))
	}
	emberRank := r(c1, gf)
	beside(at(52), "ember_wednesday_of_pentecost", "Ember Wednesday of Pentecost", emberRank, tEmber)
	beside(at(54), "ember_friday_of_pentecost", "Ember Friday of Pentecost", emberRank, tEmber)
	beside(at(55), "ember_saturday_of_pentecost", "Ember Saturday of Pentecost", emberRank, tEmber)
	add(at(56), "trinity_sunday", "The Most Holy Trinity", r(c1, d1), tLord, p(941, 946))
	add(at(60), "corpus_christi", "Corpus Christi", r(c1, d1), tLord, p(941, 946))
	add(at(68), "sacred_heart", "The Most Sacred Heart of Jesus", r(c1, d1), tLord, p(941, 946))
	if pre55 {
		add(at(67), "octave_of_corpus_christi", "The Octave Day of Corpus Christi", gd, tLord, 760)
		add(at(75), "octave_of_the_sacred_heart", "The Octave Day of the Sacred Heart", gd, tLord, 760)
	}

	// Sundays after Pentecost: the last is always the Twenty-fourth's; the
	// Sundays beyond the Twenty-third take the propers of the Sundays after
	// the Epiphany left over, the Sixth last.
	last := a1.AddDays(-7)
	n := last.Sub(at(49)) / 7
	for k := 2; k < n; k++ {
		key, name := numbered(k, "sunday_after_pentecost", "Sunday after Pentecost")
		if k >= 24 {
			name += " (" + ordinalTitle(6-(n-1-k)) + " remaining after Epiphany)"
		}
		add(at(49+7*k), key, name, sunMinor, tSunday, pMinor)
	}
	add(last, "last_sunday_after_pentecost", "Twenty-fourth and Last Sunday after Pentecost", sunMinor, tSunday, pMinor)
	add(nthWeekday(y, time.October, time.Sunday, -1), "christ_the_king", "Our Lord Jesus Christ the King", r(c1, d1), tLord, p(941, 946))

	// Ember days.
	ember := func(d Date, season, seasonName string) {
		rank := r(c2, gf)
		for i, wd := range []string{"wednesday", "friday", "saturday"} {
			dd := d.AddDays([]int{0, 2, 3}[i])
			key := "ember_" + wd + "_of_" + season
			name := "Ember " + titleWord(wd) + " of " + seasonName
			if pre55 {
				beside(dd, key, name, rank, tEmber)
			} else {
				c := newCand(dd, key, name, rank, tEmber, 460)
				c.kind = blocking
				emit(c)
			}
		}
	}
	ember(at(-39), "lent", "Lent")
	if pre55 {
		ember(weekdayOnOrAfter(Date{y, time.September, 15}, time.Wednesday), "september", "September")
	} else {
		ember(nthWeekday(y, time.September, time.Sunday, 3).AddDays(3), "september", "September")
	}
	ember(a1.AddDays(17), "advent", "Advent")

	// Advent and Christmas.
	add(a1, "first_sunday_of_advent", "First Sunday of Advent", sunI, tSunday, pSunI)
	for i := 2; i <= 4; i++ {
		key, name := numbered(i, "sunday_of_advent", "Sunday of Advent")
		add(a1.AddDays(7*(i-1)), key, name, r(c1, gs2), tSunday, p(970, 900))
	}
	add(Date{y, time.December, 24}, "christmas_eve", "The Vigil of the Nativity of Our Lord (Christmas Eve)", r(c1, v1), tVigil, p(980, 955))
	add(Date{y, time.December, 25}, "christmas", "The Nativity of Our Lord (Christmas)", r(c1, d1), tLord, 1000)
	s := sundayAfter(Date{y, time.December, 25})
	switch {
	case s.Year == y && !pre55:
		add(s, "sunday_within_the_octave_of_christmas", "Sunday within the Octave of the Nativity", c2, tSunday, 550)
	case pre55:
		if s.Year != y || s.Day < 29 {
			s = Date{y, time.December, 30} // kept on 30 December when a feast of the octave has the Sunday
		}
		add(s, "sunday_within_the_octave_of_christmas", "Sunday within the Octave of the Nativity", msun, tSunday, 750)
	}
}
