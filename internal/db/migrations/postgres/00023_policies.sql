-- +goose Up
-- Choir policies (issue 30): rules a choir's members read and acknowledge,
-- written in Markdown. Every save is a new row of policy_versions (body_html
-- is the sanitised HTML rendered at the save); policies.version is the
-- newest, policies.ack_version the newest material one: a member's
-- acknowledgement counts while its version is at least ack_version, so a
-- material change asks everyone again and a minor one does not.
-- reminded_at is when a director last reminded those who have not
-- acknowledged (once in 48 hours).
CREATE TABLE policies (
    id          TEXT PRIMARY KEY,
    choir_id    TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    title       TEXT NOT NULL,
    version     INTEGER NOT NULL,
    ack_version INTEGER NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL,
    reminded_at TIMESTAMPTZ
);
CREATE INDEX policies_choir ON policies (choir_id, created_at);

CREATE TABLE policy_versions (
    policy_id   TEXT NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,
    title       TEXT NOT NULL,
    body        TEXT NOT NULL,
    body_html   TEXT NOT NULL,
    material    BOOLEAN NOT NULL,
    created_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
    author_name TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (policy_id, version)
);

-- A member's latest acknowledgement of a policy, and of which version.
CREATE TABLE policy_acknowledgements (
    policy_id       TEXT NOT NULL REFERENCES policies (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    version         INTEGER NOT NULL,
    acknowledged_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (policy_id, user_id)
);
CREATE INDEX policy_acknowledgements_user ON policy_acknowledgements (user_id);

-- A choir's attendance rules, all optional: at most max_absences unexcused
-- absences in the period (NULL: no limit); the period is the season
-- (1 September to 31 August) or the run-up to a concert (concert_key: the
-- event, or the occurrence of a series, as the calendar names it; its date
-- is read when standing is shown, so a moved concert moves the period);
-- mandatory_types are event types (comma-separated) that may not be missed
-- unexcused.
CREATE TABLE attendance_rules (
    choir_id         TEXT PRIMARY KEY REFERENCES choirs (id) ON DELETE CASCADE,
    max_absences     INTEGER,
    period           TEXT NOT NULL CHECK (period IN ('season', 'concert')),
    concert_key      TEXT NOT NULL DEFAULT '',
    mandatory_types  TEXT NOT NULL DEFAULT '',
    updated_at       TIMESTAMPTZ NOT NULL
);

-- +goose Down
DROP TABLE attendance_rules;
DROP TABLE policy_acknowledgements;
DROP TABLE policy_versions;
DROP TABLE policies;
