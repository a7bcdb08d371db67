-- What the machine list's selection reads changes rarely (machines, hires, sites, groups, shifts,
-- operators, which devices a machine has): each transaction that writes one of them counts once
-- here, and the read model keeps a selection while the count stays the same
-- (server/modules/readModel/selections.ts). The count is a row, not a sequence, so a reader sees it
-- change only once the write is visible; it is counted at commit (a deferred trigger), when the
-- transaction takes no other lock after it, so counting can never deadlock two writers.
CREATE TABLE fleet_change (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO fleet_change (version) VALUES (0);

CREATE FUNCTION count_fleet_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction, however many rows it wrote.
  IF current_setting('fleet.counted', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('fleet.counted', 'yes', true);
  UPDATE fleet_change SET version = version + 1;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER machine_changed AFTER INSERT OR UPDATE OR DELETE ON machine
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_fleet_change();
CREATE CONSTRAINT TRIGGER hire_changed AFTER INSERT OR UPDATE OR DELETE ON hire
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_fleet_change();
CREATE CONSTRAINT TRIGGER site_changed AFTER INSERT OR UPDATE OR DELETE ON site
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_fleet_change();
CREATE CONSTRAINT TRIGGER machine_group_changed AFTER INSERT OR UPDATE OR DELETE ON machine_group
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_fleet_change();
CREATE CONSTRAINT TRIGGER organisation_changed AFTER INSERT OR UPDATE OR DELETE ON organisation
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_fleet_change();
CREATE CONSTRAINT TRIGGER shift_changed AFTER INSERT OR UPDATE OR DELETE ON shift
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_fleet_change();
CREATE CONSTRAINT TRIGGER machine_operator_changed AFTER INSERT OR UPDATE OR DELETE ON machine_operator
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_fleet_change();
-- A device's readings (last seen, battery) are written by every batch and are not counted: the
-- selections that read them are never kept.
CREATE CONSTRAINT TRIGGER source_changed AFTER INSERT OR DELETE OR UPDATE OF machine_id, type, code, out_of_service_at
  ON source DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION count_fleet_change();
