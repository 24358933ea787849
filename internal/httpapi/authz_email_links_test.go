package httpapi_test

// The authorization matrix rows of the email links (issue 17). The link
// operations are public, the secret their only authority: every caller gets
// the same answer for a link that does not exist. Opening the practice
// studio needs a sign-in first. The choir email switches are the caller's
// own; one of a choir they are not an active member of is not found (the
// global administrator of the matrix is no member of choir A).
func init() {
	for k, v := range map[string]route{
		"GetRsvpLink":            {"GET", "/api/v1/email-links/rsvp/" + badSecret, nil, row(404)},
		"AnswerRsvpLink":         {"POST", "/api/v1/email-links/rsvp/" + badSecret, map[string]any{"status": "going"}, row(404)},
		"GetEventLink":           {"GET", "/api/v1/email-links/event/" + badSecret, nil, row(404)},
		"DownloadEventLinkIcs":   {"GET", "/api/v1/email-links/event/" + badSecret + "/ics", nil, row(404)},
		"GetPracticeLink":        {"GET", "/api/v1/email-links/practice/" + badSecret, nil, row(404)},
		"OpenPracticeLink":       {"POST", "/api/v1/email-links/practice/" + badSecret, nil, signedIn(404)},
		"GetUnsubscribeLink":     {"GET", "/api/v1/email-links/unsubscribe/" + badSecret, nil, row(404)},
		"UnsubscribeLink":        {"POST", "/api/v1/email-links/unsubscribe/" + badSecret, nil, row(404)},
		"GetCalendarPreferences": {"GET", "/api/v1/account/calendar-preferences", nil, signedIn(200)},
		"SetCalendarPreferences": {"PUT", "/api/v1/account/calendar-preferences", map[string]any{"showAllLiturgicalDays": false}, signedIn(200)},
		"ListChoirEmails":        {"GET", "/api/v1/account/choir-emails", nil, signedIn(200)},
		"SetChoirEmails":         {"PUT", "/api/v1/account/choir-emails/{A}", map[string]any{"enabled": true}, [7]int{401, 200, 200, 404, 404, 200, 404}},
	} {
		matrix[k] = v
	}
}
