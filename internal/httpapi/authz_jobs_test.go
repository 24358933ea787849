package httpapi_test

// The authorization matrix rows of the job queue's admin view (issue 27).
// A retry of a job that has not failed is refused as not found, which is
// what the global admin's row shows.
func init() {
	for k, v := range map[string]route{
		"GetJobQueue": {"GET", "/api/v1/admin/jobs", nil, globalOnly(200)},
		"RetryJob":    {"POST", "/api/v1/admin/jobs/0190a0b4-0000-7000-8000-000000000000/retry", nil, globalOnly(404)},
	} {
		matrix[k] = v
	}
}
