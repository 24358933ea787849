-- +goose Up
-- Analytics (issue 28): the attendance rate, in percent, under which the
-- director wants a member listed first.
ALTER TABLE choirs ADD COLUMN attendance_threshold INTEGER NOT NULL DEFAULT 60;

-- +goose Down
ALTER TABLE choirs DROP COLUMN attendance_threshold;
