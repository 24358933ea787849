package httpapi_test

import "github.com/cantica/cantica/internal/access"

// The authorization matrix rows of announcements (issue 27). Choir A has
// no announcement, so the rows naming one answer 404 to those allowed.
func init() {
	valid := map[string]any{"title": "Concert dress", "body": "Black."}
	for k, v := range map[string]route{
		"ListAnnouncements":          {"GET", "/api/v1/choirs/{A}/announcements", nil, inChoir(access.ViewDashboard, 200)},
		"CountUnreadAnnouncements":   {"GET", "/api/v1/choirs/{A}/announcements/unread", nil, inChoir(access.ViewDashboard, 200)},
		"CreateAnnouncement":         {"POST", "/api/v1/choirs/{A}/announcements", map[string]any{"title": "", "body": ""}, inChoir(access.ManageCommunications, 400)},
		"UpdateAnnouncement":         {"PUT", "/api/v1/choirs/{A}/announcements/nope", valid, inChoir(access.ManageCommunications, 404)},
		"DeleteAnnouncement":         {"DELETE", "/api/v1/choirs/{A}/announcements/nope", nil, inChoir(access.ManageCommunications, 404)},
		"MarkAnnouncementRead":       {"POST", "/api/v1/choirs/{A}/announcements/nope/read", map[string]any{"acknowledge": true}, inChoir(access.ViewDashboard, 404)},
		"GetAnnouncementReceipts":    {"GET", "/api/v1/choirs/{A}/announcements/nope/receipts", nil, inChoir(access.ManageCommunications, 404)},
		"RemindAnnouncement":         {"POST", "/api/v1/choirs/{A}/announcements/nope/remind", nil, inChoir(access.ManageCommunications, 404)},
		"ListPlatformAnnouncements":  {"GET", "/api/v1/platform-announcements", nil, globalOnly(200)},
		"CreatePlatformAnnouncement": {"POST", "/api/v1/platform-announcements", map[string]any{"title": "", "body": ""}, globalOnly(400)},
		"UpdatePlatformAnnouncement": {"PUT", "/api/v1/platform-announcements/nope", valid, globalOnly(404)},
		"DeletePlatformAnnouncement": {"DELETE", "/api/v1/platform-announcements/nope", nil, globalOnly(404)},
	} {
		matrix[k] = v
	}
}
