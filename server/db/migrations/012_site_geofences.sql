-- Sites with a geofence (issue 6): a circle (the existing centre and radius) or a polygon, and the
-- site's customer and time zone. A site's code is unique within its organisation.
ALTER TABLE site ADD COLUMN geofence_type text NOT NULL DEFAULT 'circle'
  CHECK (geofence_type IN ('circle', 'polygon'));
-- A polygon's corners as [[latitude, longitude], ...], not closed (the last corner joins the first).
ALTER TABLE site ADD COLUMN polygon jsonb;
ALTER TABLE site ADD COLUMN customer text;
-- Null: the organisation's time zone.
ALTER TABLE site ADD COLUMN timezone text;
ALTER TABLE site ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX site_code ON site (organisation_id, lower(code)) WHERE code IS NOT NULL;
