-- +goose Up
-- Announcements (issue 27): a choir's notices to its members, or the
-- platform's to every choir (choir_id NULL), written in Markdown; body_html
-- is the sanitised HTML rendered when it was saved. Empty audience: the
-- whole choir; otherwise the voice parts in announcement_voice_parts.
-- Nothing is shown or sent before publish_at, nothing shown after
-- expires_at. mail_queued_at is when the publish mail was handed to the
-- job queue (once); reminded_at when directors last reminded those who
-- have not acknowledged (once in 48 hours).

CREATE TABLE announcements (
    id               TEXT PRIMARY KEY,
    choir_id         TEXT REFERENCES choirs (id) ON DELETE CASCADE,
    title            TEXT NOT NULL,
    body             TEXT NOT NULL,
    body_html        TEXT NOT NULL,
    pinned           BOOLEAN NOT NULL DEFAULT FALSE,
    requires_ack     BOOLEAN NOT NULL DEFAULT FALSE,
    email_on_publish BOOLEAN NOT NULL DEFAULT FALSE,
    publish_at       TIMESTAMPTZ NOT NULL,
    expires_at       TIMESTAMPTZ,
    created_by       TEXT NOT NULL,
    author_name      TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    mail_queued_at   TIMESTAMPTZ,
    reminded_at      TIMESTAMPTZ
);
CREATE INDEX announcements_choir ON announcements (choir_id, publish_at);
CREATE INDEX announcements_mail_due ON announcements (email_on_publish, mail_queued_at, publish_at);

CREATE TABLE announcement_voice_parts (
    announcement_id TEXT NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
    musical_role_id TEXT NOT NULL REFERENCES musical_roles (id) ON DELETE CASCADE,
    PRIMARY KEY (announcement_id, musical_role_id)
);

-- A member's reading of an announcement: read when first opened or marked,
-- acknowledged when they said "I have read this". A material change to the
-- announcement deletes its rows, so everyone reads it again.
CREATE TABLE announcement_reads (
    announcement_id TEXT NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    read_at         TIMESTAMPTZ NOT NULL,
    acknowledged_at TIMESTAMPTZ,
    PRIMARY KEY (announcement_id, user_id)
);
CREATE INDEX announcement_reads_user ON announcement_reads (user_id);

-- +goose Down
DROP TABLE announcement_reads;
DROP TABLE announcement_voice_parts;
DROP TABLE announcements;
