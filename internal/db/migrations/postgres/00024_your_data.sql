-- +goose Up
-- Your data (issue 30): a person's deletion request — the account is
-- deactivated at once and purged on purge_at unless they sign in to restore
-- it; deletion_request names the request, so that a purge job queued for an
-- earlier request does nothing after a restore — and the exports of their
-- data, ZIP files in the file store kept for 7 days.
ALTER TABLE users ADD COLUMN deactivated_at TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN purge_at TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN deletion_request TEXT;

CREATE TABLE data_exports (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status     TEXT NOT NULL CHECK (status IN ('pending', 'ready', 'failed')),
    file_key   TEXT,               -- in the file store, once ready
    size_bytes BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    ready_at   TIMESTAMPTZ,
    expires_at TIMESTAMPTZ              -- ready_at + 7 days; the file and row go then
);
CREATE INDEX data_exports_user ON data_exports (user_id, created_at);
CREATE INDEX data_exports_expiry ON data_exports (expires_at);

-- +goose Down
DROP TABLE data_exports;
ALTER TABLE users DROP COLUMN deletion_request;
ALTER TABLE users DROP COLUMN purge_at;
ALTER TABLE users DROP COLUMN deactivated_at;
