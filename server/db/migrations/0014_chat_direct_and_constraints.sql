-- Member chat: one direct conversation per pair of members (direct_key, unique), the allowed channel types and
-- member roles, message length and a deleted-message marker (deleted_at, deleted_by_id; a deleted message keeps no
-- words), messages paged by (channel_id, created_at, id) and unread counts read from the messages not deleted.
DROP INDEX "chat_messages_channel_idx";--> statement-breakpoint
ALTER TABLE "chat_channels" ADD COLUMN "direct_key" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_reply_to_id_chat_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_channel_members_user_idx" ON "chat_channel_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_channels_direct_key" ON "chat_channels" USING btree ("direct_key");--> statement-breakpoint
CREATE INDEX "chat_channels_public_idx" ON "chat_channels" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "chat_channels"."type" = 'group' and not "chat_channels"."is_private";--> statement-breakpoint
CREATE INDEX "chat_messages_channel_live_idx" ON "chat_messages" USING btree ("channel_id","created_at") WHERE not "chat_messages"."is_deleted";--> statement-breakpoint
CREATE INDEX "chat_messages_channel_idx" ON "chat_messages" USING btree ("channel_id","created_at","id");--> statement-breakpoint
ALTER TABLE "chat_channel_members" ADD CONSTRAINT "chat_channel_members_role_check" CHECK ("chat_channel_members"."role" in ('owner', 'member'));--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_type_check" CHECK ("chat_channels"."type" in ('group', 'direct'));--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_direct_key_check" CHECK (("chat_channels"."type" = 'direct') = ("chat_channels"."direct_key" is not null));--> statement-breakpoint
ALTER TABLE "chat_channels" ADD CONSTRAINT "chat_channels_direct_private_check" CHECK ("chat_channels"."type" = 'group' or "chat_channels"."is_private");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_type_check" CHECK ("chat_messages"."message_type" in ('text'));--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_content_check" CHECK (case when "chat_messages"."is_deleted" then "chat_messages"."content" = '' else char_length("chat_messages"."content") between 1 and 4000 end);--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_deleted_check" CHECK ("chat_messages"."is_deleted" = ("chat_messages"."deleted_at" is not null));