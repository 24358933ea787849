package httpapi

import (
	"context"
	"github.com/cantica/cantica/internal/apperr"
	"strings"

	"github.com/cantica/cantica/internal/access"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
	"github.com/cantica/cantica/internal/practice"
)

// Practice (issue 16). Any member who may see a piece (view:music) reports
// and reads their own practice and reads the markers; the director sets the
// markers (edit:music). Who practised a piece is for those who see the
// choir's analytics (view:analytics, accounts §6), which it will feed.

// ReportPractice records the caller's practice of a piece.
func (s *Server) ReportPractice(ctx context.Context, in api.ReportPracticeRequestObject) (api.ReportPracticeResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	b := in.Body
	r := practice.Report{SessionID: b.SessionId, Day: b.Day, PlayedSeconds: b.PlayedSeconds, Loops: b.Loops, Position: b.Position, Speed: b.Speed}
	if b.PartName != nil {
		r.PartName = *b.PartName
	}
	if err := s.practice.Record(ctx, in.ChoirId, in.MusicId, requestFrom(ctx).user.ID, r); err != nil {
		return nil, err
	}
	return api.ReportPractice204Response{}, nil
}

// GetMyPractice is the caller's practice of a piece.
func (s *Server) GetMyPractice(ctx context.Context, in api.GetMyPracticeRequestObject) (api.GetMyPracticeResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	m, err := s.practice.Mine(ctx, in.ChoirId, in.MusicId, requestFrom(ctx).user.ID)
	if err != nil {
		return nil, err
	}
	out := api.GetMyPractice200JSONResponse{TotalSeconds: m.TotalSeconds, Loops: m.Loops, LastPosition: m.LastPosition, Speed: m.Speed,
		Days: make([]api.PracticeDay, 0, len(m.Days)), VoiceParts: []string{}}
	// A global administrator looking at a choir they do not sing in has no parts.
	if me, err := s.choirs.Member(ctx, in.ChoirId, requestFrom(ctx).user.ID); err == nil {
		for _, p := range me.VoiceParts {
			out.VoiceParts = append(out.VoiceParts, p.Name)
		}
	} else if _, refused := apperr.As(err); !refused {
		return nil, err
	}
	if m.PartName != "" {
		out.PartName = &m.PartName
	}
	for _, d := range m.Days {
		out.Days = append(out.Days, api.PracticeDay{Day: d.Day, Seconds: d.Seconds, Loops: d.Loops})
	}
	return out, nil
}

// ListMyPractice is the caller's recent practice across the choir's pieces.
func (s *Server) ListMyPractice(ctx context.Context, in api.ListMyPracticeRequestObject) (api.ListMyPracticeResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	r, err := s.practice.Recent(ctx, in.ChoirId, requestFrom(ctx).user.ID)
	if err != nil {
		return nil, err
	}
	out := api.ListMyPractice200JSONResponse{WeekSeconds: r.WeekSeconds, Pieces: make([]api.MyPracticePiece, 0, len(r.Pieces))}
	for _, p := range r.Pieces {
		out.Pieces = append(out.Pieces, api.MyPracticePiece{MusicId: p.MusicID, Title: p.Title, TotalSeconds: p.TotalSeconds, LastDay: p.LastDay})
	}
	return out, nil
}

// GetPiecePractice is who practised a piece, per member and voice part.
func (s *Server) GetPiecePractice(ctx context.Context, in api.GetPiecePracticeRequestObject) (api.GetPiecePracticeResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewAnalytics); err != nil {
		return nil, err
	}
	members, err := s.choirs.Members(ctx, in.ChoirId, false)
	if err != nil {
		return nil, err
	}
	parts, err := s.choirs.VoiceParts(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	roster := make([]practice.Singer, 0, len(members))
	for _, m := range members {
		sg := practice.Singer{UserID: m.UserID, Name: strings.TrimSpace(m.FirstName + " " + m.LastName)}
		for _, p := range m.VoiceParts {
			sg.VoiceParts = append(sg.VoiceParts, p.Name)
		}
		roster = append(roster, sg)
	}
	order := make([]string, 0, len(parts))
	for _, p := range parts {
		order = append(order, p.Name)
	}
	pp, err := s.practice.Piece(ctx, in.ChoirId, in.MusicId, roster, order)
	if err != nil {
		return nil, err
	}
	out := api.GetPiecePractice200JSONResponse{Members: make([]api.PiecePracticeMember, 0, len(pp.Members)),
		VoiceParts: make([]api.PiecePracticeVoicePart, 0, len(pp.VoiceParts))}
	for _, m := range pp.Members {
		row := api.PiecePracticeMember{UserId: m.UserID, Name: m.Name, VoiceParts: m.VoiceParts, TotalSeconds: m.TotalSeconds, Loops: m.Loops}
		if m.LastDay != "" {
			row.LastDay = ptr(m.LastDay)
		}
		out.Members = append(out.Members, row)
	}
	for _, p := range pp.VoiceParts {
		out.VoiceParts = append(out.VoiceParts, api.PiecePracticeVoicePart{VoicePart: p.VoicePart, Members: p.Members,
			PractisedMembers: p.PractisedMembers, TotalSeconds: p.TotalSeconds})
	}
	return out, nil
}

func markersOut(list []practice.Marker) api.PracticeMarkers {
	out := api.PracticeMarkers{Markers: make([]api.PracticeMarker, 0, len(list))}
	for _, m := range list {
		out.Markers = append(out.Markers, api.PracticeMarker{Time: m.Time, Page: m.Page, Bar: m.Bar, AttachmentId: m.AttachmentID})
	}
	return out
}

// ListPracticeMarkers lists a piece's markers by time.
func (s *Server) ListPracticeMarkers(ctx context.Context, in api.ListPracticeMarkersRequestObject) (api.ListPracticeMarkersResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewMusic); err != nil {
		return nil, err
	}
	list, err := s.practice.Markers(ctx, in.ChoirId, in.MusicId)
	if err != nil {
		return nil, err
	}
	return api.ListPracticeMarkers200JSONResponse(markersOut(list)), nil
}

// ReplacePracticeMarkers sets a piece's markers as a whole.
func (s *Server) ReplacePracticeMarkers(ctx context.Context, in api.ReplacePracticeMarkersRequestObject) (api.ReplacePracticeMarkersResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.EditMusic); err != nil {
		return nil, err
	}
	in2 := make([]practice.Marker, 0, len(in.Body.Markers))
	for _, m := range in.Body.Markers {
		in2 = append(in2, practice.Marker{Time: m.Time, Page: m.Page, Bar: m.Bar, AttachmentID: m.AttachmentId})
	}
	list, err := s.practice.ReplaceMarkers(ctx, in.ChoirId, in.MusicId, in2)
	if err != nil {
		return nil, err
	}
	return api.ReplacePracticeMarkers200JSONResponse(markersOut(list)), nil
}
