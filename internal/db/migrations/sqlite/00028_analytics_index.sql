-- +goose Up
-- Analytics (issue 28): the index of the answers and marks by choir and
-- event also holds the member, the mark and the answer, so the sums of a
-- period read the index alone, never the table's rows (a 12-month period of
-- a 200-member choir is some 20,000 of them). It replaces the index of
-- 00010, whose columns it starts with.
DROP INDEX IF EXISTS member_attendance_event;
CREATE INDEX member_attendance_event ON member_attendance (choir_id, event_id, occurrence_date, user_id, mark, status);
-- The practice section sums a period's reports (some 10,000 a year for such
-- a choir) per day, voice part and piece from this index alone.
CREATE INDEX practice_sessions_day ON practice_sessions (choir_id, day, user_id, music_id, played_seconds);

-- +goose Down
DROP INDEX practice_sessions_day;
DROP INDEX member_attendance_event;
CREATE INDEX member_attendance_event ON member_attendance (choir_id, event_id, occurrence_date);
