package access

import (
	"slices"
	"strings"
	"testing"
)

// TestTable walks every role and every permission against §6, written out
// here a second time on purpose: a change to either must be deliberate.
func TestTable(t *testing.T) {
	want := map[Role]string{
		ChoirAdmin: "view:dashboard view:calendar edit:calendar view:music edit:music view:rehearsals edit:rehearsals " +
			"view:messages send:messages view:members view:directory manage:members manage:communications " +
			"view:analytics view:settings edit:settings manage:choir",
		Member: "view:dashboard view:calendar view:music view:rehearsals view:messages send:messages view:directory",
		Guest:  "view:dashboard view:calendar view:music",
	}
	for _, role := range []Role{GlobalAdmin, ChoirAdmin, Member, Guest} {
		for _, p := range AllPermissions {
			expected := role == GlobalAdmin || contains(want[role], string(p))
			if got := Has(role, p); got != expected {
				t.Errorf("%s %s: %v, want %v", role, p, got, expected)
			}
		}
	}
	for _, p := range []Permission{ManageMusic, ManageAnnouncements, AdminGlobal} {
		for _, role := range MembershipRoles {
			if Has(role, p) {
				t.Errorf("%s must not hold %s", role, p)
			}
		}
	}
	if Has("", ViewDashboard) || Has("owner", ViewDashboard) {
		t.Error("an unknown role holds a permission")
	}
}

// Permissions is Has written out as a list: every permission a role holds,
// once, in the order of AllPermissions.
func TestPermissions(t *testing.T) {
	for _, role := range Roles {
		got := Permissions(role)
		var want []Permission
		for _, p := range AllPermissions {
			if Has(role, p) {
				want = append(want, p)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", role, got, want)
		}
	}
	if got := Permissions(GlobalAdmin); !slices.Equal(got, AllPermissions) {
		t.Errorf("global_admin: %v, want every permission", got)
	}
	if got := Permissions("owner"); got == nil || len(got) != 0 {
		t.Errorf("an unknown role: %#v, want an empty list", got)
	}
	if !slices.Equal(Roles[1:], MembershipRoles) || Roles[0] != GlobalAdmin {
		t.Errorf("Roles %v: want global_admin, then the membership roles %v", Roles, MembershipRoles)
	}
}

func contains(list, word string) bool { return slices.Contains(strings.Fields(list), word) }

func TestStanding(t *testing.T) {
	cases := []struct {
		name  string
		s     Standing
		role  Role
		allow Permission
		deny  Permission
	}{
		{"global admin without membership", Standing{GlobalAdmin: true}, GlobalAdmin, AdminGlobal, ""},
		{"global admin with a member's membership", Standing{GlobalAdmin: true, Member: true, Active: true, Role: Member}, GlobalAdmin, ManageChoir, ""},
		{"active choir admin", Standing{Member: true, Active: true, Role: ChoirAdmin}, ChoirAdmin, ManageChoir, AdminGlobal},
		{"active member", Standing{Member: true, Active: true, Role: Member}, Member, ViewDirectory, EditCalendar},
		{"active guest", Standing{Member: true, Active: true, Role: Guest}, Guest, ViewCalendar, ViewDirectory},
		{"inactive choir admin", Standing{Member: true, Active: false, Role: ChoirAdmin}, "", "", ViewDashboard},
		{"stranger", Standing{}, "", "", ViewDashboard},
	}
	for _, c := range cases {
		if got := c.s.Effective(); got != c.role {
			t.Errorf("%s: role %q, want %q", c.name, got, c.role)
		}
		if c.allow != "" && !c.s.Allows(c.allow) {
			t.Errorf("%s: %s refused", c.name, c.allow)
		}
		if c.deny != "" && c.s.Allows(c.deny) {
			t.Errorf("%s: %s allowed", c.name, c.deny)
		}
	}
}

// Outside any choir only the global admin flag grants anything; the creator
// of a choir is its choir_admin unless a global admin.
func TestPlatformAndCreator(t *testing.T) {
	for _, p := range AllPermissions {
		if !Platform(true).Allows(p) {
			t.Errorf("a global admin is refused %s outside any choir", p)
		}
		if Platform(false).Allows(p) {
			t.Errorf("an ordinary user holds %s outside any choir", p)
		}
	}
	if got := Creator(false).Effective(); got != ChoirAdmin {
		t.Errorf("creator's role %q, want choir_admin", got)
	}
	if got := Creator(true).Effective(); got != GlobalAdmin {
		t.Errorf("global admin creator's role %q, want global_admin", got)
	}
	if Creator(false).Allows(AdminGlobal) {
		t.Error("creating a choir grants admin:global")
	}
}
