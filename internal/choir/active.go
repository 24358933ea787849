package choir

import (
	"context"
	"fmt"

	"github.com/cantica/cantica/internal/db"
)

// ActiveMemberIDs is the set of a choir's active members, read through q so
// that another capability can check people against it inside its own
// transaction (attendance marks).
func ActiveMemberIDs(ctx context.Context, q db.Querier, choirID string) (map[string]bool, error) {
	rows, err := q.QueryContext(ctx, `SELECT user_id FROM user_choir_membership
		WHERE choir_id = ? AND is_active = TRUE AND status = 'active'`, choirID)
	if err != nil {
		return nil, fmt.Errorf("choir: list the active members of %s: %w", choirID, err)
	}
	out := map[string]bool{}
	err = db.Each(rows, func(row db.Scanner) error {
		var id string
		if err := row.Scan(&id); err != nil {
			return err
		}
		out[id] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("choir: read the active members of %s: %w", choirID, err)
	}
	return out, nil
}
