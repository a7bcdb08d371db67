-- Every hours figure carries its source and reading time (issue 41): the machine keeps which source
-- its meter is anchored on (the effective lead when it was last anchored), beside hour_meter_at.
ALTER TABLE machine ADD COLUMN hour_meter_source text
  CHECK (hour_meter_source IN ('oem', 'tracker', 'computed'));

UPDATE machine m
   SET hour_meter_source = coalesce(m.meter_lead,
         CASE WHEN EXISTS (SELECT 1 FROM meter_reading r WHERE r.machine_id = m.id AND r.source = 'oem') THEN 'oem'
              WHEN EXISTS (SELECT 1 FROM meter_reading r WHERE r.machine_id = m.id AND r.source = 'tracker') THEN 'tracker'
              ELSE 'computed' END)
 WHERE m.hour_meter_h IS NOT NULL;
