package httpapi_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/auth"
	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// specOperation is one operation of api/openapi.yaml.
type specOperation struct {
	name, method, path string // name as the generated interface spells it
	op                 *openapi3.Operation
}

func specOperations(t *testing.T) (*openapi3.T, []specOperation) {
	t.Helper()
	spec, err := apigen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	var ops []specOperation
	for path, item := range spec.Paths.Map() {
		for method, op := range item.Operations() {
			name := strings.ToUpper(op.OperationID[:1]) + op.OperationID[1:]
			ops = append(ops, specOperation{name: name, method: method, path: path, op: op})
		}
	}
	slices.SortFunc(ops, func(a, b specOperation) int { return strings.Compare(a.name, b.name) })
	return spec, ops
}

// public says whether the description lets a stranger call op: its
// security (or the document's) holds an empty requirement, one that asks
// for nothing.
func public(spec *openapi3.T, op *openapi3.Operation) bool {
	security := spec.Security
	if op.Security != nil {
		security = *op.Security
	}
	return len(security) == 0 || slices.ContainsFunc(security, func(r openapi3.SecurityRequirement) bool { return len(r) == 0 })
}

// The description's security says who may call each operation: every one
// is called without a session, with its row of the authorization matrix,
// and one declared open must not be refused for want of a session, while
// every other one must. The cookie the description names is the one a
// sign-in sets.
func TestSecurityDeclarations(t *testing.T) {
	t.Parallel()
	spec, ops := specOperations(t)
	scheme := spec.Components.SecuritySchemes["sessionCookie"]
	if scheme == nil || scheme.Value.Type != "apiKey" || scheme.Value.In != "cookie" {
		t.Fatalf("the description declares no session cookie scheme: %+v", scheme)
	}
	if len(spec.Security) != 1 || len(spec.Security[0]) != 1 || spec.Security[0]["sessionCookie"] == nil {
		t.Errorf("the document's security %v, want the session cookie", spec.Security)
	}
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		if c := signIn(t, h, "ada@example.com"); c.Cookie(scheme.Value.Name) == nil {
			t.Errorf("signing in sets no cookie %q", scheme.Value.Name)
		}
		stranger := h.NewClient()
		for _, o := range ops {
			r, ok := matrix[o.name]
			if !ok {
				continue // TestAuthorizationMatrixListsEveryOperation names it
			}
			res := stranger.Do(r.method, strings.ReplaceAll(r.path, "{A}", unknownInvite), r.body)
			refused := res.Status == 401 && res.Str("message") == auth.MsgAuthRequired
			switch open := public(spec, o.op); {
			case open && refused:
				t.Errorf("%s is declared open to strangers but refuses one: %d %s", o.name, res.Status, res.Raw)
			case !open && !refused:
				t.Errorf("%s declares the session cookie but answers a stranger: %d %.200s", o.name, res.Status, res.Raw)
			}
		}
	})
}
