package httpapi_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
	"github.com/cantica/cantica/internal/choir"
)

// memberEntry finds a member in a directory answer by email.
func memberEntry(t *testing.T, res apptest.Response, email string) map[string]any {
	t.Helper()
	for _, item := range res.List {
		if m := item.(map[string]any); m["email"] == email {
			return m
		}
	}
	return nil
}

func partNames(m map[string]any) []string {
	var names []string
	for _, p := range m["musicalRoles"].([]any) {
		names = append(names, p.(map[string]any)["name"].(string))
	}
	return names
}

func TestMemberDirectory(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		bob := member(t, h, admin, choirID, "bob@example.com", "member")
		cy := member(t, h, admin, choirID, "cy@example.com", "member")
		member(t, h, admin, choirID, "gil@example.com", "guest")
		if res := bob.Do("PATCH", "/api/v1/account/profile", map[string]any{"phoneNumber": "+44 20 7946 0001"}); res.Status != 200 {
			t.Fatalf("bob's phone: %s", res.Raw)
		}
		if res := cy.Do("PATCH", "/api/v1/account/profile", map[string]any{"phoneNumber": "+44 20 7946 0002", "sharePhone": true}); res.Status != 200 || res.JSON["sharePhone"] != true {
			t.Fatalf("cy's phone: %s", res.Raw)
		}
		// Another choir whose people must never show up here.
		confirmedUser(t, h, "zed@example.com")
		createChoir(t, signIn(t, h, "zed@example.com"), "Other Choir")

		dir := bob.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil)
		if dir.Status != 200 || len(dir.List) != 4 || strings.Contains(dir.Raw, "zed@example.com") {
			t.Fatalf("directory as bob: %d %s", dir.Status, dir.Raw)
		}
		if m := memberEntry(t, dir, "cy@example.com"); m["phoneNumber"] != "+44 20 7946 0002" {
			t.Errorf("a shared phone is hidden from members: %v", m)
		}
		if m := memberEntry(t, dir, "bob@example.com"); m["phoneNumber"] != "+44 20 7946 0001" {
			t.Errorf("bob does not see his own phone: %v", m)
		}
		if m := memberEntry(t, cy.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil), "bob@example.com"); m["phoneNumber"] != nil {
			t.Errorf("an unshared phone reached another member: %v", m)
		}
		if m := memberEntry(t, admin.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil), "bob@example.com"); m["phoneNumber"] != "+44 20 7946 0001" || m["role"] != "member" {
			t.Errorf("the administrator does not see bob's phone: %v", m)
		}
		// Members see the directory but none of the administrator actions.
		wantError(t, bob.Do("PATCH", "/api/v1/choirs/"+choirID+"/members/"+memberEntry(t, dir, "cy@example.com")["userId"].(string),
			map[string]any{"role": "choir_admin"}), 403, "PERMISSION_ERROR")
		wantError(t, bob.Do("GET", "/api/v1/choirs/"+choirID+"/invitations", nil), 403, "PERMISSION_ERROR")
		wantError(t, bob.Do("GET", "/api/v1/choirs/"+choirID+"/members/export", nil), 403, "PERMISSION_ERROR")

		// The roster as CSV, with formula-like cells defused.
		res := admin.Do("GET", "/api/v1/choirs/"+choirID+"/members/export", nil)
		if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "members.csv") {
			t.Fatalf("export: %d %v", res.Status, res.Header)
		}
		lines := strings.Split(strings.TrimSpace(res.Raw), "\n")
		if len(lines) != 5 || strings.TrimSpace(lines[0]) != "First name,Last name,Email,Phone,Role,Voice parts,Status,Joined" ||
			!strings.Contains(res.Raw, "bob@example.com,'+44 20 7946 0001,Member,,Active,2026-11-23") {
			t.Fatalf("export:\n%s", res.Raw)
		}
	})
}

func TestMemberRolesAndActivity(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		bob := member(t, h, admin, choirID, "bob@example.com", "member")
		dir := admin.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil)
		adaID := memberEntry(t, dir, "ada@example.com")["userId"].(string)
		bobID := memberEntry(t, dir, "bob@example.com")["userId"].(string)
		members := "/api/v1/choirs/" + choirID + "/members/"

		// The only administrator can neither step down nor leave.
		wantMessage(t, admin.Do("PATCH", members+adaID, map[string]any{"role": "member"}), 409, "LAST_ADMIN", choir.MsgLastAdmin)
		wantMessage(t, admin.Do("PATCH", members+adaID, map[string]any{"isActive": false}), 409, "LAST_ADMIN", choir.MsgLastAdmin)
		wantMessage(t, admin.Do("DELETE", members+adaID, nil), 409, "LAST_ADMIN", choir.MsgLastAdmin)
		wantMessage(t, admin.Do("PATCH", members+bobID, map[string]any{"role": "director"}), 400, "VALIDATION_ERROR", choir.MsgRoleInvalid)
		wantMessage(t, admin.Do("PATCH", members+"nobody", map[string]any{"role": "guest"}), 404, "NOT_FOUND", choir.MsgMemberNotFound)

		// With a second administrator, the first may step down.
		if res := admin.Do("PATCH", members+bobID, map[string]any{"role": "choir_admin"}); res.Status != 200 || res.Str("role") != "choir_admin" {
			t.Fatalf("promote bob: %d %s", res.Status, res.Raw)
		}
		if res := bob.Do("GET", "/api/v1/choirs/"+choirID+"/invitations", nil); res.Status != 200 {
			t.Fatalf("bob as administrator: %d %s", res.Status, res.Raw)
		}
		if res := admin.Do("PATCH", members+adaID, map[string]any{"role": "member"}); res.Status != 200 || res.Str("role") != "member" {
			t.Fatalf("ada steps down: %d %s", res.Status, res.Raw)
		}
		wantError(t, admin.Do("PATCH", members+bobID, map[string]any{"role": "member"}), 403, "PERMISSION_ERROR")

		// Deactivated: nothing of the choir; reactivated: back.
		if res := bob.Do("PATCH", members+adaID, map[string]any{"isActive": false}); res.Status != 200 || res.JSON["isActive"] != false {
			t.Fatalf("deactivate ada: %d %s", res.Status, res.Raw)
		}
		wantError(t, admin.Do("GET", "/api/v1/choirs/"+choirID, nil), 404, "NOT_FOUND")
		wantError(t, admin.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil), 404, "NOT_FOUND")
		if m := memberEntry(t, bob.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil), "ada@example.com"); m == nil || m["isActive"] != false {
			t.Fatalf("administrators see inactive members: %v", m)
		}
		member(t, h, bob, choirID, "cy@example.com", "member")
		cy := signIn(t, h, "cy@example.com")
		if m := memberEntry(t, cy.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil), "ada@example.com"); m != nil {
			t.Fatalf("members see inactive members: %v", m)
		}
		if res := bob.Do("PATCH", members+adaID, map[string]any{"isActive": true}); res.Status != 200 {
			t.Fatalf("reactivate: %d %s", res.Status, res.Raw)
		}
		if res := admin.Do("GET", "/api/v1/choirs/"+choirID, nil); res.Status != 200 {
			t.Fatalf("ada after reactivation: %d %s", res.Status, res.Raw)
		}

		// Removed: gone from the choir and from their session.
		if res := bob.Do("DELETE", members+adaID, nil); res.Status != 204 {
			t.Fatalf("remove ada: %d %s", res.Status, res.Raw)
		}
		session := admin.Do("GET", "/api/v1/auth/session", nil)
		if len(session.JSON["choirs"].([]any)) != 0 || session.JSON["user"].(map[string]any)["lastAccessedChoirId"] != nil {
			t.Fatalf("ada's session after removal: %s", session.Raw)
		}
		wantError(t, bob.Do("DELETE", members+adaID, nil), 404, "NOT_FOUND")
	})
}

// Two administrators demote each other at the same moment: the choir keeps one.
func TestLastAdministratorUnderConcurrency(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		ada := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, ada, "Schola").Str("id")
		bob := member(t, h, ada, choirID, "bob@example.com", "choir_admin")
		dir := ada.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil)
		adaID := memberEntry(t, dir, "ada@example.com")["userId"].(string)
		bobID := memberEntry(t, dir, "bob@example.com")["userId"].(string)
		// Many rounds, since a race shows itself only now and then.
		for round := range 25 {
			if _, err := h.DB.ExecContext(t.Context(), `UPDATE user_choir_membership SET role = 'choir_admin' WHERE choir_id = ?`, choirID); err != nil {
				t.Fatal(err)
			}
			start := make(chan struct{})
			var wg sync.WaitGroup
			for _, step := range []struct {
				c      *apptest.Client
				target string
			}{{ada, bobID}, {bob, adaID}} {
				wg.Go(func() {
					<-start
					step.c.Do("PATCH", "/api/v1/choirs/"+choirID+"/members/"+step.target, map[string]any{"role": "member"})
				})
			}
			close(start)
			wg.Wait()
			var admins int
			if err := h.DB.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM user_choir_membership
				WHERE choir_id = ? AND role = 'choir_admin' AND is_active = TRUE`, choirID).Scan(&admins); err != nil {
				t.Fatal(err)
			}
			if admins != 1 {
				t.Fatalf("round %d: %d active administrators remain, want 1", round, admins)
			}
		}
	})
}

func TestVoiceParts(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		admin := signIn(t, h, "ada@example.com")
		choirID := createChoir(t, admin, "Schola").Str("id")
		bob := member(t, h, admin, choirID, "bob@example.com", "member")
		cy := member(t, h, admin, choirID, "cy@example.com", "member")
		base := "/api/v1/choirs/" + choirID + "/musical-roles"

		list := bob.Do("GET", base, nil)
		ids := map[string]string{}
		var names []string
		for _, item := range list.List {
			p := item.(map[string]any)
			ids[p["name"].(string)] = p["id"].(string)
			names = append(names, p["name"].(string))
		}
		if strings.Join(names, ",") != "Soprano,Alto,Tenor,Bass" {
			t.Fatalf("a new choir's voice parts: %s", list.Raw)
		}

		res := admin.Do("POST", base, map[string]any{"name": "  Baritone "})
		if res.Status != 201 || res.Str("name") != "Baritone" || res.JSON["sortOrder"] != float64(5) {
			t.Fatalf("add: %d %s", res.Status, res.Raw)
		}
		ids["Baritone"] = res.Str("id")
		wantMessage(t, admin.Do("POST", base, map[string]any{"name": "alto"}), 409, "VOICE_PART_EXISTS", choir.MsgVoicePartExists)
		wantMessage(t, admin.Do("POST", base, map[string]any{"name": " "}), 400, "VALIDATION_ERROR", choir.MsgVoicePartRequired)
		wantMessage(t, admin.Do("POST", base, map[string]any{"name": strings.Repeat("x", 51)}), 400, "VALIDATION_ERROR", choir.MsgVoicePartTooLong)
		wantError(t, bob.Do("POST", base, map[string]any{"name": "Countertenor"}), 403, "PERMISSION_ERROR")
		if res := admin.Do("PATCH", base+"/"+ids["Alto"], map[string]any{"name": "Contralto"}); res.Status != 200 || res.Str("name") != "Contralto" {
			t.Fatalf("rename: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, admin.Do("PATCH", base+"/"+ids["Tenor"], map[string]any{"name": "Bass"}), 409, "VOICE_PART_EXISTS", choir.MsgVoicePartExists)

		order := []string{ids["Bass"], ids["Baritone"], ids["Tenor"], ids["Alto"], ids["Soprano"]}
		res = admin.Do("PUT", base+"/order", map[string]any{"ids": order})
		if res.Status != 200 || res.List[0].(map[string]any)["name"] != "Bass" || res.List[4].(map[string]any)["name"] != "Soprano" {
			t.Fatalf("reorder: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, admin.Do("PUT", base+"/order", map[string]any{"ids": order[:4]}), 400, "VALIDATION_ERROR", choir.MsgVoicePartOrder)
		wantMessage(t, admin.Do("PUT", base+"/order", map[string]any{"ids": append(order[:4:4], order[0])}), 400, "VALIDATION_ERROR", choir.MsgVoicePartOrder)

		// Assigning: administrators for anyone, members for themselves only.
		dir := admin.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil)
		bobID := memberEntry(t, dir, "bob@example.com")["userId"].(string)
		cyID := memberEntry(t, dir, "cy@example.com")["userId"].(string)
		members := "/api/v1/choirs/" + choirID + "/members/"
		res = admin.Do("PUT", members+bobID+"/musical-roles", map[string]any{"musicalRoleIds": []string{ids["Soprano"], ids["Bass"], ids["Bass"]}})
		if res.Status != 200 || strings.Join(partNames(res.JSON), ",") != "Bass,Soprano" {
			t.Fatalf("assign: %d %s", res.Status, res.Raw)
		}
		if res := cy.Do("PUT", members+cyID+"/musical-roles", map[string]any{"musicalRoleIds": []string{ids["Tenor"]}}); res.Status != 200 {
			t.Fatalf("cy sets her own: %d %s", res.Status, res.Raw)
		}
		wantError(t, cy.Do("PUT", members+bobID+"/musical-roles", map[string]any{"musicalRoleIds": []string{}}), 403, "PERMISSION_ERROR")
		wantError(t, admin.Do("PUT", members+bobID+"/musical-roles", map[string]any{"musicalRoleIds": []string{"not-a-part"}}), 400, "VALIDATION_ERROR")
		// A part of another choir is not a part of this one.
		confirmedUser(t, h, "zed@example.com")
		zed := signIn(t, h, "zed@example.com")
		otherID := createChoir(t, zed, "Other Choir").Str("id")
		foreign := zed.Do("GET", "/api/v1/choirs/"+otherID+"/musical-roles", nil).List[0].(map[string]any)["id"].(string)
		wantError(t, admin.Do("PUT", members+bobID+"/musical-roles", map[string]any{"musicalRoleIds": []string{foreign}}), 400, "VALIDATION_ERROR")
		wantError(t, zed.Do("DELETE", "/api/v1/choirs/"+otherID+"/musical-roles/"+ids["Soprano"], nil), 404, "NOT_FOUND")

		// Removing a part takes it from those who sang it.
		if res := admin.Do("DELETE", base+"/"+ids["Bass"], nil); res.Status != 204 {
			t.Fatalf("remove: %d %s", res.Status, res.Raw)
		}
		dir = bob.Do("GET", "/api/v1/choirs/"+choirID+"/members", nil)
		if got := strings.Join(partNames(memberEntry(t, dir, "bob@example.com")), ","); got != "Soprano" {
			t.Fatalf("bob's parts after removing Bass: %s", got)
		}
		if got := strings.Join(partNames(memberEntry(t, dir, "cy@example.com")), ","); got != "Tenor" {
			t.Fatalf("cy's parts: %s", got)
		}
	})
}

// Choir A's administrator, on choir A's paths, names choir B's real
// invitations, members and voice parts: every one is not found (or, for a
// voice part given to one of A's own members, refused), and choir B is
// exactly as it was.
func TestAnotherChoirsObjectsAreOutOfReach(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		confirmedUser(t, h, "ada@example.com")
		ada := signIn(t, h, "ada@example.com")
		choirA := createChoir(t, ada, "Schola").Str("id")
		bob := member(t, h, ada, choirA, "bob@example.com", "member")
		confirmedUser(t, h, "zed@example.com")
		zed := signIn(t, h, "zed@example.com")
		choirB := createChoir(t, zed, "Other Choir").Str("id")
		member(t, h, zed, choirB, "bea@example.com", "member")
		inviteTo(t, h, zed, choirB, "pat@example.com", "member")

		a := "/api/v1/choirs/" + choirA
		b := "/api/v1/choirs/" + choirB
		partsA := map[string]string{}
		for _, item := range ada.Do("GET", a+"/musical-roles", nil).List {
			p := item.(map[string]any)
			partsA[p["name"].(string)] = p["id"].(string)
		}
		partsB := map[string]string{}
		for _, item := range zed.Do("GET", b+"/musical-roles", nil).List {
			p := item.(map[string]any)
			partsB[p["name"].(string)] = p["id"].(string)
		}
		dirA := ada.Do("GET", a+"/members", nil)
		bobID := memberEntry(t, dirA, "bob@example.com")["userId"].(string)
		beaID := memberEntry(t, zed.Do("GET", b+"/members", nil), "bea@example.com")["userId"].(string)
		patID := zed.Do("GET", b+"/invitations", nil).List[0].(map[string]any)["id"].(string)
		if res := zed.Do("PUT", b+"/members/"+beaID+"/musical-roles", map[string]any{"musicalRoleIds": []string{partsB["Alto"]}}); res.Status != 200 {
			t.Fatalf("bea's part: %d %s", res.Status, res.Raw)
		}
		if res := ada.Do("PUT", a+"/members/"+bobID+"/musical-roles", map[string]any{"musicalRoleIds": []string{partsA["Tenor"]}}); res.Status != 200 {
			t.Fatalf("bob's part: %d %s", res.Status, res.Raw)
		}
		// Choir B as its administrator sees it, and bob's parts in choir A.
		snapshot := func() string {
			var out []string
			for _, path := range []string{b + "/invitations", b + "/members", b + "/musical-roles"} {
				res := zed.Do("GET", path, nil)
				if res.Status != 200 {
					t.Fatalf("%s: %d %s", path, res.Status, res.Raw)
				}
				out = append(out, res.Raw)
			}
			out = append(out, strings.Join(partNames(memberEntry(t, ada.Do("GET", a+"/members", nil), "bob@example.com")), ","))
			return strings.Join(out, "\n")
		}
		before := snapshot()
		patMail := h.MailCount("pat@example.com")

		gone := "Invitation not found."
		wantMessage(t, ada.Do("POST", a+"/invitations/"+patID+"/resend", nil), 404, "NOT_FOUND", gone)
		wantMessage(t, ada.Do("DELETE", a+"/invitations/"+patID, nil), 404, "NOT_FOUND", gone)
		wantMessage(t, ada.Do("PATCH", a+"/members/"+beaID, map[string]any{"role": "choir_admin"}), 404, "NOT_FOUND", choir.MsgMemberNotFound)
		wantMessage(t, ada.Do("PATCH", a+"/members/"+beaID, map[string]any{"isActive": false}), 404, "NOT_FOUND", choir.MsgMemberNotFound)
		wantMessage(t, ada.Do("DELETE", a+"/members/"+beaID, nil), 404, "NOT_FOUND", choir.MsgMemberNotFound)
		for _, ids := range [][]string{{}, {partsA["Soprano"]}, {partsB["Soprano"]}} {
			wantMessage(t, ada.Do("PUT", a+"/members/"+beaID+"/musical-roles", map[string]any{"musicalRoleIds": ids}),
				404, "NOT_FOUND", choir.MsgMemberNotFound)
		}
		wantMessage(t, ada.Do("PATCH", a+"/musical-roles/"+partsB["Bass"], map[string]any{"name": "Basso profondo"}),
			404, "NOT_FOUND", choir.MsgVoicePartNotFound)
		wantMessage(t, ada.Do("DELETE", a+"/musical-roles/"+partsB["Bass"], nil), 404, "NOT_FOUND", choir.MsgVoicePartNotFound)
		// Choir B's parts are no parts of choir A: neither to give to one of
		// its members (even beside one of its own), nor to put in its order.
		for _, ids := range [][]string{{partsB["Soprano"]}, {partsA["Soprano"], partsB["Soprano"]}} {
			wantMessage(t, ada.Do("PUT", a+"/members/"+bobID+"/musical-roles", map[string]any{"musicalRoleIds": ids}),
				400, "VALIDATION_ERROR", choir.MsgVoicePartUnknown)
		}
		wantMessage(t, ada.Do("PUT", a+"/musical-roles/order", map[string]any{"ids": []string{
			partsB["Soprano"], partsB["Alto"], partsB["Tenor"], partsB["Bass"]}}), 400, "VALIDATION_ERROR", choir.MsgVoicePartOrder)
		// Nor may a member give themself one.
		bobSelf := bob.Do("PUT", a+"/members/"+bobID+"/musical-roles", map[string]any{"musicalRoleIds": []string{partsB["Alto"]}})
		wantMessage(t, bobSelf, 400, "VALIDATION_ERROR", choir.MsgVoicePartUnknown)

		if after := snapshot(); after != before {
			t.Fatalf("something changed:\nbefore %s\nafter  %s", before, after)
		}
		if n := h.MailCount("pat@example.com"); n != patMail {
			t.Fatalf("a resend through choir A emailed pat")
		}
		// And the objects were real: through choir B they answer.
		if res := zed.Do("POST", b+"/invitations/"+patID+"/resend", nil); res.Status != 200 {
			t.Fatalf("resend through choir B: %d %s", res.Status, res.Raw)
		}
		if res := zed.Do("PATCH", b+"/musical-roles/"+partsB["Bass"], map[string]any{"name": "Basso profondo"}); res.Status != 200 {
			t.Fatalf("rename through choir B: %d %s", res.Status, res.Raw)
		}
	})
}
