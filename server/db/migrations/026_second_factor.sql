-- The optional second factor: a TOTP secret per user (pending until a first code confirms it), the
-- last time step a code was taken at (a code works once), single-use recovery codes stored hashed,
-- and whether an organisation requires the second factor of its people.
ALTER TABLE app_user ADD COLUMN totp_secret text;
ALTER TABLE app_user ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE app_user ADD COLUMN totp_last_step bigint;
ALTER TABLE organisation ADD COLUMN require_second_factor boolean NOT NULL DEFAULT false;

CREATE TABLE recovery_code (
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
