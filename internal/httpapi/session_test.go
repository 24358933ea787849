package httpapi_test

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/httpapi/apigen"
)

// webFixture is the session's role → permission table as the web app's tests
// answer it from their stubbed server. It is checked here against what the
// server sends, so the web tests cannot drift from the server's table.
const webFixture = "../../web/src/test/rolePermissions.json"

// tableOf reads rolePermissions out of a session answer, role by role.
func tableOf(t *testing.T, res apptest.Response) map[string][]string {
	t.Helper()
	raw, ok := res.JSON["rolePermissions"]
	if !ok {
		t.Fatalf("the session has no rolePermissions: %s", res.Raw)
	}
	b, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	var table map[string][]string
	if err := json.Unmarshal(b, &table); err != nil {
		t.Fatalf("rolePermissions %s: %v", b, err)
	}
	return table
}

// The web app learns the role → permission table from the session; it must
// be exactly what internal/access decides, for every role, whoever asks.
func TestSessionCarriesThePermissionTable(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		// A signed-out visitor holds no permission and gets no table.
		if res := h.NewClient().Do("GET", "/api/v1/auth/session", nil); res.Status != 200 || res.JSON["user"] != nil {
			t.Fatalf("signed-out session: %d %s", res.Status, res.Raw)
		} else if _, ok := res.JSON["rolePermissions"]; ok {
			t.Errorf("a signed-out session carries rolePermissions: %s", res.Raw)
		}

		emails := []string{"admin@example.com", "member@example.com", "guest@example.com", "global@example.com", "lone@example.com"}
		clients := map[string]*apptest.Client{}
		ids := map[string]string{}
		for _, e := range emails {
			confirmedUser(t, h, e)
			clients[e] = signIn(t, h, e)
			id, err := h.App.Accounts.UserIDByEmail(t.Context(), e)
			if err != nil {
				t.Fatal(err)
			}
			ids[e] = id
		}
		choirA := createChoir(t, clients["admin@example.com"], "Choir A").Str("id")
		// The global admin is also a member of choir A: acting as global_admin
		// there is what the server decides, and what the client must look up.
		for e, role := range map[string]access.Role{"member@example.com": access.Member, "guest@example.com": access.Guest, "global@example.com": access.Member} {
			if err := h.App.Choirs.AddMember(t.Context(), ids[e], choirA, role, h.Clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if err := h.App.Accounts.SetGlobalAdmin(t.Context(), "global@example.com", true); err != nil {
			t.Fatal(err)
		}

		want := map[string][]string{}
		for _, role := range access.Roles {
			for _, p := range access.Permissions(role) {
				want[string(role)] = append(want[string(role)], string(p))
			}
		}
		for _, e := range emails {
			res := clients[e].Do("GET", "/api/v1/auth/session", nil)
			if res.Status != 200 {
				t.Fatalf("session of %s: %d %s", e, res.Status, res.Raw)
			}
			table := tableOf(t, res)
			if !reflect.DeepEqual(table, want) {
				t.Errorf("%s: rolePermissions %v, want %v", e, table, want)
			}
			for _, p := range []access.Permission{access.ManageMusic, access.ManageAnnouncements} {
				for role, ps := range table {
					if slices.Contains(ps, string(p)) != (role == string(access.GlobalAdmin)) {
						t.Errorf("%s: %s holds %s: %v; only global_admin may", e, role, p, slices.Contains(ps, string(p)))
					}
				}
			}

			// What the client looks up for choir A (global_admin for a global
			// admin, else the membership's role) grants what the server allows there.
			global, _ := res.JSON["user"].(map[string]any)["isGlobalAdmin"].(bool)
			role := ""
			if global {
				role = string(access.GlobalAdmin)
			} else {
				for _, m := range res.JSON["choirs"].([]any) {
					m := m.(map[string]any)
					if m["choir"].(map[string]any)["id"] == choirA {
						role = m["role"].(string)
					}
				}
			}
			standing, err := h.App.Choirs.Standing(t.Context(), ids[e], global, choirA)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range access.AllPermissions {
				if got, allowed := slices.Contains(table[role], string(p)), standing.Allows(p); got != allowed {
					t.Errorf("%s in choir A as %q: the session grants %s: %v, the server allows it: %v", e, role, p, got, allowed)
				}
			}
		}

		// The web tests answer with the same table.
		b, err := os.ReadFile(webFixture)
		if err != nil {
			t.Fatal(err)
		}
		var fixture map[string][]string
		if err := json.Unmarshal(b, &fixture); err != nil {
			t.Fatalf("%s: %v", webFixture, err)
		}
		if !reflect.DeepEqual(fixture, want) {
			pretty, _ := json.MarshalIndent(want, "", "  ")
			t.Errorf("%s differs from the server's table; it should read:\n%s", webFixture, pretty)
		}
	})
}

// The contract's Permission and Role enums, and the roles of RolePermissions,
// name exactly what internal/access knows, in its order.
func TestContractNamesTheServerPermissions(t *testing.T) {
	t.Parallel()
	spec, err := apigen.GetSpec()
	if err != nil {
		t.Fatal(err)
	}
	schemas := spec.Components.Schemas
	enum := func(name string) []string {
		var out []string
		for _, v := range schemas[name].Value.Enum {
			out = append(out, v.(string))
		}
		return out
	}
	var perms, roles []string
	for _, p := range access.AllPermissions {
		perms = append(perms, string(p))
	}
	for _, r := range access.Roles {
		roles = append(roles, string(r))
	}
	if got := enum("Permission"); !slices.Equal(got, perms) {
		t.Errorf("Permission enum %v, want %v", got, perms)
	}
	if got := enum("Role"); !slices.Equal(got, roles) {
		t.Errorf("Role enum %v, want %v", got, roles)
	}
	table := schemas["RolePermissions"].Value
	var props []string
	for name := range table.Properties {
		props = append(props, name)
	}
	slices.Sort(props)
	required := slices.Sorted(slices.Values(table.Required))
	sorted := slices.Sorted(slices.Values(roles))
	if !slices.Equal(props, sorted) || !slices.Equal(required, sorted) {
		t.Errorf("RolePermissions properties %v, required %v; want every role %v", props, required, sorted)
	}
}
