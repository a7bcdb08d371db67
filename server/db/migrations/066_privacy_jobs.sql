-- Exports and erasures (issue 45, docs/privacy.md): asked for by an organisation's admin (a whole
-- organisation's erasure by staff), done in the background by whichever api process claims them,
-- with their progress, the export's file and the erasure's signed receipt.
CREATE TABLE privacy_job (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Null once the organisation itself is erased: the receipt stays for staff.
  organisation_id uuid REFERENCES organisation (id) ON DELETE SET NULL,
  kind text NOT NULL
    CHECK (kind IN ('export', 'erase-user', 'erase-positions', 'erase-organisation')),
  requested_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  -- What to export or erase: a range, a user, a machine.
  request jsonb NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  -- 0 to 1, and what is being done now.
  progress real NOT NULL DEFAULT 0,
  step text,
  file_key text,
  size_bytes bigint,
  receipt jsonb,
  error text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX privacy_job_organisation ON privacy_job (organisation_id, created_at DESC);
CREATE INDEX privacy_job_due ON privacy_job (created_at) WHERE state IN ('queued', 'running');
