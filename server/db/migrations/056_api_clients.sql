-- API clients (issue 43, docs/integrations.md): an organisation's systems (an ERP, a BI tool, a
-- dealer's AEMP poller) sign in with OAuth 2.0 client credentials. The secret is kept only as its
-- SHA-256 (it is 256 random bits, so no slow hash is needed); the access tokens issued name the
-- client as their session, and are refused once it is revoked or expired.
CREATE TABLE api_client (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- What the client sends as client_id: public, unique.
  client_id text NOT NULL UNIQUE,
  secret_sha256 text NOT NULL,
  scopes text[] NOT NULL,
  expires_at timestamptz,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When it last took a token.
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_client_organisation ON api_client (organisation_id, created_at DESC);

-- A revoked client's tokens are refused by every api process at once, as an ended session's are.
CREATE TRIGGER api_client_revoked AFTER UPDATE OF revoked_at ON api_client
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION announce_session_ended();
CREATE TRIGGER api_client_deleted AFTER DELETE ON api_client
  FOR EACH ROW EXECUTE FUNCTION announce_session_ended();
