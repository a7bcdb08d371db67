-- Hour meters as series of readings (issue 41, docs/rental.md "Hour meters"). Each reading keeps
-- what the meter showed (value_h) and where it sits on the machine's lifetime count of engine hours
-- (lifetime_h = value_h + offset_h): a replaced meter or a rollover moves the offset, so the
-- lifetime count never goes down. An out-of-order reading is kept and changes nothing after it.
CREATE TABLE meter_reading (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  -- oem: the OEM feed's cumulative operating hours; tracker: the tracker's engine-hours value
  -- (CAN or its own count); manual: read off the machine by a person.
  source text NOT NULL CHECK (source IN ('oem', 'tracker', 'manual')),
  read_at timestamptz NOT NULL,
  value_h double precision NOT NULL CHECK (value_h >= 0),
  offset_h double precision NOT NULL,
  lifetime_h double precision NOT NULL,
  -- reading; replacement (a new meter, started at starting_value_h); rollover (past its last digit);
  -- reset (a device's count went back by itself); correction (the older hour-meter call).
  kind text NOT NULL CHECK (kind IN ('reading', 'replacement', 'rollover', 'reset', 'correction')),
  starting_value_h double precision CHECK (starting_value_h >= 0),
  out_of_order boolean NOT NULL DEFAULT false,
  -- A photo of the meter, through the files module.
  document_id uuid REFERENCES document (id) ON DELETE SET NULL,
  user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX meter_reading_machine ON meter_reading (machine_id, source, read_at);

-- Which source leads a machine's meter: null is automatic (OEM, then tracker, then computed from the
-- engine's active and idle hours since the last manual reading).
ALTER TABLE machine ADD COLUMN meter_lead text CHECK (meter_lead IN ('oem', 'tracker', 'computed'));
-- The largest disagreement between two sources over the last 30 days, and whether it passes the
-- organisation's threshold (the meters worker keeps them).
ALTER TABLE machine ADD COLUMN meter_drift_h double precision;
ALTER TABLE machine ADD COLUMN meter_drifting boolean NOT NULL DEFAULT false;
-- When the drift was last weighed: the window moves on, so the worker weighs it again.
ALTER TABLE machine ADD COLUMN meter_drift_at timestamptz;
CREATE INDEX machine_meter_drifting ON machine (organisation_id) WHERE meter_drifting;

-- How far the meters worker has read each source's records for hour-meter values.
CREATE TABLE meter_sample (
  source_id uuid PRIMARY KEY REFERENCES source (id) ON DELETE CASCADE,
  sampled_until timestamptz NOT NULL
);

-- The older corrections become manual readings of kind correction.
INSERT INTO meter_reading (machine_id, source, read_at, value_h, offset_h, lifetime_h, kind, user_id, created_at)
SELECT machine_id, 'manual', read_at, value_h, 0, value_h, 'correction', user_id, read_at
  FROM hour_meter_correction;
