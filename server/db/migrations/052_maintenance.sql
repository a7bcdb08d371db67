-- Maintenance (issue 42, docs/maintenance.md): service plan templates whose tasks fall due by engine
-- hours on the leading meter, by the calendar and by distance, whichever comes first; and each
-- machine's service records. A plan applies to machines of its categories or models, and to the
-- machines it names.
CREATE TABLE service_plan (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  name text NOT NULL,
  interval_h double precision CHECK (interval_h > 0),
  interval_days integer CHECK (interval_days > 0),
  interval_months integer CHECK (interval_months > 0),
  interval_km double precision CHECK (interval_km > 0),
  due_soon_h double precision NOT NULL DEFAULT 25 CHECK (due_soon_h >= 0),
  due_soon_days integer NOT NULL DEFAULT 14 CHECK (due_soon_days >= 0),
  -- Overdue, it marks the machine not to be used (a thorough examination, LOLER).
  safety_critical boolean NOT NULL DEFAULT false,
  categories text[] NOT NULL DEFAULT '{}',
  models text[] NOT NULL DEFAULT '{}',
  machine_ids uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (interval_h IS NOT NULL OR interval_days IS NOT NULL OR interval_months IS NOT NULL
         OR interval_km IS NOT NULL),
  CHECK (interval_days IS NULL OR interval_months IS NULL)
);
CREATE UNIQUE INDEX service_plan_name ON service_plan (organisation_id, lower(name));

-- A service of a machine: open (booked) or done, with the machine's lifetime meter and distance
-- then; completing one moves its task's next due point.
CREATE TABLE service_record (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  plan_id uuid REFERENCES service_plan (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('open', 'done')),
  done_at timestamptz,
  meter_h double precision CHECK (meter_h >= 0),
  distance_km double precision CHECK (distance_km >= 0),
  performed_by text,
  notes text,
  cost numeric(12, 2) CHECK (cost >= 0),
  parts text,
  -- Invoices and photos, through the files module.
  document_ids uuid[] NOT NULL DEFAULT '{}',
  user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status = 'open' OR done_at IS NOT NULL)
);
CREATE INDEX service_record_task ON service_record (machine_id, plan_id, done_at DESC);
