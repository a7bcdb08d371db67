-- Links to a read-only page with a machine's latest location (POST
-- /v1/portal/maps/share/latest_location/{id}): the page shows what the sharing organisation may
-- see, until the link expires.
CREATE TABLE location_share (
  token text PRIMARY KEY,
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Every e-mail the portal sends, through SMTP when configured; without it, kept here for the
-- operator to read (GET /v1/admin/outbox) and shown in the server log.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX mail_outbox_created ON mail_outbox (created_at DESC);
