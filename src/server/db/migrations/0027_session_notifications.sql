-- Decision 189: each instance keeps the sessions it has read for a short while, and forgets a person's as soon as it
-- hears that one of their sessions ended or that their account changed. These triggers tell every instance on
-- `hearth_sessions`, with the person's id, whatever statement changes the rows (Better Auth's, Hearth's, a deleted
-- account's cascade, an administrator's psql). PostgreSQL sends the notification when the transaction commits, and
-- not at all when it rolls back. A session extended by its use (a later expiry) tells nobody.
CREATE OR REPLACE FUNCTION hearth_notify_sessions_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the column that holds the person's id: user_id on a session, id on a person
  PERFORM pg_notify('hearth_sessions', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER session_ended AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION hearth_notify_sessions_changed('user_id');--> statement-breakpoint
CREATE TRIGGER session_shortened AFTER UPDATE ON "session"
  FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at OR NEW.token IS DISTINCT FROM OLD.token OR NEW.user_id IS DISTINCT FROM OLD.user_id)
  EXECUTE FUNCTION hearth_notify_sessions_changed('user_id');--> statement-breakpoint
CREATE TRIGGER user_changed AFTER UPDATE ON "user"
  FOR EACH ROW WHEN (NEW.name IS DISTINCT FROM OLD.name OR NEW.email IS DISTINCT FROM OLD.email
    OR NEW.email_verified IS DISTINCT FROM OLD.email_verified OR NEW.id IS DISTINCT FROM OLD.id)
  EXECUTE FUNCTION hearth_notify_sessions_changed('id');
