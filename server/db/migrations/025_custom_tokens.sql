-- Custom-token sign-in (/int_fftools): each token an integrating application signed is taken once,
-- by its issuer and id, and remembered until it expires.
CREATE TABLE custom_token_use (
  issuer text NOT NULL,
  token_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (issuer, token_id)
);
