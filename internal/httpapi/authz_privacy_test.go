package httpapi_test

// The authorization matrix rows of "Your data" (issue 30). Every caller
// acts on their own account only: an unknown export is not found for all,
// and a deletion without a password is refused before anything changes
// (the matrix's callers must stay signed in for the other rows).
func init() {
	for k, v := range map[string]route{
		"GetYourData":            {"GET", "/api/v1/account/privacy", nil, signedIn(200)},
		"RequestDataExport":      {"POST", "/api/v1/account/privacy/exports", nil, signedIn(202)},
		"DownloadDataExport":     {"GET", "/api/v1/account/privacy/exports/0190a0b4-0000-7000-8000-000000000000", nil, signedIn(404)},
		"RequestAccountDeletion": {"POST", "/api/v1/account/privacy/deletion", map[string]any{"password": ""}, signedIn(400)},
	} {
		matrix[k] = v
	}
}
