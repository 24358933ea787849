-- +goose Up
-- The weekly digest (issue 27). Each choir chooses the day and hour of its
-- digest, in its own time zone (default Monday 08:00), and may turn it off.
-- digest_weekday counts from Sunday = 0, as Go's time.Weekday does.
ALTER TABLE choirs ADD COLUMN digest_enabled BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE choirs ADD COLUMN digest_weekday INTEGER NOT NULL DEFAULT 1;
ALTER TABLE choirs ADD COLUMN digest_hour INTEGER NOT NULL DEFAULT 8;

-- A choir's digest run of one week: written once, by whichever server
-- planned it first, so that a run is planned once per choir and week.
CREATE TABLE digest_runs (
    choir_id   TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    week       TEXT NOT NULL, -- ISO week in the choir's zone, e.g. 2026-W49
    planned_at TIMESTAMP NOT NULL,
    PRIMARY KEY (choir_id, week)
);

-- One row per member and ISO week: the member's one digest of that week,
-- made by the run of the first of their choirs whose hour came. job_key
-- is the job's unique key, so a job that failed for good shows as failed.
CREATE TABLE digest_deliveries (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    week      TEXT NOT NULL,
    choir_id  TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE, -- the choir whose run made it
    job_key   TEXT NOT NULL,
    outcome   TEXT NOT NULL CHECK (outcome IN ('queued', 'sent', 'skipped')),
    reason    TEXT NOT NULL DEFAULT '', -- for skipped: "nothing new", "switched off"
    queued_at TIMESTAMP NOT NULL,
    done_at   TIMESTAMP,
    PRIMARY KEY (user_id, week)
);
CREATE INDEX digest_deliveries_choir ON digest_deliveries (choir_id, week);
CREATE INDEX digest_deliveries_sent ON digest_deliveries (user_id, outcome, done_at);

-- +goose Down
DROP TABLE digest_deliveries;
DROP TABLE digest_runs;
ALTER TABLE choirs DROP COLUMN digest_hour;
ALTER TABLE choirs DROP COLUMN digest_weekday;
ALTER TABLE choirs DROP COLUMN digest_enabled;
