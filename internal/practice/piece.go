package practice

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/cantica/cantica/internal/db"
)

// Singer is a member of the roster, as the choir package knows them.
type Singer struct {
	UserID     string
	Name       string
	VoiceParts []string
}

// MemberPractice is one member's practice of a piece.
type MemberPractice struct {
	UserID       string
	Name         string
	VoiceParts   []string
	TotalSeconds float64
	Loops        int
	LastDay      string // "" when never
}

// PartPractice is a voice part's practice of a piece.
type PartPractice struct {
	VoicePart        string // "" for members with no voice part
	Members          int
	PractisedMembers int
	TotalSeconds     float64
}

// PiecePractice is who practised a piece, for its administrators.
type PiecePractice struct {
	Members    []MemberPractice
	VoiceParts []PartPractice
}

// Piece reports a piece's practice per member of the roster (active
// members, in its order) and per voice part (in the choir's order, parts
// without members left out). People who practised but are no longer on
// the roster follow it, named from their profile: their practice stays the
// choir's record, though the voice parts no longer count it.
func (s *Service) Piece(ctx context.Context, choirID, musicID string, roster []Singer, partOrder []string) (PiecePractice, error) {
	out := PiecePractice{Members: []MemberPractice{}, VoiceParts: []PartPractice{}}
	if _, err := pieceTitle(ctx, s.db, choirID, musicID); err != nil {
		return out, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT p.user_id, COALESCE(u.first_name, ''), COALESCE(u.last_name, ''),
		SUM(p.played_seconds), `+sumLoops+`, MAX(p.day)
		FROM practice_sessions p LEFT JOIN user_profile u ON u.id = p.user_id
		WHERE p.music_id = ? AND p.choir_id = ? GROUP BY p.user_id, u.first_name, u.last_name`, musicID, choirID)
	if err != nil {
		return out, fmt.Errorf("practice: the practice of piece %s: %w", musicID, err)
	}
	byUser := map[string]MemberPractice{}
	err = db.Each(rows, func(row db.Scanner) error {
		var m MemberPractice
		var first, last string
		if err := row.Scan(&m.UserID, &first, &last, &m.TotalSeconds, &m.Loops, &m.LastDay); err != nil {
			return err
		}
		m.Name = strings.TrimSpace(first + " " + last)
		m.VoiceParts = []string{}
		byUser[m.UserID] = m
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("practice: the practice of piece %s: %w", musicID, err)
	}

	parts := map[string]*PartPractice{}
	part := func(name string) *PartPractice {
		if parts[name] == nil {
			parts[name] = &PartPractice{VoicePart: name}
		}
		return parts[name]
	}
	for _, singer := range roster {
		m, practised := byUser[singer.UserID]
		delete(byUser, singer.UserID)
		m.UserID, m.Name, m.VoiceParts = singer.UserID, singer.Name, append([]string{}, singer.VoiceParts...)
		out.Members = append(out.Members, m)
		names := singer.VoiceParts
		if len(names) == 0 {
			names = []string{""}
		}
		for _, name := range names {
			p := part(name)
			p.Members++
			if practised {
				p.PractisedMembers++
				p.TotalSeconds += m.TotalSeconds
			}
		}
	}
	var gone []MemberPractice
	for _, m := range byUser {
		gone = append(gone, m)
	}
	sort.Slice(gone, func(i, j int) bool {
		if gone[i].Name != gone[j].Name {
			return gone[i].Name < gone[j].Name
		}
		return gone[i].UserID < gone[j].UserID
	})
	out.Members = append(out.Members, gone...)

	for _, name := range append(append([]string{}, partOrder...), "") {
		if p := parts[name]; p != nil {
			out.VoiceParts = append(out.VoiceParts, *p)
			delete(parts, name)
		}
	}
	return out, nil
}
