-- Each machine × task's due point as last worked out (issue 42, docs/maintenance.md "Speed"): the
-- maintenance list reads a page of these, filtered and sorted by the database, instead of working
-- out every machine's meter and pace per request. A write to a plan or a service stores its
-- machines' again at once; the rest are worked out again once they are five minutes old.
CREATE TABLE service_due (
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  plan_id uuid NOT NULL REFERENCES service_plan (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  -- 0 overdue, 1 due soon, 2 ok: the list's worst-first order.
  severity smallint NOT NULL,
  status text NOT NULL,
  safety_critical boolean NOT NULL,
  machine_name text NOT NULL,
  asset_id text,
  task text NOT NULL,
  category text,
  site_id uuid,
  forecast_day date,
  remaining_h double precision,
  remaining_days integer,
  -- The list's row as the API answers it.
  due jsonb NOT NULL,
  PRIMARY KEY (machine_id, plan_id)
);
-- The list's default order, worst first: a page of it is read off this index.
CREATE INDEX service_due_list
  ON service_due (organisation_id, severity, forecast_day, machine_name, task, machine_id);

CREATE TABLE service_due_state (
  organisation_id uuid PRIMARY KEY REFERENCES organisation (id) ON DELETE CASCADE,
  computed_at timestamptz NOT NULL
);
