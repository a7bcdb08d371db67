-- Each api process keeps, for a few seconds, which sessions are live and what each organisation is
-- (server/modules/auth/sessions.ts, server/modules/orgs/registry.ts). An ended session or a changed
-- organisation is announced on a channel when its transaction commits, so every process listening
-- forgets it at once (server/modules/auth/accessChanges.ts), whichever process or statement wrote it.
CREATE FUNCTION announce_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 'session:' || OLD.id);
  RETURN NULL;
END $$;

CREATE TRIGGER session_ended AFTER UPDATE OF ended_at ON auth_session
  FOR EACH ROW WHEN (NEW.ended_at IS NOT NULL AND OLD.ended_at IS NULL)
  EXECUTE FUNCTION announce_session_ended();
CREATE TRIGGER session_deleted AFTER DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION announce_session_ended();

CREATE FUNCTION announce_organisation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 'organisation:' || OLD.id);
  RETURN NULL;
END $$;

-- Only what the registry holds: name, type and time zone.
CREATE TRIGGER organisation_announced AFTER UPDATE OF name, type, timezone ON organisation
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name OR NEW.type IS DISTINCT FROM OLD.type
                     OR NEW.timezone IS DISTINCT FROM OLD.timezone)
  EXECUTE FUNCTION announce_organisation_changed();
CREATE TRIGGER organisation_deleted AFTER DELETE ON organisation
  FOR EACH ROW EXECUTE FUNCTION announce_organisation_changed();
