-- Equipment assets (issue 17): things without an engine worth tracking by place (trailers,
-- containers, cabins, attachments), each with a location-only tracker. The engine never counts
-- them: a source is on a machine or on an asset, never both, and an asset's source has no machine.
CREATE TABLE equipment_asset (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The owner's own number, painted on the asset; unique within the organisation.
  asset_number text,
  kind text NOT NULL CHECK (kind IN ('trailer', 'container', 'cabin', 'attachment', 'other')),
  -- Where it belongs when it is not out on a job.
  home_site_id uuid REFERENCES site (id) ON DELETE SET NULL,
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX equipment_asset_organisation ON equipment_asset (organisation_id);
CREATE UNIQUE INDEX equipment_asset_number ON equipment_asset (organisation_id, lower(asset_number))
  WHERE asset_number IS NOT NULL;

ALTER TABLE source ADD COLUMN equipment_asset_id uuid REFERENCES equipment_asset (id) ON DELETE SET NULL;
ALTER TABLE source ADD CONSTRAINT source_machine_or_asset
  CHECK (machine_id IS NULL OR equipment_asset_id IS NULL);
CREATE INDEX source_equipment_asset ON source (equipment_asset_id) WHERE equipment_asset_id IS NOT NULL;
