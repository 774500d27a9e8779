ALTER TABLE "leads" ADD COLUMN "company_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "contact_domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_directory_idx" ON "users" USING btree ("last_name","first_name") WHERE "users"."account_status" = 'approved' and "users"."is_active" and "users"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "commissions_status_created_idx" ON "commissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_company_key_idx" ON "leads" USING btree ("company_key");--> statement-breakpoint
CREATE INDEX "leads_contact_domain_idx" ON "leads" USING btree ("contact_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "member_connections_open_pair_key" ON "member_connections" USING btree (least("requester_user_id", "target_user_id"),greatest("requester_user_id", "target_user_id")) WHERE "member_connections"."status" in ('pending', 'accepted');