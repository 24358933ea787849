// Package announce keeps a choir's announcements to its members, and the
// platform's to every choir: written in Markdown and shown as sanitised HTML
// (internal/markdown), for the whole choir or some voice parts, pinned,
// published at a time and hidden after another, optionally asking each
// member to acknowledge them. It records who has read and acknowledged
// what, and mails announcements on publish and reminders to acknowledge
// through the job queue (mail.go).
package announce

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/actionlink"
	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/mail"
	"github.com/cantica/cantica/internal/markdown"
	"github.com/cantica/cantica/internal/nudge"
	"github.com/cantica/cantica/internal/push"
)

// Bounds.
const (
	TitleMax = 200
	BodyMax  = 20000
	// RemindEvery is how long directors wait between two reminders to
	// acknowledge one announcement.
	RemindEvery = nudge.Every
	// maxVoiceParts bounds the voice parts one announcement may name.
	maxVoiceParts = 100
)

// Messages.
const (
	MsgTitleRequired = "Title is required"
	MsgTitleTooLong  = "Keep the title under 200 characters"
	MsgBodyRequired  = "Write the announcement"
	MsgBodyTooLong   = "Keep the announcement under 20,000 characters"
	MsgExpiresBefore = "The announcement must expire after it is published"
	MsgVoiceParts    = "Choose voice parts of this choir"
	MsgNotFound      = "Announcement not found."
	MsgNoAck         = "This announcement does not ask members to acknowledge it."
	MsgNotPublished  = "This announcement is not published yet."
	// MsgAllAcknowledged refuses a reminder nobody needs.
	MsgAllAcknowledged = "Everyone it is for has acknowledged it: there is nobody to remind."
)

// Service keeps announcements.
type Service struct {
	db     *db.DB
	cfg    config.Config
	mailer *mail.Mailer
	links  *actionlink.Service
	queue  *jobs.Queue
	push   *push.Service // nil: no push notices
	logger *slog.Logger
	now    func() time.Time
}

// UsePush sends each announcement mail's recipient the notice by Web Push
// too, in the browsers where they turned it on (issue 31).
func (s *Service) UsePush(p *push.Service) { s.push = p }

// New makes the service and registers its jobs with the queue.
func New(d *db.DB, cfg config.Config, mailer *mail.Mailer, links *actionlink.Service, queue *jobs.Queue, logger *slog.Logger, now func() time.Time) *Service {
	s := &Service{db: d, cfg: cfg, mailer: mailer, links: links, queue: queue, logger: logger, now: db.Clock(now)}
	queue.Plan("announcement mail", s.planPublishMail)
	queue.Handle(kindPublish, s.sendPublishMail)
	queue.Handle(kindRemind, s.sendReminders)
	return s
}

// Input is what an author writes. PublishAt nil: now.
type Input struct {
	Title, Body    string
	Pinned         bool
	RequiresAck    bool
	EmailOnPublish bool
	PublishAt      *time.Time
	ExpiresAt      *time.Time
	VoicePartIDs   []string
	// MaterialChange, on an edit of an announcement that asks for
	// acknowledgement, makes everyone read and acknowledge it again.
	MaterialChange bool
}

// VoicePart names one voice part of an audience.
type VoicePart struct{ ID, Name string }

// Stats count an announcement's audience and how many of it read and
// acknowledged it.
type Stats struct{ Audience, Read, Acknowledged int }

// Announcement is one announcement as a reader sees it.
type Announcement struct {
	ID             string
	FromPlatform   bool
	Title, Body    string
	BodyHTML       string
	Pinned         bool
	RequiresAck    bool
	EmailOnPublish bool
	PublishAt      time.Time
	ExpiresAt      *time.Time
	VoiceParts     []VoicePart // empty: the whole choir
	AuthorName     string
	CreatedAt      time.Time
	UpdatedAt      time.Time
	RemindedAt     *time.Time
	ForMe          bool // published, not expired, and the reader is in its audience
	Read, Acked    bool
	Stats          *Stats // for those who manage the choir's announcements
}

// Published says whether it is visible at now.
func (a *Announcement) Published(now time.Time) bool { return !a.PublishAt.After(now) }

// Expired says whether it is hidden at now.
func (a *Announcement) Expired(now time.Time) bool {
	return a.ExpiresAt != nil && !a.ExpiresAt.After(now)
}

// NextReminder is when directors may next remind, or zero for now.
func (a *Announcement) NextReminder() time.Time {
	if a.RemindedAt == nil {
		return time.Time{}
	}
	return a.RemindedAt.Add(RemindEvery)
}

// Author is who writes.
type Author struct{ ID, Name string }

// inAudience is the SQL condition that the user (userExpr) is in the
// audience of the announcement (annExpr): no voice parts named, or one of
// theirs named. member_musical_roles names a voice part of one choir only.
func inAudience(annExpr, userExpr string) string {
	return `(NOT EXISTS (SELECT 1 FROM announcement_voice_parts av WHERE av.announcement_id = ` + annExpr + `)
		OR EXISTS (SELECT 1 FROM announcement_voice_parts av JOIN member_musical_roles mm ON mm.musical_role_id = av.musical_role_id
			WHERE av.announcement_id = ` + annExpr + ` AND mm.user_id = ` + userExpr + `))`
}

// activeMember is the SQL condition that membership m counts.
const activeMember = `m.is_active = TRUE AND m.status = 'active'`

func validate(in *Input, now time.Time) error {
	var f apperr.Fields
	in.Title = strings.TrimSpace(in.Title)
	in.Body = strings.TrimSpace(in.Body)
	switch {
	case in.Title == "":
		f.Add("title", MsgTitleRequired)
	case utf8.RuneCountInString(in.Title) > TitleMax || strings.ContainsAny(in.Title, "\r\n"):
		f.Add("title", MsgTitleTooLong)
	}
	switch {
	case in.Body == "":
		f.Add("body", MsgBodyRequired)
	case utf8.RuneCountInString(in.Body) > BodyMax:
		f.Add("body", MsgBodyTooLong)
	}
	publish := now
	if in.PublishAt != nil {
		publish = in.PublishAt.UTC().Truncate(time.Second)
	}
	in.PublishAt = &publish
	if in.ExpiresAt != nil {
		e := in.ExpiresAt.UTC().Truncate(time.Second)
		in.ExpiresAt = &e
		if !e.After(publish) {
			f.Add("expiresAt", MsgExpiresBefore)
		}
	}
	in.VoicePartIDs = slices.Compact(slices.Sorted(slices.Values(in.VoicePartIDs)))
	if len(in.VoicePartIDs) > maxVoiceParts {
		f.Add("voicePartIds", MsgVoiceParts)
	}
	return f.Err()
}

// checkVoiceParts refuses voice parts that are not the choir's.
func checkVoiceParts(ctx context.Context, q db.Querier, choirID string, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	var known int
	args := append([]any{choirID}, db.Strings(ids)...)
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM musical_roles WHERE choir_id = ? AND id IN (`+db.Placeholders(len(ids))+`)`,
		args...).Scan(&known); err != nil {
		return fmt.Errorf("announce: check the voice parts of %s: %w", choirID, err)
	}
	if known != len(ids) {
		return apperr.Validation(map[string]string{"voicePartIds": MsgVoiceParts}, "voicePartIds")
	}
	return nil
}

func nullChoir(choirID string) any {
	if choirID == "" {
		return nil
	}
	return choirID
}

// Create stores a new announcement of a choir, or of the platform when
// choirID is "" (then for everyone: no voice parts, acknowledgement or mail).
func (s *Service) Create(ctx context.Context, choirID string, by Author, in Input) (string, error) {
	now := s.now().Truncate(time.Second)
	if choirID == "" {
		in.VoicePartIDs, in.RequiresAck, in.EmailOnPublish = nil, false, false
	}
	if err := validate(&in, now); err != nil {
		return "", err
	}
	html, err := markdown.Render(in.Body)
	if err != nil {
		return "", err
	}
	id := uuid.NewString()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := checkVoiceParts(ctx, tx, choirID, in.VoicePartIDs); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO announcements (id, choir_id, title, body, body_html, pinned, requires_ack, email_on_publish,
			publish_at, expires_at, created_by, author_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, nullChoir(choirID), in.Title, in.Body, html, in.Pinned, in.RequiresAck, in.EmailOnPublish,
			*in.PublishAt, in.ExpiresAt, by.ID, by.Name, now, now); err != nil {
			return fmt.Errorf("announce: store an announcement of %q: %w", choirID, err)
		}
		return setVoiceParts(ctx, tx, id, in.VoicePartIDs)
	})
	if err != nil {
		return "", err
	}
	s.logger.Info("announcement created", "event", "announcement_created", "choir_id", choirID, "announcement_id", id, "by", by.ID,
		"email", in.EmailOnPublish, "publish_at", in.PublishAt)
	if in.EmailOnPublish {
		s.queue.Kick()
	}
	return id, nil
}

func setVoiceParts(ctx context.Context, tx *db.Tx, id string, parts []string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM announcement_voice_parts WHERE announcement_id = ?`, id); err != nil {
		return fmt.Errorf("announce: clear the audience of %s: %w", id, err)
	}
	for _, p := range parts {
		if _, err := tx.ExecContext(ctx, `INSERT INTO announcement_voice_parts (announcement_id, musical_role_id) VALUES (?, ?)`, id, p); err != nil {
			return fmt.Errorf("announce: store the audience of %s: %w", id, err)
		}
	}
	return nil
}

// Update changes an announcement of a choir ("" for the platform's).
func (s *Service) Update(ctx context.Context, choirID, id string, in Input) error {
	now := s.now().Truncate(time.Second)
	if choirID == "" {
		in.VoicePartIDs, in.RequiresAck, in.EmailOnPublish = nil, false, false
	}
	if err := validate(&in, now); err != nil {
		return err
	}
	html, err := markdown.Render(in.Body)
	if err != nil {
		return err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := checkVoiceParts(ctx, tx, choirID, in.VoicePartIDs); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE announcements SET title = ?, body = ?, body_html = ?, pinned = ?, requires_ack = ?,
			email_on_publish = ?, publish_at = ?, expires_at = ?, updated_at = ? WHERE id = ? AND `+choirIs(choirID),
			append([]any{in.Title, in.Body, html, in.Pinned, in.RequiresAck, in.EmailOnPublish, *in.PublishAt, in.ExpiresAt, now, id}, choirArgs(choirID)...)...)
		if err != nil {
			return fmt.Errorf("announce: update announcement %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound()
		}
		if in.MaterialChange && in.RequiresAck {
			if _, err := tx.ExecContext(ctx, `DELETE FROM announcement_reads WHERE announcement_id = ?`, id); err != nil {
				return fmt.Errorf("announce: reset the acknowledgements of %s: %w", id, err)
			}
		}
		return setVoiceParts(ctx, tx, id, in.VoicePartIDs)
	})
	if err == nil && in.EmailOnPublish {
		s.queue.Kick()
	}
	return err
}

// Delete removes an announcement of a choir ("" for the platform's).
func (s *Service) Delete(ctx context.Context, choirID, id string) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM announcements WHERE id = ? AND `+choirIs(choirID), append([]any{id}, choirArgs(choirID)...)...)
	if err != nil {
		return fmt.Errorf("announce: delete announcement %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound()
	}
	return nil
}

func choirIs(choirID string) string {
	if choirID == "" {
		return `choir_id IS NULL`
	}
	return `choir_id = ?`
}

func choirArgs(choirID string) []any {
	if choirID == "" {
		return nil
	}
	return []any{choirID}
}

func notFound() error { return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgNotFound) }

// columns are an announcement's own columns, as scan reads them.
const columns = `a.id, a.choir_id IS NULL, a.title, a.body, a.body_html, a.pinned, a.requires_ack, a.email_on_publish,
	a.publish_at, a.expires_at, a.author_name, a.created_at, a.updated_at, a.reminded_at`

func scan(row db.Scanner, extra ...any) (*Announcement, error) {
	a := &Announcement{}
	var expires, reminded sql.NullTime
	dest := append([]any{&a.ID, &a.FromPlatform, &a.Title, &a.Body, &a.BodyHTML, &a.Pinned, &a.RequiresAck, &a.EmailOnPublish,
		&a.PublishAt, &expires, &a.AuthorName, &a.CreatedAt, &a.UpdatedAt, &reminded}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	if expires.Valid {
		t := expires.Time.UTC()
		a.ExpiresAt = &t
	}
	if reminded.Valid {
		t := reminded.Time.UTC()
		a.RemindedAt = &t
	}
	a.PublishAt, a.CreatedAt, a.UpdatedAt = a.PublishAt.UTC(), a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	return a, nil
}

// List is a choir's announcements as one reader sees them, with the
// platform's: pinned first, then newest first. Members see the published,
// unexpired ones for their voice parts; managers (who write the choir's
// announcements) see all of the choir's, with their read and acknowledged
// counts. Two statements, whatever the number of announcements.
func (s *Service) List(ctx context.Context, choirID, userID string, manager bool) ([]*Announcement, error) {
	now := s.now()
	visible := `a.publish_at <= ? AND (a.expires_at IS NULL OR a.expires_at > ?)`
	forMe := `(` + visible + ` AND (a.choir_id IS NULL OR ` + inAudience("a.id", "?") + `))`
	cols := columns + `, ` + forMe + `, r.read_at IS NOT NULL, r.acknowledged_at IS NOT NULL`
	args := []any{now, now, userID}
	if manager {
		// The counts of the choir's own announcements (platform ones: 0).
		audience := `FROM user_choir_membership m WHERE m.choir_id = a.choir_id AND ` + activeMember + ` AND ` + inAudience("a.id", "m.user_id")
		cols += `, (SELECT COUNT(*) ` + audience + `),
			(SELECT COUNT(*) ` + audience + ` AND EXISTS (SELECT 1 FROM announcement_reads x WHERE x.announcement_id = a.id AND x.user_id = m.user_id)),
			(SELECT COUNT(*) ` + audience + ` AND EXISTS (SELECT 1 FROM announcement_reads x WHERE x.announcement_id = a.id AND x.user_id = m.user_id
				AND x.acknowledged_at IS NOT NULL))`
	}
	where := `(a.choir_id = ? AND (? OR ` + forMe + `)) OR (a.choir_id IS NULL AND ` + visible + `)`
	args = append(args, userID, choirID, manager, now, now, userID, now, now)
	rows, err := s.db.QueryContext(ctx, `SELECT `+cols+` FROM announcements a
		LEFT JOIN announcement_reads r ON r.announcement_id = a.id AND r.user_id = ?
		WHERE `+where+` ORDER BY a.pinned DESC, a.publish_at DESC, a.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("announce: list the announcements of %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (*Announcement, error) {
		var st Stats
		extra := []any{new(bool), new(bool), new(bool)}
		if manager {
			extra = append(extra, &st.Audience, &st.Read, &st.Acknowledged)
		}
		a, err := scan(row, extra...)
		if err != nil {
			return nil, err
		}
		a.ForMe, a.Read, a.Acked = *extra[0].(*bool), *extra[1].(*bool), *extra[2].(*bool)
		if manager && !a.FromPlatform {
			a.Stats = &st
		}
		return a, nil
	})
	if err != nil {
		return nil, fmt.Errorf("announce: read the announcements of %s: %w", choirID, err)
	}
	if err := s.fillVoiceParts(ctx, choirID, out); err != nil {
		return nil, err
	}
	return out, nil
}

// fillVoiceParts names the audiences of a choir's announcements, in one statement.
func (s *Service) fillVoiceParts(ctx context.Context, choirID string, list []*Announcement) error {
	byID := make(map[string]*Announcement, len(list))
	for _, a := range list {
		byID[a.ID] = a
	}
	rows, err := s.db.QueryContext(ctx, `SELECT av.announcement_id, mr.id, mr.name FROM announcement_voice_parts av
		JOIN announcements a ON a.id = av.announcement_id JOIN musical_roles mr ON mr.id = av.musical_role_id
		WHERE a.choir_id = ? ORDER BY mr.sort_order, mr.name`, choirID)
	if err != nil {
		return fmt.Errorf("announce: read the audiences in %s: %w", choirID, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var id string
		var p VoicePart
		if err := row.Scan(&id, &p.ID, &p.Name); err != nil {
			return err
		}
		if a := byID[id]; a != nil {
			a.VoiceParts = append(a.VoiceParts, p)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("announce: read the audiences in %s: %w", choirID, err)
	}
	return nil
}

// ListPlatform is every platform announcement, for the platform's page.
func (s *Service) ListPlatform(ctx context.Context) ([]*Announcement, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM announcements a WHERE a.choir_id IS NULL
		ORDER BY a.pinned DESC, a.publish_at DESC, a.id`)
	if err != nil {
		return nil, fmt.Errorf("announce: list the platform announcements: %w", err)
	}
	out, err := db.All(rows, func(row db.Scanner) (*Announcement, error) { return scan(row) })
	if err != nil {
		return nil, fmt.Errorf("announce: read the platform announcements: %w", err)
	}
	return out, nil
}

// Unread counts the announcements for a member in a choir they have not read.
func (s *Service) Unread(ctx context.Context, choirID, userID string) (int, error) {
	now := s.now()
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM announcements a
		WHERE (a.choir_id IS NULL OR (a.choir_id = ? AND `+inAudience("a.id", "?")+`))
		AND a.publish_at <= ? AND (a.expires_at IS NULL OR a.expires_at > ?)
		AND NOT EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = a.id AND r.user_id = ?)`,
		choirID, userID, now, now, userID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("announce: count the unread announcements of %s in %s: %w", userID, choirID, err)
	}
	return n, nil
}

// forMember reads one announcement a member of the choir may read now.
func (s *Service) forMember(ctx context.Context, q db.Querier, choirID, userID, id string) (*Announcement, error) {
	now := s.now()
	a, err := scan(q.QueryRowContext(ctx, `SELECT `+columns+` FROM announcements a WHERE a.id = ?
		AND (a.choir_id IS NULL OR (a.choir_id = ? AND `+inAudience("a.id", "?")+`))
		AND a.publish_at <= ? AND (a.expires_at IS NULL OR a.expires_at > ?)`, id, choirID, userID, now, now))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound()
	}
	if err != nil {
		return nil, fmt.Errorf("announce: read announcement %s for %s: %w", id, userID, err)
	}
	return a, nil
}

// MarkRead records that a member read an announcement and, when asked and
// the announcement asks for it, that they acknowledge it.
func (s *Service) MarkRead(ctx context.Context, choirID, userID, id string, acknowledge bool) error {
	a, err := s.forMember(ctx, s.db, choirID, userID, id)
	if err != nil {
		return err
	}
	now := s.now()
	var ack any
	if acknowledge && a.RequiresAck {
		ack = now
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO announcement_reads (announcement_id, user_id, read_at, acknowledged_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (announcement_id, user_id) DO UPDATE SET acknowledged_at = COALESCE(announcement_reads.acknowledged_at, excluded.acknowledged_at)`,
		id, userID, now, ack); err != nil {
		return fmt.Errorf("announce: mark announcement %s read by %s: %w", id, userID, err)
	}
	return nil
}

// Get reads one announcement of a choir ("" for the platform's), as its managers see it.
func (s *Service) Get(ctx context.Context, choirID, id string) (*Announcement, error) {
	a, err := scan(s.db.QueryRowContext(ctx, `SELECT `+columns+` FROM announcements a WHERE a.id = ? AND a.`+choirIs(choirID),
		append([]any{id}, choirArgs(choirID)...)...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound()
	}
	if err != nil {
		return nil, fmt.Errorf("announce: read announcement %s: %w", id, err)
	}
	return a, nil
}

// Person is a member in a receipt.
type Person struct {
	UserID, Name string
	VoiceParts   []string
	Read, Acked  bool
}

// PartStats are the counts of one voice part of the audience.
type PartStats struct {
	Name string
	Stats
}

// Receipts is who of an announcement's audience has read and acknowledged it.
type Receipts struct {
	Announcement *Announcement
	Totals       Stats
	Parts        []PartStats // in the choir's voice-part order; "No voice part" last
	People       []Person    // by name
}

// NoVoicePart names the group of members who sing no voice part.
const NoVoicePart = "No voice part"

// Receipts counts who has read and acknowledged a choir's announcement,
// by voice part, and lists the members.
func (s *Service) Receipts(ctx context.Context, choirID, id string) (*Receipts, error) {
	a, err := s.Get(ctx, choirID, id)
	if err != nil {
		return nil, err
	}
	if err := s.fillVoiceParts(ctx, choirID, []*Announcement{a}); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT m.user_id, p.first_name, p.last_name, r.read_at IS NOT NULL, r.acknowledged_at IS NOT NULL,
		COALESCE(mr.id, ''), COALESCE(mr.name, '') FROM user_choir_membership m JOIN user_profile p ON p.id = m.user_id
		LEFT JOIN member_musical_roles mm ON mm.user_id = m.user_id AND mm.choir_id = m.choir_id
		LEFT JOIN musical_roles mr ON mr.id = mm.musical_role_id
		LEFT JOIN announcement_reads r ON r.announcement_id = ? AND r.user_id = m.user_id
		WHERE m.choir_id = ? AND `+activeMember+` AND `+inAudience("?", "m.user_id")+`
		ORDER BY COALESCE(mr.sort_order, 1000000), lower(p.last_name), lower(p.first_name), m.user_id`, id, choirID, id, id)
	if err != nil {
		return nil, fmt.Errorf("announce: read the receipts of %s: %w", id, err)
	}
	audience := map[string]bool{}
	for _, p := range a.VoiceParts {
		audience[p.ID] = true
	}
	out := &Receipts{Announcement: a}
	people := map[string]*Person{}
	var order []string
	partIndex := map[string]int{}
	err = db.Each(rows, func(row db.Scanner) error {
		var p Person
		var first, last, partID, part string
		if err := row.Scan(&p.UserID, &first, &last, &p.Read, &p.Acked, &partID, &part); err != nil {
			return err
		}
		if len(audience) > 0 && !audience[partID] {
			return nil // a part they sing that the announcement is not for
		}
		if partID == "" {
			part = NoVoicePart
		}
		person := people[p.UserID]
		if person == nil {
			p.Name = strings.TrimSpace(first + " " + last)
			person = &p
			people[p.UserID] = person
			order = append(order, p.UserID)
		}
		if partID != "" {
			person.VoiceParts = append(person.VoiceParts, part)
		}
		i, ok := partIndex[part]
		if !ok {
			i = len(out.Parts)
			partIndex[part] = i
			out.Parts = append(out.Parts, PartStats{Name: part})
		}
		out.Parts[i].add(p.Read, p.Acked)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("announce: read the receipts of %s: %w", id, err)
	}
	for _, uid := range order {
		p := people[uid]
		out.Totals.add(p.Read, p.Acked)
		out.People = append(out.People, *p)
	}
	slices.SortStableFunc(out.People, func(x, y Person) int { return strings.Compare(strings.ToLower(x.Name), strings.ToLower(y.Name)) })
	return out, nil
}

func (st *Stats) add(read, acked bool) {
	st.Audience++
	if read {
		st.Read++
	}
	if acked {
		st.Acknowledged++
	}
}

// Remind sends a reminder to the members of the audience who have not
// acknowledged an announcement, at most once in RemindEvery: a second
// press sooner is refused (429) saying when the last one was sent, in the
// choir's zone. It answers when the reminder was sent.
func (s *Service) Remind(ctx context.Context, choirID, choirZone, id string) (time.Time, error) {
	a, err := s.Get(ctx, choirID, id)
	if err != nil {
		return time.Time{}, err
	}
	now := s.now().Truncate(time.Second)
	switch {
	case !a.RequiresAck:
		return time.Time{}, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgNoAck)
	case !a.Published(now) || a.Expired(now):
		return time.Time{}, apperr.New(apperr.Conflict, apperr.CodeConflict, MsgNotPublished)
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		// With nobody left to remind, a press would only use up the slot.
		var pending int
		err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_choir_membership m WHERE m.choir_id = ? AND `+activeMember+`
			AND `+inAudience("?", "m.user_id")+` AND NOT EXISTS (SELECT 1 FROM announcement_reads x
				WHERE x.announcement_id = ? AND x.user_id = m.user_id AND x.acknowledged_at IS NOT NULL)`,
			choirID, id, id, id).Scan(&pending)
		if err != nil {
			return fmt.Errorf("announce: count who has not acknowledged %s: %w", id, err)
		}
		if pending == 0 {
			return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgAllAcknowledged)
		}
		// Of many presses at once, one finds the reminder due and takes it.
		if err := nudge.Take(ctx, tx, "announcements", id, choirID, choirZone, now); err != nil {
			return err
		}
		_, err = s.queue.Enqueue(ctx, tx, jobs.Spec{Kind: kindRemind, Key: fmt.Sprintf("announce-remind:%s:%d", id, now.Unix()),
			Args: jobArgs{AnnouncementID: id}})
		return err
	})
	if err != nil {
		return time.Time{}, err
	}
	s.queue.Kick()
	return now, nil
}

// Published is an announcement as a digest lists it.
type Published struct {
	ChoirID string // "" for the platform's
	Title   string
	Summary string // the start of its text, on one line
}

// digestSummaryRunes bounds the start of an announcement's text a digest shows.
const digestSummaryRunes = 200

// maxInDigest bounds the announcements one digest lists.
const maxInDigest = 20

// PublishedSince lists what the member may read that was published after
// since and up to now in the given choirs (the member's), with the
// platform's, newest first: one statement, for the weekly digest.
func (s *Service) PublishedSince(ctx context.Context, userID string, choirIDs []string, since, now time.Time) ([]Published, error) {
	if len(choirIDs) == 0 {
		return nil, nil
	}
	args := []any{since, now, now}
	args = append(args, db.Strings(choirIDs)...)
	args = append(args, userID)
	rows, err := s.db.QueryContext(ctx, `SELECT COALESCE(a.choir_id, ''), a.title, a.body FROM announcements a
		WHERE a.publish_at > ? AND a.publish_at <= ? AND (a.expires_at IS NULL OR a.expires_at > ?)
		AND (a.choir_id IS NULL OR (a.choir_id IN (`+db.Placeholders(len(choirIDs))+`) AND `+inAudience("a.id", "?")+`))
		ORDER BY a.publish_at DESC, a.id LIMIT `+fmt.Sprint(maxInDigest), args...)
	if err != nil {
		return nil, fmt.Errorf("announce: list what %s may read since %s: %w", userID, since, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Published, error) {
		var p Published
		err := row.Scan(&p.ChoirID, &p.Title, &p.Summary)
		p.Summary = summary(p.Summary)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("announce: read what %s may read: %w", userID, err)
	}
	return out, nil
}

// summary is the start of a Markdown text on one line, cut at a word.
func summary(markdown string) string {
	text := strings.Join(strings.Fields(markdown), " ")
	r := []rune(text)
	if len(r) <= digestSummaryRunes {
		return text
	}
	cut := string(r[:digestSummaryRunes])
	if i := strings.LastIndex(cut, " "); i > digestSummaryRunes/2 {
		cut = cut[:i]
	}
	return cut + "…"
}
