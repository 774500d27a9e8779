-- When the session last proved who is at the keyboard (password, two-factor code or a fresh provider sign-in); signing in does not set it.
ALTER TABLE "sessions" ADD COLUMN "identity_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Wrong codes entered against one sign-in challenge: a fresh password sign-in opens a fresh challenge with its own count.
ALTER TABLE "sign_in_challenges" ADD COLUMN "failed_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Wrong second-factor codes in a row for the account, across challenges; any accepted code or recovery code resets it.
ALTER TABLE "user_totp" ADD COLUMN "failed_codes" integer DEFAULT 0 NOT NULL;
