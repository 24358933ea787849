package privacy

import (
	"archive/zip"
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/blob"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/mail"
	"github.com/cantica/cantica/internal/sheet"
)

// Export is one export of a person's data.
type Export struct {
	ID        string
	Status    string // pending, ready
	SizeBytes int64
	CreatedAt time.Time
	ReadyAt   *time.Time
	ExpiresAt *time.Time
	fileKey   string
}

// MsgExportGone answers a download of an export that is not (or no longer) there.
const MsgExportGone = "This export is not available. Exports can be downloaded for 7 days after they are ready; ask for a new one."

// maxExportsPerDay bounds the exports one person can ask for.
const maxExportsPerDay = 5

const exportColumns = `id, status, size_bytes, created_at, ready_at, expires_at, COALESCE(file_key, '')`

func scanExport(row db.Scanner) (Export, error) {
	var e Export
	var ready, expires sql.NullTime
	err := row.Scan(&e.ID, &e.Status, &e.SizeBytes, &e.CreatedAt, &ready, &expires, &e.fileKey)
	if ready.Valid {
		e.ReadyAt = &ready.Time
	}
	if expires.Valid {
		e.ExpiresAt = &expires.Time
	}
	return e, err
}

// Exports lists userID's exports that are being made or can be downloaded, newest first.
func (s *Service) Exports(ctx context.Context, userID string) ([]Export, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+exportColumns+` FROM data_exports
		WHERE user_id = ? AND (status = 'pending' OR expires_at > ?) ORDER BY created_at DESC`, userID, s.now())
	if err != nil {
		return nil, fmt.Errorf("privacy: list the exports of %s: %w", userID, err)
	}
	out, err := db.All(rows, scanExport)
	if err != nil {
		return nil, fmt.Errorf("privacy: read the exports of %s: %w", userID, err)
	}
	return out, nil
}

// RequestExport asks the queue for an export of userID's data. While one is
// being made, that one is returned instead of a second.
func (s *Service) RequestExport(ctx context.Context, userID string) (*Export, error) {
	now := s.now()
	var out *Export
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		pending, err := scanExport(tx.QueryRowContext(ctx, `SELECT `+exportColumns+` FROM data_exports
			WHERE user_id = ? AND status = 'pending' ORDER BY created_at DESC LIMIT 1`, userID))
		if err == nil {
			out = &pending
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("privacy: look for a pending export of %s: %w", userID, err)
		}
		var today int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM data_exports WHERE user_id = ? AND created_at > ?`,
			userID, now.Add(-24*time.Hour)).Scan(&today); err != nil {
			return fmt.Errorf("privacy: count the exports of %s: %w", userID, err)
		}
		if today >= maxExportsPerDay {
			return apperr.Limited(fmt.Sprintf("You have asked for %d exports in the last 24 hours. Please download one of them, or try again tomorrow.", today), 24*time.Hour)
		}
		id := uuid.NewString()
		if _, err := tx.ExecContext(ctx, `INSERT INTO data_exports (id, user_id, status, created_at) VALUES (?, ?, 'pending', ?)`,
			id, userID, now); err != nil {
			return fmt.Errorf("privacy: record an export of %s: %w", userID, err)
		}
		if _, err := s.queue.Enqueue(ctx, tx, jobs.Spec{Kind: kindExport, Key: "privacy.export:" + id, Args: exportArgs{ID: id}}); err != nil {
			return err
		}
		out = &Export{ID: id, Status: "pending", CreatedAt: now}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.queue.Kick()
	return out, nil
}

// OpenExport opens userID's export exportID for download. Another person's
// export, a pending or an expired one are all "not available".
func (s *Service) OpenExport(ctx context.Context, userID, exportID string) (*Export, blob.Object, error) {
	e, err := scanExport(s.db.QueryRowContext(ctx, `SELECT `+exportColumns+` FROM data_exports
		WHERE id = ? AND user_id = ? AND status = 'ready' AND expires_at > ?`, exportID, userID, s.now()))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgExportGone)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("privacy: read export %s: %w", exportID, err)
	}
	obj, err := s.files.Open(ctx, e.fileKey)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgExportGone)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("privacy: open the file of export %s: %w", exportID, err)
	}
	return &e, obj, nil
}

type exportArgs struct {
	ID string `json:"id"`
}

// exportKey is where an export's ZIP is stored; the music library's sweep
// of unknown files leaves blob.ExportPrefix alone.
func exportKey(id string) string { return blob.ExportPrefix + id + ".zip" }

// runExport builds the ZIP outside any transaction, stores it, and commits
// the export as ready with its expiry job and the email saying so.
func (s *Service) runExport(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	var args exportArgs
	if err := job.Decode(&args); err != nil {
		return nil, err
	}
	var userID, status string
	err := s.db.QueryRowContext(ctx, `SELECT user_id, status FROM data_exports WHERE id = ?`, args.ID).Scan(&userID, &status)
	if errors.Is(err, sql.ErrNoRows) || status != "pending" {
		return nil, nil // purged meanwhile, or already made
	}
	if err != nil {
		return nil, fmt.Errorf("privacy: read export %s: %w", args.ID, err)
	}
	person, err := s.person(ctx, userID)
	if err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp("", "cantica-export-*.zip")
	if err != nil {
		return nil, fmt.Errorf("privacy: make a temporary file for export %s: %w", args.ID, err)
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	if err := s.writeExport(ctx, tmp, userID); err != nil {
		return nil, fmt.Errorf("privacy: build export %s: %w", args.ID, err)
	}
	size, err := tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, fmt.Errorf("privacy: measure export %s: %w", args.ID, err)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("privacy: rewind export %s: %w", args.ID, err)
	}
	key := exportKey(args.ID)
	if _, err := s.files.Put(ctx, key, tmp, size, "application/zip"); err != nil {
		return nil, fmt.Errorf("privacy: store export %s: %w", args.ID, err)
	}
	now := s.now()
	expires := now.Add(ExportLifetime)
	msg, err := mail.Render("data_export_ready", "Your Cantica data is ready to download", person.email, struct {
		FirstName, Link, Expires string
	}{person.firstName, s.cfg.PublicURL("/account/privacy"), expires.Format("2 January 2006")})
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE data_exports SET status = 'ready', file_key = ?, size_bytes = ?, ready_at = ?, expires_at = ?
			WHERE id = ? AND status = 'pending'`, key, size, now, expires, args.ID)
		if err != nil {
			return fmt.Errorf("privacy: mark export %s ready: %w", args.ID, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // purged while it was being made: the expiry job below is not needed, nor the mail
		}
		if _, err := s.queue.Enqueue(ctx, tx, jobs.Spec{Kind: kindExpire, Key: "privacy.export_expire:" + args.ID,
			Args: exportArgs{ID: args.ID}, RunAt: expires}); err != nil {
			return err
		}
		return s.mailer.Enqueue(ctx, tx, msg)
	}, nil
}

// expireExport deletes an export's file, then its row.
func (s *Service) expireExport(ctx context.Context, job jobs.Job) (jobs.Commit, error) {
	var args exportArgs
	if err := job.Decode(&args); err != nil {
		return nil, err
	}
	if err := s.files.Delete(ctx, exportKey(args.ID)); err != nil {
		return nil, fmt.Errorf("privacy: delete the file of export %s: %w", args.ID, err)
	}
	return func(ctx context.Context, tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM data_exports WHERE id = ?`, args.ID); err != nil {
			return fmt.Errorf("privacy: delete export %s: %w", args.ID, err)
		}
		return nil
	}, nil
}

type personRow struct {
	email, firstName, lastName string
}

func (s *Service) person(ctx context.Context, userID string) (*personRow, error) {
	var p personRow
	err := s.db.QueryRowContext(ctx, `SELECT u.email, p.first_name, p.last_name FROM users u JOIN user_profile p ON p.id = u.id WHERE u.id = ?`,
		userID).Scan(&p.email, &p.firstName, &p.lastName)
	if err != nil {
		return nil, fmt.Errorf("privacy: read person %s: %w", userID, err)
	}
	return &p, nil
}

// writeExport writes the ZIP of userID's data to w.
func (s *Service) writeExport(ctx context.Context, w io.Writer, userID string) error {
	z := zip.NewWriter(w)
	file := func(name string, method uint16) (io.Writer, error) {
		return z.CreateHeader(&zip.FileHeader{Name: name, Method: method, Modified: s.now()})
	}
	parts := []struct {
		name  string
		write func(context.Context, io.Writer, string) error
	}{
		{"README.txt", writeReadme},
		{"profile.json", s.writeProfile},
		{"memberships.csv", s.writeMemberships},
		{"attendance.csv", s.writeAttendance},
		{"practice.csv", s.writePractice},
		{"events.ics", s.events},
	}
	for _, p := range parts {
		fw, err := file(p.name, zip.Deflate)
		if err != nil {
			return err
		}
		if err := p.write(ctx, fw, userID); err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
	}
	if err := s.writeUploads(ctx, userID, func(name string) (io.Writer, error) { return file(name, zip.Store) }); err != nil {
		return err
	}
	return z.Close()
}

func writeReadme(_ context.Context, w io.Writer, _ string) error {
	_, err := io.WriteString(w, `Your data in Cantica

profile.json     your account and profile, and the devices that get your push notifications
memberships.csv  the choirs you belong to, your role and voice parts
attendance.csv   your answers to events (RSVPs) and the attendance taken
practice.csv     your practice sessions
events.ics       the published events of your choirs (open it in any calendar app)
uploads/         the files you uploaded to your choirs' music libraries

This export can be downloaded for 7 days after it was made.
`)
	return err
}

func (s *Service) writeProfile(ctx context.Context, w io.Writer, userID string) error {
	type identity struct {
		Provider  string    `json:"provider"`
		Email     string    `json:"email"`
		CreatedAt time.Time `json:"connectedAt"`
	}
	// A push address is a capability (whoever holds it can send to the
	// device), so the export names only the push service it belongs to.
	type pushDevice struct {
		Service        string     `json:"pushService"`
		SubscribedAt   time.Time  `json:"subscribedAt"`
		LastNotifiedAt *time.Time `json:"lastNotifiedAt"`
	}
	var p struct {
		ID                 string       `json:"id"`
		Email              string       `json:"email"`
		FirstName          string       `json:"firstName"`
		LastName           string       `json:"lastName"`
		PhoneNumber        *string      `json:"phoneNumber"`
		SharePhone         bool         `json:"sharePhone"`
		EmailDigestEnabled bool         `json:"emailDigestEnabled"`
		HasPassword        bool         `json:"hasPassword"`
		TwoFactorEnabled   bool         `json:"twoFactorEnabled"`
		EmailConfirmedAt   *time.Time   `json:"emailConfirmedAt"`
		CreatedAt          time.Time    `json:"createdAt"`
		ConnectedAccounts  []identity   `json:"connectedAccounts"`
		PushDevices        []pushDevice `json:"pushNotificationDevices"`
	}
	var phone sql.NullString
	var confirmed sql.NullTime
	err := s.db.QueryRowContext(ctx, `SELECT u.id, u.email, p.first_name, p.last_name, p.phone_number, p.share_phone, p.email_digest_enabled,
		u.password_hash IS NOT NULL, EXISTS (SELECT 1 FROM totp_factors f WHERE f.user_id = u.id AND f.enabled_at IS NOT NULL),
		u.email_confirmed_at, u.created_at
		FROM users u JOIN user_profile p ON p.id = u.id WHERE u.id = ?`, userID).Scan(&p.ID, &p.Email, &p.FirstName, &p.LastName, &phone,
		&p.SharePhone, &p.EmailDigestEnabled, &p.HasPassword, &p.TwoFactorEnabled, &confirmed, &p.CreatedAt)
	if err != nil {
		return fmt.Errorf("read the profile: %w", err)
	}
	if phone.Valid {
		p.PhoneNumber = &phone.String
	}
	if confirmed.Valid {
		p.EmailConfirmedAt = &confirmed.Time
	}
	rows, err := s.db.QueryContext(ctx, `SELECT provider, email, created_at FROM identities WHERE user_id = ? ORDER BY created_at`, userID)
	if err != nil {
		return fmt.Errorf("read the connected accounts: %w", err)
	}
	if p.ConnectedAccounts, err = db.All(rows, func(r db.Scanner) (identity, error) {
		var i identity
		return i, r.Scan(&i.Provider, &i.Email, &i.CreatedAt)
	}); err != nil {
		return fmt.Errorf("read the connected accounts: %w", err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT endpoint, created_at, last_success_at FROM push_subscriptions WHERE user_id = ? ORDER BY created_at`, userID)
	if err != nil {
		return fmt.Errorf("read the push notification devices: %w", err)
	}
	if p.PushDevices, err = db.All(rows, func(r db.Scanner) (pushDevice, error) {
		var d pushDevice
		var endpoint string
		var notified sql.NullTime
		if err := r.Scan(&endpoint, &d.SubscribedAt, &notified); err != nil {
			return d, err
		}
		if u, err := url.Parse(endpoint); err == nil {
			d.Service = u.Hostname()
		}
		if notified.Valid {
			d.LastNotifiedAt = &notified.Time
		}
		return d, nil
	}); err != nil {
		return fmt.Errorf("read the push notification devices: %w", err)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(p)
}

// writeCSV writes a header and the rows query returns, every cell guarded
// against spreadsheet formulas like the other exports.
func (s *Service) writeCSV(ctx context.Context, w io.Writer, header []string, query string, args ...any) error {
	out := csv.NewWriter(w)
	if err := out.Write(header); err != nil {
		return err
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("read the rows: %w", err)
	}
	err = db.Each(rows, func(r db.Scanner) error {
		cells := make([]sql.NullString, len(header))
		dest := make([]any, len(cells))
		for i := range cells {
			dest[i] = &cells[i]
		}
		if err := r.Scan(dest...); err != nil {
			return err
		}
		row := make([]string, len(cells))
		for i, c := range cells {
			row[i] = sheet.Guard(c.String)
		}
		return out.Write(row)
	})
	if err != nil {
		return fmt.Errorf("read the rows: %w", err)
	}
	out.Flush()
	return out.Error()
}

func (s *Service) writeMemberships(ctx context.Context, w io.Writer, userID string) error {
	return s.writeCSV(ctx, w, []string{"Choir", "Role", "Active", "Joined", "Voice parts", "Choir email"},
		`SELECT c.name, m.role, CASE WHEN m.is_active THEN 'yes' ELSE 'no' END, CAST(m.joined_date AS TEXT),
			(SELECT COALESCE(STRING_AGG(r.name, ', '), '') FROM member_musical_roles mr JOIN musical_roles r ON r.id = mr.musical_role_id
				WHERE mr.user_id = m.user_id AND mr.choir_id = m.choir_id),
			CASE WHEN m.email_enabled THEN 'on' ELSE 'off' END
		FROM user_choir_membership m JOIN choirs c ON c.id = m.choir_id WHERE m.user_id = ? ORDER BY c.name`, userID)
}

func (s *Service) writeAttendance(ctx context.Context, w io.Writer, userID string) error {
	return s.writeCSV(ctx, w, []string{"Choir", "Event", "Date", "Answer", "Answered at", "Attendance", "Marked at"},
		`SELECT c.name, e.title, CASE WHEN a.occurrence_date <> '' THEN a.occurrence_date ELSE SUBSTR(e.start_at, 1, 10) END,
			COALESCE(a.status, ''), CAST(a.updated_at AS TEXT), COALESCE(a.mark, ''), CAST(a.marked_at AS TEXT)
		FROM member_attendance a JOIN events e ON e.id = a.event_id JOIN choirs c ON c.id = a.choir_id
		WHERE a.user_id = ? ORDER BY 3, c.name, e.title`, userID)
}

func (s *Service) writePractice(ctx context.Context, w io.Writer, userID string) error {
	return s.writeCSV(ctx, w, []string{"Choir", "Piece", "Day", "Seconds played", "Loops", "Speed", "Part", "Started at"},
		`SELECT c.name, m.title, p.day, CAST(CAST(ROUND(p.played_seconds) AS INTEGER) AS TEXT), CAST(p.loops AS TEXT), CAST(p.speed AS TEXT), p.part_name, CAST(p.started_at AS TEXT)
		FROM practice_sessions p JOIN music m ON m.id = p.music_id JOIN choirs c ON c.id = p.choir_id
		WHERE p.user_id = ? ORDER BY p.day, p.started_at`, userID)
}

// writeUploads copies the files userID uploaded to their choirs' libraries
// into uploads/<choir>/.
func (s *Service) writeUploads(ctx context.Context, userID string, create func(name string) (io.Writer, error)) error {
	type upload struct{ key, choir, name string }
	rows, err := s.db.QueryContext(ctx, `SELECT a.url, c.name, a.file_name FROM music_attachments a JOIN choirs c ON c.id = a.choir_id
		WHERE a.created_by = ? ORDER BY c.name, a.created_at`, userID)
	if err != nil {
		return fmt.Errorf("read the uploads: %w", err)
	}
	uploads, err := db.All(rows, func(r db.Scanner) (upload, error) {
		var u upload
		return u, r.Scan(&u.key, &u.choir, &u.name)
	})
	if err != nil {
		return fmt.Errorf("read the uploads: %w", err)
	}
	used := map[string]bool{}
	for _, u := range uploads {
		name := path.Join("uploads", safeName(u.choir), safeName(u.name))
		for i := 2; used[name]; i++ {
			ext := path.Ext(u.name)
			name = path.Join("uploads", safeName(u.choir), safeName(strings.TrimSuffix(u.name, ext)+" ("+strconv.Itoa(i)+")"+ext))
		}
		used[name] = true
		if err := s.copyUpload(ctx, u.key, name, create); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) copyUpload(ctx context.Context, key, name string, create func(string) (io.Writer, error)) error {
	obj, err := s.files.Open(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return nil // a file lost from the store cannot be exported; the rest can
	}
	if err != nil {
		return fmt.Errorf("open upload %s: %w", key, err)
	}
	defer obj.Close()
	fw, err := create(name)
	if err != nil {
		return err
	}
	if _, err := io.Copy(fw, obj); err != nil {
		return fmt.Errorf("copy upload %s: %w", key, err)
	}
	return nil
}

// safeName makes a name one path segment of the ZIP.
func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r < 0x20 {
			return '_'
		}
		return r
	}, strings.TrimSpace(s))
	if s == "" || s == "." || s == ".." {
		return "_"
	}
	return s
}
