package httpapi_test

// The authorization matrix rows of Web Push (issue 31). Every caller acts
// on their own browsers only: the key is for anyone signed in, a browser
// subscribes for whoever is signed in there (the same one for every caller
// here, each taking it over in turn), and removing a push address that is
// not the caller's changes nothing and says so no differently.
func init() {
	// RFC 8291's example browser: a valid P-256 point and 16-byte secret.
	subscription := map[string]any{"endpoint": "https://push.example.net/send/matrix",
		"keys": map[string]any{"p256dh": "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4", "auth": "BTBZMqHH6r4Tts7J_aSIgg"}}
	for k, v := range map[string]route{
		"GetPushPublicKey": {"GET", "/api/v1/push/public-key", nil, signedIn(200)},
		"SubscribePush":    {"POST", "/api/v1/push/subscriptions", subscription, signedIn(204)},
		"UnsubscribePush":  {"DELETE", "/api/v1/push/subscriptions", map[string]any{"endpoint": "https://push.example.net/send/nobody"}, signedIn(204)},
	} {
		matrix[k] = v
	}
}
