package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/apperr"
)

func TestControlFieldsNameEachStringByItsPath(t *testing.T) {
	t.Parallel()
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

// countingWriter counts the status lines written.
type countingWriter struct {
	*httptest.ResponseRecorder
	statuses int
}

func (c *countingWriter) WriteHeader(code int) {
	c.statuses++
	c.ResponseRecorder.WriteHeader(code)
}

// A failure found once the answer's status has gone out (a connection that
// broke mid-answer) is not answered a second time, nor logged as an error.
func TestNoSecondStatusAfterAnAnswerFailed(t *testing.T) {
	t.Parallel()
	for name, wrap := range map[string]func(http.ResponseWriter) http.ResponseWriter{
		"plain":         func(w http.ResponseWriter) http.ResponseWriter { return w },
		"held for gzip": func(w http.ResponseWriter) http.ResponseWriter { return &gzipWriter{ResponseWriter: w} },
	} {
		t.Run(name, func(t *testing.T) {
			cw := &countingWriter{ResponseRecorder: httptest.NewRecorder()}
			w := wrap(&statusRecorder{ResponseWriter: cw})
			w.WriteHeader(http.StatusOK)
			if g, ok := w.(*gzipWriter); ok {
				g.finish()
			}
			var logs bytes.Buffer
			writeHandlerError(slog.New(slog.NewTextHandler(&logs, nil)), &redactor{}, w, httptest.NewRequest("GET", "/api/v1/info", nil),
				errors.New("write tcp: broken pipe"))
			if cw.statuses != 1 || cw.Code != http.StatusOK {
				t.Fatalf("%d status lines, the last %d", cw.statuses, cw.Code)
			}
			if strings.Contains(logs.String(), "level=ERROR") {
				t.Fatalf("logged as an error: %s", logs.String())
			}
		})
	}
}
