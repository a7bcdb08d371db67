-- The staff admin area (issue 19): every write through the API in the audit trail, the generic
-- JSON ingest's requests as received, and the recomputes staff ask for with what they changed.

-- A write through the API: the route, the caller's address and what was sent (secrets hidden).
-- Rows written by a module for one kind of change (user.created, brand.saved) keep these null.
ALTER TABLE audit_event ADD COLUMN method text;
ALTER TABLE audit_event ADD COLUMN path text;
ALTER TABLE audit_event ADD COLUMN status smallint;
ALTER TABLE audit_event ADD COLUMN address text;
ALTER TABLE audit_event ADD COLUMN request_id text;
CREATE INDEX audit_event_at ON audit_event (at DESC);

-- Each POST to /v1/ingest/records whose key names a source: the body as received, and what the
-- ingest made of it. A phone app's "I sent it" is answered from here.
CREATE TABLE ingest_request (
  id bigserial PRIMARY KEY,
  source_id uuid NOT NULL REFERENCES source (id) ON DELETE CASCADE,
  received_at timestamptz NOT NULL DEFAULT now(),
  address text,
  status smallint NOT NULL,
  -- The body as received; a body larger than the log keeps (INGEST_LOG_BODY_BYTES) is cut, and says so.
  body json,
  body_truncated boolean NOT NULL DEFAULT false,
  stored integer NOT NULL DEFAULT 0,
  duplicates integer NOT NULL DEFAULT 0,
  invalid integer NOT NULL DEFAULT 0,
  quarantined integer NOT NULL DEFAULT 0,
  -- [{index, reason}] per record, or the whole request's error.
  refused json NOT NULL DEFAULT '[]',
  error text
);
CREATE INDEX ingest_request_source ON ingest_request (source_id, received_at DESC);

-- A recompute of one machine's days asked for by staff, run in the background, one at a time per
-- machine; the day rollups before and after are kept so the screen can show what changed.
CREATE TABLE recompute_run (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  from_day date NOT NULL,
  to_day date NOT NULL,
  requested_by uuid REFERENCES app_user (id) ON DELETE SET NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  days_total integer NOT NULL,
  days_done integer NOT NULL DEFAULT 0,
  before json,
  after json,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX recompute_run_one_per_machine ON recompute_run (machine_id)
  WHERE state IN ('queued', 'running');
CREATE INDEX recompute_run_machine ON recompute_run (machine_id, created_at DESC);

-- Which source was on which machine when: kept by a trigger, so every path that moves a device
-- (onboarding, an OEM feed's match, staff) leaves its trace. Today's assignments start the history.
CREATE TABLE source_assignment (
  id bigserial PRIMARY KEY,
  source_id uuid NOT NULL REFERENCES source (id) ON DELETE CASCADE,
  machine_id uuid NOT NULL REFERENCES machine (id) ON DELETE CASCADE,
  from_at timestamptz NOT NULL,
  to_at timestamptz
);
CREATE INDEX source_assignment_machine ON source_assignment (machine_id, from_at);
INSERT INTO source_assignment (source_id, machine_id, from_at)
SELECT id, machine_id, coalesce(first_seen_at, created_at) FROM source WHERE machine_id IS NOT NULL;

CREATE FUNCTION source_assignment_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.machine_id IS NOT DISTINCT FROM OLD.machine_id THEN RETURN NEW; END IF;
    UPDATE source_assignment SET to_at = now() WHERE source_id = NEW.id AND to_at IS NULL;
  END IF;
  IF NEW.machine_id IS NOT NULL THEN
    INSERT INTO source_assignment (source_id, machine_id, from_at) VALUES (NEW.id, NEW.machine_id, now());
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER source_assignment_track AFTER INSERT OR UPDATE OF machine_id ON source
  FOR EACH ROW EXECUTE FUNCTION source_assignment_track();
