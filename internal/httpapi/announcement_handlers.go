package httpapi

import (
	"context"
	"strings"
	"time"

	"github.com/cantica/cantica/internal/access"
	"github.com/cantica/cantica/internal/announce"
	"github.com/cantica/cantica/internal/apperr"
	api "github.com/cantica/cantica/internal/httpapi/apigen"
)

// Announcements (issue 27): every member of a choir reads its
// announcements and the platform's; those with manage:communications write
// the choir's; global admins (manage:announcements) write the platform's.

// ListAnnouncements lists the choir's announcements and the platform's.
func (s *Server) ListAnnouncements(ctx context.Context, in api.ListAnnouncementsRequestObject) (api.ListAnnouncementsResponseObject, error) {
	role, err := s.requireChoir(ctx, in.ChoirId, access.ViewDashboard)
	if err != nil {
		return nil, err
	}
	manager := access.Has(role, access.ManageCommunications)
	list, err := s.announce.List(ctx, in.ChoirId, requestFrom(ctx).user.ID, manager)
	if err != nil {
		return nil, err
	}
	out := api.ListAnnouncements200JSONResponse{Announcements: make([]api.Announcement, 0, len(list)), CanManage: manager}
	for _, a := range list {
		if a.ForMe && !a.Read {
			out.Unread++
		}
		out.Announcements = append(out.Announcements, s.announcement(a))
	}
	return out, nil
}

// CountUnreadAnnouncements counts the caller's unread announcements.
func (s *Server) CountUnreadAnnouncements(ctx context.Context, in api.CountUnreadAnnouncementsRequestObject) (api.CountUnreadAnnouncementsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewDashboard); err != nil {
		return nil, err
	}
	n, err := s.announce.Unread(ctx, in.ChoirId, requestFrom(ctx).user.ID)
	if err != nil {
		return nil, err
	}
	return api.CountUnreadAnnouncements200JSONResponse{Count: n}, nil
}

// CreateAnnouncement writes an announcement of the choir.
func (s *Server) CreateAnnouncement(ctx context.Context, in api.CreateAnnouncementRequestObject) (api.CreateAnnouncementResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	id, err := s.announce.Create(ctx, in.ChoirId, author(ctx), announcementInput(in.Body))
	if err != nil {
		return nil, err
	}
	return api.CreateAnnouncement201JSONResponse{Id: id}, nil
}

// UpdateAnnouncement changes an announcement of the choir.
func (s *Server) UpdateAnnouncement(ctx context.Context, in api.UpdateAnnouncementRequestObject) (api.UpdateAnnouncementResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	if err := s.announce.Update(ctx, in.ChoirId, in.AnnouncementId, announcementInput(in.Body)); err != nil {
		return nil, err
	}
	return api.UpdateAnnouncement204Response{}, nil
}

// DeleteAnnouncement removes an announcement of the choir.
func (s *Server) DeleteAnnouncement(ctx context.Context, in api.DeleteAnnouncementRequestObject) (api.DeleteAnnouncementResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	if err := s.announce.Delete(ctx, in.ChoirId, in.AnnouncementId); err != nil {
		return nil, err
	}
	return api.DeleteAnnouncement204Response{}, nil
}

// MarkAnnouncementRead marks an announcement read, or acknowledged, by the caller.
func (s *Server) MarkAnnouncementRead(ctx context.Context, in api.MarkAnnouncementReadRequestObject) (api.MarkAnnouncementReadResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ViewDashboard); err != nil {
		return nil, err
	}
	ack := in.Body != nil && deref(in.Body.Acknowledge)
	if err := s.announce.MarkRead(ctx, in.ChoirId, requestFrom(ctx).user.ID, in.AnnouncementId, ack); err != nil {
		return nil, err
	}
	return api.MarkAnnouncementRead204Response{}, nil
}

// GetAnnouncementReceipts says who has read and acknowledged an announcement.
func (s *Server) GetAnnouncementReceipts(ctx context.Context, in api.GetAnnouncementReceiptsRequestObject) (api.GetAnnouncementReceiptsResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	r, err := s.announce.Receipts(ctx, in.ChoirId, in.AnnouncementId)
	if err != nil {
		return nil, err
	}
	out := api.GetAnnouncementReceipts200JSONResponse{RequiresAcknowledgement: r.Announcement.RequiresAck, Totals: stats(r.Totals),
		Parts: make([]api.AnnouncementPartStats, 0, len(r.Parts)), People: make([]api.AnnouncementPerson, 0, len(r.People)),
		RemindedAt: r.Announcement.RemindedAt, NextReminderAt: s.nextReminder(r.Announcement)}
	for _, p := range r.Parts {
		out.Parts = append(out.Parts, api.AnnouncementPartStats{Name: p.Name, Audience: p.Audience, Read: p.Read, Acknowledged: p.Acknowledged})
	}
	for _, p := range r.People {
		out.People = append(out.People, api.AnnouncementPerson{UserId: p.UserID, Name: p.Name, VoiceParts: append([]string{}, p.VoiceParts...),
			Read: p.Read, Acknowledged: p.Acked})
	}
	return out, nil
}

// RemindAnnouncement reminds those who have not acknowledged an announcement.
func (s *Server) RemindAnnouncement(ctx context.Context, in api.RemindAnnouncementRequestObject) (api.RemindAnnouncementResponseObject, error) {
	if _, err := s.requireChoir(ctx, in.ChoirId, access.ManageCommunications); err != nil {
		return nil, err
	}
	c, err := s.choirs.Get(ctx, in.ChoirId)
	if err != nil {
		return nil, err
	}
	at, err := s.announce.Remind(ctx, in.ChoirId, c.TimeZone, in.AnnouncementId)
	if err != nil {
		return nil, err
	}
	return api.RemindAnnouncement200JSONResponse{RemindedAt: at, NextReminderAt: at.Add(announce.RemindEvery)}, nil
}

// ListPlatformAnnouncements lists the platform's announcements.
func (s *Server) ListPlatformAnnouncements(ctx context.Context, _ api.ListPlatformAnnouncementsRequestObject) (api.ListPlatformAnnouncementsResponseObject, error) {
	if err := requirePlatformAnnouncements(ctx); err != nil {
		return nil, err
	}
	list, err := s.announce.ListPlatform(ctx)
	if err != nil {
		return nil, err
	}
	out := api.ListPlatformAnnouncements200JSONResponse{Announcements: make([]api.Announcement, 0, len(list)), CanManage: true}
	for _, a := range list {
		out.Announcements = append(out.Announcements, s.announcement(a))
	}
	return out, nil
}

// CreatePlatformAnnouncement writes an announcement to every choir.
func (s *Server) CreatePlatformAnnouncement(ctx context.Context, in api.CreatePlatformAnnouncementRequestObject) (api.CreatePlatformAnnouncementResponseObject, error) {
	if err := requirePlatformAnnouncements(ctx); err != nil {
		return nil, err
	}
	id, err := s.announce.Create(ctx, "", author(ctx), announcementInput(in.Body))
	if err != nil {
		return nil, err
	}
	return api.CreatePlatformAnnouncement201JSONResponse{Id: id}, nil
}

// UpdatePlatformAnnouncement changes a platform announcement.
func (s *Server) UpdatePlatformAnnouncement(ctx context.Context, in api.UpdatePlatformAnnouncementRequestObject) (api.UpdatePlatformAnnouncementResponseObject, error) {
	if err := requirePlatformAnnouncements(ctx); err != nil {
		return nil, err
	}
	if err := s.announce.Update(ctx, "", in.AnnouncementId, announcementInput(in.Body)); err != nil {
		return nil, err
	}
	return api.UpdatePlatformAnnouncement204Response{}, nil
}

// DeletePlatformAnnouncement removes a platform announcement.
func (s *Server) DeletePlatformAnnouncement(ctx context.Context, in api.DeletePlatformAnnouncementRequestObject) (api.DeletePlatformAnnouncementResponseObject, error) {
	if err := requirePlatformAnnouncements(ctx); err != nil {
		return nil, err
	}
	if err := s.announce.Delete(ctx, "", in.AnnouncementId); err != nil {
		return nil, err
	}
	return api.DeletePlatformAnnouncement204Response{}, nil
}

// requirePlatformAnnouncements refuses everyone without manage:announcements
// (accounts §6: only global admins hold it).
func requirePlatformAnnouncements(ctx context.Context) error {
	if !platform(ctx).Allows(access.ManageAnnouncements) {
		return apperr.New(apperr.Forbidden, apperr.CodePermission, MsgNoPermissionGlobal)
	}
	return nil
}

func author(ctx context.Context) announce.Author {
	u := requestFrom(ctx).user
	return announce.Author{ID: u.ID, Name: strings.TrimSpace(u.FirstName + " " + u.LastName)}
}

func announcementInput(b *api.AnnouncementInput) announce.Input {
	if b == nil {
		return announce.Input{}
	}
	in := announce.Input{Title: b.Title, Body: b.Body, Pinned: deref(b.Pinned), RequiresAck: deref(b.RequiresAcknowledgement),
		EmailOnPublish: deref(b.EmailOnPublish), PublishAt: b.PublishAt, ExpiresAt: b.ExpiresAt, MaterialChange: deref(b.MaterialChange)}
	if b.VoicePartIds != nil {
		in.VoicePartIDs = *b.VoicePartIds
	}
	return in
}

func stats(st announce.Stats) api.AnnouncementStats {
	return api.AnnouncementStats{Audience: st.Audience, Read: st.Read, Acknowledged: st.Acknowledged}
}

// nextReminder is when the next reminder may go, while that is ahead.
func (s *Server) nextReminder(a *announce.Announcement) *time.Time {
	next := a.NextReminder()
	if next.IsZero() || !next.After(s.now()) {
		return nil
	}
	return &next
}

func (s *Server) announcement(a *announce.Announcement) api.Announcement {
	now := s.now()
	status := api.AnnouncementStatusPublished
	switch {
	case !a.Published(now):
		status = api.AnnouncementStatusScheduled
	case a.Expired(now):
		status = api.AnnouncementStatusExpired
	}
	out := api.Announcement{Id: a.ID, FromPlatform: a.FromPlatform, Title: a.Title, Body: a.Body, BodyHtml: a.BodyHTML, Pinned: a.Pinned,
		RequiresAcknowledgement: a.RequiresAck, EmailOnPublish: a.EmailOnPublish, PublishAt: a.PublishAt, ExpiresAt: a.ExpiresAt,
		Status: status, VoiceParts: make([]api.AnnouncementVoicePart, 0, len(a.VoiceParts)), AuthorName: a.AuthorName,
		CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt, RemindedAt: a.RemindedAt, NextReminderAt: s.nextReminder(a),
		ForMe: a.ForMe, Read: a.Read, Acknowledged: a.Acked}
	for _, p := range a.VoiceParts {
		out.VoiceParts = append(out.VoiceParts, api.AnnouncementVoicePart{Id: p.ID, Name: p.Name})
	}
	if a.Stats != nil {
		st := stats(*a.Stats)
		out.Stats = &st
	}
	return out
}
