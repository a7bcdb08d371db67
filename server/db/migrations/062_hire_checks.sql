-- On-hire and off-hire checks (issue 44): an organisation's checklists per machine category, and
-- the checks done on its hires. A check keeps the items it answered as they were, so changing a
-- template later changes no check already done.
CREATE TABLE check_template (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- Null: every category without a template of its own.
  category text,
  items jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX check_template_organisation ON check_template (organisation_id, category);

CREATE TABLE hire_check (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  hire_id uuid NOT NULL REFERENCES hire (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('onHire', 'offHire')),
  template_name text NOT NULL,
  items jsonb NOT NULL,
  answers jsonb NOT NULL,
  photo_ids uuid[] NOT NULL DEFAULT '{}',
  signature text NOT NULL,
  signed_by text NOT NULL,
  done_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  done_by_email text,
  done_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- One check of each kind a hire: the way it went out, and the way it came back.
  UNIQUE (hire_id, kind)
);
