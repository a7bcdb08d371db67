-- Device sources and their raw telemetry records.

-- A device or feed identity. A source with no machine is unassigned: its records are kept for
-- staff to onboard it later.
CREATE TABLE source (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type text NOT NULL,
  code text NOT NULL,
  short_code text,
  machine_id uuid REFERENCES machine (id) ON DELETE SET NULL,
  -- How often the device reports when healthy; data missing for much longer is "missing", not "off".
  expected_interval_s integer NOT NULL DEFAULT 300,
  first_seen_at timestamptz,
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (type, code)
);
CREATE INDEX source_machine ON source (machine_id);

-- One row per record as the device sent it; a retransmission hits the primary key and is skipped.
CREATE TABLE telemetry_record (
  source_id uuid NOT NULL REFERENCES source (id) ON DELETE CASCADE,
  device_time timestamptz NOT NULL,
  received_time timestamptz NOT NULL,
  -- Why the whole record cannot be used (a time in the future or before 2000), else null.
  invalid_reason text,
  -- Why the position cannot be used (out of range, 0/0), else null.
  position_invalid_reason text,
  latitude double precision,
  longitude double precision,
  altitude_m real,
  speed_kmh real,
  heading_deg real,
  satellites smallint,
  hdop real,
  ignition boolean,
  movement boolean,
  engine_running boolean,
  engine_rpm real,
  hour_meter_h double precision,
  odometer_m double precision,
  fuel_level_l real,
  fuel_level_pct real,
  fuel_used_l double precision,
  fuel_rate_lh real,
  external_voltage_v real,
  digital_inputs integer,
  activity_level real,
  battery_v real,
  temperature_c real,
  operating_hours_h double precision,
  idle_hours_h double precision,
  io jsonb,
  PRIMARY KEY (source_id, device_time)
);

-- Codec 12 answers to commands sent to devices.
CREATE TABLE device_command_response (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_id uuid NOT NULL REFERENCES source (id) ON DELETE CASCADE,
  received_time timestamptz NOT NULL DEFAULT now(),
  response text NOT NULL
);
CREATE INDEX device_command_response_source ON device_command_response (source_id, received_time);
