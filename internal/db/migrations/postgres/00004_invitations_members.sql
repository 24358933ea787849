-- +goose Up
-- Invitations to join a choir, the choir's voice parts (musical roles) and
-- who sings which, and a member's choice to show their phone number to the
-- rest of the choir.

ALTER TABLE user_profile ADD COLUMN share_phone BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE choir_invites (
    id           TEXT PRIMARY KEY,
    choir_id     TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    email        TEXT NOT NULL,                 -- lower case
    first_name   TEXT NOT NULL,
    last_name    TEXT NOT NULL,
    role         TEXT NOT NULL CHECK (role IN ('choir_admin', 'member', 'guest')),
    token_hash   TEXT NOT NULL UNIQUE,          -- SHA-256 of the emailed UUID; never the token
    status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'expired', 'revoked')),
    invited_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    reserved_for TEXT REFERENCES users (id) ON DELETE SET NULL, -- registered through the link; joins on confirmation
    created_at   TIMESTAMPTZ NOT NULL,
    sent_at      TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    accepted_at  TIMESTAMPTZ,
    accepted_by  TEXT REFERENCES users (id) ON DELETE SET NULL
);
-- One open invitation per address and choir, even under concurrent requests.
CREATE UNIQUE INDEX choir_invites_one_pending ON choir_invites (choir_id, email) WHERE status = 'pending';
CREATE INDEX choir_invites_choir ON choir_invites (choir_id, status);

CREATE TABLE musical_roles (
    id         TEXT PRIMARY KEY,
    choir_id   TEXT NOT NULL REFERENCES choirs (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    sort_order INTEGER NOT NULL
);
CREATE UNIQUE INDEX musical_roles_name ON musical_roles (choir_id, lower(name));

CREATE TABLE member_musical_roles (
    user_id          TEXT NOT NULL,
    choir_id         TEXT NOT NULL,
    musical_role_id  TEXT NOT NULL REFERENCES musical_roles (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, musical_role_id),
    FOREIGN KEY (user_id, choir_id) REFERENCES user_choir_membership (user_id, choir_id) ON DELETE CASCADE
);
CREATE INDEX member_musical_roles_choir ON member_musical_roles (choir_id);

-- Choirs made before voice parts existed get the four every choir starts with.
INSERT INTO musical_roles (id, choir_id, name, sort_order)
SELECT gen_random_uuid()::text, c.id, p.name, p.sort_order
FROM choirs c, (SELECT 'Soprano' AS name, 1 AS sort_order UNION ALL SELECT 'Alto', 2
                UNION ALL SELECT 'Tenor', 3 UNION ALL SELECT 'Bass', 4) p;

-- +goose Down
DROP TABLE member_musical_roles;
DROP TABLE musical_roles;
DROP TABLE choir_invites;
ALTER TABLE user_profile DROP COLUMN share_phone;
