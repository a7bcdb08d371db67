-- When a staff recompute last moved on: with several api processes, one starting must not fail a
-- run another is working on, only one that stopped moving (its process died).
ALTER TABLE recompute_run ADD COLUMN progress_at timestamptz NOT NULL DEFAULT now();
