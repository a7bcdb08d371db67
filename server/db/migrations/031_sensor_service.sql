-- Sensors taken out of service and back (issue 17): a source's records inside one of its periods
-- out of service do not count for its machine, and are kept. `has_service_gaps` lets the engine
-- skip the check for the many sources that never had one.
CREATE TABLE source_service_gap (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_id uuid NOT NULL REFERENCES source (id) ON DELETE CASCADE,
  from_at timestamptz NOT NULL,
  -- Null while it is still out of service.
  to_at timestamptz,
  reason text,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  CHECK (to_at IS NULL OR to_at > from_at)
);
CREATE INDEX source_service_gap_source ON source_service_gap (source_id, from_at);
CREATE UNIQUE INDEX source_service_gap_open ON source_service_gap (source_id) WHERE to_at IS NULL;
ALTER TABLE source ADD COLUMN has_service_gaps boolean NOT NULL DEFAULT false;

-- Fuel attachments (spec point 3): a sensor's fuel readings used or not, and the tanks it measures
-- from a start time on. A tank-level sensor's percent becomes litres with the tank's capacity.
ALTER TABLE source ADD COLUMN fuel_enabled boolean NOT NULL DEFAULT true;
CREATE TABLE fuel_attachment (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_id uuid NOT NULL REFERENCES source (id) ON DELETE CASCADE,
  type text NOT NULL,
  starts_at timestamptz NOT NULL,
  tank_capacity_l double precision NOT NULL CHECK (tank_capacity_l > 0),
  serial_number text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source_id, starts_at)
);
