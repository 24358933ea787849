package composer

import (
	"cmp"
	"slices"
	"strings"
)

// Famous is a composer of the built-in list (calendar document §3 Composer).
type Famous struct {
	Name, CanonicalName string
	Aliases             []string
	Period              string // one of the API's ComposerPeriod values
	BirthYear           int    // for early composers the usual "c." year
	DeathYear           *int   // nil while living
	Nationality         string
}

// FamousList returns the built-in list, a copy the caller may change.
func FamousList() []Famous {
	out := make([]Famous, len(famous))
	for i, f := range famous {
		out[i] = f.clone()
	}
	return out
}

func (f Famous) clone() Famous {
	f.Aliases = append([]string{}, f.Aliases...) // never nil: the API requires the list
	if f.DeathYear != nil {
		d := *f.DeathYear
		f.DeathYear = &d
	}
	return f
}

func (f Famous) candidate() Candidate {
	return Candidate{Name: f.Name, CanonicalName: f.CanonicalName, Aliases: f.Aliases}
}

// LookupFamous returns the famous composer input names best and its score;
// ok when the score is at least 0.85.
func LookupFamous(input string) (Famous, float64, bool) {
	in := []*form{newForm(input)}
	best, at := 0.0, -1
	fl := famousIndex()
	fl.Lock()
	defer fl.Unlock()
	// The first of the list at the best score: candidates come in its order.
	for _, i := range fl.ix.candidates(in) {
		if s, _ := scoreNames(in, fl.ix.names[i], minScore); s > best {
			best, at = s, int(i)
		}
	}
	if at < 0 || best < famousScore {
		return Famous{}, best, false
	}
	return famous[at].clone(), best, true
}

// SuggestFamous returns the famous composers input may mean, best first, at
// most limit (limit <= 0: all): those it matches (0.7 or more), then those
// with a name or a word of a name beginning with it, then those containing
// it, so that "Rut" already offers John Rutter.
func SuggestFamous(input string, limit int) []Famous {
	in := newForm(input)
	if in.norm == "" {
		return nil
	}
	ins := []*form{in}
	type hit struct {
		at    int
		score float64
	}
	var hits []hit
	for i, f := range famous {
		s, _ := scoreCandidate(ins, f.candidate(), minScore)
		for _, n := range append([]string{f.Name, f.CanonicalName}, f.Aliases...) {
			f := formOf(n)
			switch {
			case strings.HasPrefix(f.norm, in.norm) || strings.Contains(f.norm, " "+in.norm):
				s = max(s, 0.6)
			case strings.Contains(f.norm, in.norm):
				s = max(s, 0.5)
			}
		}
		if s > 0 {
			hits = append(hits, hit{i, s})
		}
	}
	slices.SortStableFunc(hits, func(a, b hit) int {
		if a.score != b.score {
			return cmp.Compare(b.score, a.score)
		}
		return cmp.Compare(famous[a.at].Name, famous[b.at].Name)
	})
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	out := make([]Famous, len(hits))
	for i, h := range hits {
		out[i] = famous[h.at].clone()
	}
	return out
}

func died(y int) *int { return &y }

// famous is the built-in list. Years of composers born before about 1600
// are the usual approximate ("c.") years of the reference books.
var famous = []Famous{
	// Medieval
	{Name: "Hildegard von Bingen", CanonicalName: "Hildegard", Aliases: []string{"Hildegard of Bingen", "Saint Hildegard"}, Period: "Medieval", BirthYear: 1098, DeathYear: died(1179), Nationality: "German"},
	{Name: "Guillaume de Machaut", CanonicalName: "Machaut", Aliases: []string{"Guillaume de Machault", "Machault"}, Period: "Medieval", BirthYear: 1300, DeathYear: died(1377), Nationality: "French"},
	{Name: "John Dunstable", CanonicalName: "Dunstable", Aliases: []string{"John Dunstaple", "Dunstaple"}, Period: "Medieval", BirthYear: 1390, DeathYear: died(1453), Nationality: "English"},

	// Renaissance
	{Name: "Guillaume Du Fay", CanonicalName: "Du Fay", Aliases: []string{"Guillaume Dufay", "Dufay"}, Period: "Renaissance", BirthYear: 1397, DeathYear: died(1474), Nationality: "Franco-Flemish"},
	{Name: "Johannes Ockeghem", CanonicalName: "Ockeghem", Aliases: []string{"Jean de Ockeghem", "Okeghem"}, Period: "Renaissance", BirthYear: 1410, DeathYear: died(1497), Nationality: "Franco-Flemish"},
	{Name: "Josquin des Prez", CanonicalName: "Josquin", Aliases: []string{"Josquin Desprez", "Josquin des Pres", "Des Prez"}, Period: "Renaissance", BirthYear: 1450, DeathYear: died(1521), Nationality: "Franco-Flemish"},
	{Name: "John Taverner", CanonicalName: "Taverner", Period: "Renaissance", BirthYear: 1490, DeathYear: died(1545), Nationality: "English"},
	{Name: "Cristóbal de Morales", CanonicalName: "Morales", Aliases: []string{"Cristobal de Morales"}, Period: "Renaissance", BirthYear: 1500, DeathYear: died(1553), Nationality: "Spanish"},
	{Name: "Thomas Tallis", CanonicalName: "Tallis", Period: "Renaissance", BirthYear: 1505, DeathYear: died(1585), Nationality: "English"},
	{Name: "John Sheppard", CanonicalName: "Sheppard", Aliases: []string{"John Shepherd"}, Period: "Renaissance", BirthYear: 1515, DeathYear: died(1558), Nationality: "English"},
	{Name: "Giovanni Pierluigi da Palestrina", CanonicalName: "Palestrina", Aliases: []string{"Giovanni da Palestrina", "Pierluigi da Palestrina", "G. P. da Palestrina"}, Period: "Renaissance", BirthYear: 1525, DeathYear: died(1594), Nationality: "Italian"},
	{Name: "Orlande de Lassus", CanonicalName: "Lassus", Aliases: []string{"Orlando di Lasso", "Roland de Lassus", "Orlandus Lassus", "Lasso"}, Period: "Renaissance", BirthYear: 1532, DeathYear: died(1594), Nationality: "Franco-Flemish"},
	{Name: "William Byrd", CanonicalName: "Byrd", Period: "Renaissance", BirthYear: 1540, DeathYear: died(1623), Nationality: "English"},
	{Name: "Tomás Luis de Victoria", CanonicalName: "Victoria", Aliases: []string{"Tomas Luis de Victoria", "Tomás Luis de Vitoria", "Thomas Ludovicus Victoria"}, Period: "Renaissance", BirthYear: 1548, DeathYear: died(1611), Nationality: "Spanish"},
	{Name: "Jacobus Gallus", CanonicalName: "Gallus", Aliases: []string{"Jacob Handl", "Jakob Handl", "Jacobus Handl", "Jacobus Gallus Carniolus"}, Period: "Renaissance", BirthYear: 1550, DeathYear: died(1591), Nationality: "Slovenian"},
	{Name: "Thomas Morley", CanonicalName: "Morley", Period: "Renaissance", BirthYear: 1557, DeathYear: died(1602), Nationality: "English"},
	{Name: "John Dowland", CanonicalName: "Dowland", Period: "Renaissance", BirthYear: 1563, DeathYear: died(1626), Nationality: "English"},
	{Name: "Hans Leo Hassler", CanonicalName: "Hassler", Aliases: []string{"Hans Leo Haßler", "Hans Leo Hasler"}, Period: "Renaissance", BirthYear: 1564, DeathYear: died(1612), Nationality: "German"},
	{Name: "Thomas Weelkes", CanonicalName: "Weelkes", Period: "Renaissance", BirthYear: 1576, DeathYear: died(1623), Nationality: "English"},
	{Name: "Orlando Gibbons", CanonicalName: "Gibbons", Period: "Renaissance", BirthYear: 1583, DeathYear: died(1625), Nationality: "English"},

	// Renaissance/Baroque
	{Name: "Giovanni Gabrieli", CanonicalName: "Gabrieli", Period: "Renaissance/Baroque", BirthYear: 1555, DeathYear: died(1612), Nationality: "Italian"},
	{Name: "Claudio Monteverdi", CanonicalName: "Monteverdi", Period: "Renaissance/Baroque", BirthYear: 1567, DeathYear: died(1643), Nationality: "Italian"},
	{Name: "Michael Praetorius", CanonicalName: "Praetorius", Period: "Renaissance/Baroque", BirthYear: 1571, DeathYear: died(1621), Nationality: "German"},
	{Name: "Gregorio Allegri", CanonicalName: "Allegri", Period: "Renaissance/Baroque", BirthYear: 1582, DeathYear: died(1652), Nationality: "Italian"},
	{Name: "Johann Hermann Schein", CanonicalName: "Schein", Period: "Renaissance/Baroque", BirthYear: 1586, DeathYear: died(1630), Nationality: "German"},

	// Baroque
	{Name: "Heinrich Schütz", CanonicalName: "Schütz", Aliases: []string{"Heinrich Schutz", "Heinrich Schuetz", "Schuetz", "Henricus Sagittarius"}, Period: "Baroque", BirthYear: 1585, DeathYear: died(1672), Nationality: "German"},
	{Name: "Giacomo Carissimi", CanonicalName: "Carissimi", Period: "Baroque", BirthYear: 1605, DeathYear: died(1674), Nationality: "Italian"},
	{Name: "Jean-Baptiste Lully", CanonicalName: "Lully", Aliases: []string{"Giovanni Battista Lulli", "Lulli"}, Period: "Baroque", BirthYear: 1632, DeathYear: died(1687), Nationality: "French"},
	{Name: "Dieterich Buxtehude", CanonicalName: "Buxtehude", Aliases: []string{"Dietrich Buxtehude"}, Period: "Baroque", BirthYear: 1637, DeathYear: died(1707), Nationality: "Danish-German"},
	{Name: "Marc-Antoine Charpentier", CanonicalName: "Charpentier", Period: "Baroque", BirthYear: 1643, DeathYear: died(1704), Nationality: "French"},
	{Name: "Johann Pachelbel", CanonicalName: "Pachelbel", Period: "Baroque", BirthYear: 1653, DeathYear: died(1706), Nationality: "German"},
	{Name: "Henry Purcell", CanonicalName: "Purcell", Period: "Baroque", BirthYear: 1659, DeathYear: died(1695), Nationality: "English"},
	{Name: "Antonio Lotti", CanonicalName: "Lotti", Period: "Baroque", BirthYear: 1667, DeathYear: died(1740), Nationality: "Italian"},
	{Name: "Antonio Vivaldi", CanonicalName: "Vivaldi", Period: "Baroque", BirthYear: 1678, DeathYear: died(1741), Nationality: "Italian"},
	{Name: "Jan Dismas Zelenka", CanonicalName: "Zelenka", Aliases: []string{"Jan Dismas Zelenka", "Johann Dismas Zelenka"}, Period: "Baroque", BirthYear: 1679, DeathYear: died(1745), Nationality: "Czech"},
	{Name: "Georg Philipp Telemann", CanonicalName: "Telemann", Aliases: []string{"Georg Philip Telemann"}, Period: "Baroque", BirthYear: 1681, DeathYear: died(1767), Nationality: "German"},
	{Name: "Johann Sebastian Bach", CanonicalName: "J.S. Bach", Aliases: []string{"Bach", "JS Bach", "Johann Sebastian Bach"}, Period: "Baroque", BirthYear: 1685, DeathYear: died(1750), Nationality: "German"},
	{Name: "George Frideric Handel", CanonicalName: "Handel", Aliases: []string{"Händel", "Haendel", "Georg Friedrich Händel", "Georg Friedrich Handel", "George Frederick Handel", "G. F. Handel"}, Period: "Baroque", BirthYear: 1685, DeathYear: died(1759), Nationality: "German-British"},
	{Name: "Domenico Scarlatti", CanonicalName: "Scarlatti", Period: "Baroque", BirthYear: 1685, DeathYear: died(1757), Nationality: "Italian"},
	{Name: "Giovanni Battista Pergolesi", CanonicalName: "Pergolesi", Period: "Baroque", BirthYear: 1710, DeathYear: died(1736), Nationality: "Italian"},

	// Classical
	{Name: "Carl Philipp Emanuel Bach", CanonicalName: "C.P.E. Bach", Aliases: []string{"CPE Bach"}, Period: "Classical", BirthYear: 1714, DeathYear: died(1788), Nationality: "German"},
	{Name: "Christoph Willibald Gluck", CanonicalName: "Gluck", Aliases: []string{"Christoph Willibald von Gluck"}, Period: "Classical", BirthYear: 1714, DeathYear: died(1787), Nationality: "German"},
	{Name: "Joseph Haydn", CanonicalName: "Haydn", Aliases: []string{"Franz Joseph Haydn", "F. J. Haydn"}, Period: "Classical", BirthYear: 1732, DeathYear: died(1809), Nationality: "Austrian"},
	{Name: "Johann Christian Bach", CanonicalName: "J.C. Bach", Period: "Classical", BirthYear: 1735, DeathYear: died(1782), Nationality: "German"},
	{Name: "Michael Haydn", CanonicalName: "M. Haydn", Aliases: []string{"Johann Michael Haydn"}, Period: "Classical", BirthYear: 1737, DeathYear: died(1806), Nationality: "Austrian"},
	{Name: "Antonio Salieri", CanonicalName: "Salieri", Period: "Classical", BirthYear: 1750, DeathYear: died(1825), Nationality: "Italian"},
	{Name: "Dmytro Bortniansky", CanonicalName: "Bortniansky", Aliases: []string{"Dmitry Bortniansky", "Dmitri Bortniansky", "Bortnyansky", "Bortnianski"}, Period: "Classical", BirthYear: 1751, DeathYear: died(1825), Nationality: "Ukrainian"},
	{Name: "Wolfgang Amadeus Mozart", CanonicalName: "Mozart", Aliases: []string{"W. A. Mozart", "Wolfgang Mozart"}, Period: "Classical", BirthYear: 1756, DeathYear: died(1791), Nationality: "Austrian"},

	// Classical/Romantic
	{Name: "Ludwig van Beethoven", CanonicalName: "Beethoven", Aliases: []string{"L. van Beethoven"}, Period: "Classical/Romantic", BirthYear: 1770, DeathYear: died(1827), Nationality: "German"},
	{Name: "Gioachino Rossini", CanonicalName: "Rossini", Aliases: []string{"Gioacchino Rossini"}, Period: "Classical/Romantic", BirthYear: 1792, DeathYear: died(1868), Nationality: "Italian"},
	{Name: "Franz Schubert", CanonicalName: "Schubert", Aliases: []string{"Franz Peter Schubert"}, Period: "Classical/Romantic", BirthYear: 1797, DeathYear: died(1828), Nationality: "Austrian"},

	// Romantic
	{Name: "Fanny Mendelssohn", CanonicalName: "Fanny Hensel", Aliases: []string{"Fanny Hensel", "Fanny Mendelssohn Hensel"}, Period: "Romantic", BirthYear: 1805, DeathYear: died(1847), Nationality: "German"},
	{Name: "Felix Mendelssohn", CanonicalName: "Mendelssohn", Aliases: []string{"Felix Mendelssohn Bartholdy", "Mendelssohn Bartholdy", "Jakob Ludwig Felix Mendelssohn Bartholdy"}, Period: "Romantic", BirthYear: 1809, DeathYear: died(1847), Nationality: "German"},
	{Name: "Robert Schumann", CanonicalName: "Schumann", Period: "Romantic", BirthYear: 1810, DeathYear: died(1856), Nationality: "German"},
	{Name: "Giuseppe Verdi", CanonicalName: "Verdi", Period: "Romantic", BirthYear: 1813, DeathYear: died(1901), Nationality: "Italian"},
	{Name: "Charles Gounod", CanonicalName: "Gounod", Aliases: []string{"Charles-François Gounod"}, Period: "Romantic", BirthYear: 1818, DeathYear: died(1893), Nationality: "French"},
	{Name: "César Franck", CanonicalName: "Franck", Aliases: []string{"Cesar Franck"}, Period: "Romantic", BirthYear: 1822, DeathYear: died(1890), Nationality: "Belgian-French"},
	{Name: "Anton Bruckner", CanonicalName: "Bruckner", Period: "Romantic", BirthYear: 1824, DeathYear: died(1896), Nationality: "Austrian"},
	{Name: "Johann Strauss II", CanonicalName: "J. Strauss II", Aliases: []string{"Johann Strauss Jr.", "Johann Strauss the Younger"}, Period: "Romantic", BirthYear: 1825, DeathYear: died(1899), Nationality: "Austrian"},
	{Name: "Johannes Brahms", CanonicalName: "Brahms", Period: "Romantic", BirthYear: 1833, DeathYear: died(1897), Nationality: "German"},
	{Name: "Camille Saint-Saëns", CanonicalName: "Saint-Saëns", Aliases: []string{"Camille Saint-Saens", "Saint-Saens"}, Period: "Romantic", BirthYear: 1835, DeathYear: died(1921), Nationality: "French"},
	{Name: "Josef Rheinberger", CanonicalName: "Rheinberger", Aliases: []string{"Joseph Rheinberger", "Josef Gabriel Rheinberger"}, Period: "Romantic", BirthYear: 1839, DeathYear: died(1901), Nationality: "Liechtensteiner"},
	{Name: "Modest Mussorgsky", CanonicalName: "Mussorgsky", Aliases: []string{"Musorgsky", "Moussorgsky", "Mussorgski", "Modest Musorgsky"}, Period: "Romantic", BirthYear: 1839, DeathYear: died(1881), Nationality: "Russian"},
	{Name: "Pyotr Ilyich Tchaikovsky", CanonicalName: "Tchaikovsky", Aliases: []string{"Tschaikowsky", "Tschaikowski", "Chaikovsky", "Čajkovskij", "Tchaikowsky", "Peter Tchaikovsky", "Pyotr Tchaikovsky", "Piotr Ilitch Tchaïkovski"}, Period: "Romantic", BirthYear: 1840, DeathYear: died(1893), Nationality: "Russian"},
	{Name: "Antonín Dvořák", CanonicalName: "Dvořák", Aliases: []string{"Antonin Dvorak", "Anton Dvorak"}, Period: "Romantic", BirthYear: 1841, DeathYear: died(1904), Nationality: "Czech"},
	{Name: "Edvard Grieg", CanonicalName: "Grieg", Period: "Romantic", BirthYear: 1843, DeathYear: died(1907), Nationality: "Norwegian"},
	{Name: "Nikolai Rimsky-Korsakov", CanonicalName: "Rimsky-Korsakov", Aliases: []string{"Nikolay Rimsky-Korsakov", "Rimskij-Korsakov"}, Period: "Romantic", BirthYear: 1844, DeathYear: died(1908), Nationality: "Russian"},
	{Name: "Charles-Marie Widor", CanonicalName: "Widor", Aliases: []string{"Charles Marie Widor"}, Period: "Romantic", BirthYear: 1844, DeathYear: died(1937), Nationality: "French"},
	{Name: "Gabriel Fauré", CanonicalName: "Fauré", Aliases: []string{"Gabriel Faure"}, Period: "Romantic", BirthYear: 1845, DeathYear: died(1924), Nationality: "French"},
	{Name: "Hubert Parry", CanonicalName: "Parry", Aliases: []string{"Sir Hubert Parry", "Charles Hubert Hastings Parry", "C. H. H. Parry"}, Period: "Romantic", BirthYear: 1848, DeathYear: died(1918), Nationality: "English"},
	{Name: "Charles Villiers Stanford", CanonicalName: "Stanford", Aliases: []string{"C. V. Stanford", "Sir Charles Villiers Stanford"}, Period: "Romantic", BirthYear: 1852, DeathYear: died(1924), Nationality: "Irish"},
	{Name: "Edward Elgar", CanonicalName: "Elgar", Aliases: []string{"Sir Edward Elgar"}, Period: "Romantic", BirthYear: 1857, DeathYear: died(1934), Nationality: "English"},
	{Name: "Giacomo Puccini", CanonicalName: "Puccini", Period: "Romantic", BirthYear: 1858, DeathYear: died(1924), Nationality: "Italian"},
	{Name: "Gustav Mahler", CanonicalName: "Mahler", Period: "Romantic", BirthYear: 1860, DeathYear: died(1911), Nationality: "Austrian"},

	// Romantic/Modern
	{Name: "Richard Strauss", CanonicalName: "R. Strauss", Period: "Romantic/Modern", BirthYear: 1864, DeathYear: died(1949), Nationality: "German"},
	{Name: "Alexander Grechaninov", CanonicalName: "Grechaninov", Aliases: []string{"Gretchaninov", "Gretchaninoff", "Alexandre Gretchaninoff", "Aleksandr Grechaninov"}, Period: "Romantic/Modern", BirthYear: 1864, DeathYear: died(1956), Nationality: "Russian"},
	{Name: "Jean Sibelius", CanonicalName: "Sibelius", Period: "Romantic/Modern", BirthYear: 1865, DeathYear: died(1957), Nationality: "Finnish"},
	{Name: "Louis Vierne", CanonicalName: "Vierne", Period: "Romantic/Modern", BirthYear: 1870, DeathYear: died(1937), Nationality: "French"},
	{Name: "Sergei Rachmaninoff", CanonicalName: "Rachmaninoff", Aliases: []string{"Rachmaninov", "Rakhmaninov", "Sergei Rachmaninov", "Sergey Rakhmaninov", "Serge Rachmaninoff"}, Period: "Romantic/Modern", BirthYear: 1873, DeathYear: died(1943), Nationality: "Russian"},
	{Name: "Max Reger", CanonicalName: "Reger", Period: "Romantic/Modern", BirthYear: 1873, DeathYear: died(1916), Nationality: "German"},
	{Name: "Pavel Chesnokov", CanonicalName: "Chesnokov", Aliases: []string{"Tchesnokov", "Tschesnokoff", "Pavel Tschesnokoff", "Chesnokoff"}, Period: "Romantic/Modern", BirthYear: 1877, DeathYear: died(1944), Nationality: "Russian"},

	// Modern
	{Name: "Ralph Vaughan Williams", CanonicalName: "Vaughan Williams", Aliases: []string{"R. Vaughan Williams", "RVW"}, Period: "Modern", BirthYear: 1872, DeathYear: died(1958), Nationality: "English"},
	{Name: "Gustav Holst", CanonicalName: "Holst", Aliases: []string{"Gustavus von Holst"}, Period: "Modern", BirthYear: 1874, DeathYear: died(1934), Nationality: "English"},
	{Name: "Charles Ives", CanonicalName: "Ives", Period: "Modern", BirthYear: 1874, DeathYear: died(1954), Nationality: "American"},
	{Name: "Healey Willan", CanonicalName: "Willan", Period: "Modern", BirthYear: 1880, DeathYear: died(1968), Nationality: "English-Canadian"},
	{Name: "Zoltán Kodály", CanonicalName: "Kodály", Aliases: []string{"Zoltan Kodaly"}, Period: "Modern", BirthYear: 1882, DeathYear: died(1967), Nationality: "Hungarian"},
	{Name: "Igor Stravinsky", CanonicalName: "Stravinsky", Aliases: []string{"Strawinsky", "Stravinskij", "Igor Strawinsky"}, Period: "Modern", BirthYear: 1882, DeathYear: died(1971), Nationality: "Russian-American"},
	{Name: "Frank Martin", CanonicalName: "F. Martin", Period: "Modern", BirthYear: 1890, DeathYear: died(1974), Nationality: "Swiss"},
	{Name: "Sergei Prokofiev", CanonicalName: "Prokofiev", Aliases: []string{"Prokofieff", "Prokofjew", "Sergey Prokofiev"}, Period: "Modern", BirthYear: 1891, DeathYear: died(1953), Nationality: "Russian"},
	{Name: "Herbert Howells", CanonicalName: "Howells", Period: "Modern", BirthYear: 1892, DeathYear: died(1983), Nationality: "English"},
	{Name: "Carl Orff", CanonicalName: "Orff", Period: "Modern", BirthYear: 1895, DeathYear: died(1982), Nationality: "German"},
	{Name: "Lajos Bárdos", CanonicalName: "Bárdos", Aliases: []string{"Lajos Bardos"}, Period: "Modern", BirthYear: 1899, DeathYear: died(1986), Nationality: "Hungarian"},
	{Name: "Francis Poulenc", CanonicalName: "Poulenc", Period: "Modern", BirthYear: 1899, DeathYear: died(1963), Nationality: "French"},
	{Name: "Aaron Copland", CanonicalName: "Copland", Period: "Modern", BirthYear: 1900, DeathYear: died(1990), Nationality: "American"},
	{Name: "Gerald Finzi", CanonicalName: "Finzi", Period: "Modern", BirthYear: 1901, DeathYear: died(1956), Nationality: "English"},
	{Name: "Maurice Duruflé", CanonicalName: "Duruflé", Aliases: []string{"Maurice Durufle"}, Period: "Modern", BirthYear: 1902, DeathYear: died(1986), Nationality: "French"},
	{Name: "William Walton", CanonicalName: "Walton", Aliases: []string{"Sir William Walton"}, Period: "Modern", BirthYear: 1902, DeathYear: died(1983), Nationality: "English"},
	{Name: "Michael Tippett", CanonicalName: "Tippett", Aliases: []string{"Sir Michael Tippett"}, Period: "Modern", BirthYear: 1905, DeathYear: died(1998), Nationality: "English"},
	{Name: "Dmitri Shostakovich", CanonicalName: "Shostakovich", Aliases: []string{"Dmitry Shostakovich", "Schostakowitsch", "Chostakovitch"}, Period: "Modern", BirthYear: 1906, DeathYear: died(1975), Nationality: "Russian"},
	{Name: "Franz Biebl", CanonicalName: "Biebl", Period: "Modern", BirthYear: 1906, DeathYear: died(2001), Nationality: "German"},
	{Name: "Hugo Distler", CanonicalName: "Distler", Period: "Modern", BirthYear: 1908, DeathYear: died(1942), Nationality: "German"},
	{Name: "Olivier Messiaen", CanonicalName: "Messiaen", Period: "Modern", BirthYear: 1908, DeathYear: died(1992), Nationality: "French"},
	{Name: "Samuel Barber", CanonicalName: "Barber", Period: "Modern", BirthYear: 1910, DeathYear: died(1981), Nationality: "American"},
	{Name: "Benjamin Britten", CanonicalName: "Britten", Period: "Modern", BirthYear: 1913, DeathYear: died(1976), Nationality: "English"},
	{Name: "Leonard Bernstein", CanonicalName: "Bernstein", Period: "Modern", BirthYear: 1918, DeathYear: died(1990), Nationality: "American"},

	// Contemporary
	{Name: "Knut Nystedt", CanonicalName: "Nystedt", Period: "Contemporary", BirthYear: 1915, DeathYear: died(2014), Nationality: "Norwegian"},
	{Name: "Einojuhani Rautavaara", CanonicalName: "Rautavaara", Period: "Contemporary", BirthYear: 1928, DeathYear: died(2016), Nationality: "Finnish"},
	{Name: "Henryk Górecki", CanonicalName: "Górecki", Aliases: []string{"Henryk Gorecki", "Henryk Mikołaj Górecki"}, Period: "Contemporary", BirthYear: 1933, DeathYear: died(2010), Nationality: "Polish"},
	{Name: "William Mathias", CanonicalName: "Mathias", Period: "Contemporary", BirthYear: 1934, DeathYear: died(1992), Nationality: "Welsh"},
	{Name: "Arvo Pärt", CanonicalName: "Pärt", Aliases: []string{"Arvo Part", "Arvo Paert"}, Period: "Contemporary", BirthYear: 1935, Nationality: "Estonian"},
	{Name: "Morten Lauridsen", CanonicalName: "Lauridsen", Period: "Contemporary", BirthYear: 1943, Nationality: "American"},
	{Name: "John Tavener", CanonicalName: "Tavener", Aliases: []string{"Sir John Tavener"}, Period: "Contemporary", BirthYear: 1944, DeathYear: died(2013), Nationality: "English"},
	{Name: "Karl Jenkins", CanonicalName: "Jenkins", Aliases: []string{"Sir Karl Jenkins"}, Period: "Contemporary", BirthYear: 1944, Nationality: "Welsh"},
	{Name: "John Rutter", CanonicalName: "Rutter", Period: "Contemporary", BirthYear: 1945, Nationality: "English"},
	{Name: "Pēteris Vasks", CanonicalName: "Vasks", Aliases: []string{"Peteris Vasks"}, Period: "Contemporary", BirthYear: 1946, Nationality: "Latvian"},
	{Name: "Stephen Paulus", CanonicalName: "Paulus", Period: "Contemporary", BirthYear: 1949, DeathYear: died(2014), Nationality: "American"},
	{Name: "Jan Sandström", CanonicalName: "Sandström", Aliases: []string{"Jan Sandstrom"}, Period: "Contemporary", BirthYear: 1954, Nationality: "Swedish"},
	{Name: "Bob Chilcott", CanonicalName: "Chilcott", Period: "Contemporary", BirthYear: 1955, Nationality: "English"},
	{Name: "Moses Hogan", CanonicalName: "Hogan", Period: "Contemporary", BirthYear: 1957, DeathYear: died(2003), Nationality: "American"},
	{Name: "James MacMillan", CanonicalName: "MacMillan", Aliases: []string{"Sir James MacMillan"}, Period: "Contemporary", BirthYear: 1959, Nationality: "Scottish"},
	{Name: "Jonathan Dove", CanonicalName: "Dove", Period: "Contemporary", BirthYear: 1959, Nationality: "English"},
	{Name: "Jaakko Mäntyjärvi", CanonicalName: "Mäntyjärvi", Aliases: []string{"Jaakko Mantyjarvi"}, Period: "Contemporary", BirthYear: 1963, Nationality: "Finnish"},
	{Name: "Eric Whitacre", CanonicalName: "Whitacre", Period: "Contemporary", BirthYear: 1970, Nationality: "American"},
	{Name: "Ēriks Ešenvalds", CanonicalName: "Ešenvalds", Aliases: []string{"Eriks Esenvalds"}, Period: "Contemporary", BirthYear: 1977, Nationality: "Latvian"},
	{Name: "Ola Gjeilo", CanonicalName: "Gjeilo", Period: "Contemporary", BirthYear: 1978, Nationality: "Norwegian"},
}
