// Package access is the one place that decides who may do what: the role →
// permission table of the specification (accounts document §6). Handlers
// ask it with the caller's standing in a choir; nothing else grants rights.
package access

// Role is a person's standing: global_admin comes from the profile flag, the
// others from an active membership of the choir in question.
type Role string

const (
	GlobalAdmin Role = "global_admin"
	ChoirAdmin  Role = "choir_admin"
	Member      Role = "member"
	Guest       Role = "guest"
)

// MembershipRoles are the roles a membership can carry.
var MembershipRoles = []Role{ChoirAdmin, Member, Guest}

// Roles lists every role, most privileged first.
var Roles = []Role{GlobalAdmin, ChoirAdmin, Member, Guest}

// Permission is one right.
type Permission string

const (
	ViewDashboard        Permission = "view:dashboard"
	ViewCalendar         Permission = "view:calendar"
	EditCalendar         Permission = "edit:calendar"
	ViewMusic            Permission = "view:music"
	EditMusic            Permission = "edit:music"
	ViewRehearsals       Permission = "view:rehearsals"
	EditRehearsals       Permission = "edit:rehearsals"
	ViewMessages         Permission = "view:messages"
	SendMessages         Permission = "send:messages"
	ViewMembers          Permission = "view:members"
	ViewDirectory        Permission = "view:directory"
	ManageMembers        Permission = "manage:members"
	ManageCommunications Permission = "manage:communications"
	ViewAnalytics        Permission = "view:analytics"
	ViewSettings         Permission = "view:settings"
	EditSettings         Permission = "edit:settings"
	ManageChoir          Permission = "manage:choir"
	ManageMusic          Permission = "manage:music"
	ManageAnnouncements  Permission = "manage:announcements"
	AdminGlobal          Permission = "admin:global"
)

// AllPermissions lists every permission; a global admin holds them all.
var AllPermissions = []Permission{
	ViewDashboard, ViewCalendar, EditCalendar, ViewMusic, EditMusic, ViewRehearsals, EditRehearsals,
	ViewMessages, SendMessages, ViewMembers, ViewDirectory, ManageMembers, ManageCommunications,
	ViewAnalytics, ViewSettings, EditSettings, ManageChoir, ManageMusic, ManageAnnouncements, AdminGlobal,
}

// table is §6. No role but global_admin holds manage:music or
// manage:announcements.
var table = map[Role][]Permission{
	ChoirAdmin: {
		ViewDashboard, ViewCalendar, EditCalendar, ViewMusic, EditMusic, ViewRehearsals, EditRehearsals,
		ViewMessages, SendMessages, ViewMembers, ViewDirectory, ManageMembers, ManageCommunications,
		ViewAnalytics, ViewSettings, EditSettings, ManageChoir,
	},
	Member: {ViewDashboard, ViewCalendar, ViewMusic, ViewRehearsals, ViewMessages, SendMessages, ViewDirectory},
	Guest:  {ViewDashboard, ViewCalendar, ViewMusic},
}

// Has says whether a role holds a permission.
func Has(role Role, p Permission) bool {
	if role == GlobalAdmin {
		return true
	}
	for _, q := range table[role] {
		if q == p {
			return true
		}
	}
	return false
}

// Permissions lists what a role holds, in the order of AllPermissions. It is
// read off Has rather than the table so that the list handed out (the web
// app learns the table from the session) can never differ from what the
// server decides. An unknown role holds nothing: an empty list, not nil, so
// that it encodes as [] in JSON.
func Permissions(role Role) []Permission {
	out := []Permission{}
	for _, p := range AllPermissions {
		if Has(role, p) {
			out = append(out, p)
		}
	}
	return out
}

// Standing is what the server knows of a person in one choir.
type Standing struct {
	GlobalAdmin bool
	Member      bool // has a membership of the choir
	Active      bool // that membership is active
	Role        Role // the membership's role
}

// Effective is the role the standing acts with in the choir, or "" for
// none: a global admin acts as global_admin everywhere; an inactive
// membership grants nothing.
func (s Standing) Effective() Role {
	switch {
	case s.GlobalAdmin:
		return GlobalAdmin
	case s.Member && s.Active:
		return s.Role
	}
	return ""
}

// Allows says whether the standing may use a permission in the choir.
func (s Standing) Allows(p Permission) bool {
	r := s.Effective()
	return r != "" && Has(r, p)
}

// Platform is a person's standing outside any choir: only the global admin
// flag counts there, so of the permissions only a global admin's remain.
// Platform-wide decisions (the liturgical calendars, unpublished ones
// included; choirs the caller is not in) ask it, for example
// Platform(u.IsGlobalAdmin).Allows(AdminGlobal).
func Platform(globalAdmin bool) Standing {
	return Standing{GlobalAdmin: globalAdmin}
}

// Creator is the standing of whoever just created a choir: its active
// choir_admin, or global_admin for a global admin.
func Creator(globalAdmin bool) Standing {
	return Standing{GlobalAdmin: globalAdmin, Member: true, Active: true, Role: ChoirAdmin}
}

// ValidMembershipRole says whether a membership may carry a role.
func ValidMembershipRole(r string) bool {
	for _, m := range MembershipRoles {
		if string(m) == r {
			return true
		}
	}
	return false
}

// SeesDraftEvents says whether a role sees calendar events that are not
// published: those who edit the calendar (calendar document §4: choir_admin
// and global_admin).
func SeesDraftEvents(r Role) bool { return Has(r, EditCalendar) }

// SeesUnpublishedCalendars says whether a standing sees the liturgical
// calendars that are not published, and their feasts: only global admins
// (accounts document §6: unpublished calendars are hidden from ordinary
// users). Everyone else, choir admins included, sees only published ones.
func SeesUnpublishedCalendars(s Standing) bool { return s.Allows(AdminGlobal) }
