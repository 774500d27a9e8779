ALTER TABLE "leads" DROP CONSTRAINT "leads_assigned_to_users_id_fk";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD COLUMN "kind" text DEFAULT 'reviewed' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD COLUMN "from_status" text;--> statement-breakpoint
ALTER TABLE "lead_activities" ADD COLUMN "to_status" text;--> statement-breakpoint
CREATE INDEX "lead_activities_to_status_idx" ON "lead_activities" USING btree ("to_status","created_at");--> statement-breakpoint
ALTER TABLE "leads" DROP COLUMN "assigned_to";--> statement-breakpoint
-- One-off: give the timeline entries written before this migration their structured fields. The labels are the
-- ones the product wrote ("Status changed from Under Review to Closed Won"); from now on rows are written with
-- kind/from/to and nothing reads the text.
CREATE TEMPORARY TABLE "status_labels" ("label" text PRIMARY KEY, "status" text NOT NULL);--> statement-breakpoint
INSERT INTO "status_labels" VALUES ('Submitted', 'submitted'), ('Under Review', 'reviewing'), ('Qualified', 'qualified'), ('In Progress', 'in-progress'), ('Closed Won', 'closed-won'), ('Closed Lost', 'closed-lost');--> statement-breakpoint
UPDATE "lead_activities" SET "kind" = 'submitted', "to_status" = 'submitted' WHERE "activity" = 'Lead submitted';--> statement-breakpoint
UPDATE "lead_activities" SET "kind" = 'notes_updated' WHERE "activity" = 'Notes updated';--> statement-breakpoint
UPDATE "lead_activities" a SET "kind" = 'status_changed', "from_status" = f."status", "to_status" = t."status"
  FROM "status_labels" f, "status_labels" t
  WHERE a."activity" = 'Status changed from ' || f."label" || ' to ' || t."label";--> statement-breakpoint
DROP TABLE "status_labels";
