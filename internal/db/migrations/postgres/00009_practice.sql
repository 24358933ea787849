-- +goose Up
-- Practice (issue 16): what each member practised, per browser session, and
-- the markers linking a recording's times to the score's pages and bars.
-- A session row holds the session's CUMULATIVE figures as the browser
-- reports them; the server keeps the largest, so retried or reordered
-- reports never count twice. Rows of members who leave the choir stay: the
-- practice is the choir's record. Deleting an account deletes its practice.
CREATE TABLE practice_sessions (
    id             TEXT PRIMARY KEY, -- made by the browser
    choir_id       TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    music_id       TEXT NOT NULL REFERENCES music (id), -- deleted with the piece (music.Delete)
    user_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day            TEXT NOT NULL, -- YYYY-MM-DD, the singer's local day of the first report
    played_seconds DOUBLE PRECISION NOT NULL,
    loops          INTEGER NOT NULL,
    position       DOUBLE PRECISION NOT NULL,
    speed          DOUBLE PRECISION NOT NULL,
    part_name      TEXT NOT NULL DEFAULT '',
    started_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX practice_sessions_piece_user ON practice_sessions (music_id, user_id, day);
CREATE INDEX practice_sessions_user ON practice_sessions (choir_id, user_id, day);

CREATE TABLE practice_markers (
    music_id      TEXT NOT NULL REFERENCES music (id), -- deleted with the piece (music.Delete)
    seq           INTEGER NOT NULL, -- the order by time
    choir_id      TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    time_seconds  DOUBLE PRECISION NOT NULL,
    page          INTEGER NOT NULL,
    bar           INTEGER,
    attachment_id TEXT REFERENCES music_attachments (id) ON DELETE CASCADE, -- NULL: every recording
    PRIMARY KEY (music_id, seq)
);

-- +goose Down
DROP TABLE practice_markers;
DROP TABLE practice_sessions;
