-- +goose Up
-- Lateness (issue 30): attendance may mark a member 'late' (they came, so
-- the figures count them present), and a choir's attendance rules may say
-- that K lates count as one absence (lates_per_absence; NULL: lateness
-- does not count).
ALTER TABLE member_attendance DROP CONSTRAINT member_attendance_mark_check;
ALTER TABLE member_attendance ADD CONSTRAINT member_attendance_mark_check
    CHECK (mark IN ('present', 'late', 'absent', 'excused'));

ALTER TABLE attendance_rules ADD COLUMN lates_per_absence INTEGER;

-- Deleting an account without a password is confirmed by signing in with
-- its provider again (issue 30): the sign-in's state says whose
-- re-authentication it is (reauth_user_id), and a successful one leaves a
-- proof, single-use and valid for minutes, of which only the SHA-256 of its
-- secret is kept.
ALTER TABLE oidc_states ADD COLUMN reauth_user_id TEXT REFERENCES users (id) ON DELETE CASCADE;
CREATE TABLE reauth_proofs (
    proof_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider   TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX reauth_proofs_user ON reauth_proofs (user_id);

-- +goose Down
DROP TABLE reauth_proofs;
ALTER TABLE oidc_states DROP COLUMN reauth_user_id;
ALTER TABLE attendance_rules DROP COLUMN lates_per_absence;
-- A late member came: without lateness they were present.
UPDATE member_attendance SET mark = 'present' WHERE mark = 'late';
ALTER TABLE member_attendance DROP CONSTRAINT member_attendance_mark_check;
ALTER TABLE member_attendance ADD CONSTRAINT member_attendance_mark_check
    CHECK (mark IN ('present', 'absent', 'excused'));
