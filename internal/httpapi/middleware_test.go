package httpapi

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/cantica/cantica/internal/apperr"
)

func TestControlFieldsNameEachStringByItsPath(t *testing.T) {
	for body, want := range map[string][]string{
		`{"name": "Schola"}`:                           nil,
		`{"notes": "line one\r\nline two\tand a tab"}`: nil,
		`"a\u0000b"`:                 {"body"},
		`{"title": "\u001b[31mred"}`: {"title"},
		`{"rows": [{"email": "a@b.c"}, {"email": "x\fy"}]}`: {"rows.1.email"},
		`{"rule": {"tzid": "Europe/London\u007f"}, "n": 3}`: {"rule.tzid"},
		`{"a": "\b", "b": ["ok", "\u0001"]}`:                {"a", "b.1"},
	} {
		var v any
		if err := json.Unmarshal([]byte(body), &v); err != nil {
			t.Fatal(err)
		}
		var f apperr.Fields
		controlFields(v, "", &f)
		var got []string
		if e, ok := apperr.As(f.Err()); ok {
			got = slices.Sorted(maps.Keys(e.Details))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: fields %v, want %v", body, got, want)
		}
	}
}
