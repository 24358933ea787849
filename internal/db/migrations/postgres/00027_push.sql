-- +goose Up
-- Web Push (issue 31). The server's VAPID key pair (RFC 8292), made on first
-- start and kept here so that every instance signs with the same key and the
-- browsers' subscriptions, which are bound to its public half, outlive a
-- restart. One row. The project keeps no other secret encrypted in the
-- database (session and link secrets are stored only as hashes, which a
-- signing key cannot be), so it is protected as the database is.
CREATE TABLE push_vapid_keys (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    private_key TEXT NOT NULL, -- the P-256 scalar, base64url
    public_key  TEXT NOT NULL, -- the uncompressed point, base64url (what browsers are given)
    created_at  TIMESTAMPTZ NOT NULL
);

-- One row per browser a person turned push on in. The endpoint is the push
-- service's address for that browser: a browser has one, so a second person
-- signing in there and turning push on takes the row over. Rows the push
-- service answers 404 or 410 for are removed.
CREATE TABLE push_subscriptions (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint        TEXT NOT NULL UNIQUE,
    p256dh          TEXT NOT NULL, -- the browser's public key, base64url
    auth            TEXT NOT NULL, -- the browser's authentication secret, base64url
    created_at      TIMESTAMPTZ NOT NULL,
    last_success_at TIMESTAMPTZ
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- +goose Down
DROP TABLE push_subscriptions;
DROP TABLE push_vapid_keys;
