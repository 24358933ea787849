-- +goose Up
-- The voice parts an invitation gives: the invited person's membership
-- gets them when they join (issue 26).
CREATE TABLE choir_invite_musical_roles (
    invite_id       TEXT NOT NULL REFERENCES choir_invites (id) ON DELETE CASCADE,
    musical_role_id TEXT NOT NULL REFERENCES musical_roles (id) ON DELETE CASCADE,
    PRIMARY KEY (invite_id, musical_role_id)
);
CREATE INDEX choir_invite_musical_roles_role ON choir_invite_musical_roles (musical_role_id);

-- +goose Down
DROP TABLE choir_invite_musical_roles;
