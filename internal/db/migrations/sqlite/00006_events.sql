-- +goose Up
-- The shared calendar. An event is a single event or a recurring series
-- (recurrence_rule set); an edited occurrence of a series is a row of its
-- own that names its series and the local date of the occurrence it
-- replaces. Instants are UTC RFC 3339 text with second precision, so that
-- they compare as text on both databases; all-day events keep their dates at
-- midnight UTC.

CREATE TABLE events (
    id              TEXT PRIMARY KEY,
    choir_id        TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    title           TEXT NOT NULL,
    event_type      TEXT NOT NULL,
    start_at        TEXT NOT NULL,
    end_at          TEXT NOT NULL,
    all_day         BOOLEAN NOT NULL DEFAULT FALSE,
    time_zone       TEXT NOT NULL, -- the IANA zone whose wall-clock time the event keeps
    location        TEXT NOT NULL DEFAULT '',
    notes           TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL, -- published | draft
    recurrence_rule TEXT,          -- JSON of internal/recurrence.Rule; NULL for a single event
    series_id       TEXT REFERENCES events (id) ON DELETE CASCADE,
    instance_date   TEXT,          -- with series_id: the occurrence this row replaces
    sequence        INTEGER NOT NULL DEFAULT 0, -- iCalendar SEQUENCE: bumped at every change
    created_by      TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    UNIQUE (series_id, instance_date)
);
CREATE INDEX events_choir_start ON events (choir_id, start_at);

-- Occurrences of a series that were deleted one by one.
CREATE TABLE event_exdates (
    event_id      TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    instance_date TEXT NOT NULL,
    PRIMARY KEY (event_id, instance_date)
);

-- A private calendar feed per user: the token is the whole secret of a
-- read-only URL that calendar apps poll, so it is kept to be shown again
-- (as Google and Apple do with theirs); renewing replaces it.
CREATE TABLE calendar_feeds (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token      TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE calendar_feeds;
DROP TABLE event_exdates;
DROP TABLE events;
