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

-- The hires list's paths (server/modules/hires/list.ts, bench/hires.ts): newest first, by state
-- (an open or later end), a search by a contract's or an off-portal customer's first letters, and a
-- site's hires.
CREATE INDEX hire_rental ON hire (rental_organisation_id, starts_at DESC);
CREATE INDEX hire_rental_end ON hire (rental_organisation_id, ends_at);
CREATE INDEX hire_contract ON hire (rental_organisation_id, lower(contract_number) text_pattern_ops);
CREATE INDEX hire_customer_name ON hire (lower(customer_name) text_pattern_ops)
  WHERE customer_name IS NOT NULL;
CREATE INDEX hire_site ON hire (site_id) WHERE site_id IS NOT NULL;
-- Counting a rental company's hires for the list's total is an index-only scan of a few ms; on
-- PostgreSQL the planner would start parallel workers for it, whose start-up costs more than the
-- count itself (bench/hires.ts, the first page: 66 ms with them, 10 ms without, on 2 cores).
ALTER TABLE hire SET (parallel_workers = 0);
