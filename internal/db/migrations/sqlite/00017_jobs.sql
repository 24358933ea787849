-- +goose Up
-- The job queue (issue 27): scheduled and per-member work — digests,
-- reminders, announcement mail — kept in the database so that it survives
-- restarts and is shared by every server instance. unique_key makes each
-- unit of work happen once (for example a member's digest of one week): a
-- second enqueue with the same key does nothing, done rows are kept as the
-- record that the work happened. A worker claims a job with a lease
-- (claimed_until, claim_token) and completes it in the transaction that
-- writes the job's effects, only while it still holds the lease.

CREATE TABLE jobs (
    id            TEXT PRIMARY KEY,
    kind          TEXT NOT NULL,
    unique_key    TEXT NOT NULL UNIQUE,
    args          TEXT NOT NULL DEFAULT '{}', -- JSON
    run_at        TIMESTAMP NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    claimed_until TIMESTAMP,
    claim_token   TEXT NOT NULL DEFAULT '',
    done_at       TIMESTAMP,
    failed_at     TIMESTAMP, -- given up after MaxAttempts; a global admin may retry
    last_error    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX jobs_due ON jobs (done_at, failed_at, run_at);

-- A member's per-choir mail switches, under the master email_enabled.
ALTER TABLE user_choir_membership ADD COLUMN digest_emails BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE user_choir_membership ADD COLUMN reminder_emails BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE user_choir_membership ADD COLUMN announcement_emails BOOLEAN NOT NULL DEFAULT TRUE;

-- +goose Down
ALTER TABLE user_choir_membership DROP COLUMN announcement_emails;
ALTER TABLE user_choir_membership DROP COLUMN reminder_emails;
ALTER TABLE user_choir_membership DROP COLUMN digest_emails;
DROP TABLE jobs;
