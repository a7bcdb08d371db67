-- A sign-in session: every access and refresh token names the session it belongs to, so signing
-- out (or a stolen refresh token being replayed) ends all of them at once.
CREATE TABLE auth_session (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Slides forward with each refresh, by the refresh token lifetime.
  expires_at timestamptz NOT NULL,
  ended_at timestamptz,
  -- Why it ended: 'signed-out', or 'refresh-token-reused' when a rotated token came back.
  end_reason text
);
CREATE INDEX auth_session_user ON auth_session (user_id);

-- Refresh tokens issued before sessions existed belong to none: they stop working.
DELETE FROM refresh_token;
ALTER TABLE refresh_token ADD COLUMN session_id uuid NOT NULL REFERENCES auth_session (id) ON DELETE CASCADE;
CREATE INDEX refresh_token_session ON refresh_token (session_id);

-- Sign-in throttling is now per e-mail and address pair, with growing delays, under much higher
-- per-account and per-address ceilings; old counters mean nothing under the new keys.
DELETE FROM login_throttle;
