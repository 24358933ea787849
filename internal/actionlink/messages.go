package actionlink

import (
	"errors"

	"github.com/cantica/cantica/internal/apperr"
)

// Messages of calendar document §8 (RSVP, practice) and their kin for the
// event and unsubscribe links.
const (
	MsgRSVPMalformed        = "Invalid RSVP link"
	MsgRSVPInvalid          = "Invalid or expired RSVP link"
	MsgPracticeMalformed    = "Invalid practice link"
	MsgPracticeInvalid      = "Invalid or expired practice link"
	MsgEventMalformed       = "Invalid event link"
	MsgEventInvalid         = "Invalid or expired event link"
	MsgUnsubscribeMalformed = "Invalid unsubscribe link"
	MsgUnsubscribeInvalid   = "Invalid or expired unsubscribe link"
	// MsgEventNotFound: the event of an RSVP or event link was deleted,
	// lost its occurrence or is no longer published.
	MsgEventNotFound = "Event not found"
)

var messages = map[Type][2]string{
	RSVP:        {MsgRSVPMalformed, MsgRSVPInvalid},
	Practice:    {MsgPracticeMalformed, MsgPracticeInvalid},
	Event:       {MsgEventMalformed, MsgEventInvalid},
	Unsubscribe: {MsgUnsubscribeMalformed, MsgUnsubscribeInvalid},
}

// Refusal is what a person holding a link of type t is told for err from
// Find or Use: 400 INVALID_TOKEN for text that is no secret, 404
// INVALID_TOKEN for one that is unknown, expired, used or of another type
// (one answer for all, so that it says nothing about other people's
// links). Other errors pass through.
func Refusal(t Type, err error) error {
	switch {
	case errors.Is(err, ErrMalformed):
		return apperr.New(apperr.Invalid, apperr.CodeInvalidToken, messages[t][0])
	case errors.Is(err, ErrInvalid):
		return Invalid(t)
	}
	return err
}

// Invalid is the refusal of a link that no longer acts: as for an unknown one.
func Invalid(t Type) error {
	return apperr.New(apperr.NotFound, apperr.CodeInvalidToken, messages[t][1])
}
