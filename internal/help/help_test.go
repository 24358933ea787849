package help

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cantica/cantica/internal/access"
)

// The guides the issue asks for, by id.
var required = []string{
	"getting-started-director", "getting-started-singer", "inviting-members", "calendar",
	"liturgical-calendars", "music-library", "practice-studio", "planning-music", "email-links",
	"communications", "analytics", "policies", "your-data", "plans-and-billing", "global-admin",
	"self-hosting",
}

func TestEveryGuideLoads(t *testing.T) {
	guides, err := All()
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range guides {
		ids = append(ids, g.ID)
		if strings.Contains(g.HTML, "raw HTML omitted") {
			t.Errorf("guide %s holds raw HTML, which is dropped", g.ID)
		}
	}
	for _, id := range required {
		if !slices.Contains(ids, id) {
			t.Errorf("no guide %s", id)
		}
	}
	for _, a := range audiences {
		if !slices.ContainsFunc(guides, func(g Guide) bool { return slices.Contains(g.For, a) }) {
			t.Errorf("no guide for the %s", a)
		}
	}
}

var helpLink = regexp.MustCompile(`\]\(/help/([^)#?\s]+)`)

// A link from one guide to another names a guide that exists. (Links to
// the app's pages are checked against its route table by the web app's
// tests, web/src/features/help/guides.test.ts.)
func TestGuideLinksReachGuides(t *testing.T) {
	guides, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range guides {
		for _, m := range helpLink.FindAllStringSubmatch(g.Text, -1) {
			if _, err := Get(m[1]); err != nil {
				t.Errorf("guide %s links to /help/%s, which is no guide", g.ID, m[1])
			}
		}
	}
}

func TestSearch(t *testing.T) {
	found, err := Search("practice", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 || !slices.ContainsFunc(found, func(g Guide) bool { return g.ID == "practice-studio" }) {
		t.Fatalf("practice finds %v", found)
	}
	if found, _ := Search("Practice Studio", AudiencesOf(access.ChoirAdmin)); found[0].ID != "practice-studio" {
		t.Errorf("the guide titled with the words comes first; got %s", found[0].ID)
	}
	all, _ := All()
	if found, _ := Search("  ", nil); len(found) != len(all) {
		t.Errorf("an empty search lists %d of %d guides", len(found), len(all))
	}
	if found, _ := Search("practice zzzqqq", nil); len(found) != 0 {
		t.Errorf("every word must be found; got %d guides", len(found))
	}
	found, _ = Search("", AudiencesOf(access.Member))
	if !slices.Contains(found[0].For, Singer) {
		t.Errorf("a singer's first guide is for %v", found[0].For)
	}
	found, _ = Search("", AudiencesOf(access.GlobalAdmin))
	if !slices.ContainsFunc(found[0].For, func(a string) bool { return a == Administrator || a == Operator || a == Director }) {
		t.Errorf("a global admin's first guide is for %v", found[0].For)
	}
}

func TestParseRefusesBrokenFrontMatter(t *testing.T) {
	good := "title: T\nsummary: S\nfor: singer\npath: /dashboard\n"
	for name, src := range map[string]string{
		"no front matter":     "# Hello",
		"unknown audience":    "---\n" + strings.Replace(good, "singer", "choirmaster", 1) + "---\nx",
		"unknown permission":  "---\n" + good + "permission: sing:loudly\n---\nx",
		"path not in the app": "---\n" + strings.Replace(good, "/dashboard", "dashboard", 1) + "---\nx",
		"no title":            "---\n" + strings.Replace(good, "title: T\n", "", 1) + "---\nx",
		"unknown key":         "---\n" + good + "colour: blue\n---\nx",
	} {
		if _, err := parseAll(fstest.MapFS{"guides/x.md": {Data: []byte(src)}}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	got, err := parseAll(fstest.MapFS{"guides/x.md": {Data: []byte("---\n" + good + "permission: view:music\n---\n## Hi\n\n[a](/help/y)")}})
	if err != nil || got[0].Permission != "view:music" || !strings.Contains(got[0].HTML, "<h2") || !strings.Contains(got[0].HTML, `href="/help/y"`) {
		t.Fatalf("a good guide: %+v %v", got, err)
	}
}
