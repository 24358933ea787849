package music

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/blob"
	"github.com/cantica/cantica/internal/db"
)

// PieceAttachment is a file of a piece as the piece's page lists it.
type PieceAttachment struct {
	ID, MusicID, FileName, Type, ContentType string
	SizeBytes                                int64
	Description, CustomPartName              string
	CreatedBy                                string
	CreatedAt, UpdatedAt                     time.Time
}

// listAttachments reads a piece's attachment rows, oldest first.
func listAttachments(ctx context.Context, q db.Querier, choirID, musicID string) ([]PieceAttachment, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, music_id, file_name, type, content_type, size_bytes, description, custom_part_name,
		created_by, created_at, updated_at FROM music_attachments WHERE music_id = ? AND choir_id = ? ORDER BY created_at, id`,
		musicID, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: list the attachments of piece %s: %w", musicID, err)
	}
	out, err := db.All(rows, func(row db.Scanner) (PieceAttachment, error) {
		var a PieceAttachment
		var by sql.NullString
		err := row.Scan(&a.ID, &a.MusicID, &a.FileName, &a.Type, &a.ContentType, &a.SizeBytes, &a.Description, &a.CustomPartName,
			&by, &a.CreatedAt, &a.UpdatedAt)
		a.CreatedBy, a.CreatedAt, a.UpdatedAt = by.String, a.CreatedAt.UTC(), a.UpdatedAt.UTC()
		a.FileName = blob.CleanFileName(a.FileName) // as stored before invisible characters were dropped
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the attachments of piece %s: %w", musicID, err)
	}
	return out, nil
}
