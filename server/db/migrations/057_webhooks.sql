-- Webhooks (issue 43, docs/integrations.md): an organisation's systems subscribe to its events by
-- type, and the portal posts each to them by the Standard Webhooks convention, at least once.
-- Events are written by the transaction that makes them (the outbox pattern): triggers on the
-- tables where alerts, finished report files and meter drift land, and the webhook worker for
-- hires going on and off hire. Each event gets a delivery row per subscription that wants it; the
-- worker claims due deliveries, posts them and schedules a retry on failure.

CREATE TABLE webhook_subscription (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- whsec_ and base64: kept as it is, as the portal signs every delivery with it.
  secret text NOT NULL,
  event_types text[] NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- Why it was switched off: 'switchedOff' by an admin, 'failing' after a delivery failed for a day.
  disabled_reason text,
  disabled_at timestamptz,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_subscription_organisation ON webhook_subscription (organisation_id);

-- An event as its subscribers receive it; its id is the webhook-id of every delivery of it.
CREATE TABLE webhook_event (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  occurred_at timestamptz NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_delivery (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subscription_id uuid NOT NULL REFERENCES webhook_subscription (id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES webhook_event (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- When it is due; while a process posts it, a lease that runs out if the process dies.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  response_status integer,
  latency_ms integer,
  error text,
  delivered_at timestamptz,
  replayed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscription_id, event_id)
);
CREATE INDEX webhook_delivery_due ON webhook_delivery (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_delivery_log ON webhook_delivery (subscription_id, created_at DESC);

-- The hires announced as started or ended, so no process announces one twice.
CREATE TABLE webhook_hire_announced (
  hire_id uuid NOT NULL REFERENCES hire (id) ON DELETE CASCADE,
  kind text NOT NULL,
  PRIMARY KEY (hire_id, kind)
);

-- An event of the organisation, with a delivery to each of its enabled subscriptions of the type;
-- nothing at all when none wants it.
CREATE FUNCTION webhook_emit(organisation uuid, kind text, occurred timestamptz, payload jsonb)
RETURNS void AS $$
DECLARE
  event uuid;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM webhook_subscription
     WHERE organisation_id = organisation AND enabled AND kind = ANY (event_types)
  ) THEN
    RETURN;
  END IF;
  INSERT INTO webhook_event (organisation_id, event_type, occurred_at, data)
    VALUES (organisation, kind, occurred, payload) RETURNING id INTO event;
  INSERT INTO webhook_delivery (subscription_id, event_id)
    SELECT id, event FROM webhook_subscription
     WHERE organisation_id = organisation AND enabled AND kind = ANY (event_types);
END;
$$ LANGUAGE plpgsql;

-- Every alert, whichever process raised it (the engine's commits, the alert worker's scans).
CREATE FUNCTION webhook_alert_raised() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_emit(NEW.organisation_id, 'alert.' || NEW.alert_type, NEW.at, jsonb_build_object(
    'alertId', NEW.id,
    'alertType', NEW.alert_type,
    'at', NEW.at,
    'startedAt', NEW.started_at,
    'machineId', NEW.machine_id,
    'machineName', coalesce(
      (SELECT name FROM machine WHERE id = NEW.machine_id),
      (SELECT ea.name FROM source src JOIN equipment_asset ea ON ea.id = src.equipment_asset_id
        WHERE src.id = NEW.source_id)),
    'sourceCode', (SELECT code FROM source WHERE id = NEW.source_id),
    'siteName', NEW.site_name,
    'litres', NEW.litres,
    'minutes', NEW.minutes,
    'note', NEW.note));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER alert_webhook AFTER INSERT ON alert
  FOR EACH ROW EXECUTE FUNCTION webhook_alert_raised();

CREATE FUNCTION webhook_report_ready() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_emit(NEW.organisation_id, 'report.ready', coalesce(NEW.finished_at, now()),
    jsonb_build_object(
      'reportFileId', NEW.id,
      'reportType', NEW.report_type,
      'format', NEW.format,
      'fileName', NEW.file_name,
      'sizeBytes', NEW.size_bytes,
      'scheduled', NEW.user_id IS NULL,
      'finishedAt', NEW.finished_at));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER report_file_webhook AFTER UPDATE OF status ON report_file
  FOR EACH ROW WHEN (NEW.status = 'done' AND OLD.status IS DISTINCT FROM 'done')
  EXECUTE FUNCTION webhook_report_ready();

CREATE FUNCTION webhook_meter_drift() RETURNS trigger AS $$
BEGIN
  PERFORM webhook_emit(NEW.organisation_id, 'meter.drift', coalesce(NEW.meter_drift_at, now()),
    jsonb_build_object(
      'machineId', NEW.id,
      'machineName', NEW.name,
      'driftHours', NEW.meter_drift_h));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER machine_meter_drift_webhook AFTER UPDATE OF meter_drifting ON machine
  FOR EACH ROW WHEN (NEW.meter_drifting AND NOT OLD.meter_drifting)
  EXECUTE FUNCTION webhook_meter_drift();
