package music

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/billing"
	"github.com/cantica/cantica/internal/blob"
	"github.com/cantica/cantica/internal/db"
)

// Attachment types (calendar document §3).
const (
	TypeScore     = "score"
	TypeAudioFull = "audio_full"
	TypeAudioPart = "audio_part"
	TypeMusicXML  = "musicxml"
	TypeMIDI      = "midi"
	TypeOther     = "other"
)

// Messages of the attachments' rules.
const (
	MsgAttachmentNotFound = "Attachment not found."
	MsgFileMissing        = "This file is missing from storage. Please upload it again."
	MsgAttachmentType     = "Please choose a valid attachment type."
	MsgPartNameRequired   = "Please enter the part this recording is of, for example Soprano 1."
	MsgPartNameTooLong    = "The part name must be 100 characters or fewer."
	MsgDescriptionTooLong = "The description must be 1000 characters or fewer."
	MsgFileRequired       = "Please choose a file to upload."
	MsgUploadFailed       = "File upload failed. Please check file size and storage limits, then try again."
	MsgDeleteFailed       = "Unable to delete music piece. Please try again."
	msgPieceNotFound      = "Music piece not found."
)

// Attachment is a file of a piece: a score, a recording, MusicXML, MIDI.
type Attachment struct {
	ID             string
	MusicID        string
	ChoirID        string
	Key            string // where the file is stored (the url column)
	FileName       string // the name it was uploaded under
	Type           string
	ContentType    string // as sniffed from the content, never the client's word
	SizeBytes      int64
	Description    string
	CustomPartName string
	CreatedBy      string // empty when the account is gone
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

const attachmentColumns = `id, music_id, choir_id, url, file_name, type, content_type, size_bytes, description,
	custom_part_name, created_by, created_at, updated_at`

func scanAttachment(row db.Scanner) (Attachment, error) {
	var a Attachment
	var by sql.NullString
	err := row.Scan(&a.ID, &a.MusicID, &a.ChoirID, &a.Key, &a.FileName, &a.Type, &a.ContentType, &a.SizeBytes,
		&a.Description, &a.CustomPartName, &by, &a.CreatedAt, &a.UpdatedAt)
	// A name stored before invisible characters were dropped is shown without them.
	a.CreatedBy, a.FileName = by.String, blob.CleanFileName(a.FileName)
	return a, err
}

// UseFiles gives the service the store its files live in and the largest
// upload it accepts, in bytes.
func (s *Service) UseFiles(store blob.Store, maxUpload int64) {
	s.files, s.maxUpload = store, maxUpload
}

// MaxUploadBytes is the largest upload accepted.
func (s *Service) MaxUploadBytes() int64 { return s.maxUpload }

// Attachments lists a piece's files, oldest first. Callers check access to
// the choir; a piece of another choir has none.
func (s *Service) Attachments(ctx context.Context, choirID, musicID string) ([]Attachment, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+attachmentColumns+` FROM music_attachments
		WHERE music_id = ? AND choir_id = ? ORDER BY created_at, id`, musicID, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: list the attachments of piece %s: %w", musicID, err)
	}
	out, err := db.All(rows, scanAttachment)
	if err != nil {
		return nil, fmt.Errorf("music: read the attachments of piece %s: %w", musicID, err)
	}
	return out, nil
}

// Attachment reads one attachment of a piece of a choir.
func (s *Service) Attachment(ctx context.Context, choirID, musicID, id string) (Attachment, error) {
	return getAttachment(ctx, s.db, choirID, musicID, id, "")
}

// getAttachment reads one attachment; lock is "" or tx.ForUpdate().
func getAttachment(ctx context.Context, q db.Querier, choirID, musicID, id, lock string) (Attachment, error) {
	a, err := scanAttachment(q.QueryRowContext(ctx, `SELECT `+attachmentColumns+` FROM music_attachments
		WHERE id = ? AND music_id = ? AND choir_id = ?`+lock, id, musicID, choirID))
	if errors.Is(err, sql.ErrNoRows) {
		return Attachment{}, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgAttachmentNotFound)
	}
	if err != nil {
		return Attachment{}, fmt.Errorf("music: read attachment %s: %w", id, err)
	}
	return a, nil
}

// pieceExists checks that a piece belongs to a choir: NOT_FOUND otherwise,
// so that another choir's pieces are not revealed. lock is "" or
// tx.ForUpdate().
func pieceExists(ctx context.Context, q db.Querier, choirID, musicID, lock string) error {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM music WHERE id = ? AND choir_id = ?`+lock, musicID, choirID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.New(apperr.NotFound, apperr.CodeNotFound, msgPieceNotFound)
	}
	if err != nil {
		return fmt.Errorf("music: read piece %s: %w", musicID, err)
	}
	return nil
}

// Upload is what comes with a file: the fields of the form before it.
type Upload struct {
	Type           string // empty: chosen from what the file is
	Description    string
	CustomPartName string
	FileName       string
}

// checkFields validates an attachment's own fields once the type is known.
func checkFields(typ, description, partName string) error {
	var f apperr.Fields
	switch typ {
	case TypeScore, TypeAudioFull, TypeAudioPart, TypeMusicXML, TypeMIDI, TypeOther:
	default:
		f.Add("type", MsgAttachmentType)
	}
	if typ == TypeAudioPart && strings.TrimSpace(partName) == "" {
		f.Add("customPartName", MsgPartNameRequired)
	}
	if utf8.RuneCountInString(partName) > 100 {
		f.Add("customPartName", MsgPartNameTooLong)
	}
	if utf8.RuneCountInString(description) > 1000 {
		f.Add("description", MsgDescriptionTooLong)
	}
	return f.Err()
}

// AddAttachment stores a file for a piece and records it. The file is
// streamed from r into the store, never held whole; its kind is read from
// its first bytes. The file is written first and then, in one transaction,
// its row and the choir's storage total; if that fails the file is deleted
// again, so a file without a row survives only a crash, for CleanOrphanFiles.
func (s *Service) AddAttachment(ctx context.Context, choirID, musicID, userID string, in Upload, r io.Reader) (Attachment, error) {
	if err := pieceExists(ctx, s.db, choirID, musicID, ""); err != nil {
		return Attachment{}, err
	}
	if in.Type != "" {
		if err := checkFields(in.Type, in.Description, in.CustomPartName); err != nil {
			return Attachment{}, err
		}
	}
	k, body, err := s.sniffUpload(r, in.FileName)
	if err != nil {
		return Attachment{}, err
	}
	if in.Type == "" {
		in.Type = k.defaultType
	}
	if err := checkFields(in.Type, in.Description, in.CustomPartName); err != nil {
		return Attachment{}, err
	}
	if err := k.fits(in.Type); err != nil {
		return Attachment{}, err
	}
	now := s.now()
	a := Attachment{ID: uuid.NewString(), MusicID: musicID, ChoirID: choirID, FileName: uploadName(in.FileName),
		Type: in.Type, ContentType: k.contentType, Description: in.Description, CustomPartName: strings.TrimSpace(in.CustomPartName),
		CreatedBy: userID, CreatedAt: now, UpdatedAt: now}
	a.Key = fileKey(a, now, "")
	if a.SizeBytes, err = s.put(ctx, a.Key, body, a.ContentType); err != nil {
		return Attachment{}, err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := pieceExists(ctx, tx, choirID, musicID, tx.ForUpdate()); err != nil {
			return err // deleted while the file was coming in
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO music_attachments (`+attachmentColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			a.ID, a.MusicID, a.ChoirID, a.Key, a.FileName, a.Type, a.ContentType, a.SizeBytes, a.Description,
			a.CustomPartName, nullUser(userID), a.CreatedAt, a.UpdatedAt); err != nil {
			return fmt.Errorf("music: insert attachment %s: %w", a.ID, err)
		}
		return s.growStorage(ctx, tx, choirID, a.SizeBytes)
	})
	if err != nil {
		s.deleteFile(ctx, a.Key)
		return Attachment{}, err
	}
	s.logger.Info("attachment uploaded", "event", "attachment_uploaded", "choir_id", choirID, "music_id", musicID,
		"attachment_id", a.ID, "size_bytes", a.SizeBytes, "content_type", a.ContentType)
	return a, nil
}

// ReplaceFile stores a new file for an attachment under a new timestamped
// name (calendar document §4), switches the row and the storage total to it
// in one transaction, and only then deletes the old file. Fields of in that
// are set change too.
func (s *Service) ReplaceFile(ctx context.Context, choirID, musicID, id string, in Upload, r io.Reader) (Attachment, error) {
	old, err := s.Attachment(ctx, choirID, musicID, id)
	if err != nil {
		return Attachment{}, err
	}
	k, body, err := s.sniffUpload(r, in.FileName)
	if err != nil {
		return Attachment{}, err
	}
	a := old
	if in.Type != "" {
		a.Type = in.Type
	}
	if in.Description != "" {
		a.Description = in.Description
	}
	if in.CustomPartName != "" {
		a.CustomPartName = strings.TrimSpace(in.CustomPartName)
	}
	if err := checkFields(a.Type, a.Description, a.CustomPartName); err != nil {
		return Attachment{}, err
	}
	if err := k.fits(a.Type); err != nil {
		return Attachment{}, err
	}
	now := s.now()
	a.FileName, a.ContentType, a.UpdatedAt = uploadName(in.FileName), k.contentType, now
	a.Key = fileKey(a, now, old.Key)
	if a.SizeBytes, err = s.put(ctx, a.Key, body, a.ContentType); err != nil {
		return Attachment{}, err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getAttachment(ctx, tx, choirID, musicID, id, tx.ForUpdate())
		if err != nil {
			return err // deleted while the file was coming in
		}
		if _, err := tx.ExecContext(ctx, `UPDATE music_attachments SET url = ?, file_name = ?, type = ?, content_type = ?,
			size_bytes = ?, description = ?, custom_part_name = ?, updated_at = ? WHERE id = ?`,
			a.Key, a.FileName, a.Type, a.ContentType, a.SizeBytes, a.Description, a.CustomPartName, a.UpdatedAt, id); err != nil {
			return fmt.Errorf("music: update attachment %s: %w", id, err)
		}
		old = cur // a replace that won the race holds the file to delete now
		return s.growStorage(ctx, tx, choirID, a.SizeBytes-cur.SizeBytes)
	})
	if err != nil {
		s.deleteFile(ctx, a.Key)
		return Attachment{}, err
	}
	s.deleteFile(ctx, old.Key)
	s.logger.Info("attachment replaced", "event", "attachment_replaced", "choir_id", choirID, "music_id", musicID,
		"attachment_id", id, "size_bytes", a.SizeBytes, "content_type", a.ContentType)
	return a, nil
}

// AttachmentChange is what PATCH may change; nil leaves a field as it is.
type AttachmentChange struct {
	Type           *string
	Description    *string
	CustomPartName *string
}

// UpdateAttachment changes an attachment's type, description or part name.
// The file stays where it is: a new type must still fit it.
func (s *Service) UpdateAttachment(ctx context.Context, choirID, musicID, id string, ch AttachmentChange) (Attachment, error) {
	var a Attachment
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if a, err = getAttachment(ctx, tx, choirID, musicID, id, tx.ForUpdate()); err != nil {
			return err
		}
		if ch.Type != nil {
			a.Type = *ch.Type
		}
		if ch.Description != nil {
			a.Description = *ch.Description
		}
		if ch.CustomPartName != nil {
			a.CustomPartName = strings.TrimSpace(*ch.CustomPartName)
		}
		if err := checkFields(a.Type, a.Description, a.CustomPartName); err != nil {
			return err
		}
		if err := kindOfContentType(a.ContentType).fits(a.Type); err != nil {
			return err
		}
		a.UpdatedAt = s.now()
		if _, err := tx.ExecContext(ctx, `UPDATE music_attachments SET type = ?, description = ?, custom_part_name = ?, updated_at = ?
			WHERE id = ?`, a.Type, a.Description, a.CustomPartName, a.UpdatedAt, id); err != nil {
			return fmt.Errorf("music: update attachment %s: %w", id, err)
		}
		return nil
	})
	return a, err
}

// DeleteAttachment removes an attachment: its row and the storage it
// counted in one transaction, then its file. The row goes first so that no
// attachment is ever shown whose file is gone; a file whose delete fails is
// logged and left to CleanOrphanFiles.
func (s *Service) DeleteAttachment(ctx context.Context, choirID, musicID, id string) error {
	var a Attachment
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if a, err = getAttachment(ctx, tx, choirID, musicID, id, tx.ForUpdate()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM music_attachments WHERE id = ?`, id); err != nil {
			return fmt.Errorf("music: delete attachment %s: %w", id, err)
		}
		return addStorage(ctx, tx, choirID, -a.SizeBytes)
	})
	if err != nil {
		return err
	}
	s.deleteFile(ctx, a.Key)
	s.logger.Info("attachment deleted", "event", "attachment_deleted", "choir_id", choirID, "music_id", musicID, "attachment_id", id)
	return nil
}

// OpenFile opens an attachment's file for reading; the caller closes it.
func (s *Service) OpenFile(ctx context.Context, choirID, musicID, id string) (Attachment, blob.Object, error) {
	a, err := s.Attachment(ctx, choirID, musicID, id)
	if err != nil {
		return Attachment{}, nil, err
	}
	obj, err := s.files.Open(ctx, a.Key)
	if errors.Is(err, blob.ErrNotFound) {
		s.logger.Error("attachment file missing", "attachment_id", id, "key", a.Key)
		return Attachment{}, nil, apperr.New(apperr.NotFound, apperr.CodeNotFound, MsgFileMissing)
	}
	if err != nil {
		return Attachment{}, nil, fmt.Errorf("music: open the file of attachment %s: %w", id, err)
	}
	return a, obj, nil
}

// StorageUsed is the bytes of files a choir stores.
func (s *Service) StorageUsed(ctx context.Context, choirID string) (int64, error) {
	var n int64
	if err := s.db.QueryRowContext(ctx, `SELECT storage_used_bytes FROM choirs WHERE id = ?`, choirID).Scan(&n); err != nil {
		return 0, fmt.Errorf("music: read the storage of choir %s: %w", choirID, err)
	}
	return n, nil
}

// StorageLimit says how many bytes a choir may store, read through q, and
// whether any limit applies (billing.Service.StorageLimit).
type StorageLimit func(ctx context.Context, q db.Querier, choirID string) (int64, bool, error)

// UseStorageLimit makes uploads refused past the choir's plan's storage.
func (s *Service) UseStorageLimit(limit StorageLimit) { s.storageLimit = limit }

// growStorage is addStorage for an upload: when a storage limit applies, the
// total moves only if it stays within the limit, decided by the UPDATE
// itself, so racing uploads can never pass it together.
func (s *Service) growStorage(ctx context.Context, tx *db.Tx, choirID string, delta int64) error {
	if s.storageLimit == nil || delta <= 0 {
		return addStorage(ctx, tx, choirID, delta)
	}
	limit, limited, err := s.storageLimit(ctx, tx, choirID)
	if err != nil {
		return err
	}
	if !limited {
		return addStorage(ctx, tx, choirID, delta)
	}
	res, err := tx.ExecContext(ctx, `UPDATE choirs SET storage_used_bytes = storage_used_bytes + ?
		WHERE id = ? AND storage_used_bytes + ? <= ?`, delta, choirID, delta, limit)
	if err != nil {
		return fmt.Errorf("music: count %d bytes of storage for choir %s: %w", delta, choirID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("music: count %d bytes of storage for choir %s: %w", delta, choirID, err)
	} else if n == 0 {
		return billing.StorageFull()
	}
	return nil
}

// addStorage moves a choir's storage total by delta in the database itself,
// so concurrent uploads never overwrite each other's sums.
func addStorage(ctx context.Context, tx *db.Tx, choirID string, delta int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE choirs SET storage_used_bytes = storage_used_bytes + ? WHERE id = ?`, delta, choirID); err != nil {
		return fmt.Errorf("music: count %d bytes of storage for choir %s: %w", delta, choirID, err)
	}
	return nil
}

// put streams body into the store, refusing more than the upload limit.
func (s *Service) put(ctx context.Context, key string, body io.Reader, contentType string) (int64, error) {
	n, err := s.files.Put(ctx, key, &limitReader{r: body, left: s.maxUpload}, -1, contentType)
	var cut *uploadError
	switch {
	case err == nil:
		return n, nil
	case errors.Is(err, errTooLarge):
		return 0, s.TooLarge()
	case ctx.Err() != nil:
		return 0, fmt.Errorf("music: store %s: %w", key, err) // the client went away
	case errors.As(err, &cut):
		return 0, apperr.New(apperr.Invalid, apperr.CodeValidation, MsgUploadCut)
	}
	return 0, apperr.Failed(apperr.CodeUploadFailed, MsgUploadFailed, fmt.Errorf("music: store %s: %w", key, err))
}

// MsgUploadCut answers an upload whose body ended or broke before the file
// did: the client's side, not the store's.
const MsgUploadCut = "The upload was cut off before the whole file arrived. Please try again."

// uploadError is a failure reading the upload, as opposed to storing it.
type uploadError struct{ err error }

func (e *uploadError) Error() string { return "music: read the upload: " + e.err.Error() }
func (e *uploadError) Unwrap() error { return e.err }

// deleteFile deletes a file that no row needs; a failure is logged and the
// file left for CleanOrphanFiles.
func (s *Service) deleteFile(ctx context.Context, key string) {
	if err := s.files.Delete(context.WithoutCancel(ctx), key); err != nil {
		s.logger.Warn("delete a file no attachment uses failed; the clean-up job will retry", "key", key, "err", err)
	}
}

var errTooLarge = errors.New("music: upload larger than the limit")

// limitReader fails with errTooLarge once more than left bytes come.
type limitReader struct {
	r    io.Reader
	left int64
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return 0, errTooLarge
	}
	if err != nil && err != io.EOF {
		err = &uploadError{err}
	}
	return n, err
}

// TooLarge refuses an upload larger than the limit, naming the limit.
func (s *Service) TooLarge() error {
	return apperr.New(apperr.TooLarge, apperr.CodeFileTooLarge,
		fmt.Sprintf("This file is larger than the %s limit. Please choose a smaller file.", megabytes(s.maxUpload)))
}

// megabytes words a limit as people set it (CANTICA_MAX_UPLOAD_MB).
func megabytes(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d-byte", n)
}

// uploadName is the name a file was uploaded under, cleaned
// (blob.CleanFileName) and at most 200 characters; the store's key uses a
// safe copy of it.
func uploadName(name string) string {
	name = blob.CleanFileName(name)
	if utf8.RuneCountInString(name) > 200 {
		name = string([]rune(name)[:200])
	}
	return name
}

// fileKey is where an attachment's file is stored:
// {choir}/{piece}/{attachment}/{timestamp}-{safe name}. The attachment's own
// folder keeps keys unique; the timestamp changes with every replacement
// (calendar document §4). A key equal to the one being replaced (two
// replacements in one second) gets a counter, so the old file is never
// overwritten before its row lets go of it.
func fileKey(a Attachment, at time.Time, replacing string) string {
	safe := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '_'
	}, a.FileName)
	if len(safe) > 100 {
		ext := path.Ext(safe)
		if len(ext) > 10 {
			ext = ""
		}
		safe = safe[:100-len(ext)] + ext
	}
	prefix := a.ChoirID + "/" + a.MusicID + "/" + a.ID + "/"
	stamp := at.UTC().Format("20060102T150405Z")
	key := prefix + stamp + "-" + safe
	for n := 2; key == replacing; n++ {
		key = fmt.Sprintf("%s%s-%d-%s", prefix, stamp, n, safe)
	}
	return key
}

func nullUser(s string) any {
	if s == "" {
		return nil
	}
	return s
}
