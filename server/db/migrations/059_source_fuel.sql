-- Each device's latest tank level and fuel counter (issue 43): the ISO 15143-3 snapshot's
-- FuelRemaining and FuelUsedLast24 read them without searching the records. Kept by ingest as the
-- battery is, the newest reading winning; filled from each device's next record.
ALTER TABLE source
  ADD COLUMN fuel_level_pct real,
  ADD COLUMN fuel_level_l real,
  ADD COLUMN fuel_level_at timestamptz,
  ADD COLUMN fuel_used_l double precision,
  ADD COLUMN fuel_used_at timestamptz;
