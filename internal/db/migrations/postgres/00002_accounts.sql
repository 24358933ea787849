-- +goose Up
-- Accounts: users and their profiles, sessions, single-use tokens, social
-- identities, two-factor secrets, throttling counters and the mail outbox.
-- Times are written by the server in UTC.

CREATE TABLE users (
    id                 TEXT PRIMARY KEY,
    email              TEXT NOT NULL UNIQUE,     -- lower case
    password_hash      TEXT,                     -- NULL: signs in through a provider only
    email_confirmed_at TIMESTAMPTZ,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL
);

CREATE TABLE user_profile (
    id                     TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    first_name             TEXT NOT NULL DEFAULT '',
    last_name              TEXT NOT NULL DEFAULT '',
    phone_number           TEXT,
    is_global_admin        BOOLEAN NOT NULL DEFAULT FALSE,
    last_accessed_choir_id TEXT,
    email_digest_enabled   BOOLEAN NOT NULL DEFAULT TRUE,
    updated_at             TIMESTAMPTZ NOT NULL
);

CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    secret_hash  TEXT NOT NULL UNIQUE,            -- SHA-256 of the cookie's secret
    persistent   BOOLEAN NOT NULL,
    method       TEXT NOT NULL,                   -- password, google, azure
    created_at   TIMESTAMPTZ NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    user_agent   TEXT NOT NULL DEFAULT '',
    client_ip    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Single-use secrets: email confirmation, password reset, pending two-factor sign-in.
CREATE TABLE auth_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    TEXT NOT NULL,
    data       TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX auth_tokens_user ON auth_tokens (user_id, purpose);

CREATE TABLE identities (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider        TEXT NOT NULL,               -- google, azure
    issuer          TEXT NOT NULL,               -- for Microsoft: the tenant id
    subject         TEXT NOT NULL,               -- for Microsoft: the object id
    email           TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL,
    last_sign_in_at TIMESTAMPTZ,
    UNIQUE (issuer, subject)
);
CREATE INDEX identities_user ON identities (user_id);

CREATE TABLE oidc_states (
    state_hash    TEXT PRIMARY KEY,
    provider      TEXT NOT NULL,
    nonce         TEXT NOT NULL,
    code_verifier TEXT NOT NULL,
    link_user_id  TEXT REFERENCES users (id) ON DELETE CASCADE,
    remember      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    TIMESTAMPTZ NOT NULL,
    expires_at    TIMESTAMPTZ NOT NULL,
    used_at       TIMESTAMPTZ
);

CREATE TABLE totp_factors (
    user_id        TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret         TEXT NOT NULL,
    enabled_at     TIMESTAMPTZ,
    last_used_step BIGINT NOT NULL DEFAULT 0,
    created_at     TIMESTAMPTZ NOT NULL
);

CREATE TABLE recovery_codes (
    id        TEXT PRIMARY KEY,
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    used_at   TIMESTAMPTZ
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

-- Counters for throttling, shared by every server instance.
CREATE TABLE throttle (
    key           TEXT PRIMARY KEY,
    hits          INTEGER NOT NULL,
    window_start  TIMESTAMPTZ NOT NULL,
    blocked_until TIMESTAMPTZ
);

CREATE TABLE mail_outbox (
    id              TEXT PRIMARY KEY,
    kind            TEXT NOT NULL,
    to_address      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    text_body       TEXT NOT NULL,
    html_body       TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    claimed_until   TIMESTAMPTZ,
    sent_at         TIMESTAMPTZ,
    delivered_via   TEXT NOT NULL DEFAULT '',    -- smtp, or log in outbox mode
    failed_at       TIMESTAMPTZ,
    last_error      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX mail_outbox_due ON mail_outbox (sent_at, failed_at, next_attempt_at);

-- +goose Down
DROP TABLE mail_outbox;
DROP TABLE throttle;
DROP TABLE recovery_codes;
DROP TABLE totp_factors;
DROP TABLE oidc_states;
DROP TABLE identities;
DROP TABLE auth_tokens;
DROP TABLE sessions;
DROP TABLE user_profile;
DROP TABLE users;
