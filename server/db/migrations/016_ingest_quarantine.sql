-- Records that could not be stored even alone (a value no column holds, a broken device code).
-- They are acknowledged, so the device stops resending them, and kept here with the reason for
-- staff to read (GET /v1/admin/ingest/quarantine).
CREATE TABLE ingest_quarantine (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  source_type text NOT NULL,
  source_code text NOT NULL,
  reason text NOT NULL,
  record json NOT NULL
);
CREATE INDEX ingest_quarantine_received ON ingest_quarantine (received_at DESC);
