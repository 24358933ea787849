-- +goose Up
-- Lateness (issue 30): attendance may mark a member 'late' (they came, so
-- the figures count them present), and a choir's attendance rules may say
-- that K lates count as one absence (lates_per_absence; NULL: lateness
-- does not count).
--
-- SQLite cannot change a CHECK constraint, so member_attendance is rebuilt
-- with every row kept; no table refers to it, so dropping the old one with
-- foreign keys on deletes nothing elsewhere.
CREATE TABLE member_attendance_new (
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    choir_id        TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    event_id        TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    occurrence_date TEXT NOT NULL DEFAULT '',
    status          TEXT CHECK (status IN ('going', 'maybe', 'not_going')),
    updated_at      TIMESTAMP,
    mark            TEXT CHECK (mark IN ('present', 'late', 'absent', 'excused')),
    marked_by       TEXT REFERENCES users (id) ON DELETE SET NULL,
    marked_at       TIMESTAMP,
    PRIMARY KEY (user_id, event_id, occurrence_date)
);
INSERT INTO member_attendance_new (user_id, choir_id, event_id, occurrence_date, status, updated_at, mark, marked_by, marked_at)
    SELECT user_id, choir_id, event_id, occurrence_date, status, updated_at, mark, marked_by, marked_at FROM member_attendance;
DROP TABLE member_attendance;
ALTER TABLE member_attendance_new RENAME TO member_attendance;
CREATE INDEX member_attendance_event ON member_attendance (choir_id, event_id, occurrence_date);

ALTER TABLE attendance_rules ADD COLUMN lates_per_absence INTEGER;

-- Deleting an account without a password is confirmed by signing in with
-- its provider again (issue 30): the sign-in's state says whose
-- re-authentication it is (reauth_user_id), and a successful one leaves a
-- proof, single-use and valid for minutes, of which only the SHA-256 of its
-- secret is kept.
ALTER TABLE oidc_states ADD COLUMN reauth_user_id TEXT REFERENCES users (id) ON DELETE CASCADE;
CREATE TABLE reauth_proofs (
    proof_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider   TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP
);
CREATE INDEX reauth_proofs_user ON reauth_proofs (user_id);

-- +goose Down
DROP TABLE reauth_proofs;
ALTER TABLE oidc_states DROP COLUMN reauth_user_id;
ALTER TABLE attendance_rules DROP COLUMN lates_per_absence;
CREATE TABLE member_attendance_old (
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    choir_id        TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    event_id        TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    occurrence_date TEXT NOT NULL DEFAULT '',
    status          TEXT CHECK (status IN ('going', 'maybe', 'not_going')),
    updated_at      TIMESTAMP,
    mark            TEXT CHECK (mark IN ('present', 'absent', 'excused')),
    marked_by       TEXT REFERENCES users (id) ON DELETE SET NULL,
    marked_at       TIMESTAMP,
    PRIMARY KEY (user_id, event_id, occurrence_date)
);
-- A late member came: without lateness they were present.
INSERT INTO member_attendance_old (user_id, choir_id, event_id, occurrence_date, status, updated_at, mark, marked_by, marked_at)
    SELECT user_id, choir_id, event_id, occurrence_date, status, updated_at,
        CASE WHEN mark = 'late' THEN 'present' ELSE mark END, marked_by, marked_at FROM member_attendance;
DROP TABLE member_attendance;
ALTER TABLE member_attendance_old RENAME TO member_attendance;
CREATE INDEX member_attendance_event ON member_attendance (choir_id, event_id, occurrence_date);
