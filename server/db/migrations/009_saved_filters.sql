-- A user's saved filter selections, per page label and name, within one organisation.
CREATE TABLE saved_filter (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  label text NOT NULL,
  name text NOT NULL,
  -- The encoded filter query (src/domain/filterQuery.ts).
  filters text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, organisation_id, label, name)
);
