-- Organisations, users and sessions, brand settings, sites, machines and hires.

CREATE TABLE organisation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('rental', 'rental-end-user', 'end-user')),
  timezone text NOT NULL DEFAULT 'Europe/London',
  -- Navigation, modules, properties and the other organisation-level user settings (spec point 3).
  settings jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_user (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  -- Null for a user who signs in only through single sign-on.
  password_hash text,
  -- The sign-in before the current one: null until a second sign-in marks a first-time user.
  last_login_at timestamptz,
  current_login_at timestamptz,
  settings jsonb NOT NULL DEFAULT '{}',
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email));

CREATE TABLE membership (
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('internal', 'admin', 'viewer')),
  is_default boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, organisation_id)
);
CREATE INDEX membership_organisation ON membership (organisation_id);

-- Single sign-on per e-mail domain; the flow itself is configured per provider.
CREATE TABLE sso_provider (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid REFERENCES organisation (id) ON DELETE CASCADE,
  email_domain text NOT NULL,
  provider text NOT NULL,
  type text NOT NULL CHECK (type IN ('OIDC', 'SAML')),
  config jsonb NOT NULL DEFAULT '{}'
);
CREATE UNIQUE INDEX sso_provider_domain_key ON sso_provider (lower(email_domain));

-- The server's own token signing keys, created once.
CREATE TABLE signing_key (
  kid text PRIMARY KEY,
  algorithm text NOT NULL,
  private_key text NOT NULL,
  public_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);

CREATE TABLE refresh_token (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_token_user ON refresh_token (user_id);

-- Failed sign-ins per e-mail and per address, shared by every server process.
CREATE TABLE login_throttle (
  throttle_key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  blocked_until timestamptz
);

CREATE TABLE brand_configuration (
  organisation_id uuid PRIMARY KEY REFERENCES organisation (id) ON DELETE CASCADE,
  logo_link text,
  primary_background_colour text NOT NULL,
  primary_text_colour text NOT NULL,
  secondary_background_colour text NOT NULL,
  secondary_text_colour text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE site (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  name text NOT NULL,
  code text,
  latitude double precision,
  longitude double precision,
  radius_m double precision,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_organisation ON site (organisation_id);

CREATE TABLE machine (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The owner: a rental company, or an end user with its own fleet.
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  name text NOT NULL,
  asset_id text,
  category text,
  type text,
  oem text,
  model text,
  manufacturing_year integer,
  ownership_type text,
  owner text,
  group_name text,
  note text,
  hour_meter_h double precision,
  image_url text,
  -- Home site (depot) when the machine is not on hire.
  site_id uuid REFERENCES site (id) ON DELETE SET NULL,
  breakdown boolean NOT NULL DEFAULT false,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX machine_organisation ON machine (organisation_id);

-- A hire lets the customer organisation see the machine for the hire period only.
CREATE TABLE hire (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  rental_organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  -- Null for a customer that does not use the portal; customer_name names it then.
  customer_organisation_id uuid REFERENCES organisation (id) ON DELETE SET NULL,
  customer_name text,
  site_id uuid REFERENCES site (id) ON DELETE SET NULL,
  contract_number text,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK (customer_organisation_id IS NOT NULL OR customer_name IS NOT NULL)
);
CREATE INDEX hire_machine ON hire (machine_id, starts_at);
CREATE INDEX hire_customer ON hire (customer_organisation_id, starts_at);
