-- +goose Up
-- The global admin's overview (issue 30) counts, without reading anyone's
-- sessions: sign-ins per UTC day (a bare counter, no person in it), each
-- person's last sign-in (a choir with no member signed in for 30 days is
-- "sleepy"), and which choir each email was sent for (NULL: account mail,
-- or a reminder that spoke for several choirs).
CREATE TABLE sign_in_days (
    day      TEXT PRIMARY KEY,              -- YYYY-MM-DD, UTC
    sign_ins INTEGER NOT NULL
);
ALTER TABLE users ADD COLUMN last_sign_in_at TIMESTAMP;
ALTER TABLE mail_outbox ADD COLUMN choir_id TEXT REFERENCES choirs (id) ON DELETE SET NULL;
-- The overview's queries read these indexes alone, never the tables.
CREATE INDEX mail_outbox_recent ON mail_outbox (created_at, choir_id, sent_at, failed_at);
CREATE INDEX users_last_sign_in ON users (id, last_sign_in_at);
CREATE INDEX user_choir_membership_active ON user_choir_membership (choir_id, is_active, status, user_id);

-- What the sessions still know: the sign-ins of live sessions.
INSERT INTO sign_in_days (day, sign_ins) SELECT substr(created_at, 1, 10), COUNT(*) FROM sessions GROUP BY substr(created_at, 1, 10);
UPDATE users SET last_sign_in_at = (SELECT MAX(s.created_at) FROM sessions s WHERE s.user_id = users.id);

-- +goose Down
DROP INDEX user_choir_membership_active;
DROP INDEX users_last_sign_in;
DROP INDEX mail_outbox_recent;
ALTER TABLE mail_outbox DROP COLUMN choir_id;
ALTER TABLE users DROP COLUMN last_sign_in_at;
DROP TABLE sign_in_days;
