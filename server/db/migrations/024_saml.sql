-- SAML 2.0 sign-ins use the same request rows as OpenID Connect: the AuthnRequest's ID the answer
-- must name (InResponseTo), and, once the identity provider has posted its answer to our assertion
-- consumer service, who it signed in (or why not) until the popup collects it with a one-time code.
ALTER TABLE sso_request ALTER COLUMN code_verifier DROP NOT NULL;
ALTER TABLE sso_request ALTER COLUMN nonce DROP NOT NULL;
ALTER TABLE sso_request ADD COLUMN saml_request_id text;
ALTER TABLE sso_request ADD COLUMN answered_at timestamptz;
ALTER TABLE sso_request ADD COLUMN result_code_hash text;
ALTER TABLE sso_request ADD COLUMN result_user_id uuid REFERENCES app_user (id) ON DELETE CASCADE;
ALTER TABLE sso_request ADD COLUMN result_error jsonb;
