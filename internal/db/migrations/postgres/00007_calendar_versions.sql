-- +goose Up
-- The calendar's range query reads only what a range can show. Each event
-- keeps the latest instant any occurrence of it can end (last_end_at): a
-- single event's or edited occurrence's end; for a series, two days after
-- its rule's end date plus its length, or far in the future while the rule
-- has no end date. Edited occurrences are also found by choir and the date
-- they replace.
ALTER TABLE events ADD COLUMN last_end_at TEXT NOT NULL DEFAULT '9999-12-31T23:59:59Z';
UPDATE events SET last_end_at = end_at WHERE recurrence_rule IS NULL;
UPDATE events SET last_end_at = to_char(
        ((recurrence_rule::json->>'endDate')::date + 2)::timestamp + (end_at::timestamptz - start_at::timestamptz),
        'YYYY-MM-DD"T"HH24:MI:SS"Z"')
    WHERE recurrence_rule IS NOT NULL AND COALESCE(recurrence_rule::json->>'endDate', '') <> '';
DROP INDEX events_choir_start;
CREATE INDEX events_choir_last_end ON events (choir_id, last_end_at, start_at);
CREATE INDEX events_choir_instance ON events (choir_id, instance_date) WHERE series_id IS NOT NULL;

-- Versions of what a calendar answer depends on, bumped in the transaction
-- of every change, so that an answer can be tagged (ETag) and its copies
-- checked against the database: a choir's events, and all feasts.
ALTER TABLE choirs ADD COLUMN calendar_version BIGINT NOT NULL DEFAULT 0;
CREATE TABLE data_versions (
    name    TEXT PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO data_versions (name, version) VALUES ('feasts', 0);

-- A feed remembers the tag of what it last served and since when it has
-- served that: its Last-Modified.
ALTER TABLE calendar_feeds ADD COLUMN content_tag TEXT NOT NULL DEFAULT '';
ALTER TABLE calendar_feeds ADD COLUMN content_changed_at TIMESTAMPTZ;

-- +goose Down
ALTER TABLE calendar_feeds DROP COLUMN content_changed_at;
ALTER TABLE calendar_feeds DROP COLUMN content_tag;
DROP TABLE data_versions;
ALTER TABLE choirs DROP COLUMN calendar_version;
DROP INDEX events_choir_instance;
DROP INDEX events_choir_last_end;
CREATE INDEX events_choir_start ON events (choir_id, start_at);
ALTER TABLE events DROP COLUMN last_end_at;
