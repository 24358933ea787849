package apptest

import (
	"fmt"
	"maps"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// spec is the API description, read once for all harnesses.
var spec = sync.OnceValues(apigen.GetSpec)

// checkDeclared fails the test, when it ends, for every answer of an API
// operation whose status api/openapi.yaml does not list for that operation,
// so that the description stays true to what the server answers: every
// request of every test through a harness is a check. Server failures (5xx)
// are what the description calls default.
func checkDeclared(t testing.TB, next http.Handler) http.Handler {
	doc, err := spec()
	if err != nil {
		t.Fatalf("read the API description: %v", err)
	}
	var mu sync.Mutex
	undeclared := map[string]bool{}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, msg := range slices.Sorted(maps.Keys(undeclared)) {
			t.Errorf("%s, which api/openapi.yaml does not declare for it", msg)
		}
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		op := operation(doc, r)
		status := rec.status
		if status == 0 {
			status = http.StatusOK
		}
		// A client that went away was answered nothing, and an address not
		// in its clean form is sent to that form by the router before any
		// operation sees it.
		gone := r.Context().Err() != nil
		unclean := path.Clean(r.URL.Path) != r.URL.Path
		if op == nil || gone || unclean || status >= 500 || op.Responses.Value(strconv.Itoa(status)) != nil {
			return
		}
		mu.Lock()
		undeclared[fmt.Sprintf("%s (%s) answered %d", op.OperationID, r.Pattern, status)] = true
		mu.Unlock()
	})
}

// operation finds the operation of the description that the server's
// router chose for r (the pattern it matched names the operation's path).
func operation(doc *openapi3.T, r *http.Request) *openapi3.Operation {
	method, path, ok := strings.Cut(r.Pattern, " ")
	path, inAPI := strings.CutPrefix(path, "/api/v1")
	if !ok || !inAPI {
		return nil
	}
	item := doc.Paths.Value(path)
	if item == nil {
		return nil
	}
	return item.GetOperation(method)
}

// statusRecorder remembers the status of an answer.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }
