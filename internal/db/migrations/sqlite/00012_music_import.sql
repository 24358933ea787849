-- +goose Up
-- One CSV import (or preview) at a time per choir, held in the database so
-- that it holds across server instances sharing it: the row of the import
-- running, until it ends, or until expires_at should its server stop first.
CREATE TABLE music_import_leases (
    choir_id   TEXT PRIMARY KEY REFERENCES choirs (id) ON DELETE CASCADE,
    holder     TEXT NOT NULL,
    expires_at TIMESTAMP NOT NULL
);

-- The rows an import has written so far, where its write is steps of their
-- own transactions (SQLite): per step, the table and the ids of the rows
-- the step made, written in the step's transaction. The import's last step
-- deletes them with its lease, so a finished import is never undone; an
-- import whose lease expired (its server stopped) is undone from them.
CREATE TABLE music_import_writes (
    choir_id   TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    holder     TEXT NOT NULL, -- the import's lease holder
    step       INTEGER NOT NULL,
    table_name TEXT NOT NULL,
    ids        TEXT NOT NULL, -- a JSON array
    PRIMARY KEY (choir_id, holder, step)
);

-- A composer made from a piece's composer text had the surname alone as its
-- canonical name ("Haydn" for Joseph Haydn), which let another person of
-- the family match it. It becomes the name with the surname first
-- ("Haydn, Joseph"), as composers made now have it. Only such composers are
-- touched: several words, no comma, no years, period, nationality or
-- aliases, the canonical name the last word, that word neither initials
-- ("Bach J.S.") nor a generation mark ("Strauss II", "Strauss Jr").
UPDATE composers
SET canonical_name = substr(name, length(rtrim(name, replace(name, ' ', ''))) + 1) || ', ' ||
    rtrim(rtrim(name, replace(name, ' ', '')), ' ')
WHERE name LIKE '% %' AND name NOT LIKE '%,%'
  AND birth_year IS NULL AND death_year IS NULL AND period = '' AND nationality = '' AND aliases = '[]'
  AND canonical_name = substr(name, length(rtrim(name, replace(name, ' ', ''))) + 1)
  AND canonical_name NOT LIKE '%.%' AND upper(canonical_name) <> canonical_name
  AND lower(canonical_name) NOT IN ('jr', 'sr', 'junior', 'senior');

-- +goose Down
-- The canonical names stay as they are: the surname alone cannot be told
-- from one a person gave.
DROP TABLE music_import_writes;
DROP TABLE music_import_leases;
