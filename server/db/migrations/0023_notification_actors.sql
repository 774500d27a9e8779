-- Who caused a notification, so erasing a member also removes what other members were told about them.
ALTER TABLE "notifications" ADD COLUMN "actor_id" uuid;
--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id") WHERE "notifications"."actor_id" is not null;
