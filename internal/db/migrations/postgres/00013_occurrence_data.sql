-- +goose Up
-- What is kept per occurrence of a series follows it when a change moves
-- it (issue 25, items 5 and 6). A plan names its occurrence's date in the
-- series (occurrence_date; '' for a single event or a date-only plan), so
-- that whether members see it follows the occurrence's own status and it
-- can move with the occurrence. event_id is now kept while the plan's
-- occurrence exists: when the event or occurrence is deleted it is cleared,
-- and deleted_draft keeps whether it was a draft then, so that a deleted
-- draft's plan stays hidden from those who do not see drafts. Email links
-- are found by what they name, to follow their occurrence.
ALTER TABLE music_plans ADD COLUMN occurrence_date TEXT NOT NULL DEFAULT '';
ALTER TABLE music_plans ADD COLUMN deleted_draft BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE music_plans SET occurrence_date = substr(event_key, length(event_key) - 9)
    WHERE event_key LIKE '%-occurrence-____-__-__';
CREATE INDEX music_plans_event ON music_plans (event_id, occurrence_date);
CREATE INDEX email_action_tokens_resource ON email_action_tokens (choir_id, resource_id);

-- +goose Down
DROP INDEX email_action_tokens_resource;
DROP INDEX music_plans_event;
ALTER TABLE music_plans DROP COLUMN deleted_draft;
ALTER TABLE music_plans DROP COLUMN occurrence_date;
