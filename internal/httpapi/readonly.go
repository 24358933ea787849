package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/billing"
)

// readOnlyAllowed are the changes a read-only choir (trial over without a
// plan, or payment retries ended) still accepts, with why. The issue's
// words: members still see the calendar, music and files and can export
// everything; changes are refused. So what only records a member's own
// reading (practising, reading an announcement, hiding a dashboard item)
// or their own mail settings goes on; every change to the choir's content,
// its members, and the answers the choir asks for (RSVPs, attendance,
// acknowledgements) is refused. Exports are reads (GET) and always work.
// The operations under /choirs/{choirId}/billing (choosing a plan, the
// billing portal) are always allowed: paying is how a choir leaves
// read-only.
var readOnlyAllowed = map[string]string{
	"SetChoirEmails":       "the caller's own mail from the choir",
	"MarkAnnouncementRead": "reading an announcement",
	"DismissWeekItem":      "hiding an item of the caller's own dashboard",
	"ReportPractice":       "practising the choir's music, which is seeing it",
}

// billingPaths are the choir's own billing operations, open when read-only.
const billingPaths = "/api/v1/choirs/{choirId}/billing"

// refuseReadOnly is the one place that refuses changes to a read-only
// choir: every API operation passes here, keyed on the choir it names (its
// choirId, or the choir of an RSVP email link) and the method. Only a
// member of the choir (or a global admin) learns that it is read-only;
// anyone else goes on to the operation's own refusal.
func (s *Server) refuseReadOnly(ctx context.Context, req *request, operation string) error {
	r := req.r
	if s.billing == nil || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return nil
	}
	if _, ok := readOnlyAllowed[operation]; ok || strings.HasPrefix(strings.TrimPrefix(r.Pattern, r.Method+" "), billingPaths) {
		return nil
	}
	choirID, member := r.PathValue("choirId"), access.Standing{}
	if operation == "AnswerRsvpLink" {
		// The link is the singer's authority: its choir is theirs.
		tok, err := s.links.Find(ctx, r.PathValue("linkToken"), actionlink.RSVP)
		if err != nil {
			return nil // the operation refuses the link in its own words
		}
		choirID, member = tok.ChoirID, access.Standing{Member: true, Active: true, Role: access.Member}
	}
	if choirID == "" {
		return nil
	}
	readOnly, err := s.billing.IsReadOnly(ctx, choirID)
	if err != nil || !readOnly {
		return err
	}
	if req.user != nil && operation != "AnswerRsvpLink" {
		if member, err = s.choirs.Standing(ctx, req.user.ID, req.user.IsGlobalAdmin, choirID); err != nil {
			return err
		}
	}
	if member.Effective() == "" {
		return nil
	}
	return billing.ReadOnlyError(member.Allows(access.ManageChoir))
}
