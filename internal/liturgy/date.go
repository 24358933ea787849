package liturgy

import (
	"fmt"
	"time"
)

// Date is a civil (proleptic Gregorian) calendar date with no time of day and
// no time zone: a feast falls on a day, not at an instant. Its zero value is
// not a valid date and means "no date" (Day.OriginalDate of a feast that was
// not transferred).
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// NewDate returns the date year-month-day, normalising an out-of-range day or
// month the way time.Date does (31 April is 1 May).
func NewDate(year int, month time.Month, day int) Date {
	return DateOf(time.Date(year, month, day, 0, 0, 0, 0, time.UTC))
}

// DateOf returns the civil date of t in t's own location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// Time returns the date as midnight UTC.
func (d Date) Time() time.Time { return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC) }

// IsZero reports whether d is the zero Date.
func (d Date) IsZero() bool { return d == Date{} }

// String formats the date as YYYY-MM-DD.
func (d Date) String() string { return fmt.Sprintf("%04d-%02d-%02d", d.Year, int(d.Month), d.Day) }

// MarshalText formats the date as YYYY-MM-DD (the zero date as "").
func (d Date) MarshalText() ([]byte, error) {
	if d.IsZero() {
		return []byte{}, nil
	}
	return []byte(d.String()), nil
}

// UnmarshalText parses YYYY-MM-DD ("" is the zero date).
func (d *Date) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*d = Date{}
		return nil
	}
	p, err := ParseDate(string(b))
	if err != nil {
		return err
	}
	*d = p
	return nil
}

// ParseDate parses a YYYY-MM-DD date.
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return Date{}, fmt.Errorf("liturgy: %q is not a YYYY-MM-DD date", s)
	}
	return DateOf(t), nil
}

// Weekday returns the day of the week.
func (d Date) Weekday() time.Weekday {
	// 1970-01-01 was a Thursday.
	w := (d.days() + 4) % 7
	if w < 0 {
		w += 7
	}
	return time.Weekday(w)
}

// AddDays returns the date n days later (earlier for negative n).
func (d Date) AddDays(n int) Date { return fromDays(d.days() + int64(n)) }

// Sub returns the number of days from e to d.
func (d Date) Sub(e Date) int { return int(d.days() - e.days()) }

// Before reports whether d is earlier than e.
func (d Date) Before(e Date) bool { return d.days() < e.days() }

// After reports whether d is later than e.
func (d Date) After(e Date) bool { return d.days() > e.days() }

// Compare returns -1, 0 or +1 as d is before, equal to or after e.
func (d Date) Compare(e Date) int {
	switch a, b := d.days(), e.days(); {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (d Date) days() int64 { return daysFromCivil(d.Year, int(d.Month), d.Day) }

// daysFromCivil counts days since 1970-01-01 in the proleptic Gregorian
// calendar (H. Hinnant's algorithm, exact for every year).
func daysFromCivil(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

func fromDays(z int64) Date {
	z += 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	return Date{int(y), time.Month(m), int(d)}
}

// julianToCivil converts a date of the Julian calendar to the civil date of
// the same day.
func julianToCivil(y int, m time.Month, d int) Date {
	return fromDays(daysFromJulian(y, int(m), d))
}

// civilToJulian converts a civil date to the Julian calendar (as a Date whose
// fields hold the Julian year, month and day), through the Julian Day Number.
func civilToJulian(c Date) Date {
	jdn := c.days() + unixEpochJDN
	cc := jdn + 32082
	d := (4*cc + 3) / 1461
	e := cc - 1461*d/4
	m := (5*e + 2) / 153
	return Date{int(d - 4800 + m/10), time.Month(m + 3 - 12*(m/10)), int(e - (153*m+2)/5 + 1)}
}

// unixEpochJDN is the Julian Day Number of 1970-01-01.
const unixEpochJDN = 2440588

// daysFromJulian counts days since 1970-01-01 (civil) for a Julian date,
// through the Julian Day Number.
func daysFromJulian(y, m, d int) int64 {
	a := (14 - m) / 12
	yy := int64(y + 4800 - a)
	mm := int64(m + 12*a - 3)
	jdn := int64(d) + (153*mm+2)/5 + 365*yy + yy/4 - 32083
	return jdn - unixEpochJDN
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// sundayOnOrAfter returns the first Sunday on or after d.
func sundayOnOrAfter(d Date) Date { return d.AddDays((7 - int(d.Weekday())) % 7) }

// sundayAfter returns the first Sunday strictly after d.
func sundayAfter(d Date) Date { return sundayOnOrAfter(d.AddDays(1)) }

// sundayOnOrBefore returns the last Sunday on or before d.
func sundayOnOrBefore(d Date) Date { return d.AddDays(-int(d.Weekday())) }

// weekdayOnOrAfter returns the first given weekday on or after d.
func weekdayOnOrAfter(d Date, w time.Weekday) Date {
	return d.AddDays((int(w) - int(d.Weekday()) + 7) % 7)
}

// nthWeekday returns the n-th (1-based) weekday w of a month; n = -1 is the
// last one.
func nthWeekday(year int, m time.Month, w time.Weekday, n int) Date {
	if n < 0 {
		last := NewDate(year, m+1, 1).AddDays(-1)
		return last.AddDays(-((int(last.Weekday()) - int(w) + 7) % 7))
	}
	return weekdayOnOrAfter(Date{year, m, 1}, w).AddDays(7 * (n - 1))
}
