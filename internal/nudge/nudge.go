// Package nudge holds the one rule of "remind those who have not acknowledged"
// for announcements and choir policies: at most once in 48 hours per item,
// decided by one conditional UPDATE, so that of many presses at once exactly
// one sends the reminder.
package nudge

import (
	"context"
	"fmt"
	"time"

	"github.com/cantica/cantica/internal/apperr"
	"github.com/cantica/cantica/internal/db"
	"github.com/cantica/cantica/internal/zone"
)

// Every is the least time between two reminders of one item.
const Every = 48 * time.Hour

const msgRemindedAt = "A reminder was sent on %s. You can send another after %s."

// Take notes in the item's row of table (a constant of the caller's:
// "announcements", "policies") that it is reminded now, unless it was
// within Every; then it answers the 429 that says, in the choir's time zone,
// when the last reminder went and when the next may.
func Take(ctx context.Context, tx *db.Tx, table, id, choirID, choirZone string, now time.Time) error {
	res, err := tx.ExecContext(ctx, `UPDATE `+table+` SET reminded_at = ? WHERE id = ? AND choir_id = ?
		AND (reminded_at IS NULL OR reminded_at <= ?)`, now, id, choirID, now.Add(-Every))
	if err != nil {
		return fmt.Errorf("nudge: note the reminder of %s %s: %w", table, id, err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	var last time.Time
	if err := tx.QueryRowContext(ctx, `SELECT reminded_at FROM `+table+` WHERE id = ?`, id).Scan(&last); err != nil {
		return fmt.Errorf("nudge: read the last reminder of %s %s: %w", table, id, err)
	}
	loc, err := zone.Load(choirZone)
	if err != nil {
		loc = time.UTC
	}
	const when = "Monday 2 January at 15:04"
	next := last.UTC().Add(Every)
	return apperr.Limited(fmt.Sprintf(msgRemindedAt, last.In(loc).Format(when), next.In(loc).Format(when)), next.Sub(now))
}
