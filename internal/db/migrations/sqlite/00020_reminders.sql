-- +goose Up
-- RSVP reminders and part-balance alerts (issue 27). A choir says per
-- event type how many days before an event its members who have not
-- answered are reminded (days: "7,2", "" for none; no row: 7 and 2), an
-- event may say otherwise for itself (and its occurrences), and the choir
-- says how many days before a service or concert its administrators hear
-- of a voice part short of its minimum (NULL: never).
CREATE TABLE reminder_type_settings (
    choir_id   TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    event_type TEXT NOT NULL,
    days       TEXT NOT NULL,
    PRIMARY KEY (choir_id, event_type)
);
CREATE TABLE event_reminder_settings (
    event_id TEXT PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    choir_id TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    days     TEXT NOT NULL
);
ALTER TABLE choirs ADD COLUMN balance_alert_days INTEGER DEFAULT 3;

-- Which reminder went to whom, so that none repeats: which is 'd<days>'
-- for an automatic one ('d7') or 'manual'; answer is 'maybe' when it went
-- to a member who had said Maybe (they are reminded once).
CREATE TABLE reminders_sent (
    choir_id        TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    event_id        TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    occurrence_date TEXT NOT NULL DEFAULT '',
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    which           TEXT NOT NULL,
    answer          TEXT NOT NULL DEFAULT '',
    sent_at         TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, occurrence_date, user_id, which)
);

-- The one "Remind non-responders" an event gets: the key refuses a second.
-- send_date is the choir-local date the reminders go (the next morning
-- when pressed at night).
CREATE TABLE manual_reminders (
    choir_id        TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    event_id        TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    occurrence_date TEXT NOT NULL DEFAULT '',
    requested_by    TEXT REFERENCES users (id) ON DELETE SET NULL,
    requested_at    TIMESTAMP NOT NULL,
    send_date       TEXT NOT NULL,
    PRIMARY KEY (event_id, occurrence_date)
);
CREATE INDEX manual_reminders_send ON manual_reminders (choir_id, send_date);

-- +goose Down
DROP TABLE manual_reminders;
DROP TABLE reminders_sent;
ALTER TABLE choirs DROP COLUMN balance_alert_days;
DROP TABLE event_reminder_settings;
DROP TABLE reminder_type_settings;
