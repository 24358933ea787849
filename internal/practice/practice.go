// Package practice keeps what members practised (issue 16): per browser
// session the time actually played, the loops, the last position and speed,
// and the markers that link a recording's times to the score's pages and
// bars. It owns the practice_sessions and practice_markers tables; the
// pieces are the music package's, the members and voice parts the choir
// package's. Rows of a member who leaves the choir stay (the choir's
// record); music.Delete deletes a piece's rows with the piece.
package practice

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/music"
)

// Service runs the practice rules against the database.
type Service struct {
	db     *db.DB
	logger *slog.Logger
	now    func() time.Time
}

// New makes the practice service.
func New(d *db.DB, logger *slog.Logger, now func() time.Time) *Service {
	return &Service{db: d, logger: logger, now: db.Clock(now)}
}

const (
	MsgSessionID     = "The practice session must be a UUID."
	MsgDay           = "The day must be today's date, as YYYY-MM-DD."
	MsgPlayedSeconds = "The time played cannot be negative or more than the time since the session began."
	MsgLoops         = "The loops cannot be negative or more than the time played allows (ten a second)."
	MsgPosition      = "The position must be between 0 and 24 hours into the recording."
	MsgSpeed         = "The speed must be between 50% and 150%."
	MsgPartName      = "The part name must be 100 characters or fewer."
	MsgSessionTaken  = "This practice session belongs to someone else or to another piece."

	MsgTooManyMarkers   = "A piece can have at most 2,000 markers."
	MsgMarkerTime       = "A marker's time cannot be negative."
	MsgMarkerPage       = "A marker's page must be 1 or more."
	MsgMarkerBar        = "A marker's bar must be 1 or more."
	MsgMarkerAttachment = "A marker must belong to a recording of this piece."
)

const (
	// slack is the time played a session may report beyond the wall-clock
	// time since its first report: the browser reports after playing, not
	// before, so the first report already carries some.
	slack = 15 * time.Minute
	// maxPlayed caps one session whatever its age.
	maxPlayed = 24 * time.Hour
	// maxPosition bounds where playback may be, in seconds. The server does
	// not know a recording's length (it never decodes the audio), so the
	// bound is one no choir's recording reaches: a day.
	maxPosition = 24 * 60 * 60
	// loopsPerSecond bounds a session's loop passes by the time it played:
	// the studio's shortest loop is 0.2 s of the recording, at most 1.5×
	// speed, so a pass takes at least 0.13 s of playing; ten a second (and
	// one more for rounding) leave room.
	loopsPerSecond = 10
	// maxStoredLoops is the most loops a session can carry; reads count no
	// more from a row stored before the bound existed.
	maxStoredLoops = loopsPerSecond*int(maxPlayed/time.Second) + 1
	maxMarkers     = 2000
	maxPartName    = 100
	historyDays    = 30
	recentPieces   = 10
)

// Report is one report of a session's cumulative figures.
type Report struct {
	SessionID     string
	Day           string
	PlayedSeconds float64
	Loops         int
	Position      float64
	Speed         float64
	PartName      string
}

// sumLoops adds up loops as a report may carry them: a row stored before
// the bounds existed counts no more than maxStoredLoops, so the sum of any
// number of rows a member could make stays far from overflowing.
var sumLoops = fmt.Sprintf(`SUM(CASE WHEN loops > %[1]d THEN %[1]d WHEN loops < 0 THEN 0 ELSE loops END)`, maxStoredLoops)

// today is the server's UTC date; a singer's local day is within a day of it.
func (s *Service) today() time.Time {
	now := s.now()
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
}

func (s *Service) check(r *Report) error {
	var f apperr.Fields
	if _, err := uuid.Parse(r.SessionID); err != nil {
		f.Add("sessionId", MsgSessionID)
	}
	day, err := time.Parse(time.DateOnly, r.Day)
	today := s.today()
	if err != nil || day.Before(today.AddDate(0, 0, -1)) || day.After(today.AddDate(0, 0, 1)) {
		f.Add("day", MsgDay)
	}
	if math.IsNaN(r.PlayedSeconds) || r.PlayedSeconds < 0 || r.PlayedSeconds > maxPlayed.Seconds() {
		f.Add("playedSeconds", MsgPlayedSeconds)
	}
	if r.Loops < 0 || float64(r.Loops) > loopsPerSecond*r.PlayedSeconds+1 {
		f.Add("loops", MsgLoops)
	}
	if !(r.Position >= 0 && r.Position <= maxPosition) {
		f.Add("position", MsgPosition)
	}
	if !(r.Speed >= 0.5 && r.Speed <= 1.5) {
		f.Add("speed", MsgSpeed)
	}
	r.PartName = strings.TrimSpace(r.PartName)
	if len([]rune(r.PartName)) > maxPartName {
		f.Add("partName", MsgPartName)
	}
	return f.Err()
}

// pieceTitle is the title of a piece of the choir, NOT_FOUND otherwise.
func pieceTitle(ctx context.Context, q db.Querier, choirID, musicID string) (string, error) {
	var title string
	err := q.QueryRowContext(ctx, `SELECT title FROM music WHERE id = ? AND choir_id = ?`, musicID, choirID).Scan(&title)
	if errors.Is(err, sql.ErrNoRows) {
		return "", apperr.New(apperr.NotFound, apperr.CodeNotFound, music.MsgPieceNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("practice: find piece %s: %w", musicID, err)
	}
	return title, nil
}

// Record keeps a report: per session the largest of each cumulative figure,
// and the position, speed and part of the report that played the most (a
// retried or late report does not move the position back).
func (s *Service) Record(ctx context.Context, choirID, musicID, userID string, r Report) error {
	if err := s.check(&r); err != nil {
		return err
	}
	now := s.now()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := pieceTitle(ctx, tx, choirID, musicID); err != nil {
			return err
		}
		var owner, piece string
		var started time.Time
		err := tx.QueryRowContext(ctx, `SELECT user_id, music_id, started_at FROM practice_sessions WHERE id = ?`+tx.ForUpdate(),
			r.SessionID).Scan(&owner, &piece, &started)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			started = now
		case err != nil:
			return fmt.Errorf("practice: find session %s: %w", r.SessionID, err)
		case owner != userID || piece != musicID:
			return apperr.New(apperr.Conflict, apperr.CodePracticeSessionTaken, MsgSessionTaken)
		}
		if r.PlayedSeconds > now.Sub(started).Seconds()+slack.Seconds() {
			return apperr.Validation(map[string]string{"playedSeconds": MsgPlayedSeconds}, "playedSeconds")
		}
		// One statement, so that two first reports racing on PostgreSQL
		// both land: the second becomes an update. Its WHERE keeps a session
		// from being taken over in that race too.
		res, err := tx.ExecContext(ctx, `INSERT INTO practice_sessions
			(id, choir_id, music_id, user_id, day, played_seconds, loops, position, speed, part_name, started_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET
				position = CASE WHEN excluded.played_seconds >= practice_sessions.played_seconds THEN excluded.position ELSE practice_sessions.position END,
				speed = CASE WHEN excluded.played_seconds >= practice_sessions.played_seconds THEN excluded.speed ELSE practice_sessions.speed END,
				part_name = CASE WHEN excluded.played_seconds >= practice_sessions.played_seconds THEN excluded.part_name ELSE practice_sessions.part_name END,
				played_seconds = CASE WHEN excluded.played_seconds > practice_sessions.played_seconds THEN excluded.played_seconds ELSE practice_sessions.played_seconds END,
				loops = CASE WHEN excluded.loops > practice_sessions.loops THEN excluded.loops ELSE practice_sessions.loops END,
				updated_at = excluded.updated_at
			WHERE practice_sessions.user_id = excluded.user_id AND practice_sessions.music_id = excluded.music_id`,
			r.SessionID, choirID, musicID, userID, r.Day, r.PlayedSeconds, r.Loops, r.Position, r.Speed, r.PartName, now, now)
		if err != nil {
			return fmt.Errorf("practice: record session %s: %w", r.SessionID, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("practice: record session %s: %w", r.SessionID, err)
		} else if n == 0 {
			return apperr.New(apperr.Conflict, apperr.CodePracticeSessionTaken, MsgSessionTaken)
		}
		return nil
	})
}

// Day is one day's practice.
type Day struct {
	Day     string
	Seconds float64
	Loops   int
}

// Mine is a member's practice of one piece.
type Mine struct {
	TotalSeconds float64
	Loops        int
	LastPosition float64
	Speed        float64
	PartName     string
	Days         []Day // the last 30 days with practice, most recent first
}

// Mine is the caller's practice of a piece, with where to resume.
func (s *Service) Mine(ctx context.Context, choirID, musicID, userID string) (Mine, error) {
	out := Mine{Speed: 1, Days: []Day{}}
	if _, err := pieceTitle(ctx, s.db, choirID, musicID); err != nil {
		return out, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT day, SUM(played_seconds), `+sumLoops+` FROM practice_sessions
		WHERE music_id = ? AND user_id = ? GROUP BY day ORDER BY day DESC`, musicID, userID)
	if err != nil {
		return out, fmt.Errorf("practice: my practice of %s: %w", musicID, err)
	}
	err = db.Each(rows, func(row db.Scanner) error {
		var d Day
		if err := row.Scan(&d.Day, &d.Seconds, &d.Loops); err != nil {
			return err
		}
		out.TotalSeconds += d.Seconds
		out.Loops += d.Loops
		if len(out.Days) < historyDays {
			out.Days = append(out.Days, d)
		}
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("practice: my practice of %s: %w", musicID, err)
	}
	err = s.db.QueryRowContext(ctx, `SELECT position, speed, part_name FROM practice_sessions
		WHERE music_id = ? AND user_id = ? ORDER BY updated_at DESC, id LIMIT 1`, musicID, userID).
		Scan(&out.LastPosition, &out.Speed, &out.PartName)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return out, fmt.Errorf("practice: my last position in %s: %w", musicID, err)
	}
	// A row stored before the bounds resumes at the start, at normal speed.
	if !(out.LastPosition >= 0 && out.LastPosition <= maxPosition) {
		out.LastPosition = 0
	}
	if !(out.Speed >= 0.5 && out.Speed <= 1.5) {
		out.Speed = 1
	}
	return out, nil
}

// RecentPiece is a piece a member practised lately.
type RecentPiece struct {
	MusicID      string
	Title        string
	TotalSeconds float64
	LastDay      string
}

// Recent is a member's practice across a choir's pieces, for the dashboard.
type Recent struct {
	WeekSeconds float64 // today and the six days before, by the singer's days
	Pieces      []RecentPiece
}

// Recent lists the ten pieces the member practised most recently, and the
// time practised over the last seven days.
func (s *Service) Recent(ctx context.Context, choirID, userID string) (Recent, error) {
	out := Recent{Pieces: []RecentPiece{}}
	rows, err := s.db.QueryContext(ctx, `SELECT p.music_id, m.title, SUM(p.played_seconds), MAX(p.day)
		FROM practice_sessions p JOIN music m ON m.id = p.music_id
		WHERE p.choir_id = ? AND p.user_id = ?
		GROUP BY p.music_id, m.title ORDER BY MAX(p.day) DESC, MAX(p.updated_at) DESC LIMIT ?`, choirID, userID, recentPieces)
	if err != nil {
		return out, fmt.Errorf("practice: recent practice in %s: %w", choirID, err)
	}
	out.Pieces, err = db.All(rows, func(row db.Scanner) (RecentPiece, error) {
		var p RecentPiece
		err := row.Scan(&p.MusicID, &p.Title, &p.TotalSeconds, &p.LastDay)
		return p, err
	})
	if err != nil {
		return out, fmt.Errorf("practice: recent practice in %s: %w", choirID, err)
	}
	// The singer's today may be the server's tomorrow: count that day too.
	since := s.today().AddDate(0, 0, -6).Format(time.DateOnly)
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(played_seconds), 0) FROM practice_sessions
		WHERE choir_id = ? AND user_id = ? AND day >= ?`, choirID, userID, since).Scan(&out.WeekSeconds); err != nil {
		return out, fmt.Errorf("practice: this week's practice in %s: %w", choirID, err)
	}
	return out, nil
}
