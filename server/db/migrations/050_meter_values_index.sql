-- The meters worker reads only the records that carry an hour-meter value (issue 41): without this
-- its first pass over a source would read every record the source ever sent.
CREATE INDEX telemetry_record_hour_meter ON telemetry_record (source_id, device_time)
  WHERE hour_meter_h IS NOT NULL;
