package mail

import (
	"strconv"
	"strings"
)

// DigestData is a member's weekly digest: what needs their answer first,
// then what is coming, what was announced, the music of the next service
// and their own practice of last week, across all their choirs.
type DigestData struct {
	FirstName     string
	Choirs        string // "St Mary's Choir" or "St Mary's Choir and Cantores"
	Unanswered    []DigestEvent
	Upcoming      []DigestEvent
	Announcements []DigestAnnouncement
	Service       *DigestService
	Practice      []DigestPractice
	PracticeTotal string // "1 h 20 min"; "" when they did not practise
	Settings      string // the account's notification settings page
	ChoirName     string // the choir whose unsubscribe link this is
	Unsubscribe   string // also the List-Unsubscribe URL
}

// DigestEvent is an event in the digest; Going, Maybe and NotGoing are set
// for one awaiting the member's answer, Answer for one they answered.
type DigestEvent struct {
	Choir, Title, When, Zone, Location string
	Answer                             string // "Going", "Maybe", "Not going"; "" when none
	Going, Maybe, NotGoing             string
}

// DigestAnnouncement is an announcement published since the last digest.
type DigestAnnouncement struct {
	Choir, Title, Summary, Link string
}

// DigestService is the next service and the music planned for it.
type DigestService struct {
	Choir, Title, When, Zone, PlanTitle, PlanNotes string
	Plan                                           []PlanPiece
}

// DigestPractice is one piece the member practised last week.
type DigestPractice struct {
	Choir, Title, Time string
}

// Digest is a member's weekly digest; it carries the one-click unsubscribe.
func Digest(to string, d DigestData) (Message, error) {
	subject := "Your week with " + d.Choirs
	if n := len(d.Unanswered); n == 1 {
		subject += ": 1 event awaits your answer"
	} else if n > 1 {
		subject += ": " + strconv.Itoa(n) + " events await your answer"
	}
	d.FirstName = strings.TrimSpace(d.FirstName)
	return choirMessage("digest", subject, to, d.Unsubscribe, d)
}
