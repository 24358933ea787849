-- +goose Up
-- The music library (calendar document §3). Everything belongs to one
-- choir. Names that must be distinct within a choir (tags, composers, types,
-- categories) keep a name_key beside the name: the name as compared (trimmed,
-- lower-cased, by the Go code), so that uniqueness means the same on both
-- databases. Search and sort keys are likewise computed in Go.

CREATE TABLE music_types (
    id         TEXT PRIMARY KEY,
    choir_id   TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    name_key   TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (choir_id, name_key)
);

CREATE TABLE music_categories (
    id         TEXT PRIMARY KEY,
    choir_id   TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    name_key   TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (choir_id, name_key)
);

CREATE TABLE tags (
    id         TEXT PRIMARY KEY,
    choir_id   TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    name_key   TEXT NOT NULL,
    color      TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (choir_id, name_key)
);

CREATE TABLE composers (
    id             TEXT PRIMARY KEY,
    choir_id       TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    name_key       TEXT NOT NULL,
    canonical_name TEXT NOT NULL,
    aliases        TEXT NOT NULL DEFAULT '[]', -- JSON array of strings
    search_text    TEXT NOT NULL DEFAULT '',   -- normalised name, canonical name and aliases
    birth_year     INTEGER,
    death_year     INTEGER,
    period         TEXT NOT NULL DEFAULT '',
    nationality    TEXT NOT NULL DEFAULT '',
    created_at     TIMESTAMP NOT NULL,
    updated_at     TIMESTAMP NOT NULL,
    UNIQUE (choir_id, name_key)
);

-- Voicings with no choir are the built-in ones every choir sees.
CREATE TABLE voicings (
    id                 TEXT PRIMARY KEY,
    choir_id           TEXT REFERENCES choirs (id) ON DELETE CASCADE,
    name               TEXT NOT NULL,
    name_key           TEXT NOT NULL,
    num_distinct_parts INTEGER NOT NULL,
    created_at         TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX voicings_choir_name ON voicings (COALESCE(choir_id, ''), name_key);

CREATE TABLE music (
    id                       TEXT PRIMARY KEY,
    choir_id                 TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    title                    TEXT NOT NULL,
    subtitle                 TEXT NOT NULL DEFAULT '',
    composer                 TEXT NOT NULL DEFAULT '', -- as written on the piece
    composer_id              TEXT REFERENCES composers (id) ON DELETE SET NULL,
    arranger                 TEXT NOT NULL DEFAULT '',
    lyricist                 TEXT NOT NULL DEFAULT '',
    type_id                  TEXT REFERENCES music_types (id) ON DELETE SET NULL,
    category_id              TEXT REFERENCES music_categories (id) ON DELETE SET NULL,
    default_notes            TEXT NOT NULL DEFAULT '',
    number                   TEXT, -- library number, trimmed; NULL when blank
    rehearsal_weighting      INTEGER,
    min_interval_weeks       INTEGER,
    num_parts_info           TEXT NOT NULL DEFAULT '',
    rhythmic_complexity_hint INTEGER,
    harmonic_complexity_hint INTEGER,
    is_new_to_choir_flag     BOOLEAN NOT NULL DEFAULT FALSE,
    approx_length_category   TEXT NOT NULL DEFAULT '',
    starting_notes_info      TEXT NOT NULL DEFAULT '',
    transposition_semitones  INTEGER NOT NULL DEFAULT 0,
    language                 TEXT NOT NULL DEFAULT '',
    duration_minutes         INTEGER,
    year_composed            INTEGER,
    source_publication       TEXT NOT NULL DEFAULT '',
    catalog_number           TEXT NOT NULL DEFAULT '',
    copyright_info           TEXT NOT NULL DEFAULT '',
    created_by               TEXT REFERENCES users (id) ON DELETE SET NULL,
    is_archived              BOOLEAN NOT NULL DEFAULT FALSE,
    last_used_date           TEXT, -- YYYY-MM-DD
    search_text              TEXT NOT NULL DEFAULT '', -- normalised title, subtitle, composer, arranger, number
    title_key                TEXT NOT NULL DEFAULT '', -- sort keys
    composer_key             TEXT NOT NULL DEFAULT '',
    number_key               TEXT NOT NULL DEFAULT '',
    created_at               TIMESTAMP NOT NULL,
    updated_at               TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX music_choir_number ON music (choir_id, number) WHERE number IS NOT NULL;
CREATE INDEX music_choir_title ON music (choir_id, is_archived, title_key);
-- The library list's other sorts walk these in order and stop after a page,
-- rather than sorting the whole library for every page.
CREATE INDEX music_choir_composer ON music (choir_id, composer_key, title_key, id);
CREATE INDEX music_choir_updated ON music (choir_id, updated_at, id);
CREATE INDEX music_choir_created ON music (choir_id, created_at, id);
CREATE INDEX music_choir_last_used ON music (choir_id, (COALESCE(last_used_date, '')), title_key, id);
CREATE INDEX music_composer ON music (composer_id);

CREATE TABLE music_tags (
    music_id TEXT NOT NULL REFERENCES music (id) ON DELETE CASCADE,
    tag_id   TEXT NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    choir_id TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    PRIMARY KEY (music_id, tag_id)
);
CREATE INDEX music_tags_tag ON music_tags (tag_id, music_id);

CREATE TABLE music_voicings (
    music_id    TEXT NOT NULL REFERENCES music (id) ON DELETE CASCADE,
    voicing_id  TEXT NOT NULL REFERENCES voicings (id) ON DELETE CASCADE,
    choir_id    TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    assigned_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    assigned_at TIMESTAMP NOT NULL,
    is_primary  BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (music_id, voicing_id)
);
CREATE UNIQUE INDEX music_voicings_one_primary ON music_voicings (music_id) WHERE is_primary;
CREATE INDEX music_voicings_voicing ON music_voicings (voicing_id, music_id);

-- A piece's files. music_id has no ON DELETE CASCADE on purpose: a piece is
-- deleted only after its files and these rows (calendar document §4), so a
-- row can never vanish while its file stays behind unnoticed.
CREATE TABLE music_attachments (
    id               TEXT PRIMARY KEY,
    music_id         TEXT NOT NULL REFERENCES music (id),
    choir_id         TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    url              TEXT NOT NULL UNIQUE, -- the storage key: {choirId}/{musicId}/{timestamp}-{file name}
    file_name        TEXT NOT NULL,
    type             TEXT NOT NULL, -- score | audio_full | audio_part | musicxml | midi | other
    content_type     TEXT NOT NULL,
    size_bytes       INTEGER NOT NULL,
    description      TEXT NOT NULL DEFAULT '',
    custom_part_name TEXT NOT NULL DEFAULT '',
    created_by       TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX music_attachments_music ON music_attachments (music_id);

-- Bytes of files a choir stores, kept in the same transaction as the rows
-- that account for them.
ALTER TABLE choirs ADD COLUMN storage_used_bytes INTEGER NOT NULL DEFAULT 0;

-- The voicings every choir starts with.
INSERT INTO voicings (id, choir_id, name, name_key, num_distinct_parts, created_at) VALUES
    ('voicing-unison', NULL, 'Unison', 'unison', 1, CURRENT_TIMESTAMP),
    ('voicing-2-part', NULL, '2-part', '2-part', 2, CURRENT_TIMESTAMP),
    ('voicing-3-part', NULL, '3-part', '3-part', 3, CURRENT_TIMESTAMP),
    ('voicing-sa', NULL, 'SA', 'sa', 2, CURRENT_TIMESTAMP),
    ('voicing-ssa', NULL, 'SSA', 'ssa', 3, CURRENT_TIMESTAMP),
    ('voicing-ssaa', NULL, 'SSAA', 'ssaa', 4, CURRENT_TIMESTAMP),
    ('voicing-tb', NULL, 'TB', 'tb', 2, CURRENT_TIMESTAMP),
    ('voicing-ttb', NULL, 'TTB', 'ttb', 3, CURRENT_TIMESTAMP),
    ('voicing-ttbb', NULL, 'TTBB', 'ttbb', 4, CURRENT_TIMESTAMP),
    ('voicing-sab', NULL, 'SAB', 'sab', 3, CURRENT_TIMESTAMP),
    ('voicing-satb', NULL, 'SATB', 'satb', 4, CURRENT_TIMESTAMP),
    ('voicing-ssatb', NULL, 'SSATB', 'ssatb', 5, CURRENT_TIMESTAMP),
    ('voicing-satbb', NULL, 'SATBB', 'satbb', 5, CURRENT_TIMESTAMP),
    ('voicing-ssattb', NULL, 'SSATTB', 'ssattb', 6, CURRENT_TIMESTAMP),
    ('voicing-ssaattbb', NULL, 'SSAATTBB', 'ssaattbb', 8, CURRENT_TIMESTAMP),
    ('voicing-satb-satb', NULL, 'SATB/SATB (double choir)', 'satb/satb (double choir)', 8, CURRENT_TIMESTAMP);

-- +goose Down
ALTER TABLE choirs DROP COLUMN storage_used_bytes;
DROP TABLE music_attachments;
DROP TABLE music_voicings;
DROP TABLE music_tags;
DROP TABLE music;
DROP TABLE voicings;
DROP TABLE composers;
DROP TABLE tags;
DROP TABLE music_categories;
DROP TABLE music_types;
