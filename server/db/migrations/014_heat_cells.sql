-- Where each machine worked, on a grid of HEAT_CELL_DEG degrees (src/domain/api/heatmap.ts): per
-- local day of its owner, and summed per week from Monday, so that a month's range costs a few
-- weeks per machine plus the days at either end. Each row packs all the cells of its machine and
-- period (engine/heatPack.ts): the heat maps read some ten thousand values for a month of a
-- thousand machines instead of grouping a third of a million rows. Kept by the engine with the
-- day rollups (docs/activity.md, "Heat maps").
CREATE TABLE machine_day_heat (
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  day date NOT NULL,
  cells bytea NOT NULL,
  PRIMARY KEY (machine_id, day)
);

CREATE TABLE machine_week_heat (
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  week date NOT NULL CHECK (extract(isodow FROM week) = 1),
  cells bytea NOT NULL,
  PRIMARY KEY (machine_id, week)
);

-- Days the engine must compute again because a new kind of output appeared after they were
-- computed; the server works through them in the background at start (engine/backlog.ts).
CREATE TABLE recompute_backlog (
  machine_id uuid PRIMARY KEY REFERENCES machine (id) ON DELETE CASCADE,
  from_day date NOT NULL,
  to_day date NOT NULL
);

INSERT INTO recompute_backlog (machine_id, from_day, to_day)
SELECT machine_id, min(day), max(day) FROM machine_day_rollup GROUP BY machine_id;
