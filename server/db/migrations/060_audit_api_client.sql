-- A write by an API client (issue 43, scope hires:write) is audited with the client as its actor:
-- its id, and in actor_email its name as it was (an audit row outlives what it names).
ALTER TABLE audit_event
  ADD COLUMN actor_api_client_id uuid REFERENCES api_client (id) ON DELETE SET NULL;
