-- What a user sees of their sessions (issue 45, ASVS 5.0 7.5.2): the browser and address that
-- opened each, and when it was last used, so that a session not recognised can be ended.
ALTER TABLE auth_session
  ADD COLUMN user_agent text,
  ADD COLUMN address text,
  ADD COLUMN last_used_at timestamptz;
UPDATE auth_session SET last_used_at = created_at;
ALTER TABLE auth_session ALTER COLUMN last_used_at SET DEFAULT now();
ALTER TABLE auth_session ALTER COLUMN last_used_at SET NOT NULL;
