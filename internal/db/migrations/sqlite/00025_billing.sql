-- +goose Up
-- Plans and billing (issue 29), used only when CANTICA_BILLING is set: each
-- choir's subscription standing, kept in step with Stripe by the webhooks
-- (which re-read the subscription, so the order of events does not matter),
-- the Stripe customer of each person who pays, and the webhook events already
-- processed, so that a duplicated delivery is a no-op.
CREATE TABLE choir_subscriptions (
    choir_id               TEXT PRIMARY KEY REFERENCES choirs (id) ON DELETE CASCADE,
    plan                   TEXT NOT NULL CHECK (plan IN ('small', 'medium', 'large')),
    -- Stripe's subscription status ('trialing', 'active', 'past_due',
    -- 'unpaid', 'canceled', …); 'trialing' before any checkout. Whether the
    -- choir is read-only is worked out from this and trial_ends_at.
    status                 TEXT NOT NULL DEFAULT 'trialing',
    trial_ends_at          TIMESTAMP NOT NULL,
    current_period_end     TIMESTAMP,
    payer_user_id          TEXT REFERENCES users (id) ON DELETE SET NULL,
    stripe_subscription_id TEXT UNIQUE,
    comped                 BOOLEAN NOT NULL DEFAULT FALSE, -- free of charge: never limited, never read-only
    trial_reminder_sent_at TIMESTAMP,
    payment_failed_at      TIMESTAMP,
    created_at             TIMESTAMP NOT NULL,
    updated_at             TIMESTAMP NOT NULL
);
CREATE INDEX choir_subscriptions_trial ON choir_subscriptions (status, trial_ends_at);
CREATE INDEX choir_subscriptions_payer ON choir_subscriptions (payer_user_id);

CREATE TABLE billing_customers (
    user_id            TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    stripe_customer_id TEXT NOT NULL UNIQUE,
    created_at         TIMESTAMP NOT NULL
);

CREATE TABLE stripe_events (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE billing_customers;
DROP TABLE choir_subscriptions;
