package planning

import "testing"

func TestParseDay(t *testing.T) {
	t.Parallel()
	for s, ok := range map[string]bool{"2028-02-29": true, "1900-01-01": true, "2200-12-31": true,
		"2027-02-29": false, "2027-3-28": false, "1899-12-31": false, "2201-01-01": false, "": false} {
		d, err := ParseDay(s, "date")
		if (err == nil) != ok || (ok && d.String() != s) {
			t.Errorf("ParseDay(%q) = %v, %v", s, d, err)
		}
	}
}
