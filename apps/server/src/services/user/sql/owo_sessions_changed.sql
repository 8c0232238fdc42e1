-- Trigger function of sessions_changed (AFTER UPDATE OR DELETE ON sessions, FOR EACH ROW): tells
-- every server process, once the change commits, that this user's sessions changed, so a session
-- remembered for reads (sessionMemory in session.service.ts) is forgotten at once.
CREATE OR REPLACE FUNCTION owo_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('owo_sessions', coalesce(NEW.user_id, OLD.user_id)::text);
  RETURN NULL;
END
$$;
