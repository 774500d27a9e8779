-- The session in which an approved member first used the product, so that session alone greets them as new.
ALTER TABLE "users" ADD COLUMN "first_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_session_id" text;--> statement-breakpoint
-- members approved before this was recorded have signed in before: none of them is greeted as new
UPDATE "users" SET "first_signed_in_at" = coalesce("approved_at", "created_at") WHERE "account_status" = 'approved';
