// Package week reads what a choir's dashboard shows beyond the calendar
// (issue 26): the pieces planned for an event that a singer can practise,
// the getting-started checklist ticked from the choir's data, whether a
// singer has a voice part, and what a person put away on the dashboard.
// Every read is one statement whatever the choir holds.
package week

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/music"
)

// What a person can put away.
const (
	Checklist         = "checklist"
	VoicePartQuestion = "voice_part_question"
)

// MsgUnknownDismissal refuses something that cannot be dismissed.
const MsgUnknownDismissal = "Only the checklist or the voice-part question can be dismissed."

// Service reads and keeps the dashboard's own data.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// New returns the service; now is the clock.
func New(d *db.DB, now func() time.Time) *Service {
	return &Service{db: d, now: db.Clock(now)}
}

// EventRef names an event or occurrence the way plans and answers keep it:
// the single event or series, and the occurrence's date ("" for a single event).
type EventRef struct {
	EventID, Date string
}

// Piece is a planned piece with what a singer can practise from.
type Piece struct {
	MusicID, Title         string
	HasScore, HasRecording bool
}

// PracticePieces answers, for each of refs in a choir, the pieces of its
// music plan that have a score or a recording, in the plan's order, each
// once.
func (s *Service) PracticePieces(ctx context.Context, choirID string, refs []EventRef) (map[EventRef][]Piece, error) {
	out := map[EventRef][]Piece{}
	if len(refs) == 0 {
		return out, nil
	}
	var match []string
	args := []any{music.TypeScore, music.TypeAudioFull, music.TypeAudioPart, choirID}
	for _, r := range refs {
		match = append(match, "(p.event_id = ? AND p.occurrence_date = ?)")
		args = append(args, r.EventID, r.Date)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT p.event_id, p.occurrence_date, m.id, m.title,
			EXISTS (SELECT 1 FROM music_attachments a WHERE a.music_id = m.id AND a.choir_id = p.choir_id AND a.type = ?),
			EXISTS (SELECT 1 FROM music_attachments a WHERE a.music_id = m.id AND a.choir_id = p.choir_id
				AND a.type IN (?, ?))
		FROM music_plans p
		JOIN music_plan_slots sl ON sl.plan_id = p.id
		JOIN music m ON m.id = sl.music_id AND m.choir_id = p.choir_id
		WHERE p.choir_id = ? AND (`+strings.Join(match, " OR ")+`)
		ORDER BY p.event_id, p.occurrence_date, sl.position`, args...)
	if err != nil {
		return nil, fmt.Errorf("week: list the planned pieces of choir %s: %w", choirID, err)
	}
	seen := map[EventRef]map[string]bool{}
	err = db.Each(rows, func(row db.Scanner) error {
		var r EventRef
		var p Piece
		if err := row.Scan(&r.EventID, &r.Date, &p.MusicID, &p.Title, &p.HasScore, &p.HasRecording); err != nil {
			return err
		}
		if !p.HasScore && !p.HasRecording {
			return nil
		}
		if seen[r] == nil {
			seen[r] = map[string]bool{}
		}
		if !seen[r][p.MusicID] {
			seen[r][p.MusicID] = true
			out[r] = append(out[r], p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("week: read the planned pieces of choir %s: %w", choirID, err)
	}
	return out, nil
}

// Steps is the getting-started checklist, each step ticked from real data.
type Steps struct {
	// SingersInvited: someone other than the viewer has a voice part in the
	// choir, or an invitation is waiting to be accepted.
	SingersInvited bool
	MusicAdded     bool
	// RehearsalSet: a recurring rehearsal exists.
	RehearsalSet bool
	// SundayPlanned: a service from today on has a plan with a piece in it.
	SundayPlanned bool
}

// Done says whether every step is ticked.
func (st Steps) Done() bool {
	return st.SingersInvited && st.MusicAdded && st.RehearsalSet && st.SundayPlanned
}

// Steps reads the checklist of a choir as userID sees it; today is the
// date in the choir's calendar (YYYY-MM-DD).
func (s *Service) Steps(ctx context.Context, choirID, userID, today string) (Steps, error) {
	var st Steps
	err := s.db.QueryRowContext(ctx, `SELECT
			EXISTS (SELECT 1 FROM member_musical_roles r
				JOIN user_choir_membership m ON m.user_id = r.user_id AND m.choir_id = r.choir_id AND m.is_active
				WHERE r.choir_id = ? AND r.user_id <> ?)
			OR EXISTS (SELECT 1 FROM choir_invites i WHERE i.choir_id = ? AND i.status = 'pending'),
			EXISTS (SELECT 1 FROM music WHERE choir_id = ?),
			EXISTS (SELECT 1 FROM events WHERE choir_id = ? AND event_type = 'rehearsal'
				AND recurrence_rule IS NOT NULL AND series_id IS NULL),
			EXISTS (SELECT 1 FROM music_plans p WHERE p.choir_id = ? AND p.event_type = 'service' AND p.plan_date >= ?
				AND EXISTS (SELECT 1 FROM music_plan_slots sl WHERE sl.plan_id = p.id AND sl.music_id IS NOT NULL))`,
		choirID, userID, choirID, choirID, choirID, choirID, today).
		Scan(&st.SingersInvited, &st.MusicAdded, &st.RehearsalSet, &st.SundayPlanned)
	if err != nil {
		return st, fmt.Errorf("week: read the getting-started steps of choir %s: %w", choirID, err)
	}
	return st, nil
}

// Seen is what a person put away in a choir, and whether they have a voice part there.
type Seen struct {
	ChecklistDismissed, VoicePartAsked, HasVoicePart bool
}

// Seen reads what userID put away on choirID's dashboard.
func (s *Service) Seen(ctx context.Context, choirID, userID string) (Seen, error) {
	var out Seen
	err := s.db.QueryRowContext(ctx, `SELECT
			EXISTS (SELECT 1 FROM dashboard_dismissals WHERE user_id = ? AND choir_id = ? AND what = 'checklist'),
			EXISTS (SELECT 1 FROM dashboard_dismissals WHERE user_id = ? AND choir_id = ? AND what = 'voice_part_question'),
			EXISTS (SELECT 1 FROM member_musical_roles WHERE user_id = ? AND choir_id = ?)`,
		userID, choirID, userID, choirID, userID, choirID).Scan(&out.ChecklistDismissed, &out.VoicePartAsked, &out.HasVoicePart)
	if err != nil {
		return out, fmt.Errorf("week: read what %s put away in choir %s: %w", userID, choirID, err)
	}
	return out, nil
}

// Dismiss remembers that userID put what away in choirID; again changes nothing.
func (s *Service) Dismiss(ctx context.Context, choirID, userID, what string) error {
	if what != Checklist && what != VoicePartQuestion {
		return apperr.Validation(map[string]string{"what": MsgUnknownDismissal}, "what")
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO dashboard_dismissals (user_id, choir_id, what, dismissed_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id, choir_id, what) DO NOTHING`, userID, choirID, what, s.now().UTC())
	if err != nil {
		return fmt.Errorf("week: remember that %s dismissed the %s in choir %s: %w", userID, what, choirID, err)
	}
	return nil
}
