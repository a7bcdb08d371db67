-- Breakdown periods: while a machine is flagged broken down, its time is "brokendown" rather than
-- idle, off or missing (docs/activity.md). machine.breakdown mirrors whether a period is open.
CREATE TABLE machine_breakdown (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  from_at timestamptz NOT NULL,
  -- Null while the machine is still broken down.
  to_at timestamptz,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (to_at IS NULL OR to_at > from_at)
);
CREATE INDEX machine_breakdown_machine ON machine_breakdown (machine_id, from_at);
-- At most one open period per machine.
CREATE UNIQUE INDEX machine_breakdown_open ON machine_breakdown (machine_id) WHERE to_at IS NULL;

ALTER TABLE machine_day_rollup ADD COLUMN brokendown_s double precision NOT NULL DEFAULT 0;
