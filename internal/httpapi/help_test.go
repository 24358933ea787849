package httpapi_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cantica/cantica/internal/app/apptest"
)

// guideIDs lists the ids of a guide list answer, in order.
func guideIDs(t *testing.T, res apptest.Response) []string {
	t.Helper()
	if res.Status != 200 {
		t.Fatalf("list guides: %d %s", res.Status, res.Raw)
	}
	var ids []string
	for _, g := range res.JSON["guides"].([]any) {
		ids = append(ids, g.(map[string]any)["id"].(string))
	}
	return ids
}

// firstForWhom: the audience of the first guide listed.
func firstAudience(t *testing.T, res apptest.Response) []any {
	t.Helper()
	guides := res.JSON["guides"].([]any)
	if len(guides) == 0 {
		t.Fatalf("no guides: %s", res.Raw)
	}
	return guides[0].(map[string]any)["audience"].([]any)
}

// The help center works signed out; signed in, the reader's own guides
// come first, and nothing else changes.
func TestHelpCenterListsGuidesForTheReaderFirst(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		anonymous := guideIDs(t, h.NewClient().Do("GET", "/api/v1/help/guides", nil))
		if len(anonymous) < 15 {
			t.Fatalf("signed out, %d guides: %v", len(anonymous), anonymous)
		}

		confirmedUser(t, h, "dora@example.com")
		director := signIn(t, h, "dora@example.com")
		choirID := createChoir(t, director, "St Cecilia's Schola").Str("id")
		singer := member(t, h, director, choirID, "sam@example.com", "member")

		for _, tc := range []struct {
			who    string
			c      *apptest.Client
			reader string
		}{{"director", director, "director"}, {"singer", singer, "singer"}} {
			res := tc.c.Do("GET", "/api/v1/help/guides", nil)
			ids := guideIDs(t, res)
			if !slices.Contains(firstAudience(t, res), any(tc.reader)) {
				t.Errorf("%s: the first guide is for %v", tc.who, firstAudience(t, res))
			}
			sorted := slices.Clone(ids)
			slices.Sort(sorted)
			want := slices.Clone(anonymous)
			slices.Sort(want)
			if !slices.Equal(sorted, want) {
				t.Errorf("%s sees other guides than a visitor: %v", tc.who, ids)
			}
			// Once the reader's guides end, none of theirs follows.
			seenOther := false
			for _, g := range res.JSON["guides"].([]any) {
				mine := slices.Contains(g.(map[string]any)["audience"].([]any), any(tc.reader))
				if mine && seenOther {
					t.Errorf("%s: guide %v comes after a guide for someone else", tc.who, g.(map[string]any)["id"])
				}
				seenOther = seenOther || !mine
			}
		}
	})
}

func TestHelpCenterSearchAndGuide(t *testing.T) {
	t.Parallel()
	eachDB(t, apptest.Options{}, func(t *testing.T, h *apptest.Harness) {
		c := h.NewClient()
		ids := guideIDs(t, c.Do("GET", "/api/v1/help/guides?q=practice+studio", nil))
		if len(ids) == 0 || ids[0] != "practice-studio" {
			t.Errorf("search for practice studio: %v", ids)
		}
		if ids := guideIDs(t, c.Do("GET", "/api/v1/help/guides?q=PRACTICE", nil)); !slices.Contains(ids, "practice-studio") {
			t.Errorf("search in capitals: %v", ids)
		}
		if ids := guideIDs(t, c.Do("GET", "/api/v1/help/guides?q=zzzqqq", nil)); len(ids) != 0 {
			t.Errorf("search for nonsense found %v", ids)
		}
		res := c.Do("GET", "/api/v1/help/guides?q="+strings.Repeat("a", 201), nil)
		wantMessage(t, res, 400, "VALIDATION_ERROR", "Search for at most 200 characters.")

		res = c.Do("GET", "/api/v1/help/guides/practice-studio", nil)
		if res.Status != 200 || res.Str("title") == "" || !strings.Contains(res.Str("html"), "<h2") || res.Str("path") != "/dashboard/music" {
			t.Fatalf("the practice guide: %d %s", res.Status, res.Raw)
		}
		wantMessage(t, c.Do("GET", "/api/v1/help/guides/no-such-guide", nil), 404, "NOT_FOUND", "There is no such guide in the help center.")
	})
}
