-- Hires as a rental company records them (issue 41, docs/rental.md): the contract's hours per day or
-- per week, its over-use terms, a note, the reason a broken-down machine went out anyway, the hire a
-- swap continued, and when each was written. working_hours_per_day stays what rental utilisation
-- reads: the contract's hours per working day (a week's hours over five days).
ALTER TABLE hire ADD COLUMN contracted_hours_per text NOT NULL DEFAULT 'day'
  CHECK (contracted_hours_per IN ('day', 'week'));
ALTER TABLE hire ADD COLUMN contracted_hours double precision NOT NULL DEFAULT 8
  CHECK (contracted_hours > 0);
UPDATE hire SET contracted_hours = working_hours_per_day;
ALTER TABLE hire ADD COLUMN overuse_period text CHECK (overuse_period IN ('day', 'week', 'month'));
ALTER TABLE hire ADD COLUMN overuse_allowance_h double precision CHECK (overuse_allowance_h > 0);
ALTER TABLE hire ADD COLUMN overuse_rate double precision CHECK (overuse_rate >= 0);
ALTER TABLE hire ADD CONSTRAINT hire_overuse_terms CHECK (
  (overuse_period IS NULL) = (overuse_allowance_h IS NULL) AND (overuse_period IS NULL) = (overuse_rate IS NULL));
ALTER TABLE hire ADD COLUMN note text;
ALTER TABLE hire ADD COLUMN override_reason text;
ALTER TABLE hire ADD COLUMN swapped_from_hire_id uuid REFERENCES hire (id) ON DELETE SET NULL;
ALTER TABLE hire ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE hire ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE hire SET contract_number = 'H-' || substr(id::text, 1, 8) WHERE contract_number IS NULL;
ALTER TABLE hire ALTER COLUMN contract_number SET NOT NULL;

CREATE INDEX hire_rental ON hire (rental_organisation_id, starts_at DESC);
-- The ERP's key: a contract's hire of one machine.
CREATE INDEX hire_contract ON hire (rental_organisation_id, contract_number, machine_id);
