-- +goose Up
-- Email links and attendance (issue 17): the secrets of emailed action
-- links (only their SHA-256 is kept), the members' answers and the
-- attendance taken, a per-choir switch for the choir's email, the choir's
-- minimum of confirmed singers per voice part, and the List-Unsubscribe
-- header a bulk message carries.

CREATE TABLE email_action_tokens (
    token_hash  TEXT PRIMARY KEY, -- SHA-256 of the 32-character secret; never the secret
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    choir_id    TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    action_type TEXT NOT NULL CHECK (action_type IN ('rsvp', 'practice', 'event', 'unsubscribe')),
    resource_id TEXT NOT NULL, -- rsvp, event: the event or occurrence id; practice: the music id; unsubscribe: the choir id
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    used_at     TIMESTAMPTZ
);
CREATE INDEX email_action_tokens_expiry ON email_action_tokens (expires_at);

-- One row per member and event or occurrence: the member's answer (status)
-- and, once taken, the attendance mark. A series' occurrences are told
-- apart by occurrence_date; a single event has ''.
CREATE TABLE member_attendance (
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    choir_id        TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    event_id        TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE, -- the single event or the series
    occurrence_date TEXT NOT NULL DEFAULT '',
    status          TEXT CHECK (status IN ('going', 'maybe', 'not_going')), -- NULL: no answer, only a mark
    updated_at      TIMESTAMPTZ, -- when status was last set
    mark            TEXT CHECK (mark IN ('present', 'absent', 'excused')),
    marked_by       TEXT REFERENCES users (id) ON DELETE SET NULL,
    marked_at       TIMESTAMPTZ,
    PRIMARY KEY (user_id, event_id, occurrence_date)
);
CREATE INDEX member_attendance_event ON member_attendance (choir_id, event_id, occurrence_date);

ALTER TABLE user_choir_membership ADD COLUMN email_enabled BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE choirs ADD COLUMN min_confirmed_per_part INTEGER;
ALTER TABLE mail_outbox ADD COLUMN list_unsubscribe TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE mail_outbox DROP COLUMN list_unsubscribe;
ALTER TABLE choirs DROP COLUMN min_confirmed_per_part;
ALTER TABLE user_choir_membership DROP COLUMN email_enabled;
DROP TABLE member_attendance;
DROP TABLE email_action_tokens;
