-- +goose Up
-- Lateness (issue 30): attendance may mark a member 'late' (they came, so
-- the figures count them present), and a choir's attendance rules may say
-- that K lates count as one absence (lates_per_absence; NULL: lateness
-- does not count).
ALTER TABLE member_attendance DROP CONSTRAINT member_attendance_mark_check;
ALTER TABLE member_attendance ADD CONSTRAINT member_attendance_mark_check
    CHECK (mark IN ('present', 'late', 'absent', 'excused'));

ALTER TABLE attendance_rules ADD COLUMN lates_per_absence INTEGER;

-- +goose Down
ALTER TABLE attendance_rules DROP COLUMN lates_per_absence;
-- A late member came: without lateness they were present.
UPDATE member_attendance SET mark = 'present' WHERE mark = 'late';
ALTER TABLE member_attendance DROP CONSTRAINT member_attendance_mark_check;
ALTER TABLE member_attendance ADD CONSTRAINT member_attendance_mark_check
    CHECK (mark IN ('present', 'absent', 'excused'));
