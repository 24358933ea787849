package music

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
)

// The feasts and seasons a piece is sung for (issue 18), kept by key in
// music_liturgy so that a feast matches every year, wherever its date falls.

// MaxLiturgyKeys bounds the feasts, and the seasons, of one piece.
const MaxLiturgyKeys = 50

// Messages of a piece's liturgical use.
const (
	MsgNotAFeast      = "Not a feast of this choir's calendar"
	MsgNotASeason     = "Not a season of this choir's calendar"
	MsgTooManyFeasts  = "Please choose at most 50 feasts."
	MsgTooManySeasons = "Please choose at most 50 seasons."
)

// Liturgy is the feasts and seasons a piece is sung for, by key, each
// sorted.
type Liturgy struct {
	FeastKeys, Seasons []string
}

// Liturgy reads the feasts and seasons a piece of a choir is sung for.
func (s *Service) Liturgy(ctx context.Context, choirID, musicID string) (*Liturgy, error) {
	if err := pieceExists(ctx, s.db, choirID, musicID, ""); err != nil {
		return nil, err
	}
	return readLiturgy(ctx, s.db, choirID, musicID)
}

func readLiturgy(ctx context.Context, q db.Querier, choirID, musicID string) (*Liturgy, error) {
	rows, err := q.QueryContext(ctx, `SELECT kind, key FROM music_liturgy WHERE music_id = ? AND choir_id = ? ORDER BY kind, key`,
		musicID, choirID)
	if err != nil {
		return nil, fmt.Errorf("music: read the liturgical use of piece %s: %w", musicID, err)
	}
	out := &Liturgy{FeastKeys: []string{}, Seasons: []string{}}
	err = db.Each(rows, func(row db.Scanner) error {
		var kind, key string
		if err := row.Scan(&kind, &key); err != nil {
			return err
		}
		if kind == "feast" {
			out.FeastKeys = append(out.FeastKeys, key)
		} else {
			out.Seasons = append(out.Seasons, key)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("music: read the liturgical use of piece %s: %w", musicID, err)
	}
	return out, nil
}

// SetLiturgy replaces the feasts and seasons a piece is sung for, in one
// transaction. isFeast and isSeason say which keys the choir's calendar
// has; another key is a VALIDATION_ERROR under feastKeys.{i} or
// seasons.{i}. Repeated keys count once. A piece of another choir is
// NOT_FOUND.
func (s *Service) SetLiturgy(ctx context.Context, choirID, musicID string, in Liturgy, isFeast, isSeason func(string) bool) (*Liturgy, error) {
	if err := pieceExists(ctx, s.db, choirID, musicID, ""); err != nil {
		return nil, err
	}
	var f apperr.Fields
	feasts := checkKeys(in.FeastKeys, "feastKeys", MsgTooManyFeasts, MsgNotAFeast, isFeast, &f)
	seasons := checkKeys(in.Seasons, "seasons", MsgTooManySeasons, MsgNotASeason, isSeason, &f)
	if err := f.Err(); err != nil {
		return nil, err
	}
	var out *Liturgy
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		// The piece's row lock keeps two replacements from interleaving.
		if err := pieceExists(ctx, tx, choirID, musicID, tx.ForUpdate()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM music_liturgy WHERE music_id = ? AND choir_id = ?`, musicID, choirID); err != nil {
			return fmt.Errorf("music: clear the liturgical use of piece %s: %w", musicID, err)
		}
		var values []string
		var args []any
		for kind, keys := range map[string][]string{"feast": feasts, "season": seasons} {
			for _, k := range keys {
				values = append(values, "(?, ?, ?, ?)")
				args = append(args, musicID, choirID, kind, k)
			}
		}
		if len(values) > 0 {
			if _, err := tx.ExecContext(ctx, `INSERT INTO music_liturgy (music_id, choir_id, kind, key) VALUES `+
				strings.Join(values, ", "), args...); err != nil {
				return fmt.Errorf("music: store the liturgical use of piece %s: %w", musicID, err)
			}
		}
		var err error
		out, err = readLiturgy(ctx, tx, choirID, musicID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// checkKeys trims and de-duplicates keys, and records in f what is wrong
// with them.
func checkKeys(keys []string, field, tooMany, unknown string, known func(string) bool, f *apperr.Fields) []string {
	var out []string
	for i, k := range keys {
		k = strings.TrimSpace(k)
		if !known(k) {
			f.Add(field+"."+strconv.Itoa(i), unknown)
			continue
		}
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	if len(out) > MaxLiturgyKeys {
		f.Add(field, tooMany)
	}
	return out
}
