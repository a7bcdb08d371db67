-- Retention per organisation (issue 45, docs/privacy.md): how many days of raw records, of
-- positions and of audit entries it keeps, and of rollups if it wants them gone too. Null takes
-- the deployment's default (RETENTION_*_DAYS); rollups without a period are kept.
ALTER TABLE organisation
  ADD COLUMN records_retention_days integer CHECK (records_retention_days > 0),
  ADD COLUMN positions_retention_days integer CHECK (positions_retention_days > 0),
  ADD COLUMN audit_retention_days integer CHECK (audit_retention_days > 0),
  ADD COLUMN rollups_retention_days integer CHECK (rollups_retention_days > 0),
  -- Records before this have had their positions cleared: the next run starts here.
  ADD COLUMN positions_removed_before timestamptz;

-- The nightly runs, one per UTC day: the first process to claim a day runs it.
CREATE TABLE retention_run (
  day date PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
