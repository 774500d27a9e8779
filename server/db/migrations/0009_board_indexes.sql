-- A member's point transactions read newest first with no sort (the index ends in id, read backwards); the few
-- members not shown on lists indexed apart, so the leaderboard's count subtracts them without reading every member.
DROP INDEX "point_transactions_user_idx";--> statement-breakpoint
CREATE INDEX "users_unlisted_idx" ON "users" USING btree ("id") WHERE not ("users"."account_status" = 'approved' and "users"."is_active" and "users"."removed_at" is null);--> statement-breakpoint
CREATE INDEX "point_transactions_user_order_idx" ON "point_transactions" USING btree ("user_id","created_at","id");