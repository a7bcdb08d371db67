-- The raw IO values are kept as written and only ever read whole: json stores the text as it is,
-- where jsonb parsed and rebuilt every record's object on the way in (twice the insert cost of
-- this column, measured on PGlite; docs/performance.md).
ALTER TABLE telemetry_record ALTER COLUMN io TYPE json USING io::json;
