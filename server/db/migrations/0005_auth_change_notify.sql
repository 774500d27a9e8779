-- Every instance keeps session → user lookups for a few seconds. Whatever ends a session or changes a user row
-- (sign-out, expiry purge, deactivation, removal, a role, status or password change) is announced on the
-- auth_changes channel when its transaction commits, so every instance drops its copy at once.
CREATE FUNCTION "auth_change_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('auth_changes', 's:' || OLD.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('auth_changes', 'u:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('auth_changes', 'u:' || NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_auth_change" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "auth_change_notify"();--> statement-breakpoint
CREATE TRIGGER "users_auth_change" AFTER UPDATE ON "users" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "auth_change_notify"();--> statement-breakpoint
CREATE TRIGGER "users_auth_delete" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "auth_change_notify"();
