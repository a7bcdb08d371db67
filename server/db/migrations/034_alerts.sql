-- Alerts (issue 18): what the activity engine's committed days and the device sweep raise for an
-- organisation, once per event; which members get which types by mail; and what each has been
-- mailed and has seen.

CREATE TABLE alert (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  alert_type text NOT NULL
    CHECK (alert_type IN ('outOfHours', 'fuelTheft', 'breakdown', 'deviceSilent', 'idle', 'leftSite')),
  machine_id uuid REFERENCES machine (id) ON DELETE CASCADE,
  source_id uuid REFERENCES source (id) ON DELETE CASCADE,
  -- The machine's, or for a device the source's: with the instant the event began, the event's name,
  -- so that computing the same days again raises nothing new.
  subject_id uuid NOT NULL,
  started_at timestamptz NOT NULL,
  -- When it became an alert: an idle run passed its threshold, a device its silence.
  at timestamptz NOT NULL,
  site_name text,
  litres double precision,
  minutes double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organisation_id, alert_type, subject_id, started_at)
);
CREATE INDEX alert_organisation ON alert (organisation_id, at DESC);
CREATE INDEX alert_organisation_created ON alert (organisation_id, created_at);

-- The alert types a member gets by mail, per organisation: none until they choose.
CREATE TABLE alert_subscription (
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  alert_type text NOT NULL,
  -- Alerts raised before a member subscribed are not mailed to them.
  since timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, organisation_id, alert_type)
);
CREATE INDEX alert_subscription_organisation ON alert_subscription (organisation_id, alert_type);

-- Each alert mailed to a member, so none goes twice. Written in the transaction that queues the
-- mail; the member's row in alert_mailbox is claimed first (FOR UPDATE SKIP LOCKED), so with several
-- server processes one mail goes.
CREATE TABLE alert_delivery (
  alert_id uuid NOT NULL REFERENCES alert (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, alert_id)
);
CREATE TABLE alert_mailbox (
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  last_mailed_at timestamptz,
  PRIMARY KEY (user_id, organisation_id)
);

-- When the member last opened the alert list: alerts raised since are unread.
ALTER TABLE membership ADD COLUMN alerts_seen_at timestamptz;
