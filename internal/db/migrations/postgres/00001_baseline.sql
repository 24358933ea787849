-- +goose Up
-- The starting point of the schema: it holds no tables. Each capability adds
-- its own in later migrations, and every version exists in both folders
-- (sqlite/ and postgres/) so the two databases stay in step.
SELECT 1;

-- +goose Down
SELECT 1;
