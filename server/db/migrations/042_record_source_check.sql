-- A record's source was checked by a foreign key, one lookup and row lock per record: 109 of a
-- 5,000-record insert's 284 ms on PGlite (docs/performance.md, issue 20). The ingest writes each
-- record's source id from the upsert of its source in the same transaction, and nothing deletes a
-- source while records arrive, so the check could never fail there. What the key's ON DELETE
-- CASCADE did is kept, once per statement: deleting sources deletes their records.
ALTER TABLE telemetry_record DROP CONSTRAINT telemetry_record_source_id_fkey;

CREATE FUNCTION delete_source_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM telemetry_record r USING deleted_source d WHERE r.source_id = d.id;
  RETURN NULL;
END $$;

CREATE TRIGGER source_records_deleted AFTER DELETE ON source
  REFERENCING OLD TABLE AS deleted_source
  FOR EACH STATEMENT EXECUTE FUNCTION delete_source_records();
