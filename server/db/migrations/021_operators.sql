-- Who operates a machine: an assignment made on the machine's screen, or the key (iButton, RFID
-- card) an operator identified with on the machine's tracker; whichever is newer is the operator.
CREATE TABLE machine_operator (
  machine_id uuid PRIMARY KEY REFERENCES machine (id) ON DELETE CASCADE,
  name text NOT NULL,
  assigned_at timestamptz NOT NULL,
  assigned_by uuid REFERENCES app_user (id) ON DELETE SET NULL
);

-- The names an organisation gave its operators' keys.
CREATE TABLE operator_key (
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  key text NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (organisation_id, key)
);

-- The latest key a source reported, since when it has been that key, and when it last reported it.
ALTER TABLE source
  ADD COLUMN driver_key text,
  ADD COLUMN driver_key_since timestamptz,
  ADD COLUMN driver_key_at timestamptz;
