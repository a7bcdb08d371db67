-- Reports (issue 18): report files made in the background, scheduled reports and their runs,
-- the report categories each member may use, documents per machine and site, and mail that
-- carries a file.

-- A report file a person asked for, or a scheduled run made. It is made by whichever server
-- process claims it (FOR UPDATE SKIP LOCKED); a process that dies mid-run leaves a lease that
-- runs out, and another process makes the file again.
CREATE TABLE report_file (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  -- Who asked for it; null for a scheduled run.
  user_id uuid REFERENCES app_user (id) ON DELETE SET NULL,
  report_type text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'pdf')),
  -- The whole request (range, filter, site), as the report builder reads it.
  request jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  machines_done integer NOT NULL DEFAULT 0,
  machines_total integer,
  file_key text,
  file_name text,
  size_bytes integer,
  error text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX report_file_organisation ON report_file (organisation_id, created_at DESC);
CREATE INDEX report_file_waiting ON report_file (created_at) WHERE status IN ('queued', 'running');

CREATE TABLE report_schedule (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  created_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  name text NOT NULL,
  report_type text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'pdf')),
  frequency text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly', 'afterEachShift')),
  date_range text NOT NULL,
  -- 0 Sunday … 6 Saturday; the days a daily report runs, the day a weekly one does.
  weekdays integer[] NOT NULL,
  hour integer NOT NULL CHECK (hour BETWEEN 0 AND 23),
  extra_minutes integer NOT NULL CHECK (extra_minutes IN (0, 15, 30, 45, 60)),
  timezone text NOT NULL,
  filter text,
  site_id uuid REFERENCES site (id) ON DELETE SET NULL,
  -- Members of the organisation by id, and addresses outside it.
  recipient_user_ids uuid[] NOT NULL DEFAULT '{}',
  recipient_emails text[] NOT NULL DEFAULT '{}',
  paused boolean NOT NULL DEFAULT false,
  -- The next slot; the scheduler claims schedules whose slot has come.
  next_run_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_schedule_organisation ON report_schedule (organisation_id);
CREATE INDEX report_schedule_due ON report_schedule (next_run_at) WHERE NOT paused;

-- One run per schedule and slot: the unique slot is what keeps a run from happening twice.
CREATE TABLE report_run (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  schedule_id uuid NOT NULL REFERENCES report_schedule (id) ON DELETE CASCADE,
  slot_at timestamptz NOT NULL,
  -- 'now' for a run a person asked for, 'slot' for the schedule's own.
  trigger text NOT NULL CHECK (trigger IN ('slot', 'now')),
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  report_file_id uuid REFERENCES report_file (id) ON DELETE SET NULL,
  recipients text[] NOT NULL DEFAULT '{}',
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (schedule_id, slot_at)
);
CREATE INDEX report_run_waiting ON report_run (next_attempt_at) WHERE status IN ('queued', 'running');
CREATE INDEX report_run_schedule ON report_run (schedule_id, created_at DESC);

-- The report categories a member may use; null means every category.
ALTER TABLE membership ADD COLUMN report_categories text[];

-- A file in the outbox goes with its mail as an attachment.
ALTER TABLE mail_outbox ADD COLUMN attachment_key text;
ALTER TABLE mail_outbox ADD COLUMN attachment_name text;

-- Documents: manuals, certificates, inspections, contracts; on a machine, a site or the
-- organisation itself.
CREATE TABLE document (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisation (id) ON DELETE CASCADE,
  machine_id uuid REFERENCES machine (id) ON DELETE CASCADE,
  site_id uuid REFERENCES site (id) ON DELETE CASCADE,
  document_type text NOT NULL,
  name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  file_key text NOT NULL,
  uploaded_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (machine_id IS NULL OR site_id IS NULL)
);
CREATE INDEX document_organisation ON document (organisation_id, created_at DESC);
CREATE INDEX document_machine ON document (machine_id) WHERE machine_id IS NOT NULL;
