CREATE TABLE "presence_sockets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_sockets_status_check" CHECK ("presence_sockets"."status" in ('online', 'away'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_pending" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "presence_sockets" ADD CONSTRAINT "presence_sockets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presence_sockets_user_idx" ON "presence_sockets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "presence_sockets_seen_idx" ON "presence_sockets" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("email_pending","created_at") WHERE "notifications"."email_pending" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_email_pending_check" CHECK ("notifications"."email_pending" in ('immediate', 'daily'));--> statement-breakpoint
ALTER TABLE "user_presence" ADD CONSTRAINT "user_presence_status_check" CHECK ("user_presence"."status" in ('online', 'away', 'offline'));--> statement-breakpoint
-- Live delivery: whatever a member should see at once is announced on the "live" channel when its transaction
-- commits (never before, never for a rolled-back act), carrying ids only; each instance loads the row and
-- sends it to the sockets it holds. Identical announcements within one transaction collapse into one.
CREATE FUNCTION "live_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'notifications' THEN
    IF TG_OP = 'INSERT' THEN
      PERFORM pg_notify('live', json_build_object('k', 'notification', 'id', NEW.id, 'u', NEW.user_id)::text);
    ELSE
      PERFORM pg_notify('live', json_build_object('k', 'notification.read', 'u', NEW.user_id)::text);
    END IF;
  ELSIF TG_TABLE_NAME = 'chat_messages' THEN
    PERFORM pg_notify('live', json_build_object('k', CASE WHEN TG_OP = 'INSERT' THEN 'chat.message' ELSE 'chat.message.updated' END, 'id', NEW.id, 'c', NEW.channel_id)::text);
  ELSIF TG_TABLE_NAME = 'chat_channel_members' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('live', json_build_object('k', 'chat.membership', 'u', OLD.user_id, 'c', OLD.channel_id)::text);
    ELSIF TG_OP = 'INSERT' THEN
      PERFORM pg_notify('live', json_build_object('k', 'chat.membership', 'u', NEW.user_id, 'c', NEW.channel_id)::text);
    ELSE
      PERFORM pg_notify('live', json_build_object('k', 'chat.read', 'u', NEW.user_id, 'c', NEW.channel_id)::text);
    END IF;
  ELSIF TG_TABLE_NAME = 'user_presence' THEN
    PERFORM pg_notify('live', json_build_object('k', 'presence', 'u', NEW.user_id)::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_live_insert" AFTER INSERT ON "notifications" FOR EACH ROW EXECUTE FUNCTION "live_notify"();--> statement-breakpoint
CREATE TRIGGER "notifications_live_read" AFTER UPDATE OF "is_read" ON "notifications" FOR EACH ROW WHEN (OLD.is_read IS DISTINCT FROM NEW.is_read) EXECUTE FUNCTION "live_notify"();--> statement-breakpoint
CREATE TRIGGER "chat_messages_live_insert" AFTER INSERT ON "chat_messages" FOR EACH ROW EXECUTE FUNCTION "live_notify"();--> statement-breakpoint
CREATE TRIGGER "chat_messages_live_update" AFTER UPDATE ON "chat_messages" FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted) EXECUTE FUNCTION "live_notify"();--> statement-breakpoint
CREATE TRIGGER "chat_members_live_change" AFTER INSERT OR DELETE ON "chat_channel_members" FOR EACH ROW EXECUTE FUNCTION "live_notify"();--> statement-breakpoint
CREATE TRIGGER "chat_members_live_read" AFTER UPDATE OF "last_read_at" ON "chat_channel_members" FOR EACH ROW WHEN (OLD.last_read_at IS DISTINCT FROM NEW.last_read_at) EXECUTE FUNCTION "live_notify"();--> statement-breakpoint
CREATE TRIGGER "user_presence_live_insert" AFTER INSERT ON "user_presence" FOR EACH ROW EXECUTE FUNCTION "live_notify"();--> statement-breakpoint
CREATE TRIGGER "user_presence_live_update" AFTER UPDATE OF "status" ON "user_presence" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "live_notify"();
