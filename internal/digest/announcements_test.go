package digest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/cantica/cantica/internal/announce"
	"github.com/cantica/cantica/internal/app/apptest"
)

// The digest lists the announcements published since the member's last
// digest that they may read: their choirs' own (for their voice part or the
// whole choir) and the platform's; never another choir's, nor one not yet
// published. A member whose week holds only an announcement still gets
// the digest.
func TestDigestListsTheAnnouncementsAMemberMayRead(t *testing.T) {
	t.Parallel()
	eachDB(t, func(t *testing.T, h *apptest.Harness) {
		ctx := t.Context()
		f := fixture{t, h}
		director, alice := f.user("director"), f.user("alice")
		a := f.choir(director, "St Cecilia Singers", "Europe/London")
		f.join(a, alice)
		bdirector, dave := f.user("bdirector"), f.user("dave")
		b := f.choir(bdirector, "Other Choir", "Europe/London")
		f.join(b, dave)
		later := h.Clock.Now().Add(3 * time.Hour)
		for _, w := range []struct {
			choir, title string
			at           *time.Time
		}{
			{a, "Concert dress: black", nil},
			{b, "Other choir's notice", nil},
			{a, "Not yet: the spring tour", &later},
			{"", "Maintenance on Sunday night", nil},
		} {
			in := announce.Input{Title: w.title, Body: "Please read   this\n\ncarefully.", PublishAt: w.at}
			if _, err := h.App.Announce.Create(ctx, w.choir, announce.Author{ID: director, Name: "Director"}, in); err != nil {
				t.Fatalf("write %q: %v", w.title, err)
			}
		}
		h.Clock.Advance(time.Minute)
		h.RunJobs()
		text := h.Mail(emailOf(0, "alice")).TextBody
		for _, want := range []string{"Concert dress: black", "Maintenance on Sunday night", "Please read this carefully."} {
			if !strings.Contains(text, want) {
				t.Errorf("alice's digest lacks %q:\n%s", want, text)
			}
		}
		for _, absent := range []string{"Other choir's notice", "spring tour"} {
			if strings.Contains(text, absent) {
				t.Errorf("alice's digest shows %q:\n%s", absent, text)
			}
		}
		if d := h.Mail(emailOf(0, "dave")).TextBody; !strings.Contains(d, "Other choir's notice") || strings.Contains(d, "Concert dress") {
			t.Errorf("dave's digest:\n%s", d)
		}
	})
}
