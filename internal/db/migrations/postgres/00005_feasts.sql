-- +goose Up
-- The feasts of the liturgical calendars: one master feast per calendar type
-- and feast key, and its dated instances, computed from the tradition's
-- rules (internal/liturgy) or imported by a global admin. Dates are
-- YYYY-MM-DD text: civil dates with no time zone, compared as text.

CREATE TABLE master_feasts (
    id            TEXT PRIMARY KEY,
    calendar_type TEXT NOT NULL REFERENCES calendar_types (key),
    feast_key     TEXT NOT NULL,
    default_name  TEXT NOT NULL,
    rank          TEXT NOT NULL,
    type          TEXT NOT NULL,
    active        BOOLEAN NOT NULL DEFAULT TRUE,
    edited        BOOLEAN NOT NULL DEFAULT FALSE, -- name or rank set by hand or import: generation keeps them
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL,
    UNIQUE (calendar_type, feast_key)
);

CREATE TABLE feast_instances (
    id              TEXT PRIMARY KEY,
    master_feast_id TEXT NOT NULL REFERENCES master_feasts (id) ON DELETE CASCADE,
    calendar_date   TEXT NOT NULL,
    liturgical_year INTEGER NOT NULL,
    active          BOOLEAN NOT NULL DEFAULT TRUE,
    source          TEXT NOT NULL REFERENCES calendar_types (key),
    transferred     BOOLEAN NOT NULL DEFAULT FALSE,
    imported        BOOLEAN NOT NULL DEFAULT FALSE, -- imported instances outrank generated ones
    UNIQUE (master_feast_id, calendar_date)
);
CREATE INDEX feast_instances_source_date ON feast_instances (source, calendar_date);
CREATE INDEX feast_instances_feast_year ON feast_instances (master_feast_id, liturgical_year);

-- The civil years whose feasts have been computed, per calendar type.
CREATE TABLE feast_years (
    calendar_type TEXT NOT NULL REFERENCES calendar_types (key),
    year          INTEGER NOT NULL,
    generated_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (calendar_type, year)
);

-- +goose Down
DROP TABLE feast_years;
DROP TABLE feast_instances;
DROP TABLE master_feasts;
