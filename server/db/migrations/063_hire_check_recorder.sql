-- The organisation that recorded a hire check (issue 44): its files are the check's photos, so
-- whoever sees the hire can see them through the check, and the hire's PDF can show them. A check
-- recorded before this column was the rental company's (customers could record none without it).
ALTER TABLE hire_check ADD COLUMN recorded_by uuid REFERENCES organisation (id) ON DELETE CASCADE;
UPDATE hire_check c SET recorded_by = h.rental_organisation_id FROM hire h WHERE h.id = c.hire_id;
ALTER TABLE hire_check ALTER COLUMN recorded_by SET NOT NULL;
