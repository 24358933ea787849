package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix row of the invitation import's preview (issue
// 26): manage:members, as the import itself. An empty text is refused, so
// the row reads nothing of choir A and leaves it as it found it.
func init() {
	matrix["PreviewInvitationImport"] = route{"POST", "/api/v1/choirs/{A}/invitations/import/preview", map[string]any{"csv": ""},
		inChoir(access.ManageMembers, 400)}
}
