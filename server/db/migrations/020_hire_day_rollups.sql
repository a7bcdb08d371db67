-- A hire's part of the day it starts or ends on, when that is not a local midnight: the figures a
-- customer sees for that day are these, from the hire's start or to its end, not the whole day's.
-- Whole days inside a hire are the machine's day rollups as they are.
CREATE TABLE machine_hire_day_rollup (
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  hire_id uuid NOT NULL REFERENCES hire (id) ON DELETE CASCADE,
  day date NOT NULL,
  from_at timestamptz NOT NULL,
  to_at timestamptz NOT NULL,
  active_s double precision NOT NULL,
  idle_s double precision NOT NULL,
  off_s double precision NOT NULL,
  missing_s double precision NOT NULL,
  brokendown_s double precision NOT NULL,
  out_of_hours_s double precision NOT NULL,
  fuel_l double precision NOT NULL,
  fuel_estimated boolean NOT NULL,
  co2_kg double precision NOT NULL,
  distance_m double precision NOT NULL,
  trips integer NOT NULL,
  refills integer NOT NULL,
  thefts integer NOT NULL,
  theft_l double precision NOT NULL,
  -- The heat map's cells of the hire's part of the day (engine/heatPack.ts), when it worked.
  heat_cells bytea,
  PRIMARY KEY (hire_id, day)
);
CREATE INDEX machine_hire_day_rollup_machine ON machine_hire_day_rollup (machine_id, day);

-- Days already computed have no hire parts yet: hired machines' days are computed again in the
-- background.
INSERT INTO recompute_backlog (machine_id, from_day, to_day)
SELECT d.machine_id, min(d.day), max(d.day) FROM machine_day_rollup d
 WHERE EXISTS (SELECT 1 FROM hire h WHERE h.machine_id = d.machine_id)
 GROUP BY d.machine_id
ON CONFLICT DO NOTHING;
