-- What the machine details screen edits: groups, load capacity, additional information, hour-meter
-- corrections, an image, fuel calibration; and the working hours a hire contract bills against.

-- Rental utilisation compares a hire's active hours with the hours its contract expects a day.
ALTER TABLE hire ADD COLUMN working_hours_per_day double precision NOT NULL DEFAULT 8
  CHECK (working_hours_per_day > 0 AND working_hours_per_day <= 24);

-- An organisation's machine groups, which exist before any machine is put in them.
CREATE TABLE machine_group (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX machine_group_name ON machine_group (organisation_id, lower(name));
INSERT INTO machine_group (organisation_id, name)
SELECT DISTINCT ON (organisation_id, lower(group_name)) organisation_id, group_name
  FROM machine WHERE group_name IS NOT NULL;
ALTER TABLE machine ADD COLUMN group_id uuid REFERENCES machine_group (id) ON DELETE SET NULL;
UPDATE machine m SET group_id = g.id
  FROM machine_group g WHERE g.organisation_id = m.organisation_id AND lower(g.name) = lower(m.group_name);
ALTER TABLE machine DROP COLUMN group_name;

ALTER TABLE machine ADD COLUMN load_capacity_t double precision CHECK (load_capacity_t > 0);
-- The additional-information form's answers, keyed by its field names (src/domain/api/machineDetails.ts).
ALTER TABLE machine ADD COLUMN additional_information jsonb NOT NULL DEFAULT '{}';
-- hour_meter_h was read off the machine at this instant; the engine hours since are added to it.
ALTER TABLE machine ADD COLUMN hour_meter_at timestamptz;

-- Every hour-meter correction, for the record of who said what when.
CREATE TABLE hour_meter_correction (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL,
  value_h double precision NOT NULL,
  timezone text NOT NULL,
  user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hour_meter_correction_machine ON hour_meter_correction (machine_id, read_at);

-- A machine's picture. Its random id is the address: an <img> sends no bearer token.
CREATE TABLE machine_image (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  machine_id uuid NOT NULL UNIQUE REFERENCES machine (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A tank's calibration: sensor level in percent to litres, points in increasing level order.
CREATE TABLE fuel_calibration (
  machine_id uuid PRIMARY KEY REFERENCES machine (id) ON DELETE CASCADE,
  points jsonb NOT NULL,
  file_name text NOT NULL,
  uploaded_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
