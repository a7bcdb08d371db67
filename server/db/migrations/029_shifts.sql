-- Named shifts per organisation (issue 16): the hours machines are meant to work, per weekday with
-- breaks. The organisation's default shift applies wherever a site has none; a site may name one
-- of the organisation's shifts, read on the site's clock. Without any, the engine's default
-- (Monday to Friday 07:00-18:00) applies.
CREATE TABLE shift (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  -- [{weekday, startMinute, endMinute, breaks: [{startMinute, endMinute}]}]
  days jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX shift_name ON shift (organisation_id, lower(name));
CREATE UNIQUE INDEX shift_default ON shift (organisation_id) WHERE is_default;

ALTER TABLE site ADD COLUMN shift_id uuid REFERENCES shift (id) ON DELETE SET NULL;
