-- A member's unread notifications indexed apart: the unread count (the header's bell, every list answer) and the
-- Unread filter read only the unread rows, where the index on (user_id, created_at) visits every notification they
-- ever had and drops the read ones.
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "notifications"."is_read" = false;