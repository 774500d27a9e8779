DROP INDEX "mentorship_requests_mentee_idx";--> statement-breakpoint
DROP INDEX "mentorship_requests_mentor_idx";--> statement-breakpoint
CREATE INDEX "mentor_reviews_mentor_idx" ON "mentor_reviews" USING btree ("mentor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mentorship_requests_open_pair_idx" ON "mentorship_requests" USING btree ("mentee_id","mentor_id") WHERE "mentorship_requests"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "mentorship_sessions_request_idx" ON "mentorship_sessions" USING btree ("request_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "mentorship_requests_mentee_idx" ON "mentorship_requests" USING btree ("mentee_id","created_at");--> statement-breakpoint
CREATE INDEX "mentorship_requests_mentor_idx" ON "mentorship_requests" USING btree ("mentor_id","created_at");--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD CONSTRAINT "mentor_profiles_mentees_check" CHECK ("mentor_profiles"."current_mentees" >= 0 and "mentor_profiles"."current_mentees" <= "mentor_profiles"."max_mentees");--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD CONSTRAINT "mentor_profiles_max_mentees_check" CHECK ("mentor_profiles"."max_mentees" >= 1);--> statement-breakpoint
ALTER TABLE "mentor_reviews" ADD CONSTRAINT "mentor_reviews_rating_check" CHECK ("mentor_reviews"."rating" between 1 and 5);