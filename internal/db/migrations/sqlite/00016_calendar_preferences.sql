-- +goose Up
-- Whether a person's calendar shows the minor liturgical days (optional
-- memorials, ferias, commemorations) too: off by default (issue 26), so
-- that a phone's agenda shows the choir's events and the days that matter.
ALTER TABLE user_profile ADD COLUMN show_all_liturgical_days BOOLEAN NOT NULL DEFAULT FALSE;

-- +goose Down
ALTER TABLE user_profile DROP COLUMN show_all_liturgical_days;
