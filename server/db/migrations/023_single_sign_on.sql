-- Single sign-on: each sign-in started at a provider, until its callback (state, PKCE verifier and
-- nonce, single-use and short-lived), and the provider's subjects linked to our users.
CREATE TABLE sso_request (
  state_hash text PRIMARY KEY,
  provider_id uuid NOT NULL REFERENCES sso_provider (id) ON DELETE CASCADE,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE sso_identity (
  provider_id uuid NOT NULL REFERENCES sso_provider (id) ON DELETE CASCADE,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, subject)
);
