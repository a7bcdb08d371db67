-- Each source's latest usable position (valid, with a position that is valid and fixed by enough
-- satellites), kept by the ingest, so that the fleet map reads 10,000 machines' places without
-- searching their records.
ALTER TABLE source ADD COLUMN last_latitude double precision;
ALTER TABLE source ADD COLUMN last_longitude double precision;
ALTER TABLE source ADD COLUMN last_position_at timestamptz;

UPDATE source s SET last_latitude = r.latitude, last_longitude = r.longitude, last_position_at = r.device_time
  FROM (SELECT DISTINCT ON (source_id) source_id, latitude, longitude, device_time
          FROM telemetry_record
         WHERE invalid_reason IS NULL AND position_invalid_reason IS NULL
           AND latitude IS NOT NULL AND longitude IS NOT NULL AND (satellites IS NULL OR satellites >= 4)
         ORDER BY source_id, device_time DESC) r
 WHERE r.source_id = s.id;
