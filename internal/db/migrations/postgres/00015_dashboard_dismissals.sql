-- +goose Up
-- What a person put away on a choir's dashboard (issue 26): the
-- getting-started checklist they dismissed, and the voice-part question they
-- were asked, so that each is shown to them only until then.
CREATE TABLE dashboard_dismissals (
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    choir_id     TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    what         TEXT NOT NULL CHECK (what IN ('checklist', 'voice_part_question')),
    dismissed_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, choir_id, what)
);
CREATE INDEX dashboard_dismissals_choir ON dashboard_dismissals (choir_id);

-- +goose Down
DROP TABLE dashboard_dismissals;
