-- Timesheets: placements (a won interim or recruitment lead, its contractor and client, rates per hour or day in
-- integer pence, dates; pay ≤ charge, end ≥ start) and each sheet's placement, one sheet per placement and week
-- (a Monday, ending six days later), the statuses draft, pending, approved and rejected, one entry per day of at
-- most 24 units, and the list indexes (a contractor's, a client's by status, all by status; newest week first).
-- The sheets table was never written before this migration, so its new placement column can be required.
CREATE TABLE "placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"charge_rate_pence" integer NOT NULL,
	"pay_rate_pence" integer NOT NULL,
	"unit" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placements_unit_check" CHECK ("placements"."unit" in ('hour', 'day')),
	CONSTRAINT "placements_rates_check" CHECK ("placements"."pay_rate_pence" >= 0 and "placements"."charge_rate_pence" > 0 and "placements"."pay_rate_pence" <= "placements"."charge_rate_pence"),
	CONSTRAINT "placements_dates_check" CHECK ("placements"."end_date" >= "placements"."start_date"),
	CONSTRAINT "placements_parties_check" CHECK ("placements"."contractor_id" <> "placements"."client_id")
);
--> statement-breakpoint
DROP INDEX "timesheet_entries_timesheet_idx";--> statement-breakpoint
DROP INDEX "timesheets_contractor_idx";--> statement-breakpoint
DROP INDEX "timesheets_client_idx";--> statement-breakpoint
ALTER TABLE "timesheets" ALTER COLUMN "unit_type" SET DEFAULT 'hour';--> statement-breakpoint
ALTER TABLE "timesheets" ALTER COLUMN "status" SET DEFAULT 'draft';--> statement-breakpoint
ALTER TABLE "timesheets" ADD COLUMN "placement_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_contractor_id_users_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "placements_contractor_idx" ON "placements" USING btree ("contractor_id","start_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "placements_client_idx" ON "placements" USING btree ("client_id","start_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "placements_lead_idx" ON "placements" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "placements_order_idx" ON "placements" USING btree ("start_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_entries_day_key" ON "timesheet_entries" USING btree ("timesheet_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_placement_week_key" ON "timesheets" USING btree ("placement_id","week_starting");--> statement-breakpoint
CREATE INDEX "timesheets_status_idx" ON "timesheets" USING btree ("status","week_starting" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timesheets_contractor_idx" ON "timesheets" USING btree ("contractor_id","week_starting" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timesheets_client_idx" ON "timesheets" USING btree ("client_id","status","week_starting" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "timesheet_entries" ADD CONSTRAINT "timesheet_entries_units_check" CHECK ("timesheet_entries"."units" >= 0 and "timesheet_entries"."units" <= 24);--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_status_check" CHECK ("timesheets"."status" in ('draft', 'pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_unit_type_check" CHECK ("timesheets"."unit_type" in ('hour', 'day'));--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_week_check" CHECK (extract(isodow from "timesheets"."week_starting") = 1 and "timesheets"."week_ending" = "timesheets"."week_starting" + 6);--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_total_check" CHECK ("timesheets"."total_units" >= 0);