// Package policies keeps a choir's policies (issue 30): rules its members
// read and acknowledge, written in Markdown and shown as sanitised HTML
// (internal/markdown). Every save is a new version, and old versions stay
// readable. A member acknowledges a policy on joining and again after a
// change its author marks as material; a minor change keeps their
// acknowledgement. Directors see who has acknowledged and may remind the
// others by email, at most once in 48 hours per policy (mail.go). The
// choir's attendance rules and each member's standing against them are in
// rules.go.
package policies

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
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
)

// Bounds.
const (
	TitleMax = 200
	BodyMax  = 50000
	// RemindEvery is how long directors wait between two reminders to
	// acknowledge one policy.
	RemindEvery = nudge.Every
	// maxPolicies bounds the policies of one choir.
	maxPolicies = 100
)

// Messages.
const (
	MsgTitleRequired   = "Title is required"
	MsgTitleTooLong    = "Keep the title under 200 characters"
	MsgBodyRequired    = "Write the policy"
	MsgBodyTooLong     = "Keep the policy under 50,000 characters"
	MsgTooMany         = "A choir can have at most 100 policies."
	MsgNotFound        = "Policy not found."
	MsgVersionNotFound = "Version not found."
	MsgChanged         = "This policy has changed since you opened it. Read the new version and acknowledge it again."
	MsgNotMember       = "Only members of the choir acknowledge its policies."
	MsgAllAcknowledged = "Every member has acknowledged this policy: there is nobody to remind."
)

// Service keeps policies and attendance rules.
type Service struct {
	db     *db.DB
	cfg    config.Config
	mailer *mail.Mailer
	links  *actionlink.Service
	queue  *jobs.Queue
	logger *slog.Logger
	now    func() time.Time
}

// New makes the service and registers its reminder job with the queue.
func New(d *db.DB, cfg config.Config, mailer *mail.Mailer, links *actionlink.Service, queue *jobs.Queue, logger *slog.Logger, now func() time.Time) *Service {
	s := &Service{db: d, cfg: cfg, mailer: mailer, links: links, queue: queue, logger: logger, now: db.Clock(now)}
	queue.Handle(kindRemind, s.sendReminders)
	return s
}

// Input is what a director writes. Material, on a change, asks every member
// to acknowledge the new version; a first version always asks.
type Input struct {
	Title, Body string
	Material    bool
}

// Author is who writes.
type Author struct{ ID, Name string }

// Stats count a policy's members and how many acknowledged its latest material version.
type Stats struct{ Members, Acknowledged int }

// Policy is one policy at its newest version.
type Policy struct {
	ID         string
	Title      string
	Body       string
	BodyHTML   string
	Version    int
	AckVersion int // the newest material version: acknowledging it or later counts
	CreatedAt  time.Time
	UpdatedAt  time.Time
	RemindedAt *time.Time
	// Acknowledged says the reader has acknowledged AckVersion or later.
	Acknowledged bool
	Stats        *Stats // for directors
}

// NextReminder is when directors may next remind, or zero for now.
func (p *Policy) NextReminder() time.Time {
	if p.RemindedAt == nil {
		return time.Time{}
	}
	return p.RemindedAt.Add(RemindEvery)
}

// Version is one saved version of a policy.
type Version struct {
	Version    int
	Title      string
	Body       string
	BodyHTML   string
	Material   bool
	AuthorName string
	CreatedAt  time.Time
}

// activeMember is the SQL condition that membership m counts.
const activeMember = `m.is_active = TRUE AND m.status = 'active'`

// acked is the SQL condition that user userExpr has acknowledged policy p.
func acked(userExpr string) string {
	return `EXISTS (SELECT 1 FROM policy_acknowledgements k WHERE k.policy_id = p.id AND k.user_id = ` + userExpr + ` AND k.version >= p.ack_version)`
}

func validate(in *Input) error {
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
	return f.Err()
}

func notFound() error { return apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgNotFound) }

// Create stores a new policy of a choir as its version 1, which every member acknowledges.
func (s *Service) Create(ctx context.Context, choirID string, by Author, in Input) (string, error) {
	if err := validate(&in); err != nil {
		return "", err
	}
	html, err := markdown.Render(in.Body)
	if err != nil {
		return "", err
	}
	now := s.now().Truncate(time.Second)
	id := uuid.NewString()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM policies WHERE choir_id = ?`, choirID).Scan(&n); err != nil {
			return fmt.Errorf("policies: count the policies of %s: %w", choirID, err)
		}
		if n >= maxPolicies {
			return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgTooMany)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO policies (id, choir_id, title, version, ack_version, created_at, updated_at)
			VALUES (?, ?, ?, 1, 1, ?, ?)`, id, choirID, in.Title, now, now); err != nil {
			return fmt.Errorf("policies: store a policy of %s: %w", choirID, err)
		}
		return addVersion(ctx, tx, id, 1, in, html, true, by, now)
	})
	if err != nil {
		return "", err
	}
	s.logger.Info("policy created", "event", "policy_created", "choir_id", choirID, "policy_id", id, "by", by.ID)
	return id, nil
}

func addVersion(ctx context.Context, tx *db.Tx, id string, version int, in Input, html string, material bool, by Author, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO policy_versions (policy_id, version, title, body, body_html, material, created_by, author_name, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, version, in.Title, in.Body, html, material, by.ID, by.Name, now); err != nil {
		return fmt.Errorf("policies: store version %d of %s: %w", version, id, err)
	}
	return nil
}

// Update saves a new version of a choir's policy and answers its number. A
// material change makes it the version members must acknowledge.
func (s *Service) Update(ctx context.Context, choirID, id string, by Author, in Input) (int, error) {
	if err := validate(&in); err != nil {
		return 0, err
	}
	html, err := markdown.Render(in.Body)
	if err != nil {
		return 0, err
	}
	now := s.now().Truncate(time.Second)
	var version int
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		// The increment in one statement: two saves at once make two versions.
		res, err := tx.ExecContext(ctx, `UPDATE policies SET version = version + 1, title = ?, updated_at = ?,
			ack_version = CASE WHEN ? THEN version + 1 ELSE ack_version END WHERE id = ? AND choir_id = ?`,
			in.Title, now, in.Material, id, choirID)
		if err != nil {
			return fmt.Errorf("policies: update policy %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound()
		}
		if err := tx.QueryRowContext(ctx, `SELECT version FROM policies WHERE id = ?`, id).Scan(&version); err != nil {
			return fmt.Errorf("policies: read the version of %s: %w", id, err)
		}
		return addVersion(ctx, tx, id, version, in, html, in.Material, by, now)
	})
	if err != nil {
		return 0, err
	}
	s.logger.Info("policy updated", "event", "policy_updated", "choir_id", choirID, "policy_id", id, "version", version, "material", in.Material)
	return version, nil
}

// Delete removes a choir's policy with its versions and acknowledgements.
func (s *Service) Delete(ctx context.Context, choirID, id string) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM policies WHERE id = ? AND choir_id = ?`, id, choirID)
	if err != nil {
		return fmt.Errorf("policies: delete policy %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound()
	}
	return nil
}

// columns are a policy's columns at its newest version, as scan reads them.
const columns = `p.id, p.title, v.body, v.body_html, p.version, p.ack_version, p.created_at, p.updated_at, p.reminded_at`

const fromPolicies = ` FROM policies p JOIN policy_versions v ON v.policy_id = p.id AND v.version = p.version`

func scan(row db.Scanner, extra ...any) (*Policy, error) {
	p := &Policy{}
	var reminded sql.NullTime
	if err := row.Scan(append([]any{&p.ID, &p.Title, &p.Body, &p.BodyHTML, &p.Version, &p.AckVersion, &p.CreatedAt, &p.UpdatedAt, &reminded},
		extra...)...); err != nil {
		return nil, err
	}
	if reminded.Valid {
		t := reminded.Time.UTC()
		p.RemindedAt = &t
	}
	p.CreatedAt, p.UpdatedAt = p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	return p, nil
}

// List is a choir's policies, oldest first, each marked acknowledged or
// not by the reader; for directors with how many members acknowledged
// it. One statement.
func (s *Service) List(ctx context.Context, choirID, userID string, manager bool) ([]*Policy, error) {
	cols := columns + `, ` + acked("?")
	args := []any{userID}
	if manager {
		members := `FROM user_choir_membership m WHERE m.choir_id = p.choir_id AND ` + activeMember
		cols += `, (SELECT COUNT(*) ` + members + `), (SELECT COUNT(*) ` + members + ` AND ` + acked("m.user_id") + `)`
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+cols+fromPolicies+` WHERE p.choir_id = ? ORDER BY p.created_at, p.id`,
		append(args, choirID)...)
	if err != nil {
		return nil, fmt.Errorf("policies: list the policies of %s: %w", choirID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (*Policy, error) {
		var st Stats
		var ack bool
		extra := []any{&ack}
		if manager {
			extra = append(extra, &st.Members, &st.Acknowledged)
		}
		p, err := scan(row, extra...)
		if err != nil {
			return nil, err
		}
		p.Acknowledged = ack
		if manager {
			p.Stats = &st
		}
		return p, nil
	})
	if err != nil {
		return nil, fmt.Errorf("policies: read the policies of %s: %w", choirID, err)
	}
	return out, nil
}

// Get reads one policy of a choir at its newest version.
func (s *Service) Get(ctx context.Context, choirID, id string) (*Policy, error) {
	p, err := scan(s.db.QueryRowContext(ctx, `SELECT `+columns+fromPolicies+` WHERE p.id = ? AND p.choir_id = ?`, id, choirID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound()
	}
	if err != nil {
		return nil, fmt.Errorf("policies: read policy %s: %w", id, err)
	}
	return p, nil
}

// Versions lists every version of a choir's policy, newest first.
func (s *Service) Versions(ctx context.Context, choirID, id string) ([]Version, error) {
	if _, err := s.Get(ctx, choirID, id); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT v.version, v.title, v.body, v.body_html, v.material, v.author_name, v.created_at
		FROM policy_versions v JOIN policies p ON p.id = v.policy_id WHERE v.policy_id = ? AND p.choir_id = ? ORDER BY v.version DESC`, id, choirID)
	if err != nil {
		return nil, fmt.Errorf("policies: list the versions of %s: %w", id, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (Version, error) {
		var v Version
		err := row.Scan(&v.Version, &v.Title, &v.Body, &v.BodyHTML, &v.Material, &v.AuthorName, &v.CreatedAt)
		v.CreatedAt = v.CreatedAt.UTC()
		return v, err
	})
	if err != nil {
		return nil, fmt.Errorf("policies: read the versions of %s: %w", id, err)
	}
	return out, nil
}

// Acknowledge records that a member has read and accepts version of a
// choir's policy. It must be the newest version, the one they were shown:
// else 409, so nobody accepts a text they have not seen.
func (s *Service) Acknowledge(ctx context.Context, choirID, userID, id string, version int) error {
	p, err := s.Get(ctx, choirID, id)
	if err != nil {
		return err
	}
	if version != p.Version {
		return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgChanged)
	}
	// Only an active member: the statement inserts nothing for anyone else.
	res, err := s.db.ExecContext(ctx, `INSERT INTO policy_acknowledgements (policy_id, user_id, version, acknowledged_at)
		SELECT ?, m.user_id, ?, ? FROM user_choir_membership m WHERE m.choir_id = ? AND m.user_id = ? AND `+activeMember+`
		ON CONFLICT (policy_id, user_id) DO UPDATE SET version = excluded.version, acknowledged_at = excluded.acknowledged_at`,
		id, version, s.now().Truncate(time.Second), choirID, userID)
	if err != nil {
		return fmt.Errorf("policies: note %s's acknowledgement of %s: %w", userID, id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.Forbidden, apperr.CodePermission, MsgNotMember)
	}
	return nil
}

// Person is a member in a policy's acknowledgements.
type Person struct {
	UserID, Name   string
	Acknowledged   bool
	AcknowledgedAt *time.Time // of their latest acknowledgement, counting or not
	Version        int        // the version they last acknowledged; 0 for none
}

// Acknowledgements is who of a choir's members has acknowledged a policy.
type Acknowledgements struct {
	Policy *Policy
	Totals Stats
	People []Person // those who have not acknowledged first, then by name
}

// Acknowledgements lists every active member of the choir with whether they
// have acknowledged the policy's newest material version.
func (s *Service) Acknowledgements(ctx context.Context, choirID, id string) (*Acknowledgements, error) {
	p, err := s.Get(ctx, choirID, id)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT m.user_id, pr.first_name, pr.last_name, COALESCE(k.version, 0), k.acknowledged_at
		FROM user_choir_membership m JOIN user_profile pr ON pr.id = m.user_id
		LEFT JOIN policy_acknowledgements k ON k.policy_id = ? AND k.user_id = m.user_id
		WHERE m.choir_id = ? AND `+activeMember+` ORDER BY lower(pr.last_name), lower(pr.first_name), m.user_id`, id, choirID)
	if err != nil {
		return nil, fmt.Errorf("policies: read the acknowledgements of %s: %w", id, err)
	}
	people, err := db.All(rows, func(row db.Scanner) (Person, error) {
		var x Person
		var first, last string
		var at sql.NullTime
		if err := row.Scan(&x.UserID, &first, &last, &x.Version, &at); err != nil {
			return x, err
		}
		x.Name = strings.TrimSpace(first + " " + last)
		if at.Valid {
			t := at.Time.UTC()
			x.AcknowledgedAt = &t
		}
		x.Acknowledged = x.Version >= p.AckVersion
		return x, nil
	})
	if err != nil {
		return nil, fmt.Errorf("policies: read the acknowledgements of %s: %w", id, err)
	}
	out := &Acknowledgements{Policy: p}
	for _, x := range people {
		out.Totals.Members++
		if x.Acknowledged {
			out.Totals.Acknowledged++
		}
	}
	// Those still to acknowledge first: they are who the director looks for.
	for _, want := range []bool{false, true} {
		for _, x := range people {
			if x.Acknowledged == want {
				out.People = append(out.People, x)
			}
		}
	}
	return out, nil
}

// Pending counts the choir's policies the member has not acknowledged.
func (s *Service) Pending(ctx context.Context, choirID, userID string) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM policies p WHERE p.choir_id = ? AND NOT `+acked("?"), choirID, userID).Scan(&n); err != nil {
		return 0, fmt.Errorf("policies: count what %s has to acknowledge in %s: %w", userID, choirID, err)
	}
	return n, nil
}

// Remind emails the members who have not acknowledged a policy, at most
// once in RemindEvery: a press sooner is refused (429) saying when the last
// one went, in the choir's zone. It answers when this one was sent.
func (s *Service) Remind(ctx context.Context, choirID, choirZone, id string) (time.Time, error) {
	if _, err := s.Get(ctx, choirID, id); err != nil {
		return time.Time{}, err
	}
	now := s.now().Truncate(time.Second)
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var pending int
		err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM user_choir_membership m JOIN policies p ON p.id = ?
			WHERE m.choir_id = ? AND `+activeMember+` AND NOT `+acked("m.user_id"), id, choirID).Scan(&pending)
		if err != nil {
			return fmt.Errorf("policies: count who has not acknowledged %s: %w", id, err)
		}
		if pending == 0 {
			return apperr.New(apperr.Conflict, apperr.CodeConflict, MsgAllAcknowledged)
		}
		// Of many presses at once, one finds the reminder due and takes it.
		if err := nudge.Take(ctx, tx, "policies", id, choirID, choirZone, now); err != nil {
			return err
		}
		_, err = s.queue.Enqueue(ctx, tx, jobs.Spec{Kind: kindRemind, Key: fmt.Sprintf("policy-remind:%s:%d", id, now.Unix()),
			Args: jobArgs{PolicyID: id}})
		return err
	})
	if err != nil {
		return time.Time{}, err
	}
	s.queue.Kick()
	return now, nil
}
