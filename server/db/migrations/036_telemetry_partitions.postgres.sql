-- Telemetry by month (docs/scaling.md): the month being written stays small, and dropping the raw
-- records past TELEMETRY_RETENTION_MONTHS is dropping partitions. The server creates months ahead
-- and as records need them (server/db/partitions.ts); a record outside every month made so far
-- (a clock years off) waits in the default partition and moves when its month is made.
ALTER TABLE telemetry_record RENAME TO telemetry_record_unpartitioned;
ALTER TABLE telemetry_record_unpartitioned RENAME CONSTRAINT telemetry_record_pkey TO telemetry_record_unpartitioned_pkey;
ALTER TABLE telemetry_record_unpartitioned RENAME CONSTRAINT telemetry_record_source_id_fkey TO telemetry_record_unpartitioned_source_id_fkey;

CREATE TABLE telemetry_record (LIKE telemetry_record_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
  PARTITION BY RANGE (device_time);
ALTER TABLE telemetry_record ADD PRIMARY KEY (source_id, device_time);
ALTER TABLE telemetry_record ADD FOREIGN KEY (source_id) REFERENCES source (id) ON DELETE CASCADE;
CREATE TABLE telemetry_record_default PARTITION OF telemetry_record DEFAULT;

-- A month for each month that holds usable records, and the three from this one on.
DO $$
DECLARE
  month date;
BEGIN
  FOR month IN
    SELECT DISTINCT date_trunc('month', device_time AT TIME ZONE 'UTC')::date
      FROM telemetry_record_unpartitioned
     WHERE device_time >= '2000-01-01' AND device_time < now() + interval '3 months'
    UNION
    SELECT (date_trunc('month', now() AT TIME ZONE 'UTC') + n * interval '1 month')::date
      FROM generate_series(0, 2) n
  LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF telemetry_record FOR VALUES FROM (%L) TO (%L)',
      'telemetry_record_' || to_char(month, 'YYYY_MM'),
      month::timestamp AT TIME ZONE 'UTC',
      (month + interval '1 month')::timestamp AT TIME ZONE 'UTC');
  END LOOP;
END $$;

INSERT INTO telemetry_record SELECT * FROM telemetry_record_unpartitioned;
DROP TABLE telemetry_record_unpartitioned;
