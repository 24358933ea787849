package practice

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// markersPerInsert keeps a statement within both databases' limits on
// parameters (7 a marker).
const markersPerInsert = 250

// Marker links a time of a recording to a page (and bar) of the score.
type Marker struct {
	Time         float64
	Page         int
	Bar          *int
	AttachmentID *string // nil: every recording of the piece
}

// Markers lists a piece's markers by time.
func (s *Service) Markers(ctx context.Context, choirID, musicID string) ([]Marker, error) {
	if _, err := pieceTitle(ctx, s.db, choirID, musicID); err != nil {
		return nil, err
	}
	return markers(ctx, s.db, musicID)
}

func markers(ctx context.Context, q db.Querier, musicID string) ([]Marker, error) {
	rows, err := q.QueryContext(ctx, `SELECT time_seconds, page, bar, attachment_id FROM practice_markers
		WHERE music_id = ? ORDER BY seq`, musicID)
	if err != nil {
		return nil, fmt.Errorf("practice: list the markers of %s: %w", musicID, err)
	}
	list, err := db.All(rows, func(row db.Scanner) (Marker, error) {
		var m Marker
		var bar *int64
		err := row.Scan(&m.Time, &m.Page, &bar, &m.AttachmentID)
		if bar != nil {
			b := int(*bar)
			m.Bar = &b
		}
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("practice: list the markers of %s: %w", musicID, err)
	}
	return list, nil
}

// ReplaceMarkers sets a piece's markers as a whole, in one transaction,
// sorted by time (markers at the same time keep the order given).
func (s *Service) ReplaceMarkers(ctx context.Context, choirID, musicID string, in []Marker) ([]Marker, error) {
	var f apperr.Fields
	if len(in) > maxMarkers {
		f.Add("markers", MsgTooManyMarkers)
	}
	for i, m := range in {
		key := "markers." + strconv.Itoa(i)
		if math.IsNaN(m.Time) || math.IsInf(m.Time, 0) || m.Time < 0 {
			f.Add(key+".time", MsgMarkerTime)
		}
		if m.Page < 1 {
			f.Add(key+".page", MsgMarkerPage)
		}
		if m.Bar != nil && *m.Bar < 1 {
			f.Add(key+".bar", MsgMarkerBar)
		}
		if m.AttachmentID != nil && *m.AttachmentID == "" {
			in[i].AttachmentID = nil
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	sorted := append([]Marker{}, in...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Time < sorted[j].Time })

	var out []Marker
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := pieceTitle(ctx, tx, choirID, musicID); err != nil {
			return err
		}
		recordings, err := recordingIDs(ctx, tx, musicID)
		if err != nil {
			return err
		}
		var f apperr.Fields
		for i, m := range in {
			if m.AttachmentID != nil && !recordings[*m.AttachmentID] {
				f.Add("markers."+strconv.Itoa(i)+".attachmentId", MsgMarkerAttachment)
			}
		}
		if err := f.Err(); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM practice_markers WHERE music_id = ?`, musicID); err != nil {
			return fmt.Errorf("practice: clear the markers of %s: %w", musicID, err)
		}
		// Many rows per statement: 2,000 markers one by one take four
		// times as long on PostgreSQL.
		for start := 0; start < len(sorted); start += markersPerInsert {
			end := min(start+markersPerInsert, len(sorted))
			values := make([]string, 0, end-start)
			args := make([]any, 0, 7*(end-start))
			for i := start; i < end; i++ {
				m := sorted[i]
				values = append(values, "(?, ?, ?, ?, ?, ?, ?)")
				args = append(args, musicID, i, choirID, m.Time, m.Page, m.Bar, m.AttachmentID)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO practice_markers
				(music_id, seq, choir_id, time_seconds, page, bar, attachment_id) VALUES `+strings.Join(values, ", "), args...); err != nil {
				return fmt.Errorf("practice: add markers to %s: %w", musicID, err)
			}
		}
		out, err = markers(ctx, tx, musicID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// recordingIDs are the piece's recordings a marker may belong to.
func recordingIDs(ctx context.Context, q db.Querier, musicID string) (map[string]bool, error) {
	rows, err := q.QueryContext(ctx, `SELECT id FROM music_attachments
		WHERE music_id = ? AND type IN ('audio_full', 'audio_part')`, musicID)
	if err != nil {
		return nil, fmt.Errorf("practice: list the recordings of %s: %w", musicID, err)
	}
	ids := map[string]bool{}
	err = db.Each(rows, func(row db.Scanner) error {
		var id string
		if err := row.Scan(&id); err != nil {
			return err
		}
		ids[id] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("practice: list the recordings of %s: %w", musicID, err)
	}
	return ids, nil
}
