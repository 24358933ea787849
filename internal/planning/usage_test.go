package planning

import (
	"testing"

	"github.com/cantica/cantica/internal/apperr"
)

func TestCheckUsageRange(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ from, to, field, msg string }{
		{"2026-01-01", "2026-12-31", "", ""},
		{"2026-03-01", "2026-03-01", "", ""},              // one day
		{"2024-02-29", "2027-02-28", "", ""},              // three years from a leap day
		{"2026-01-01", "2029-01-01", "", ""},              // exactly three years
		{"2026-01-01", "2029-01-02", "to", MsgUsageRange}, // a day more
		{"2026-01-02", "2026-01-01", "to", MsgUsageOrder},
		{"2026-02-30", "2026-03-01", "from", MsgUsageDate},
		{"2026-01-01", "2026-1-31", "to", MsgUsageDate},
		{"", "", "from", MsgUsageDate},
	} {
		err := CheckUsageRange(c.from, c.to)
		if c.field == "" {
			if err != nil {
				t.Errorf("%s..%s: %v", c.from, c.to, err)
			}
			continue
		}
		e, ok := apperr.As(err)
		if !ok || e.Code != apperr.CodeValidation || e.Details[c.field] != c.msg {
			t.Errorf("%s..%s: %v, want %q under %s", c.from, c.to, err, c.msg, c.field)
		}
	}
}
