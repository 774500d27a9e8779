-- Lists are ordered by created_at desc, id desc: with id in the index a page is read in order, with no sort.
CREATE INDEX "leads_submitter_created_id_idx" ON "leads" USING btree ("submitter_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_created_id_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
DROP INDEX "leads_submitter_created_idx";--> statement-breakpoint
DROP INDEX "leads_created_idx";
