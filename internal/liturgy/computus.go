package liturgy

import "time"

// WesternEaster returns the date of Easter Sunday by the Gregorian computus
// (the "anonymous Gregorian algorithm" of Meeus, Jones and Butcher), valid for
// every year from 1583 on.
func WesternEaster(year int) Date {
	a := year % 19
	b, c := year/100, year%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	n := h + l - 7*m + 114
	return Date{year, time.Month(n / 31), n%31 + 1}
}

// JulianPascha returns the date of Pascha by the Julian computus, expressed in
// the Julian calendar (Meeus's Julian algorithm).
func JulianPascha(year int) Date {
	a, b, c := year%4, year%7, year%19
	d := (19*c + 15) % 30
	e := (2*a + 4*b - d + 34) % 7
	n := d + e + 114
	return Date{year, time.Month(n / 31), n%31 + 1}
}

// OrthodoxPascha returns the civil (Gregorian) date of Orthodox Pascha: the
// Julian computus converted day for day, which adds 13 days from 1900 to
// February 2100 and 14 days from 1 March 2100.
func OrthodoxPascha(year int) Date {
	j := JulianPascha(year)
	return julianToCivil(j.Year, j.Month, j.Day)
}
