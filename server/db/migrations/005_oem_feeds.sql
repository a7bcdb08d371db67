-- OEM feeds in ISO 15143-3 (AEMP 2.0) that the server polls, and the machine identities their
-- equipment is matched on: the PIN, or the OEM, model and serial number.
ALTER TABLE machine ADD COLUMN pin text;
ALTER TABLE machine ADD COLUMN serial_number text;
CREATE INDEX machine_pin ON machine (organisation_id, lower(pin)) WHERE pin IS NOT NULL;
CREATE INDEX machine_serial_number ON machine (organisation_id, lower(serial_number))
  WHERE serial_number IS NOT NULL;

CREATE TABLE oem_feed (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The organisation whose machines the feed's equipment is matched to.
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The type its sources get, e.g. CATERPILLAR or JCB: never one of the tracker types.
  source_type text NOT NULL,
  base_url text NOT NULL,
  format text NOT NULL CHECK (format IN ('xml', 'json')),
  auth text NOT NULL CHECK (auth IN ('none', 'basic', 'oauth2')),
  -- Basic authentication, or the OAuth2 client credentials (username is the client id).
  username text,
  secret text,
  token_url text,
  scope text,
  interval_s integer NOT NULL CHECK (interval_s >= 60),
  enabled boolean NOT NULL DEFAULT true,
  last_polled_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  last_equipment integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oem_feed_organisation ON oem_feed (organisation_id);
