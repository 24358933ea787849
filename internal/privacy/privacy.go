// Package privacy puts a person's data in their own hands ("Your data",
// issue 30): an export of everything Cantica keeps about them as one ZIP,
// made by the job queue and kept for ExportLifetime; and the deletion of
// their account — deactivated at once, restorable by signing in for
// PurgeAfter, then purged by a queue job that removes them from every
// table while their choirs keep their attendance and practice anonymised.
package privacy

import (
	"context"
	"io"
	"log/slog"
	"time"

	"github.com/cantica/cantica/internal/blob"
	"github.com/cantica/cantica/internal/config"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/jobs"
	"github.com/cantica/cantica/internal/mail"
)

const (
	// ExportLifetime is how long an export can be downloaded.
	ExportLifetime = 7 * 24 * time.Hour
	// PurgeAfter is how long a deleted account can be restored.
	PurgeAfter = 30 * 24 * time.Hour
	// FormerMember is how what a purged person left in a choir is attributed.
	FormerMember = "Former member"

	kindExport      = "privacy.export"
	kindExpire      = "privacy.export_expire"
	kindPurge       = "privacy.purge"
	kindForgetMail  = "privacy.forget_mail"
	mailPurged      = "account_purged"
	forgetMailAfter = time.Hour
)

// Service exports and deletes a person's data.
type Service struct {
	db     *db.DB
	cfg    config.Config
	mailer *mail.Mailer
	queue  *jobs.Queue
	files  blob.Store
	events func(ctx context.Context, w io.Writer, userID string) error
	logger *slog.Logger
	now    func() time.Time
}

// New makes the service and registers its jobs on queue. events writes the
// calendar a person's export carries.
func New(d *db.DB, cfg config.Config, mailer *mail.Mailer, queue *jobs.Queue, files blob.Store,
	events func(ctx context.Context, w io.Writer, userID string) error, logger *slog.Logger, now func() time.Time) *Service {
	s := &Service{db: d, cfg: cfg, mailer: mailer, queue: queue, files: files, events: events, logger: logger, now: db.Clock(now)}
	queue.Handle(kindExport, s.runExport)
	queue.Handle(kindExpire, s.expireExport)
	queue.Handle(kindPurge, s.purge)
	queue.Handle(kindForgetMail, s.forgetPurgeMail)
	return s
}
