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

-- +goose Down
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
