-- +goose Up
-- Music planning (issue 18): a plan per event or occurrence, or per date
-- without one; its ordered slots; the choir's slot templates per event
-- type; and the feasts and seasons a piece is sung for. The slots are the
-- history of every date a piece was planned: plans outlive their events
-- (event_id is cleared, event_key kept) and a deleted piece leaves an
-- empty slot.

CREATE TABLE music_plans (
    id          TEXT PRIMARY KEY,
    choir_id    TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    plan_date   TEXT NOT NULL, -- YYYY-MM-DD in the choir's calendar
    event_key   TEXT NOT NULL DEFAULT '', -- the event or occurrence id; '' for a date-only plan
    event_id    TEXT REFERENCES events (id) ON DELETE SET NULL, -- the single event or series, while it exists
    event_type  TEXT NOT NULL DEFAULT 'other',
    event_title TEXT NOT NULL DEFAULT '',
    feast_key   TEXT NOT NULL DEFAULT '', -- the day's principal feast when the plan was made
    feast_name  TEXT NOT NULL DEFAULT '',
    title       TEXT NOT NULL DEFAULT '',
    notes       TEXT NOT NULL DEFAULT '',
    version     INTEGER NOT NULL DEFAULT 1,
    created_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    UNIQUE (choir_id, plan_date, event_key)
);
CREATE INDEX music_plans_feast ON music_plans (choir_id, feast_key, plan_date);

CREATE TABLE music_plan_slots (
    plan_id          TEXT NOT NULL REFERENCES music_plans (id) ON DELETE CASCADE,
    position         INTEGER NOT NULL,
    choir_id         TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    label            TEXT NOT NULL,
    music_id         TEXT REFERENCES music (id) ON DELETE SET NULL,
    note             TEXT NOT NULL DEFAULT '',
    duration_minutes INTEGER,
    PRIMARY KEY (plan_id, position)
);
CREATE INDEX music_plan_slots_music ON music_plan_slots (choir_id, music_id);

CREATE TABLE plan_templates (
    choir_id         TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    event_type       TEXT NOT NULL,
    position         INTEGER NOT NULL,
    label            TEXT NOT NULL,
    duration_minutes INTEGER,
    PRIMARY KEY (choir_id, event_type, position)
);

CREATE TABLE music_liturgy (
    music_id TEXT NOT NULL REFERENCES music (id) ON DELETE CASCADE,
    choir_id TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    kind     TEXT NOT NULL CHECK (kind IN ('feast', 'season')),
    key      TEXT NOT NULL, -- a feast key of the choir's calendar, or a season key
    PRIMARY KEY (music_id, kind, key)
);
CREATE INDEX music_liturgy_choir ON music_liturgy (choir_id, kind, key);

-- +goose Down
DROP TABLE music_liturgy;
DROP TABLE plan_templates;
DROP TABLE music_plan_slots;
DROP TABLE music_plans;
