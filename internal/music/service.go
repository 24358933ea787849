// Package music keeps a choir's music library (calendar document §3, §4, §7):
// pieces, their types and categories, tags, composers, voicings and
// attachments, and the bytes of files each choir stores. It owns the music,
// music_types, music_categories, tags, music_tags, composers, voicings,
// music_voicings, music_attachments, music_liturgy, music_import_leases and
// music_import_writes tables and choirs.storage_used_bytes.
// Files themselves live in a blob store; composer matching is the pure
// package internal/composer.
package music

import (
	"log/slog"
	"time"

	"github.com/cantica/cantica/internal/blob"
	"github.com/cantica/cantica/internal/db"
)

// Service runs the library's rules against the database.
type Service struct {
	db     *db.DB
	logger *slog.Logger
	now    func() time.Time
	// files is where attachments' files are kept, and maxUpload the
	// largest one accepted (UseFiles).
	files     blob.Store
	maxUpload int64
	// storageLimit, when set, bounds each choir's files (plans, issue 29).
	storageLimit StorageLimit
	// planned, when set, is called by an import or its preview once it
	// knows what the file does, before it writes anything: tests pause
	// an import there.
	planned func()
	// importStep, when set, is called after each step of an import's write
	// but the last, whose commit finishes the import; an error it returns
	// fails the import there, and a hook that never returns is a server
	// stopped there.
	importStep func(step int) error
}

// New makes the music service.
func New(d *db.DB, logger *slog.Logger, now func() time.Time) *Service {
	return &Service{db: d, logger: logger, now: db.Clock(now)}
}
