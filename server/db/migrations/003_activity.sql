-- What the activity engine needs per machine and source, and what it produces: segments and daily rollups.

ALTER TABLE machine ADD COLUMN fuel_type text NOT NULL DEFAULT 'diesel';
-- Digital inputs (bit mask, input 1 is bit 0) that mean the machine is working.
ALTER TABLE machine ADD COLUMN working_input_mask integer NOT NULL DEFAULT 0;
ALTER TABLE machine ADD COLUMN min_refuelling_l double precision NOT NULL DEFAULT 10;
ALTER TABLE machine ADD COLUMN min_dipping_l double precision NOT NULL DEFAULT 15;

ALTER TABLE source ADD COLUMN expected_interval_off_s integer NOT NULL DEFAULT 3600;

CREATE TABLE activity_segment (
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  from_at timestamptz NOT NULL,
  to_at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('active', 'idle', 'off', 'missing', 'brokendown')),
  PRIMARY KEY (machine_id, from_at)
);

-- One row per machine per local day of the owner organisation's time zone.
CREATE TABLE machine_day_rollup (
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  day date NOT NULL,
  active_s double precision NOT NULL,
  idle_s double precision NOT NULL,
  off_s double precision NOT NULL,
  missing_s double precision NOT NULL,
  out_of_hours_s double precision NOT NULL,
  fuel_l double precision NOT NULL,
  fuel_estimated boolean NOT NULL,
  co2_kg double precision NOT NULL,
  co2_factor_kg_per_l double precision NOT NULL,
  co2_factor_year integer NOT NULL,
  fuel_type text NOT NULL,
  distance_m double precision NOT NULL,
  trips integer NOT NULL,
  refills integer NOT NULL,
  refill_l double precision NOT NULL,
  thefts integer NOT NULL,
  theft_l double precision NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (machine_id, day)
);
